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
    /// The search that wrote it (`Searcher::generation`, wrapping).
    pub(super) generation: u8,
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
    /// The slot of `key`: the table holds buckets of two entries; the entry that holds the
    /// key, else the one to replace (one from an earlier search first, then the shallower).
    pub(super) fn tt_index(&self, key: u64) -> usize {
        let b = (key as usize) & (self.tt.len() - 2);
        let (e0, e1) = (&self.tt[b], &self.tt[b + 1]);
        if e0.key == key {
            return b;
        }
        if e1.key == key {
            return b + 1;
        }
        let worth = |e: &TtEntry| e.depth as i32 - 8 * (e.generation != self.generation) as i32;
        if worth(e1) < worth(e0) { b + 1 } else { b }
    }
}

#[cfg(test)]
mod tests {
    use super::{EXACT, TtEntry};
    use crate::bundled;
    use crate::search::Searcher;

    fn entry(key: u64, depth: i16, generation: u8) -> TtEntry {
        TtEntry {
            key,
            depth,
            bound: EXACT,
            generation,
            ..TtEntry::default()
        }
    }

    /// Keys 2, 3 and 2 + 1024 share a bucket of a 1024-entry table. A key finds its own
    /// entry; a new key replaces the shallower entry of this search, but an earlier search's
    /// entry before a shallower one of this search.
    #[test]
    fn a_new_key_replaces_an_old_or_shallow_entry() {
        let v = bundled::load("chess").unwrap();
        let mut s = Searcher::new(&v, 10, Box::new(|| 0.0));
        let now = s.generation;
        s.tt[2] = entry(2, 5, now);
        s.tt[3] = entry(3, 1, now);
        assert_eq!((s.tt_index(2), s.tt_index(3)), (2, 3));
        assert_eq!(s.tt_index(2 + 1024), 3);
        s.tt[2].generation = now.wrapping_sub(1);
        assert_eq!(s.tt_index(2 + 1024), 2);
        assert_eq!(s.tt_index(3), 3);
    }
}
