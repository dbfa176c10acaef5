//! The applet's JavaScript interface: one-line forwards to the model's handlers
//! ([`crate::ui::applet`]) and queries, strings and arrays in and out. Errors are thrown as
//! JavaScript `Error`s with the core's message.

use wasm_bindgen::prelude::*;
use web_sys::{HtmlCanvasElement, HtmlElement};

use crate::describe;
use crate::ui::applet::Applet;
use crate::ui::player::{Level, Mode};

use super::app::{App, Config};

fn js_error(message: impl std::fmt::Display) -> JsValue {
    JsError::new(&message.to_string()).into()
}

fn strings(items: impl IntoIterator<Item = String>) -> Vec<JsValue> {
    items.into_iter().map(JsValue::from).collect()
}

impl App {
    /// Reads the model.
    fn read<R>(&self, f: impl FnOnce(&Applet) -> R) -> R {
        f(&self.shared.model.borrow())
    }

    /// Runs a handler (see `Shared::dispatch`).
    fn run<R>(&self, f: impl FnOnce(&mut Applet, &mut Vec<crate::ui::applet::Effect>) -> R) -> R {
        self.shared.dispatch(f)
    }
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
                ..Config::default()
            },
        )
    }

    /// The variant's bundled name, or for a pasted definition its stable `custom-` name.
    pub fn variant(&self) -> String {
        self.read(|a| a.session.variant().name.clone())
    }

    /// Starts a new game of a bundled variant (by name) or of a definition (its text). An
    /// invalid definition throws an Error whose message starts `LINE:COL:`; the game stays.
    #[wasm_bindgen(js_name = setVariant)]
    pub fn set_variant(&self, name_or_definition: String) -> Result<(), JsValue> {
        self.run(|a, fx| a.set_variant(&name_or_definition, fx))
            .map_err(js_error)
    }

    /// The FEN of the game's current position.
    pub fn fen(&self) -> String {
        self.read(|a| a.session.game().fen())
    }

    /// Sets up a position of the current variant as a new game. A bad FEN throws, and the game
    /// stays.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&self, fen: String) -> Result<(), JsValue> {
        self.run(|a, fx| a.set_fen(&fen, fx)).map_err(js_error)
    }

    /// The legal moves in coordinate form, sorted.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<JsValue> {
        strings(self.read(|a| a.session.legal_moves()))
    }

    /// The squares the piece on `square` may move to, in square order.
    pub fn destinations(&self, square: String) -> Result<Vec<JsValue>, JsValue> {
        self.read(|a| a.session.destinations(&square))
            .map(strings)
            .map_err(js_error)
    }

    /// Plays a move: coordinate form (`e2e4`, `e7e8q`, castling as the king's move `e1h1`, a
    /// drop `P@e4`) or Game Courier (`P e2-e4`, `P*e4`). Returns true, or throws an Error
    /// saying why not.
    pub fn play(&self, text: String) -> Result<bool, JsValue> {
        let now = self.shared.now();
        self.run(|a, fx| a.play(&text, now, fx))
            .map(|()| true)
            .map_err(js_error)
    }

    /// Takes back one move; returns it in coordinate form, or null when there is none.
    pub fn undo(&self) -> JsValue {
        self.run(|a, fx| a.undo(fx))
            .map_or(JsValue::NULL, JsValue::from)
    }

    /// Replays the last move taken back; returns it, or null when there is none.
    pub fn redo(&self) -> JsValue {
        let now = self.shared.now();
        self.run(|a, fx| a.redo(now, fx))
            .map_or(JsValue::NULL, JsValue::from)
    }

    /// The moves played, in coordinate form.
    pub fn history(&self) -> Vec<JsValue> {
        strings(self.read(|a| a.session.game().history()))
    }

    /// The moves played in Game Courier notation, as the move list shows them.
    pub fn courier(&self) -> Vec<JsValue> {
        strings(self.read(|a| {
            a.session
                .game()
                .played()
                .iter()
                .map(|p| p.courier.clone())
                .collect::<Vec<_>>()
        }))
    }

    /// null while the game goes on; otherwise the result, e.g. "1-0 White wins by checkmate".
    pub fn result(&self) -> JsValue {
        self.read(|a| describe::result(a.session.game()))
            .map_or(JsValue::NULL, JsValue::from)
    }

    /// The turn line: "White to move", "Black to move, move 2 of 2", "Game over: ...".
    pub fn status(&self) -> String {
        self.shared
            .panel
            .game
            .turn
            .text_content()
            .unwrap_or_default()
    }

    /// A new game of the same variant from its start position; for a variant with a
    /// `shuffle` key, from the array a seed deals: `seed` if given (a whole number, or a
    /// string of digits for one past 2^53), else a new one drawn at random. A bad seed throws.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&self, seed: JsValue) -> Result<(), JsValue> {
        if seed.is_undefined() || seed.is_null() {
            self.run(Applet::new_game);
            return Ok(());
        }
        let parsed = match seed.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(&n) => {
                Some(n as u64)
            }
            Some(_) => None,
            None => seed.as_string().and_then(|s| s.trim().parse().ok()),
        };
        let seed = parsed.ok_or_else(|| {
            js_error(format!(
                "{} is not a seed: a whole number from 0 to {}",
                super::read::error_text(&seed),
                u64::MAX
            ))
        })?;
        self.run(|a, fx| a.new_game_seeded(seed, fx));
        Ok(())
    }

    /// The seed the game's start was dealt from, as a decimal string; null for a start
    /// position as written or set up (and for every variant without a `shuffle` key).
    pub fn seed(&self) -> JsValue {
        self.read(|a| a.session.game().seed())
            .map_or(JsValue::NULL, |s| s.to_string().into())
    }

    /// Turns the board round; returns whether Black is now at the bottom.
    pub fn flip(&self) -> bool {
        self.run(|a, fx| a.flip(fx))
    }

    pub fn flipped(&self) -> bool {
        self.read(|a| a.board.flipped)
    }

    /// Shows the position after `ply` moves (the move list's click); the number of moves
    /// played shows the game again.
    pub fn view(&self, ply: u32) -> Result<(), JsValue> {
        self.run(|a, fx| a.view(ply as usize, fx));
        Ok(())
    }

    pub fn files(&self) -> u32 {
        self.read(|a| a.board.size.files())
    }

    pub fn ranks(&self) -> u32 {
        self.read(|a| a.board.size.ranks())
    }

    /// The selected square's name, or `undefined`.
    pub fn selected(&self) -> Option<String> {
        self.read(|a| a.board.selected.map(|cell| cell.to_string()))
    }

    /// The square under a point given in CSS pixels from the canvas's top-left corner.
    #[wasm_bindgen(js_name = squareAt)]
    pub fn square_at(&self, x: f64, y: f64) -> Option<String> {
        self.read(|a| self.shared.board.placement(&a.board).cell_at(x, y))
            .map(|c| c.to_string())
    }

    /// `[x, y, size]` of a square, CSS pixels from the canvas's top-left corner.
    #[wasm_bindgen(js_name = squareBox)]
    pub fn square_box(&self, square: String) -> Result<Vec<f64>, JsValue> {
        let p = self.read(|a| self.shared.board.placement(&a.board));
        let (x, y) = p.origin_of(p.board.parse_cell(&square).map_err(js_error)?);
        Ok(vec![x, y, p.square])
    }

    /// The pieces in hand, as FEN's holdings (`"[PPs]"`, White's first; `"[]"` when both are
    /// empty); null for a variant without hands.
    pub fn hands(&self) -> JsValue {
        self.read(|a| crate::fen::holdings(a.session.game().position()))
            .map_or(JsValue::NULL, JsValue::from)
    }

    /// `[x, y, size]` of a hand's piece, by its FEN letter (`"P"` White's pawns, `"p"`
    /// Black's), CSS pixels from the canvas's top-left corner. Throws when none is in hand.
    #[wasm_bindgen(js_name = handBox)]
    pub fn hand_box(&self, letter: String) -> Result<Vec<f64>, JsValue> {
        let found = self.read(|a| {
            let v = a.session.variant();
            let p = self.shared.board.placement(&a.board);
            (a.board.hand_boxes(&p).into_iter()).find(|b| {
                let piece = crate::piece::Piece::new(b.slot.piece_type, b.slot.colour);
                crate::fen::piece_letter(v, piece).to_string() == letter
            })
        });
        let b = found.ok_or_else(|| js_error(format!("no '{letter}' in hand")))?;
        Ok(vec![b.x, b.y, b.size])
    }

    /// What the last frame drew: `{ flipped, selected, dots, rings, lastMove, check, cursor,
    /// glow, chooser: [[square, move, piece]], pieces: ["e1 white king", ...], hands: ["white
    /// pawn 2", ...], handSelected, handCursor }`.
    pub fn drawn(&self) -> Result<JsValue, JsValue> {
        super::js::to_js(&*self.shared.board.drawn.borrow())
    }

    /// The applet's outermost element (the board and its controls).
    pub fn element(&self) -> HtmlElement {
        self.shared.panel.root.clone()
    }

    /// The last thing said in the aria-live region.
    pub fn announcement(&self) -> String {
        self.shared
            .panel
            .messages
            .live
            .text_content()
            .unwrap_or_default()
    }

    // ----- The computer player -----

    /// Who plays: `"human"` (human against human), `"white"` (the human plays White, the
    /// computer Black), `"black"` (the human plays Black, the computer White) or `"ai"` (the
    /// computer plays both). `"white"` and `"black"` also turn the board so the human's side
    /// is at the bottom. Anything else throws.
    #[wasm_bindgen(js_name = setMode)]
    pub fn set_mode(&self, mode: String) -> Result<(), JsValue> {
        let parsed = Mode::parse(&mode);
        let mode = parsed.ok_or_else(|| {
            js_error(format!(
                "\"{mode}\" is not a mode: human, white, black or ai"
            ))
        })?;
        self.run(|a, fx| a.set_mode(mode, fx));
        Ok(())
    }

    /// `"human"`, `"white"`, `"black"` or `"ai"` (see `setMode`).
    pub fn mode(&self) -> String {
        self.read(|a| a.computer.mode.as_str().to_string())
    }

    /// The computer's level: 1 (depth 1) and 2 (depth 2) are quick and fallible; 3, 4 and 5
    /// think for up to 0.3, 1 and 3 seconds a move. Another number throws. A search already
    /// running keeps its level.
    #[wasm_bindgen(js_name = setLevel)]
    pub fn set_level(&self, level: u32) -> Result<(), JsValue> {
        let parsed = u8::try_from(level).ok().and_then(Level::new);
        let level =
            parsed.ok_or_else(|| js_error(format!("{level} is not a level from 1 to 5")))?;
        self.run(|a, fx| a.set_level(level, fx));
        Ok(())
    }

    pub fn level(&self) -> u32 {
        self.read(|a| u32::from(a.computer.level.number()))
    }

    /// Searches for the side to move at the current level and shows the move as an arrow.
    /// Resolves to the move in coordinate form; rejects when the game is over, the computer
    /// is to move, or the game changes (or Stop is pressed) first.
    pub fn hint(&self) -> js_sys::Promise {
        js_sys::Promise::new(&mut |resolve, reject| self.shared.hint(resolve, reject))
    }

    /// The latest `info depth D score cp S nodes N nps X pv ...` line (or `score mate M`, for
    /// the side to move) of the current or last search; null before its first iteration.
    pub fn thinking(&self) -> JsValue {
        self.read(|a| a.computer.line.clone())
            .map_or(JsValue::NULL, JsValue::from)
    }

    /// The computer's estimated piece values for this variant, `"ID name value"` each
    /// (centipawns; royal types 0); empty until its worker has read the variant (the worker
    /// starts with the first search or hint).
    pub fn values(&self) -> Vec<JsValue> {
        strings(self.read(|a| a.computer.values.clone()))
    }

    /// Is a search running (a move or a hint)?
    pub fn searching(&self) -> bool {
        self.read(|a| a.computer.searching())
    }

    /// Stops the computer at once (the Stop button): the search ends, and the computer waits
    /// until the human moves (for either side), presses Go (`go()`) or changes the players or
    /// the game. Undo and redo stop it the same way. Returns whether a search was running.
    pub fn stop(&self) -> bool {
        self.run(|a, fx| a.stop(fx))
    }

    /// Lets a stopped computer move again (the Go button).
    pub fn go(&self) {
        self.run(|a, fx| a.go(fx))
    }

    /// Which piece images the board draws: `"page"`, the host page's own (where its text names
    /// them: `graphicsDir` and the other image keys, docs/embed.md), or `"fairylab"`, its own
    /// sprites. An embedded board whose rules are its element's text starts with `"page"`
    /// unless `data-sprites="fairylab"`; every other board with `"fairylab"`.
    pub fn sprites(&self) -> String {
        let page = self.shared.pictures.on.get();
        (if page { "page" } else { "fairylab" }).to_string()
    }

    /// Chooses the piece images (see `sprites()`); another value throws.
    #[wasm_bindgen(js_name = setSprites)]
    pub fn set_sprites(&self, kind: String) -> Result<(), JsValue> {
        let on = match kind.as_str() {
            "page" => true,
            "fairylab" => false,
            _ => {
                return Err(js_error(format!(
                    "'{kind}' is not \"page\" or \"fairylab\""
                )));
            }
        };
        self.shared.pictures.on.set(on);
        self.shared.render()
    }

    /// Draws now instead of in the next animation frame.
    pub fn redraw(&self) -> Result<(), JsValue> {
        self.shared.render()
    }

    /// `{ files, ranks, selected, cssWidth, cssHeight, pixelWidth, pixelHeight,
    /// devicePixelRatio }`.
    pub fn snapshot(&self) -> Result<JsValue, JsValue> {
        let snapshot = self.read(|a| self.shared.board.snapshot(&self.shared.window, &a.board));
        snapshot.to_js()
    }
}
