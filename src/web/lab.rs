//! The balance lab's side of the Web Worker: `www/ai-worker.js` drives a [`BalanceLab`] that
//! plays engine-against-engine games of rules A and, when edited, rules B one game at a time
//! (alternating A and B, so a stopped run has comparable halves), and reports after each game
//! the counts and the same plain-text table `fairylab balance` prints ([`crate::balance`]);
//! or a [`ValuesLab`] that measures rules A's piece values by play ([`crate::values`]).

use crate::balance::{self, Column, Ending, PieceValue, Tally};
use crate::describe;
use crate::search::{Limits, Searcher};
#[cfg(feature = "page")]
use crate::values::Measurement;
use crate::variant::Variant;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

use super::js;

/// One rule set under test: its variant, searcher, values and results so far.
struct Side {
    title: String,
    variant: Arc<Variant>,
    searcher: Searcher,
    values: Vec<PieceValue>,
    tally: Tally,
}

impl Side {
    fn new(title: &str, name_or_text: &str) -> Result<Side, JsError> {
        let variant = describe::load_variant(name_or_text)
            .map_err(|e| JsError::new(&format!("rules {title}: {e}")))?;
        // 2^16 entries (1 MB): enough for the lab's short searches.
        let searcher = Searcher::new(&variant, 16, Box::new(js_sys::Date::now));
        let values = balance::piece_values(&variant, &searcher.eval);
        Ok(Side {
            title: title.to_string(),
            variant,
            searcher,
            values,
            tally: Tally::default(),
        })
    }

    fn column(&self) -> Column<'_> {
        Column {
            title: &self.title,
            tally: &self.tally,
            values: &self.values,
        }
    }

    fn summary(&self) -> Summary {
        Summary {
            games: self.tally.games,
            white_wins: self.tally.white_wins,
            black_wins: self.tally.black_wins,
            draws: self.tally.draws,
            average_plies: self.tally.average_plies().unwrap_or(0.0),
            white_score: self.tally.white_score(),
            interval: self.tally.interval95().map(|(lo, hi)| [lo, hi]),
            endings: Ending::ALL
                .iter()
                .map(|&e| (e.label().to_string(), self.tally.ending(e)))
                .collect(),
            values: self
                .values
                .iter()
                .map(|v| (v.name.clone(), v.value, v.royal))
                .collect(),
        }
    }
}

/// One rule set's results, as this worker-side class reports them and the page's lab host
/// (`lab_host.rs`) reads them back: `{games, whiteWins, blackWins, draws, averagePlies,
/// whiteScore, interval: [lo, hi], endings: [[label, count]], values: [[name, value,
/// royal]]}`, `whiteScore` and `interval` undefined when there are none yet.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Summary {
    pub games: u32,
    pub white_wins: u32,
    pub black_wins: u32,
    pub draws: u32,
    pub average_plies: f64,
    pub white_score: Option<f64>,
    pub interval: Option<[f64; 2]>,
    pub endings: Vec<(String, u32)>,
    /// Name, centipawns, royal.
    pub values: Vec<(String, i32, bool)>,
}

/// A report after each game: the games done of the total, rules A, rules B if any, and the
/// text table: `{done, total, a, b, table}`, `b` undefined without rules B.
#[derive(serde::Serialize)]
pub(super) struct Report {
    pub done: u32,
    pub total: u32,
    pub a: Summary,
    pub b: Option<Summary>,
    pub table: String,
}

/// A balance run of `games` games per rule set.
#[wasm_bindgen]
pub struct BalanceLab {
    a: Side,
    b: Option<Side>,
    games: u32,
    limits: Limits,
    seed: u64,
}

#[wasm_bindgen]
impl BalanceLab {
    /// Rules A and optionally B (bundled names or definitions; B empty for none), `games`
    /// games each at `time_ms` a move (or `nodes` a move when positive).
    #[wasm_bindgen(constructor)]
    pub fn new(
        a: &str,
        b: &str,
        games: u32,
        time_ms: f64,
        nodes: f64,
    ) -> Result<BalanceLab, JsError> {
        let b = if b.trim().is_empty() {
            None
        } else {
            Some(Side::new("B", b)?)
        };
        Ok(BalanceLab {
            a: Side::new("A", a)?,
            b,
            games,
            limits: Limits {
                depth: None,
                nodes: (nodes > 0.0).then_some(nodes as u64),
                time_ms: (time_ms > 0.0).then_some(time_ms),
                soft_time_ms: None,
            },
            seed: balance::DEFAULT_SEED,
        })
    }

