//! Fitting the evaluation's weights to a teacher (Texel tuning): over quiet positions, the
//! mean squared error between `sigmoid(ours / K)` and a target in 0..=1 (the teacher's
//! score through the same sigmoid, or a game's result), lowered by coordinate descent over
//! the [`Weights`]. `fairylab tune` reads the data and prints the weights (docs/eval.md).

use super::{Evaluator, Weights};
use crate::position::{Move, Position};
use crate::variant::Variant;
use std::sync::Arc;

/// One labelled position: the index of its variant in the fit's list, the position, and
/// its target for the side to move, from 0 (lost) to 1 (won).
pub struct Sample {
    /// The variant's index in the fit's list.
    pub variant: usize,
    /// The position.
    pub pos: Position,
    /// The target for the side to move, 0 to 1.
    pub target: f64,
}

/// The win expectation of a score in centipawns: `1 / (1 + 10^(-cp / k))`.
pub fn sigmoid(cp: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / k))
}

/// Whether `pos` is quiet for `e`: not in check, and no capture or promotion changes the
/// score (the quiescence search's score is the static evaluation).
pub fn quiet(e: &Evaluator, pos: &mut Position) -> bool {
    if pos.in_check() {
        return false;
    }
    let stand = e.evaluate(pos);
    quiescence(e, pos, -INF, INF, 0) == stand
}

const INF: i32 = 1 << 20;
/// The quiescence search's depth cap, in plies of captures.
const CAP: u32 = 12;

