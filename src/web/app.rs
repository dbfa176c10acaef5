//! One applet bound to one `<canvas>`: the small app that wires the headless model
//! ([`Applet`]) to its widgets. It builds the board widget and the panel, binds their DOM
//! events to the model's handlers, and applies the effects the handlers return, in one place
//! ([`Shared::apply`]): redraw, save, show, announce, tell the worker, settle a hint. Its
//! JavaScript interface is `api.rs`.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use js_sys::Function;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlCanvasElement, Window};

use crate::describe;
use crate::ui::applet::{Applet, Effect};
use crate::ui::computer::Computer;
use crate::ui::embed::Start;
use crate::ui::linked::Fallback;
use crate::ui::session::Session;

use super::binding::Binding;
use super::board::BoardCanvas;
use super::computer::{WireReply, WorkerHost};
use super::js::report;
use super::lab_host::{self, LabHost};
use super::pictures::{self, Pictures};
use super::sharing;
use super::storage::{self, Saved};
use super::widgets::Panel;
use super::widgets::lab::LabControls;

pub use crate::ui::session::DEFAULT_VARIANT;

/// How an applet starts.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// A bundled name or a definition; [`DEFAULT_VARIANT`] if `None`.
    pub variant: Option<String>,
    /// The `localStorage` key of this applet's game; `None` keeps nothing, and so does any
    /// key in a build without the `page` feature.
    pub storage_key: Option<String>,
    /// An embedded board's start, from its element (then `variant` and `storage_key` are
    /// not used).
    pub start: Option<Start>,
    /// The element that hears `fairylab:move` and `fairylab:end`: an embedded board's host
    /// element; the canvas if `None`.
    pub host: Option<Element>,
    /// An embedded board's name in share links (`b=`).
    pub board: Option<String>,
}

/// A board applet on a canvas. Create one per canvas; dropping it (`free()` from JavaScript)
/// removes its listeners.
#[wasm_bindgen]
pub struct App {
    pub(super) shared: Rc<Shared>,
}

/// What the listeners need; they hold it weakly, so the `App` handle alone keeps it alive.
pub(super) struct Shared {
    pub window: Window,
    pub document: Document,
    pub board: BoardCanvas,
    pub panel: Panel,
    /// Read through [`Shared::storage_key`].
    storage_key: Option<String>,
    pub model: RefCell<Applet>,
    worker: RefCell<WorkerHost>,
    /// The promises waiting for a hint.
    waiters: RefCell<super::js::Pending>,
    pub binding: Binding,
    /// The balance lab: its controls, model and worker.
    pub lab: LabHost,
    /// Where `fairylab:move` and `fairylab:end` go, and what has been told: the moves, and
    /// whether the end.
    pub host: Element,
    pub told: std::cell::Cell<(usize, bool)>,
    /// An embedded board's name in share links.
    pub board_key: Option<String>,
    /// The host page's piece images, when they are drawn.
    pub pictures: Pictures,
}

impl App {
    /// Builds the applet around `canvas`: the controls, the game (the saved one if there is
    /// one), the listeners, and a first frame.
    pub fn mount(canvas: HtmlCanvasElement, mut config: Config) -> Result<App, JsValue> {
        let window = web_sys::window().ok_or_else(|| JsError::new("no window"))?;
        let document = window
            .document()
            .ok_or_else(|| JsError::new("no document"))?;
        let host: Element = config.host.take().unwrap_or_else(|| canvas.clone().into());
        let board = BoardCanvas::new(&window, canvas)?;
        let panel = Panel::build(&document, &board.canvas)?;
        // The embed build has no lab panel (for its size budget); `balance()` still runs.
        let lab_controls = if cfg!(feature = "page") {
            Some(LabControls::build(&document, &panel.designer.lab)?)
        } else {
            None
        };

        let (start, linked) = match config.start.take() {
            Some(start) => (start, false),
            None => Self::saved_or_linked(&window, &config),
        };
        let Start {
            game,
            note,
            flipped,
            mode,
            level,
            pictures,
        } = start;
        let mut effects = Vec::new();
        let shared = Rc::new_cyclic(|weak: &Weak<Shared>| {
            let on_lab_reply = {
                let weak = weak.clone();
                Rc::new(move |id, reply| {
                    if let Some(shared) = weak.upgrade() {
                        shared.lab_reply(id, reply);
                    }
                }) as lab_host::OnReply
            };
            let lab = LabHost::new(lab_controls, on_lab_reply);
            let on_reply = {
                let weak = weak.clone();
                Rc::new(move |generation, reply: WireReply| {
                    if let Some(shared) = weak.upgrade() {
                        shared.on_reply(generation, reply);
                    }
                }) as Rc<dyn Fn(u32, WireReply)>
            };
            let weak = weak.clone();
            let on_timer = Closure::<dyn FnMut()>::new(move || {
                if let Some(shared) = weak.upgrade() {
                    shared.worker.borrow_mut().timer_fired();
                    shared.dispatch(|a, fx| a.timer_fired(fx));
                }
            });
            let (worker, problem) = WorkerHost::new(&document, on_reply, on_timer);
            let mut computer = Computer::new(mode, level);
            if let Some(problem) = problem {
                computer.unavailable(problem);
            }
            let mut applet = Applet::new(game, flipped, computer, &mut effects);
            // New games of a shuffle variant draw their seeds from here.
            applet.reseed((js_sys::Math::random() * 9_007_199_254_740_992.0) as u64);
            Shared {
                window,
                document,
                board,
                panel,
                storage_key: config.storage_key,
                model: RefCell::new(applet),
                worker: RefCell::new(worker),
                waiters: RefCell::default(),
                binding: Binding::default(),
                lab,
                host,
                told: Default::default(),
                board_key: config.board.take(),
                pictures: Pictures::new(pictures),
            }
        });
        let moves = shared.model.borrow().session.game().history().len();
        shared
            .told
            .set((moves, shared.model.borrow().session.over()));
        shared.listen()?;
        let weak = Rc::downgrade(&shared);
        pictures::listen(Rc::new(move || {
            if let Some(shared) = weak.upgrade() {
                report(shared.schedule_redraw());
            }
        }));
        shared.board.fit_to(&shared.model.borrow().board)?;
        shared
            .panel
            .show(&shared.document, &shared.model.borrow().session)?;
        shared.panel.messages.show(note.as_deref());
        shared.show_legend()?;
        shared.apply(effects);
        // A share link's game replaces the saved one.
        if linked {
            shared.save();
        }
        shared.render()?;
        Ok(App { shared })
    }
}

