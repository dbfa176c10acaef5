//! A measurement played one game at a time, for a caller that keeps its own loop (the page's
//! worker, which must let messages in between games): the plan's imbalances in turn, so
//! that a run stopped early has measured every type a little. Game `g` of imbalance `i` is
//! the one `fairylab values` plays as such, so under a node limit both give the same scores.

use super::{Imbalance, Scores, Value, plan, play, values};
use crate::piece::PieceType;
use crate::search::{Limits, Searcher};
use crate::variant::Variant;
use std::sync::Arc;

/// One row of a measurement's report.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// The type measured (its name), or the pawn for the calibration.
    pub name: String,
    /// The imbalance in words ([`label`]).
    pub imbalance: String,
    /// Games played and their scores.
    pub scores: Scores,
    /// The value in pawns with its interval; `None` for the calibration, or when the scores
    /// say nothing yet.
    pub value: Option<Value>,
}

/// A measurement under way.
pub struct Measurement {
    v: Arc<Variant>,
    searcher: Searcher,
    pawn: PieceType,
    list: Vec<Imbalance>,
    scores: Vec<Scores>,
    games: u32,
    limits: Limits,
    seed: u64,
}

impl Measurement {
    /// `games` games per imbalance of `v` at `limits` a move, searched by `searcher` (its
    /// evaluator plans the imbalances); an error when no type can be measured.
    pub fn new(
        v: &Arc<Variant>,
        searcher: Searcher,
        games: u32,
        limits: Limits,
        seed: u64,
    ) -> Result<Measurement, String> {
        let (pawn, list) = plan(v, &searcher.eval).ok_or_else(|| {
            format!(
                "{}: no piece type that both sides have at the start to measure",
                v.name
            )
        })?;
        Ok(Measurement {
            v: v.clone(),
            searcher,
            pawn,
            scores: vec![Scores::default(); list.len()],
            list,
            games,
            limits,
            seed,
        })
    }

    /// Games in all.
    pub fn total(&self) -> u32 {
        self.games * self.list.len() as u32
    }

    /// Games played.
    pub fn done(&self) -> u32 {
        self.scores.iter().map(|s| s.games).sum()
    }

    /// Plays the next game; false when all are played.
    pub fn step(&mut self) -> Result<bool, String> {
        let done = self.done();
        if done >= self.total() {
            return Ok(false);
        }
        let n = self.list.len() as u32;
        let (i, g) = ((done % n) as usize, done / n);
        let game = (self.pawn, &self.list[i], i);
        let x = play(
            &self.v,
            &mut self.searcher,
            self.limits,
            game,
            self.seed,
            g as u64,
        )
        .map_err(|e| format!("{} game {}: {e}", label(&self.v, &self.list[i]), g + 1))?;
        self.scores[i].add(x);
        Ok(true)
    }

    /// The rows so far: the calibration (named after the pawn), then each type measured.
    pub fn rows(&self) -> Vec<Measured> {
        let values = values(self.pawn, &self.list, &self.scores);
        (self.list.iter().zip(&self.scores).zip(values))
            .map(|((imb, &scores), value)| Measured {
                name: self.v.types[imb.piece.unwrap_or(self.pawn)].name.clone(),
                imbalance: label(&self.v, imb),
                scores,
                value,
            })
            .collect()
    }
}

/// `2 pawns odds`, `knight vs 3 pawns`, `rook vs bishop + 1 pawn`, `queen vs rook + rook`.
pub fn label(v: &Variant, imb: &Imbalance) -> String {
    let plural = |n: u32| if n == 1 { "pawn" } else { "pawns" };
    let Some(t) = imb.piece else {
        return format!("{} {} odds", imb.pawns, plural(imb.pawns));
    };
    let mut set: Vec<String> = (imb.against.iter())
        .map(|&u| v.types[u].name.clone())
        .collect();
    if imb.pawns > 0 || set.is_empty() {
        set.push(format!("{} {}", imb.pawns, plural(imb.pawns)));
    }
    format!("{} vs {}", v.types[t].name, set.join(" + "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    /// A tiny variant: a rook and a knight besides pawns and the king, on 5x5.
    fn tiny() -> Arc<Variant> {
        let text = "files=5 ranks=5 promoZone=1 promoChoice=RN\npawn:P:fmWfcF:pawn:a2,b2,c2,d2,e2\n\
                    knight:N:N:knight:b1\nrook:R:R:rook:a1\nking:K:K:king:e1";
        bundled::compile("tiny", text).unwrap()
    }

    fn measurement(v: &Arc<Variant>, games: u32) -> Measurement {
        let searcher = Searcher::new(v, 12, Box::new(|| 0.0));
        let limits = Limits {
            nodes: Some(200),
            ..Limits::default()
        };
        Measurement::new(v, searcher, games, limits, 1).unwrap()
    }

    /// Steps go round the imbalances, one game of each in turn, and end with all played;
    /// the rows' scores are the games' (the same as `play` gives for game g of imbalance i).
    #[test]
    fn steps_take_the_imbalances_in_turn() {
        let v = tiny();
        let mut m = measurement(&v, 2);
        let n = m.list.len();
        assert_eq!(n, 3, "calibration, knight, rook");
        assert_eq!(m.total(), 6);
        for k in 1..=n {
            assert!(m.step().unwrap());
            let games: Vec<u32> = m.rows().iter().map(|r| r.scores.games).collect();
            let expect: Vec<u32> = (0..n).map(|i| (i < k) as u32).collect();
            assert_eq!(games, expect);
        }
        while m.step().unwrap() {}
        assert_eq!(m.done(), 6);
        assert!(!m.step().unwrap(), "nothing after the last game");
        let rows = m.rows();
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["pawn", "knight", "rook"]);
        assert_eq!(rows[0].imbalance, "2 pawns odds");
        // Game 1 of the rook's imbalance, played again on its own, scores the same.
        let mut searcher = Searcher::new(&v, 12, Box::new(|| 0.0));
        let mut again = Scores::default();
        for g in 0..2 {
            let x = play(&v, &mut searcher, m.limits, (m.pawn, &m.list[2], 2), 1, g);
            again.add(x.unwrap());
        }
        assert_eq!(rows[2].scores.sum, again.sum);
    }

    /// A variant with nothing to measure says so.
    #[test]
    fn nothing_to_measure_is_an_error() {
        let v = bundled::compile("kings", "files=3 ranks=3\nking:K:K:king:a1").unwrap();
        let searcher = Searcher::new(&v, 10, Box::new(|| 0.0));
        let err = Measurement::new(&v, searcher, 2, Limits::default(), 1).err();
        assert!(err.unwrap().contains("no piece type"));
    }
}
