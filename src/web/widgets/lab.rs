//! The balance lab's controls in the designer's `lab` section: games and time per move, Run,
//! Measure values (games per imbalance then) and Stop, a `<progress>` bar with a status line, and the results table
//! (`table.fairylab-lab-table`, one column per rule set), all showing the lab's model.

use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlElement, HtmlInputElement};

use crate::ui::lab::{Lab, RowKind};

use super::{append, button, element};

pub struct LabControls {
    pub games: HtmlInputElement,
    pub time_ms: HtmlInputElement,
    pub run: HtmlButtonElement,
    pub measure: HtmlButtonElement,
    pub stop: HtmlButtonElement,
    pub progress: HtmlElement,
    pub status: HtmlElement,
    pub table: HtmlElement,
}

impl LabControls {
    /// Builds the controls into `section` (the designer's `lab` section).
    pub fn build(document: &Document, section: &HtmlElement) -> Result<LabControls, JsValue> {
        let heading: HtmlElement = element(document, "h3", "fairylab-lab-title")?;
        heading.set_text_content(Some("Balance lab"));
        let number = |text: &str, class: &str, value: &str, max: &str| -> Result<_, JsValue> {
            let row: HtmlElement = element(document, "label", "fairylab-row")?;
            let label: HtmlElement = element(document, "span", "")?;
            label.set_text_content(Some(text));
            let input: HtmlInputElement = element(document, "input", class)?;
            input.set_type("number");
            input.set_min("1");
            input.set_max(max);
            input.set_value(value);
            append(&row, &[&label, &input])?;
            Ok((row, input))
        };
        let (games_row, games) = number("Games", "fairylab-lab-games", "10", "10000")?;
        let (time_row, time_ms) = number("ms per move", "fairylab-lab-time", "20", "60000")?;
        let buttons: HtmlElement = element(document, "div", "fairylab-row fairylab-buttons")?;
        let run = button(
            document,
            "Run",
            "Play the engine against itself under these rules",
            "fairylab-lab-run",
        )?;
        let measure = button(
            document,
            "Measure values",
            "Measure each piece's value in pawns by games from imbalanced starts",
            "fairylab-lab-measure",
        )?;
        let stop = button(
            document,
            "Stop",
            "Stop the balance run",
            "fairylab-lab-stop",
        )?;
        append(&buttons, &[&run, &measure, &stop])?;
        let progress: HtmlElement = element(document, "progress", "fairylab-lab-progress")?;
        progress.set_attribute("aria-label", "Games played")?;
        let status: HtmlElement = element(document, "div", "fairylab-lab-status")?;
        status.set_attribute("aria-live", "polite")?;
        let table: HtmlElement = element(document, "table", "fairylab-lab-table")?;
        append(
            section,
            &[
                &heading, &games_row, &time_row, &buttons, &progress, &status, &table,
            ],
        )?;
        let controls = LabControls {
            games,
            time_ms,
            run,
            measure,
            stop,
            progress,
            status,
            table,
        };
        controls.show(document, &Lab::default())?;
        Ok(controls)
    }

    /// Shows the lab: buttons, progress, status and the table of its latest report.
    pub fn show(&self, document: &Document, lab: &Lab) -> Result<(), JsValue> {
        let running = lab.running();
        self.run.set_disabled(running);
        self.measure.set_disabled(running);
        self.stop.set_disabled(!running);
        let (done, total) = lab.progress();
        self.progress
            .set_attribute("max", &total.max(1).to_string())?;
        self.progress.set_attribute("value", &done.to_string())?;
        self.progress.set_hidden(total == 0);
        self.status.set_text_content(Some(&lab.status()));
        self.status.set_class_name(match lab.state {
            crate::ui::lab::RunState::Failed(_) => "fairylab-lab-status fairylab-lab-failed",
            _ => "fairylab-lab-status",
        });

        self.table.set_text_content(None);
        let rows = lab.rows();
        self.table.set_hidden(rows.is_empty());
        for row in rows {
            let tr: HtmlElement = element(document, "tr", "")?;
            let (label_tag, cell_tag) = match row.kind {
                RowKind::Heading => ("th", "th"),
                RowKind::Group | RowKind::Value => ("th", "td"),
            };
            let label: HtmlElement = element(document, label_tag, "")?;
            label.set_text_content(Some(&row.label));
            match row.kind {
                RowKind::Heading => label.set_attribute("scope", "col")?,
                RowKind::Group => {
                    tr.set_class_name("fairylab-lab-group");
                    label.set_attribute("colspan", "3")?;
                }
                RowKind::Value => label.set_attribute("scope", "row")?,
            }
            tr.append_child(&label)?;
            for text in &row.cells {
                let cell: HtmlElement = element(document, cell_tag, "")?;
                if row.kind == RowKind::Heading {
                    cell.set_attribute("scope", "col")?;
                }
                cell.set_text_content(Some(text));
                tr.append_child(&cell)?;
            }
            self.table.append_child(&tr)?;
        }
        Ok(())
    }
}
