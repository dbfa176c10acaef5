//! The `fairylab` command-line tool: perft, moves, check.
//!
//! ```text
//! fairylab perft <variant-or-file> <depth> [--fen FEN] [--moves "m1 m2 ..."] [--divide]
//! fairylab moves <variant-or-file> [--fen FEN] [--moves "..."]
//! fairylab check <file>
//! ```
//! A variant argument that is not a bundled name is read as a path to Interactive Diagram text.

use fairylab::bundled;
use fairylab::definition;
use fairylab::fen;
use fairylab::notation;
use fairylab::position::Position;
use fairylab::variant::Variant;
use std::process::ExitCode;
use std::sync::Arc;

const USAGE: &str = "usage:
  fairylab perft <variant-or-file> <depth> [--fen FEN] [--moves \"m1 m2 ...\"] [--divide]
  fairylab moves <variant-or-file> [--fen FEN] [--moves \"m1 m2 ...\"]
  fairylab check <file>
bundled variants: chess, morphing-chess, morphing-chess-3, morphomania, symmetric-chess,
  marseillais, marseillais-original";

fn main() -> ExitCode {
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
}

fn options(args: &[String]) -> Result<Opts, String> {
    let mut o = Opts {
        positional: Vec::new(),
        fen: None,
        moves: None,
        divide: false,
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
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}
