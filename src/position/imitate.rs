//! The imitator (`I`, [`crate::variant::Imitation`]): a piece that moves as the type that
//! moved last, as the Interactive Diagram's script plays it. The script keeps the type of the
//! last piece moved, by either side, unless that piece was an imitator itself (`imi`, set as
//! each move is made), none before the first move; an imitator's `I` then generates that
//! type's moves from its square, as its own side would make them (`f`) or turned round as
//! the other side would (`b`; both when no direction is given), keeping the quiet moves, the
//! captures or both as its `m` and `c` say. What the imitator may do on its square (a double
//! step) goes by its own unmoved state; it never promotes nor castles as the type would.
//!
//! Variants without imitators never come here: make, generation and the attack test ask
//! [`crate::variant::Variant::imitators`] first. The moves are found by letting a copy of the
//! position generate them for a piece of the imitated type on the imitator's square (of the
//! other colour, every piece's colour swapped, for the moves turned round): slow, but only
//! for these rare pieces, and the same generator as every other piece's.

use super::{Move, Position};
use crate::geometry::Square;
use crate::piece::{Colour, PieceType};
use crate::splitmix::mix64;
use crate::variant::{code, code_colour, code_type};

/// The hash key of the imitated type.
pub(super) fn key(t: Option<PieceType>) -> u64 {
    t.map_or(0, |t| mix64(0x1A17_A7ED_0B5E_55ED ^ t.index() as u64))
}

impl Position {
    /// After `m` (about to be made) imitators move as its piece's type, unless that is an
    /// imitator.
    pub(super) fn note_imitated(&mut self, m: Move) {
        let t = match m.dropped() {
            Some(t) => t,
            None => code_type(self.board[m.from as usize]),
        };
        if self.v.imitators & t.bit() == 0 {
            self.hash ^= key(self.imitated) ^ key(Some(t));
            self.imitated = Some(t);
        }
    }

    /// The imitators' moves of the side to move (only captures, en passant and promotions
    /// with `captures_only`), added to `out`.
    #[cold]
    pub(super) fn imitation_moves(&self, out: &mut Vec<Move>, captures_only: bool) {
        let us = self.side;
        self.imitators_of(us, captures_only, &mut |m| {
            if !out.contains(&m) {
                out.push(m);
            }
        });
    }

    /// Does an imitator of `by` take on `sq` (a piece of the other side standing there, or
    /// put there for the test)?
    #[cold]
    pub(super) fn imitator_takes_on(&self, sq: Square, by: Colour) -> bool {
        let mut p = self.clone();
        if p.board[sq as usize] == 0 {
            // An empty square is attacked where a piece of the other side would be taken.
            let t = (0..self.v.types.len()).map(PieceType::new).next();
            let Some(t) = t else {
                return false;
            };
            p.set_square(sq, code(t, by.other()), false);
        }
        let mut hit = false;
        p.imitators_of(by, true, &mut |m| {
            hit |= m.to == sq || m.locusts().contains(&sq);
        });
        hit
    }

    /// [`Position::retain_legal_with`] where the other side has imitators: every move tried
    /// on a copy (which makes the imitators move as its piece) and the royal pieces tested
    /// with the imitators' attacks too. Returns whether the side to move is in check.
    #[cold]
    pub(super) fn retain_legal_imitated(&self, out: &mut Vec<Move>) -> bool {
        let us = self.side;
        let check = self.royal_attacked(us);
        let mut scratch = self.board;
        out.retain(|&m| {
            if m.is_castle() && (check || !self.castle_is_safe(m, &mut scratch)) {
                return false;
            }
            let mut after = self.clone();
            after.make(m);
            !after.royal_attacked(us)
        });
        check
    }

    /// Each move the imitators of `side` may make, to `found`.
    fn imitators_of(&self, side: Colour, captures_only: bool, found: &mut dyn FnMut(Move)) {
        let Some(t) = self.imitated else {
            return;
        };
        let v = self.v.clone();
        for sq in self.occ[side.index()].iter() {
            let c = self.board[sq as usize];
            if c == 0 || code_colour(c) != side {
                continue;
            }
            for im in &v.imitation[code_type(c).index()] {
                for (way, turned) in [(im.forward, false), (im.backward, true)] {
                    if !way {
                        continue;
                    }
                    for m in self.moves_as(sq, t, side, turned, captures_only) {
                        let takes = m.is_ep()
                            || m.takes_on_the_way()
                            || self.board[m.to as usize] != 0 && m.to != m.from;
                        if (takes && im.capture) || (!takes && im.quiet) {
                            found(m);
                        }
                    }
                }
            }
        }
    }

    /// The moves a piece of type `t` of `side` would make from `sq` (turned round with
    /// `turned`), without promotions and castling: on a copy of the position with that piece
    /// there (of the other colour, and every piece's colour swapped, when turned round).
    fn moves_as(
        &self,
        sq: Square,
        t: PieceType,
        side: Colour,
        turned: bool,
        captures_only: bool,
    ) -> Vec<Move> {
        let mut p = self.clone();
        p.imitated = None;
        let mover = if turned {
            for q in self.occ[0].iter().chain(self.occ[1].iter()) {
                let c = self.board[q as usize];
                if c != 0 {
                    let swapped = code(code_type(c), code_colour(c).other());
                    p.set_square(q, 0, false);
                    p.set_square(q, swapped, self.unmoved.contains(q));
                }
            }
            side.other()
        } else {
            side
        };
        p.set_square(sq, code(t, mover), self.unmoved.contains(sq));
        p.side = mover;
        let mut all = Vec::new();
        p.generate(&mut all, captures_only);
        let mut out: Vec<Move> = Vec::new();
        for m in all {
            // The script masks the imitated moves by the `I` leg's modes, `e` among them:
            // an imitator takes nothing en passant.
            if m.from != sq || m.is_drop() || m.is_castle() || m.is_ep() {
                continue;
            }
            // The piece taken, as the position holds it (its colour swapped back).
            let captured = match m.captured_code() {
                c if c != 0 && turned => code(code_type(c), code_colour(c).other()),
                c => c,
            };
            let m = m.with_promo(0).with_captured(captured);
            if !out.contains(&m) {
                out.push(m);
            }
        }
        out
    }
}
