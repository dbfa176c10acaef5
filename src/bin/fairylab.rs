//! The `fairylab` command-line tool: perft, moves, check.
//!
//! ```text
//! fairylab perft <variant-or-file> <depth> [--fen FEN] [--moves "m1 m2 ..."] [--divide]
//! fairylab moves <variant-or-file> [--fen FEN] [--moves "..."]
//! fairylab check <file>
//! fairylab bestmove <variant-or-file> [--fen FEN] [--moves "..."] (--depth N | --time-ms T)
//! fairylab selfplay <variant-or-file> --games N --time-ms T [--nodes N]
//! ```
//! A variant argument that is not a bundled name is read as a path to Interactive Diagram text.

use fairylab::bundled;
use fairylab::definition;
use fairylab::fen;
use fairylab::game::Outcome;
use fairylab::notation;
use fairylab::position::Position;
use fairylab::search::{Limits, Searcher};
use fairylab::selfplay::{Seed, play_game};
use fairylab::variant::Variant;
use std::process::ExitCode;
use std::sync::Arc;

const USAGE: &str = "usage:
  fairylab perft <variant-or-file> <depth> [--fen FEN] [--moves \"m1 m2 ...\"] [--divide]
  fairylab moves <variant-or-file> [--fen FEN] [--moves \"m1 m2 ...\"]
  fairylab check <file>
  fairylab bestmove <variant-or-file> [--fen FEN] [--moves \"...\"] (--depth N | --time-ms T) [--nodes N]
  fairylab selfplay <variant-or-file> --games N --time-ms T [--nodes N]
bundled variants: chess, morphing-chess, morphing-chess-3, morphomania, symmetric-chess,
  marseillais, marseillais-original";

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
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("fairylab: {msg}");
            ExitCode::from(2)
        }
    }
}

struct Opts {
    positional: Vec<String>,
    fen: Option<String>,
    moves: Option<String>,
    divide: bool,
    depth: Option<u32>,
    time_ms: Option<f64>,
    nodes: Option<u64>,
    games: Option<u32>,
}

fn number<T: std::str::FromStr>(flag: &str, s: &str) -> Result<T, String> {
    s.parse()
        .map_err(|_| format!("{flag} needs a number, not '{s}'"))
}

