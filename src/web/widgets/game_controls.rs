//! The game's controls: the variant picker (a pasted definition gets its own entry), New game,
//! Undo, Redo and Flip, the turn line above the board and the result banner over it.

use wasm_bindgen::prelude::*;
use web_sys::{
    Document, HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlOptionElement,
    HtmlSelectElement,
};

use crate::bundled;
use crate::describe;
use crate::ui::session::Session;

use super::{append, button, element};

/// The picker's value for the definition being played (its entry, not a bundled name).
pub const CUSTOM: &str = "fairylab-custom";

pub struct GameControls {
    pub variant: HtmlSelectElement,
    pub new_game: HtmlButtonElement,
    pub undo: HtmlButtonElement,
    pub redo: HtmlButtonElement,
    pub flip: HtmlButtonElement,
    pub turn: HtmlElement,
    pub banner: HtmlElement,
}

/// "morphing-chess-3" as "Morphing Chess 3".
fn title(name: &str) -> String {
    name.split('-')
        .map(|word| {
            let mut chars = word.chars();
            match chars.next() {
                Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl GameControls {
    /// The turn line and the board (`canvas` and the banner) go into `main`, the picker and
    /// the buttons into `panel`.
    pub fn build(
        document: &Document,
        canvas: &HtmlCanvasElement,
        main: &HtmlElement,
        panel: &HtmlElement,
    ) -> Result<GameControls, JsValue> {
        let turn: HtmlElement = element(document, "div", "fairylab-turn")?;
        let board: HtmlElement = element(document, "div", "fairylab-board")?;
        let banner: HtmlElement = element(document, "div", "fairylab-banner")?;
        banner.set_hidden(true);
        banner.set_attribute("role", "status")?;
        board.append_child(canvas)?;
        append(&board, &[&banner])?;
        append(main, &[&turn, &board])?;

        let picker_row: HtmlElement = element(document, "label", "fairylab-row")?;
        let picker_label: HtmlElement = element(document, "span", "")?;
        picker_label.set_text_content(Some("Variant"));
        let variant: HtmlSelectElement = element(document, "select", "fairylab-variant")?;
        for name in bundled::names() {
            let option = HtmlOptionElement::new_with_text_and_value(&title(name), name)?;
            variant.append_child(&option)?;
        }
        append(&picker_row, &[&picker_label, &variant])?;

        let buttons: HtmlElement = element(document, "div", "fairylab-row fairylab-buttons")?;
        let new_game = button(document, "New game", "", "fairylab-new")?;
        let undo = button(document, "\u{2190} Undo", "Undo one move", "fairylab-undo")?;
        let redo = button(document, "Redo \u{2192}", "Redo one move", "fairylab-redo")?;
        let flip = button(document, "\u{21c5} Flip", "Flip the board", "fairylab-flip")?;
        append(&buttons, &[&new_game, &undo, &redo, &flip])?;
        append(panel, &[&picker_row, &buttons])?;

        Ok(GameControls {
            variant,
            new_game,
            undo,
            redo,
            flip,
            turn,
            banner,
        })
    }

    pub fn show(&self, session: &Session) -> Result<(), JsValue> {
        let game = session.game();
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
            let label = format!("{} (definition)", crate::ui::names::listed(v));
            let option = match options.item(last).filter(|_| has_custom) {
                Some(option) => option,
                None => {
                    let option = HtmlOptionElement::new()?;
                    option.set_class_name("fairylab-custom");
                    self.variant.append_child(&option)?;
                    option.into()
                }
            };
            option.set_text_content(Some(&label));
            // Not the name, which may be a bundled variant's too.
            option.set_attribute("value", CUSTOM)?;
        }
        self.variant
            .set_value(if custom { CUSTOM } else { &v.name });

        let result = describe::result(game);
        let shown = session.shown();
        self.turn
            .set_text_content(Some(&match (session.viewing(), &result) {
                (Some(ply), _) => format!(
                    "Move {ply} of {}: {}",
                    game.played().len(),
                    describe::turn(shown)
                ),
                (None, Some(result)) => format!("Game over: {result}"),
                (None, None) => describe::turn(shown),
            }));
        match (session.viewing(), &result) {
            (None, Some(result)) => {
                self.banner.set_text_content(Some(result));
                self.banner.set_hidden(false);
            }
            _ => self.banner.set_hidden(true),
        }
        self.undo.set_disabled(game.played().is_empty());
        self.redo.set_disabled(!game.can_redo());
        Ok(())
    }
}
