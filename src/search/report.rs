//! What a search reports: its limits, the score as shown to people, each finished
//! iteration's line and the result.

use super::MATE;
use crate::notation;
use crate::position::{Move, Position};
use std::fmt;

/// A score as shown to people.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, from the side to move's view.
    Cp(i32),
    /// Mate in this many moves of the side to move (negative: it gets mated).
    Mate(i32),
}

impl Score {
    /// The score the search uses internally, as shown to people.
    pub fn from_internal(s: i32) -> Score {
        if s > MATE - 1000 {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE + 1000 {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// When to stop.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Stop after this depth.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after about this many milliseconds.
    pub time_ms: Option<f64>,
    /// Start no new iteration after this many milliseconds (a clock's share, so that time
    /// saved on easy moves is left for later ones). Without it a timed search thinks its
    /// whole `time_ms`: an iteration cut short still counts once its first move is searched.
    pub soft_time_ms: Option<f64>,
}

/// One finished iteration.
#[derive(Debug, Clone)]
pub struct Info {
    /// The depth searched.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: f64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

impl Info {
    /// `info depth D score cp S nodes N nps X pv m1 m2 ...`
    pub fn to_line(&self, pos: &Position) -> String {
        let pv: Vec<String> = self
            .pv
            .iter()
            .map(|&m| notation::to_coordinate(pos.variant(), m))
            .collect();
        format!(
            "info depth {} score {} nodes {} nps {} pv {}",
            self.depth,
            self.score,
            self.nodes,
            self.nps,
            pv.join(" ")
        )
    }
}

#[derive(Debug, Clone)]
/// What a search found.
pub struct SearchResult {
    /// The best move, or `None` when there is no legal move.
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: Score,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}
