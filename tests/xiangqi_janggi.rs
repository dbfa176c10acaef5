//! Xiangqi and Janggi as Interactive Diagram texts (issue 25: the hidden set of real texts
//! reaches them). `tests/diagram/defs/xiangqi.txt` is H. G. Muller's own Xiangqi diagram as
//! posted on chessvariants.com (2016); `janggi.txt` is written in the same style. Both load
//! with no warning; the Diagram's script's perft figures for them are in
//! tests/diagram/vectors.txt. Destinations worked out by hand.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves, sorted};
use fairylab::definition::{self, Severity};
use fairylab::{bundled, fen, position::Position};

fn text(name: &str) -> String {
    let path = format!("{}/tests/diagram/defs/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn position(name: &str, fen: &str) -> Position {
    let v = bundled::compile(name, &text(name)).unwrap();
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn both_texts_load_without_a_warning() {
    for name in ["xiangqi.txt", "janggi.txt"] {
        let (spec, said) = definition::check(&text(name));
        assert!(spec.is_some(), "{name}: {said:?}");
        let warnings: Vec<_> = (said.iter())
            .filter(|d| d.severity != Severity::Error)
            .map(|d| &d.message)
            .collect();
        assert!(warnings.is_empty(), "{name}: {warnings:?}");
    }
}

/// The Xiangqi king's `WfafyafcW`: besides its steps, two lame steps forward and on as a rook
/// that only takes, which reaches the other king up an open file. So the kings may not face
/// each other: with Black's horse on e6 alone between the kings on e1 and e10, every horse
/// move would open the file, and Black has only its king's three steps.
#[test]
fn xiangqi_kings_may_not_face_each_other() {
    let p = position("xiangqi.txt", "4k4/9/9/9/4h4/9/9/9/9/4K4 b - - 0 1");
    assert_eq!(moves(&p), sorted(&["e10d10", "e10e9", "e10f10"]));
}

/// The Janggi elephant `mafsmafW` from e5: a W step, then two F steps turned outward, each
/// onto an empty square: b3 b7 c2 c8 g2 g8 h3 h7. A soldier of its own on e6 takes c8 and g8
/// (their first step).
#[test]
fn the_janggi_elephant_is_blocked_on_its_way() {
    let p = position("janggi.txt", "9/4k4/9/9/4P4/4E4/9/9/4K4/9 w - - 0 1");
    let from_e5: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("e5"))
        .collect();
    assert_eq!(
        from_e5,
        sorted(&["e5b3", "e5b7", "e5c2", "e5g2", "e5h3", "e5h7"])
    );
}
