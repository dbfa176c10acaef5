//! Correction history: how far the static evaluation has been from the search's result, by
//! the pawn structure and by the material, for each side to move. The static evaluation the
//! pruning reads is moved by what these tables learnt; the cached evaluation is not.
//!
//! Each entry is a moving average of the error (the search's score less the raw evaluation)
//! in sixteenths of a centipawn, a deeper search weighing more; errors are clamped, so that an
//! entry stays within the clamp. The pawn structure is that of the types the evaluator scores
//! as pawns (named pawn, promoting): in a variant without them every position shares one
//! entry per side, a bias. The material counts every type on the board and in hand.

use crate::position::Position;
use crate::splitmix::SplitMix;

/// Entries per side in each table (a power of two).
const BITS: u32 = 14;
/// An entry's units per centipawn.
const GRAIN: i32 = 16;
/// The largest error learnt, in centipawns.
const LIMIT: i32 = 400;
/// An update's weight out of 256 is `depth + 1`, at most this.
const MAX_WEIGHT: i32 = 16;

/// The two tables and which types are pawns.
pub(super) struct Correction {
    pawn_type: Vec<bool>,
    pawns: Vec<i32>,
    material: Vec<i32>,
}

/// Where a position's entries are: its pawn structure's and its material's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Keys {
    pawns: usize,
    material: usize,
}

/// A fixed pseudo-random number from `x`: SplitMix64's first output from seed `x`.
fn mix(x: u64) -> u64 {
    SplitMix(x).next()
}

impl Correction {
    pub(super) fn new(v: &crate::variant::Variant) -> Correction {
        Correction {
            pawn_type: v
                .piece_types()
                .map(|t| v.types[t].is_pawn && v.types[t].promotes)
                .collect(),
            pawns: vec![0; 2 << BITS],
            material: vec![0; 2 << BITS],
        }
    }

    pub(super) fn clear(&mut self) {
        self.pawns.iter_mut().for_each(|e| *e = 0);
        self.material.iter_mut().for_each(|e| *e = 0);
    }

    /// The entries of `pos`, for its side to move.
    pub(super) fn keys(&self, pos: &Position) -> Keys {
        let v = pos.variant();
        let nsq = v.squares;
        let words = v.geometry.words();
        let mut pawns = 0u64;
        let mut material = 0u64;
        for colour in crate::piece::Colour::ALL {
            for sq in pos.occupied(colour).iter_in(words) {
                let Some(p) = pos.piece_at(sq) else {
                    continue;
                };
                if self.pawn_type[p.piece_type.index()] {
                    let code = crate::piece::code(p.piece_type, colour) as usize;
                    pawns ^= v.zobrist.pieces[code * nsq + sq as usize];
                }
            }
            for t in v.piece_types() {
                let n = pos.count(colour, t) as u64;
                if n > 0 {
                    let i = (colour.index() * self.pawn_type.len() + t.index()) as u64;
                    material = material.wrapping_add(n.wrapping_mul(mix(i)));
                }
            }
        }
        for (i, &n) in pos.hands().iter().enumerate() {
            if n > 0 {
                material = material.wrapping_add((n as u64).wrapping_mul(mix(!(i as u64))));
            }
        }
        let side = pos.side_to_move().index() << BITS;
        Keys {
            pawns: side + (pawns >> (64 - BITS)) as usize,
            material: side + (mix(material) >> (64 - BITS)) as usize,
        }
    }

    /// `raw`, a static evaluation at `keys`, moved by the errors learnt there.
    pub(super) fn correct(&self, raw: i32, keys: Keys) -> i32 {
        raw + (self.pawns[keys.pawns] + self.material[keys.material]) / (2 * GRAIN)
    }

    /// A search of `depth` found `score` where the raw evaluation was `raw`.
    pub(super) fn update(&mut self, keys: Keys, raw: i32, score: i32, depth: i32) {
        let target = (score - raw).clamp(-LIMIT, LIMIT) * GRAIN;
        let w = (depth + 1).clamp(1, MAX_WEIGHT);
        for e in [
            &mut self.pawns[keys.pawns],
            &mut self.material[keys.material],
        ] {
            *e += (target - *e) * w / 256;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Correction, LIMIT};
    use crate::{bundled, fen};

    /// An error learnt again and again moves the evaluation most of the way toward it, never
    /// past it, and never past the clamp however large; another pawn structure and material
    /// (or the other side to move) is not corrected.
    #[test]
    fn a_learnt_error_moves_the_eval_toward_it_within_bounds() {
        let v = bundled::load("chess").unwrap();
        let mut c = Correction::new(&v);
        let pos = fen::from_fen(&v, "4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1").unwrap();
        let k = c.keys(&pos);
        assert_eq!(c.correct(10, k), 10);
        c.update(k, 10, 110, 10);
        let once = c.correct(10, k);
        assert!(once > 10 && once < 110, "{once}");
        for _ in 0..500 {
            c.update(k, 10, 110, 10);
            let now = c.correct(10, k);
            assert!(now <= 110, "{now}");
        }
        assert!(c.correct(10, k) > 100, "{}", c.correct(10, k));
        // A huge error is clamped.
        for _ in 0..2000 {
            c.update(k, 0, 100_000, 20);
        }
        assert!(c.correct(0, k) <= LIMIT && c.correct(0, k) > LIMIT - 10);
        // Black to move, or other pawns and material: other entries.
        let black = fen::from_fen(&v, "4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 b - - 0 1").unwrap();
        assert_eq!(c.correct(0, c.keys(&black)), 0);
        let other = fen::from_fen(&v, "4k3/pp4pp/8/8/8/8/PPP2PPP/4K3 w - - 0 1").unwrap();
        assert_ne!(c.keys(&other), k);
        // The same pawns and material elsewhere (the kings moved): the same entries.
        let moved = fen::from_fen(&v, "3k4/pp3ppp/8/8/8/8/PPP2PPP/3K4 w - - 0 1").unwrap();
        assert_eq!(c.keys(&moved), k);
    }
}
