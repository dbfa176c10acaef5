//! Minimal reproducers of bugs the fuzzers and property tests found, kept as plain tests.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::betza;

/// `X` added 3 to an i8 coordinate without a bound: 43 of them overflowed (a panic in debug
/// builds) before the "too long" check ran.
#[test]
fn betza_many_extensions_is_an_error_not_an_overflow() {
    let text = format!("W{}", "X".repeat(43));
    let e = betza::parse(&text).unwrap_err();
    assert_eq!(e.offset, 5, "{e}");
    assert!(e.message.contains("too long"), "{e}");
    let text = format!("F{}", "Y".repeat(70));
    assert!(betza::parse(&text).is_err());
}

/// A run of digits in a FEN rank was accumulated in a usize without a bound: twenty 9s
/// overflowed (a panic in debug builds).
#[test]
fn fen_long_digit_run_is_an_error_not_an_overflow() {
    let v = fairylab::bundled::load("chess").unwrap();
    let fen = "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e = fairylab::fen::from_fen(&v, fen).unwrap_err();
    assert_eq!(e.column, 19, "{e}");
    assert!(e.message.contains("longer than 8 files"), "{e}");
}

/// `conversion=` on a type with more than two pieces a side: the first move of one of them
/// turned all the others into the must-convert type, recording more squares than `Undo`
/// holds (index out of bounds). The rule is for a pair, so such a definition is an error.
#[test]
fn conversion_on_more_than_two_pieces_is_an_error() {
    let text = fairylab::bundled::text("symmetric-chess")
        .unwrap()
        .replace("conversion=B:sfW", "conversion=P:sfW");
    let e = fairylab::definition::load(&text).unwrap_err();
    let line = text
        .lines()
        .position(|l| l.starts_with("conversion="))
        .unwrap()
        + 1;
    assert_eq!(e.0[0].pos.line as usize, line, "{e}");
    assert_eq!(e.0[0].pos.col, 12, "{e}");
    assert!(e.0[0].message.contains("at most two"), "{e}");
}

/// Position used square 255 as "no royal piece", but on a 16x16 board 255 is p16: a king
/// there was invisible (never in check, free to stay on an attacked line).
#[test]
fn royal_piece_on_square_255_of_a_16x16_board_is_seen() {
    let text = "files=16 ranks=16\nrook:R:R:rook:b1,,c16\nking:K:K:king:p16,,a16";
    let v = fairylab::bundled::compile("big", text).unwrap();
    let fen = "15K/16/16/16/16/16/16/16/16/16/16/16/16/16/16/k14r w - - 0 1";
    let p = fairylab::fen::from_fen(&v, fen).unwrap();
    assert_eq!(p.royal_square(0), Some(255));
    assert!(p.in_check());
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut text: Vec<String> = moves
        .iter()
        .map(|&m| fairylab::notation::to_coordinate(&v, m))
        .collect();
    text.sort();
    assert_eq!(text, ["p16o15", "p16o16"]);
}
