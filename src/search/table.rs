//! The transposition table's entries: a position's best move, score, depth and bound, with
//! mate scores stored relative to the node (not the root), so that an entry holds wherever
//! the position comes back in the tree.

use super::{MATE, Searcher};
use crate::position::Move;

/// The bound an entry's score is: exact, at least (a cut) or at most (no move raised alpha).
pub(super) const EXACT: u8 = 1;
pub(super) const LOWER: u8 = 2;
pub(super) const UPPER: u8 = 3;

#[derive(Clone, Copy, Default)]
pub(super) struct TtEntry {
    pub(super) key: u64,
    pub(super) mv: Move,
    pub(super) score: i32,
    pub(super) depth: i16,
    pub(super) bound: u8,
}

/// A score as the table keeps it: a mate counted from this node, not from the root.
pub(super) fn to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE - 1000 {
        s + ply as i32
    } else if s < -MATE + 1000 {
        s - ply as i32
    } else {
        s
    }
}

pub(super) fn from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE - 1000 {
        s - ply as i32
    } else if s < -MATE + 1000 {
        s + ply as i32
    } else {
        s
    }
}

impl TtEntry {
    /// The score this entry proves at `ply` when its bound settles the window `alpha..beta`.
    #[inline]
    pub(super) fn cutoff(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let s = from_tt(self.score, ply);
        let cut = match self.bound {
            EXACT => true,
            LOWER => s >= beta,
            UPPER => s <= alpha,
            _ => false,
        };
        cut.then_some(s)
    }
}

impl Searcher {
    pub(super) fn tt_index(&self, key: u64) -> usize {
        (key as usize) & (self.tt.len() - 1)
    }
}
