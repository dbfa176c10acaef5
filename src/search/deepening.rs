//! Iterative deepening with aspiration windows. A timed search thinks its whole time (or,
//! with a soft limit, starts no iteration past it): an iteration cut short by the clock still
//! counts when its first root move was searched, since a later move that beat it was searched
//! in full.

use super::{INF, Info, Limits, MATE, NO_MOVE, Node, Score, SearchResult, Searcher};
use crate::position::Position;

impl Searcher {
    /// Search `pos`. `history` holds the hashes of the game's earlier positions (for
    /// repetition). `on_info` is called after every finished iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.start_ms = (self.clock)();
        self.limits = limits;
        self.nodes = 0;
        self.generation = self.generation.wrapping_add(1);
        self.stopped = false;
        self.root_depth_done = false;
        // The game's positions seen twice already: a third time is a draw.
        self.repeated.clear();
        for (i, h) in history.iter().enumerate() {
            if history[..i].contains(h) && !self.repeated.contains(h) {
                self.repeated.push(*h);
            }
        }
        self.path.clear();
        for k in self.killers.iter_mut() {
            *k = [NO_MOVE; 2];
        }
        for h in self.history.iter_mut().chain(self.cont_history.iter_mut()) {
            *h /= 2;
        }
        let mut pos = pos.clone();
        let mut root_moves = Vec::new();
        pos.legal_moves(&mut root_moves);
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if root_moves.is_empty() {
            return result;
        }
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let mut last = 0;
        for depth in 1..=max_depth {
            self.root_best = None;
            let score = self.aspiration(&mut pos, depth as i32, last);
            let (score, pv, done) = if self.stopped && depth > 1 {
                // A partial iteration counts only once its first move is searched: the move
                // played is then the best of those searched, the one its info line shows,
                // under the depth last completed.
                match self.root_best.take() {
                    Some((_, s, pv)) => (s, pv, depth - 1),
                    None => break,
                }
            } else {
                (score, self.pv_table[0].clone(), depth)
            };
            last = score;
            self.root_depth_done = true;
            result.best = pv.first().copied().or(result.best);
            result.score = Score::from_internal(score);
            result.depth = done;
            result.pv = pv.clone();
            let t = self.elapsed().max(0.001);
            let info = Info {
                depth: done,
                score: result.score,
                nodes: self.nodes,
                nps: (self.nodes as f64 / t * 1000.0) as u64,
                time_ms: t,
                pv,
            };
            on_info(&info);
            if self.stopped {
                break;
            }
            if score.abs() > MATE - 1000 && depth as i32 > (MATE - score.abs()) + 1 {
                break;
            }
            if let Some(t) = limits.soft_time_ms
                && self.elapsed() > t
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// One iteration at `depth`, first in a window around the last iteration's score
    /// (`last`), widened on the side it fails until the score falls inside.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, last: i32) -> i32 {
        if depth < 5 || last.abs() > MATE - 1000 {
            return self.negamax(pos, depth, -INF, INF, 0, Node::Pv);
        }
        let mut delta = 25;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(pos, depth, alpha, beta, 0, Node::Pv);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INF);
                // A fail low says nothing of the moves: the partial result is not kept.
                self.root_best = None;
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 1000 {
                (alpha, beta) = (-INF, INF);
            }
        }
    }
}
