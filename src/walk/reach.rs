//! Where a piece's walks may take, on any board: what the attack test and the legality test
//! read to skip walkers that cannot reach a square.

use super::{Stride, Walk};
use crate::geometry::MAX_SIDE;

/// The farthest offset a walk may take on, either way: one side less than the largest board.
const FAR: i32 = MAX_SIDE as i32 - 1;

/// The words [`Reach`] keeps its offsets in.
const WORDS: usize = ((2 * FAR + 1) * (2 * FAR + 1)) as usize / 64 + 1;

/// The offsets (file, rank) from a walker's square on which one of its walks may take: a
/// destination or a locust victim of a leg that takes, on an empty board of any size up to
/// the largest (so a superset of where it takes on any real board). The attack test skips a walker
/// whose offset to the square is not in it (a lion far from the king, a cannon off its lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach([u64; WORDS]);

impl Reach {
    const SIDE: i32 = 2 * FAR + 1;

    fn index(dx: i32, dy: i32) -> Option<usize> {
        ((-FAR..=FAR).contains(&dx) && (-FAR..=FAR).contains(&dy))
            .then(|| ((dy + FAR) * Self::SIDE + dx + FAR) as usize)
    }

    /// Where `walks` may take. A walk that goes round the board's edges (`o`) may take
    /// anywhere: its offsets on the board are not those on an unbounded one; so may one with
    /// `x`, whose friends take from where they stand, with their own moves.
    pub fn of(walks: &[Walk]) -> Reach {
        if walks
            .iter()
            .any(|w| w.relays() || w.legs.iter().any(|s| s.wrap != 0))
        {
            return Reach([u64::MAX; WORDS]);
        }
        let mut r = Reach([0; WORDS]);
        for w in walks {
            r.mark(&w.legs, (0, 0));
        }
        r
    }

    fn mark(&mut self, legs: &[Stride], at: (i32, i32)) {
        let Some((s, rest)) = legs.split_first() else {
            return;
        };
        let limit = if s.range == 0 { FAR } else { s.range as i32 };
        for k in 1..=limit {
            let to = (at.0 + s.d.0 as i32 * k, at.1 + s.d.1 as i32 * k);
            let Some(i) = Self::index(to.0, to.1) else {
                return;
            };
            if s.modes.capture || s.modes.destroy || s.royals != 0 {
                self.0[i / 64] |= 1 << (i % 64);
            }
            self.mark(rest, to);
        }
    }

    /// Whether a walk may take `dx` files and `dy` ranks away.
    #[inline]
    pub fn contains(&self, dx: i32, dy: i32) -> bool {
        Self::index(dx, dy).is_some_and(|i| self.0[i / 64] & 1 << (i % 64) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::Component;
    use crate::piece::Colour;
    use crate::piece::{BLACK, WHITE};
    use crate::walk::compile;

    fn reach(betza: &str, colour: Colour) -> Reach {
        let comps: Vec<(Component, bool)> = (crate::betza::parse(betza).unwrap().into_iter())
            .map(|c| (c, false))
            .collect();
        Reach::of(&compile(&comps, colour, (8, 8), 1, false))
    }

    /// Worked out from the notation: a cannon (`mRcpR`) takes only along its rank and file, at
    /// least two squares away (one for the screen); `m` moves take nothing.
    #[test]
    fn a_cannon_takes_only_on_its_lines_beyond_a_screen() {
        let r = reach("mRcpR", WHITE);
        for dx in -15..=15i32 {
            for dy in -15..=15i32 {
                let on_line = (dx == 0) != (dy == 0);
                let far = dx.abs() >= 2 || dy.abs() >= 2;
                assert_eq!(r.contains(dx, dy), on_line && far, "{dx},{dy}");
            }
        }
    }

    /// A lion (`KNADcaKcabKmabK`) takes within two squares: its leaps (K, N, A, D), a first
    /// king step's victim, and the second step's destination (on its own square too, igui).
    #[test]
    fn a_lion_takes_within_two_squares() {
        let r = reach("KNADcaKcabKmabK", BLACK);
        for dx in -15..=15i32 {
            for dy in -15..=15i32 {
                let near = dx.abs() <= 2 && dy.abs() <= 2;
                assert_eq!(r.contains(dx, dy), near, "{dx},{dy}");
            }
        }
    }

    /// A forward-only hop (`fpR`, White) takes only ahead; Black's is turned half a turn.
    #[test]
    fn reach_turns_with_the_colour() {
        assert!(reach("fpR", WHITE).contains(0, 3));
        assert!(!reach("fpR", WHITE).contains(0, -3));
        assert!(reach("fpR", BLACK).contains(0, -3));
        assert!(!reach("fpR", BLACK).contains(0, 1));
    }

    /// A rook that may only take a royal piece (`kR`, giving check) reaches its lines.
    #[test]
    fn a_move_that_only_checks_reaches_its_lines() {
        let r = reach("kR", WHITE);
        assert!(r.contains(0, 5) && r.contains(-3, 0) && !r.contains(1, 1));
    }

    /// A rook that goes round the side edges (`oR`) takes, on a real board, at offsets an
    /// unbounded board does not have (h1 to b1 going right: -6 files): the reach rules none out.
    #[test]
    fn a_walk_round_the_board_may_take_anywhere() {
        let r = reach("oR", WHITE);
        assert!(r.contains(-7, 3) && r.contains(15, -15));
    }
}
