//! Promotion as moves are pushed (by choice with the `promoChoice` marks, or by offset), and
//! drops from the hand.

use super::{Move, Position, WHITE};
use crate::geometry::SquareSet;
use crate::hands::HandRules;
use crate::piece::PieceType;
use crate::variant::code_type;

impl Position {
    /// Push a move, or its promotions when the piece promotes and the move touches the zone.
    #[inline(always)]
    pub(super) fn push(&self, out: &mut Vec<Move>, m: Move, promotes: bool) {
        let zone = &self.v.promo_zone[self.side.index()];
        out.push(m);
        if promotes && (zone.contains(m.from) || zone.contains(m.to)) {
            self.promote_last(out);
        }
    }

    /// [`Position::push`] for a move found to promote or not (`promote`).
    #[inline(always)]
    pub(super) fn push_promoting(&self, out: &mut Vec<Move>, m: Move, promote: bool) {
        // Pushed first, then replaced by its promotions: a move handed whole to a call
        // is assembled in a stack slot and reloaded, which stalled store forwarding in the
        // generator's loop (perf, chess perft: a third of its time).
        out.push(m);
        if promote {
            self.promote_last(out);
        }
    }

    /// The last move pushed, of a promoting piece that starts or ends in its zone, replaced
    /// by its promotions (and itself where it may stay unpromoted).
    #[inline(never)]
    fn promote_last(&self, out: &mut Vec<Move>) {
        let Some(plain) = out.pop() else {
            return;
        };
        let v = &*self.v;
        let us = self.side;
        let (from, to) = (plain.from, plain.to);
        let t = code_type(self.board[from as usize]);
        let zone = &v.promo_zone[us.index()];
        if let Some(p) = v.offset_promotion.to[t.index()] {
            // Shogi promotion: optional, unless the piece could not move again unpromoted.
            let (enter, leave) = (zone.contains(to), zone.contains(from));
            let capture = plain.takes_on_the_way() || (to != from && self.board[to as usize] != 0);
            let may = if v.offset_promotion.with_hands {
                enter || leave
            } else if leave {
                capture
            } else {
                enter
            };
            if may {
                out.push(plain.with_promo(p.index() as u8 + 1));
                if v.stuck[t.index()][us.index()].contains(to) {
                    return;
                }
            }
            out.push(plain);
            return;
        }
        if !zone.contains(to) {
            out.push(plain);
            return;
        }
        let g = v.geometry;
        // Ranks from the last one a piece may reach (short of the gate with `autoGate`).
        let gated = v.gate.is_some() as u8;
        let dist = if us == WHITE {
            (g.ranks - 1 - g.rank(to)).saturating_sub(gated)
        } else {
            g.rank(to).saturating_sub(gated)
        };
        for (i, &choice) in v.promo_choice.iter().enumerate() {
            let r = v.promo_rules.get(i).copied().unwrap_or_default();
            if (r.not_last && dist == 0)
                || (r.depth > 0 && dist > r.depth)
                || (r.from_hand && self.in_hand(us, choice) == 0)
            {
                continue;
            }
            out.push(plain.with_promo(choice.index() as u8 + 1));
        }
    }

    /// Drops of the side to move: every type in its hand onto every empty square of the
    /// type's drop zone, but a second unpromoted piece on a file where the rules allow one.
    pub(super) fn drop_moves(&self, out: &mut Vec<Move>) {
        let v = &*self.v;
        let us = self.side;
        let nt = v.types.len();
        let g = v.geometry;
        let (a, b) = (self.occ[0].0, self.occ[1].0);
        for t in (0..nt).map(PieceType::new) {
            if self.hands[HandRules::index(nt, us, t)] == 0 {
                continue;
            }
            let mut files = 0u32;
            if v.hands.one_a_file & t.bit() != 0 {
                for sq in self.occ[us.index()].iter() {
                    if code_type(self.board[sq as usize]) == t {
                        files |= 1 << g.file(sq);
                    }
                }
            }
            let zone = v.hands.zone[t.index()][us.index()].0;
            let free = SquareSet(std::array::from_fn(|i| zone[i] & !(a[i] | b[i])));
            for sq in free.iter() {
                if files & (1 << g.file(sq)) == 0 {
                    out.push(Move::drop(t, sq));
                }
            }
        }
    }

    /// Would the drop `m` (legal otherwise) give mate with a type whose drop may not?
    pub(super) fn drop_mates(&self, m: Move) -> bool {
        let v = &*self.v;
        let Some(t) = m.dropped().filter(|t| v.hands.no_drop_mate & t.bit() != 0) else {
            return false;
        };
        let Some(k) = self.royal_square(self.side.other()) else {
            return false;
        };
        // Only a drop that attacks the royal piece can mate.
        let hits = (v.rays_for(self.side, t, m.to).iter())
            .any(|r| v.ray_steps(r).iter().any(|st| st.to == k));
        if !hits {
            return false;
        }
        let mut p = self.clone();
        p.make(m);
        if !p.in_check() {
            return false;
        }
        // The replies are judged without this rule: a reply that is itself a mating drop
        // still answers the check.
        let mut replies = Vec::new();
        p.generate(&mut replies, false);
        p.retain_legal_with(&mut replies, false);
        replies.is_empty()
    }
}
