//! The piece legend's handlers: a click on an entry (a diagram shown or closed; in the position
//! editor, the piece to place), board input and the pointer on a diagram, and the piece the
//! pointer rests on in the game. The diagram's model is [`DiagramView`].

use crate::piece::{PieceId, PieceType};
use crate::position::Colour;
use crate::ui::input::{Input, Key};
use crate::ui::layout::Cell;
use crate::ui::legend::{DiagramView, diagram, focus_text, inspect};

use super::{Applet, Effect, Overlay};

impl Applet {
    /// A click on a legend entry: in the position editor it picks the piece to place; else it
    /// shows the entry's diagram, or (the same entry again) returns to the game.
    pub fn legend_click(
        &mut self,
        letter: impl Into<PieceId>,
        colour: Colour,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        let letter = letter.into();
        if self.position_editor().is_some() {
            return self.setup_pick(letter, colour, fx);
        }
        let same = (self.diagram())
            .is_some_and(|d| d.letter == letter.to_ascii_uppercase() && d.colour == colour);
        if same {
            self.close_diagram(fx);
            return Ok(());
        }
        self.show_diagram(letter, colour, fx)
    }

    /// Shows the diagram of a piece on an empty board (the position editor, if open, closes).
    pub fn show_diagram(
        &mut self,
        letter: impl Into<PieceId>,
        colour: Colour,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        let letter = letter.into();
        let d = diagram(self.session.variant(), letter, colour, &self.board)?;
        self.overlay = Overlay::Diagram(Box::new(d));
        self.board.let_go();
        fx.push(Effect::ShowDesigner);
        fx.push(Effect::Redraw);
        Ok(())
    }

    /// Back to the game from a diagram (nothing happens without one).
    pub fn close_diagram(&mut self, fx: &mut Vec<Effect>) {
        if self.diagram().is_some() {
            self.overlay = Overlay::None;
            fx.push(Effect::ShowDesigner);
            fx.push(Effect::Redraw);
        }
    }

    /// The marks of the diagram shown, as (square, kind) names; `None` without one.
    pub fn diagram_shown(&self) -> Option<Vec<(String, &'static str)>> {
        let d = self.diagram()?;
        Some(
            (d.marks.iter())
                .map(|m| (m.cell.to_string(), m.kind.as_str()))
                .collect(),
        )
    }

    fn diagram_mut(&mut self) -> Option<&mut DiagramView> {
        match &mut self.overlay {
            Overlay::Diagram(d) => Some(d),
            _ => None,
        }
    }

    /// The pointer rests on `cell` of the game's board (None: on no piece, or off the board);
    /// on a diagram, on that square of it.
    pub fn inspect(&mut self, cell: Option<Cell>, fx: &mut Vec<Effect>) {
        if self.position_editor().is_some() {
            return self.set_inspect(None, fx);
        }
        if let Some(d) = self.diagram_mut() {
            let focus = cell.filter(|c| d.marks.iter().any(|m| m.cell == *c));
            if focus != d.board.diagram_focus {
                d.board.diagram_focus = focus;
                fx.push(Effect::ShowDesigner);
                fx.push(Effect::Redraw);
            }
            return;
        }
        let found = cell.and_then(|cell| {
            let pos = self.session.shown();
            let mut legal = Vec::new();
            if self.session.viewing().is_none() {
                pos.legal_moves(&mut legal);
            }
            inspect(pos, cell, &legal)
        });
        self.set_inspect(found, fx);
    }

    fn set_inspect(&mut self, found: Option<crate::ui::board::Inspect>, fx: &mut Vec<Effect>) {
        if found == self.board.inspect {
            return;
        }
        self.board.inspect = found;
        fx.push(Effect::ShowDesigner);
        fx.push(Effect::Redraw);
    }

    /// Board input while a diagram is shown: Escape returns to the game, the arrow keys move
    /// the cursor.
    pub(super) fn diagram_input(&mut self, input: Input, fx: &mut Vec<Effect>) {
        match input {
            Input::Key(Key::Escape) => self.close_diagram(fx),
            Input::Key(Key::Arrow(dx, dy)) => self.diagram_cursor(dx, dy, fx),
            _ => {}
        }
    }

    /// An arrow key on a diagram: the cursor moves, and the square it reaches is said (what
    /// the piece does there and how it gets there) and its way drawn.
    fn diagram_cursor(&mut self, dx: i32, dy: i32, fx: &mut Vec<Effect>) {
        let v = self.session.variant().clone();
        let Some(d) = self.diagram_mut() else {
            return;
        };
        let b = &mut d.board;
        if b.keyboard {
            b.step_cursor(dx, dy);
        } else {
            // The first key shows the cursor where the piece stands.
            b.keyboard = true;
            b.cursor = d.origin;
        }
        let cursor = b.cursor;
        b.diagram_focus = Some(cursor).filter(|c| d.marks.iter().any(|m| m.cell == *c));
        let name = |t: PieceType| (v.types.get(t.index())).map_or("piece", |ty| ty.name.as_str());
        fx.push(Effect::Announce(focus_text(d, cursor, &|t| {
            name(t).to_string()
        })));
        fx.push(Effect::ShowDesigner);
        fx.push(Effect::Redraw);
    }
}
