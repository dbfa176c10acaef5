//! Perft vectors: legal move counts from plain text files under `tests/perft/`, one file per
//! bundled variant (`tests/perft/<variant>.txt`, format described at the top of each file), and
//! one per game of Fairy-Stockfish's that Interactive Diagram text can say
//! (`tests/perft/fsf/<game>.txt`, played under the definition `tests/perft/fsf/defs/<game>.txt`,
//! written after FSF's `src/variant.cpp`; each game is an entry of `fsf_games!` below, which
//! makes its tests `fsf::<game>::figures` and `fsf::<game>::large`). Those files' blocks may
//! also say `start <FEN>`: the definition's start position must be that FEN read under it (FSF's
//! start FEN for the game), so a figure FSF counts from `startpos` is counted from FSF's position.
//!
//! Every figure in those files comes from outside fairylab: published tables (Chess
//! Programming Wiki), Fairy-Stockfish's `tests/perft.sh`, the independent implementation in
//! `shared/perft/public.json`, the python-chess library (FIDE chess), or a count by hand whose
//! derivation sits next to it. None is copied from fairylab's output.
//!
//! The everyday run (`cargo test`, debug build) checks only the figures of at most
//! [`NODE_LIMIT`] nodes, so it stays fast. The larger ones are `#[ignore]`d and run with
//! `cargo test --release --test perft -- --ignored`. The environment variable
//! `FAIRYLAB_PERFT_NODE_LIMIT` moves the boundary (both sets change together, so every figure
//! still belongs to exactly one of them).

use fairylab::position::Position;
use fairylab::variant::Variant;
use fairylab::{bundled, fen, notation};
use std::sync::Arc;

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
    /// The FEN the start position must equal (only without `fen`).
    start: Option<String>,
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
            "start" => c.start = Some(value.to_string()),
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
        assert!(
            c.start.is_none() || c.fen.is_none(),
            "{file}:{}: `start` is for blocks without `fen`",
            c.line
        );
    }
    cases
}

