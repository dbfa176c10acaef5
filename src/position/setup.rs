//! What a position is made from ([`Setup`], which FEN reads into) and its en passant lists.

use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, Piece};
use crate::trade::Strike;

/// En passant targets: (square passed over, square of the pawn that passed it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct EpList {
    pub n: u8,
    pub items: [(Square, Square); 4],
}

impl EpList {
    pub fn as_slice(&self) -> &[(Square, Square)] {
        &self.items[..self.n as usize]
    }
    pub fn push(&mut self, passed: Square, pawn: Square) {
        if (self.n as usize) < self.items.len() {
            self.items[self.n as usize] = (passed, pawn);
            self.n += 1;
        }
    }
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

/// Pieces and state for [`Position::from_setup`].
#[derive(Debug, Clone, Default)]
pub struct Setup {
    pub pieces: Vec<(Square, Piece)>,
    pub unmoved: SquareSet,
    pub side: Colour,
    pub phase: u8,
    pub capturable: EpList,
    pub pending: EpList,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Pieces in hand, indexed by [`HandRules::index`]; empty for none.
    pub hands: Vec<u16>,
    pub strike: Strike,
}
