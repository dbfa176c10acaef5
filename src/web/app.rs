//! One applet bound to one `<canvas>`: it owns its game, its controls, its computer player
//! and its event listeners; turns pointer, touch and keyboard input into moves; keeps the
//! game in `localStorage`; and redraws at most once per animation frame. Its JavaScript
//! methods are the page's interface (strings and arrays in and out); every rules answer in
//! them comes from the core (`describe`, `game`, `fen`, `notation`), every search from the
//! computer player's worker (`computer`).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    AddEventListenerOptions, CanvasRenderingContext2d, Document, Element, Event, EventTarget,
    HtmlCanvasElement, KeyboardEvent, PointerEvent, ResizeObserver, TouchEvent, Window,
};

use crate::describe;
use crate::fen;
use crate::game::Game;
use crate::notation;
use crate::position::Move;

use super::computer::{Computer, Heard, Purpose, Reply, Request};
use super::panel::{ComputerView, Panel};
use super::render::{self, ChooserView, Dragged, PieceView, Scene, Theme};
use super::state::{Chooser, Drag, GLOW_MS, Glow, State};
use super::storage::{self, Saved};
use crate::ui::layout::{Cell, Placement};
use crate::ui::player::{self, Level, Mode, Thought};

/// The variant a board starts with when nothing else is asked for or saved.
pub const DEFAULT_VARIANT: &str = "morphing-chess";

/// A pointer that moves further than this (CSS pixels) while down is dragging.
const DRAG_THRESHOLD: f64 = 4.0;

/// Between two moves of a game the computer plays against itself (ms), to watch it.
const COMPUTER_PAUSE_MS: i32 = 300;

/// How an applet starts.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// A bundled name or a definition; [`DEFAULT_VARIANT`] if `None`.
    pub variant: Option<String>,
    /// The `localStorage` key of this applet's game; `None` keeps nothing.
    pub storage_key: Option<String>,
}

/// A board applet on a canvas. Create one per canvas; dropping it (`free()` from JavaScript)
/// removes its listeners.
#[wasm_bindgen]
pub struct App {
    shared: Rc<Shared>,
}

/// What the listeners need; they hold it weakly, so the `App` handle alone keeps it alive.
struct Shared {
    window: Window,
    document: Document,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    theme: Theme,
    panel: Panel,
    storage_key: Option<String>,
    state: RefCell<State>,
    /// The pending animation frame, if a redraw is scheduled.
    frame: RefCell<Option<i32>>,
    frame_callback: RefCell<Option<FrameCallback>>,
    listeners: RefCell<Vec<Listener>>,
    observer: RefCell<Option<(ResizeObserver, ResizeCallback)>>,
    /// What the last frame showed, for tests.
    drawn: RefCell<Drawn>,
    computer: RefCell<Computer>,
}

type FrameCallback = Closure<dyn FnMut(f64)>;
type ResizeCallback = Closure<dyn FnMut()>;

struct Listener {
    target: EventTarget,
    kind: &'static str,
    closure: Closure<dyn FnMut(Event)>,
}

/// What the last frame drew, as square names (a read-only debug view for tests).
#[derive(Serialize, Default, Clone, Debug)]
#[serde(rename_all = "camelCase")]
struct Drawn {
    flipped: bool,
    selected: Option<String>,
    dots: Vec<String>,
    rings: Vec<String>,
    last_move: Vec<String>,
    check: Option<String>,
    cursor: Option<String>,
    /// The square of a morph being marked.
    glow: Option<String>,
    /// Promotion choices: square, move (coordinate form), name of the resulting piece.
    chooser: Vec<[String; 3]>,
    /// The hint arrow's squares, from and to; empty without one.
    hint: Vec<String>,
    /// "e1 white king", one per piece drawn.
    pieces: Vec<String>,
}

/// A snapshot for tests and debugging, as a plain JavaScript object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Snapshot {
    files: u32,
    ranks: u32,
    selected: Option<String>,
    /// Canvas size in CSS pixels.
    css_width: f64,
    css_height: f64,
    /// Canvas backing store in device pixels.
    pixel_width: u32,
    pixel_height: u32,
    device_pixel_ratio: f64,
}

fn js_error(message: impl std::fmt::Display) -> JsValue {
    JsError::new(&message.to_string()).into()
}

fn strings(items: impl IntoIterator<Item = String>) -> Vec<JsValue> {
    items.into_iter().map(JsValue::from).collect()
}

