//! Play-testing a rule set's balance: many engine-against-engine games, their tally and the
//! engine's piece values, as one table for one rule set or two side by side.
//!
//! Pure Rust with no threads and no clock of its own: `fairylab balance` runs [`play_one`] on
//! every core with native searchers and merges the per-thread [`Tally`]s; a browser worker
//! can run the same games one at a time with a searcher on the page's clock, and show the
//! same [`table`].
//!
//! Game `i` of a run opens with two random plies drawn from [`game_seed`]`(seed, i)` (so games
//! differ), then both sides play the searcher's moves up to [`MAX_PLIES`]; a game still going
//! there counts as a draw by "ply limit". With a node limit (`--nodes`) and no time limit a
//! run is reproducible: the same seed gives the same games on any number of threads.
//!
//! White's score is the mean per-game score (win 1, draw ½, loss 0). Its 95% interval is the
//! Wilson score interval for a proportion, with the score as the proportion and the games as
//! the trials. With draws that is conservative: a game's score variance E\[x²\] − p² is at most
//! p(1 − p), the binomial variance Wilson assumes, because x² ≤ x for x in [0, 1]. Unlike the
//! normal approximation it stays inside [0, 1] and does not shrink to a point when every
//! game has the same result.

use crate::decimal::fixed;
use crate::eval::Evaluator;
use crate::game::Game;
use crate::game::{Outcome, Reason};
use crate::position::WHITE;
use crate::search::{Limits, Searcher};
pub use crate::selfplay::GameRecord;
use crate::selfplay::{Seed, play_game_from};
use crate::variant::Variant;
use std::sync::Arc;

/// Games still going after this many plies (single moves; 300 moves each) are drawn by
/// "ply limit".
pub const MAX_PLIES: usize = 600;

/// The seed `fairylab balance` uses without `--seed`.
pub const DEFAULT_SEED: u64 = 1;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.96;

/// The opening generator of game `game` in a run with `seed`: SplitMix64 of the pair, so
/// every game has its own stream whatever order (or thread) it is played in.
pub fn game_seed(seed: u64, game: u64) -> Seed {
    let z = crate::variant::mix64(
        seed.wrapping_mul(0xD1B5_4A32_D192_ED03)
            .wrapping_add(game.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
    );
    // xorshift stays at zero forever.
    Seed(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
}

/// Play game `game` of a run with `seed`: [`selfplay::play_game`](crate::selfplay::play_game)
/// with [`game_seed`] and [`MAX_PLIES`]; a variant with a `shuffle` key starts from the array
/// [`game_seed`]'s number deals. An error names an illegal (or missing) engine move.
pub fn play_one(
    v: &Arc<Variant>,
    searcher: &mut Searcher,
    limits: Limits,
    seed: u64,
    game: u64,
) -> Result<GameRecord, String> {
    let mut openings = game_seed(seed, game);
    let start = Game::shuffled(v, openings.0);
    play_game_from(start, searcher, limits, &mut openings, MAX_PLIES)
}

/// How a game ended, whoever won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// A side was checkmated.
    Checkmate,
    /// No legal move and not in check: a draw, a win or a loss as the variant says.
    Stalemate,
    /// A side was left with its royal pieces alone (`baring`).
    BareKing,
    /// Both sides bared: a draw by counter-baring.
    CounterBaring,
    /// A position came back a third time.
    Repetition,
    /// Fifty moves a side with no capture and no pawn move.
    FiftyMoves,
    /// Still going after [`MAX_PLIES`]: scored as a draw.
    PlyLimit,
}

impl Ending {
    /// Every ending, in the order the table lists them.
    pub const ALL: [Ending; 7] = [
        Ending::Checkmate,
        Ending::Stalemate,
        Ending::BareKing,
        Ending::CounterBaring,
        Ending::Repetition,
        Ending::FiftyMoves,
        Ending::PlyLimit,
    ];

    /// How `record`'s game ended.
    pub fn of(record: &GameRecord) -> Ending {
        let reason = match record.outcome {
            None => return Ending::PlyLimit,
            Some(Outcome::Win { reason, .. } | Outcome::Draw { reason }) => reason,
        };
        match reason {
            Reason::Checkmate => Ending::Checkmate,
            Reason::Stalemate => Ending::Stalemate,
            Reason::BareKing => Ending::BareKing,
            Reason::CounterBaring => Ending::CounterBaring,
            Reason::Repetition => Ending::Repetition,
            Reason::FiftyMoves => Ending::FiftyMoves,
        }
    }

    /// The ending as the table names it ("checkmate", "50-move rule", ...).
    pub fn label(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::BareKing => "bare king",
            Ending::CounterBaring => "counter-baring",
            Ending::Repetition => "repetition",
            Ending::FiftyMoves => "50-move rule",
            Ending::PlyLimit => "ply limit",
        }
    }

    fn index(self) -> usize {
        Ending::ALL.iter().position(|&e| e == self).unwrap_or(0)
    }
}

