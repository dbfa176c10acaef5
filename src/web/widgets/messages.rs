//! The message line (errors from the controls) and the aria-live region (what screen readers
//! are told: moves, the cursor's square, results).

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlElement};

use super::{append, element};

pub struct Messages {
    pub message: HtmlElement,
    pub live: HtmlElement,
}

impl Messages {
    pub fn build(document: &Document, panel: &HtmlElement) -> Result<Messages, JsValue> {
        let message: HtmlElement = element(document, "p", "fairylab-message")?;
        message.set_attribute("role", "alert")?;
        message.set_hidden(true);
        let live: HtmlElement = element(document, "div", "fairylab-live")?;
        live.set_attribute("aria-live", "polite")?;
        append(panel, &[&message, &live])?;
        Ok(Messages { message, live })
    }

    /// Shows an error, or clears it.
    pub fn show(&self, text: Option<&str>) {
        self.message.set_text_content(text);
        self.message.set_hidden(text.is_none());
    }

    /// Says something to screen readers.
    pub fn announce(&self, text: &str) {
        // Cleared first, so the same text twice is announced twice.
        self.live.set_text_content(None);
        self.live.set_text_content(Some(text));
    }
}
