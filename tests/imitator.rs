//! The imitator `I` (issue 25), as the Interactive Diagram's script plays it: it moves as the
//! type that moved last (by either side; not an imitator), from its own square, as its own
//! side would (`f`) and turned round as the other would (`b`; both for a bare `I`), its quiet
//! moves (`m`), its captures (`c`) or both; none before the first move. Destinations worked
//! out by hand; the script's own perft figures are the `imitator` and `imitator2` blocks of
//! tests/diagram/vectors.txt.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves, moves_from, play, sorted, to};
use fairylab::definition::{self, Severity};
use fairylab::{bundled, fen, position::Position};

/// An imitator `X` of the Betza under test, a pawn, a knight and a rook, kings.
fn text(betza: &str) -> String {
    format!(
        "files=8 ranks=8 promoZone=0 symmetry=none\nimitator:X:{betza}:imitator:d4\n\
         pawn:P:fmWfcF:pawn:h2,,a7\nknight:N:N:knight:b1,,g8\nrook:R:R:rook:a2\n\
         king:K:K:king:e1,,h8"
    )
}

fn position(betza: &str, fen: &str) -> Position {
    let v = bundled::compile("imitator", &text(betza)).unwrap();
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Black stones (pawns) on c5 and e3 around the imitator on d4.
const BOARD: &str = "7k/8/8/2p5/3X4/4p3/8/4K3 w - - 0 1";

#[test]
fn the_imitator_loads_without_a_warning() {
    let (spec, said) = definition::check(&text("I"));
    assert!(spec.is_some(), "{said:?}");
    assert!(
        said.iter().all(|d| d.severity != Severity::Warning),
        "{said:?}"
    );
}

/// Before any piece has moved, the imitator has no move; the start's FEN says nothing.
#[test]
fn before_the_first_move_it_stands() {
    let p = position("I", BOARD);
    assert!(moves_from(&p, "d4").is_empty());
}

/// After a knight's move it leaps as a knight (b3 b5 c2 c6 e2 e6 f3 f5), after a pawn's it
/// moves as a pawn both ways round: d5 and d3, taking on c5 and e3; `fI` only forward (d5,
/// c5), `mI` only the quiet moves (d5, d3), `cI` only the captures (c5, e3).
#[test]
fn it_moves_as_the_type_moved_last() {
    let knight = position("I", &BOARD.replace(" 0 1", " 0 1 imitate:N"));
    assert_eq!(
        moves_from(&knight, "d4"),
        to("d4", &["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
    let cases: [(&str, &[&str]); 4] = [
        ("I", &["d5", "d3", "c5", "e3"]),
        ("fI", &["d5", "c5"]),
        ("mI", &["d5", "d3"]),
        ("cI", &["c5", "e3"]),
    ];
    for (betza, squares) in cases {
        let p = position(betza, &BOARD.replace(" 0 1", " 0 1 imitate:P"));
        assert_eq!(moves_from(&p, "d4"), to("d4", squares), "{betza}");
    }
}

/// The type is the last piece's moved by either side, and an imitator's own move leaves it
/// as it was; it is part of the FEN (`imitate:`), and of the hash (play() checks both).
#[test]
fn the_type_follows_the_moves() {
    let mut p = position("I", BOARD);
    let v = p.variant().clone();
    p = fen::from_fen(&v, &play(&mut p, "e1d1")).unwrap();
    assert_eq!(fen::to_fen(&p).split(' ').next_back(), Some("imitate:K"));
    p = fen::from_fen(&v, &play(&mut p, "c5c4")).unwrap();
    assert_eq!(fen::to_fen(&p).split(' ').next_back(), Some("imitate:P"));
    // The black pawn moved last: White's imitator moves as a pawn, forward to d5, turned
    // round to d3 and taking on e3 (c3 and c5, e5 are empty).
    assert_eq!(moves_from(&p, "d4"), to("d4", &["d3", "d5", "e3"]));
    p = fen::from_fen(&v, &play(&mut p, "d4d5")).unwrap();
    assert_eq!(fen::to_fen(&p).split(' ').next_back(), Some("imitate:P"));
}

/// An enemy imitator threatens what the piece about to move would: after a rook's move
/// Black's imitator on e8 moves as a rook, so White, king on e1 and rook on a2, may move the
/// rook only onto the e-file between them (e2); the king's five steps are safe (an imitator
/// moving as a king is far away).
#[test]
fn an_enemy_imitator_threatens_as_the_piece_that_moves() {
    let p = position("I", "4x2k/8/8/8/8/8/R7/4K3 w - - 0 1 imitate:N");
    assert_eq!(
        moves(&p),
        sorted(&["a2e2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])
    );
}
