//! The applet's controls around its canvas, built as DOM elements: the variant picker, game
//! buttons, the turn line and result banner, the move list, FEN copy and paste, a definition
//! editor, a message line and an aria-live region. It shows texts the core wrote; the applet
//! (`app.rs`) attaches the listeners.
//!
//! ```text
//! div.fairylab
//!   div.fairylab-main      turn line, then the board (canvas + result banner)
//!   div.fairylab-panel     picker, buttons, the computer player (.fairylab-extra: mode,
//!                          level, hint / stop / go, thinking readout, piece values),
//!                          move list, FEN, definition, message, live region
//! ```

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlSelectElement, HtmlTextAreaElement,
};

use crate::bundled;
use crate::describe;

use super::state::State;
use crate::ui::player::{Level, Mode};

pub struct Panel {
    pub root: HtmlElement,
    pub variant: HtmlSelectElement,
    pub new_game: HtmlButtonElement,
    pub undo: HtmlButtonElement,
    pub redo: HtmlButtonElement,
    pub flip: HtmlButtonElement,
    pub turn: HtmlElement,
    pub banner: HtmlElement,
    pub viewing: HtmlElement,
    pub viewing_text: HtmlElement,
    pub back: HtmlButtonElement,
    pub moves: HtmlElement,
    pub fen: HtmlInputElement,
    pub copy: HtmlButtonElement,
    pub paste: HtmlInputElement,
    pub load_fen: HtmlButtonElement,
    pub definition: HtmlTextAreaElement,
    pub load_definition: HtmlButtonElement,
    pub message: HtmlElement,
    pub live: HtmlElement,
    pub computer: ComputerControls,
    /// The variant whose text the definition editor holds, so edits survive other updates.
    shown_definition: std::cell::RefCell<String>,
}

fn element<T: JsCast>(document: &Document, tag: &str, class: &str) -> Result<T, JsValue> {
    let el = document.create_element(tag)?;
    if !class.is_empty() {
        el.set_class_name(class);
    }
    el.dyn_into::<T>()
        .map_err(|_| JsError::new(&format!("<{tag}> has an unexpected type")).into())
}

fn button(
    document: &Document,
    text: &str,
    label: &str,
    class: &str,
) -> Result<HtmlButtonElement, JsValue> {
    let b: HtmlButtonElement = element(document, "button", class)?;
    b.set_type("button");
    b.set_text_content(Some(text));
    if !label.is_empty() {
        b.set_title(label);
        b.set_attribute("aria-label", label)?;
    }
    Ok(b)
}

fn append(parent: &HtmlElement, children: &[&HtmlElement]) -> Result<(), JsValue> {
    for child in children {
        parent.append_child(child)?;
    }
    Ok(())
}

