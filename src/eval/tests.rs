//! The evaluator's tests: values from mobility, and each term on hand-made positions.

use super::*;
use crate::bundled;

/// The mobility of a piece `X` moving as `betza`, the first type (so every definition
/// samples the same random boards).
fn mobility(betza: &str) -> f64 {
    let text = format!("files=8 ranks=8\npiece:X:{betza}:piece:b1\nking:K:K:king:e1");
    let v = bundled::compile("eval", &text).unwrap();
    Evaluator::new(&v).mobility[0]
}

/// Material counts the pieces at their values, from the side to move's view, and is what the full evaluation adds its positional terms to.
#[test]
fn material_is_the_pieces_at_their_values() {
    let v = bundled::load("chess").unwrap();
    let e = Evaluator::new(&v);
    let start = Position::start(&v);
    assert_eq!(e.material(&start), 0);
    // White without its queen's knight, Black to move: a knight up for Black.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1";
    let pos = crate::fen::from_fen(&v, fen).unwrap();
    let knight = v.types.iter().position(|t| t.id == 'N').unwrap();
    assert_eq!(e.material(&pos), e.values[knight]);
    assert!((e.evaluate(&pos) - e.material(&pos)).abs() < 200);
}

/// A knight that may also take a friend (`dN`, a walk) gains nothing by it, and its
/// walk's destinations are its leaps' own squares: counted once, its mobility is the
/// knight's.
#[test]
fn a_walk_to_the_squares_of_a_leap_adds_nothing() {
    assert_eq!(mobility("NdN"), mobility("N"));
}

/// Walks count: a cannon (`mRcpR`: its captures are hops) reaches more than its quiet
/// rook moves, and a grasshopper (`gQ`, hops only) is more than nothing.
#[test]
fn hops_count_as_moves() {
    assert!(mobility("mRcpR") > mobility("mR") + 0.5);
    assert!(mobility("gQ") > 1.0);
}
