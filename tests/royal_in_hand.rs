//! A royal piece in hand (issue 25: two real texts start with one there, the Diagram's
//! documentation demo without `royal=8` and the Piece Lab page's `King::100`). The Diagram's
//! page lets a person drop it like any other piece; its AI counts only the royal pieces on the
//! board (`CountRoyals`) and refuses a move after which the reply takes one. So a side whose
//! royal pieces are all in hand is not in check, and a royal piece is not dropped where it
//! can be taken (Fairy-Stockfish's Placement Chess, whose kings start in hand, plays the
//! same). With `extinction` and several royal pieces, one may be taken, and it goes to the
//! taker's hand as the script's `Hold` sends any piece. Destinations worked out by hand; the
//! script's own perft figures are the `royal-hand` and `royal-spare` blocks of
//! tests/diagram/vectors.txt.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves, play, sorted};
use fairylab::definition::{self, Severity};
use fairylab::{bundled, fen, position::Position};

/// The drops among `moves`.
fn drops(p: &Position) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.contains('@')).collect()
}

/// A rook on a1 (Black's on a5) and a king in each hand, on 5x5.
const TEXT: &str = "files=5 ranks=5 maxPromote=0\nrook:R:R:rook:a1\nking:K:K:king::1";

#[test]
fn a_royal_piece_starting_in_hand_loads_without_a_warning() {
    let (spec, said) = definition::check(TEXT);
    assert!(spec.is_some(), "{said:?}");
    let warnings: Vec<_> = (said.iter())
        .filter(|d| d.severity == Severity::Warning)
        .collect();
    assert!(warnings.is_empty(), "{warnings:?}");
}

/// White has no king on the board: not in check, its rook moves freely (a2 a3 a4, takes on a5,
/// b1 to e1), and its king drops on every empty square but those Black's rook on a5 attacks
/// (a2 a3 a4 on its file, b5 to e5 on its rank): 8 + 16 moves, as the script counts (24).
#[test]
fn a_royal_piece_in_hand_is_dropped_where_it_is_not_attacked() {
    let v = bundled::compile("royal-hand", TEXT).unwrap();
    let mut p = Position::start(&v);
    assert!(!p.in_check());
    let mut want: Vec<String> = ["a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"]
        .iter()
        .map(|s| format!("a1{s}"))
        .collect();
    for rank in 1..=4 {
        for file in ['b', 'c', 'd', 'e'] {
            want.push(format!("K@{file}{rank}"));
        }
    }
    want.sort();
    assert_eq!(moves(&p), want);
    // After K@c3 Black's king may go on none of the squares White's rook (b1 to e1, a2 to a4)
    // or king (b2 to d4 around c3) attacks: e2 e3 e4, b5 c5 d5 e5.
    let after = play(&mut p, "K@c3");
    assert!(after.starts_with("r4/5/2K2/5/R4[k] b"), "{after}");
    p = fen::from_fen(&v, &after).unwrap();
    assert_eq!(
        drops(&p),
        sorted(&["K@e2", "K@e3", "K@e4", "K@b5", "K@c5", "K@d5", "K@e5"])
    );
    // Once on the board it is royal: White's rook to e1 checks Black's king on e5, which
    // has one answer: e5d5 (e4 stays on the file, d4 is next to White's king, and Black's rook
    // on a5 can neither take on e1 nor come between).
    p = fen::from_fen(&v, &play(&mut p, "K@e5")).unwrap();
    p = fen::from_fen(&v, &play(&mut p, "a1e1")).unwrap();
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted(&["e5d5"]));
}

/// With `extinction` (the default) a side with two royal pieces on the board may leave one
/// attacked, and one taken goes to the taker's hand, as the script's `Hold` sends it; with a
/// single one left, it is guarded again. White: kings c3 and e1, rook a1; Black: rook c5,
/// king e5; captures to the capturer's hand.
#[test]
fn a_royal_piece_taken_goes_to_the_takers_hand() {
    let text = "files=5 ranks=5 maxPromote=0 holdingsType=-1\nrook:R:R:rook:a1\n\
                king:K:K:king:e1:1";
    let v = bundled::compile("royal-spare", text).unwrap();
    let mut p = fen::from_fen(&v, "2r1k/5/2K2/5/R3K w - - 0 1").unwrap();
    // The king on c3 stands attacked by the rook on c5, and White need not answer it.
    assert!(!p.in_check());
    assert!(moves(&p).contains(&"a1a2".to_string()));
    p = fen::from_fen(&v, &play(&mut p, "a1a2")).unwrap();
    let after = play(&mut p, "c5c3");
    assert!(after.starts_with("4k/5/2r2/R4/4K[k] w"), "{after}");
    p = fen::from_fen(&v, &after).unwrap();
    // One king left: the rook on c3 attacks d3 and c2, c1 (e1's neighbours d1 d2 e2 are
    // free), and White may not leave its king attacked.
    let king: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("e1"))
        .collect();
    assert_eq!(king, sorted(&["e1d1", "e1d2", "e1e2"]));
    // Black drops its second king anywhere: with two on the board again, either may stand
    // attacked (the script: taking one of two is no win), so all 21 empty squares after
    // e1d1, those White attacks (a1 a3 a4 a5, b2 c2 d2 e2, c1 e1) too.
    p = fen::from_fen(&v, &play(&mut p, "e1d1")).unwrap();
    let dropped = drops(&p);
    assert_eq!(dropped.len(), 21, "{dropped:?}");
    assert!(dropped.contains(&"K@a1".to_string()) && dropped.contains(&"K@e2".to_string()));
}
