//! What a position is made from ([`Setup`], which FEN reads into) and its en passant lists.

use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, Piece};
use crate::trade::Strike;

/// En passant targets: (square passed over, square of the pawn that passed it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct EpList {
    /// How many of `items` are in use.
    pub n: u8,
    /// The targets, the first `n` in use.
    pub items: [(Square, Square); 4],
}

impl EpList {
    /// The targets in use.
    pub fn as_slice(&self) -> &[(Square, Square)] {
        &self.items[..self.n as usize]
    }
    /// Add a target (none past the fourth: no move passes more squares).
    pub fn push(&mut self, passed: Square, pawn: Square) {
        if (self.n as usize) < self.items.len() {
            self.items[self.n as usize] = (passed, pawn);
            self.n += 1;
        }
    }
    /// Drop every target.
    pub fn clear(&mut self) {
        self.n = 0;
    }
    /// Drop the targets of the piece on `pawn` (every square it passed).
    pub fn remove_pawn(&mut self, pawn: Square) {
        let mut out = EpList::default();
        for &(p, q) in self.as_slice() {
            if q != pawn {
                out.push(p, q);
            }
        }
        *self = out;
    }
}

/// Pieces and state for [`super::Position::from_setup`]: what a FEN says, read but not yet
/// a position.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    /// The pieces and their squares.
    pub pieces: Vec<(Square, Piece)>,
    /// The squares of the pieces that have not moved.
    pub unmoved: SquareSet,
    /// The side to move.
    pub side: Colour,
    /// Moves already made in the current turn (Marseillais).
    pub phase: u8,
    /// En passant targets the side to move may take on.
    pub capturable: EpList,
    /// En passant targets made in the current turn, for the other side's next.
    pub pending: EpList,
    /// Half-moves since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number, from 1.
    pub fullmove: u32,
    /// Pieces in hand, indexed by [`crate::hands::HandRules::index`]; empty for none.
    pub hands: Vec<u16>,
    /// The counter-strike ban in force ([`crate::trade`]).
    pub strike: Strike,
    /// The type the imitators move as ([`super::Position::imitated`]).
    pub imitated: Option<crate::piece::PieceType>,
}
