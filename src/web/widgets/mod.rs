//! The applet's controls around its canvas, one widget a file, each owning its elements and
//! showing what the model says: `game_controls` (variant picker, game buttons, turn line,
//! result banner), `computer` (players, level, Hint / Stop / Go, readout, piece values),
//! `move_list` (the moves, and the past position viewed), `fen` (copy and paste),
//! `definition` (the definition editor), `messages` (the error line and the aria-live
//! region), `notice` (the definition's `not played:` warnings below the board), `designer`
//! (designer mode's panel, one section per tool). [`Panel`] builds them around the canvas; the app (`app.rs`) binds their events.
//! Designer mode's widgets go here too: `editor` (the live rules editor); the piece legend,
//! setup editor and balance lab.
//!
//! ```text
//! div.fairylab
//!   div.fairylab-main      turn line, then the board (canvas + result banner)
//!   div.fairylab-panel     picker, buttons, the computer player (.fairylab-extra: mode,
//!                          level, hint / stop / go, thinking readout, piece values),
//!                          move list, FEN, definition, message, live region
//! ```

pub mod computer;
pub mod definition;
pub mod designer;
pub mod editor;
pub mod fen;
pub mod game_controls;
pub mod game_text;
pub mod lab;
pub mod legend;
pub mod messages;
pub mod move_list;
pub mod notice;
pub mod setup;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, HtmlButtonElement, HtmlCanvasElement, HtmlElement};

use crate::ui::session::Session;

pub use computer::ComputerControls;
pub use definition::Definition;
pub use designer::Designer;
pub use editor::RulesEditorControls;
pub use fen::Fen;
pub use game_controls::GameControls;
pub use game_text::GameText;
pub use legend::Legend;
pub use messages::Messages;
pub use move_list::MoveList;
pub use notice::Notice;
pub use setup::PositionEditorControls;

/// Every widget of one applet.
pub struct Panel {
    /// The outermost element (the board and its controls).
    pub root: HtmlElement,
    pub game: GameControls,
    pub computer: ComputerControls,
    pub moves: MoveList,
    pub fen: Fen,
    pub game_text: GameText,
    pub definition: Definition,
    pub messages: Messages,
    /// The definition's `not played:` warnings, below the board.
    pub notice: Notice,
    pub designer: Designer,
    /// The piece legend (in the designer) and its lines below the board.
    pub legend: Legend,
    /// The start-position editor and the rules editor (in the designer): the page's only,
    /// read through [`Panel::position_editor`] and [`Panel::rules_editor`].
    position_editor: Option<PositionEditorControls>,
    rules_editor: Option<RulesEditorControls>,
}

impl Panel {
    /// The start-position editor. None in a build without the `page` feature (the embed's),
    /// known when compiling, so that the editor's code and its model's drop out of the wasm.
    pub fn position_editor(&self) -> Option<&PositionEditorControls> {
        self.position_editor
            .as_ref()
            .filter(|_| cfg!(feature = "page"))
    }

    /// The rules editor, likewise the page's only.
    pub fn rules_editor(&self) -> Option<&RulesEditorControls> {
        self.rules_editor
            .as_ref()
            .filter(|_| cfg!(feature = "page"))
    }

    /// Builds the controls and moves `canvas` into them, where the canvas was.
    pub fn build(document: &Document, canvas: &HtmlCanvasElement) -> Result<Panel, JsValue> {
        let root: HtmlElement = element(document, "div", "fairylab")?;
        if let Some(parent) = canvas.parent_node() {
            parent.insert_before(&root, Some(canvas))?;
        }
        let main: HtmlElement = element(document, "div", "fairylab-main")?;
        let panel: HtmlElement = element(document, "div", "fairylab-panel")?;
        let game = GameControls::build(document, canvas, &main, &panel)?;
        let computer = ComputerControls::build(document, &panel)?;
        let moves = MoveList::build(document, &panel)?;
        let fen = Fen::build(document, &panel)?;
        let game_text = GameText::build(document, &panel)?;
        let definition = Definition::build(document, &panel)?;
        let messages = Messages::build(document, &panel)?;
        let notice = Notice::build(document, &main)?;
        let designer = Designer::build(document, &panel)?;
        let legend = Legend::build(document, &designer.legend, &main)?;
        // The start-position editor is the page's (the embed build leaves it out, for its
        // size budget; it has no JavaScript methods).
        let position_editor = if cfg!(feature = "page") {
            Some(PositionEditorControls::build(document, &designer.setup)?)
        } else {
            None
        };
        // The rules editor is the page's too (setDefinition() works in embedded boards).
        let rules_editor = if cfg!(feature = "page") {
            Some(RulesEditorControls::build(document, &designer.editor)?)
        } else {
            None
        };
        append(&root, &[&main, &panel])?;
        Ok(Panel {
            root,
            game,
            computer,
            moves,
            fen,
            game_text,
            definition,
            messages,
            notice,
            designer,
            legend,
            position_editor,
            rules_editor,
        })
    }

    /// Shows the game: picker, turn, result, buttons, moves, FEN, definition.
    pub fn show(&self, document: &Document, session: &Session) -> Result<(), JsValue> {
        self.game.show(session)?;
        self.definition.show(session);
        self.fen.show(session);
        self.notice.show(session);
        self.moves.show(document, session)
    }
}

pub(crate) fn element<T: JsCast>(
    document: &Document,
    tag: &str,
    class: &str,
) -> Result<T, JsValue> {
    let el = document.create_element(tag)?;
    if !class.is_empty() {
        el.set_class_name(class);
    }
    el.dyn_into::<T>()
        .map_err(|_| JsError::new(&format!("<{tag}> has an unexpected type")).into())
}

pub(crate) fn button(
    document: &Document,
    text: &str,
    label: &str,
    class: &str,
) -> Result<HtmlButtonElement, JsValue> {
    let b: HtmlButtonElement = element(document, "button", class)?;
    b.set_type("button");
    b.set_text_content(Some(text));
    // The longer text is a tooltip and the description; the name stays the visible text, so
    // that what a voice-control user reads off the screen is what the button is called.
    if !label.is_empty() {
        b.set_title(label);
    }
    Ok(b)
}

pub(crate) fn append(parent: &HtmlElement, children: &[&HtmlElement]) -> Result<(), JsValue> {
    for child in children {
        parent.append_child(child)?;
    }
    Ok(())
}
