//! The quiescence search: captures and promotions after standing pat (every evasion in
//! check), to a depth cap, with delta pruning, the pruning of losing captures and lazy exits
//! on material alone far above beta or far below alpha.

use super::table::{EXACT, LOWER, TtEntry, UPPER, to_tt};
use super::{DELTA_MARGIN, INF, LAZY_MARGIN, MAX_PLY, NO_MOVE, QUIESCENCE_CAP, Searcher};
use crate::position::{Move, Position};

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
        // The table: any entry of this position bounds the score (a deeper search's too).
        let key = pos.hash();
        let idx = self.tt_index(key);
        let entry = self.tt[idx];
        let mut tt_move = NO_MOVE;
        if entry.key == key {
            tt_move = entry.mv;
            if let Some(s) = entry.cutoff(ply, alpha, beta) {
                return s;
            }
        }
        let alpha0 = alpha;
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
        // Far above beta on material alone, the position stands without its full evaluation
        // (lazy evaluation: the positional terms seldom reach the margin).
        let mut generated = in_check;
        if !in_check {
            let material = self.eval.material(pos);
            if material - LAZY_MARGIN >= beta {
                self.move_buffers[ply] = moves;
                return material - LAZY_MARGIN;
            }
            // Far below alpha, where no capture could lift even the highest standing the
            // positional terms allow to alpha (delta pruning of them all), the node fails
            // low without its evaluation.
            if material + LAZY_MARGIN <= alpha {
                pos.legal_captures(&mut moves);
                generated = true;
                let hope = |m: &Move| {
                    m.promotion().is_some()
                        || material + LAZY_MARGIN + self.gain(pos, *m) + DELTA_MARGIN > alpha
                };
                if !moves.iter().any(hope) {
                    self.move_buffers[ply] = moves;
                    return material + LAZY_MARGIN;
                }
            }
        }
        let stand = self.static_eval(pos);
        if qd >= QUIESCENCE_CAP || ply >= MAX_PLY - 1 || (!in_check && stand >= beta) {
            self.move_buffers[ply] = moves;
            if !in_check && stand >= beta {
                self.store_quiet(key, NO_MOVE, stand, ply, LOWER);
            }
            return stand;
        }
        if !in_check {
            alpha = alpha.max(stand);
        }
        if !generated {
            pos.legal_captures(&mut moves);
        }
        let us = pos.side_to_move();
        self.order(pos, &mut moves, tt_move, ply.min(MAX_PLY), false);
        let mut best = if in_check { -INF } else { stand };
        let mut best_move = NO_MOVE;
        let them = us.other();
        for i in 0..moves.len() {
            let m = moves[i];
            if !in_check && m.promo() == 0 {
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
            self.played[ply] = m;
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
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_buffers[ply] = moves;
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.store_quiet(key, best_move, best, ply, bound);
        best
    }

    /// Keep a quiescence result in its slot of the table (`Searcher::tt_index`) unless the
    /// slot holds a search's (depth 1 or more) of the same position.
    fn store_quiet(&mut self, key: u64, mv: Move, score: i32, ply: usize, bound: u8) {
        let generation = self.generation;
        let idx = self.tt_index(key);
        let e = &mut self.tt[idx];
        if e.key == key && e.depth > 0 {
            return;
        }
        *e = TtEntry {
            key,
            mv,
            score: to_tt(score, ply),
            depth: 0,
            bound,
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::super::{LAZY_MARGIN, Searcher};
    use crate::{bundled, fen};

    /// White, a queen and a rook down with nothing to take, fails low at once against an
    /// alpha of 0: the score is the material plus the margin, and the position is never
    /// evaluated (the evaluation cache does not hold it). With something to take that could
    /// reach alpha, it is evaluated.
    #[test]
    fn far_below_alpha_without_a_hopeful_capture_fails_low_unevaluated() {
        let v = bundled::load("chess").unwrap();
        let mut s = Searcher::native(&v);
        let mut pos = fen::from_fen(&v, "3qk2r/8/8/8/8/8/8/4K3 w k - 0 1").unwrap();
        let material = s.eval.material(&pos);
        assert!(material + LAZY_MARGIN <= 0);
        assert_eq!(s.quiescence(&mut pos, 0, 1, 1, 0), material + LAZY_MARGIN);
        assert!(!s.eval_cache.iter().any(|e| e.0 == pos.hash()));

        // The same, with a white rook that can take the queen: the queen's value lifts it.
        let mut pos = fen::from_fen(&v, "3qk2r/8/8/8/8/8/8/3RK3 w k - 0 1").unwrap();
        s.quiescence(&mut pos, 0, 1, 1, 0);
        assert!(s.eval_cache.iter().any(|e| e.0 == pos.hash()));
    }
}
