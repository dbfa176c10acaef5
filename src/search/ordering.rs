//! Move ordering: the table's move, captures by most valuable victim and least valuable
//! attacker, promotions, killers, then quiet moves (drops among them) by history (side to
//! move, from, to) plus continuation history, by the piece type and destination after the
//! move before and after the side's own move before that (all grow for the quiet move that
//! cuts and shrink for the quiet moves tried before it), and last the captures that give a
//! piece for less on a guarded square.

use super::{HISTORY_MAX, NO_MOVE, Searcher, is_quiet};
use crate::piece::Piece;
use crate::position::{Move, Position};

/// Move a history score by `bonus`, the less the nearer it already is to the bound on that
/// side (`HISTORY_MAX`): scores stay within it, and recent results outweigh old ones.
fn nudge(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

impl Searcher {
    /// Order `moves` best first. With `losing_last`, a capture that gives a piece for less
    /// on a square the enemy guards comes after the quiet moves.
    pub(super) fn order(
        &mut self,
        pos: &Position,
        moves: &mut [Move],
        tt_move: Move,
        ply: usize,
        losing_last: bool,
    ) {
        let nsq = pos.variant().geometry.len();
        let them = pos.side_to_move().other();
        let counter = self.countermove(ply, nsq);
        let (mut keyed, mut copy) = std::mem::take(&mut self.order_buffers[ply]);
        keyed.clear();
        keyed.extend(moves.iter().enumerate().map(|(i, &m)| {
            let key: i64 = if m == tt_move {
                1 << 40
            } else {
                // What it takes: on its destination (the move knows it: a castling onto its
                // partner's square takes nothing), en passant, and locust victims on the way.
                let target = m.captured().filter(|_| !m.is_ep());
                let locusts = m.victims().filter_map(|k| pos.piece_at(k));
                let locust: i32 = locusts.map(|p| self.eval.value(p.piece_type)).sum();
                if target.is_some() || m.is_ep() || m.takes_on_the_way() {
                    let attacker = pos
                        .piece_at(m.from)
                        .map_or(0, |p| self.eval.value(p.piece_type));
                    let value = |p: Option<Piece>| p.map_or(0, |p| self.eval.value(p.piece_type));
                    let victim = match target {
                        None if m.is_ep() => 100,
                        t => value(t),
                    } + locust;
                    let mvv_lva = victim as i64 * 16 - attacker as i64 / 16;
                    if losing_last && attacker > victim + 50 && pos.is_attacked(m.to, them) {
                        -(1 << 30) + mvv_lva
                    } else {
                        (1 << 30) + mvv_lva
                    }
                } else if let Some(p) = m.promotion() {
                    (1 << 29) + self.eval.value(p) as i64
                } else if m == self.killers[ply][0] {
                    1 << 28
                } else if m == self.killers[ply][1] {
                    (1 << 28) - 1
                } else if m == counter {
                    (1 << 28) - 2
                } else {
                    self.quiet_score(pos, ply, m) as i64
                }
            };
            // Highest key first: the key flipped into an ascending unsigned order, and the
            // move's index, so that this sort is the one `keyed` uses (one copy in the wasm).
            (!((key as u64) ^ (1 << 63)), i as u32)
        }));
        keyed.sort_unstable();
        copy.clear();
        copy.extend_from_slice(moves);
        for (slot, &(_, i)) in moves.iter_mut().zip(keyed.iter()) {
            *slot = copy[i as usize];
        }
        self.order_buffers[ply] = (keyed, copy);
    }

    /// What a move takes: the piece on its destination (not its own square, for a move that
    /// returns), en passant, and locust victims on the way.
    pub(super) fn gain(&self, pos: &Position, m: Move) -> i32 {
        let value = |sq| {
            pos.piece_at(sq)
                .map_or(0, |p| self.eval.value(p.piece_type))
        };
        let target = if m.to != m.from { value(m.to) } else { 0 };
        let ep = if m.is_ep() && target == 0 { 100 } else { 0 };
        target + ep + m.locusts().iter().map(|&k| value(k)).sum::<i32>()
    }

    /// A quiet move that cut at `ply`: its history and continuation histories grow, those of
    /// the quiet moves tried before it (`before`) shrink.
    pub(super) fn reward(
        &mut self,
        pos: &Position,
        ply: usize,
        m: Move,
        before: &[Move],
        depth: i32,
    ) {
        let bonus = (6 * depth * depth + 229 * depth - 215).clamp(0, 2000);
        self.nudge_quiet(pos, ply, m, bonus);
        for b in before {
            if is_quiet(*b) {
                self.nudge_quiet(pos, ply, *b, -bonus);
            }
        }
    }

    /// Move the history and both continuation histories of quiet move `m` at `ply`.
    fn nudge_quiet(&mut self, pos: &Position, ply: usize, m: Move, bonus: i32) {
        let slot = self.history_slot(pos, m);
        nudge(&mut self.history[slot], bonus);
        for i in self.cont_slots(pos, ply, m).into_iter().flatten() {
            nudge(&mut self.cont_history[i], bonus);
        }
    }

    /// Where the side to move's history of `m` is kept: by colour, origin and destination.
    fn history_slot(&self, pos: &Position, m: Move) -> usize {
        let nsq = pos.variant().geometry.len();
        (pos.side_to_move().index() * nsq + m.from as usize) * nsq + m.to as usize
    }

    /// How good quiet move `m` at `ply` has been: its history plus its continuation
    /// histories after the move before and after the side's own move before that.
    pub(super) fn quiet_score(&self, pos: &Position, ply: usize, m: Move) -> i32 {
        let cont: i32 = self
            .cont_slots(pos, ply, m)
            .into_iter()
            .flatten()
            .map(|i| self.cont_history[i])
            .sum();
        self.history[self.history_slot(pos, m)] + cont
    }

    /// Where `m`, a quiet move at `ply`, is kept in the continuation history: after the move
    /// before (the offset it left at `ply`), and after the move before that (at `ply - 1`),
    /// plus the moving piece's type and destination (`None` after a null move or at the
    /// root).
    fn cont_slots(&self, pos: &Position, ply: usize, m: Move) -> [Option<usize>; 2] {
        let nsq = pos.variant().geometry.len();
        let t = match m.dropped() {
            Some(t) => t.index(),
            None => match pos.piece_at(m.from) {
                Some(p) => p.piece_type.index(),
                None => return [None, None],
            },
        };
        let len = self.cont_history.len();
        let at = |base: usize| (base != usize::MAX).then(|| (base + t * nsq + m.to as usize) % len);
        let before = if ply >= 1 {
            self.cont_base[ply - 1]
        } else {
            usize::MAX
        };
        [at(self.cont_base[ply]), at(before)]
    }

    /// The continuation offset of `m`, just made in `pos`: the type now on its destination
    /// and that square (reduced into the table, so that no index overflows).
    pub(super) fn cont_offset(&self, pos: &Position, m: Move) -> usize {
        let nsq = pos.variant().geometry.len();
        let row = (pos.variant().types.len() * nsq) as u64;
        pos.piece_at(m.to).map_or(usize::MAX, |p| {
            let key = (p.piece_type.index() * nsq + m.to as usize) as u64;
            (key * row % self.cont_history.len() as u64) as usize
        })
    }

    /// The quiet move that last refuted the move that led to `ply`.
    pub(super) fn countermove(&self, ply: usize, nsq: usize) -> Move {
        match ply.checked_sub(1).map(|p| self.played[p]) {
            Some(prev) if prev != NO_MOVE => {
                self.countermoves[prev.from as usize * nsq + prev.to as usize]
            }
            _ => NO_MOVE,
        }
    }

    /// `m` refuted the move that led to `ply`.
    pub(super) fn set_countermove(&mut self, ply: usize, nsq: usize, m: Move) {
        if let Some(prev) = ply.checked_sub(1).map(|p| self.played[p])
            && prev != NO_MOVE
        {
            self.countermoves[prev.from as usize * nsq + prev.to as usize] = m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{HISTORY_MAX, nudge};
    use crate::search::Searcher;
    use crate::{bundled, fen};

    /// History scores move toward the bonus's side and never pass the bound, however often
    /// they are rewarded; a malus after many rewards brings the score down by nearly its
    /// full size.
    #[test]
    fn history_stays_within_its_bound() {
        let mut h = 0;
        nudge(&mut h, 2000);
        assert_eq!(h, 2000);
        for _ in 0..1000 {
            nudge(&mut h, 2000);
            assert!(h <= HISTORY_MAX, "{h}");
        }
        assert!(h > HISTORY_MAX * 9 / 10, "{h}");
        let before = h;
        nudge(&mut h, -2000);
        assert!(before - h > 3000, "{before} {h}");
        for _ in 0..1000 {
            nudge(&mut h, -2000);
            assert!(h >= -HISTORY_MAX, "{h}");
        }
    }

    /// A quiet move's history is its side's: White's reward leaves Black's score of the same
    /// squares at 0. Its continuation history counts after the move before and after the
    /// side's own move before that: with only the latter known, a reward still shows.
    #[test]
    fn history_is_by_side_and_reaches_two_plies_back() {
        let v = bundled::load("chess").unwrap();
        let mut s = Searcher::native(&v);
        let white = fen::from_fen(&v, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
        let black = fen::from_fen(&v, "4k3/8/8/8/8/8/8/4K1N1 b - - 0 1").unwrap();
        let mut moves = Vec::new();
        white.clone().legal_moves(&mut moves);
        let m = *moves
            .iter()
            .find(|m| m.from != m.to && m.to as usize == 21)
            .unwrap();
        let ply = 3;
        s.cont_base[ply] = usize::MAX;
        s.cont_base[ply - 1] = 0;
        assert_eq!(s.quiet_score(&white, ply, m), 0);
        s.reward(&white, ply, m, &[], 6);
        let slot = s.history_slot(&white, m);
        let both = s.quiet_score(&white, ply, m);
        assert!(s.history[slot] > 0 && both == 2 * s.history[slot], "{both}");
        assert_eq!(s.history[s.history_slot(&black, m)], 0);
    }
}
