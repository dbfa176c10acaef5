//! The game as text, a link and a picture: a field for a Game Courier or PGN move list (shown
//! by the export buttons, read by Replay), Copy link (the permalink of the game) and Picture
//! (the board as a PNG file).

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlElement, HtmlTextAreaElement};

use super::{append, button, element};

pub struct GameText {
    pub text: HtmlTextAreaElement,
    pub export_gc: HtmlButtonElement,
    pub export_pgn: HtmlButtonElement,
    pub import: HtmlButtonElement,
    pub link: HtmlButtonElement,
    pub png: HtmlButtonElement,
}

impl GameText {
    pub fn build(document: &Document, panel: &HtmlElement) -> Result<GameText, JsValue> {
        let details: HtmlElement = element(document, "details", "fairylab-gametext")?;
        let summary: HtmlElement = element(document, "summary", "")?;
        summary.set_text_content(Some("Game text, link and picture"));
        let text: HtmlTextAreaElement = element(document, "textarea", "fairylab-gametext-text")?;
        text.set_rows(5);
        text.set_spellcheck(false);
        text.set_placeholder("Paste a Game Courier move list or a PGN game, then Replay");
        text.set_attribute("aria-label", "Game text: a Game Courier move list or PGN")?;
        let moves: HtmlElement = element(document, "div", "fairylab-row fairylab-buttons")?;
        let export_gc = button(
            document,
            "Game Courier",
            "Show the game as a Game Courier move list",
            "fairylab-export-gc",
        )?;
        let export_pgn = button(
            document,
            "PGN",
            "Show the game as PGN",
            "fairylab-export-pgn",
        )?;
        let import = button(
            document,
            "Replay",
            "Replay the game in the field",
            "fairylab-import",
        )?;
        append(&moves, &[&export_gc, &export_pgn, &import])?;
        let out: HtmlElement = element(document, "div", "fairylab-row fairylab-buttons")?;
        let link = button(
            document,
            "Copy link",
            "Copy a link to this game",
            "fairylab-copy-link",
        )?;
        let png = button(
            document,
            "Picture",
            "Save the board as a PNG picture",
            "fairylab-png",
        )?;
        append(&out, &[&link, &png])?;
        append(&details, &[&summary, text.as_ref(), &moves, &out])?;
        append(panel, &[&details])?;
        Ok(GameText {
            text,
            export_gc,
            export_pgn,
            import,
            link,
            png,
        })
    }
}
