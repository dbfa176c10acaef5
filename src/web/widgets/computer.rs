//! The computer player's controls: who plays, the level, Hint / Stop / Go, the thinking
//! readout (status, depth · score · speed, principal variation) and the piece values.

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlElement, HtmlSelectElement};

use crate::ui::computer::ComputerView;
use crate::ui::player::{Level, Mode};

use super::{append, button, element};

/// The computer player's controls: who plays, the level, Hint / Stop / Go, the thinking
/// readout (status, depth · score · speed, principal variation) and the piece values.
pub struct ComputerControls {
    /// "Play the computer": the human takes the side to move, the computer the other.
    pub play: HtmlButtonElement,
    pub mode: HtmlSelectElement,
    pub level: HtmlSelectElement,
    pub hint: HtmlButtonElement,
    pub stop: HtmlButtonElement,
    pub go: HtmlButtonElement,
    pub status: HtmlElement,
    pub summary: HtmlElement,
    pub pv: HtmlElement,
    pub values: HtmlElement,
}

impl ComputerControls {
    /// Builds the controls in a `.fairylab-extra` box at the end of `panel`.
    pub fn build(document: &Document, panel: &HtmlElement) -> Result<ComputerControls, JsValue> {
        let extra: HtmlElement = element(document, "div", "fairylab-extra")?;
        panel.append_child(&extra)?;
        let parent = &extra;
        let play = button(
            document,
            "Play the computer",
            "Play the side to move against the computer",
            "fairylab-ai-play",
        )?;
        parent.append_child(&play)?;
        let select_row = |text: &str, class: &str| -> Result<_, JsValue> {
            let row: HtmlElement = element(document, "label", "fairylab-row")?;
            let label: HtmlElement = element(document, "span", "")?;
            label.set_text_content(Some(text));
            let select: HtmlSelectElement = element(document, "select", class)?;
            append(&row, &[&label, &select])?;
            parent.append_child(&row)?;
            Ok(select)
        };
        let mode = select_row("Players", "fairylab-ai-mode")?;
        for m in Mode::ALL {
            let option =
                web_sys::HtmlOptionElement::new_with_text_and_value(m.label(), m.as_str())?;
            mode.append_child(&option)?;
        }
        let level = select_row("Level", "fairylab-ai-level")?;
        for n in Level::MIN..=Level::MAX {
            let l = Level::new(n).unwrap_or_default();
            let option =
                web_sys::HtmlOptionElement::new_with_text_and_value(&l.label(), &n.to_string())?;
            level.append_child(&option)?;
        }

        let buttons: HtmlElement = element(document, "div", "fairylab-row fairylab-buttons")?;
        let hint = button(
            document,
            "Hint",
            "Show the move the computer suggests",
            "fairylab-ai-hint",
        )?;
        let stop = button(document, "Stop", "Stop the computer", "fairylab-ai-stop")?;
        let go = button(
            document,
            "Go",
            "Let the computer move now",
            "fairylab-ai-go",
        )?;
        append(&buttons, &[&hint, &stop, &go])?;
        parent.append_child(&buttons)?;

        let readout: HtmlElement = element(document, "div", "fairylab-ai-readout")?;
        let status: HtmlElement = element(document, "div", "fairylab-ai-status")?;
        let summary: HtmlElement = element(document, "div", "fairylab-ai-summary")?;
        let pv: HtmlElement = element(document, "div", "fairylab-ai-pv")?;
        pv.set_title("Principal variation: the line the computer expects");
        append(&readout, &[&status, &summary, &pv])?;
        let values: HtmlElement = element(document, "div", "fairylab-ai-values")?;
        values.set_title("The computer's estimated piece values, in pawns");
        append(parent, &[&readout, &values])?;

        Ok(ComputerControls {
            play,
            mode,
            level,
            hint,
            stop,
            go,
            status,
            summary,
            pv,
            values,
        })
    }

    pub fn show(&self, view: &ComputerView) {
        self.mode.set_value(view.mode.as_str());
        self.play.set_hidden(view.mode != Mode::Human);
        self.level.set_value(&view.level.number().to_string());
        self.hint.set_disabled(!view.can_hint);
        self.stop.set_disabled(!view.can_stop);
        self.go.set_disabled(!view.can_go);
        let text = |el: &HtmlElement, text: &str| {
            if el.text_content().as_deref() != Some(text) {
                el.set_text_content(Some(text));
            }
            el.set_hidden(text.is_empty());
        };
        text(&self.status, &view.status);
        text(&self.summary, &view.summary);
        text(&self.pv, &view.pv);
        let values = if view.values.is_empty() {
            String::new()
        } else {
            format!("Piece values: {}", view.values)
        };
        text(&self.values, &values);
    }
}
