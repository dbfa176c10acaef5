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