#[wasm_bindgen]
impl App {
    /// Binds an applet to `canvas`, playing `variant` (a bundled name or a definition;
    /// Morphing Chess if omitted). Nothing is saved in `localStorage`.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement, variant: Option<String>) -> Result<App, JsValue> {
        App::mount(
            canvas,
            Config {
                variant,
                storage_key: None,
            },
        )
    }

    /// The variant's bundled name, or for a pasted definition its stable `custom-` name.
    pub fn variant(&self) -> String {
        self.shared.state.borrow().variant().name.clone()
    }

    /// Starts a new game of a bundled variant (by name) or of a definition (its text). An
    /// invalid definition throws an Error whose message starts `LINE:COL:`; the game stays.
    #[wasm_bindgen(js_name = setVariant)]
    pub fn set_variant(&self, name_or_definition: String) -> Result<(), JsValue> {
        self.shared
            .set_variant(&name_or_definition)
            .map_err(js_error)
    }

    /// The FEN of the game's current position.
    pub fn fen(&self) -> String {
        self.shared.state.borrow().game.fen()
    }

    /// Sets up a position of the current variant as a new game. A bad FEN throws, and the game
    /// stays.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&self, fen: String) -> Result<(), JsValue> {
        self.shared.set_fen(&fen).map_err(js_error)
    }

    /// The legal moves in coordinate form, sorted.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<JsValue> {
        let state = self.shared.state.borrow();
        let v = state.variant();
        let mut moves: Vec<String> = state
            .game
            .legal_moves()
            .into_iter()
            .map(|m| notation::to_coordinate(v, m))
            .collect();
        moves.sort();
        strings(moves)
    }

    /// The squares the piece on `square` may move to, in square order.
    pub fn destinations(&self, square: String) -> Result<Vec<JsValue>, JsValue> {
        let state = self.shared.state.borrow();
        let pos = state.game.position();
        let g = pos.variant().geometry;
        let sq = g
            .parse_square(&square)
            .ok_or_else(|| js_error(format!("{square:?} is not a square of this board")))?;
        Ok(strings(
            describe::destinations(pos, sq)
                .into_iter()
                .map(|d| g.name(d.to).to_string()),
        ))
    }

    /// Plays a move: coordinate form (`e2e4`, `e7e8q`, castling as the king's move `e1h1`) or
    /// Game Courier (`P e2-e4`). Returns true, or throws an Error saying why not.
    pub fn play(&self, text: String) -> Result<bool, JsValue> {
        self.shared.computer.borrow_mut().paused = false;
        self.shared
            .make_move(|game| game.play_text(&text))
            .map(|_| true)
            .map_err(js_error)
    }

    /// Takes back one move; returns it in coordinate form, or null when there is none.
    pub fn undo(&self) -> JsValue {
        self.shared.undo().map_or(JsValue::NULL, JsValue::from)
    }

    /// Replays the last move taken back; returns it, or null when there is none.
    pub fn redo(&self) -> JsValue {
        self.shared.computer.borrow_mut().paused = true;
        self.shared
            .make_move(|game| game.redo().ok_or_else(|| "nothing to redo".to_string()))
            .map_or(JsValue::NULL, |m| {
                let state = self.shared.state.borrow();
                JsValue::from(notation::to_coordinate(state.variant(), m))
            })
    }

    /// The moves played, in coordinate form.
    pub fn history(&self) -> Vec<JsValue> {
        strings(self.shared.state.borrow().game.history())
    }

    /// The moves played in Game Courier notation, as the move list shows them.
    pub fn courier(&self) -> Vec<JsValue> {
        strings(
            self.shared
                .state
                .borrow()
                .game
                .played()
                .iter()
                .map(|p| p.courier.clone()),
        )
    }

    /// null while the game goes on; otherwise the result, e.g. "1-0 White wins by checkmate".
    pub fn result(&self) -> JsValue {
        describe::result(&self.shared.state.borrow().game).map_or(JsValue::NULL, JsValue::from)
    }

    /// The turn line: "White to move", "Black to move, move 2 of 2", "Game over: ...".
    pub fn status(&self) -> String {
        self.shared.panel.turn.text_content().unwrap_or_default()
    }

    /// A new game of the same variant from its start position.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&self) {
        self.shared.new_game();
    }

    /// Turns the board round; returns whether Black is now at the bottom.
    pub fn flip(&self) -> bool {
        self.shared.flip()
    }

    pub fn flipped(&self) -> bool {
        self.shared.state.borrow().flipped
    }

    /// Shows the position after `ply` moves (the move list's click); the number of moves
    /// played shows the game again.
    pub fn view(&self, ply: u32) -> Result<(), JsValue> {
        self.shared.view(ply as usize)
    }

    pub fn files(&self) -> u32 {
        self.shared.state.borrow().size.files()
    }

    pub fn ranks(&self) -> u32 {
        self.shared.state.borrow().size.ranks()
    }

    /// The selected square's name, or `undefined`.
    pub fn selected(&self) -> Option<String> {
        self.shared
            .state
            .borrow()
            .selected
            .map(|cell| cell.to_string())
    }

    /// The square under a point given in CSS pixels from the canvas's top-left corner.
    #[wasm_bindgen(js_name = squareAt)]
    pub fn square_at(&self, x: f64, y: f64) -> Option<String> {
        self.shared
            .placement()
            .cell_at(x, y)
            .map(|cell| cell.to_string())
    }

    /// `[x, y, size]` of a square, CSS pixels from the canvas's top-left corner.
    #[wasm_bindgen(js_name = squareBox)]
    pub fn square_box(&self, square: String) -> Result<Vec<f64>, JsValue> {
        let placement = self.shared.placement();
        let cell = placement.board.parse_cell(&square).map_err(js_error)?;
        let (x, y) = placement.origin_of(cell);
        Ok(vec![x, y, placement.square])
    }

    /// What the last frame drew: `{ flipped, selected, dots, rings, lastMove, check, cursor,
    /// glow, chooser: [[square, move, piece]], pieces: ["e1 white king", ...] }`.
    pub fn drawn(&self) -> Result<JsValue, JsValue> {
        Ok(serde_wasm_bindgen::to_value(&*self.shared.drawn.borrow())?)
    }

    /// The applet's outermost element (the board and its controls).
    pub fn element(&self) -> web_sys::HtmlElement {
        self.shared.panel.root.clone()
    }

    /// The last thing said in the aria-live region.
    pub fn announcement(&self) -> String {
        self.shared.panel.live.text_content().unwrap_or_default()
    }

    // ----- The computer player -----

    /// Who plays: `"human"` (human against human), `"white"` (the human plays White, the
    /// computer Black), `"black"` (the human plays Black, the computer White) or `"ai"` (the
    /// computer plays both). `"white"` and `"black"` also turn the board so the human's side
    /// is at the bottom. Anything else throws.
    #[wasm_bindgen(js_name = setMode)]
    pub fn set_mode(&self, mode: String) -> Result<(), JsValue> {
        let mode = Mode::parse(&mode).ok_or_else(|| {
            js_error(format!("{mode:?} is not a mode: human, white, black or ai"))
        })?;
        self.shared.set_mode(mode);
        Ok(())
    }

    /// `"human"`, `"white"`, `"black"` or `"ai"` (see `setMode`).
    pub fn mode(&self) -> String {
        self.shared.computer.borrow().mode.as_str().to_string()
    }

    /// The computer's level: 1 (depth 1) and 2 (depth 2) are quick and fallible; 3, 4 and 5
    /// think for up to 0.3, 1 and 3 seconds a move. Another number throws. A search already
    /// running keeps its level.
    #[wasm_bindgen(js_name = setLevel)]
    pub fn set_level(&self, level: u32) -> Result<(), JsValue> {
        let level = u8::try_from(level)
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| js_error(format!("{level} is not a level from 1 to 5")))?;
        self.shared.set_level(level);
        Ok(())
    }

    pub fn level(&self) -> u32 {
        u32::from(self.shared.computer.borrow().level.number())
    }

    /// Searches for the side to move at the current level and shows the move as an arrow.
    /// Resolves to the move in coordinate form; rejects when the game is over, the computer
    /// is to move, or the game changes (or Stop is pressed) first.
    pub fn hint(&self) -> js_sys::Promise {
        js_sys::Promise::new(&mut |resolve, reject| {
            if let Err(e) = self.shared.request_hint(Some((resolve, reject.clone()))) {
                let _ = reject.call1(&JsValue::NULL, &js_error(e));
            }
        })
    }

    /// The latest `info depth D score cp S nodes N nps X pv ...` line (or `score mate M`, for
    /// the side to move) of the current or last search; null before its first iteration.
    pub fn thinking(&self) -> JsValue {
        self.shared
            .computer
            .borrow()
            .line
            .as_deref()
            .map_or(JsValue::NULL, JsValue::from)
    }

    /// The computer's estimated piece values for this variant, `"ID name value"` each
    /// (centipawns; royal types 0); empty until its worker has read the variant.
    pub fn values(&self) -> Vec<JsValue> {
        strings(self.shared.computer.borrow().values.clone())
    }

    /// Is a search running (a move or a hint)?
    pub fn searching(&self) -> bool {
        self.shared.computer.borrow().searching()
    }

    /// Stops the computer at once (the Stop button): the search ends, and the computer waits
    /// until the human moves (for either side), presses Go (`go()`) or changes the players or
    /// the game. Undo and redo stop it the same way. Returns whether a search was running.
    pub fn stop(&self) -> bool {
        self.shared.stop()
    }

    /// Lets a stopped computer move again (the Go button).
    pub fn go(&self) {
        self.shared.go();
    }

    /// Draws now instead of in the next animation frame.
    pub fn redraw(&self) -> Result<(), JsValue> {
        self.shared.render()
    }

    /// `{ files, ranks, selected, cssWidth, cssHeight, pixelWidth, pixelHeight,
    /// devicePixelRatio }`.
    pub fn snapshot(&self) -> Result<JsValue, JsValue> {
        let shared = &self.shared;
        let state = shared.state.borrow();
        let rect = shared.canvas.get_bounding_client_rect();
        let snapshot = Snapshot {
            files: state.size.files(),
            ranks: state.size.ranks(),
            selected: state.selected.map(|cell| cell.to_string()),
            css_width: rect.width(),
            css_height: rect.height(),
            pixel_width: shared.canvas.width(),
            pixel_height: shared.canvas.height(),
            device_pixel_ratio: shared.window.device_pixel_ratio(),
        };
        Ok(serde_wasm_bindgen::to_value(&snapshot)?)
    }
}