    /// Games in all (both rule sets).
    pub fn total(&self) -> u32 {
        self.games * if self.b.is_some() { 2 } else { 1 }
    }

    /// Games played so far (both rule sets).
    pub fn done(&self) -> u32 {
        self.a.tally.games + self.b.as_ref().map_or(0, |b| b.tally.games)
    }

    /// Plays the next game (A and B alternate, the same opening seed for game i of each);
    /// false when the run is complete.
    pub fn step(&mut self) -> Result<bool, JsError> {
        if self.done() >= self.total() {
            return Ok(false);
        }
        let side = match &mut self.b {
            Some(b) if b.tally.games < self.a.tally.games => b,
            _ => &mut self.a,
        };
        let game = u64::from(side.tally.games);
        let record = balance::play_one(
            &side.variant,
            &mut side.searcher,
            self.limits,
            self.seed,
            game,
        )
        .map_err(|e| JsError::new(&format!("rules {}: {e}", side.title)))?;
        side.tally.add(&record);
        Ok(true)
    }

    /// `{done, total, a, b, table}`: each side's counts, average length, White's score with
    /// its 95% interval, endings and piece values, and the plain-text table.
    pub fn report(&self) -> Result<JsValue, JsValue> {
        let table = balance::table(&self.a.column(), self.b.as_ref().map(Side::column).as_ref());
        let report = Report {
            done: self.done(),
            total: self.total(),
            a: self.a.summary(),
            b: self.b.as_ref().map(Side::summary),
            table,
        };
        js::to_js(&report)
    }
}

#[cfg(feature = "page")]
/// One imbalance of a measurement: `{name, imbalance, games, score, value: [v, lo, hi]}`,
/// `score` and `value` undefined when there are none yet.
#[derive(serde::Serialize)]
pub(super) struct Piece {
    pub name: String,
    pub imbalance: String,
    pub games: u32,
    pub score: Option<f64>,
    pub value: Option<[f64; 3]>,
}

/// A measurement's report after each game: `{done, total, pieces}`.
#[cfg(feature = "page")]
#[derive(serde::Serialize)]
pub(super) struct ValuesReport {
    pub done: u32,
    pub total: u32,
    pub pieces: Vec<Piece>,
}

/// A measurement of the piece values of one rule set by play ([`Measurement`], as `fairylab
/// values` measures them), one game a step. Only in the page's build (an embedded board has
/// no lab panel, and the embed's size budget has no room for it).
#[cfg(feature = "page")]
#[wasm_bindgen]
pub struct ValuesLab {
    measurement: Measurement,
}

#[cfg(feature = "page")]
#[wasm_bindgen]
impl ValuesLab {
    /// Rules (a bundled name or a definition), `games` games per imbalance at `time_ms` a
    /// move (or `nodes` a move when positive).
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &str, games: u32, time_ms: f64, nodes: f64) -> Result<ValuesLab, JsError> {
        let variant =
            describe::load_variant(rules).map_err(|e| JsError::new(&format!("rules A: {e}")))?;
        let searcher = Searcher::new(&variant, 16, Box::new(js_sys::Date::now));
        let limits = Limits {
            nodes: (nodes > 0.0).then_some(nodes as u64),
            time_ms: (time_ms > 0.0).then_some(time_ms),
            ..Limits::default()
        };
        let measurement =
            Measurement::new(&variant, searcher, games, limits, balance::DEFAULT_SEED)
                .map_err(|e| JsError::new(&e))?;
        Ok(ValuesLab { measurement })
    }

    /// Plays the next game; false when the measurement is complete.
    pub fn step(&mut self) -> Result<bool, JsError> {
        self.measurement.step().map_err(|e| JsError::new(&e))
    }

    /// `{done, total, pieces: [{name, imbalance, games, score, value: [v, lo, hi]}]}`.
    pub fn report(&self) -> Result<JsValue, JsValue> {
        let pieces = (self.measurement.rows().into_iter())
            .map(|r| Piece {
                name: r.name,
                imbalance: r.imbalance,
                games: r.scores.games,
                score: r.scores.mean(),
                value: r.value.map(|v| [v.value, v.low, v.high]),
            })
            .collect();
        js::to_js(&ValuesReport {
            done: self.measurement.done(),
            total: self.measurement.total(),
            pieces,
        })
    }
}
