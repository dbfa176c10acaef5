//! Move lists read as the Diagram writes them; every destination worked out by hand.

use super::*;
use crate::{bundled, fen, notation};

fn chess() -> Position {
    Position::start(&bundled::load("chess").unwrap())
}

/// The moves in coordinate form.
fn coords(list: &MoveList, start: &Position) -> Vec<String> {
    let v = start.variant();
    list.moves
        .iter()
        .map(|&m| notation::to_coordinate(v, m))
        .collect()
}

#[test]
fn the_diagrams_notation_with_numbers_captures_and_castling() {
    let start = chess();
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bg4 6.h3 Bxf3 7. Qxf3";
    let list = read(text, &start);
    assert_eq!(list.error, None);
    // Pawns e2-e4, e7-e5; knights g1-f3, b8-c6; the bishop f1-b5 and its capture on c6
    // taken back by the d-pawn; the king's castling two squares to g1; Black's bishop
    // c8-g4, takes on f3, the queen d1 takes back.
    assert_eq!(
        coords(&list, &start),
        [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "c8g4", "h2h3",
            "g4f3", "d1f3"
        ]
    );
    assert_eq!(list.texts[8], "O-O");
    assert_eq!(list.comments, vec![None; 14]);
}

#[test]
fn comments_follow_their_move_and_one_before_the_first_is_the_starts() {
    let start = chess();
    let text = "{A short game} 1. e4 {best by test} e5 {symmetry} {again} 2. Qh5";
    let list = read(text, &start);
    assert_eq!(list.error, None);
    assert_eq!(coords(&list, &start), ["e2e4", "e7e5", "d1h5"]);
    assert_eq!(
        list.comments,
        [
            Some("A short game".to_string()),
            Some("best by test".to_string()),
            Some("symmetry again".to_string()),
            None
        ]
    );
}

#[test]
fn coordinate_and_game_courier_moves_read_too() {
    let start = chess();
    let list = read("1. e2e4 e7-e5 2. N g1-f3 n b8-c6 *  3. d4", &start);
    assert_eq!(list.error, None, "the result token ends the game");
    assert_eq!(coords(&list, &start), ["e2e4", "e7e5", "g1f3", "b8c6"]);
}

/// After 1. Nf3 Nf6 2. d3 d6 both White knights (b1, f3) reach d2: `Nd2` is ambiguous and
/// says so; `Nbd2` and `Nfd2` are each one move, and an origin in full reads too.
#[test]
fn the_origin_tells_two_pieces_apart() {
    let start = chess();
    let opening = "1. Nf3 Nf6 2. d3 d6 3.";
    let read_third = |m: &str| {
        let list = read(&format!("{opening} {m}"), &start);
        (coords(&list, &start).get(4).cloned(), list.error)
    };
    assert_eq!(read_third("Nbd2"), (Some("b1d2".into()), None));
    assert_eq!(read_third("Nfd2"), (Some("f3d2".into()), None));
    assert_eq!(read_third("Nf3-d2"), (Some("f3d2".into()), None));
    let (none, error) = read_third("Nd2");
    assert_eq!(none, None);
    let (at, why) = error.unwrap();
    assert_eq!(at, opening.len() + 1);
    assert_eq!(
        why,
        "move 3 (Nd2): 'Nd2' could be any of b1d2, f3d2; write more of the move"
    );
}

/// A move that cannot be played stops the reading there, the moves before it kept, with the
/// move's number, its byte offset in the text and why.
#[test]
fn a_move_that_fails_stops_the_game_there() {
    let start = chess();
    let text = "1. e4 e5 2. Nf3 Nc6 3. Ke3 Ke6 4. d4";
    let list = read(text, &start);
    assert_eq!(coords(&list, &start), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(list.comments.len(), 5);
    let (at, why) = list.error.unwrap();
    assert_eq!(&text[at..at + 3], "Ke3");
    assert_eq!(why, "move 3 (Ke3): no king (K) can go to e3");
    let why = |t: &str| read(t, &start).error.unwrap().1;
    assert_eq!(
        why("1. e4 e5 2. Zf3"),
        "move 2 (Zf3): 'Z' is not a piece of this variant"
    );
    assert_eq!(
        why("1. e4 e9"),
        "move 1... (e9): 'e9' is not a square of this board"
    );
    let unclosed = read("1. e4 {to the end", &start);
    assert_eq!(unclosed.error, None);
    assert_eq!(unclosed.comments[1].as_deref(), Some("to the end"));
}

/// A pawn on a7 must promote on a8: `a8=Q` is one move, `a8` alone one of four.
#[test]
fn a_promotion_is_written_after_an_equals_sign() {
    let v = bundled::load("chess").unwrap();
    let start = fen::from_fen(&v, "8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let list = read("1. a8=Q+ Kg6", &start);
    assert_eq!(list.error, None);
    assert_eq!(coords(&list, &start), ["a7a8q", "h7g6"]);
    let (_, why) = read("1. a8", &start).error.unwrap();
    assert_eq!(
        why,
        "move 1 (a8): 'a8' could be any of a7a8b, a7a8n, a7a8q, a7a8r; write more of the move"
    );
}

/// A lion (`KcaK`) on d4 and Black's on d5: `Lxd5-e6` takes on d5 and steps on to e6,
/// `Lxd5` takes and stops there, `Ld4xd5-c6` (the origin written) steps on to c6.
#[test]
fn a_victim_on_the_way_is_named_after_an_x() {
    let text = "files=8 ranks=8\nlion:L:KcaK:lion:d1\nking:K:K:king:e1";
    let v = bundled::compile("lion", text).unwrap();
    let start = fen::from_fen(&v, "4k3/8/8/3l4/3L4/8/8/4K3 w - - 0 1").unwrap();
    for (written, coordinate) in [
        ("Lxd5-e6", "d4d5e6"),
        ("Lxd5", "d4d5"),
        ("Ld4xd5-c6", "d4d5c6"),
    ] {
        let list = read(written, &start);
        assert_eq!(list.error, None, "{written}");
        assert_eq!(coords(&list, &start), [coordinate], "{written}");
    }
}
