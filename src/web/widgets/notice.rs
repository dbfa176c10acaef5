//! The notice below the board: the definition's `not played:` warnings
//! ([`crate::ui::notice`]), one a line with its `LINE:COL`; hidden when there are none.

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlElement};

use crate::ui::notice;
use crate::ui::session::Session;

use super::element;

pub struct Notice(HtmlElement);

impl Notice {
    pub fn build(document: &Document, main: &HtmlElement) -> Result<Notice, JsValue> {
        let root: HtmlElement = element(document, "p", "fairylab-notice")?;
        root.set_attribute("role", "note")?;
        root.set_hidden(true);
        main.append_child(&root)?;
        Ok(Notice(root))
    }

    pub fn show(&self, session: &Session) {
        let lines = notice::not_played(session.variant());
        let mut text =
            String::from("This board plays its rules but for what they say is not played:");
        for line in &lines {
            text.push('\n');
            text.push_str(line);
        }
        // Text, never markup: the warnings quote the definition.
        self.0.set_text_content(Some(&text));
        self.0.set_hidden(lines.is_empty());
    }
}