impl App {
    /// Builds the applet around `canvas`: the controls, the game (the saved one if there is
    /// one), the listeners, and a first frame.
    pub fn mount(canvas: HtmlCanvasElement, config: Config) -> Result<App, JsValue> {
        let window = web_sys::window().ok_or_else(|| js_error("no window"))?;
        let document = window.document().ok_or_else(|| js_error("no document"))?;
        let ctx = canvas
            .get_context("2d")?
            .ok_or_else(|| js_error("canvas has no 2d context"))?
            .dyn_into::<CanvasRenderingContext2d>()?;
        if !canvas.has_attribute("tabindex") {
            canvas.set_tab_index(0);
        }
        let style = canvas.style();
        // Pans and zooms are the page's, except where a touch lands on a piece (touchstart).
        style.set_property("touch-action", "manipulation")?;
        style.set_property("user-select", "none")?;
        style.set_property("-webkit-user-select", "none")?;
        // A canvas whose CSS width is `auto` takes its width from its backing store, which
        // render() sizes from the CSS width: without a cap, each redraw would grow it by the
        // device pixel ratio. Unless the page set one, cap it at its container's width.
        let max_width = window
            .get_computed_style(&canvas)?
            .map(|computed| computed.get_property_value("max-width"))
            .transpose()?;
        if max_width.as_deref().is_none_or(|value| value == "none") {
            style.set_property("max-width", "100%")?;
        }
        let panel = Panel::build(&document, &canvas)?;

        // The saved game, else the asked-for variant, else the default.
        let mut note = None;
        let mut flipped = false;
        let saved = config
            .storage_key
            .as_deref()
            .and_then(|key| storage::load(&window, key));
        let (mode, level) = saved.as_ref().map(Saved::computer).unwrap_or_default();
        let game = match saved.map(|s| (s.restore(), s.flipped)) {
            Some((Ok((game, problem)), f)) => {
                note = problem;
                flipped = f;
                game
            }
            Some((Err(e), _)) => {
                let game = fresh_game(config.variant.as_deref(), &mut note);
                note = Some(format!("The saved game could not be restored: {e}"));
                game
            }
            None => fresh_game(config.variant.as_deref(), &mut note),
        };
        let mut state = State::new(game);
        state.flipped = flipped;

        let page = document.clone();
        let computer = move |weak: &Weak<Shared>| {
            let on_reply = {
                let weak = weak.clone();
                Rc::new(move |generation, reply| {
                    if let Some(shared) = weak.upgrade() {
                        shared.on_computer(generation, reply);
                    }
                }) as Rc<dyn Fn(u32, Reply)>
            };
            let weak = weak.clone();
            let on_timer = Closure::<dyn FnMut()>::new(move || {
                if let Some(shared) = weak.upgrade() {
                    shared.computer.borrow_mut().timer_fired();
                    shared.think_now(true);
                }
            });
            Computer::new(&page, mode, level, on_reply, on_timer)
        };
        let shared = Rc::new_cyclic(|weak| Shared {
            computer: RefCell::new(computer(weak)),
            window,
            document,
            canvas,
            ctx,
            theme: Theme::DEFAULT,
            panel,
            storage_key: config.storage_key,
            state: RefCell::new(state),
            frame: RefCell::new(None),
            frame_callback: RefCell::new(None),
            listeners: RefCell::new(Vec::new()),
            observer: RefCell::new(None),
            drawn: RefCell::new(Drawn::default()),
        });
        shared.listen()?;
        shared.sync_size()?;
        shared
            .panel
            .update(&shared.document, &shared.state.borrow())?;
        shared.panel.show_message(note.as_deref());
        shared.think();
        shared.render()?;
        Ok(App { shared })
    }
}

/// A new game of the asked-for variant, or of the default one (with a note) if it does not
/// load.
fn fresh_game(variant: Option<&str>, note: &mut Option<String>) -> Game {
    if let Some(text) = variant {
        match describe::load_variant(text) {
            Ok(v) => return Game::new(&v),
            Err(e) => *note = Some(format!("The variant could not be loaded: {e}")),
        }
    }
    let v = describe::load_variant(DEFAULT_VARIANT).expect("the default variant is bundled");
    Game::new(&v)
}

impl Drop for App {
    fn drop(&mut self) {
        self.shared.unlisten();
    }
}