/// Results of a set of games of one rule set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Games White won.
    pub white_wins: u32,
    /// Games Black won.
    pub black_wins: u32,
    /// Draws by the rules and by the ply limit.
    pub draws: u32,
    /// Plies over all games.
    pub plies: u64,
    /// Games per [`Ending`], in [`Ending::ALL`]'s order.
    pub endings: [u32; 7],
}

impl Tally {
    /// Counts one more game.
    pub fn add(&mut self, r: &GameRecord) {
        self.games += 1;
        match r.outcome {
            Some(Outcome::Win { winner: WHITE, .. }) => self.white_wins += 1,
            Some(Outcome::Win { .. }) => self.black_wins += 1,
            Some(Outcome::Draw { .. }) | None => self.draws += 1,
        }
        self.plies += r.plies as u64;
        self.endings[Ending::of(r).index()] += 1;
    }

    /// Add another tally's games (another thread's share).
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.white_wins += other.white_wins;
        self.black_wins += other.black_wins;
        self.draws += other.draws;
        self.plies += other.plies;
        for (a, b) in self.endings.iter_mut().zip(other.endings) {
            *a += b;
        }
    }

    /// The games that ended by `e`.
    pub fn ending(&self, e: Ending) -> u32 {
        self.endings[e.index()]
    }

    /// White's mean score per game (win 1, draw ½, loss 0); `None` before any game.
    pub fn white_score(&self) -> Option<f64> {
        (self.games > 0)
            .then(|| (self.white_wins as f64 + 0.5 * self.draws as f64) / self.games as f64)
    }

    /// The 95% Wilson score interval of [`Tally::white_score`] (see the module notes).
    pub fn interval95(&self) -> Option<(f64, f64)> {
        let p = self.white_score()?;
        let n = self.games as f64;
        let z2 = Z95 * Z95;
        let d = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / d;
        let half = Z95 / d * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Some(((centre - half).max(0.0), (centre + half).min(1.0)))
    }

    /// The average game length in plies; `None` before any game.
    pub fn average_plies(&self) -> Option<f64> {
        (self.games > 0).then(|| self.plies as f64 / self.games as f64)
    }
}

/// The engine's value of one visible piece type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceValue {
    /// The type's ID (`N`, `+P`, `GB`).
    pub id: crate::piece::PieceId,
    /// The type's name.
    pub name: String,
    /// Centipawns (0 for royal types).
    pub value: i32,
    /// A royal type (its value is shown as `royal`).
    pub royal: bool,
}

/// The visible piece types' values under `eval` (a searcher's `eval`, or `Evaluator::new`).
pub fn piece_values(v: &Variant, eval: &Evaluator) -> Vec<PieceValue> {
    v.piece_types()
        .map(|i| (i, &v.types[i]))
        .filter(|(_, t)| !t.hidden)
        .map(|(i, t)| PieceValue {
            id: t.id,
            name: t.name.clone(),
            value: eval.value(i),
            royal: t.royal,
        })
        .collect()
}

/// One rule set's column of the table.
#[derive(Debug, Clone, Copy)]
pub struct Column<'a> {
    /// The heading: the variant's name or file.
    pub title: &'a str,
    /// The games' results.
    pub tally: &'a Tally,
    /// The engine's piece values under these rules.
    pub values: &'a [PieceValue],
}

