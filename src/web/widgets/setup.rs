//! The start-position editor's controls (the designer's setup section): Set up a position
//! (`.fairylab-setup-open`), and while it is open: the eraser, Clear, the side to move, Play
//! from here (`.fairylab-setup-play`; a refusal's reasons in `.fairylab-setup-problem`), Back
//! to the game, and the exports: FEN and the Interactive Diagram setup text (or why not).

use wasm_bindgen::prelude::*;
use web_sys::{
    Document, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlOptionElement,
    HtmlSelectElement, HtmlTextAreaElement,
};

use crate::position::WHITE;
use crate::ui::setup::{Brush, PositionEditor};

use super::{append, button, element};

pub struct PositionEditorControls {
    pub open: HtmlButtonElement,
    /// Everything shown while the editor is open.
    pub tools: HtmlElement,
    pub eraser: HtmlButtonElement,
    pub clear: HtmlButtonElement,
    pub side: HtmlSelectElement,
    pub play: HtmlButtonElement,
    pub leave: HtmlButtonElement,
    pub problem: HtmlElement,
    pub fen: HtmlInputElement,
    pub fen_note: HtmlElement,
    pub definition: HtmlTextAreaElement,
    pub definition_note: HtmlElement,
}

impl PositionEditorControls {
    pub fn build(
        document: &Document,
        section: &HtmlElement,
    ) -> Result<PositionEditorControls, JsValue> {
        let heading: HtmlElement = element(document, "h3", "")?;
        heading.set_text_content(Some("Start position"));
        let open = button(
            document,
            "Set up a position",
            "Edit the position shown, then play from it",
            "fairylab-setup-open",
        )?;
        let tools: HtmlElement = element(document, "div", "fairylab-setup-tools")?;
        tools.set_hidden(true);

        let row: HtmlElement = element(document, "div", "fairylab-row")?;
        let eraser = button(
            document,
            "Eraser",
            "Click pieces to take them off",
            "fairylab-setup-eraser",
        )?;
        eraser.set_attribute("aria-pressed", "false")?;
        let clear = button(document, "Clear board", "", "fairylab-setup-clear")?;
        let side_label: HtmlElement = element(document, "label", "fairylab-setup-side-label")?;
        side_label.set_text_content(Some("To move "));
        let side: HtmlSelectElement = element(document, "select", "fairylab-setup-side")?;
        for (value, text) in [("white", "White"), ("black", "Black")] {
            let option: HtmlOptionElement = element(document, "option", "")?;
            option.set_value(value);
            option.set_text(text);
            side.append_child(&option)?;
        }
        side_label.append_child(&side)?;
        append(&row, &[&eraser, &clear, &side_label])?;

        let actions: HtmlElement = element(document, "div", "fairylab-row")?;
        let play = button(
            document,
            "Play from here",
            "Start a new game from this position",
            "fairylab-setup-play",
        )?;
        let leave = button(
            document,
            "Back to the game",
            "Leave without playing",
            "fairylab-setup-leave",
        )?;
        append(&actions, &[&play, &leave])?;
        let problem: HtmlElement = element(document, "p", "fairylab-setup-problem")?;
        problem.set_attribute("role", "alert")?;

        let fen_label: HtmlElement = element(document, "label", "fairylab-setup-export")?;
        fen_label.set_text_content(Some("FEN"));
        let fen: HtmlInputElement = element(document, "input", "fairylab-setup-fen")?;
        fen.set_read_only(true);
        fen.set_spellcheck(false);
        fen_label.append_child(&fen)?;
        let fen_note: HtmlElement = element(document, "p", "fairylab-setup-note")?;
        let def_label: HtmlElement = element(document, "label", "fairylab-setup-export")?;
        def_label.set_text_content(Some("Interactive Diagram setup"));
        let definition: HtmlTextAreaElement =
            element(document, "textarea", "fairylab-setup-definition")?;
        definition.set_read_only(true);
        definition.set_spellcheck(false);
        definition.set_rows(6);
        def_label.append_child(&definition)?;
        let definition_note: HtmlElement = element(document, "p", "fairylab-setup-note")?;
        append(
            &tools,
            &[
                &row,
                &actions,
                &problem,
                &fen_label,
                &fen_note,
                &def_label,
                &definition_note,
            ],
        )?;
        append(section, &[&heading, &open, &tools])?;
        Ok(PositionEditorControls {
            open,
            tools,
            eraser,
            clear,
            side,
            play,
            leave,
            problem,
            fen,
            fen_note,
            definition,
            definition_note,
        })
    }

    /// Shows the editor (`None`: closed).
    pub fn show(&self, model: Option<&PositionEditor>) -> Result<(), JsValue> {
        let Some(m) = model else {
            self.open.set_hidden(false);
            self.tools.set_hidden(true);
            return Ok(());
        };
        self.open.set_hidden(true);
        self.tools.set_hidden(false);
        let erasing = m.brush == Some(Brush::Eraser);
        self.eraser
            .set_attribute("aria-pressed", if erasing { "true" } else { "false" })?;
        let side = if m.draft.side_to_move() == WHITE {
            "white"
        } else {
            "black"
        };
        self.side.set_value(side);
        self.problem.set_text_content(Some(&m.problems.join(" ")));
        self.problem.set_hidden(m.problems.is_empty());
        let export = |result: Result<String, String>, note: &HtmlElement, what: &str| match result {
            Ok(text) => {
                note.set_hidden(true);
                text
            }
            Err(why) => {
                note.set_text_content(Some(&format!("No {what}: {why}")));
                note.set_hidden(false);
                String::new()
            }
        };
        self.fen.set_value(&export(m.fen(), &self.fen_note, "FEN"));
        self.definition
            .set_value(&export(m.definition(), &self.definition_note, "setup text"));
        Ok(())
    }
}
