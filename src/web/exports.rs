//! A game out and in: its permalink (made by [`super::sharing`]), its text (Game Courier or
//! PGN, out and in), the definition's own game (`moveList`) and the steps through a game, and
//! a picture of the board; the JavaScript interface for them and the game-text widget's
//! listeners.

use std::rc::Rc;

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use web_sys::HtmlAnchorElement;

use super::app::{App, Shared};
use super::sharing::{self, copy_text};
use super::widgets::element;

/// `importGame()`'s answer: `{ok, played, error}`, `error` null when every move played.
#[derive(serde::Serialize)]
struct Imported {
    ok: bool,
    played: u32,
    error: Option<String>,
}

/// `moveList()`'s answer: the definition's game.
#[derive(serde::Serialize)]
struct Annotated<'a> {
    /// Its moves in coordinate form.
    moves: Vec<String>,
    /// Each as written.
    texts: &'a [String],
    /// The comment after each number of moves (`[0]` before the first), null for none.
    comments: &'a [Option<String>],
    /// Why it stops early (`LINE:COL: moveList stops at ...`), or null.
    warning: Option<&'a str>,
    /// How many of its moves the game's line (played, then ahead) still follows.
    agreeing: u32,
}

#[wasm_bindgen]
impl App {
    /// The game the definition shows (its `moveList`): `{moves, texts, comments, warning,
    /// agreeing}`, or null when it has none.
    #[wasm_bindgen(js_name = moveList)]
    pub fn move_list(&self) -> Result<JsValue, JsValue> {
        let model = self.shared.model.borrow();
        let session = &model.session;
        let Some(a) = session.annotated() else {
            return Ok(JsValue::NULL);
        };
        let v = session.variant();
        super::js::to_js_null(&Annotated {
            moves: (a.list.moves.iter())
                .map(|&m| crate::notation::to_coordinate(v, m))
                .collect(),
            texts: &a.list.texts,
            comments: &a.list.comments,
            warning: a.warning.as_deref(),
            agreeing: a.agreeing(session.game()) as u32,
        })
    }

    /// The comment of the definition's game after the moves shown, or null.
    pub fn comment(&self) -> Option<String> {
        self.shared
            .model
            .borrow()
            .session
            .comment()
            .map(String::from)
    }

    /// Takes moves back or replays them (those ahead: taken back, or the definition's game's)
    /// until `ply` are played; returns the number played.
    pub fn seek(&self, ply: u32) -> u32 {
        self.shared.dispatch(|a, fx| a.seek(ply as usize, fx)) as u32
    }

    /// A step through the game as the buttons make it: `"start"`, `"back"`, `"forward"` or
    /// `"end"`; returns the number of moves played. Another name throws.
    pub fn step(&self, step: String) -> Result<u32, JsValue> {
        let step = crate::ui::applet::Step::from_name(&step).ok_or_else(|| {
            JsError::new(&format!(
                "'{step}' is not a step: \"start\", \"back\", \"forward\" or \"end\""
            ))
        })?;
        Ok(self.shared.dispatch(|a, fx| a.step(step, fx)) as u32)
    }

    /// The permalink of the current game, as a full URL: this page's address with the game
    /// in its fragment (for an embedded board, `b=` names the board).
    pub fn link(&self) -> Result<String, JsValue> {
        self.shared.share_link()
    }

    /// The game as text: `format` is `"gc"` (a Game Courier move list) or `"pgn"`.
    #[wasm_bindgen(js_name = exportGame)]
    pub fn export_game(&self, format: String) -> Result<String, JsValue> {
        let text = self.shared.model.borrow().export_game(&format);
        text.map_err(|e| JsError::new(&e).into())
    }

    /// Replays a Game Courier or PGN game of this variant as a new game: `{ok, played,
    /// error}`, `played` the moves replayed, `error` null or the first move that did not read
    /// or was not legal (`"move 12 (N d4-f5): why"`), the moves before it kept. A text whose
    /// start position does not read changes nothing: `{ok: false, played: 0, error}`.
    #[wasm_bindgen(js_name = importGame)]
    pub fn import_game(&self, text: String) -> Result<JsValue, JsValue> {
        let (played, error) = match self.shared.dispatch(|a, fx| a.import_game(&text, fx)) {
            Ok(result) => result,
            Err(e) => (0, Some(e)),
        };
        super::js::to_js_null(&Imported {
            ok: error.is_none(),
            played: played as u32,
            error,
        })
    }

    /// A picture of the board as drawn: a Promise of a PNG data URL, the canvas's size in
    /// device pixels.
    pub fn png(&self) -> Promise {
        match self.shared.png() {
            Ok(url) => Promise::resolve(&JsValue::from(url)),
            Err(e) => Promise::reject(&e),
        }
    }
}

#[wasm_bindgen]
impl App {
    /// A link to this page that opens these rules and this game: the page's address, `#`,
    /// and the share fragment (see [`crate::share`]).
    #[wasm_bindgen(js_name = shareLink)]
    pub fn share_link(&self) -> Result<String, JsValue> {
        self.shared.share_link()
    }
}

impl Shared {
    /// This game's share link: see [`sharing::link`].
    pub(super) fn share_link(&self) -> Result<String, JsValue> {
        let applet = self.model.borrow();
        sharing::link(&self.window, &applet, self.board_key.as_deref())
    }

    fn png(&self) -> Result<String, JsValue> {
        self.render()?;
        self.board.canvas.to_data_url_with_type("image/png")
    }

    pub fn listen_sharing(self: &Rc<Self>) -> Result<(), JsValue> {
        let g = &self.panel.game_text;
        self.on(&g.export_gc, "click", None, |s, _| s.show_game_text("gc"))?;
        self.on(&g.export_pgn, "click", None, |s, _| s.show_game_text("pgn"))?;
        self.on(&g.import, "click", None, |s, _| {
            let text = s.panel.game_text.text.value();
            let result = s.dispatch(|a, fx| a.import_game(&text, fx));
            match result {
                Ok((played, None)) => {
                    let text = format!("{played} moves replayed");
                    s.panel.messages.announce(&text);
                }
                // The model has put the failing move in the message line.
                Ok((_, Some(_))) => {}
                Err(e) => s.panel.messages.show(Some(&e)),
            }
            Ok(())
        })?;
        self.on(&g.link, "click", None, |s, _| {
            let link = s.share_link()?;
            copy_text(&s.window, &link)?;
            s.panel.messages.announce("Link copied");
            Ok(())
        })?;
        self.on(&g.png, "click", None, |s, _| {
            let url = s.png()?;
            let a: HtmlAnchorElement = element(&s.document, "a", "")?;
            a.set_href(&url);
            a.set_download("fairylab-board.png");
            a.click();
            Ok(())
        })?;
        Ok(())
    }

    fn show_game_text(&self, format: &str) -> Result<(), JsValue> {
        let text = self.model.borrow().export_game(format);
        match text {
            Ok(text) => self.panel.game_text.text.set_value(&text),
            Err(e) => self.panel.messages.show(Some(&e)),
        }
        Ok(())
    }
}
