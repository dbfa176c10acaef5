//! The captures the trade rules forbid ([`crate::trade`]), and the counter-strike ban a move
//! leaves.

use super::{Move, Position};
use crate::geometry::Square;
use crate::trade::Strike;
use crate::variant::{code_colour, code_type};

impl Position {
    /// The enemy pieces `m` takes: on its destination (or en passant), and on the way.
    fn enemy_victims(&self, m: Move) -> Vec<Square> {
        if m.is_drop() || m.is_castle() {
            return Vec::new();
        }
        let on_to = if m.is_ep() {
            self.ep_target(m.to)
        } else {
            (m.to != m.from).then_some(m.to)
        };
        (on_to.into_iter().chain(m.victims()))
            .filter(|&q| {
                let c = self.board[q as usize];
                c != 0 && code_colour(c) != self.side
            })
            .collect()
    }

    /// Does a trade rule forbid `m`: it takes an iron piece, or a piece of the type the last
    /// move banned (but the piece that made it), or a piece of its own `antiTrade` group, or
    /// it is a protected piece taking a protected piece (with too little beside it) and could
    /// be taken back at once?
    pub(super) fn trade_forbids(&self, m: Move) -> bool {
        let tr = &self.v.trade;
        let mover =
            (!m.is_drop()).then(|| self.v.types[code_type(self.board[m.from as usize])].base);
        let mut protected = false;
        let mut gain = 0;
        for sq in self.enemy_victims(m) {
            let t = self.v.types[code_type(self.board[sq as usize])].base;
            if tr.iron & t.bit() != 0 {
                return true;
            }
            if self
                .strike
                .is_some_and(|(st, exempt)| st == t && exempt != sq)
            {
                return true;
            }
            if mover.is_some_and(|mt| tr.anti(mt, t)) {
                return true;
            }
            protected |= tr.protected & t.bit() != 0;
            gain += tr.values.get(t.index()).copied().unwrap_or(0);
        }
        if let Some(mover) = mover
            && protected
            && tr.protected & mover.bit() != 0
            && !tr.above_threshold(mover, gain)
        {
            return self.board_after(m).is_attacked(m.to, self.side.other());
        }
        false
    }

    /// The counter-strike ban `m` leaves: when it takes a piece of a counter-strike type with
    /// a piece of no counter-strike type, that type, and the square the taker ends on.
    pub(super) fn strike_after(&self, m: Move) -> Strike {
        let tr = &self.v.trade;
        if tr.counter_strike == 0 || m.is_drop() {
            return None;
        }
        let mover = self.v.types[code_type(self.board[m.from as usize])].base;
        if tr.counter_strike & mover.bit() != 0 {
            return None;
        }
        self.enemy_victims(m)
            .into_iter()
            .map(|sq| self.v.types[code_type(self.board[sq as usize])].base)
            .find(|t| tr.counter_strike & t.bit() != 0)
            .map(|t| (t, m.to))
    }
}