impl Shared {
    /// Attaches the board's, the controls' and the window's listeners, each holding a weak
    /// reference back.
    fn listen(self: &Rc<Self>) -> Result<(), JsValue> {
        let canvas: &EventTarget = &self.canvas;
        self.on(canvas, "pointerdown", None, |s, e| {
            s.on_pointer_down(e.unchecked_ref())
        })?;
        self.on(canvas, "pointermove", None, |s, e| {
            s.on_pointer_move(e.unchecked_ref())
        })?;
        self.on(canvas, "pointerup", None, |s, e| {
            s.on_pointer_up(e.unchecked_ref())
        })?;
        self.on(canvas, "pointercancel", None, |s, e| {
            s.on_pointer_cancel(e.unchecked_ref())
        })?;
        // Not passive: a touch that starts on a piece must not scroll the page.
        self.on(canvas, "touchstart", Some(false), |s, e| {
            s.on_touch_start(e.unchecked_ref())
        })?;
        self.on(canvas, "keydown", None, |s, e| s.on_key(e.unchecked_ref()))?;
        self.on(canvas, "blur", None, |s, _| {
            s.state.borrow_mut().keyboard = false;
            s.schedule_redraw()
        })?;
        let window: &EventTarget = &self.window;
        // Zooming changes devicePixelRatio and fires `resize` on the window; layout changes
        // reach the canvas through the observer.
        self.on(window, "resize", None, |s, _| s.schedule_redraw())?;

        let p = &self.panel;
        self.on(&p.variant, "change", None, |s, _| {
            let name = s.panel.variant.value();
            if name != s.state.borrow().variant().name {
                s.report_to_user(s.set_variant(&name));
            }
            Ok(())
        })?;
        self.on(&p.new_game, "click", None, |s, _| {
            s.new_game();
            Ok(())
        })?;
        self.on(&p.undo, "click", None, |s, _| {
            s.undo();
            Ok(())
        })?;
        self.on(&p.redo, "click", None, |s, _| {
            s.computer.borrow_mut().paused = true;
            let result = s.make_move(|game| game.redo().ok_or_else(|| "nothing to redo".into()));
            s.report_to_user(result.map(|_| ()));
            Ok(())
        })?;
        self.on(&p.flip, "click", None, |s, _| {
            s.flip();
            Ok(())
        })?;
        self.on(&p.moves, "click", None, |s, e| {
            let ply = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("[data-ply]").ok().flatten())
                .and_then(|el| el.get_attribute("data-ply"))
                .and_then(|text| text.parse::<usize>().ok());
            match ply {
                Some(ply) => s.view(ply),
                None => Ok(()),
            }
        })?;
        self.on(&p.back, "click", None, |s, _| {
            let ply = s.state.borrow().game.played().len();
            s.view(ply)
        })?;
        self.on(&p.copy, "click", None, |s, _| s.copy_fen())?;
        self.on(&p.load_fen, "click", None, |s, _| {
            s.paste_fen();
            Ok(())
        })?;
        self.on(&p.paste, "keydown", None, |s, e| {
            let e: &KeyboardEvent = e.unchecked_ref();
            if e.key() == "Enter" {
                e.prevent_default();
                s.paste_fen();
            }
            Ok(())
        })?;
        let c = &p.computer;
        self.on(&c.mode, "change", None, |s, _| {
            if let Some(mode) = Mode::parse(&s.panel.computer.mode.value()) {
                s.set_mode(mode);
            }
            Ok(())
        })?;
        self.on(&c.level, "change", None, |s, _| {
            let level = s.panel.computer.level.value().parse().ok();
            if let Some(level) = level.and_then(Level::new) {
                s.set_level(level);
            }
            Ok(())
        })?;
        self.on(&c.hint, "click", None, |s, _| {
            s.report_to_user(s.request_hint(None));
            Ok(())
        })?;
        self.on(&c.stop, "click", None, |s, _| {
            s.stop();
            Ok(())
        })?;
        self.on(&c.go, "click", None, |s, _| {
            s.go();
            Ok(())
        })?;
        self.on(&p.load_definition, "click", None, |s, _| {
            let text = s.panel.definition.value();
            s.report_to_user(s.set_variant(&text));
            Ok(())
        })?;

