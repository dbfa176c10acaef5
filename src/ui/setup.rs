//! The start-position editor's headless model: a [`designer::setup::Editor`] shown on a board
//! of its own, the brush (the legend's piece to place, or the eraser), and the problems a
//! refused Play found. While it is open the board shows the editor's pieces: a click places
//! the brush's piece (on a square holding that very piece, it takes it off), the eraser takes
//! pieces off, and without a brush pieces are dragged about freely (off the board: removed).
//! Play starts a new game from the position when [`Editor::validate`] accepts it; Leave goes
//! back to the game as it was.
//!
//! [`designer::setup::Editor`]: crate::designer::setup::Editor

use crate::designer::setup::{Editor, Placed};
use crate::position::{Colour, WHITE};

use super::applet::{Applet, Effect};
use super::board::{BoardView, Movable, Piece};
use super::input::{self, Input, Key};
use super::layout::Cell;

/// What a click on the board does in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Places this piece.
    Piece(Placed),
    /// Takes pieces off.
    Eraser,
}

/// The editor while it is open.
#[derive(Clone, Debug)]
pub struct Setup {
    pub editor: Editor,
    /// The editor's pieces, free to move.
    pub board: BoardView,
    pub brush: Option<Brush>,
    /// Why the last Play was refused, one sentence each; empty after any change.
    pub problems: Vec<String>,
}

impl Setup {
    /// An editor of `editor`'s position on a board shaped and turned as `game_board`.
    pub fn new(editor: Editor, game_board: &BoardView) -> Setup {
        let mut board = BoardView::new(game_board.size);
        board.flipped = game_board.flipped;
        board.movable = Movable::Free;
        let mut setup = Setup {
            editor,
            board,
            brush: None,
            problems: Vec::new(),
        };
        setup.sync();
        setup
    }

    /// The board follows the editor.
    fn sync(&mut self) {
        let g = self.editor.variant().geometry;
        self.board.pieces = (self.editor.pieces().into_iter())
            .map(|(sq, p)| Piece {
                cell: Cell {
                    file: u32::from(g.file(sq)),
                    rank: u32::from(g.rank(sq)),
                },
                piece_type: p.piece_type,
                colour: p.colour,
            })
            .collect();
        self.problems.clear();
    }

    fn square(&self, cell: Cell) -> Option<crate::geometry::Square> {
        let g = self.editor.variant().geometry;
        (cell.file < u32::from(g.files) && cell.rank < u32::from(g.ranks))
            .then(|| g.square(cell.file as u8, cell.rank as u8))
    }

    /// The brush on `cell`: a piece goes there (or, the same piece already there, comes off);
    /// the eraser takes it off. Returns what to say.
    pub fn paint(&mut self, cell: Cell) -> Option<String> {
        let sq = self.square(cell)?;
        let said = match self.brush? {
            Brush::Piece(p) if self.editor.piece_at(sq) == Some(p) => {
                self.editor.remove(sq);
                format!("{} removed from {cell}", self.name(p))
            }
            Brush::Piece(p) => {
                self.editor.place(sq, p.colour, p.piece_type).ok()?;
                format!("{} on {cell}", self.name(p))
            }
            Brush::Eraser => {
                let p = self.editor.remove(sq)?;
                format!("{} removed from {cell}", self.name(p))
            }
        };
        self.sync();
        Some(said)
    }

    /// The piece on `from` moves to `to`, or off the board.
    pub fn shift(&mut self, from: Cell, to: Option<Cell>) {
        let Some(from) = self.square(from) else {
            return;
        };
        let Some(p) = self.editor.remove(from) else {
            return;
        };
        if let Some(to) = to.and_then(|c| self.square(c)) {
            let _ = self.editor.place(to, p.colour, p.piece_type);
        }
        self.sync();
    }

    /// "White king".
    pub fn name(&self, p: Placed) -> String {
        let side = if p.colour == WHITE { "White" } else { "Black" };
        let v = self.editor.variant();
        let name = v
            .types
            .get(p.piece_type.index())
            .map_or("piece", |t| t.name.as_str());
        format!("{side} {name}")
    }