/// The results as a plain-text table, one column per rule set: counts, White's score with
/// its 95% Wilson interval, average length, how the games ended, and piece values (a piece
/// named the same in both rule sets gets one row; royal types show `royal`).
pub fn table(a: &Column, b: Option<&Column>) -> String {
    let cols: Vec<&Column> = std::iter::once(a).chain(b).collect();
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |label: &str, cell: &dyn Fn(&Column) -> String| {
        rows.push((label.to_string(), cols.iter().map(|c| cell(c)).collect()));
    };
    row("", &|c| c.title.to_string());
    row("games", &|c| c.tally.games.to_string());
    row("White wins", &|c| c.tally.white_wins.to_string());
    row("Black wins", &|c| c.tally.black_wins.to_string());
    row("draws", &|c| c.tally.draws.to_string());
    row(
        "White score (95% Wilson)",
        &|c| match (c.tally.white_score(), c.tally.interval95()) {
            (Some(s), Some((lo, hi))) => {
                format!("{} ({}-{})", fixed(s, 3), fixed(lo, 3), fixed(hi, 3))
            }
            _ => "-".to_string(),
        },
    );
    row("average length (plies)", &|c| {
        c.tally
            .average_plies()
            .map_or("-".to_string(), |p| fixed(p, 1))
    });
    row("ended by", &|_| String::new());
    for e in Ending::ALL {
        let label = match e {
            Ending::PlyLimit => format!("  ply limit ({MAX_PLIES})"),
            _ => format!("  {}", e.label()),
        };
        row(&label, &|c| c.tally.ending(e).to_string());
    }
    row("piece values (centipawns)", &|_| String::new());
    for (name, cells) in value_rows(&cols) {
        rows.push((format!("  {name}"), cells));
    }

    let label_width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..cols.len())
        .map(|i| {
            rows.iter()
                .map(|(_, c)| c[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for (label, cells) in &rows {
        let mut line = format!("{label:<label_width$}");
        for (cell, w) in cells.iter().zip(&widths) {
            line.push_str(&format!("  {cell:<w$}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Piece-value rows: the first column's pieces in order, each with the same-named piece of
/// the other column beside it, then the other column's remaining pieces.
fn value_rows(cols: &[&Column]) -> Vec<(String, Vec<String>)> {
    let cell = |p: &PieceValue| {
        if p.royal {
            "royal".to_string()
        } else {
            p.value.to_string()
        }
    };
    let mut used: Vec<Vec<bool>> = cols.iter().map(|c| vec![false; c.values.len()]).collect();
    let mut rows = Vec::new();
    for ci in 0..cols.len() {
        for pi in 0..cols[ci].values.len() {
            if used[ci][pi] {
                continue;
            }
            let name = &cols[ci].values[pi].name;
            let mut cells = vec![String::new(); cols.len()];
            for cj in ci..cols.len() {
                let found = cols[cj]
                    .values
                    .iter()
                    .enumerate()
                    .position(|(k, p)| !used[cj][k] && &p.name == name);
                if let Some(k) = found {
                    used[cj][k] = true;
                    cells[cj] = cell(&cols[cj].values[k]);
                }
            }
            rows.push((name.clone(), cells));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::position::{BLACK, Colour};

    fn record(outcome: Option<Outcome>, plies: usize) -> GameRecord {
        GameRecord { outcome, plies }
    }

    fn win(winner: Colour, reason: Reason) -> Option<Outcome> {
        Some(Outcome::Win { winner, reason })
    }

    fn draw(reason: Reason) -> Option<Outcome> {
        Some(Outcome::Draw { reason })
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    /// 3 White wins, 1 draw, 1 Black win.
    fn five_games() -> Tally {
        let mut t = Tally::default();
        t.add(&record(win(WHITE, Reason::Checkmate), 41));
        t.add(&record(win(WHITE, Reason::Checkmate), 60));
        t.add(&record(win(WHITE, Reason::BareKing), 90));
        t.add(&record(draw(Reason::Repetition), 30));
        t.add(&record(win(BLACK, Reason::Stalemate), 79));
        t
    }

    #[test]
    fn score_and_wilson_interval_by_hand() {
        let t = five_games();
        assert_eq!((t.games, t.white_wins, t.black_wins, t.draws), (5, 3, 1, 1));
        // (3 + 0.5) / 5 = 0.7.
        assert!(close(t.white_score().unwrap(), 0.7));
        // Wilson, n = 5, p = 0.7, z = 1.96, z² = 3.8416:
        //   d = 1 + z²/n = 1.76832
        //   centre = (p + z²/2n) / d = (0.7 + 0.38416) / 1.76832 = 0.613102
        //   half = z/d · √(p(1−p)/n + z²/4n²) = 1.108396 · √(0.042 + 0.038416)
        //        = 1.108396 · 0.283577 = 0.314316
        //   → (0.298786, 0.927418)
        let (lo, hi) = t.interval95().unwrap();
        assert!(close(lo, 0.298786), "{lo}");
        assert!(close(hi, 0.927418), "{hi}");
        // (41 + 60 + 90 + 30 + 79) / 5 = 60.
        assert!(close(t.average_plies().unwrap(), 60.0));
    }

    #[test]
    fn interval_at_the_extremes_and_the_middle() {
        // 4 wins of 4: lower end n / (n + z²) = 4 / 7.8416 = 0.510100, upper end 1.
        let mut t = Tally::default();
        for _ in 0..4 {
            t.add(&record(win(WHITE, Reason::Checkmate), 20));
        }
        let (lo, hi) = t.interval95().unwrap();
        assert!(close(lo, 0.510100) && close(hi, 1.0), "{lo} {hi}");
        // 2 wins, 2 losses: symmetric about 0.5, half-width
        // 1.96 / 1.9604 · √(0.0625 + 3.8416/64) = 0.999796 · 0.350036 = 0.349964.
        let mut t = Tally::default();
        for w in [WHITE, BLACK, WHITE, BLACK] {
            t.add(&record(win(w, Reason::Checkmate), 20));
        }
        assert!(close(t.white_score().unwrap(), 0.5));
        let (lo, hi) = t.interval95().unwrap();
        assert!(close(lo, 0.150036) && close(hi, 0.849964), "{lo} {hi}");
        // No games: no figures.
        let empty = Tally::default();
        assert_eq!(empty.white_score(), None);
        assert_eq!(empty.interval95(), None);
        assert_eq!(empty.average_plies(), None);
    }

    #[test]
    fn endings_and_merge() {
        let mut t = five_games();
        t.add(&record(None, MAX_PLIES));
        t.add(&record(draw(Reason::FiftyMoves), 200));
        t.add(&record(draw(Reason::CounterBaring), 150));
        assert_eq!(t.draws, 4);
        assert_eq!(t.ending(Ending::Checkmate), 2);
        assert_eq!(t.ending(Ending::Stalemate), 1);
        assert_eq!(t.ending(Ending::BareKing), 1);
        assert_eq!(t.ending(Ending::CounterBaring), 1);
        assert_eq!(t.ending(Ending::Repetition), 1);
        assert_eq!(t.ending(Ending::FiftyMoves), 1);
        assert_eq!(t.ending(Ending::PlyLimit), 1);
        let mut merged = five_games();
        let mut rest = Tally::default();
        rest.add(&record(None, MAX_PLIES));
        rest.add(&record(draw(Reason::FiftyMoves), 200));
        rest.add(&record(draw(Reason::CounterBaring), 150));
        merged.merge(&rest);
        assert_eq!(merged, t);
    }

    #[test]
    fn seeds_differ_per_game_and_repeat_per_run() {
        let firsts: Vec<u64> = (0..100).map(|g| game_seed(DEFAULT_SEED, g).0).collect();
        let mut unique = firsts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), firsts.len());
        assert_eq!(game_seed(7, 3).0, game_seed(7, 3).0);
        assert_ne!(game_seed(7, 3).0, game_seed(8, 3).0);
    }

    #[test]
    fn played_games_add_up() {
        let v = bundled::load("chess").unwrap();
        // A clock that never moves: the node limit alone ends each search (runs on wasm32).
        let mut searcher = Searcher::new(&v, 12, Box::new(|| 0.0));
        let limits = Limits {
            nodes: Some(60),
            ..Limits::default()
        };
        let mut t = Tally::default();
        let mut records = Vec::new();
        for g in 0..3 {
            let r = play_one(&v, &mut searcher, limits, DEFAULT_SEED, g).unwrap();
            t.add(&r);
            records.push(r);
        }
        assert_eq!(t.games, 3);
        assert_eq!(t.white_wins + t.black_wins + t.draws, 3);
        assert_eq!(t.endings.iter().sum::<u32>(), 3);
        assert_eq!(t.plies, records.iter().map(|r| r.plies as u64).sum::<u64>());
        // The same seed and game number give the same game.
        assert_eq!(
            play_one(&v, &mut searcher, limits, DEFAULT_SEED, 1).unwrap(),
            records[1]
        );
    }

    #[test]
    fn table_rows_and_aligned_piece_values() {
        let pv = |id: char, name: &str, value, royal| PieceValue {
            id: id.into(),
            name: name.to_string(),
            value,
            royal,
        };
        let a_values = [pv('P', "pawn", 100, false), pv('K', "king", 0, true)];
        let b_values = [
            pv('K', "king", 0, true),
            pv('A', "amazon", 1500, false),
            pv('P', "pawn", 110, false),
        ];
        let a = five_games();
        let b = Tally::default();
        let text = table(
            &Column {
                title: "a",
                tally: &a,
                values: &a_values,
            },
            Some(&Column {
                title: "bee",
                tally: &b,
                values: &b_values,
            }),
        );
        let expected = [
            "                           a                    bee",
            "games                      5                    0",
            "White wins                 3                    0",
            "Black wins                 1                    0",
            "draws                      1                    0",
            "White score (95% Wilson)   0.700 (0.299-0.927)  -",
            "average length (plies)     60.0                 -",
            "ended by",
            "  checkmate                2                    0",
            "  stalemate                1                    0",
            "  bare king                1                    0",
            "  counter-baring           0                    0",
            "  repetition               1                    0",
            "  50-move rule             0                    0",
            "  ply limit (600)          0                    0",
            "piece values (centipawns)",
            "  pawn                     100                  110",
            "  king                     royal                royal",
            "  amazon                                        1500",
        ];
        assert_eq!(text.lines().collect::<Vec<_>>(), expected, "\n{text}");
        // One column alone.
        let one = table(
            &Column {
                title: "a",
                tally: &a,
                values: &a_values,
            },
            None,
        );
        assert!(one.lines().all(|l| !l.contains("bee")));
        assert!(
            one.ends_with("\n  king                     royal\n"),
            "{one}"
        );
    }
}
