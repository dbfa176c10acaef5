//! `fairylab tune`: the evaluation's weights fitted to a teacher's scores (Texel tuning,
//! docs/eval.md). `tune sample` plays quick self-play games from random openings and writes
//! quiet positions; scripts/tune-label.py labels them with Fairy-Stockfish's scores; `tune
//! fit` lowers the error between our evaluation and those labels by coordinate descent and
//! prints the weights (`fairylab::eval::Weights`'s text form); `tune eval` prints each labelled
//! line with our evaluation appended, for scripts/eval-residual.py.
//!
//! A data line is tab-separated: variant (bundled name or definition file), FEN, the moves
//! from the start in UCI form, the game's result for White (`1`, `0`, `0.5` or `-`), and
//! after labelling the teacher's score in centipawns for the side to move.

use clap::Subcommand;
use fairylab::eval::tune::{Fit, Sample, quiet, sigmoid};
use fairylab::eval::{Evaluator, Weights};
use fairylab::fen;
use fairylab::game::{Game, Outcome};
use fairylab::piece::WHITE;
use fairylab::search::{Limits, Searcher};
use fairylab::selfplay::Seed;
use fairylab::variant::Variant;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Subcommand, Debug)]
pub enum Tune {
    /// Play self-play games from random openings and print quiet positions from them
    ///
    /// One tab-separated line a position: variant, FEN, moves from the start, the game's
    /// result for White (`-` when it reached the ply limit).
    Sample {
        /// A bundled variant or a definition file
        #[arg(value_name = "VARIANT-OR-FILE")]
        variant: String,
        /// Games to play
        #[arg(long, value_name = "N", default_value_t = 100)]
        games: u32,
        /// Nodes per move
        #[arg(long, value_name = "N", default_value_t = 1000)]
        nodes: u64,
        /// Random plies opening each game
        #[arg(long = "random-plies", value_name = "N", default_value_t = 6)]
        random_plies: usize,
        /// Quiet positions kept from each game, at most
        #[arg(long = "per-game", value_name = "N", default_value_t = 10)]
        per_game: usize,
        /// A game still going after this many plies ends unscored
        #[arg(long = "max-plies", value_name = "N", default_value_t = 600)]
        max_plies: usize,
        /// Seed of the openings and of the positions kept
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
    },
    /// Fit the weights to labelled positions and print them
    ///
    /// The positions of every tenth game (by a hash of its opening) are held out, and their
    /// error printed beside the fitted ones'.
    Fit {
        /// Labelled data files (tab-separated, from scripts/tune-label.py)
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        /// Start from these weights (text form) instead of the defaults
        #[arg(long, value_name = "FILE")]
        weights: Option<String>,
        /// The sigmoid's scale in centipawns
        #[arg(long, value_name = "K", default_value_t = 400.0)]
        k: f64,
        /// The share of the game's result in the target (the rest is the teacher's score)
        #[arg(long = "result-weight", value_name = "X", default_value_t = 0.0)]
        result_weight: f64,
        /// Weights left as they are (comma-separated names, as `fit` prints them)
        #[arg(long, value_name = "NAMES", value_delimiter = ',')]
        fix: Vec<String>,
        /// Rounds of coordinate descent, at most
        #[arg(long, value_name = "N", default_value_t = 40)]
        passes: usize,
    },
    /// Print each labelled position with our static evaluation appended
    ///
    /// The evaluation is for the side to move, in centipawns, as `fit` scores it
    /// (scripts/eval-residual.py sets it beside Fairy-Stockfish's terms).
    Eval {
        /// Labelled data files (tab-separated, from scripts/tune-label.py)
        #[arg(required = true, value_name = "FILE")]
        files: Vec<String>,
        /// These weights (text form) instead of the defaults
        #[arg(long, value_name = "FILE")]
        weights: Option<String>,
    },
}