fn options(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        positional: Vec::new(),
        fen: None,
        moves: None,
        divide: false,
        depth: None,
        time_ms: None,
        nodes: None,
        games: None,
    };
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--fen" | "--moves" => {
                let val = args
                    .get(i + 1)
                    .ok_or_else(|| format!("{} needs a value", args[i]))?
                    .clone();
                if args[i] == "--fen" {
                    o.fen = Some(val);
                } else {
                    o.moves = Some(val);
                }
                i += 2;
            }
            "--depth" | "--time-ms" | "--nodes" | "--games" => {
                let flag = args[i].as_str();
                let val = args
                    .get(i + 1)
                    .ok_or_else(|| format!("{flag} needs a value"))?;
                match flag {
                    "--depth" => o.depth = Some(number(flag, val)?),
                    "--time-ms" => o.time_ms = Some(number(flag, val)?),
                    "--nodes" => o.nodes = Some(number(flag, val)?),
                    _ => o.games = Some(number(flag, val)?),
                }
                i += 2;
            }
            "--divide" => {
                o.divide = true;
                i += 1;
            }
            s if s.starts_with("--") => return Err(format!("unknown option {s}\n{USAGE}")),
            s => {
                o.positional.push(s.to_string());
                i += 1;
            }
        }
    }
    Ok(o)
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
fn position_with_history(v: &Arc<Variant>, o: &Opts) -> Result<(Position, Vec<u64>), String> {
    let mut pos = match &o.fen {
        Some(f) => fen::from_fen(v, f).map_err(|e| e.to_string())?,
        None => Position::start(v),
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

fn position(v: &Arc<Variant>, o: &Opts) -> Result<Position, String> {
    let mut pos = match &o.fen {
        Some(f) => fen::from_fen(v, f).map_err(|e| e.to_string())?,
        None => Position::start(v),
    };
    if let Some(ms) = &o.moves {
        for (i, text) in ms.split_whitespace().enumerate() {
            let m = notation::parse_coordinate(&pos, text)
                .map_err(|e| format!("--moves item {}: {e}", i + 1))?;
            pos.make(m);
        }
    }
    Ok(pos)
}

fn run(args: &[String]) -> Result<ExitCode, String> {
    let Some(cmd) = args.first() else {
        return Err(USAGE.to_string());
    };
    let o = options(&args[1..])?;
    match cmd.as_str() {
        "perft" => {
            let [variant, depth] = o.positional.as_slice() else {
                return Err(format!("perft needs <variant-or-file> <depth>\n{USAGE}"));
            };
            let depth: u32 = depth
                .parse()
                .map_err(|_| format!("depth must be a number, not '{depth}'"))?;
            let v = load_variant(variant)?;
            let mut pos = position(&v, &o)?;
            let total = if o.divide && depth > 0 {
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
        "moves" => {
            let [variant] = o.positional.as_slice() else {
                return Err(format!("moves needs <variant-or-file>\n{USAGE}"));
            };
            let v = load_variant(variant)?;
            let pos = position(&v, &o)?;
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
        "check" => {
            let [file] = o.positional.as_slice() else {
                return Err(format!("check needs <file>\n{USAGE}"));
            };
            let text =
                std::fs::read_to_string(file).map_err(|e| format!("cannot read '{file}': {e}"))?;
            match definition::load(&text) {
                Ok(spec) => {
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
                Err(errors) => {
                    for e in &errors.0 {
                        println!("{e}");
                    }
                    Ok(ExitCode::from(1))
                }
            }
        }
        "bestmove" => {
            let [variant] = o.positional.as_slice() else {
                return Err(format!("bestmove needs <variant-or-file>\n{USAGE}"));
            };
            if o.depth.is_none() && o.time_ms.is_none() && o.nodes.is_none() {
                return Err(format!("bestmove needs --depth N or --time-ms T\n{USAGE}"));
            }
            let v = load_variant(variant)?;
            let (pos, history) = position_with_history(&v, &o)?;
            let mut searcher = Searcher::native(&v);
            let limits = Limits {
                depth: o.depth,
                nodes: o.nodes,
                time_ms: o.time_ms,
            };
            let result = searcher.search(&pos, &history, limits, &mut |info| {
                println!("{}", info.to_line(&pos));
            });
            match result.best {
                Some(m) => println!("bestmove {}", notation::to_coordinate(&v, m)),
                None => println!("bestmove (none)"),
            }
            Ok(ExitCode::SUCCESS)
        }
        "selfplay" => {
            let [variant] = o.positional.as_slice() else {
                return Err(format!("selfplay needs <variant-or-file>\n{USAGE}"));
            };
            let games = o.games.ok_or("selfplay needs --games N")?;
            if o.time_ms.is_none() && o.nodes.is_none() {
                return Err("selfplay needs --time-ms T (or --nodes N)".into());
            }
            let v = load_variant(variant)?;
            let limits = Limits {
                depth: o.depth,
                nodes: o.nodes,
                time_ms: o.time_ms,
            };
            selfplay(&v, games, limits)
        }
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}

/// Play `games` games of the engine against itself, checking every move for legality.
fn selfplay(v: &Arc<Variant>, games: u32, limits: Limits) -> Result<ExitCode, String> {
    const MAX_PLIES: usize = 600;
    let mut searcher = Searcher::native(v);
    let (mut white, mut black, mut draws, mut total_len) = (0u32, 0u32, 0u32, 0usize);
    let mut seed = Seed(0x9E37_79B9_7F4A_7C15);
    for game_no in 0..games {
        let record = match play_game(v, &mut searcher, limits, &mut seed, MAX_PLIES) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("game {}: {e}", game_no + 1);
                return Ok(ExitCode::from(1));
            }
        };
        total_len += record.plies;
        let text = match record.outcome {
            Some(o @ Outcome::Win { winner, .. }) => {
                if winner == 0 {
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
