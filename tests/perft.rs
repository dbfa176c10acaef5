//! Perft vectors: legal move counts from plain text files under `tests/perft/`, one file per
//! bundled variant (`tests/perft/<variant>.txt`, format described at the top of each file).
//!
//! Every figure in those files comes from outside fairylab: published tables (Chess
//! Programming Wiki), the independent implementation in `shared/perft/public.json`, the
//! python-chess library (FIDE chess), or a count by hand whose derivation sits next to it. None
//! is copied from fairylab's output.
//!
//! The everyday run (`cargo test`, debug build) checks only the figures of at most
//! [`NODE_LIMIT`] nodes, so it stays fast. The larger ones are `#[ignore]`d and run with
//! `cargo test --release --test perft -- --ignored`. The environment variable
//! `FAIRYLAB_PERFT_NODE_LIMIT` moves the boundary (both sets change together, so every figure
//! still belongs to exactly one of them).

use fairylab::position::Position;
use fairylab::{bundled, fen, notation};

/// Figures above this many nodes run only with `--ignored`.
const NODE_LIMIT: u64 = 1_000_000;

fn node_limit() -> u64 {
    std::env::var("FAIRYLAB_PERFT_NODE_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(NODE_LIMIT)
}

/// One block of a vector file: a position and its expected counts.
#[derive(Debug, Default)]
struct Case {
    /// Line of the block's first entry, for messages.
    line: usize,
    id: String,
    fen: Option<String>,
    moves: Vec<String>,
    /// (depth, nodes, line)
    perft: Vec<(u32, u64, usize)>,
}

/// Parse a vector file. Panics with the line number on anything it does not understand.
fn parse(file: &str, text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut cur: Option<Case> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if let Some(c) = cur.take() {
                cases.push(c);
            }
            continue;
        }
        let c = cur.get_or_insert_with(|| Case {
            line: n,
            ..Case::default()
        });
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "id" => c.id = value.to_string(),
            "fen" => c.fen = Some(value.to_string()),
            "moves" => c.moves = value.split_whitespace().map(str::to_string).collect(),
            "perft" => {
                let nums: Vec<u64> = value
                    .split_whitespace()
                    .map(|s| {
                        s.parse()
                            .unwrap_or_else(|_| panic!("{file}:{n}: bad number '{s}'"))
                    })
                    .collect();
                let [depth, nodes] = nums[..] else {
                    panic!("{file}:{n}: expected `perft <depth> <nodes>`");
                };
                c.perft.push((depth as u32, nodes, n));
            }
            _ => panic!("{file}:{n}: unknown key '{key}'"),
        }
    }
    cases.extend(cur);
    for c in &cases {
        assert!(!c.id.is_empty(), "{file}:{}: block without id", c.line);
        assert!(
            !c.perft.is_empty(),
            "{file}:{}: block without perft",
            c.line
        );
    }
    cases
}

/// Run the figures of `variant`'s file that `select` picks (by node count); panic listing
/// every mismatch. Returns how many figures ran.
fn run(variant: &str, text: &str, select: impl Fn(u64) -> bool) -> usize {
    let file = format!("tests/perft/{variant}.txt");
    let v = bundled::load(variant).unwrap_or_else(|| panic!("no bundled variant '{variant}'"));
    let mut failures = Vec::new();
    let mut ran = 0;
    for c in parse(&file, text) {
        if !c.perft.iter().any(|&(_, nodes, _)| select(nodes)) {
            continue;
        }
        let mut pos = match &c.fen {
            Some(f) => {
                fen::from_fen(&v, f).unwrap_or_else(|e| panic!("{file}:{}: {}: {e}", c.line, c.id))
            }
            None => Position::start(&v),
        };
        for (k, m) in c.moves.iter().enumerate() {
            let mv = notation::parse_coordinate(&pos, m).unwrap_or_else(|e| {
                panic!("{file}:{}: {}: move {} '{m}': {e}", c.line, c.id, k + 1)
            });
            pos.make(mv);
        }
        for &(depth, expected, n) in &c.perft {
            if !select(expected) {
                continue;
            }
            ran += 1;
            let got = pos.perft(depth);
            if got != expected {
                failures.push(format!(
                    "{file}:{n}: {} depth {depth}: expected {expected}, got {got}",
                    c.id
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} perft mismatch(es):\n{}",
        failures.len(),
        failures.join("\n")
    );
    ran
}

macro_rules! perft_file {
    ($fast:ident, $slow:ident, $variant:literal) => {
        #[test]
        fn $fast() {
            let limit = node_limit();
            let text = include_str!(concat!("perft/", $variant, ".txt"));
            run($variant, text, |nodes| nodes <= limit);
        }

        #[test]
        #[ignore = "large perft figures; run with `cargo test --release -- --ignored`"]
        fn $slow() {
            let limit = node_limit();
            let text = include_str!(concat!("perft/", $variant, ".txt"));
            run($variant, text, |nodes| nodes > limit);
        }
    };
}

perft_file!(chess, chess_large, "chess");
perft_file!(morphing_chess, morphing_chess_large, "morphing-chess");
perft_file!(morphing_chess_3, morphing_chess_3_large, "morphing-chess-3");
perft_file!(morphomania, morphomania_large, "morphomania");
perft_file!(symmetric_chess, symmetric_chess_large, "symmetric-chess");
perft_file!(marseillais, marseillais_large, "marseillais");
perft_file!(
    marseillais_original,
    marseillais_original_large,
    "marseillais-original"
);

/// Every bundled variant has a vector file, and every file parses with at least a start
/// position block plus six more positions.
#[test]
fn every_variant_has_vectors() {
    let files: &[(&str, &str)] = &[
        ("chess", include_str!("perft/chess.txt")),
        ("morphing-chess", include_str!("perft/morphing-chess.txt")),
        (
            "morphing-chess-3",
            include_str!("perft/morphing-chess-3.txt"),
        ),
        ("morphomania", include_str!("perft/morphomania.txt")),
        ("symmetric-chess", include_str!("perft/symmetric-chess.txt")),
        ("marseillais", include_str!("perft/marseillais.txt")),
        (
            "marseillais-original",
            include_str!("perft/marseillais-original.txt"),
        ),
    ];
    for name in bundled::names() {
        let (_, text) = files
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no tests/perft/{name}.txt"));
        let cases = parse(name, text);
        assert!(
            cases.iter().any(|c| c.fen.is_none() && c.moves.is_empty()),
            "{name}: no start position block"
        );
        assert!(cases.len() >= 7, "{name}: only {} positions", cases.len());
    }
}
