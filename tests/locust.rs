//! Moves that take several pieces on the way (locust captures: legs before the last that end
//! on an enemy and take it, XBetza `ca`), as the Interactive Diagram's script plays them: each
//! victim's square is kept with the move, in the order taken, and all of them are emptied.
//! Destinations worked out by hand from the notation; a piece `X` of the Betza under test,
//! white and black stones (`S`, `s`: they only step).

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, play, sorted};
use fairylab::betza::MAX_LOCUST;
use fairylab::{bundled, fen, notation, position::Position};

fn position_with(keys: &str, betza: &str, fen: &str) -> Position {
    let text = format!(
        "files=8 ranks=8 promoZone=0 {keys}\npiece:X:{betza}:piece:b1\n\
         stone:S:W:stone:c1,,c8\nking:K:K:king:h1,,a8"
    );
    let v = bundled::compile("locust", &text).unwrap_or_else(|e| panic!("{betza}: {e}"));
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn position(betza: &str, fen: &str) -> Position {
    position_with("", betza, fen)
}

/// `cafcafmW`: a step onto an enemy, straight on onto another, straight on to an empty
/// square; both enemies are taken. North from d4: d5 and d6 taken, d7 reached. East: e4 is an
/// enemy but f4 is empty, and the second leg must take. West: c4 is a friend. South: d3 is
/// empty, and the first leg must take.
#[test]
fn a_double_jumper_takes_both_enemies_in_its_line() {
    let mut p = position("cafcafmW", "k7/8/3s4/3s4/2SXs3/8/8/7K w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), ["d4d5d6d7"]);
    let after = play(&mut p, "d4d5d6d7");
    assert_eq!(after, "k7/3X4/8/8/2S1s3/8/8/7K b - - 0 1");
    // Game Courier names every square the move passes with a piece taken.
    let m = notation::parse_coordinate(&p, "d4d5d6d7").unwrap();
    let gc = notation::to_game_courier(&p, m);
    assert_eq!(gc, "X d4-d5-d6-d7");
    assert_eq!(notation::parse_game_courier(&p, &gc), Ok(m));
    assert_eq!(m.locusts().len(), 2);
}

/// The same piece with a friend behind the first enemy: no move that way, the second leg
/// must take an enemy. With the line's end occupied: none either, the last leg only moves.
#[test]
fn a_double_jumper_needs_two_enemies_and_room_behind_them() {
    let p = position("cafcafmW", "k7/8/3S4/3s4/3X4/8/8/7K w - - 0 1");
    assert!(moves_from(&p, "d4").is_empty());
    let p = position("cafcafmW", "k7/3s4/3s4/3s4/3X4/8/8/7K w - - 0 1");
    assert!(moves_from(&p, "d4").is_empty());
}

/// `cafcafcafmF`: three enemies on a diagonal and an empty square behind them. From b2
/// north-east: c3, d4, e5 taken, f6 reached; no other diagonal has an enemy next to b2.
#[test]
fn three_victims_on_a_diagonal() {
    let mut p = position("cafcafcafmF", "k7/8/8/4s3/3s4/2s5/1X6/7K w - - 0 1");
    assert_eq!(moves_from(&p, "b2"), ["b2c3d4e5f6"]);
    let after = play(&mut p, "b2c3d4e5f6");
    assert_eq!(after, "k7/8/5X2/8/8/8/8/7K b - - 0 1");
}

/// `cafcafcafcafcafcafmF`: six legs that take, then one that moves: six enemies on the long
/// diagonal and the corner behind them empty, the most a move may take on the way
/// (`MAX_LOCUST`; the Interactive Diagram's script has no fixed number). From a1 the only
/// diagonal goes north-east: b2, c3, d4, e5, f6 and g7 taken, in that order, h8 reached.
/// With g7 a friend, or empty, no move: the sixth leg must take an enemy. Four legs that take
/// (`cafcafcafcafmF`) find no move there (their last leg only moves, and f6 is an enemy);
/// with f6 empty, b2 to e5 are taken, f6 reached and g7 left alone.
#[test]
fn six_victims_on_the_long_diagonal() {
    assert_eq!(MAX_LOCUST, 6, "the test's piece takes the most a move may");
    let six = "cafcafcafcafcafcafmF";
    let fen = "k7/6s1/5s2/4s3/3s4/2s5/1s6/X6K w - - 0 1";
    let mut p = position(six, fen);
    assert_eq!(moves_from(&p, "a1"), ["a1b2c3d4e5f6g7h8"]);
    let m = notation::parse_coordinate(&p, "a1b2c3d4e5f6g7h8").unwrap();
    let at = |s: &str| p.variant().geometry.parse_square(s).unwrap();
    let victims: Vec<_> = ["b2", "c3", "d4", "e5", "f6", "g7"].map(at).into();
    assert_eq!(m.locusts(), victims);
    assert_eq!(m.victims().collect::<Vec<_>>(), victims);
    let gc = notation::to_game_courier(&p, m);
    assert_eq!(gc, "X a1-b2-c3-d4-e5-f6-g7-h8");
    assert_eq!(notation::parse_game_courier(&p, &gc), Ok(m));
    let after = play(&mut p, "a1b2c3d4e5f6g7h8");
    assert_eq!(after, "k6X/8/8/8/8/8/8/7K b - - 0 1");
    for fen in [
        "k7/6S1/5s2/4s3/3s4/2s5/1s6/X6K w - - 0 1",
        "k7/8/5s2/4s3/3s4/2s5/1s6/X6K w - - 0 1",
    ] {
        assert!(moves_from(&position(six, fen), "a1").is_empty(), "{fen}");
    }
    let four = "cafcafcafcafmF";
    assert!(moves_from(&position(four, fen), "a1").is_empty());
    let mut p = position(four, "k7/6s1/8/4s3/3s4/2s5/1s6/X6K w - - 0 1");
    assert_eq!(moves_from(&p, "a1"), ["a1b2c3d4e5f6"]);
    let after = play(&mut p, "a1b2c3d4e5f6");
    assert_eq!(after, "k7/6s1/5X2/8/8/8/8/7K b - - 0 1");
}

/// `cafmafcbW`: takes an enemy, steps on, and comes back to take on the victim's square
/// again. The square holds one piece: the move ends there having taken it once (the script
/// empties every square a move takes on, then puts the mover down).
#[test]
fn a_move_back_onto_its_victim_takes_it_once() {
    let mut p = position("cafmafcbW", "k7/8/8/3s4/2SXs3/8/8/7K w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), sorted(&["d4d5d5", "d4e4e4"]));
    let after = play(&mut p, "d4d5d5");
    assert_eq!(after, "k7/8/8/3X4/2S1s3/8/8/7K b - - 0 1");
}

/// With captured pieces going to the capturer's hand (`holdingsType=-2`), each victim goes
/// there once: two for the double jump, one for the move back onto its victim.
#[test]
fn each_victim_goes_to_the_hand_once() {
    let fen = "k7/8/3s4/3s4/2SX4/8/8/7K[] w - - 0 1";
    let mut p = position_with("holdingsType=-2", "cafcafmW", fen);
    let after = play(&mut p, "d4d5d6d7");
    assert!(after.contains("[SS]"), "{after}");
    let fen = "k7/8/8/3s4/2SX4/8/8/7K[] w - - 0 1";
    let mut p = position_with("holdingsType=-2", "cafmafcbW", fen);
    let after = play(&mut p, "d4d5d5");
    assert!(after.contains("[S]"), "{after}");
}

/// The coordinate reader says which victims a move text named when no move takes them.
#[test]
fn a_text_naming_victims_no_move_takes_is_refused_with_them() {
    let p = position("cafcafmW", "k7/8/3s4/3s4/3X4/8/8/7K w - - 0 1");
    let e = notation::parse_coordinate(&p, "d4d5d6d8").unwrap_err();
    assert!(
        e.message.contains("no legal move to d8 taking on d5, d6"),
        "{e}"
    );
}
