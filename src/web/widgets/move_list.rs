//! The move list in Game Courier notation, a row per pair of turns, each move a button that
//! shows the position after it; above it, "Showing the position after move N" with a way back
//! to the game, and for a variant with a `shuffle` key the start array's seed and FEN.

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
    pub moves: HtmlElement,
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
        append(panel, &[&viewing, &start, &moves])?;
        Ok(MoveList {
            start,
            viewing,
            viewing_text,
            back,
            moves,
        })
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
        let played = game.played();
        let current = session.shown_ply();
        let mut number = game.start().fullmove_number();
        let mut row: Option<HtmlElement> = None;
        let mut turn: Option<HtmlElement> = None;
        for (i, p) in played.iter().enumerate() {
            let new_turn = i == 0 || played[i - 1].mover != p.mover;
            if new_turn {
                // White's turn starts a row; so does the first turn of the game.
                if p.mover == WHITE || row.is_none() {
                    let li: HtmlElement = element(document, "li", "")?;
                    let num: HtmlElement = element(document, "span", "fairylab-num")?;
                    num.set_text_content(Some(&format!("{number}.")));
                    li.append_child(&num)?;
                    if p.mover != WHITE {
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
            let b = button(document, &p.courier, "", "fairylab-move")?;
            b.set_attribute("data-ply", &(i + 1).to_string())?;
            if i + 1 == current {
                b.set_attribute("aria-current", "step")?;
            }
            if let Some(t) = &turn {
                t.append_child(&b)?;
            }
        }
        self.moves.set_scroll_top(self.moves.scroll_height());
        Ok(())
    }
}
