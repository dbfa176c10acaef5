//! Kings that may not face each other, as real texts write them: the Eurasian Chess applet
//! of J.-L. Cazaux's book (hgm.nubati.net/transfer/cazaux.zip) gives its king `fkRfkBK`, a
//! forward rook and bishop move that takes only a royal piece. Its attacks count for check,
//! so a king may not step onto an open file or diagonal that the enemy king stands on.
//! Destinations worked out by hand; the Diagram's own script gives the same moves and perft
//! figures for this text (tests/diagram/defs/facing.txt, blocks `facing-*` of
//! tests/diagram/vectors.txt). The text is a hand-written reduction to a chess army.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, to};
use fairylab::{bundled, fen, position::Position};

const TEXT: &str = "files=8 ranks=8 promoZone=1 promoChoice=QRBN symmetry=mirror\n\
                    pawn::fmWfcF::a2-h2\nrook::::a1,h1\nbishop::::c1,f1\nking::fkRfkBK::e1";

fn position(fen: &str) -> Position {
    let v = bundled::compile("facing", TEXT).unwrap();
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn a_king_may_not_step_onto_the_enemy_kings_open_file() {
    // d1: c1, c2 and d2; e1 and e2 stand on the open e-file of the king on e8.
    let p = position("4k3/8/8/8/8/8/8/3K4 w - - 0 1");
    assert_eq!(moves_from(&p, "d1"), to("d1", &["c1", "c2", "d2"]));
}

#[test]
fn a_piece_between_lets_the_kings_share_the_file() {
    // The rook on e4 closes the e-file: e1 and e2 are open to the king on d1 again.
    let p = position("4k3/8/8/8/4R3/8/8/3K4 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d1"),
        to("d1", &["c1", "c2", "d2", "e1", "e2"])
    );
}

#[test]
fn a_king_may_not_step_onto_the_enemy_kings_open_diagonal() {
    // b4: a4 and b5 lie on the diagonal a4-b5-c6-d7 that ends on e8; the other six are free.
    let p = position("4k3/8/8/8/1K6/8/8/8 w - - 0 1");
    assert_eq!(
        moves_from(&p, "b4"),
        to("b4", &["a3", "a5", "b3", "c3", "c4", "c5"])
    );
}
