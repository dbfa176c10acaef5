//! The live rules editor, in the designer panel's editor section: the definition text with a
//! line-number gutter marking the lines with errors, the error list (`LINE:COL: message`),
//! the replay note with undo / continue / restart, rules A and B with a switch and their line
//! diff, Copy text, Share link, and how long the last edit took to reach the board.
//!
//! ```text
//! div.fairylab-editor-bar      "Rules A (as loaded) in play", Play rules B, Copy text, Share link
//! div.fairylab-editor-body     div.fairylab-editor-gutter | textarea.fairylab-editor-text
//! ul.fairylab-editor-errors    li "3:12: ..."
//! div.fairylab-replay-note     p, Undo, Continue from here, Restart
//! details.fairylab-editor-diff A vs B, one line each: "  same", "- removed", "+ added"
//! input.fairylab-editor-link   the share link, once asked for
//! p.fairylab-editor-time       "Board updated 61 ms after the last keystroke"
//! ```

use crate::decimal::fixed;
use std::cell::{Cell, RefCell};

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlTextAreaElement};

use crate::definition::DefinitionError;
use crate::designer::diff::Change;
use crate::ui::editor::{Rules, RulesEditor, TextError};

use super::{append, button, element};

/// The bar's words before any edit.
const NOT_EDITED: &str = "Edit the text: the board follows as you type";

/// The most errors listed (a text can have one on every line).
const MAX_ERRORS_SHOWN: usize = 20;

/// The debounce of typing: the pending check, when the last keystroke came, and how long the
/// last edit took to reach the board.
pub struct Typing {
    pub timer: Cell<Option<i32>>,
    pub typed_at: Cell<f64>,
    /// Milliseconds from the last keystroke to the board drawn; NaN before the first edit.
    pub edit_ms: Cell<f64>,
    /// What the timer calls (set when the listeners are bound).
    pub tick: RefCell<Option<Closure<dyn FnMut()>>>,
}

impl Drop for Typing {
    /// A check still pending is called off: its callback goes with the applet.
    fn drop(&mut self) {
        if let (Some(handle), Some(window)) = (self.timer.get(), web_sys::window()) {
            window.clear_timeout_with_handle(handle);
        }
    }
}

pub struct RulesEditorControls {
    pub text: HtmlTextAreaElement,
    pub gutter: HtmlElement,
    pub errors: HtmlElement,
    pub note: HtmlElement,
    note_text: HtmlElement,
    pub undo: HtmlButtonElement,
    pub keep: HtmlButtonElement,
    pub restart: HtmlButtonElement,
    rules: HtmlElement,
    pub switch: HtmlButtonElement,
    pub copy: HtmlButtonElement,
    pub share: HtmlButtonElement,
    pub link: HtmlInputElement,
    diff: HtmlElement,
    diff_lines: HtmlElement,
    time: HtmlElement,
    pub typing: Typing,
    /// The model's draft last put in the text area: the text area is set again only when the
    /// model's draft changes, never under the typing.
    shown_draft: RefCell<Option<String>>,
    /// The gutter drawn: the number of lines and the lines with errors.
    gutter_drawn: RefCell<(usize, Vec<usize>)>,
}

