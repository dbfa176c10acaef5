//! The Diagram's capture rules, worked by hand (`iron`, `protected`, `counterStrike`: Chu
//! Shogi's Lion-trading rules as the Interactive Diagram generalises them).

use fairylab::bundled;
use fairylab::fen;
use fairylab::notation;
use fairylab::position::Position;
use fairylab::variant::Variant;
use std::sync::Arc;

const TEXT: &str = "files=8 ranks=8 promoZone=0 protected=2 counterStrike=2 iron=3\n\
                    pawn:P:fW:pawn:\nlion:L:KNAD:lion:\nwall:W:W:wall:\nking:K:K:king:e1,,e8\n";

fn variant() -> Arc<Variant> {
    bundled::compile("trade", TEXT).unwrap()
}

fn legal(pos: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = pos.variant();
    moves
        .iter()
        .map(|&m| notation::to_coordinate(v, m))
        .collect()
}

fn has(pos: &Position, m: &str) -> bool {
    legal(pos).iter().any(|t| t == m)
}

/// An iron piece is never taken, though it is attacked.
#[test]
fn iron_pieces_are_never_taken() {
    let v = variant();
    let pos = fen::from_fen(&v, "7k/8/8/3w4/3L4/8/8/7K w - - 0 1").unwrap();
    let d5 = v.geometry.parse_square("d5").unwrap();
    assert!(pos.is_attacked(d5, fairylab::piece::WHITE));
    assert!(!has(&pos, "d4d5"));
    assert!(has(&pos, "d4d3"));
}

/// A lion may not take a lion that is protected (the pawn on d7 would take back); an
/// unprotected one it may, and a pawn may take a protected lion.
#[test]
fn a_protected_lion_is_not_taken_by_a_lion() {
    let v = variant();
    let pos = fen::from_fen(&v, "7k/3p4/3l4/8/3L4/8/8/7K w - - 0 1").unwrap();
    assert!(!has(&pos, "d4d6"));
    let pos = fen::from_fen(&v, "7k/8/3l4/8/3L4/8/8/7K w - - 0 1").unwrap();
    assert!(has(&pos, "d4d6"));
    let pos = fen::from_fen(&v, "7k/3p4/3l4/3P4/8/8/8/7K w - - 0 1").unwrap();
    assert!(has(&pos, "d5d6"));
}

/// A pawn takes a lion: on the next move no lion may be taken (but the pawn that took may);
/// the ban is in the FEN and the hash, and lasts one move.
#[test]
fn a_lion_taken_by_another_piece_may_not_be_traded_back_at_once() {
    let v = variant();
    let mut pos = fen::from_fen(&v, "7k/8/3l4/3P4/1L6/8/1l6/7K w - - 0 1").unwrap();
    assert!(has(&pos, "d5d6"));
    let m = notation::parse_move(&pos, "d5d6").unwrap();
    let before = pos.clone();
    let u = pos.make(m);
    assert_eq!(
        fen::to_fen(&pos),
        "7k/8/3P4/8/1L6/8/1l6/7K b - - 0 1 strike:Ld6"
    );
    assert_eq!(pos.hash(), pos.compute_hash());
    assert!(!has(&pos, "b2b4"), "the white lion may not be taken now");
    let again = fen::from_fen(&v, &fen::to_fen(&pos)).unwrap();
    assert!(again == pos, "the ban reads back");
    pos.unmake(&u);
    assert!(pos == before);
    pos.make(m);
    pos.make(notation::parse_move(&pos, "h8g8").unwrap());
    pos.make(notation::parse_move(&pos, "h1g1").unwrap());
    assert!(has(&pos, "b2b4"), "a move later it may");
}