        let weak = Rc::downgrade(self);
        let frame = Closure::<dyn FnMut(f64)>::new(with_shared(weak.clone(), |shared, _time| {
            shared.frame.borrow_mut().take();
            shared.render()
        }));
        *self.frame_callback.borrow_mut() = Some(frame);
        let resized = Closure::<dyn FnMut()>::new(move || {
            if let Some(shared) = weak.upgrade() {
                report(shared.schedule_redraw());
            }
        });
        let observer = ResizeObserver::new(resized.as_ref().unchecked_ref())?;
        observer.observe(&self.canvas);
        *self.observer.borrow_mut() = Some((observer, resized));
        Ok(())
    }

    /// Listens to `kind` on `target`; `passive` sets the listener option when given.
    fn on(
        self: &Rc<Self>,
        target: &EventTarget,
        kind: &'static str,
        passive: Option<bool>,
        f: fn(&Shared, Event) -> Result<(), JsValue>,
    ) -> Result<(), JsValue> {
        let closure = Closure::<dyn FnMut(Event)>::new(with_shared(Rc::downgrade(self), f));
        match passive {
            Some(passive) => {
                let options = AddEventListenerOptions::new();
                options.set_passive(passive);
                target.add_event_listener_with_callback_and_add_event_listener_options(
                    kind,
                    closure.as_ref().unchecked_ref(),
                    &options,
                )?;
            }
            None => {
                target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?
            }
        }
        self.listeners.borrow_mut().push(Listener {
            target: target.clone(),
            kind,
            closure,
        });
        Ok(())
    }

    fn unlisten(&self) {
        if let Some(id) = self.frame.borrow_mut().take() {
            report(self.window.cancel_animation_frame(id));
        }
        if let Some((observer, _)) = self.observer.borrow_mut().take() {
            observer.disconnect();
        }
        for listener in self.listeners.borrow_mut().drain(..) {
            report(listener.target.remove_event_listener_with_callback(
                listener.kind,
                listener.closure.as_ref().unchecked_ref(),
            ));
        }
        self.frame_callback.borrow_mut().take();
    }

    fn now(&self) -> f64 {
        self.window.performance().map_or(0.0, |p| p.now())
    }

    // ----- Game changes -----

    /// After any change to the game: keep it, show it, say it, draw it. The change is made:
    /// a failure to show it can only go to the console.
    fn changed(&self, announcement: Option<String>) {
        self.save();
        {
            let state = self.state.borrow();
            report(self.panel.update(&self.document, &state));
            if let Some(text) = announcement {
                let text = match describe::result(&state.game) {
                    Some(result) => format!("{text}. {result}"),
                    None => text,
                };
                self.panel.announce(&text);
            }
        }
        self.think();
        report(self.schedule_redraw());
    }

    fn save(&self) {
        let Some(key) = &self.storage_key else {
            return;
        };
        let saved = {
            let state = self.state.borrow();
            let computer = self.computer.borrow();
            Saved::of(&state.game, state.flipped, computer.mode, computer.level)
        };
        report(storage::save(&self.window, key, &saved));
    }

    /// Errors from the controls go to the message line; success clears it.
    fn report_to_user(&self, result: Result<(), String>) {
        match result {
            Ok(()) => self.panel.show_message(None),
            Err(e) => self.panel.show_message(Some(&e)),
        }
    }

    /// Plays a move chosen by `f` on the game, then marks a morph and announces the move.
    fn make_move(&self, f: impl FnOnce(&mut Game) -> Result<Move, String>) -> Result<Move, String> {
        let (m, text) = {
            let mut state = self.state.borrow_mut();
            let before = state.game.position().clone();
            let m = f(&mut state.game)?;
            let text = describe::describe(&before, m);
            state.reset_marks();
            state.glow = describe::morph(&before, m).map(|_| Glow {
                cell: state.cell(m.to),
                start: self.now(),
            });
            (m, text)
        };
        self.panel.show_message(None);
        self.changed(Some(text));
        Ok(m)
    }

    /// Takes back one move; returns it in coordinate form.
    fn undo(&self) -> Option<String> {
        self.computer.borrow_mut().paused = true;
        let (coordinate, text) = {
            let mut state = self.state.borrow_mut();
            let m = state.game.undo()?;
            state.reset_marks();
            state.glow = None;
            let pos = state.game.position();
            (
                notation::to_coordinate(pos.variant(), m),
                format!("Took back: {}", describe::describe(pos, m)),
            )
        };
        self.panel.show_message(None);
        self.changed(Some(text));
        Some(coordinate)
    }

    /// Starts `game`, keeping the board's orientation.
    fn start_game(&self, game: Game) {
        // Any search stops, even one of the same position: this is another game.
        let cancelled = {
            let mut computer = self.computer.borrow_mut();
            computer.paused = false;
            computer.line = None;
            computer.cancel()
        };
        if let Some(request) = cancelled {
            settle(request, Err("a new game started"));
        }
        let text = {
            let mut state = self.state.borrow_mut();
            state.set_game(game);
            format!(
                "New game of {}. {}",
                state.variant().name,
                describe::turn(state.game.position())
            )
        };
        self.panel.show_message(None);
        report(self.sync_size());
        self.changed(Some(text));
    }

    fn set_variant(&self, name_or_definition: &str) -> Result<(), String> {
        let v = describe::load_variant(name_or_definition).map_err(|e| e.to_string())?;
        self.start_game(Game::new(&v));
        Ok(())
    }

    fn set_fen(&self, text: &str) -> Result<(), String> {
        let v = self.state.borrow().variant().clone();
        let pos = fen::from_fen(&v, text.trim()).map_err(|e| e.to_string())?;
        self.start_game(Game::from_position(pos));
        Ok(())
    }

    fn new_game(&self) {
        let v = self.state.borrow().variant().clone();
        self.start_game(Game::new(&v));
    }

    fn flip(&self) -> bool {
        let flipped = {
            let mut state = self.state.borrow_mut();
            state.flipped = !state.flipped;
            state.flipped
        };
        self.changed(None);
        flipped
    }

    fn view(&self, ply: usize) -> Result<(), JsValue> {
        self.state.borrow_mut().view_ply(ply);
        self.panel.update(&self.document, &self.state.borrow())?;
        self.schedule_redraw()
    }

    fn paste_fen(&self) {
        let text = self.panel.paste.value();
        let result = self.set_fen(&text);
        if result.is_ok() {
            self.panel.paste.set_value("");
        }
        self.report_to_user(result);
    }

    /// Copies the FEN shown to the clipboard (where the page may), and selects it.
    fn copy_fen(&self) -> Result<(), JsValue> {
        let text = self.panel.fen.value();
        self.panel.fen.select();
        let clipboard = js_sys::Reflect::get(&self.window.navigator(), &"clipboard".into())?;
        if clipboard.is_object() {
            let write = js_sys::Reflect::get(&clipboard, &"writeText".into())?;
            if let Ok(write) = write.dyn_into::<js_sys::Function>() {
                // A refusal rejects the promise; the FEN stays selected to copy by hand.
                let _ = write.call1(&clipboard, &text.into());
            }
        }
        self.panel.announce("FEN copied");
        Ok(())
    }

    /// The canvas's aspect ratio follows the variant's board.
    fn sync_size(&self) -> Result<(), JsValue> {
        let size = self.state.borrow().size;
        self.canvas.style().set_property(
            "aspect-ratio",
            &format!("{} / {}", size.files(), size.ranks()),
        )
    }

    // ----- The computer player -----

    /// The game as the worker gets it: start FEN, moves played; and the side to move.
    fn game_key(&self) -> (String, String, usize) {
        let state = self.state.borrow();
        let game = &state.game;
        (
            fen::to_fen(game.start()),
            game.history().join(" "),
            game.position().side_to_move(),
        )
    }

    /// After any change: a search for another position stops; the computer starts its move
    /// when it has one to make (after a pause when it plays both sides); the board takes no
    /// move while the computer has it; the controls and readout follow.
    fn think(&self) {
        self.think_now(false);
    }

    fn think_now(&self, timer_fired: bool) {
        let (fen, moves, side) = self.game_key();
        let (over, name, source) = {
            let state = self.state.borrow();
            let v = state.variant();
            let source = if describe::is_bundled(v) {
                v.name.clone()
            } else {
                v.source.clone()
            };
            (state.game.outcome().is_some(), v.name.clone(), source)
        };
        let mut computer = self.computer.borrow_mut();
        computer.set_variant(&name, &source);
        let its_move = computer.available() && !over && computer.mode.computer_plays(side);
        let moving = its_move && !computer.paused;
        // A search for another position, a hint when the computer is to move, or a move it
        // no longer makes (stopped, or other players).
        let stale = computer.request.as_ref().is_some_and(|r| {
            !r.is_for(&fen, &moves)
                || match r.purpose {
                    Purpose::Hint(_) => moving,
                    Purpose::Move => !moving,
                }
        });
        let cancelled = if stale { computer.cancel() } else { None };
        if !moving {
            computer.cancel_timer();
        } else if computer.request.is_none() {
            if computer.mode == Mode::Computer && !timer_fired {
                report(computer.start_later(&self.window, COMPUTER_PAUSE_MS));
            } else if timer_fired || !computer.timer_due() {
                computer.start(Purpose::Move, fen, moves, side);
            }
        }
        computer.flush();
        drop(computer);
        if let Some(request) = cancelled {
            settle(
                request,
                Err("the game changed before the computer answered"),
            );
        }
        {
            let mut state = self.state.borrow_mut();
            if moving && !state.computer_to_move {
                state.deselect();
                state.drag = None;
                state.chooser = None;
            }
            state.computer_to_move = moving;
        }
        self.show_computer();
    }

    /// A message from the computer's worker.
    fn on_computer(&self, generation: u32, reply: Reply) {
        let heard = self.computer.borrow_mut().accept(generation, reply);
        match heard {
            Heard::Nothing => return,
            Heard::Ready | Heard::Values | Heard::Info => {}
            Heard::Best(request, mv) => self.on_best_move(request, mv),
            Heard::Failed(request, message) => {
                // A failed search is not tried again by itself.
                self.computer.borrow_mut().paused = true;
                if let Some(request) = request {
                    settle(request, Err(&message));
                }
                self.panel
                    .show_message(Some(&format!("The computer player: {message}")));
            }
        }
        self.think();
    }

    /// The search's answer: the computer's move is played if the game is still the one it
    /// searched and still the computer's to move; a hint is shown.
    fn on_best_move(&self, request: Request, mv: String) {
        let (fen, moves, side) = self.game_key();
        if !request.is_for(&fen, &moves) {
            settle(
                request,
                Err("the game changed before the computer answered"),
            );
            return;
        }
        match request.purpose {
            Purpose::Move => {
                let plays = {
                    let computer = self.computer.borrow();
                    !computer.paused && computer.mode.computer_plays(side)
                };
                if plays && !mv.is_empty() {
                    // make_move refuses a move in a finished game or an illegal one.
                    if let Err(e) = self.make_move(|game| game.play_text(&mv)) {
                        self.computer.borrow_mut().paused = true;
                        self.panel
                            .show_message(Some(&format!("The computer's move {mv}: {e}")));
                    }
                }
            }
            Purpose::Hint(_) => {
                let text = {
                    let mut state = self.state.borrow_mut();
                    let pos = state.game.position().clone();
                    match notation::parse_coordinate(&pos, &mv) {
                        Ok(m) => {
                            state.hint = Some((state.cell(m.from), state.cell(m.to)));
                            Ok(format!("Hint: {}", describe::describe(&pos, m)))
                        }
                        Err(e) => Err(e.to_string()),
                    }
                };
                match text {
                    Ok(text) => {
                        self.panel.announce(&text);
                        settle(request, Ok(&mv));
                    }
                    Err(e) => settle(request, Err(&format!("no hint: {e}"))),
                }
                report(self.schedule_redraw());
            }
        }
    }

    /// Starts a hint search for the side to move; `waiter` is a promise's (resolve, reject).
    fn request_hint(
        &self,
        waiter: Option<(js_sys::Function, js_sys::Function)>,
    ) -> Result<(), String> {
        let (fen, moves, side) = self.game_key();
        if self.state.borrow().game.outcome().is_some() {
            return Err("the game is over".into());
        }
        let mut computer = self.computer.borrow_mut();
        if let Some(problem) = computer.problem.clone().filter(|_| !computer.available()) {
            return Err(problem);
        }
        if self.state.borrow().computer_to_move {
            return Err("the computer is to move".into());
        }
        let joined = match computer.request.as_mut() {
            Some(Request {
                purpose: Purpose::Hint(waiters),
                ..
            }) => {
                waiters.extend(waiter.clone());
                true
            }
            _ => false,
        };
        let cancelled = if joined { None } else { computer.cancel() };
        if !joined {
            computer.start(
                Purpose::Hint(waiter.into_iter().collect()),
                fen,
                moves,
                side,
            );
        }
        drop(computer);
        if let Some(request) = cancelled {
            settle(request, Err("replaced by a hint"));
        }
        self.show_computer();
        Ok(())
    }

    /// The Stop button: the search ends at once and the computer waits (see `App::stop`).
    fn stop(&self) -> bool {
        let cancelled = {
            let mut computer = self.computer.borrow_mut();
            computer.paused = true;
            computer.cancel_timer();
            computer.cancel()
        };
        let was = cancelled.is_some();
        if let Some(request) = cancelled {
            settle(request, Err("stopped"));
        }
        self.think();
        was
    }

    fn go(&self) {
        self.computer.borrow_mut().paused = false;
        self.think();
    }

    fn set_mode(&self, mode: Mode) {
        {
            let mut computer = self.computer.borrow_mut();
            computer.mode = mode;
            computer.paused = false;
        }
        match mode {
            Mode::White => self.state.borrow_mut().flipped = false,
            Mode::Black => self.state.borrow_mut().flipped = true,
            _ => {}
        }
        self.changed(None);
    }

    fn set_level(&self, level: Level) {
        self.computer.borrow_mut().level = level;
        self.save();
        self.show_computer();
    }

    /// The computer's controls and readout.
    fn show_computer(&self) {
        let computer = self.computer.borrow();
        let state = self.state.borrow();
        let side = state.game.position().side_to_move();
        let over = state.game.outcome().is_some();
        let side_name = |c: usize| if c == 0 { "White" } else { "Black" };
        let status = if let Some(problem) = computer.problem.as_ref() {
            problem.clone()
        } else if let Some(request) = &computer.request {
            let what = match request.purpose {
                Purpose::Move => format!("{} is thinking\u{2026}", side_name(request.side)),
                Purpose::Hint(_) => "Looking for a hint\u{2026}".to_string(),
            };
            if computer.ready() {
                what
            } else {
                format!("{what} (starting the computer)")
            }
        } else if state.computer_to_move {
            format!("{} is about to move", side_name(side))
        } else if computer.paused && computer.mode.computer_plays(side) && !over {
            "Stopped. Go lets the computer move; or move for it.".to_string()
        } else {
            String::new()
        };
        let thought = computer.line.as_deref().and_then(Thought::parse);
        let line_side = computer
            .request
            .as_ref()
            .map_or(computer.line_side, |r| r.side);
        let view = ComputerView {
            mode: computer.mode,
            level: computer.level,
            can_hint: computer.available()
                && !over
                && !state.computer_to_move
                && computer.request.is_none(),
            can_stop: computer.searching() || computer.timer_due(),
            can_go: computer.available()
                && computer.paused
                && !over
                && computer.mode.computer_plays(side),
            status,
            summary: thought
                .as_ref()
                .map(|t| t.summary(line_side))
                .unwrap_or_default(),
            pv: thought.map(|t| t.pv.join(" ")).unwrap_or_default(),
            values: player::values_text(&computer.values),
        };
        self.panel.computer.show(&view);
    }

    // ----- Board input -----

    /// Where the board sits in the canvas's current CSS box, read now (never cached: the page
    /// may have scrolled or reflowed since).
    fn placement(&self) -> Placement {
        let rect = self.canvas.get_bounding_client_rect();
        self.state.borrow().placement(rect.width(), rect.height())
    }

    /// A pointer event's point in CSS pixels from the canvas's top-left corner.
    fn point(&self, x: i32, y: i32) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (f64::from(x) - rect.left(), f64::from(y) - rect.top())
    }

    fn on_pointer_down(&self, e: &PointerEvent) -> Result<(), JsValue> {
        if !e.is_primary() || e.button() != 0 {
            return Ok(());
        }
        let (x, y) = self.point(e.client_x(), e.client_y());
        let placement = self.placement();
        let cell = placement.cell_at(x, y);
        let mut state = self.state.borrow_mut();
        state.keyboard = false;

        if state.chooser.is_some() {
            let cells = state.chooser_cells(&placement);
            let pick = cell.and_then(|c| cells.iter().position(|&o| o == c));
            drop(state);
            return match pick {
                Some(i) => self.choose(i),
                None => self.cancel_chooser(),
            };
        }
        let Some(cell) = cell else {
            state.deselect();
            drop(state);
            return self.schedule_redraw();
        };
        if state.selected.is_some_and(|from| from != cell) && state.destination(cell).is_some() {
            drop(state);
            return self.attempt(cell);
        }
        if state.is_own_piece(cell) {
            let was_selected = state.selected == Some(cell);
            state.select(cell);
            state.drag = Some(Drag {
                from: cell,
                pointer: e.pointer_id(),
                start: (x, y),
                at: (x, y),
                moved: false,
                was_selected,
            });
            drop(state);
            // Moves outside the canvas keep coming here until the pointer is released. (A
            // synthetic event's pointer cannot be captured: it is dragged within the canvas.)
            let _ = self.canvas.set_pointer_capture(e.pointer_id());
        } else {
            state.deselect();
            drop(state);
        }
        self.schedule_redraw()
    }

    fn on_pointer_move(&self, e: &PointerEvent) -> Result<(), JsValue> {
        let (x, y) = self.point(e.client_x(), e.client_y());
        let mut state = self.state.borrow_mut();
        let Some(drag) = state.drag.as_mut().filter(|d| d.pointer == e.pointer_id()) else {
            return Ok(());
        };
        drag.at = (x, y);
        let (dx, dy) = (x - drag.start.0, y - drag.start.1);
        if dx.hypot(dy) > DRAG_THRESHOLD {
            drag.moved = true;
        }
        let moved = drag.moved;
        drop(state);
        if moved {
            self.schedule_redraw()?;
        }
        Ok(())
    }

    fn on_pointer_up(&self, e: &PointerEvent) -> Result<(), JsValue> {
        let (x, y) = self.point(e.client_x(), e.client_y());
        let placement = self.placement();
        let mut state = self.state.borrow_mut();
        let Some(drag) = state.drag.filter(|d| d.pointer == e.pointer_id()) else {
            return Ok(());
        };
        state.drag = None;
        let cell = placement.cell_at(x, y);
        if !drag.moved {
            // A click on the piece: a second click on it puts it down again.
            if drag.was_selected {
                state.deselect();
            }
        } else if let Some(to) = cell.filter(|&c| state.destination(c).is_some()) {
            drop(state);
            return self.attempt(to);
        } else if cell != Some(drag.from) {
            // Dropped where it cannot go: back to its square.
            state.deselect();
        }
        drop(state);
        self.schedule_redraw()
    }

    fn on_pointer_cancel(&self, e: &PointerEvent) -> Result<(), JsValue> {
        let mut state = self.state.borrow_mut();
        if state.drag.is_some_and(|d| d.pointer == e.pointer_id()) {
            state.drag = None;
            drop(state);
            self.schedule_redraw()?;
        }
        Ok(())
    }

    /// A touch that starts on a piece, a destination or the chooser belongs to the board and
    /// must not scroll the page; any other touch scrolls as usual.
    fn on_touch_start(&self, e: &TouchEvent) -> Result<(), JsValue> {
        let Some(touch) = e.touches().get(0) else {
            return Ok(());
        };
        let (x, y) = self.point(touch.client_x(), touch.client_y());
        let placement = self.placement();
        let state = self.state.borrow();
        let on_board = placement.cell_at(x, y).is_some_and(|cell| {
            state.chooser.is_some()
                || state.is_own_piece(cell)
                || (state.selected.is_some() && state.destination(cell).is_some())
        });
        if on_board && e.cancelable() {
            e.prevent_default();
        }
        Ok(())
    }

    /// Arrow keys move the cursor (or the chooser's focus), Enter or Space picks up and puts
    /// down, Escape lets go.
    fn on_key(&self, e: &KeyboardEvent) -> Result<(), JsValue> {
        if e.alt_key() || e.ctrl_key() || e.meta_key() {
            return Ok(());
        }
        let step = match e.key().as_str() {
            "ArrowUp" => Some((0, -1)),
            "ArrowDown" => Some((0, 1)),
            "ArrowLeft" => Some((-1, 0)),
            "ArrowRight" => Some((1, 0)),
            _ => None,
        };
        let key = e.key();
        if step.is_none() && !matches!(key.as_str(), "Enter" | " " | "Escape") {
            return Ok(());
        }
        e.prevent_default();
        let placement = self.placement();
        let mut state = self.state.borrow_mut();
        state.keyboard = true;

        if let Some(chooser) = state.chooser.as_mut() {
            let n = chooser.options.len();
            match (step, key.as_str()) {
                (Some((dx, dy)), _) => {
                    let forward = dx + dy > 0;
                    let i = chooser.focus.unwrap_or(0);
                    chooser.focus = Some(if forward {
                        (i + 1) % n
                    } else {
                        (i + n - 1) % n
                    });
                    let (t, colour) = (
                        chooser.options[chooser.focus.unwrap_or(0)].1,
                        state.game.position().side_to_move(),
                    );
                    let name = state.variant().types[t].name.clone();
                    drop(state);
                    self.panel.announce(&format!(
                        "{} {name}",
                        if colour == 0 { "White" } else { "Black" }
                    ));
                    return self.schedule_redraw();
                }
                (None, "Escape") => {
                    drop(state);
                    return self.cancel_chooser();
                }
                _ => {
                    let i = chooser.focus.unwrap_or(0);
                    drop(state);
                    return self.choose(i);
                }
            }
        }

        if let Some((dx, dy)) = step {
            state.move_cursor(&placement, dx, dy);
            let cell = state.cursor;
            let mut text = describe::square(state.shown(), state.square(cell));
            if state.destination(cell).is_some() {
                text.push_str(", a destination");
            }
            drop(state);
            self.panel.announce(&text);
            return self.schedule_redraw();
        }
        let cell = state.cursor;
        match key.as_str() {
            "Escape" => {
                // Lets go of a piece held by the pointer too: it goes back to its square.
                state.deselect();
                state.drag = None;
                drop(state);
                self.panel.announce("Nothing selected");
            }
            _ if state.selected == Some(cell) => {
                state.deselect();
                drop(state);
                self.panel.announce("Put down");
            }
            _ if state.selected.is_some() && state.destination(cell).is_some() => {
                drop(state);
                self.attempt(cell)?;
                let mut state = self.state.borrow_mut();
                if let Some(chooser) = state.chooser.as_mut() {
                    chooser.focus = Some(0);
                    drop(state);
                    self.panel
                        .announce("Promotion: choose with the arrow keys, then Enter");
                }
            }
            _ if state.is_own_piece(cell) => {
                state.select(cell);
                let text = format!(
                    "Picked up {}; {} destinations",
                    describe::square(state.shown(), state.square(cell)),
                    state.destinations.len()
                );
                drop(state);
                self.panel.announce(&text);
            }
            _ => {
                let text = describe::square(state.shown(), state.square(cell));
                drop(state);
                self.panel
                    .announce(&format!("{text}: not a piece that can move"));
            }
        }
        self.schedule_redraw()
    }

    /// The selected piece goes to `cell`: played, or the chooser opens for a promotion.
    fn attempt(&self, cell: Cell) -> Result<(), JsValue> {
        let mut state = self.state.borrow_mut();
        if let Some(chooser) = state.chooser_for(cell) {
            state.chooser = Some(chooser);
            state.drag = None;
            drop(state);
            return self.schedule_redraw();
        }
        let Some(m) = state
            .destination(cell)
            .and_then(|d| d.moves.first().copied())
        else {
            return Ok(());
        };
        drop(state);
        self.computer.borrow_mut().paused = false;
        let result = self.make_move(|game| game.play(m).map(|()| m));
        self.report_to_user(result.map(|_| ()));
        Ok(())
    }

    fn choose(&self, i: usize) -> Result<(), JsValue> {
        let chosen = self.state.borrow_mut().chooser.take().map(|c| c.options);
        let Some(m) = chosen.and_then(|options| options.get(i).map(|&(m, _)| m)) else {
            return self.schedule_redraw();
        };
        self.computer.borrow_mut().paused = false;
        let result = self.make_move(|game| game.play(m).map(|()| m));
        self.report_to_user(result.map(|_| ()));
        Ok(())
    }

    fn cancel_chooser(&self) -> Result<(), JsValue> {
        let mut state = self.state.borrow_mut();
        state.chooser = None;
        state.deselect();
        drop(state);
        self.schedule_redraw()
    }

    // ----- Drawing -----

    /// Asks for one redraw in the next animation frame; repeated calls before it coalesce.
    fn schedule_redraw(&self) -> Result<(), JsValue> {
        if self.frame.borrow().is_some() {
            return Ok(());
        }
        let callback = self.frame_callback.borrow();
        let Some(callback) = callback.as_ref() else {
            return Ok(());
        };
        let id = self
            .window
            .request_animation_frame(callback.as_ref().unchecked_ref())?;
        *self.frame.borrow_mut() = Some(id);
        Ok(())
    }

    /// Sizes the backing store to the CSS box times devicePixelRatio and draws a frame.
    fn render(&self) -> Result<(), JsValue> {
        let rect = self.canvas.get_bounding_client_rect();
        let (width, height) = (rect.width(), rect.height());
        let ratio = self.window.device_pixel_ratio();
        // Rounded and clamped, so the casts are exact.
        let pixels = |css: f64| (css * ratio).round().clamp(1.0, 32_768.0) as u32;
        let (pixel_width, pixel_height) = (pixels(width), pixels(height));
        // Setting a dimension clears the canvas, even to the same value: only on change.
        if self.canvas.width() != pixel_width {
            self.canvas.set_width(pixel_width);
        }
        if self.canvas.height() != pixel_height {
            self.canvas.set_height(pixel_height);
        }
        if width <= 0.0 || height <= 0.0 {
            return Ok(());
        }
        self.ctx.set_transform(
            f64::from(pixel_width) / width,
            0.0,
            0.0,
            f64::from(pixel_height) / height,
            0.0,
            0.0,
        )?;

        let now = self.now();
        let state = self.state.borrow();
        let placement = state.placement(width, height);
        let pieces = state.piece_views();
        let last_move = state.last_move_cells();
        let check = state.check_cell();
        let (dots, rings) = state.destination_cells();
        let drag = state.drag.filter(|d| d.moved);
        let dragged = drag.and_then(|d| {
            pieces.iter().find(|p| p.cell == d.from).map(|p| Dragged {
                art: p.art,
                colour: p.colour,
                x: d.at.0,
                y: d.at.1,
            })
        });
        let hover = drag
            .and_then(|d| placement.cell_at(d.at.0, d.at.1))
            .filter(|&c| state.destination(c).is_some());
        let cursor = state.keyboard.then_some(state.cursor);
        let glow = state.glow.and_then(|g| {
            let progress = (now - g.start) / GLOW_MS;
            (0.0..1.0).contains(&progress).then_some((g.cell, progress))
        });
        let chooser_views: Vec<PieceView> = match &state.chooser {
            Some(Chooser { options, .. }) => {
                let colour = state.game.position().side_to_move();
                state
                    .chooser_cells(&placement)
                    .into_iter()
                    .zip(options)
                    .map(|(cell, &(_, t))| PieceView {
                        cell,
                        art: state.art(t),
                        colour,
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        render::draw(
            &self.ctx,
            &Scene {
                placement: &placement,
                theme: &self.theme,
                width,
                height,
                pieces: &pieces,
                last_move: &last_move,
                check,
                selected: state.selected,
                dots: &dots,
                rings: &rings,
                hover,
                cursor,
                lifted: drag.map(|d| d.from),
                dragged,
                glow,
                hint: state.hint,
                chooser: state.chooser.as_ref().map(|c| ChooserView {
                    options: &chooser_views,
                    focus: c.focus,
                }),
            },
        )?;

        let names = |cells: &[Cell]| cells.iter().map(Cell::to_string).collect();
        let v = state.variant();
        *self.drawn.borrow_mut() = Drawn {
            flipped: state.flipped,
            selected: state.selected.map(|c| c.to_string()),
            dots: names(&dots),
            rings: names(&rings),
            last_move: names(&last_move),
            check: check.map(|c| c.to_string()),
            cursor: cursor.map(|c| c.to_string()),
            glow: glow.map(|(c, _)| c.to_string()),
            hint: state
                .hint
                .map(|(from, to)| vec![from.to_string(), to.to_string()])
                .unwrap_or_default(),
            chooser: match &state.chooser {
                Some(c) => chooser_views
                    .iter()
                    .zip(&c.options)
                    .map(|(view, &(m, t))| {
                        [
                            view.cell.to_string(),
                            notation::to_coordinate(v, m),
                            v.types[t].name.clone(),
                        ]
                    })
                    .collect(),
                None => Vec::new(),
            },
            pieces: describe::pieces(state.shown())
                .iter()
                .map(|p| {
                    format!(
                        "{} {} {}",
                        v.geometry.name(p.square),
                        if p.colour == 0 { "white" } else { "black" },
                        v.types[p.piece_type].name
                    )
                })
                .collect(),
        };
        drop(state);
        // The morph mark animates: keep drawing until it is over.
        if glow.is_some() {
            self.schedule_redraw()?;
        }
        Ok(())
    }
}

/// Tells a finished or abandoned search's hint promises: resolved with the move, or rejected
/// with an Error saying why.
fn settle(request: Request, result: Result<&str, &str>) {
    let Purpose::Hint(waiters) = request.purpose else {
        return;
    };
    for (resolve, reject) in waiters {
        let _ = match result {
            Ok(mv) => resolve.call1(&JsValue::NULL, &JsValue::from_str(mv)),
            Err(why) => reject.call1(&JsValue::NULL, &js_error(why)),
        };
    }
}

/// Wraps a callback so it runs only while the app is alive, and reports its errors.
fn with_shared<A>(
    weak: Weak<Shared>,
    f: impl Fn(&Shared, A) -> Result<(), JsValue>,
) -> impl FnMut(A) {
    move |arg| {
        if let Some(shared) = weak.upgrade() {
            report(f(&shared, arg));
        }
    }
}

/// Errors inside event callbacks have nowhere to go but the console.
fn report(result: Result<(), JsValue>) {
    if let Err(error) = result {
        web_sys::console::error_1(&error);
    }
}