/// "morphing-chess-3" as "Morphing Chess 3".
fn title(name: &str) -> String {
    name.split('-')
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Panel {
    /// Builds the controls and moves `canvas` into them, where the canvas was.
    pub fn build(document: &Document, canvas: &HtmlCanvasElement) -> Result<Panel, JsValue> {
        let root: HtmlElement = element(document, "div", "fairylab")?;
        if let Some(parent) = canvas.parent_node() {
            parent.insert_before(&root, Some(canvas))?;
        }

        let main: HtmlElement = element(document, "div", "fairylab-main")?;
        let turn: HtmlElement = element(document, "div", "fairylab-turn")?;
        let board: HtmlElement = element(document, "div", "fairylab-board")?;
        let banner: HtmlElement = element(document, "div", "fairylab-banner")?;
        banner.set_hidden(true);
        banner.set_attribute("role", "status")?;
        board.append_child(canvas)?;
        append(&board, &[&banner])?;
        append(&main, &[&turn, &board])?;

        let panel: HtmlElement = element(document, "div", "fairylab-panel")?;

        let picker_row: HtmlElement = element(document, "label", "fairylab-row")?;
        let picker_label: HtmlElement = element(document, "span", "")?;
        picker_label.set_text_content(Some("Variant"));
        let variant: HtmlSelectElement = element(document, "select", "fairylab-variant")?;
        for name in bundled::names() {
            let option = web_sys::HtmlOptionElement::new_with_text_and_value(&title(name), name)?;
            variant.append_child(&option)?;
        }
        append(&picker_row, &[&picker_label, &variant])?;

        let buttons: HtmlElement = element(document, "div", "fairylab-row fairylab-buttons")?;
        let new_game = button(document, "New game", "", "fairylab-new")?;
        let undo = button(document, "\u{2190} Undo", "Undo one move", "fairylab-undo")?;
        let redo = button(document, "Redo \u{2192}", "Redo one move", "fairylab-redo")?;
        let flip = button(document, "\u{21c5} Flip", "Flip the board", "fairylab-flip")?;
        append(&buttons, &[&new_game, &undo, &redo, &flip])?;

        let extra: HtmlElement = element(document, "div", "fairylab-extra")?;
        let computer = ComputerControls::build(document, &extra)?;

        let viewing: HtmlElement = element(document, "div", "fairylab-viewing")?;
        viewing.set_hidden(true);
        let viewing_text: HtmlElement = element(document, "span", "")?;
        let back = button(document, "Back to the game", "", "fairylab-back")?;
        append(&viewing, &[&viewing_text, &back])?;

        let moves: HtmlElement = element(document, "ol", "fairylab-moves")?;
        moves.set_attribute("aria-label", "Moves")?;

        let fen_row: HtmlElement = element(document, "div", "fairylab-row fairylab-fen")?;
        let fen: HtmlInputElement = element(document, "input", "fairylab-fen-out")?;
        fen.set_read_only(true);
        fen.set_attribute("aria-label", "FEN of the position shown")?;
        fen.set_spellcheck(false);
        let copy = button(document, "Copy FEN", "", "fairylab-copy")?;
        append(&fen_row, &[&fen, &copy])?;

        let paste_row: HtmlElement = element(document, "div", "fairylab-row fairylab-fen")?;
        let paste: HtmlInputElement = element(document, "input", "fairylab-fen-in")?;
        paste.set_placeholder("Paste a FEN");
        paste.set_attribute("aria-label", "FEN to set up")?;
        paste.set_spellcheck(false);
        let load_fen = button(document, "Set up", "Set up this FEN", "fairylab-load-fen")?;
        append(&paste_row, &[&paste, &load_fen])?;

        let details: HtmlElement = element(document, "details", "fairylab-definition")?;
        let summary: HtmlElement = element(document, "summary", "")?;
        summary.set_text_content(Some("Variant definition"));
        let definition: HtmlTextAreaElement = element(document, "textarea", "")?;
        definition.set_rows(8);
        definition.set_attribute("wrap", "off")?;
        definition.set_spellcheck(false);
        definition.set_attribute("aria-label", "Interactive Diagram definition")?;
        let load_definition = button(
            document,
            "Play this definition",
            "",
            "fairylab-load-definition",
        )?;
        append(&details, &[&summary])?;
        details.append_child(&definition)?;
        details.append_child(&load_definition)?;

        let message: HtmlElement = element(document, "p", "fairylab-message")?;
        message.set_attribute("role", "alert")?;
        message.set_hidden(true);
        let live: HtmlElement = element(document, "div", "fairylab-live")?;
        live.set_attribute("aria-live", "polite")?;

        append(
            &panel,
            &[
                &picker_row,
                &buttons,
                &extra,
                &viewing,
                &moves,
                &fen_row,
                &paste_row,
                &details,
                &message,
                &live,
            ],
        )?;
        append(&root, &[&main, &panel])?;

        Ok(Panel {
            root,
            variant,
            new_game,
            undo,
            redo,
            flip,
            turn,
            banner,
            viewing,
            viewing_text,
            back,
            moves,
            fen,
            copy,
            paste,
            load_fen,
            definition,
            load_definition,
            message,
            live,
            computer,
            shown_definition: Default::default(),
        })
    }

    /// Shows the state: picker, turn, result, buttons, moves, FEN.
    pub fn update(&self, document: &Document, state: &State) -> Result<(), JsValue> {
        let game = &state.game;
        let v = game.variant();

        // A pasted definition gets its own entry in the picker.
        let custom = !describe::is_bundled(v);
        let options = self.variant.options();
        let last = options.length().saturating_sub(1);
        let has_custom = options
            .item(last)
            .is_some_and(|o| o.class_name() == "fairylab-custom");
        if has_custom && !custom {
            options.remove(last as i32)?;
        }
        if custom {
            let label = format!("{} (definition)", v.name);
            let option = match options.item(last).filter(|_| has_custom) {
                Some(option) => option,
                None => {
                    let option = web_sys::HtmlOptionElement::new()?;
                    option.set_class_name("fairylab-custom");
                    self.variant.append_child(&option)?;
                    option.into()
                }
            };
            option.set_text_content(Some(&label));
            option.set_attribute("value", &v.name)?;
        }
        self.variant.set_value(&v.name);
        if *self.shown_definition.borrow() != v.name {
            self.definition.set_value(v.source.trim_end());
            *self.shown_definition.borrow_mut() = v.name.clone();
        }

        let result = describe::result(game);
        let shown = state.shown();
        self.turn
            .set_text_content(Some(&match (&state.view, &result) {
                (Some((ply, _)), _) => format!(
                    "Move {ply} of {}: {}",
                    game.played().len(),
                    describe::turn(shown)
                ),
                (None, Some(result)) => format!("Game over: {result}"),
                (None, None) => describe::turn(shown),
            }));
        match (&state.view, &result) {
            (None, Some(result)) => {
                self.banner.set_text_content(Some(result));
                self.banner.set_hidden(false);
            }
            _ => self.banner.set_hidden(true),
        }

        self.undo.set_disabled(game.played().is_empty());
        self.redo.set_disabled(!game.can_redo());
        self.viewing.set_hidden(state.view.is_none());
        if let Some((ply, _)) = &state.view {
            self.viewing_text
                .set_text_content(Some(&format!("Showing the position after move {ply}.")));
        }
        self.fen.set_value(&crate::fen::to_fen(shown));
        self.update_moves(document, state)
    }

    /// The move list, a row per pair of turns, each move a button that shows its position.
    fn update_moves(&self, document: &Document, state: &State) -> Result<(), JsValue> {
        self.moves.set_text_content(None);
        let played = state.game.played();
        let current = state.shown_ply();
        let mut number = state.game.start().fullmove_number();
        let mut row: Option<(HtmlElement, usize)> = None;
        let mut turn: Option<HtmlElement> = None;
        for (i, p) in played.iter().enumerate() {
            let new_turn = i == 0 || played[i - 1].mover != p.mover;
            if new_turn {
                // White's turn starts a row; so does the first turn of the game.
                if p.mover == 0 || row.is_none() {
                    let li: HtmlElement = element(document, "li", "")?;
                    let num: HtmlElement = element(document, "span", "fairylab-num")?;
                    num.set_text_content(Some(&format!("{number}.")));
                    li.append_child(&num)?;
                    if p.mover != 0 {
                        let gap: HtmlElement = element(document, "span", "fairylab-turn-moves")?;
                        gap.set_text_content(Some("\u{2026}"));
                        li.append_child(&gap)?;
                    }
                    self.moves.append_child(&li)?;
                    row = Some((li, i));
                    number += 1;
                }
                let t: HtmlElement = element(document, "span", "fairylab-turn-moves")?;
                if let Some((li, _)) = &row {
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

    /// Shows an error, or clears it.
    pub fn show_message(&self, text: Option<&str>) {
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

/// The computer player's controls: who plays, the level, Hint / Stop / Go, the thinking
/// readout (status, depth · score · speed, principal variation) and the piece values.
pub struct ComputerControls {
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

/// What the computer's part of the panel shows.
pub struct ComputerView {
    pub mode: Mode,
    pub level: Level,
    pub can_hint: bool,
    pub can_stop: bool,
    pub can_go: bool,
    pub status: String,
    pub summary: String,
    pub pv: String,
    pub values: String,
}

impl ComputerControls {
    fn build(document: &Document, parent: &HtmlElement) -> Result<ComputerControls, JsValue> {
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
