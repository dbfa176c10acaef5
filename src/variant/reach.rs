//! What a piece's single-leg moves (leaps and rides) allow from a square, asked by readers
//! outside `position/` and `variant/` (the move diagram, the setup check, the notation), so
//! that none of them reads the ray tables.

use super::*;

/// Whether a move allows something on a square: never, only for a piece that has not moved
/// (a first move), or always. Ordered: `Never < Initial < Always`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Allowed {
    /// Not at all.
    Never,
    /// Only as the piece's first move.
    Initial,
    /// Whether it has moved or not.
    Always,
}

/// A square a leap or ride reaches on an empty board ([`Variant::leaps_and_rides`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepTarget {
    /// The square.
    pub to: Square,
    /// The squares passed on the way, in order (empty for a leap).
    pub path: Vec<Square>,
    /// A quiet move there.
    pub quiet: Allowed,
    /// A capture there (en passant counts as one, always).
    pub capture: Allowed,
}

impl Variant {
    /// The squares the leaps and rides of a piece of type `t` and colour `colour` on `from`
    /// reach on an empty board, each as often as a ray reaches it, rays in order (not hops,
    /// moves of several legs nor castling: see [`Variant::walks`] and [`TypeInfo::castles`]).
    pub fn leaps_and_rides(&self, colour: Colour, t: PieceType, from: Square) -> Vec<StepTarget> {
        let allowed = |f: u8, always: u8, initial: u8| {
            if f & always != 0 {
                Allowed::Always
            } else if f & initial != 0 {
                Allowed::Initial
            } else {
                Allowed::Never
            }
        };
        let mut out = Vec::new();
        for r in self.rays_for(colour, t, from) {
            let steps = self.ray_steps(r);
            for (k, s) in steps.iter().enumerate() {
                let quiet = allowed(s.flags, step::QUIET, step::QUIET_I);
                let capture = allowed(s.flags, step::CAPTURE | step::EP, step::CAPTURE_I);
                if quiet == Allowed::Never && capture == Allowed::Never {
                    continue;
                }
                out.push(StepTarget {
                    to: s.to,
                    path: steps[..k].iter().map(|p| p.to).collect(),
                    quiet,
                    capture,
                });
            }
        }
        out
    }

    /// Whether a piece of type `t` and colour `colour` on `sq` has any move of its own on some
    /// board: a leap or ride that allows something, a castling, or a walk (a move of several
    /// legs or a hop, which may need other pieces to go: a screen, a victim).
    pub fn has_moves_from(&self, colour: Colour, t: PieceType, sq: Square) -> bool {
        let moves = step::QUIET | step::CAPTURE | step::QUIET_I | step::CAPTURE_I | step::EP;
        !self.types[t].castles.is_empty()
            || !self.walks[t.index()][colour.index()].is_empty()
            || (self.rays_for(colour, t, sq).iter())
                .any(|r| self.ray_steps(r).iter().any(|s| s.flags & moves != 0))
    }
}

#[cfg(test)]
mod tests {
    use super::{Allowed, StepTarget};
    use crate::bundled;

    /// Worked out by hand for chess's pawn (`ifmnDfmWfceF`): from e2 it steps to e3, doubles to
    /// e4 over e3 as a first move only, and takes (en passant too) on d3 and f3; on e8 it has
    /// no move, the king has moves from anywhere, the knight too (no castling, no walks).
    #[test]
    fn a_pawn_s_leaps_and_rides() {
        let v = bundled::load("chess").unwrap();
        let at = |s: &str| v.geometry.parse_square(s).unwrap();
        let pawn = v.type_by_id('P').unwrap();
        let mut got = v.leaps_and_rides(crate::piece::WHITE, pawn, at("e2"));
        got.sort_by_key(|s| s.to);
        let st = |to: &str, path: &[&str], quiet, capture| StepTarget {
            to: at(to),
            path: path.iter().map(|s| at(s)).collect(),
            quiet,
            capture,
        };
        let (never, first, always) = (Allowed::Never, Allowed::Initial, Allowed::Always);
        assert_eq!(
            got,
            [
                st("d3", &[], never, always),
                st("e3", &[], always, never),
                st("f3", &[], never, always),
                st("e4", &["e3"], first, never),
            ]
        );
        assert!(!v.has_moves_from(crate::piece::WHITE, pawn, at("e8")));
        assert!(v.has_moves_from(crate::piece::BLACK, pawn, at("e8")));
        let knight = v.type_by_id('N').unwrap();
        assert!(v.has_moves_from(crate::piece::WHITE, knight, at("a1")));
    }
}