impl RulesEditorControls {
    pub fn build(
        document: &Document,
        section: &HtmlElement,
    ) -> Result<RulesEditorControls, JsValue> {
        let div = |class: &str| element::<HtmlElement>(document, "div", class);
        let bar = div("fairylab-editor-bar")?;
        let rules: HtmlElement = element(document, "span", "fairylab-editor-rules")?;
        let switch = button(document, "Play rules B", "", "fairylab-editor-switch")?;
        let copy = button(document, "Copy text", "", "fairylab-editor-copy")?;
        let share = button(
            document,
            "Share link",
            "Copy a link to these rules and this game",
            "fairylab-editor-share",
        )?;
        append(&bar, &[&rules, &switch, &copy, &share])?;

        let body = div("fairylab-editor-body")?;
        let gutter = div("fairylab-editor-gutter")?;
        gutter.set_attribute("aria-hidden", "true")?;
        let text: HtmlTextAreaElement = element(document, "textarea", "fairylab-editor-text")?;
        text.set_rows(12);
        text.set_attribute("wrap", "off")?;
        text.set_spellcheck(false);
        text.set_attribute(
            "aria-label",
            "Rules: the variant's definition, checked as you type",
        )?;
        append(&body, &[&gutter])?;
        body.append_child(&text)?;

        let errors: HtmlElement = element(document, "ul", "fairylab-editor-errors")?;
        errors.set_attribute("aria-live", "polite")?;

        let note = div("fairylab-replay-note")?;
        note.set_hidden(true);
        let note_text: HtmlElement = element(document, "p", "")?;
        let undo = button(
            document,
            "Undo the edit",
            "Undo: the old rules and the whole old game",
            "fairylab-replay-undo",
        )?;
        let keep = button(
            document,
            "Continue from here",
            "",
            "fairylab-replay-continue",
        )?;
        let restart = button(
            document,
            "Restart",
            "A new game under these rules",
            "fairylab-replay-restart",
        )?;
        append(&note, &[&note_text, &undo, &keep, &restart])?;

        let diff: HtmlElement = element(document, "details", "fairylab-editor-diff")?;
        let summary: HtmlElement = element(document, "summary", "")?;
        summary.set_text_content(Some("Rules A vs B"));
        let diff_lines: HtmlElement = element(document, "pre", "")?;
        append(&diff, &[&summary, &diff_lines])?;
        diff.set_hidden(true);

        let link: HtmlInputElement = element(document, "input", "fairylab-editor-link")?;
        link.set_read_only(true);
        link.set_attribute("aria-label", "Share link")?;
        link.set_hidden(true);
        let time: HtmlElement = element(document, "p", "fairylab-editor-time")?;

        append(section, &[&bar, &body, &errors, &note, &diff])?;
        append(section, &[&link, &time])?;
        Ok(RulesEditorControls {
            text,
            gutter,
            errors,
            note,
            note_text,
            undo,
            keep,
            restart,
            rules,
            switch,
            copy,
            share,
            link,
            diff,
            diff_lines,
            time,
            typing: Typing {
                timer: Cell::new(None),
                typed_at: Cell::new(0.0),
                edit_ms: Cell::new(f64::NAN),
                tick: RefCell::default(),
            },
            shown_draft: RefCell::default(),
            gutter_drawn: RefCell::default(),
        })
    }

    /// Shows the editor's model: its draft (when it changed), errors (else the warnings of
    /// the rules in play: unknown keys, pieces that cannot move), note, A/B and diff.
    pub fn show(
        &self,
        document: &Document,
        editor: &RulesEditor,
        warnings: &[DefinitionError],
    ) -> Result<(), JsValue> {
        let draft = editor.draft();
        if self.shown_draft.borrow().as_deref() != Some(draft) {
            if self.text.value() != draft {
                self.text.set_value(draft);
            }
            *self.shown_draft.borrow_mut() = Some(draft.to_string());
        }
        self.show_gutter(document, editor.errors())?;
        self.show_errors(document, editor.errors())?;
        if editor.errors().is_empty() && editor.draft() == editor.text() {
            self.show_warnings(document, warnings)?;
        }

        self.note.set_hidden(editor.note().is_none());
        self.note_text.set_text_content(editor.note().as_deref());
        self.undo.set_hidden(!editor.can_undo());
        self.keep.set_hidden(!editor.stopped());
        self.restart.set_hidden(!editor.stopped());

        let (rules, other) = match (editor.in_play(), editor.b().is_some()) {
            // Nothing edited yet: no A and B to speak of, only what the text does.
            (Rules::A, false) => (NOT_EDITED, "Play rules B"),
            (Rules::A, true) => ("Rules A (as loaded) in play", "Play rules B"),
            (Rules::B, _) => ("Rules B (edited) in play", "Play rules A"),
        };
        self.rules.set_text_content(Some(rules));
        self.switch.set_text_content(Some(other));
        self.switch.set_hidden(editor.b().is_none());
        self.show_diff(document, editor)
    }