impl App {
    /// The saved game (unless a share link in the page's address replaces it: true), else
    /// the asked-for variant, else the default.
    fn saved_or_linked(window: &Window, config: &Config) -> (Start, bool) {
        let storage_key = config
            .storage_key
            .as_deref()
            .filter(|_| cfg!(feature = "page"));
        let saved = storage_key.and_then(|key| storage::load(window, key));
        let (mode, level) = (saved.as_ref().and_then(|s| s.as_ref().ok()))
            .map(Saved::computer)
            .unwrap_or_default();
        let saved = saved.map(|s| s.and_then(|s| Ok((s.restore()?, s.flipped))));
        let (game, note, flipped, fallback) = match saved {
            Some(Ok(((game, problem), flipped))) => (game, problem, flipped, Fallback::Saved),
            Some(Err(e)) => {
                let (game, _) = Session::fresh_game(config.variant.as_deref());
                let note = format!("The saved game could not be restored: {e}");
                (game, Some(note), false, Fallback::Unreadable(e))
            }
            None => {
                let (game, note) = Session::fresh_game(config.variant.as_deref());
                (game, note, false, Fallback::New)
            }
        };
        let start = Start {
            game,
            note,
            flipped,
            mode,
            level,
            pictures: false,
        };
        match storage_key {
            Some(_) => sharing::open_link(window, start, &fallback),
            None => (start, false),
        }
    }
}

/// `fairylab:move`'s detail: `{move, ply, fen}`, the move in coordinate form, the ply it
/// made (from 1), the FEN after the last move told.
#[derive(serde::Serialize)]
struct MoveDetail<'a> {
    #[serde(rename = "move")]
    mv: &'a str,
    ply: u32,
    fen: &'a str,
}

/// `fairylab:end`'s detail: `{result}`.
#[derive(serde::Serialize)]
struct EndDetail<'a> {
    result: &'a str,
}

impl Drop for App {
    fn drop(&mut self) {
        self.shared.unlisten();
    }
}

impl Shared {
    /// Runs a handler of the model, then applies the effects it returned.
    pub fn dispatch<R>(&self, f: impl FnOnce(&mut Applet, &mut Vec<Effect>) -> R) -> R {
        let mut effects = Vec::new();
        let result = f(&mut self.model.borrow_mut(), &mut effects);
        self.apply(effects);
        result
    }

