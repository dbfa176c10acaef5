//! Safe checks: a piece that can move to a square from which it would check the enemy royal
//! piece, a square no enemy piece or pawn takes on, adds to that royal piece's danger (once
//! a type, as Fairy-Stockfish's classical evaluation counts them). The squares a type checks
//! from are those the type's captures reach from the royal square with the other colour's
//! orientation (exact for every type whose moves are symmetric left to right).

use super::Evaluator;
use super::leaps::MAX_WORDS;
use super::scan::Scan;
use crate::geometry::{Square, SquareSet};
use crate::piece::{Colour, PieceType};

/// The types a side's checks are gathered for; a side's further types add none.
const MAX_CHECKERS: usize = 12;

/// One type's checks: the squares it checks from, and those of them its pieces reach.
#[derive(Clone, Copy)]
struct Checker {
    t: PieceType,
    from: [u64; MAX_WORDS],
    reached: [u64; MAX_WORDS],
}

/// What [`Evaluator::activity`] gathers of each side's checks, type by type.
pub(super) struct Checks {
    types: [[Checker; MAX_CHECKERS]; 2],
    len: [usize; 2],
}

impl Checks {
    pub fn new() -> Checks {
        let none = Checker {
            t: PieceType::new(0),
            from: [0; MAX_WORDS],
            reached: [0; MAX_WORDS],
        };
        Checks {
            types: [[none; MAX_CHECKERS]; 2],
            len: [0; 2],
        }
    }

    /// The types of `colour`'s with a safe check: a reached square that none of `taken`
    /// (what the enemy takes on) holds.
    pub fn safe(&self, colour: Colour, taken: &[u64; MAX_WORDS]) -> i32 {
        let c = colour.index();
        let mut n = 0;
        for k in &self.types[c][..self.len[c]] {
            n += (0..MAX_WORDS).any(|w| k.reached[w] & !taken[w] != 0) as i32;
        }
        n
    }
}

impl Evaluator {
    /// Note that a `colour` piece of type `t` moves to the squares `free` (a board's words),
    /// the enemy royal piece standing on `royal`.
    pub(super) fn note_checks(
        &self,
        s: &Scan,
        checks: &mut Checks,
        colour: Colour,
        t: PieceType,
        royal: Square,
        free: &[u64; MAX_WORDS],
    ) {
        let c = colour.index();
        let len = checks.len[c];
        let at = match checks.types[c][..len].iter().position(|k| k.t == t) {
            Some(at) => at,
            None if len < MAX_CHECKERS => {
                let (v, other) = (s.pos.variant(), colour.other());
                let mut from = SquareSet::EMPTY;
                let reach = self.kinds[t.index()].reach[other.index()];
                self.captures(v, other, t, reach, royal, &s.all, &mut from);
                let k = &mut checks.types[c][len];
                k.t = t;
                k.from = std::array::from_fn(|w| from.0[w]);
                k.reached = [0; MAX_WORDS];
                checks.len[c] += 1;
                len
            }
            None => return,
        };
        let k = &mut checks.types[c][at];
        k.reached = std::array::from_fn(|w| k.reached[w] | k.from[w] & free[w]);
    }
}