    /// Line numbers for the text area's lines, errors marked `.fairylab-gutter-error`.
    pub fn show_gutter(&self, document: &Document, errors: &[TextError]) -> Result<(), JsValue> {
        let lines = self.text.value().split('\n').count();
        let mut marked: Vec<usize> = errors.iter().map(|e| e.line as usize).collect();
        marked.dedup();
        let drawn = (lines, marked);
        if *self.gutter_drawn.borrow() == drawn {
            return Ok(());
        }
        self.gutter.set_text_content(None);
        for line in 1..=lines {
            let class = if drawn.1.contains(&line) {
                "fairylab-gutter-error"
            } else {
                ""
            };
            let number: HtmlElement = element(document, "div", class)?;
            number.set_attribute("data-line", &line.to_string())?;
            number.set_text_content(Some(&line.to_string()));
            if let Some(e) = errors.iter().find(|e| e.line as usize == line) {
                number.set_title(&e.message);
            }
            self.gutter.append_child(&number)?;
        }
        *self.gutter_drawn.borrow_mut() = drawn;
        self.scroll_gutter();
        Ok(())
    }

    /// Keeps the line numbers level with the text area's lines.
    pub fn scroll_gutter(&self) {
        self.gutter.set_scroll_top(self.text.scroll_top());
    }

    fn show_errors(&self, document: &Document, errors: &[TextError]) -> Result<(), JsValue> {
        self.errors.set_text_content(None);
        for e in errors.iter().take(MAX_ERRORS_SHOWN) {
            let item: HtmlElement = element(document, "li", "")?;
            item.set_text_content(Some(&e.to_string()));
            self.errors.append_child(&item)?;
        }
        if errors.len() > MAX_ERRORS_SHOWN {
            let item: HtmlElement = element(document, "li", "")?;
            let more = errors.len() - MAX_ERRORS_SHOWN;
            item.set_text_content(Some(&format!("… and {more} more")));
            self.errors.append_child(&item)?;
        }
        self.errors.set_hidden(errors.is_empty());
        Ok(())
    }

    /// Warnings of a text that loads, in the error list's place: `LINE:COL: warning: …`.
    fn show_warnings(
        &self,
        document: &Document,
        warnings: &[DefinitionError],
    ) -> Result<(), JsValue> {
        for w in warnings.iter().take(MAX_ERRORS_SHOWN) {
            let item: HtmlElement = element(document, "li", "fairylab-editor-warning")?;
            let text = format!("{}:{}: warning: {}", w.pos.line, w.pos.col, w.message);
            item.set_text_content(Some(&text));
            self.errors.append_child(&item)?;
        }
        self.errors.set_hidden(warnings.is_empty());
        Ok(())
    }

    fn show_diff(&self, document: &Document, editor: &RulesEditor) -> Result<(), JsValue> {
        let Some(lines) = editor.diff() else {
            self.diff.set_hidden(true);
            return Ok(());
        };
        self.diff.set_hidden(false);
        self.diff_lines.set_text_content(None);
        for line in lines {
            let (class, sign) = match line.change {
                Change::Same => ("fairylab-diff-same", ' '),
                Change::Added => ("fairylab-diff-added", '+'),
                Change::Removed => ("fairylab-diff-removed", '-'),
            };
            let row: HtmlElement = element(document, "div", class)?;
            row.set_text_content(Some(&format!("{sign} {}", line.text)));
            self.diff_lines.append_child(&row)?;
        }
        Ok(())
    }

    /// Shows how long the last edit took to reach the board.
    pub fn show_time(&self, ms: f64) {
        let text = format!("Board updated {} ms after the last keystroke", fixed(ms, 0));
        self.time.set_text_content(Some(&text));
    }

    /// Shows the share link, selected to copy by hand.
    pub fn show_link(&self, link: &str) {
        self.link.set_value(link);
        self.link.set_hidden(false);
        self.link.select();
    }
}
