//! The stages of reading a FEN, and the field each error is found in (columns counted by
//! hand: the chess start's board field is 43 characters, so `w` is column 45, the castling
//! field starts at 47, en passant at 52, the clocks at 54 and 56).

use super::*;
use crate::bundled;
use crate::geometry::Geometry;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CRAZYHOUSE: &str = include_str!("../../tests/perft/fsf/defs/crazyhouse.txt");

fn legal_error(variant: &Arc<Variant>, fen: &str) -> (FenErrorKind, usize) {
    let e = from_fen_legal(variant, fen).unwrap_err();
    (e.kind, e.column)
}

fn error(variant: &Arc<Variant>, fen: &str) -> (FenErrorKind, usize) {
    let e = from_fen(variant, fen).unwrap_err();
    (e.kind, e.column)
}

/// A position where the side not to move is in check is refused (by `from_fen_legal`) at the
/// side-to-move field, naming the royal piece attacked; the same board with the checked side
/// to move reads.
#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    let v = bundled::load("chess").unwrap();
    // Black's king on e8 is attacked by the queen on e7; White to move could take it. The
    // board field is 21 characters: `w` is column 23.
    let fen = "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1";
    let e = from_fen_legal(&v, fen).unwrap_err();
    assert_eq!((e.kind, e.column), (FenErrorKind::Side, 23));
    assert!(e.message.contains("Black's king on e8"), "{}", e.message);
    assert!(
        from_fen_legal(&v, &fen.replace(" w ", " b "))
            .unwrap()
            .in_check()
    );
    // `from_fen` reads it, for a test that wants such a position (a king capture).
    assert!(from_fen(&v, fen).is_ok());
    // Without the side field White is to move: the error stands just past the board.
    let e = from_fen_legal(&v, "4k3/4Q3/8/8/8/8/8/4K3").unwrap_err();
    assert_eq!((e.kind, e.column), (FenErrorKind::Side, 22));
    // With two royal men a side (extinction: a side loses with its last), one of them
    // attacked is no check: the queen on a1 may take the man on d4.
    let text = "files=4 ranks=4\nqueen:Q:Q:queen:a1\nman:M:K::b1,d1";
    let v = bundled::compile("two-royals", text).unwrap();
    assert!(from_fen_legal(&v, "1m1m/4/4/QM1M w - - 0 1").is_ok());
    // A start array where the kings stand in check from the rooks (the definition's doing)
    // reads back; the same check with White's rook off its start square does not (the
    // board field is 11 characters: `w` is column 13).
    let text = "files=4 ranks=4 symmetry=none\nrook:R:R:rook:d1,,a4\nking:K:K:king:a1,,d4";
    let v = bundled::compile("checked-start", text).unwrap();
    let start = to_fen(&Position::start(&v));
    assert!(start.starts_with("r2k/4/4/K2R w "), "{start}");
    assert!(from_fen_legal(&v, &start).is_ok());
    let moved = start.replace("r2k/4/4/K2R", "r2k/4/3R/K3");
    assert_eq!(legal_error(&v, &moved), (FenErrorKind::Side, 13));
}

#[test]
fn each_error_names_its_field_and_column() {
    let v = bundled::load("chess").unwrap();
    let with = |from: &str, to: &str| START.replacen(from, to, 1);
    assert_eq!(error(&v, ""), (FenErrorKind::Empty, 1));
    assert_eq!(
        error(&v, &with("RNBQKBNR w", "RNBQKBNX w")),
        (FenErrorKind::Board, 43)
    );
    assert_eq!(error(&v, &with(" w ", " x ")), (FenErrorKind::Side, 45));
    assert_eq!(
        error(&v, &with("KQkq", "KQkx")),
        (FenErrorKind::Castling, 50)
    );
    // e4 is empty, but the first piece beyond it in Black's direction is White's e2 pawn.
    assert_eq!(
        error(&v, &with(" - 0", " e4 0")),
        (FenErrorKind::EnPassant, 52)
    );
    assert_eq!(
        error(&v, &with(" 0 1", " 0 one")),
        (FenErrorKind::Clock, 56)
    );
    assert_eq!(
        error(&v, &format!("{START} pace:1")),
        (FenErrorKind::Extension, 58)
    );
    let zh = crate::bundled::compile("crazyhouse", CRAZYHOUSE).unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pk] w KQkq - 0 1";
    // The hands start at column 45, after the 43 characters of the board and its '[': the
    // king is at 46.
    assert_eq!(error(&zh, fen), (FenErrorKind::Hands, 46));
    let e = from_fen(&zh, fen).unwrap_err();
    assert_eq!(
        e.to_string(),
        "FEN column 46: 'k' is royal: a royal piece is never in hand in this variant"
    );
}

/// After 1.e4 the setup holds what the FEN says, read against its board: Black to move, the
/// pawn that passed e3 found on e4, every piece on its start square unmoved (the castling
/// field gives the kings and rooks their rights), the e4 pawn moved; the hands empty.
#[test]
fn a_fen_reads_into_a_setup_then_a_position() {
    let v = bundled::load("chess").unwrap();
    let g = Geometry::new(8, 8);
    let sq = |name: &str| g.parse_square(name).unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let setup = read_setup(&v, fen).unwrap();
    assert_eq!(setup.side, BLACK);
    assert_eq!(setup.pieces.len(), 32);
    assert_eq!(setup.capturable.as_slice(), &[(sq("e3"), sq("e4"))]);
    assert!(
        ["e1", "a1", "h1", "e8", "d2", "g7"]
            .iter()
            .all(|s| setup.unmoved.contains(sq(s)))
    );
    assert!(!setup.unmoved.contains(sq("e4")));
    assert!(setup.hands.is_empty());
    assert_eq!(to_fen(&Position::from_setup(&v, &setup)), fen);
    // Without rights, the king and rooks count as moved; the knights still unmoved.
    let setup = read_setup(&v, &fen.replace("KQkq", "Kq")).unwrap();
    assert!(setup.unmoved.contains(sq("h1")) && !setup.unmoved.contains(sq("a1")));
    assert!(setup.unmoved.contains(sq("a8")) && !setup.unmoved.contains(sq("h8")));
    assert!(setup.unmoved.contains(sq("b1")));
}
