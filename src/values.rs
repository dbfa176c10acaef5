//! Piece values measured by play, after H. G. Muller's method: engine games from starts with a
//! material imbalance, each piece type against as many pawns as it is thought to be worth.
//!
//! The unit is the pawn (a type named pawn that promotes, present in the start array; without
//! one, the cheapest type there). For each other non-royal type `T` in the start array, one
//! side starts without one of its `T`s and the other without `k` of its pawns, `k` the engine's
//! estimate of `T` in pawns (rounded, at most the pawns a side has), so the games are close
//! to even and their score measures the difference. A calibration imbalance, one side without
//! `m` pawns (2, or 1 with only one), says what a pawn is worth in score.
//!
//! A score `s` is turned into an advantage by its logit, `ln(s / (1 - s))`, which is close to
//! proportional to the material difference near an even game. With `L_c` the logit of the
//! calibration's score and `c = L_c / m` the logit of one pawn, `T`'s value is
//! `k + L_T / c`: more than `k` pawns when the side with `T` scores more than half. The 95%
//! interval is the delta method's over both scores' variances (per game, draws counted as ½).
//!
//! Game `g` of imbalance `i` is reproducible: which pieces go, who plays the side with `T`
//! (White in even games) and the two random opening plies come from the seed, `i` and `g`.
//! Like [`crate::balance`] this module has no threads or clock: `fairylab values` runs the
//! games on every core, a browser worker one at a time.

use crate::balance::game_seed;
use crate::eval::Evaluator;
use crate::game::{Game, Outcome};
use crate::piece::{Colour, PieceType, WHITE};
use crate::position::Position;
use crate::search::{Limits, Searcher};
use crate::selfplay::play_game_from;
use crate::shuffle::start_setup;
use crate::variant::Variant;
use std::sync::Arc;

/// Games still going after this many plies are drawn.
pub const MAX_PLIES: usize = 400;

/// One imbalance: the side with `piece` has `pawns` fewer pawns than the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Imbalance {
    /// The type one side lacks; `None` for the calibration (only pawns differ).
    pub piece: Option<PieceType>,
    /// Pawns the side with the piece lacks (for the calibration: the pawns the side the score
    /// counts for has more).
    pub pawns: u32,
}

/// The unit type and the imbalances to play, calibration first; `None` when the start array
/// has no non-royal type both sides own.
pub fn plan(v: &Variant, eval: &Evaluator) -> Option<(PieceType, Vec<Imbalance>)> {
    let owned = |t: PieceType| v.types[t].start.iter().map(Vec::len).min().unwrap_or(0) as u32;
    let candidates: Vec<PieceType> = v
        .piece_types()
        .filter(|&t| !v.types[t].hidden && !v.types[t].royal && owned(t) > 0)
        .collect();
    let pawn = (candidates.iter().copied())
        .find(|&t| v.types[t].is_pawn && v.types[t].promotes)
        .or_else(|| candidates.iter().copied().min_by_key(|&t| eval.value(t)))?;
    let have = owned(pawn);
    let mut list = vec![Imbalance {
        piece: None,
        pawns: have.min(2),
    }];
    for &t in candidates.iter().filter(|&&t| t != pawn) {
        let k = (eval.value(t) as f64 / eval.value(pawn).max(1) as f64).round() as u32;
        list.push(Imbalance {
            piece: Some(t),
            pawns: k.min(have),
        });
    }
    Some((pawn, list))
}

/// Where game `game` of imbalance number `index` starts, the colour of the side the score
/// counts for (with the piece; in the calibration, with the pawns more), and a seed for the
/// opening plies.
pub fn start(
    v: &Arc<Variant>,
    pawn: PieceType,
    imb: Imbalance,
    index: usize,
    seed: u64,
    game: u64,
) -> (Position, Colour, u64) {
    let mut rng = game_seed(
        seed ^ (index as u64).wrapping_mul(0xA24B_AED4_963E_E407),
        game,
    );
    let strong = if game.is_multiple_of(2) {
        WHITE
    } else {
        WHITE.other()
    };
    let mut setup = start_setup(v, Some(rng.0));
    let mut remove = |colour: Colour, t: PieceType, n: u32, rng: &mut crate::selfplay::Seed| {
        for _ in 0..n {
            let squares: Vec<usize> = (setup.pieces.iter().enumerate())
                .filter(|(_, (_, p))| p.colour == colour && p.piece_type == t)
                .map(|(i, _)| i)
                .collect();
            if squares.is_empty() {
                return;
            }
            let i = squares[rng.below(squares.len())];
            setup.pieces.remove(i);
        }
    };
    // The side with the piece gives up pawns, the other one piece of the type; in the
    // calibration the side the score counts for has the pawns more.
    match imb.piece {
        Some(t) => {
            remove(strong, pawn, imb.pawns, &mut rng);
            remove(strong.other(), t, 1, &mut rng);
        }
        None => remove(strong.other(), pawn, imb.pawns, &mut rng),
    }
    setup.hands = v.hands.start.clone();
    (Position::from_setup(v, &setup), strong, rng.0)
}

/// Play game `game` of imbalance `index`: the score (1, ½, 0) of the side with the piece.
pub fn play(
    v: &Arc<Variant>,
    searcher: &mut Searcher,
    limits: Limits,
    (pawn, imb, index): (PieceType, Imbalance, usize),
    seed: u64,
    game: u64,
) -> Result<f64, String> {
    let (pos, strong, s) = start(v, pawn, imb, index, seed, game);
    let mut openings = crate::selfplay::Seed(s | 1);
    let record = play_game_from(
        Game::from_position(pos),
        searcher,
        limits,
        &mut openings,
        MAX_PLIES,
    )?;
    Ok(match record.outcome {
        Some(Outcome::Win { winner, .. }) if winner == strong => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    })
}

