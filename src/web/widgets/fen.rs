//! FEN out (the position shown, with a copy button) and in (a field and Set up).

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlElement, HtmlInputElement, Window};

use crate::ui::session::Session;

use super::{append, button, element};

pub struct Fen {
    pub fen: HtmlInputElement,
    pub copy: HtmlButtonElement,
    pub paste: HtmlInputElement,
    pub load: HtmlButtonElement,
}

impl Fen {
    pub fn build(document: &Document, panel: &HtmlElement) -> Result<Fen, JsValue> {
        let fen_row: HtmlElement = element(document, "div", "fairylab-row fairylab-fen")?;
        let fen: HtmlInputElement = element(document, "input", "fairylab-fen-out")?;
        fen.set_read_only(true);
        fen.set_attribute("aria-label", "FEN of the position shown")?;
        fen.set_spellcheck(false);
        let copy = button(document, "Copy FEN", "", "fairylab-copy")?;
        append(&fen_row, &[&fen, &copy])?;

        let paste_row: HtmlElement = element(document, "div", "fairylab-row fairylab-fen")?;
        let paste: HtmlInputElement = element(document, "input", "fairylab-fen-in")?;
        paste.set_placeholder("Paste a FEN");
        paste.set_attribute("aria-label", "FEN to set up")?;
        paste.set_spellcheck(false);
        let load = button(document, "Set up", "Set up this FEN", "fairylab-load-fen")?;
        append(&paste_row, &[&paste, &load])?;
        append(panel, &[&fen_row, &paste_row])?;
        Ok(Fen {
            fen,
            copy,
            paste,
            load,
        })
    }

    pub fn show(&self, session: &Session) {
        self.fen.set_value(&crate::fen::to_fen(session.shown()));
    }

    /// Copies the FEN shown to the clipboard (where the page may), and selects it.
    pub fn copy(&self, window: &Window) -> Result<(), JsValue> {
        let text = self.fen.value();
        self.fen.select();
        // A refusal leaves the FEN selected, to copy by hand.
        crate::web::sharing::copy_text(window, &text)
    }
}
