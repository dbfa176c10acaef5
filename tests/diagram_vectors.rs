//! Perft figures counted by the Interactive Diagram's own script (betza.js, its AI's move
//! generator, run under node by a harness kept outside the project; docs/diagram-harness.md
//! says how) and checked here against fairylab: `tests/diagram/vectors.txt`, format at its top.
//!
//! A block whose construct fairylab does not play yet carries `pending <reason>`: it is
//! reported, not asserted (a pending block that now loads is reported as ready to turn on).
//! A depth where fairylab counts differently on purpose carries `differs <depth> <Diagram's
//! count> <why>` beside the `perft` line fairylab must give, which is derived from the
//! script too (docs/diagram-harness.md lists every difference and its explanation).
//! Blocks on the real pages' texts (`wild <file>`) read `../shared/wild/` (or the directory
//! in `FAIRYLAB_WILD`) and are skipped, with a note, where it is not there.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::position::Position;
use fairylab::variant::Variant;
use fairylab::{bundled, fen, notation};
use std::path::PathBuf;
use std::sync::Arc;

const VECTORS: &str = include_str!("diagram/vectors.txt");

/// One block: a definition, moves played from its start, and the figures.
#[derive(Debug, Default)]
struct Block {
    line: usize,
    id: String,
    /// `def NAME`: tests/diagram/defs/NAME; `wild NAME`: the real page's text.
    def: Option<String>,
    wild: Option<String>,
    fen: Option<String>,
    moves: Vec<String>,
    /// (depth, nodes, line)
    perft: Vec<(u32, u64, usize)>,
    pending: Option<String>,
}

fn parse(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut cur: Option<Block> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            blocks.extend(cur.take());
            continue;
        }
        let b = cur.get_or_insert_with(|| Block {
            line: n,
            ..Block::default()
        });
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "id" => b.id = value.to_string(),
            "def" => b.def = Some(value.to_string()),
            "wild" => b.wild = Some(value.to_string()),
            "fen" => b.fen = Some(value.to_string()),
            "moves" => b.moves = value.split_whitespace().map(str::to_string).collect(),
            "perft" => {
                let nums: Vec<u64> = value
                    .split_whitespace()
                    .map(|s| {
                        s.parse()
                            .unwrap_or_else(|_| panic!("vectors.txt:{n}: bad '{s}'"))
                    })
                    .collect();
                let [depth, nodes] = nums[..] else {
                    panic!("vectors.txt:{n}: expected `perft <depth> <nodes>`");
                };
                b.perft.push((depth as u32, nodes, n));
            }
            "pending" => b.pending = Some(value.to_string()),
            // The Diagram's own count where fairylab differs on purpose, and how the harness
            // counted (documentation for the reader; the `perft` line is what is asserted).
            "differs" | "mode" => {}
            _ => panic!("vectors.txt:{n}: unknown key '{key}'"),
        }
    }
    blocks.extend(cur);
    for b in &blocks {
        assert!(!b.id.is_empty(), "vectors.txt:{}: block without id", b.line);
        assert!(
            !b.perft.is_empty(),
            "vectors.txt:{}: {} has no perft",
            b.line,
            b.id
        );
        assert!(
            b.def.is_some() != b.wild.is_some(),
            "vectors.txt:{}: {} needs exactly one of def and wild",
            b.line,
            b.id
        );
    }
    blocks
}

fn wild_dir() -> PathBuf {
    std::env::var_os("FAIRYLAB_WILD").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/wild"),
        PathBuf::from,
    )
}

/// The block's definition text, or None when a real page's text is not at hand.
fn definition(b: &Block) -> Option<String> {
    let path = match (&b.def, &b.wild) {
        (Some(d), _) => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/diagram/defs")
            .join(d),
        (_, Some(w)) => wild_dir().join(w),
        _ => unreachable!(),
    };
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(_) if b.wild.is_some() => None,
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// fairylab's count for each selected figure that differs from the block's.
fn mismatches(b: &Block, v: &Arc<Variant>, select: &impl Fn(u64) -> bool) -> Vec<String> {
    let mut pos = match &b.fen {
        Some(f) => {
            fen::from_fen(v, f).unwrap_or_else(|e| panic!("vectors.txt:{}: {}: {e}", b.line, b.id))
        }
        None => Position::start(v),
    };
    for (k, m) in b.moves.iter().enumerate() {
        let mv = notation::parse_coordinate(&pos, m).unwrap_or_else(|e| {
            panic!(
                "vectors.txt:{}: {}: move {} '{m}': {e}",
                b.line,
                b.id,
                k + 1
            )
        });
        pos.make(mv);
    }
    let mut out = Vec::new();
    for &(depth, expected, n) in &b.perft {
        if select(expected) {
            let got = pos.perft(depth);
            if got != expected {
                out.push(format!(
                    "vectors.txt:{n}: {} depth {depth}: the Diagram counts {expected}, fairylab {got}",
                    b.id
                ));
            }
        }
    }
    out
}

/// Runs every block with a figure `select` takes.
fn run(select: impl Fn(u64) -> bool) {
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    for b in parse(VECTORS) {
        if !b.perft.iter().any(|&(_, nodes, _)| select(nodes)) {
            continue;
        }
        let Some(text) = definition(&b) else {
            notes.push(format!(
                "{}: skipped, {} is not at hand",
                b.id,
                wild_dir().display()
            ));
            continue;
        };
        let compiled = bundled::compile(&b.id, &text);
        match (&b.pending, compiled) {
            (Some(why), Err(_)) => notes.push(format!("{}: pending ({why}); still refused", b.id)),
            (Some(why), Ok(v)) => {
                let differ = mismatches(&b, &v, &select);
                let state = if differ.is_empty() {
                    "loads and agrees: turn it on".to_string()
                } else {
                    format!("loads but differs: {}", differ.join("; "))
                };
                notes.push(format!("{}: pending ({why}); {state}", b.id));
            }
            (None, Ok(v)) => failures.extend(mismatches(&b, &v, &select)),
            (None, Err(e)) => panic!("vectors.txt:{}: {}:\n{e}", b.line, b.id),
        }
    }
    for n in &notes {
        eprintln!("diagram vectors: {n}");
    }
    assert!(
        failures.is_empty(),
        "{} difference(s) from the Diagram's script:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Figures above this many nodes run only with `--ignored` (a debug build counts slowly).
const NODE_LIMIT: u64 = 200_000;

#[test]
fn fairylab_counts_as_the_diagrams_script() {
    run(|nodes| nodes <= NODE_LIMIT);
}

#[test]
#[ignore = "large figures; run with `cargo test --release --test diagram_vectors -- --ignored`"]
fn fairylab_counts_as_the_diagrams_script_large() {
    run(|nodes| nodes > NODE_LIMIT);
}

#[test]
fn every_block_reads() {
    let blocks = parse(VECTORS);
    assert!(blocks.len() >= 10, "{} blocks", blocks.len());
    for b in blocks.iter().filter(|b| b.def.is_some()) {
        assert!(definition(b).is_some(), "{}", b.id);
    }
}
