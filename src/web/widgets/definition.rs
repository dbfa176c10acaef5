//! The variant definition editor: the game's definition text, editable, and "Play this
//! definition". Edits survive other updates until another variant starts.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlElement, HtmlTextAreaElement};

use crate::ui::session::Session;

use super::{append, button, element};

pub struct Definition {
    pub text: HtmlTextAreaElement,
    pub load: HtmlButtonElement,
    /// The variant whose text the editor holds.
    shown: RefCell<String>,
}

impl Definition {
    pub fn build(document: &Document, panel: &HtmlElement) -> Result<Definition, JsValue> {
        let details: HtmlElement = element(document, "details", "fairylab-definition")?;
        let summary: HtmlElement = element(document, "summary", "")?;
        summary.set_text_content(Some("Variant definition"));
        let text: HtmlTextAreaElement = element(document, "textarea", "")?;
        text.set_rows(8);
        text.set_attribute("wrap", "off")?;
        text.set_spellcheck(false);
        text.set_attribute("aria-label", "Interactive Diagram definition")?;
        let load = button(
            document,
            "Play this definition",
            "",
            "fairylab-load-definition",
        )?;
        append(&details, &[&summary])?;
        details.append_child(&text)?;
        details.append_child(&load)?;
        append(panel, &[&details])?;
        Ok(Definition {
            text,
            load,
            shown: RefCell::default(),
        })
    }

    pub fn show(&self, session: &Session) {
        let v = session.variant();
        if *self.shown.borrow() != v.name {
            self.text.set_value(v.source.trim_end());
            *self.shown.borrow_mut() = v.name.clone();
        }
    }
}
