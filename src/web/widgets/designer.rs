//! Designer mode's panel: a `details.fairylab-designer` beside the board holding one section
//! per tool, each filled by its own widget: the rules editor (`editor`), the piece legend and
//! move diagrams (`legend`), the start-position editor (`setup`) and the balance lab (`lab`).

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlElement};

use super::{append, element};

pub struct Designer {
    pub details: HtmlElement,
    /// Where the rules editor goes.
    pub editor: HtmlElement,
    /// Where the piece legend goes.
    pub legend: HtmlElement,
    /// Where the start-position editor goes.
    pub setup: HtmlElement,
    /// Where the balance lab goes.
    pub lab: HtmlElement,
}

impl Designer {
    pub fn build(document: &Document, panel: &HtmlElement) -> Result<Designer, JsValue> {
        let details: HtmlElement = element(document, "details", "fairylab-designer")?;
        let summary: HtmlElement = element(document, "summary", "")?;
        summary.set_text_content(Some("Designer"));
        let section = |class: &str| element::<HtmlElement>(document, "section", class);
        let editor = section("fairylab-designer-editor")?;
        let legend = section("fairylab-designer-legend")?;
        let setup = section("fairylab-designer-setup")?;
        let lab = section("fairylab-designer-lab")?;
        // The rules editor, the start-position editor and the balance lab's panel are the
        // page's: the embed build leaves them out for its size budget (`setDefinition()` and
        // `balance()` work in embedded boards too).
        if cfg!(feature = "page") {
            append(&details, &[&summary, &editor, &legend, &setup, &lab])?;
        } else {
            append(&details, &[&summary, &legend])?;
        }
        append(panel, &[&details])?;
        Ok(Designer {
            details,
            editor,
            legend,
            setup,
            lab,
        })
    }
}
