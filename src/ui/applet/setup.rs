//! The position editor's handlers: open it on the position shown, leave it, clear the board,
//! pick the side to move, the brush (a legend piece or the eraser), a legend sprite dropped on
//! the board, board input while it is open, and Play. The editor's model is
//! [`PositionEditor`].

use crate::designer::setup::{Placed, PositionDraft};
use crate::piece::PieceId;
use crate::position::Colour;
use crate::ui::input::{self, Input, Key};
use crate::ui::layout::Cell;
use crate::ui::setup::{Brush, PositionEditor};

use super::{Applet, Effect, Overlay};

impl Applet {
    /// Opens the editor on the position shown (a diagram closes).
    pub fn open_setup(&mut self, fx: &mut Vec<Effect>) {
        self.board.inspect = None;
        self.board.let_go();
        let draft = PositionDraft::from_position(self.session.shown());
        let editor = PositionEditor::new(draft, &self.board);
        self.overlay = Overlay::PositionEditor(Box::new(editor));
        fx.push(Effect::ShowDesigner);
        fx.push(Effect::Redraw);
    }

    /// Back to the game, the setup abandoned.
    pub fn close_setup(&mut self, fx: &mut Vec<Effect>) {
        if self.position_editor().is_some() {
            self.overlay = Overlay::None;
            fx.push(Effect::ShowDesigner);
            fx.push(Effect::Redraw);
        }
    }

    fn with_setup(&mut self, fx: &mut Vec<Effect>, f: impl FnOnce(&mut PositionEditor)) {
        if let Some(setup) = self.position_editor_mut() {
            f(setup);
            fx.push(Effect::ShowDesigner);
            fx.push(Effect::Redraw);
        }
    }

    pub fn setup_clear(&mut self, fx: &mut Vec<Effect>) {
        self.with_setup(fx, |s| {
            s.draft.clear();
            s.sync();
        });
    }

    pub fn setup_side(&mut self, colour: Colour, fx: &mut Vec<Effect>) {
        self.with_setup(fx, |s| {
            s.draft.set_side_to_move(colour);
            s.problems.clear();
        });
    }

    /// The legend's piece becomes the brush (picked again: no brush).
    pub fn setup_pick(
        &mut self,
        letter: impl Into<PieceId>,
        colour: Colour,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        let letter = letter.into();
        let Some(setup) = self.position_editor_mut() else {
            return Err("the setup editor is not open".into());
        };
        let piece_type = (setup.draft.variant())
            .type_by_id(letter.to_ascii_uppercase())
            .ok_or_else(|| format!("'{letter}' is not a piece of this variant"))?;
        let brush = Brush::Piece(Placed { colour, piece_type });
        setup.brush = (setup.brush != Some(brush)).then_some(brush);
        setup.board.let_go();
        fx.push(Effect::ShowDesigner);
        Ok(())
    }

    /// The eraser becomes the brush (picked again: no brush).
    pub fn setup_eraser(&mut self, fx: &mut Vec<Effect>) {
        if let Some(setup) = self.position_editor_mut() {
            let eraser = Some(Brush::Eraser);
            setup.brush = if setup.brush == eraser { None } else { eraser };
            fx.push(Effect::ShowDesigner);
        }
    }

    /// A legend sprite dropped on `cell`: that piece goes there.
    pub fn setup_drop(
        &mut self,
        cell: Cell,
        letter: impl Into<PieceId>,
        colour: Colour,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        let letter = letter.into();
        self.setup_pick(letter, colour, fx)?;
        if let Some(setup) = self.position_editor_mut() {
            let Some(sq) = setup.square(cell) else {
                return Ok(());
            };
            let t = (setup.draft.variant()).type_by_id(letter.to_ascii_uppercase());
            if let Some(t) = t {
                let _ = setup.draft.place(sq, colour, t);
                setup.sync();
                setup.brush = Some(Brush::Piece(Placed {
                    colour,
                    piece_type: t,
                }));
            }
        }
        fx.push(Effect::Redraw);
        Ok(())
    }

    /// Play: a new game from the position, or the reasons it is refused (kept on the editor).
    pub fn setup_play(&mut self, fx: &mut Vec<Effect>) -> Result<(), String> {
        let Some(setup) = self.position_editor_mut() else {
            return Err("the setup editor is not open".into());
        };
        match setup.play() {
            Ok(game) => {
                // A new game closes the editor.
                self.start_game(game, fx);
                fx.push(Effect::ShowDesigner);
                Ok(())
            }
            Err(why) => {
                fx.push(Effect::ShowDesigner);
                Err(why)
            }
        }
    }

    /// Board input while the editor is open.
    pub(super) fn position_editor_input(&mut self, input: Input, fx: &mut Vec<Effect>) {
        let Some(setup) = self.position_editor_mut() else {
            return;
        };
        let painted = match (setup.brush, input) {
            (Some(_), Input::PointerDown { cell: Some(c), .. }) => Some(setup.paint(c)),
            (Some(_), Input::Key(Key::Enter)) => {
                let cursor = setup.board.cursor;
                Some(setup.paint(cursor))
            }
            (Some(_), Input::Key(Key::Escape)) => {
                setup.brush = None;
                Some(Some("No piece to place".to_string()))
            }
            _ => None,
        };
        if let Some(said) = painted {
            fx.extend(said.map(Effect::Announce));
            fx.push(Effect::ShowDesigner);
            fx.push(Effect::Redraw);
            return;
        }
        for effect in setup.board.update(input) {
            match effect {
                input::Effect::Redraw => fx.push(Effect::Redraw),
                input::Effect::CapturePointer(id) => fx.push(Effect::CapturePointer(id)),
                input::Effect::Place { from, to } => {
                    setup.shift(from, to);
                    fx.push(Effect::ShowDesigner);
                }
                input::Effect::Say(_) | input::Effect::Move { .. } | input::Effect::Drop { .. } => {
                }
            }
        }
    }
}