    /// Applies effects in order. The model is not borrowed mutably here, so an effect may read
    /// it, and a failing worker job is one more event.
    pub fn apply(&self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Redraw => report(self.schedule_redraw()),
                Effect::Save => self.save(),
                Effect::Resize => report(self.board.fit_to(&self.model.borrow().board)),
                Effect::ShowGame => {
                    report(
                        self.panel
                            .show(&self.document, &self.model.borrow().session),
                    );
                    // The legend follows the variant, whatever changed it.
                    report(self.show_legend());
                    report(self.tell_host());
                }
                Effect::ShowDesigner => report(self.show_legend()),
                Effect::ShowComputer => {
                    let view = self.model.borrow().computer_view();
                    self.panel.computer.show(&view);
                }
                Effect::ShowEditor => report(self.show_editor()),
                Effect::Announce(text) => self.panel.messages.announce(&text),
                Effect::Message(text) => self.panel.messages.show(text.as_deref()),
                Effect::CapturePointer(id) => {
                    // A synthetic event's pointer cannot be captured: it is dragged within
                    // the canvas.
                    let _ = self.board.canvas.set_pointer_capture(id);
                }
                Effect::Worker(job) => {
                    let result = self.worker.borrow_mut().apply(&self.window, job);
                    if let Err(why) = result {
                        self.dispatch(|a, fx| a.worker_failed(&why, fx));
                    }
                }
                Effect::Settle { waiters, result } => self.settle(waiters, result),
            }
        }
    }

    /// Fires `fairylab:move` on the host for each move played since the last time (detail:
    /// `{move, ply, fen}`, coordinate form, the ply it made, the FEN after the last of them),
    /// and `fairylab:end` when the game has just ended (detail: `{result}`). Moves taken back
    /// or a new game fire nothing; the count starts again from there.
    fn tell_host(&self) -> Result<(), JsValue> {
        let (history, fen, result) = {
            let a = self.model.borrow();
            let game = a.session.game();
            (game.history(), game.fen(), describe::result(game))
        };
        let (told, ended) = self.told.get();
        self.told.set((history.len(), result.is_some()));
        for (ply, mv) in history.iter().enumerate().skip(told) {
            let ply = ply as u32 + 1;
            let detail = MoveDetail { mv, ply, fen: &fen };
            self.fire("fairylab:move", &super::js::to_js(&detail)?)?;
        }
        if let Some(result) = result.filter(|_| !ended) {
            let detail = super::js::to_js(&EndDetail { result: &result })?;
            self.fire("fairylab:end", &detail)?;
        }
        Ok(())
    }

    /// A `CustomEvent` on the host that bubbles out of the shadow root.
    fn fire(&self, kind: &str, detail: &JsValue) -> Result<(), JsValue> {
        let init = web_sys::CustomEventInit::new();
        init.set_bubbles(true);
        init.set_composed(true);
        init.set_detail(detail);
        let event = web_sys::CustomEvent::new_with_event_init_dict(kind, &init)?;
        self.host.dispatch_event(&event)?;
        Ok(())
    }

    /// The `localStorage` key of this applet's game and designer panel: none without the
    /// `page` feature, whose builds (the embed's) then keep no storage code.
    pub fn storage_key(&self) -> Option<&str> {
        self.storage_key
            .as_deref()
            .filter(|_| cfg!(feature = "page"))
    }

    pub fn now(&self) -> f64 {
        self.window.performance().map_or(0.0, |p| p.now())
    }

    fn save(&self) {
        let Some(key) = self.storage_key() else {
            return;
        };
        let saved = {
            let a = self.model.borrow();
            let (game, computer) = (a.session.game(), &a.computer);
            Saved::of(game, a.board.flipped, computer.mode, computer.level)
        };
        report(storage::save(&self.window, key, &saved));
    }

    /// Asks for one redraw in the next animation frame; repeated calls before it coalesce.
    pub fn schedule_redraw(&self) -> Result<(), JsValue> {
        match self.binding.frame.borrow().as_ref() {
            Some(callback) => self.board.schedule(&self.window, callback),
            None => Ok(()),
        }
    }

    /// Draws a frame now.
    pub fn render(&self) -> Result<(), JsValue> {
        let animating = {
            let a = self.model.borrow();
            let pictures = self.pictures.ready(a.session.variant());
            let board = a.shown_board();
            (self.board).render(&self.window, board, &a.session, &pictures, self.now())?
        };
        // The morph mark animates: keep drawing until it is over.
        if animating {
            self.schedule_redraw()?;
        }
        Ok(())
    }

    /// A message from the computer's worker; one from a worker since replaced is dropped.
    fn on_reply(&self, generation: u32, reply: WireReply) {
        if !self.worker.borrow().is_current(generation) {
            return;
        }
        let now = self.now();
        self.dispatch(|a, fx| a.on_reply(reply.into_reply(), now, fx));
    }

    /// Asks for a hint for a promise's `resolve` and `reject`.
    pub fn hint(&self, resolve: Function, reject: Function) {
        let id = self.waiters.borrow_mut().add(resolve, reject.clone());
        if let Err(e) = self.dispatch(|a, fx| a.hint(Some(id), fx)) {
            self.waiters.borrow_mut().take(id);
            let _ = reject.call1(&JsValue::NULL, &JsError::new(&e).into());
        }
    }

    /// Tells the promises waiting for a hint: resolved with the move, or rejected with an
    /// Error saying why.
    fn settle(&self, waiters: Vec<u32>, result: Result<String, String>) {
        for id in waiters {
            let Some((resolve, reject)) = self.waiters.borrow_mut().take(id) else {
                continue;
            };
            let _ = match &result {
                Ok(mv) => resolve.call1(&JsValue::NULL, &JsValue::from_str(mv)),
                Err(why) => reject.call1(&JsValue::NULL, &JsError::new(why).into()),
            };
        }
    }

    /// Sets up the FEN in the paste field; it empties when the position is set up.
    pub fn paste_fen(&self) {
        let text = self.panel.fen.paste.value();
        let ok = self.dispatch(|a, fx| {
            let result = a.set_fen(&text, fx);
            let ok = result.is_ok();
            Applet::report(result, fx);
            ok
        });
        if ok {
            self.panel.fen.paste.set_value("");
        }
    }
}
