//! The computer player's policy, apart from any browser: who plays (the [`Mode`]), how long it
//! thinks (the [`Level`]), and how its `info` lines read (the [`Thought`]).

use crate::decimal::fixed;
use crate::position::{Colour, WHITE};

/// Who plays: the human's side(s), the computer plays the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Human against human: the computer only gives hints.
    #[default]
    Human,
    /// The human plays White, the computer Black.
    White,
    /// The human plays Black, the computer White.
    Black,
    /// The computer plays both sides.
    Computer,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Human, Mode::White, Mode::Black, Mode::Computer];

    /// The name in the JavaScript interface and in storage.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Human => "human",
            Mode::White => "white",
            Mode::Black => "black",
            Mode::Computer => "ai",
        }
    }

    pub fn parse(text: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.as_str() == text)
    }

    /// What the mode picker shows.
    pub fn label(self) -> &'static str {
        match self {
            Mode::Human => "Human vs human",
            Mode::White => "Play White vs computer",
            Mode::Black => "Play Black vs computer",
            Mode::Computer => "Computer vs computer",
        }
    }

    /// Does the computer play `colour`?
    pub fn computer_plays(self, colour: Colour) -> bool {
        match self {
            Mode::Human => false,
            Mode::White => colour != WHITE,
            Mode::Black => colour == WHITE,
            Mode::Computer => true,
        }
    }
}

/// How long the computer thinks: 1 and 2 search to a fixed depth (quick and fallible), 3 to 5
/// for a time (the search stops deepening after half of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

impl Level {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 5;
    pub const DEFAULT: Level = Level(3);

    pub fn new(n: u8) -> Option<Level> {
        (Level::MIN..=Level::MAX).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// (time in ms, depth); 0 means no limit of that kind.
    pub fn limits(self) -> (f64, u32) {
        match self.0 {
            1 => (0.0, 1),
            2 => (0.0, 2),
            3 => (300.0, 0),
            4 => (1000.0, 0),
            _ => (3000.0, 0),
        }
    }

    pub fn label(self) -> String {
        match self.limits() {
            (_, depth) if depth > 0 => {
                format!("{}: depth {depth}", self.0)
            }
            (ms, _) if ms < 1000.0 => format!("{}: {} s", self.0, fixed(ms / 1000.0, 1)),
            (ms, _) => format!("{}: {} s", self.0, crate::decimal::plain(ms / 1000.0)),
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::DEFAULT
    }
}

/// One `info` line, read for the readout.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Thought {
    pub depth: u32,
    /// Centipawns for the side to move, or mate in this many moves (negative: it is mated).
    pub cp: Option<i32>,
    pub mate: Option<i32>,
    pub nodes: u64,
    pub nps: u64,
    pub pv: Vec<String>,
}

impl Thought {
    /// Reads `info depth D score cp S nodes N nps X pv m1 m2 ...` (or `score mate M`).
    pub fn parse(line: &str) -> Option<Thought> {
        let mut words = line.split_whitespace();
        if words.next()? != "info" {
            return None;
        }
        let mut t = Thought::default();
        while let Some(word) = words.next() {
            match word {
                "depth" => t.depth = words.next()?.parse().ok()?,
                "score" => match words.next()? {
                    "cp" => t.cp = Some(words.next()?.parse().ok()?),
                    "mate" => t.mate = Some(words.next()?.parse().ok()?),
                    _ => return None,
                },
                "nodes" => t.nodes = words.next()?.parse().ok()?,
                "nps" => t.nps = words.next()?.parse().ok()?,
                "pv" => {
                    t.pv = words.by_ref().map(str::to_string).collect();
                }
                _ => {}
            }
        }
        Some(t)
    }

    /// The score from White's side: `+0.35`, `-1.20`, `White mates in 3`.
    pub fn score_text(&self, side: Colour) -> String {
        let sign = if side == WHITE { 1 } else { -1 };
        match (self.cp, self.mate) {
            (_, Some(m)) => {
                let winner = if (m > 0) == (side == WHITE) {
                    "White"
                } else {
                    "Black"
                };
                format!("{winner} mates in {}", m.abs())
            }
            (Some(cp), None) => {
                let pawns = fixed(f64::from(cp * sign) / 100.0, 2);
                match pawns.starts_with('-') {
                    true => pawns,
                    false => format!("+{pawns}"),
                }
            }
            (None, None) => String::new(),
        }
    }

    /// `depth 7 · +0.35 · 631k nodes · 812 kN/s` (the speed left out of a search too short to
    /// measure it).
    pub fn summary(&self, side: Colour) -> String {
        let mut parts = vec![
            format!("depth {}", self.depth),
            self.score_text(side),
            format!("{} nodes", metric(self.nodes, "")),
        ];
        if self.nodes >= 10_000 {
            parts.push(format!("{}N/s", metric(self.nps, " ")));
        }
        parts.join(" \u{b7} ")
    }
}

/// `812`, `631k`, `1.4M`; `sep` goes before the prefix letter, or ends a bare number.
fn metric(n: u64, sep: &str) -> String {
    match n {
        n if n >= 1_000_000 => format!("{}{sep}M", fixed(n as f64 / 1e6, 1)),
        n if n >= 1_000 => format!("{}{sep}k", n / 1000),
        n => format!("{n}{sep}"),
    }
}

/// The piece values legend: `pawn 1.00 · knight 3.00 · ...` (royal types, worth nothing to
/// the engine, are left out).
pub fn values_text(values: &[String]) -> String {
    let items: Vec<String> = values
        .iter()
        .filter_map(|entry| {
            let (_, rest) = entry.split_once(' ')?;
            let (name, value) = rest.rsplit_once(' ')?;
            let value: i64 = value.parse().ok()?;
            (value > 0).then(|| format!("{name} {}", fixed(value as f64 / 100.0, 2)))
        })
        .collect();
    items.join(" \u{b7} ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::BLACK;

    #[test]
    fn the_thinking_readout_reads_info_lines() {
        let line = "info depth 7 score cp -35 nodes 631358 nps 2147476 pv c9f6 d1d3 f9f7";
        let t = Thought::parse(line).unwrap();
        assert_eq!((t.depth, t.cp, t.mate), (7, Some(-35), None));
        assert_eq!(t.pv, ["c9f6", "d1d3", "f9f7"]);
        // Scores are shown from White's side.
        assert_eq!(
            t.summary(WHITE),
            "depth 7 \u{b7} -0.35 \u{b7} 631k nodes \u{b7} 2.1 MN/s"
        );
        assert_eq!(t.score_text(BLACK), "+0.35");
        let mate = Thought::parse("info depth 3 score mate 2 nodes 812 nps 90000 pv e1e2").unwrap();
        assert_eq!(mate.score_text(BLACK), "Black mates in 2");
        assert_eq!(mate.score_text(WHITE), "White mates in 2");
        // Too few nodes to measure a speed.
        assert_eq!(
            mate.summary(WHITE),
            "depth 3 \u{b7} White mates in 2 \u{b7} 812 nodes"
        );
        assert_eq!(
            Thought::parse("info depth 2 score mate -1 nodes 5 nps 5 pv a1a2")
                .unwrap()
                .score_text(WHITE),
            "Black mates in 1"
        );
        assert!(Thought::parse("bestmove e2e4").is_none());
        assert!(Thought::parse("info depth x").is_none());
        let values = [
            "P pawn 100",
            "N knight 315",
            "L royal archbishop 0",
            "K king 0",
        ];
        assert_eq!(
            values_text(&values.map(String::from)),
            "pawn 1.00 \u{b7} knight 3.15"
        );
    }
}