/// A plain quiescence search over captures and promotions (evasions are not searched:
/// only quiet starting positions matter here).
fn quiescence(e: &Evaluator, pos: &mut Position, mut alpha: i32, beta: i32, depth: u32) -> i32 {
    let stand = e.evaluate(pos);
    if stand >= beta || depth >= CAP {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_captures(&mut moves);
    for m in moves {
        let undo = pos.make(m);
        let score = -quiescence(e, pos, -beta, -alpha, depth + 1);
        pos.unmake(&undo);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The fit: one evaluator per variant, all with the same weights.
pub struct Fit<'a> {
    variants: &'a [Arc<Variant>],
    evaluators: Vec<Evaluator>,
    /// The sigmoid's scale, in centipawns.
    pub k: f64,
}

impl<'a> Fit<'a> {
    /// A fit over `variants` starting from weights `w`.
    pub fn new(variants: &'a [Arc<Variant>], w: &Weights, k: f64) -> Fit<'a> {
        let evaluators = variants
            .iter()
            .map(|v| Evaluator::with_weights(v, w.clone()))
            .collect();
        Fit {
            variants,
            evaluators,
            k,
        }
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        self.evaluators[0].weights()
    }

    fn set(&mut self, w: &Weights) {
        for (e, v) in self.evaluators.iter_mut().zip(self.variants) {
            e.set_weights(v, w.clone());
        }
    }

    /// The mean squared error over `samples` with the weights in use.
    pub fn error(&self, samples: &[Sample]) -> f64 {
        let sum: f64 = samples
            .iter()
            .map(|s| {
                let ours = self.evaluators[s.variant].evaluate(&s.pos) as f64;
                (sigmoid(ours, self.k) - s.target).powi(2)
            })
            .sum();
        sum / samples.len().max(1) as f64
    }

    /// The share of `samples` whose evaluation differs from their material by more than
    /// `margin` centipawns (what the search's lazy exits assume is rare).
    pub fn beyond(&self, samples: &[Sample], margin: i32) -> f64 {
        let far = samples.iter().filter(|s| {
            let e = &self.evaluators[s.variant];
            (e.evaluate(&s.pos) - e.material(&s.pos)).abs() > margin
        });
        far.count() as f64 / samples.len().max(1) as f64
    }

    /// Coordinate descent: each weight in turn (but those named in `fixed`) moves by its step up or down while that
    /// lowers the error on `samples`; a step that helps neither way halves (down to 1). Stops
    /// after `passes` rounds or when a round at unit steps changes nothing. `log` hears each
    /// round's error. Returns the error at the end.
    pub fn descend(
        &mut self,
        samples: &[Sample],
        passes: usize,
        fixed: &[&str],
        mut log: impl FnMut(usize, f64, &Weights),
    ) -> f64 {
        let mut w = self.weights().clone();
        let mut best = self.error(samples);
        let mut steps: Vec<i32> = w
            .named()
            .iter()
            .map(|(name, x)| {
                if fixed.contains(name) {
                    0
                } else {
                    (x.abs() / 4).max(1)
                }
            })
            .collect();
        for pass in 0..passes {
            let mut changed = false;
            for (i, step) in steps.iter_mut().enumerate() {
                if *step == 0 {
                    continue;
                }
                let mut moved = false;
                for dir in [1, -1] {
                    loop {
                        let mut trial = w.clone();
                        *trial.named()[i].1 += dir * *step;
                        if trial.danger_scale < 0
                            || trial.material_linear < 0
                            || trial.promoter_value < 1
                        {
                            break;
                        }
                        self.set(&trial);
                        let e = self.error(samples);
                        if e < best {
                            (best, w, moved) = (e, trial, true);
                        } else {
                            break;
                        }
                    }
                    if moved {
                        break;
                    }
                }
                if moved {
                    changed = true;
                } else if *step > 1 {
                    *step /= 2;
                    changed = true;
                }
            }
            self.set(&w);
            log(pass, best, &w);
            if !changed {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    /// Quiet positions are those without a capture that changes the score; a hanging queen
    /// is not quiet, the start is.
    #[test]
    fn a_hanging_piece_is_not_quiet() {
        let v = bundled::load("chess").unwrap();
        let e = Evaluator::new(&v);
        assert!(quiet(&e, &mut Position::start(&v)));
        let fen = "rnb1kbnr/pppp1ppp/8/4p1q1/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1";
        let mut pos = crate::fen::from_fen(&v, fen).unwrap();
        assert!(!quiet(&e, &mut pos));
    }

    /// On positions labelled by an evaluator with other weights, the fit from the defaults
    /// lowers the error, on the positions it fits and on others it did not see, and moves
    /// the weights toward the teacher's.
    #[test]
    fn the_fit_lowers_the_error() {
        let v = bundled::load("chess").unwrap();
        let teacher = Weights {
            mobility: (9, 7),
            tempo: 30,
            ..Weights::default()
        };
        let t = Evaluator::with_weights(&v, teacher.clone());
        let k = 400.0;
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
            "r2qkbnr/ppp2ppp/2np4/4p3/2B1P1b1/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5",
            "rnbqk2r/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 2 5",
            "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
            "8/5pk1/6p1/8/3R4/6P1/5PK1/3r4 w - - 0 40",
            "4k3/8/3p4/8/8/4P3/5N2/4K3 b - - 0 50",
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R b KQkq - 0 8",
            "2r2rk1/pp3ppp/2n1bn2/q7/3P4/2N1BN2/PP2BPPP/2RQ1RK1 b - - 0 13",
        ];
        let samples: Vec<Sample> = fens
            .iter()
            .map(|f| {
                let pos = crate::fen::from_fen(&v, f).unwrap();
                let target = sigmoid(t.evaluate(&pos) as f64, k);
                Sample {
                    variant: 0,
                    pos,
                    target,
                }
            })
            .collect();
        let (train, held) = samples.split_at(8);
        let variants = [v.clone()];
        let mut fit = Fit::new(&variants, &Weights::default(), k);
        let (before, held_before) = (fit.error(train), fit.error(held));
        let after = fit.descend(train, 30, &["doubled.mg"], |_, _, _| {});
        assert!(after < before / 4.0, "{before} → {after}");
        assert!(
            fit.error(held) < held_before,
            "held out: {held_before} → {}",
            fit.error(held)
        );
        let w = fit.weights();
        assert!(w.mobility.0 + w.mobility.1 > 8, "{:?}", w.mobility);
        assert_eq!(w.doubled.0, Weights::default().doubled.0);
    }
}
