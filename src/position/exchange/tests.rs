use crate::position::Position;
use crate::{bundled, fen, uci};

/// Centipawns by type name, for the tests (the king 0, as the evaluator counts it).
fn value_of(pos: &Position) -> impl Fn(crate::piece::PieceType) -> i32 + '_ {
    move |t| match pos.variant().types[t].name.as_str() {
        "pawn" => 100,
        "knight" | "bishop" => 300,
        "grasshopper" => 200,
        "rook" => 500,
        "archbishop" => 700,
        "chancellor" => 800,
        "queen" => 900,
        _ => 0,
    }
}

/// The exchange value of `text` (a UCI move) in the position `fen`.
fn see(v: &std::sync::Arc<crate::variant::Variant>, fen: &str, text: &str) -> Option<i32> {
    let pos = fen::from_fen(v, fen).unwrap();
    let m = uci::parse_uci(&pos, text).unwrap();
    pos.see(m, value_of(&pos))
}

/// Chess exchanges worked out by hand.
#[test]
fn chess_exchanges() {
    let v = bundled::load("chess").unwrap();
    // A rook takes a pawn a pawn guards: 100 - 500.
    assert_eq!(
        see(&v, "4k3/8/3p4/4p3/8/8/8/K3R3 w - - 0 1", "e1e5"),
        Some(-400)
    );
    // The rook behind joins in once the first has gone (x-ray): 100 - 500 + 100.
    assert_eq!(
        see(&v, "4k3/8/3p4/4p3/8/8/4R3/K3R3 w - - 0 1", "e2e5"),
        Some(-300)
    );
    // An unguarded pawn: its value.
    assert_eq!(
        see(&v, "4k3/8/8/4p3/8/8/8/K3R3 w - - 0 1", "e1e5"),
        Some(100)
    );
    // A queen guarded by a rook: 900 - 500; with a knight guarding d5 as well Black does not
    // take back, and White wins the queen.
    assert_eq!(
        see(&v, "3rk3/8/8/3q4/8/8/8/K2R4 w - - 0 1", "d1d5"),
        Some(400)
    );
    assert_eq!(
        see(&v, "3rk3/8/8/3q4/8/4N3/8/K2R4 w - - 0 1", "d1d5"),
        Some(900)
    );
    // Black takes back with the pawn, not the queen: the knight for a pawn, 100 - 300
    // (Qxd5 Qxd5 after exd5 only loses more).
    assert_eq!(
        see(&v, "3qk3/8/4p3/3p4/8/2N5/8/K2Q4 w - - 0 1", "c3d5"),
        Some(-200)
    );
    // The king takes back an unguarded rook, but not one the bishop guards.
    assert_eq!(
        see(&v, "4k3/3p4/8/8/8/8/8/K2R4 w - - 0 1", "d1d7"),
        Some(-400)
    );
    assert_eq!(
        see(&v, "4k3/3p4/8/1B6/8/8/8/K2R4 w - - 0 1", "d1d7"),
        Some(100)
    );
    // A promotion counts the queen it becomes: 500 + 900 - 100.
    assert_eq!(
        see(&v, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8q"),
        Some(1300)
    );
    // Too exotic: en passant.
    assert_eq!(see(&v, "4k3/8/8/3pP3/8/8/8/K7 w - d6 0 1", "e5d6"), None);
}

/// Fairy pieces: a grasshopper takes back over its screen, and a grasshopper whose screen
/// leaves can no longer take; a chancellor's knight leap guards.
#[test]
fn fairy_exchanges() {
    let text = include_str!("../../../tests/perft/fsf/defs/grasshopper.txt");
    let v = bundled::compile("grasshopper", text).unwrap();
    let fen = "7k/3g4/3p4/3n4/3R4/3G4/8/K7 w - - 0 1";
    // Rxd5 gx d5 (over d6); White's grasshopper has lost its screen d4: 300 - 500.
    assert_eq!(see(&v, fen, "d4d5"), Some(-200));
    // Gxd5 (over d4): Black does not take back (the rook would): the knight, 300.
    assert_eq!(see(&v, fen, "d3d5"), Some(300));

    let text = include_str!("../../../tests/perft/fsf/defs/capablanca.txt");
    let v = bundled::compile("capablanca", text).unwrap();
    // The chancellor on e4 guards d6 by its knight leap: 100 - 500.
    assert_eq!(
        see(&v, "5k4/10/3p6/10/4c5/10/10/K2R6 w - - 0 1", "d1d6"),
        Some(-400)
    );
}