    /// The position's FEN, or why there is none.
    pub fn fen(&self) -> Result<String, String> {
        self.editor.fen().map_err(|p| sentences(&p))
    }

    /// The Interactive Diagram setup text (the definition with this start), or why not.
    pub fn definition(&self) -> Result<String, String> {
        self.editor.definition().map_err(|p| sentences(&p))
    }
}

fn sentences<T: std::fmt::Display>(problems: &[T]) -> String {
    (problems.iter())
        .map(|p| {
            let s = p.to_string();
            if s.ends_with('.') { s } else { format!("{s}.") }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Applet {
    /// Opens the editor on the position shown (a diagram closes).
    pub fn open_setup(&mut self, fx: &mut Vec<Effect>) {
        self.legend.diagram = None;
        self.board.inspect = None;
        self.board.let_go();
        let editor = Editor::from_position(self.session.shown());
        self.setup = Some(Setup::new(editor, &self.board));
        fx.push(Effect::ShowDesigner);
        fx.push(Effect::Redraw);
    }

    /// Back to the game, the setup abandoned.
    pub fn close_setup(&mut self, fx: &mut Vec<Effect>) {
        if self.setup.take().is_some() {
            fx.push(Effect::ShowDesigner);
            fx.push(Effect::Redraw);
        }
    }

    fn with_setup(&mut self, fx: &mut Vec<Effect>, f: impl FnOnce(&mut Setup)) {
        if let Some(setup) = self.setup.as_mut() {
            f(setup);
            fx.push(Effect::ShowDesigner);
            fx.push(Effect::Redraw);
        }
    }

    pub fn setup_clear(&mut self, fx: &mut Vec<Effect>) {
        self.with_setup(fx, |s| {
            s.editor.clear();
            s.sync();
        });
    }

    pub fn setup_side(&mut self, colour: Colour, fx: &mut Vec<Effect>) {
        self.with_setup(fx, |s| {
            s.editor.set_side_to_move(colour);
            s.problems.clear();
        });
    }

    /// The legend's piece becomes the brush (picked again: no brush).
    pub fn setup_pick(
        &mut self,
        letter: char,
        colour: Colour,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        let Some(setup) = self.setup.as_mut() else {
            return Err("the setup editor is not open".into());
        };
        let piece_type = (setup.editor.variant())
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
        if let Some(setup) = self.setup.as_mut() {
            let eraser = Some(Brush::Eraser);
            setup.brush = if setup.brush == eraser { None } else { eraser };
            fx.push(Effect::ShowDesigner);
        }
    }

    /// A legend sprite dropped on `cell`: that piece goes there.
    pub fn setup_drop(
        &mut self,
        cell: Cell,
        letter: char,
        colour: Colour,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        self.setup_pick(letter, colour, fx)?;
        if let Some(setup) = self.setup.as_mut() {
            let Some(sq) = setup.square(cell) else {
                return Ok(());
            };
            let t = (setup.editor.variant()).type_by_id(letter.to_ascii_uppercase());
            if let Some(t) = t {
                let _ = setup.editor.place(sq, colour, t);
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

    /// Play: a new game from the position, or the reasons it is refused (kept on the setup).
    pub fn setup_play(&mut self, fx: &mut Vec<Effect>) -> Result<(), String> {
        let Some(setup) = self.setup.as_mut() else {
            return Err("the setup editor is not open".into());
        };
        match setup.editor.game() {
            Ok(game) => {
                self.setup = None;
                self.start_game(game, fx);
                fx.push(Effect::ShowDesigner);
                Ok(())
            }
            Err(problems) => {
                setup.problems = problems.iter().map(|p| sentences(&[p])).collect();
                fx.push(Effect::ShowDesigner);
                Err(sentences(&problems))
            }
        }
    }

    /// Board input while the editor is open.
    pub(super) fn setup_input(&mut self, input: Input, fx: &mut Vec<Effect>) {
        let Some(setup) = self.setup.as_mut() else {
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

#[cfg(test)]
mod tests;
