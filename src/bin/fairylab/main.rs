//! The `fairylab` command-line tool: perft, moves, check, bestmove, selfplay, balance, values, uci, tune.
//!
//! ```text
//! fairylab perft <variant-or-file> <depth> [--fen FEN | --seed N] [--moves "m1 m2 ..."] [--divide]
//! fairylab moves <variant-or-file> [--fen FEN | --seed N] [--moves "..."]
//! fairylab check <file>
//! fairylab bestmove <variant-or-file> [--fen FEN | --seed N] [--moves "..."] (--depth N | --time-ms T) [--nodes N]
//! fairylab selfplay <variant-or-file> --games N --time-ms T [--nodes N] [--seed N]
//! fairylab balance <A> [<B>] --games N --time-ms T [--nodes N] [--threads N] [--seed S] [--shard I/N] [--json]
//! fairylab balance --merge FILE...
//! fairylab values <variant-or-file> [--games N] [--time-ms T | --nodes N] [--threads N] [--seed S]
//! fairylab uci
//! fairylab tune sample <variant-or-file> [--games N] [--nodes N] [--seed S] ...
//! fairylab tune fit FILE... [--weights FILE] [--k K] [--result-weight X]
//! ```
//! A variant argument that is not a bundled name is read as a path to Interactive Diagram text.
//! The arguments are parsed by clap (`args.rs`); `fairylab help <command>` describes each.

mod args;
mod balance;
mod shard;
mod tune;
mod uci;
mod values;

use args::{Cli, Command, Start};
use clap::Parser;
use fairylab::bundled;
use fairylab::definition;
use fairylab::fen;
use fairylab::game::{Game, Outcome};
use fairylab::notation;
use fairylab::position::Position;
use fairylab::search::{Limits, Searcher};
use fairylab::selfplay::{Seed, play_game_from};
use fairylab::variant::Variant;
use std::process::ExitCode;
use std::sync::Arc;

fn main() -> ExitCode {
    // A closed pipe (`fairylab moves chess | head -1`) ends the program quietly instead of
    // with println!'s panic.
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string();
        if msg.contains("Broken pipe") {
            std::process::exit(0);
        }
        eprintln!("{msg}");
    }));
    // Usage errors: clap's message and usage on stderr, exit 2; --help and --version: exit 0.
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("fairylab: {msg}");
            ExitCode::from(2)
        }
    }
}

fn load_variant(arg: &str) -> Result<Arc<Variant>, String> {
    if let Some(v) = bundled::load(arg) {
        return Ok(v);
    }
    let text = std::fs::read_to_string(arg)
        .map_err(|e| format!("'{arg}' is neither a bundled variant nor a readable file: {e}"))?;
    let name = std::path::Path::new(arg)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| arg.to_string());
    bundled::compile(&name, &text).map_err(|e| format!("{arg}:\n{e}"))
}

/// The position after `--fen` and `--moves`, and the hashes of the positions before it.
fn position_with_history(v: &Arc<Variant>, o: &Start) -> Result<(Position, Vec<u64>), String> {
    let mut pos = match &o.fen {
        Some(f) => fen::from_fen_legal(v, f).map_err(|e| e.to_string())?,
        None => match o.seed {
            Some(seed) => Position::start_seeded(v, seed),
            None => Position::start(v),
        },
    };
    let mut history = Vec::new();
    if let Some(ms) = &o.moves {
        for (i, text) in ms.split_whitespace().enumerate() {
            let m = notation::parse_coordinate(&pos, text)
                .map_err(|e| format!("--moves item {}: {e}", i + 1))?;
            history.push(pos.hash());
            pos.make(m);
        }
    }
    Ok((pos, history))
}

fn position(v: &Arc<Variant>, o: &Start) -> Result<Position, String> {
    Ok(position_with_history(v, o)?.0)
}

fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Perft {
            variant,
            depth,
            start,
            divide,
        } => {
            let v = load_variant(&variant)?;
            let mut pos = position(&v, &start)?;
            let total = if divide && depth > 0 {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                let mut lines: Vec<(String, u64)> = Vec::new();
                for m in moves {
                    let u = pos.make(m);
                    let n = pos.perft(depth - 1);
                    pos.unmake(&u);
                    lines.push((notation::to_coordinate(&v, m), n));
                }
                lines.sort();
                for (m, n) in &lines {
                    println!("{m}: {n}");
                }
                lines.iter().map(|(_, n)| n).sum()
            } else {
                pos.perft(depth)
            };
            println!("{total}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves { variant, start } => {
            let v = load_variant(&variant)?;
            let pos = position(&v, &start)?;
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let mut text: Vec<String> = moves
                .iter()
                .map(|&m| notation::to_coordinate(&v, m))
                .collect();
            text.sort();
            for t in text {
                println!("{t}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { file } => check(&file),
        Command::Bestmove {
            variant,
            start,
            limits,
        } => {
            let v = load_variant(&variant)?;
            let (pos, history) = position_with_history(&v, &start)?;
            let mut searcher = Searcher::native(&v);
            let result = searcher.search(&pos, &history, (&limits).into(), &mut |info| {
                println!("{}", info.to_line(&pos));
            });
            match result.best {
                Some(m) => println!("bestmove {}", notation::to_coordinate(&v, m)),
                None => println!("bestmove (none)"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Selfplay {
            variant,
            games,
            limits,
            seed,
        } => {
            let v = load_variant(&variant)?;
            selfplay(&v, games, (&limits).into(), seed)
        }
        Command::Values {
            variant,
            games,
            time_ms,
            nodes,
            threads,
            seed,
        } => {
            let v = load_variant(&variant)?;
            let run = values::Run {
                games,
                limits: Limits {
                    depth: None,
                    nodes: nodes.or(time_ms.is_none().then_some(6000)),
                    time_ms,
                    soft_time_ms: None,
                },
                threads: threads.map_or_else(
                    || std::thread::available_parallelism().map_or(1, |n| n.get()),
                    |n| n as usize,
                ),
                seed,
            };
            values::run(&run, &v)
        }
        Command::Tune { action } => tune::run(action),
        Command::Uci => {
            uci::run();
            Ok(ExitCode::SUCCESS)
        }
        Command::Balance {
            a,
            b,
            games,
            limits,
            threads,
            seed,
            shard,
            json,
            merge,
        } => {
            if !merge.is_empty() {
                return shard::merge(&merge);
            }
            // clap requires both without --merge.
            let (Some(a), Some(games)) = (a, games) else {
                return Err("balance needs rules A and --games".to_string());
            };
            let va = load_variant(&a)?;
            let vb = b.as_deref().map(load_variant).transpose()?;
            let threads = threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                |n| n as usize,
            );
            let run = shard::Run {
                games,
                limits: (&limits).into(),
                threads,
                seed,
                shard: shard.unwrap_or((1, 1)),
                json,
            };
            balance::run(&run, (&a, &va), b.as_deref().zip(vb.as_ref()))
        }
    }
}

/// `check`: every warning and error in text order (`LINE:COL: warning: message`,
/// `LINE:COL: error: message`); then, with no error, a one-line summary and exit 0, else exit 1.
fn check(file: &str) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read '{file}': {e}"))?;
    let (spec, diagnostics) = definition::check(&text);
    for d in &diagnostics {
        println!("{d}");
    }
    let Some(spec) = spec else {
        return Ok(ExitCode::from(1));
    };
    let v = Variant::compile(file, &text, spec);
    let visible = v.types.iter().filter(|t| !t.hidden).count();
    let royal: Vec<String> = v
        .types
        .iter()
        .filter(|t| t.royal && !t.hidden)
        .map(|t| t.id.to_string())
        .collect();
    println!(
        "ok: {}x{} board, {} piece types, royal {}, {} moves per turn",
        v.geometry.files,
        v.geometry.ranks,
        visible,
        if royal.is_empty() {
            "none".to_string()
        } else {
            royal.join("")
        },
        v.moves_per_turn
    );
    Ok(ExitCode::SUCCESS)
}

/// Play `games` games of the engine against itself, checking every move for legality; from
/// the array `start` deals, if given.
fn selfplay(
    v: &Arc<Variant>,
    games: u32,
    limits: Limits,
    start: Option<u64>,
) -> Result<ExitCode, String> {
    const MAX_PLIES: usize = 600;
    let mut searcher = Searcher::native(v);
    let (mut white, mut black, mut draws, mut total_len) = (0u32, 0u32, 0u32, 0usize);
    let mut seed = Seed(0x9E37_79B9_7F4A_7C15);
    for game_no in 0..games {
        let game = match start {
            Some(s) => Game::shuffled(v, s),
            None => Game::new(v),
        };
        let record = match play_game_from(game, &mut searcher, limits, &mut seed, MAX_PLIES) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("game {}: {e}", game_no + 1);
                return Ok(ExitCode::from(1));
            }
        };
        total_len += record.plies;
        let text = match record.outcome {
            Some(o @ Outcome::Win { winner, .. }) => {
                if winner == fairylab::position::WHITE {
                    white += 1;
                } else {
                    black += 1;
                }
                o.to_string()
            }
            Some(o) => {
                draws += 1;
                o.to_string()
            }
            None => {
                draws += 1;
                format!("draw by adjudication after {MAX_PLIES} plies")
            }
        };
        println!("game {}: {} ({} plies)", game_no + 1, text, record.plies);
    }
    println!(
        "white wins: {white}, black wins: {black}, draws: {draws}, average length: {:.1} plies, illegal moves: 0",
        total_len as f64 / games.max(1) as f64
    );
    Ok(ExitCode::SUCCESS)
}