/// Scores of one imbalance's games.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Scores {
    pub games: u32,
    pub sum: f64,
    pub sum_sq: f64,
}

impl Scores {
    pub fn add(&mut self, x: f64) {
        self.games += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }
    pub fn merge(&mut self, o: &Scores) {
        self.games += o.games;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }
    /// The mean score, kept half a game from 0 and 1 (so its logit is finite), and the
    /// variance of that mean.
    fn mean_var(&self) -> Option<(f64, f64)> {
        let n = self.games as f64;
        if self.games == 0 {
            return None;
        }
        let s = (self.sum / n).clamp(0.5 / n, 1.0 - 0.5 / n);
        // Per-game variance, at least that of one game in n going the other way.
        let var = ((self.sum_sq / n - s * s).max(0.0)).max(s * (1.0 - s) / n) / n;
        Some((s, var))
    }
    /// Its logit and the logit's variance (delta method).
    fn logit(&self) -> Option<(f64, f64)> {
        let (s, var) = self.mean_var()?;
        let d = 1.0 / (s * (1.0 - s));
        Some(((s / (1.0 - s)).ln(), var * d * d))
    }
    pub fn mean(&self) -> Option<f64> {
        (self.games > 0).then(|| self.sum / self.games as f64)
    }
}

/// A type's measured value in pawns with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Value {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// The value of the type of imbalance `imb` from its scores and the calibration's (`m`
/// pawns, scored `cal`); `None` when the calibration shows no pawn advantage (`L_c <= 0`).
pub fn value(imb: Imbalance, scores: &Scores, cal_pawns: u32, cal: &Scores) -> Option<Value> {
    let (lc, var_lc) = cal.logit()?;
    let c = lc / cal_pawns.max(1) as f64;
    if c <= 0.0 {
        return None;
    }
    let var_c = var_lc / (cal_pawns.max(1) as f64).powi(2);
    let (lt, var_lt) = scores.logit()?;
    let value = imb.pawns as f64 + lt / c;
    let var = var_lt / (c * c) + (lt / (c * c)).powi(2) * var_c;
    let half = 1.96 * var.sqrt();
    Some(Value {
        value,
        low: value - half,
        high: value + half,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    #[test]
    fn chess_plans_each_piece_against_its_pawns() {
        let v = bundled::load("chess").unwrap();
        let (pawn, list) = plan(&v, &Evaluator::new(&v)).unwrap();
        assert_eq!(v.types[pawn].name, "pawn");
        let names: Vec<(String, u32)> = (list.iter())
            .map(|i| {
                (
                    i.piece.map_or("-".into(), |t| v.types[t].name.clone()),
                    i.pawns,
                )
            })
            .collect();
        // The engine's estimates: N 302, B 316, R 448, Q 900ish centipawns; Q is capped at
        // the 8 pawns a side has.
        let expect = [
            ("-", 2),
            ("knight", 3),
            ("bishop", 3),
            ("rook", 4),
            ("queen", 8),
        ];
        let expect: Vec<(String, u32)> = expect.iter().map(|(n, k)| (n.to_string(), *k)).collect();
        assert_eq!(names, expect);
    }

    #[test]
    fn imbalanced_starts_lack_what_they_should() {
        let v = bundled::load("chess").unwrap();
        let (pawn, list) = plan(&v, &Evaluator::new(&v)).unwrap();
        let rook = list[3];
        for game in 0..4 {
            let (pos, strong, _) = start(&v, pawn, rook, 3, 1, game);
            assert_eq!(strong == WHITE, game % 2 == 0);
            let r = rook.piece.unwrap();
            assert_eq!(pos.count(strong, pawn), 8 - rook.pawns as u16);
            assert_eq!(pos.count(strong.other(), pawn), 8);
            assert_eq!(pos.count(strong, r), 2);
            assert_eq!(pos.count(strong.other(), r), 1);
            assert_eq!(pos.hash(), pos.compute_hash());
        }
        // Reproducible.
        assert_eq!(
            start(&v, pawn, rook, 3, 1, 5).0,
            start(&v, pawn, rook, 3, 1, 5).0
        );
    }

    /// By hand: calibration 2 pawns at score 0.75 (logit ln 3 = 1.0986, c = 0.5493); a piece
    /// against 3 pawns scoring 0.5 is worth 3 pawns, one scoring 0.75 is worth 3 + 2 = 5.
    #[test]
    fn value_from_scores_by_hand() {
        let scores = |s: f64, n: u32| {
            let mut x = Scores::default();
            // n games, all with score s exactly (variance from the floor only).
            for _ in 0..n {
                x.add(s);
            }
            x
        };
        let cal = scores(0.75, 400);
        let imb = Imbalance {
            piece: Some(PieceType::new(1)),
            pawns: 3,
        };
        let even = value(imb, &scores(0.5, 400), 2, &cal).unwrap();
        assert!((even.value - 3.0).abs() < 1e-9, "{even:?}");
        assert!(even.low < 3.0 && even.high > 3.0);
        let more = value(imb, &scores(0.75, 400), 2, &cal).unwrap();
        assert!((more.value - 5.0).abs() < 1e-9, "{more:?}");
        assert!(more.high - more.low > even.high - even.low);
        // No pawn advantage in the calibration: no value.
        assert_eq!(value(imb, &scores(0.5, 10), 2, &scores(0.5, 10)), None);
    }
}
