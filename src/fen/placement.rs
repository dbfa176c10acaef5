//! Where the pieces stand, read by the FEN's castling and en passant rules: the same view
//! whether the pieces come from a position being written or from a board field being read
//! (no position is built to read a FEN's rights).

use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, Piece};
use crate::position::Position;

/// The pieces by square, and each side's squares.
pub(super) struct Placement {
    squares: Vec<Option<Piece>>,
    occupied: [SquareSet; 2],
}

impl Placement {
    /// The pieces of a board of `len` squares.
    pub fn new(len: usize, pieces: &[(Square, Piece)]) -> Placement {
        let mut out = Placement {
            squares: vec![None; len],
            occupied: [SquareSet::EMPTY; 2],
        };
        for &(sq, pc) in pieces {
            out.squares[sq as usize] = Some(pc);
            out.occupied[pc.colour.index()].insert(sq);
        }
        out
    }

    /// The pieces of a position.
    pub fn of(p: &Position) -> Placement {
        let len = p.variant().geometry.len();
        let pieces: Vec<(Square, Piece)> = (0..len)
            .filter_map(|sq| p.piece_at(sq as Square).map(|pc| (sq as Square, pc)))
            .collect();
        Placement::new(len, &pieces)
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares.get(sq as usize).copied().flatten()
    }

    /// The squares of `colour`'s pieces.
    pub fn occupied(&self, colour: Colour) -> SquareSet {
        self.occupied[colour.index()]
    }
}
