//! The position editor's headless model: a [`PositionDraft`] shown on a board of its own, the
//! brush (the legend's piece to place, or the eraser), and the problems a refused Play found.
//! While it is open the board shows the draft's pieces: a click places the brush's piece (on a
//! square holding that very piece, it takes it off), the eraser takes pieces off, and without
//! a brush pieces are dragged about freely (off the board: removed). Play starts a new game
//! from the position when [`PositionDraft::validate`] accepts it; Leave goes back to the game
//! as it was. The applet's handlers that drive it are in `applet/setup.rs`.

use crate::designer::setup::{Placed, PositionDraft};
use crate::game::Game;
use crate::position::WHITE;

use super::board::{BoardView, Movable, Piece};
use super::layout::Cell;

/// What a click on the board does in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Places this piece.
    Piece(Placed),
    /// Takes pieces off.
    Eraser,
}

/// The position editor while it is open.
#[derive(Clone, Debug)]
pub struct PositionEditor {
    pub draft: PositionDraft,
    /// The editor's pieces, free to move.
    pub board: BoardView,
    pub brush: Option<Brush>,
    /// Why the last Play was refused, one sentence each; empty after any change.
    pub problems: Vec<String>,
}

impl PositionEditor {
    /// An editor of `draft`'s position on a board shaped and turned as `game_board`.
    pub fn new(draft: PositionDraft, game_board: &BoardView) -> PositionEditor {
        let mut board = BoardView::new(game_board.size);
        board.flipped = game_board.flipped;
        board.movable = Movable::Free;
        let mut setup = PositionEditor {
            draft,
            board,
            brush: None,
            problems: Vec::new(),
        };
        setup.sync();
        setup
    }

    /// The board follows the draft.
    pub(crate) fn sync(&mut self) {
        let g = self.draft.variant().geometry;
        self.board.pieces = (self.draft.pieces().into_iter())
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

    pub(crate) fn square(&self, cell: Cell) -> Option<crate::geometry::Square> {
        let g = self.draft.variant().geometry;
        (cell.file < u32::from(g.files) && cell.rank < u32::from(g.ranks))
            .then(|| g.square(cell.file as u8, cell.rank as u8))
    }

    /// The brush on `cell`: a piece goes there (or, the same piece already there, comes off);
    /// the eraser takes it off. Returns what to say.
    pub fn paint(&mut self, cell: Cell) -> Option<String> {
        let sq = self.square(cell)?;
        let said = match self.brush? {
            Brush::Piece(p) if self.draft.piece_at(sq) == Some(p) => {
                self.draft.remove(sq);
                format!("{} removed from {cell}", self.name(p))
            }
            Brush::Piece(p) => {
                self.draft.place(sq, p.colour, p.piece_type).ok()?;
                format!("{} on {cell}", self.name(p))
            }
            Brush::Eraser => {
                let p = self.draft.remove(sq)?;
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
        let Some(p) = self.draft.remove(from) else {
            return;
        };
        if let Some(to) = to.and_then(|c| self.square(c)) {
            let _ = self.draft.place(to, p.colour, p.piece_type);
        }
        self.sync();
    }

    /// "White king".
    pub fn name(&self, p: Placed) -> String {
        let side = if p.colour == WHITE { "White" } else { "Black" };
        let v = self.draft.variant();
        let name = v
            .types
            .get(p.piece_type.index())
            .map_or("piece", |t| t.name.as_str());
        format!("{side} {name}")
    }

    /// The position's FEN, or why there is none.
    pub fn fen(&self) -> Result<String, String> {
        self.draft.fen().map_err(|p| sentences(&p))
    }

    /// The Interactive Diagram setup text (the definition with this start), or why not.
    pub fn definition(&self) -> Result<String, String> {
        self.draft.definition().map_err(|p| sentences(&p))
    }

    /// Play: a new game from the position, or (kept in `problems`, one sentence each) why not.
    pub fn play(&mut self) -> Result<Game, String> {
        self.draft.game().map_err(|problems| {
            self.problems = problems.iter().map(|p| sentences(&[p])).collect();
            sentences(&problems)
        })
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

#[cfg(test)]
mod tests;
