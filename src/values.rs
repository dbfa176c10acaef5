//! Piece values measured by play, after H. G. Muller's method: engine games from starts with a
//! material imbalance, each piece type against what it is thought to be worth.
//!
//! The unit is the pawn (a type named pawn that promotes, present in the start array; without
//! one, the cheapest type there). The other non-royal types in the start array are measured
//! from the cheapest up (by the engine's estimate). For each type `T`, one side starts without
//! one of its `T`s and the other without an equal-looking set: the most valuable cheaper
//! pieces that fit the engine's estimate of `T` (a queen against two rooks, a rook against a
//! bishop and a pawn), then pawns for the rest (a knight against three pawns), at most what a
//! side has. The games are close to even, and their score measures the difference. A
//! calibration, one side without `m` pawns (2, or 1 with only one), says what a pawn is worth
//! in score.
//!
//! A score `s` is turned into an advantage by its logit, `ln(s / (1 - s))`, which is close to
//! proportional to the material difference near an even game. With `L_c` the logit of the
//! calibration's score and `c = L_c / m` the logit of one pawn, `T`'s value is the sum of its
//! set's values (measured before it) plus `L_T / c`: more than the set when the side with `T`
//! scores more than half. The 95% interval is the delta method's over the scores' variances
//! (per game, draws counted as ½), the set's variances added (their shared calibration's
//! correlation is left out).
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
mod measure;
pub use measure::{Measured, Measurement, label};

/// Games still going after this many plies are drawn.
pub const MAX_PLIES: usize = 400;