pub fn run(t: Tune) -> Result<ExitCode, String> {
    match t {
        Tune::Sample {
            variant,
            games,
            nodes,
            random_plies,
            per_game,
            max_plies,
            seed,
        } => {
            let v = crate::load_variant(&variant)?;
            let mut searcher = Searcher::native(&v);
            let mut rng = Seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            for _ in 0..games {
                for line in sample_game(
                    &v,
                    &mut searcher,
                    limits,
                    &mut rng,
                    random_plies,
                    per_game,
                    max_plies,
                )? {
                    println!("{variant}\t{line}");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Tune::Fit {
            files,
            weights,
            k,
            result_weight,
            fix,
            passes,
        } => {
            let names: Vec<&str> = Weights::default().named().iter().map(|(n, _)| *n).collect();
            if let Some(bad) = fix.iter().find(|f| !names.contains(&f.as_str())) {
                return Err(format!("--fix: no weight is called '{bad}'"));
            }
            let fixed: Vec<&str> = fix.iter().map(String::as_str).collect();
            let start = read_weights(weights)?;
            let (variants, samples) = read_samples(&files, k, result_weight)?;
            let (mut train, mut held) = (Vec::new(), Vec::new());
            for (s, game) in samples {
                if game % 10 == 9 {
                    &mut held
                } else {
                    &mut train
                }
                .push(s);
            }
            let mut fit = Fit::new(&variants, &start, k);
            let beyond = |fit: &Fit, when: &str| {
                let (a, b) = (train.len() as f64, held.len() as f64);
                let share = (a * fit.beyond(&train, 500) + b * fit.beyond(&held, 500)) / (a + b);
                eprintln!(
                    "{when}: evaluation beyond material ± 500 in {:.2}% of the positions",
                    100.0 * share
                );
            };
            beyond(&fit, "before");
            let (before, held_before) = (fit.error(&train), fit.error(&held));
            eprintln!(
                "{} positions fitted, {} held out; error before: {before:.6} fitted, {held_before:.6} held out",
                train.len(),
                held.len()
            );
            let after = fit.descend(&train, passes, &fixed, |pass, e, _| {
                eprintln!("round {}: error {e:.6}", pass + 1);
            });
            eprintln!(
                "error after: {after:.6} fitted, {:.6} held out",
                fit.error(&held)
            );
            beyond(&fit, "after");
            print!("{}", fit.weights().to_text());
            Ok(ExitCode::SUCCESS)
        }
        Tune::Eval { files, weights } => {
            let w = read_weights(weights)?;
            let texts = read_texts(&files)?;
            let (variants, samples) = samples_of(&files, &texts, 400.0, 0.0)?;
            let evaluators: Vec<_> = variants
                .iter()
                .map(|v| Evaluator::with_weights(v, w.clone()))
                .collect();
            // A sample for every line, in order.
            let lines = texts.iter().flat_map(|t| t.lines());
            for (line, (s, _)) in lines.zip(&samples) {
                println!("{line}\t{}", evaluators[s.variant].evaluate(&s.pos));
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The weights in the text form file at `path`, or the defaults.
fn read_weights(path: Option<String>) -> Result<Weights, String> {
    let Some(path) = path else {
        return Ok(Weights::default());
    };
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    Weights::from_text(&text).map_err(|e| format!("{path}: {e}"))
}

/// One self-play game: `random_plies` random moves, then the searcher for both sides; up to
/// `per_game` of its quiet positions after the opening, as data lines without the variant.
fn sample_game(
    v: &Arc<Variant>,
    searcher: &mut Searcher,
    limits: Limits,
    rng: &mut Seed,
    random_plies: usize,
    per_game: usize,
    max_plies: usize,
) -> Result<Vec<String>, String> {
    let mut game = Game::new(v);
    searcher.clear();
    let (mut moves, mut found) = (Vec::new(), Vec::new());
    for ply in 0..max_plies {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        let m = if ply < random_plies {
            legal[rng.below(legal.len())]
        } else {
            let mut pos = game.position().clone();
            if quiet(&searcher.eval, &mut pos) {
                found.push((game.fen(), moves.join(" ")));
            }
            let best = searcher.search(game.position(), &game.hash_history(), limits, &mut |_| {});
            best.best
                .ok_or_else(|| format!("no move returned in {}", game.fen()))?
        };
        moves.push(fairylab::uci::to_uci(game.position(), m));
        game.play(m)?;
    }
    let result = match game.outcome() {
        Some(Outcome::Win { winner, .. }) => {
            if winner == WHITE {
                "1"
            } else {
                "0"
            }
        }
        Some(Outcome::Draw { .. }) => "0.5",
        None => "-",
    };
    // Keep `per_game` of them at random, in game order.
    while found.len() > per_game {
        found.remove(rng.below(found.len()));
    }
    Ok(found
        .into_iter()
        .map(|(fen, moves)| format!("{fen}\t{moves}\t{result}"))
        .collect())
}

/// A labelled position and a hash of its game.
type Labelled = (Sample, u64);

/// The labelled positions of `files`, each with a hash of its game, and the variants
/// they name. The target mixes the
/// teacher's score and the game's result (where known) by `result_weight`. An error names
/// the file and line.
fn read_samples(
    files: &[String],
    k: f64,
    result_weight: f64,
) -> Result<(Vec<Arc<Variant>>, Vec<Labelled>), String> {
    samples_of(files, &read_texts(files)?, k, result_weight)
}

/// The text of each of `files`.
fn read_texts(files: &[String]) -> Result<Vec<String>, String> {
    files
        .iter()
        .map(|path| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}")))
        .collect()
}

/// [`read_samples`] of the files' `texts`: one sample a line, in order.
fn samples_of(
    files: &[String],
    texts: &[String],
    k: f64,
    result_weight: f64,
) -> Result<(Vec<Arc<Variant>>, Vec<Labelled>), String> {
    let mut variants: Vec<Arc<Variant>> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut samples = Vec::new();
    for (path, text) in files.iter().zip(texts) {
        for (n, line) in text.lines().enumerate() {
            let at = |msg: String| format!("{path}:{}: {msg}", n + 1);
            let cols: Vec<&str> = line.split('\t').collect();
            let [name, fen_text, moves, result, score] = cols[..] else {
                return Err(at(format!(
                    "expected 5 tab-separated columns, found {}",
                    cols.len()
                )));
            };
            let i = match index.get(name) {
                Some(&i) => i,
                None => {
                    variants.push(crate::load_variant(name).map_err(at)?);
                    index.insert(name.to_string(), variants.len() - 1);
                    variants.len() - 1
                }
            };
            let pos = fen::from_fen(&variants[i], fen_text).map_err(|e| at(e.to_string()))?;
            let score: f64 = score
                .parse()
                .map_err(|_| at(format!("'{score}' is not a score in centipawns")))?;
            let mut target = sigmoid(score, k);
            if result != "-" && result_weight > 0.0 {
                let white: f64 = result
                    .parse()
                    .map_err(|_| at(format!("'{result}' is not a result (1, 0, 0.5 or -)")))?;
                let ours = if pos.side_to_move() == WHITE {
                    white
                } else {
                    1.0 - white
                };
                target = result_weight * ours + (1.0 - result_weight) * target;
            }
            // The game: its opening's first plies (random, so one game's own).
            let opening: Vec<&str> = moves.split(' ').take(4).collect();
            let mut hasher = std::hash::DefaultHasher::new();
            (name, opening).hash(&mut hasher);
            let sample = Sample {
                variant: i,
                pos,
                target,
            };
            samples.push((sample, hasher.finish()));
        }
    }
    if samples.is_empty() {
        return Err("no labelled positions in the files given".into());
    }
    Ok((variants, samples))
}
