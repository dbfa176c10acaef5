//! The quiescence search: captures and promotions after standing pat (every evasion in
//! check), to a depth cap, with delta pruning and the pruning of losing captures.

use super::{DELTA_MARGIN, INF, MAX_PLY, NO_MOVE, QUIESCENCE_CAP, Searcher};
use crate::position::Position;

impl Searcher {
    pub(super) fn quiescence(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qd: i32,
    ) -> i32 {
        if !self.enter(ply) {
            return 0;
        }
        if let Some(s) = self.rule_score(pos, ply) {
            return s;
        }
        let mut moves = std::mem::take(&mut self.move_buffers[ply]);
        // In check every evasion is searched (none is mate); otherwise captures and
        // promotions, after standing pat.
        let in_check = pos.in_check();
        if in_check {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.move_buffers[ply] = moves;
                return self.no_move_score(pos, ply, true);
            }
        }
        let stand = self.eval.evaluate(pos);
        if qd >= QUIESCENCE_CAP || ply >= MAX_PLY - 1 || (!in_check && stand >= beta) {
            self.move_buffers[ply] = moves;
            return stand;
        }
        if !in_check {
            alpha = alpha.max(stand);
            pos.legal_captures(&mut moves);
        }
        let us = pos.side_to_move();
        self.order(pos, &mut moves, NO_MOVE, ply.min(MAX_PLY));
        let mut best = if in_check { -INF } else { stand };
        let them = us.other();
        for i in 0..moves.len() {
            let m = moves[i];
            if !in_check && m.promo == 0 {
                // A capture that cannot lift the score to alpha even with a margin (delta
                // pruning), or that gives a piece for less on a square the enemy guards.
                let gain = self.gain(pos, m);
                if stand + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                let mover = pos
                    .piece_at(m.from)
                    .map_or(0, |p| self.eval.value(p.piece_type));
                if mover > gain + 50 && pos.is_attacked(m.to, them) {
                    continue;
                }
            }
            let u = pos.make(m);
            let score = if pos.side_to_move() == us {
                self.quiescence(pos, alpha, beta, ply + 1, qd + 1)
            } else {
                -self.quiescence(pos, -beta, -alpha, ply + 1, qd + 1)
            };
            pos.unmake(&u);
            if self.stopped {
                self.move_buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_buffers[ply] = moves;
        best
    }
}
