//! The Interactive Diagram's `autoGate` (Seirawan-style gating, as its script plays it): the
//! board's first and last ranks are gates. Pieces stand there from the start and never move
//! nor are taken, nothing moves onto those ranks, and when a piece leaves its back rank (the
//! second or the last but one) for the first time, the piece at the gate behind it steps onto
//! the square it left, unmoved. Castling gates behind the castling piece, or, with nothing
//! there, behind its partner. The gating is compulsory, as in the Diagram's script.
//!
//! A piece waiting at a gate is a hidden twin of its type with no moves ([`Gate::parked`]), so
//! it neither moves nor attacks and costs the move generator nothing; it is drawn and written
//! (FEN) as its type.

use crate::geometry::{Geometry, Square, SquareSet};
use crate::piece::PieceType;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
/// The gates of a variant with `autoGate=1` ([`crate::gate`]): the pieces waiting there, as twin types.
pub struct Gate {
    /// Per visible type, its twin waiting at a gate (types that never stand at one have none).
    pub parked: Vec<Option<PieceType>>,
    /// The gate ranks' squares.
    pub squares: SquareSet,
}

impl Gate {
    /// The gate ranks of `g` (its first and last), for `parked` twins.
    pub fn new(g: Geometry, parked: Vec<Option<PieceType>>) -> Gate {
        let mut squares = SquareSet::EMPTY;
        for f in 0..g.files {
            squares.insert(g.square(f, 0));
            squares.insert(g.square(f, g.ranks - 1));
        }
        Gate { parked, squares }
    }

    /// The gate behind `sq` when `sq` is on a back rank (the second or the last but one).
    pub fn behind(g: Geometry, sq: Square) -> Option<Square> {
        let r = g.rank(sq);
        if r == 1 {
            Some(g.square(g.file(sq), 0))
        } else if r + 2 == g.ranks {
            Some(g.square(g.file(sq), g.ranks - 1))
        } else {
            None
        }
    }
}
