//! The move list in Game Courier notation, a row per pair of turns, each move a button that
//! shows the position after it (a move ahead, taken back or of the definition's game, goes
//! there: [`crate::ui::applet::Applet::seek`]); above it, "Showing the position after move
//! N" with a way back to the game, the steps (to the start, back, forward, to the end), and
//! for a variant with a `shuffle` key the start array's seed and FEN; below it, the comment of
//! the definition's game after the move shown, and why that game stops early if it does.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlElement};

use crate::piece::WHITE;
use crate::ui::session::Session;

use super::{append, button, element};

pub struct MoveList {
    /// A shuffle variant's start: "Start, seed N: FEN".
    pub start: HtmlElement,
    pub viewing: HtmlElement,
    pub viewing_text: HtmlElement,
    pub back: HtmlButtonElement,
    /// The steps: start, back, forward, end (`data-step`).
    pub steps: HtmlElement,
    step_buttons: Vec<HtmlButtonElement>,
    pub moves: HtmlElement,
    /// The definition's comment after the move shown.
    pub comment: HtmlElement,
    /// Why the definition's game stops early.
    pub warning: HtmlElement,
}

impl MoveList {
    pub fn build(document: &Document, panel: &HtmlElement) -> Result<MoveList, JsValue> {
        let viewing: HtmlElement = element(document, "div", "fairylab-viewing")?;
        viewing.set_hidden(true);
        let viewing_text: HtmlElement = element(document, "span", "")?;
        let back = button(document, "Back to the game", "", "fairylab-back")?;
        append(&viewing, &[&viewing_text, &back])?;
        let moves: HtmlElement = element(document, "ol", "fairylab-moves")?;
        moves.set_attribute("aria-label", "Moves")?;
        let start: HtmlElement = element(document, "div", "fairylab-start")?;
        start.set_hidden(true);
        let steps: HtmlElement = element(document, "div", "fairylab-row fairylab-steps")?;
        let mut step_buttons = Vec::new();
        for (label, title, step) in [
            ("\u{21e4}", "To the start", "start"),
            ("\u{25c0}", "Back one move", "back"),
            ("\u{25b6}", "Forward one move", "forward"),
            ("\u{21e5}", "To the end", "end"),
        ] {
            let b = button(document, label, title, "fairylab-step")?;
            b.set_attribute("data-step", step)?;
            b.set_attribute("aria-label", title)?;
            steps.append_child(&b)?;
            step_buttons.push(b);
        }
        let comment: HtmlElement = element(document, "p", "fairylab-comment")?;
        comment.set_attribute("aria-live", "polite")?;
        let warning: HtmlElement = element(document, "p", "fairylab-game-warning")?;
        warning.set_attribute("role", "note")?;
        append(
            panel,
            &[&viewing, &start, &steps, &moves, &comment, &warning],
        )?;
        Ok(MoveList {
            start,
            viewing,
            viewing_text,
            back,
            steps,
            step_buttons,
            moves,
            comment,
            warning,
        })
    }

    /// After a step from the keyboard in the list (whose buttons were rebuilt): the keyboard's
    /// focus on the move shown, else on the first step.
    pub fn focus_current(&self) -> Result<(), JsValue> {
        let marked = self.moves.query_selector("[aria-current]")?;
        match marked.and_then(|m| m.dyn_into::<HtmlElement>().ok()) {
            Some(m) => m.focus(),
            None => self.step_buttons[0].focus(),
        }
    }

    pub fn show(&self, document: &Document, session: &Session) -> Result<(), JsValue> {
        self.viewing.set_hidden(session.viewing().is_none());
        if let Some(ply) = session.viewing() {
            self.viewing_text
                .set_text_content(Some(&format!("Showing the position after move {ply}.")));
        }
        self.moves.set_text_content(None);
        let game = session.game();
        self.start.set_hidden(!game.variant().shuffles());
        if game.variant().shuffles() {
            let fen = crate::fen::to_fen(game.start());
            let text = match game.seed() {
                Some(seed) => format!("Start, seed {seed}: {fen}"),
                None => format!("Start: {fen}"),
            };
            self.start.set_text_content(Some(&text));
        }
        let line = session.line();
        let played = game.played().len();
        let current = session.shown_ply();
        let annotated = session.annotated();
        let agreeing = annotated.map_or(0, |a| a.agreeing(game));
        let mut number = game.start().fullmove_number();
        let mut row: Option<HtmlElement> = None;
        let mut turn: Option<HtmlElement> = None;
        for (i, (mover, text)) in line.iter().enumerate() {
            let new_turn = i == 0 || line[i - 1].0 != *mover;
            if new_turn {
                // White's turn starts a row; so does the first turn of the game.
                if *mover == WHITE || row.is_none() {
                    let li: HtmlElement = element(document, "li", "")?;
                    let num: HtmlElement = element(document, "span", "fairylab-num")?;
                    num.set_text_content(Some(&format!("{number}.")));
                    li.append_child(&num)?;
                    if *mover != WHITE {
                        let gap: HtmlElement = element(document, "span", "fairylab-turn-moves")?;
                        gap.set_text_content(Some("\u{2026}"));
                        li.append_child(&gap)?;
                    }
                    self.moves.append_child(&li)?;
                    row = Some(li);
                    number += 1;
                }
                let t: HtmlElement = element(document, "span", "fairylab-turn-moves")?;
                if let Some(li) = &row {
                    li.append_child(&t)?;
                }
                turn = Some(t);
            }
            let class = if i < played {
                "fairylab-move"
            } else {
                "fairylab-move fairylab-ahead"
            };
            let comment = (annotated.filter(|_| i < agreeing))
                .and_then(|a| a.list.comments.get(i + 1)?.as_deref());
            let b = button(document, text, comment.unwrap_or(""), class)?;
            b.set_attribute("data-ply", &(i + 1).to_string())?;
            if i + 1 == current {
                b.set_attribute("aria-current", "step")?;
            }
            if let Some(t) = &turn {
                t.append_child(&b)?;
            }
        }
        // The current move in sight (the list scrolls; the page does not).
        let marked = self.moves.query_selector("[aria-current]")?;
        let top = marked.and_then(|c| c.dyn_into::<HtmlElement>().ok());
        let top = top.map_or(self.moves.scroll_height(), |c| c.offset_top() - 40);
        self.moves.set_scroll_top(top);
        let comment = session.comment();
        self.comment.set_hidden(comment.is_none());
        self.comment.set_text_content(comment);
        let warning = annotated.and_then(|a| a.warning.as_deref());
        self.warning.set_hidden(warning.is_none());
        self.warning.set_text_content(warning);
        let line = line.len();
        // Not `disabled`: a disabled button loses the keyboard's focus.
        for (i, step) in self.step_buttons.iter().enumerate() {
            let end = if i < 2 { current == 0 } else { current >= line };
            step.set_attribute("aria-disabled", if end { "true" } else { "false" })?;
        }
        Ok(())
    }
}