/// One imbalance: the side with `piece` lacks `against` and `pawns` pawns, the other one
/// `piece`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imbalance {
    /// The type one side lacks; `None` for the calibration (only pawns differ).
    pub piece: Option<PieceType>,
    /// The pieces besides pawns the side with the piece lacks (cheaper types, measured before).
    pub against: Vec<PieceType>,
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
        against: Vec::new(),
        pawns: have.min(2),
    }];
    let mut others: Vec<PieceType> = candidates.into_iter().filter(|&t| t != pawn).collect();
    others.sort_by_key(|&t| (eval.value(t), t.index()));
    let unit = eval.value(pawn).max(1);
    for (i, &t) in others.iter().enumerate() {
        // The most valuable cheaper pieces that fit, then pawns.
        let mut budget = eval.value(t);
        let mut against = Vec::new();
        for &u in others[..i].iter().rev() {
            let mut left = owned(u);
            while left > 0 && eval.value(u) <= budget + unit / 2 {
                against.push(u);
                budget -= eval.value(u);
                left -= 1;
            }
        }
        let k = (budget.max(0) as f64 / unit as f64).round() as u32;
        list.push(Imbalance {
            piece: Some(t),
            against,
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
    imb: &Imbalance,
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
            for &u in &imb.against {
                remove(strong, u, 1, &mut rng);
            }
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
    (pawn, imb, index): (PieceType, &Imbalance, usize),
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
    /// Games played.
    pub games: u32,
    /// The sum of the stronger side's scores (1, ½ or 0 a game).
    pub sum: f64,
    /// The sum of their squares, for the variance.
    pub sum_sq: f64,
}

impl Scores {
    /// Counts one game's score `x` (1, ½ or 0).
    pub fn add(&mut self, x: f64) {
        self.games += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }
    /// Adds the games of `o` (another thread's or shard's).
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
    /// The mean score, if any game was played.
    pub fn mean(&self) -> Option<f64> {
        (self.games > 0).then(|| self.sum / self.games as f64)
    }
}

/// A type's measured value in pawns with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Value {
    /// The value in pawns.
    pub value: f64,
    /// The 95% interval's lower end.
    pub low: f64,
    /// The 95% interval's upper end.
    pub high: f64,
}

/// The values of the plan's types (in its order; `None` for the calibration, and for a type
/// whose set has no value), from the scores of each imbalance; all `None` when the
/// calibration shows no pawn advantage (`L_c <= 0`).
pub fn values(pawn: PieceType, list: &[Imbalance], scores: &[Scores]) -> Vec<Option<Value>> {
    let mut out: Vec<Option<Value>> = vec![None; list.len()];
    let Some((lc, var_lc)) = scores[0].logit() else {
        return out;
    };
    let m = list[0].pawns.max(1) as f64;
    let c = lc / m;
    if c <= 0.0 {
        return out;
    }
    let var_c = var_lc / (m * m);
    // (value, variance) per type measured so far; the pawn is exact.
    let mut known: Vec<(PieceType, f64, f64)> = vec![(pawn, 1.0, 0.0)];
    for (i, imb) in list.iter().enumerate().skip(1) {
        let Some(t) = imb.piece else { continue };
        let set: Option<Vec<(f64, f64)>> = (imb.against.iter())
            .map(|u| known.iter().find(|k| k.0 == *u).map(|k| (k.1, k.2)))
            .collect();
        let (Some(set), Some((lt, var_lt))) = (set, scores[i].logit()) else {
            continue;
        };
        let base = imb.pawns as f64 + set.iter().map(|x| x.0).sum::<f64>();
        let value = base + lt / c;
        let var = set.iter().map(|x| x.1).sum::<f64>()
            + var_lt / (c * c)
            + (lt / (c * c)).powi(2) * var_c;
        known.push((t, value, var));
        let half = 1.96 * var.sqrt();
        out[i] = Some(Value {
            value,
            low: value - half,
            high: value + half,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    fn chess_plan() -> (Arc<Variant>, PieceType, Vec<Imbalance>) {
        let v = bundled::load("chess").unwrap();
        let (pawn, list) = plan(&v, &Evaluator::new(&v)).unwrap();
        (v, pawn, list)
    }

    #[test]
    fn chess_plans_each_piece_against_cheaper_ones() {
        let (v, pawn, list) = chess_plan();
        assert_eq!(v.types[pawn].name, "pawn");
        let name = |t: PieceType| v.types[t].name.clone();
        let rows: Vec<String> = (list.iter())
            .map(|i| {
                let mut set: Vec<String> = i.against.iter().map(|&u| name(u)).collect();
                set.push(format!("{}P", i.pawns));
                format!("{}: {}", i.piece.map_or("-".into(), name), set.join(" "))
            })
            .collect();
        // The engine's estimates: N 345, B 361, R 504, Q 987ish centipawns.
        let expect = [
            "-: 2P",
            "knight: 3P",
            "bishop: knight 0P",
            "rook: bishop 1P",
            "queen: rook rook 0P",
        ];
        assert_eq!(rows, expect);
    }

    #[test]
    fn imbalanced_starts_lack_what_they_should() {
        let (v, pawn, list) = chess_plan();
        let rook = &list[3];
        let (r, b) = (rook.piece.unwrap(), rook.against[0]);
        for game in 0..4 {
            let (pos, strong, _) = start(&v, pawn, rook, 3, 1, game);
            assert_eq!(strong == WHITE, game % 2 == 0);
            let weak = strong.other();
            assert_eq!((pos.count(strong, pawn), pos.count(weak, pawn)), (7, 8));
            assert_eq!((pos.count(strong, r), pos.count(weak, r)), (2, 1));
            assert_eq!((pos.count(strong, b), pos.count(weak, b)), (1, 2));
            assert_eq!(pos.hash(), pos.compute_hash());
        }
        // The calibration: the side the score counts for has two pawns more.
        let (pos, strong, _) = start(&v, pawn, &list[0], 0, 1, 1);
        assert_eq!(
            (pos.count(strong, pawn), pos.count(strong.other(), pawn)),
            (8, 6)
        );
        // Reproducible.
        assert_eq!(
            start(&v, pawn, rook, 3, 1, 5).0,
            start(&v, pawn, rook, 3, 1, 5).0
        );
    }

    fn scores(s: f64, n: u32) -> Scores {
        let mut x = Scores::default();
        // n games, all with score s exactly (variance from the floor only).
        for _ in 0..n {
            x.add(s);
        }
        x
    }

    /// By hand: calibration 2 pawns at score 0.75 (logit ln 3 = 1.0986, c = 0.5493 a pawn).
    /// A knight against 3 pawns scoring 0.5 is worth 3; a bishop against the knight scoring
    /// 0.75 is worth 3 + 2 = 5; a rook against the bishop and a pawn scoring 0.5, 5 + 1 = 6,
    /// its interval the wider for the bishop's.
    #[test]
    fn values_from_scores_by_hand() {
        let (_, pawn, list) = chess_plan();
        let all = [
            scores(0.75, 400),
            scores(0.5, 400),
            scores(0.75, 400),
            scores(0.5, 400),
            scores(0.5, 400),
        ];
        let got = values(pawn, &list, &all);
        assert_eq!(got[0], None);
        let [n, b, r] = [1, 2, 3].map(|i| got[i].unwrap());
        assert!((n.value - 3.0).abs() < 1e-9, "{n:?}");
        assert!(n.low < 3.0 && n.high > 3.0);
        assert!((b.value - 5.0).abs() < 1e-9, "{b:?}");
        assert!((r.value - 6.0).abs() < 1e-9, "{r:?}");
        assert!(r.high - r.low > b.high - b.low && b.high - b.low > n.high - n.low);
        // The queen against two rooks at 0.5: 12.
        assert!((got[4].unwrap().value - 12.0).abs() < 1e-9);
        // No pawn advantage in the calibration: no values.
        let flat = [
            scores(0.5, 10),
            scores(0.5, 10),
            scores(0.5, 10),
            scores(0.5, 10),
            scores(0.5, 10),
        ];
        assert!(values(pawn, &list, &flat).iter().all(Option::is_none));
    }
}