/// Run the figures of the vector file `file` (its `text`, for variant `v`) that `select`
/// picks (by node count); panic listing every mismatch. Returns how many figures ran.
fn run(file: &str, v: &Arc<Variant>, text: &str, select: impl Fn(u64) -> bool) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for c in parse(file, text) {
        if !c.perft.iter().any(|&(_, nodes, _)| select(nodes)) {
            continue;
        }
        let mut pos = match &c.fen {
            Some(f) => {
                fen::from_fen(v, f).unwrap_or_else(|e| panic!("{file}:{}: {}: {e}", c.line, c.id))
            }
            None => Position::start(v),
        };
        if let Some(f) = &c.start {
            let want =
                fen::from_fen(v, f).unwrap_or_else(|e| panic!("{file}:{}: {}: {e}", c.line, c.id));
            assert_eq!(pos, want, "{file}:{}: {}: start position", c.line, c.id);
        }
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

/// [`run`] for a bundled variant's file `tests/perft/<variant>.txt`.
fn run_bundled(variant: &str, text: &str, select: impl Fn(u64) -> bool) -> usize {
    let v = bundled::load(variant).unwrap_or_else(|| panic!("no bundled variant '{variant}'"));
    run(&format!("tests/perft/{variant}.txt"), &v, text, select)
}

macro_rules! perft_file {
    ($fast:ident, $slow:ident, $variant:literal) => {
        #[test]
        fn $fast() {
            let limit = node_limit();
            let text = include_str!(concat!("perft/", $variant, ".txt"));
            run_bundled($variant, text, |nodes| nodes <= limit);
        }

        #[test]
        #[ignore = "large perft figures; run with `cargo test --release -- --ignored`"]
        fn $slow() {
            let limit = node_limit();
            let text = include_str!(concat!("perft/", $variant, ".txt"));
            run_bundled($variant, text, |nodes| nodes > limit);
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

/// [`run`] for Fairy-Stockfish's game `name`: its vector file `tests/perft/fsf/<name>.txt`
/// (`text`) under its definition `tests/perft/fsf/defs/<name>.txt` (`definition`).
fn run_fsf(name: &str, definition: &str, text: &str, select: impl Fn(u64) -> bool) -> usize {
    let v = bundled::compile(name, definition)
        .unwrap_or_else(|e| panic!("tests/perft/fsf/defs/{name}.txt:\n{e}"));
    run(&format!("tests/perft/fsf/{name}.txt"), &v, text, select)
}

/// Fairy-Stockfish's games: [`FSF`] lists their names, and each gets a module of two tests,
/// `fsf::<module>::figures` and the ignored `fsf::<module>::large`.
macro_rules! fsf_games {
    ($($module:ident: $name:literal),* $(,)?) => {
        const FSF: &[&str] = &[$($name),*];

        mod fsf {
            $(mod $module {
                const DEFINITION: &str = include_str!(concat!("perft/fsf/defs/", $name, ".txt"));
                const TEXT: &str = include_str!(concat!("perft/fsf/", $name, ".txt"));

                #[test]
                fn figures() {
                    let limit = crate::node_limit();
                    crate::run_fsf($name, DEFINITION, TEXT, |nodes| nodes <= limit);
                }

                #[test]
                #[ignore = "large perft figures; run with `cargo test --release -- --ignored`"]
                fn large() {
                    let limit = crate::node_limit();
                    crate::run_fsf($name, DEFINITION, TEXT, |nodes| nodes > limit);
                }
            })*
        }
    };
}

// The games of FSF's tests/perft.sh (commit c19b5f6c6689) left out, by line, and why:
// - 28-33 chess: the same positions and figures are in tests/perft/chess.txt.
// - 42-43 torpedo: a pawn's double step from any rank leaves en passant rights; in fairylab only
//   an initial (`i`) double step or a `*` ride does (with `fmnD` it counts 209691 and 230976).
// - 48 pawnback: pawns may not step back onto their first rank (FSF's mobility region; the
//   Diagram's `zonal` is not played), and may double-step again from the second (9302).
// - 49 legan; 181 troitzky: the promotion squares are not the last ranks.
// - 51-53 cambodian, karouk; 54 makpong: the king's and met's first-move leaps, lost when a rook
//   checks; the first check wins; a checked king may only take the checker.
// - 58-62 sittuyin (its own drop rules), 118-119 dobutsu (the king's goal), 160 seirawan
//   (960): gating, placement phases.
// - 129-130 chessgi: pawns dropped on the first rank; with promotion by choice fairylab keeps
//   them off it (Crazyhouse's rule, which the Diagram text cannot switch).
// - 131-145 pocketknight, placement, seirawan, shouse (gating, placement); euroshogi,
//   kyotoshogi, micro, torishogi (their own promotion and drop rules); koedem (a king in hand);
//   166-167 shoshogi, yarishogi (pieces FSF configures beyond the Diagram's promotion).
// - 65-68 sortofalmost, chigorin; 182-183 wolf: different promotion choices per side (wolf: per
//   type, the pawn may also become an elephant); promoChoice is one list for both.
// - 71-75 spartan: two kings a side under duple check (lost only when both are attacked),
//   which the Diagram's royalty does not say (with `extinction`, a spare king may be taken).
// - 84-109, 115-117, 155-159: other goals and captures (racing kings, king of the hill, checks
//   counted, atomic, compulsory capture, extinction, horde, losers, kinglet, three kings).
// - 147-153, 199 ataxx, breakthrough, clobber, flipello, flipersi; 204-205 duck, amazons.
// - 174-176 grand, opulent: promotion only to a captured piece, optional short of the last rank.
// - 179 gustav3; 180 omicron; 184-187 shako: the king castles with a rook that is not in the
//   corner (fairylab's castling partner is the corner piece).
// - 188-194 xiangqi, manchu, janggi: palaces, the flying general; 195-196 jesonmor: its goal.
fsf_games!(
    losalamos: "losalamos",
    berolina: "berolina",
    pawnsideways: "pawnsideways",
    makruk: "makruk",
    asean: "asean",
    ai_wok: "ai-wok",
    almost: "almost",
    perfect: "perfect",
    shatar: "shatar",
    shatranj: "shatranj",
    amazon: "amazon",
    nightrider: "nightrider",
    grasshopper: "grasshopper",
    hoppelpoppel: "hoppelpoppel",
    newzealand: "newzealand",
    knightmate: "knightmate",
    capablanca: "capablanca",
    embassy: "embassy",
    janus: "janus",
    modern: "modern",
    chancellor: "chancellor",
    courier: "courier",
    tencubed: "tencubed",
    centaur: "centaur",
    crazyhouse: "crazyhouse",
    loop_chess: "loop",
    minishogi: "minishogi",
    shogi: "shogi",
    coregal: "coregal",
);

/// Every file under `tests/perft/fsf/` and `tests/perft/fsf/defs/` is a game of [`FSF`], so
/// none is left untested.
#[test]
fn every_fsf_file_is_a_game() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft/fsf");
    for sub in [dir.to_string(), format!("{dir}/defs")] {
        for entry in std::fs::read_dir(&sub).expect("tests/perft/fsf") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                continue;
            }
            let name = path.file_stem().expect("a file name").to_string_lossy();
            assert!(
                path.extension().is_some_and(|e| e == "txt") && FSF.contains(&&*name),
                "{} is in no fsf_games! entry",
                path.display()
            );
        }
    }
}

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
