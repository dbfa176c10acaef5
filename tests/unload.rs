//! XBetza's `u` (unload): the piece a move takes on its destination is put down again on the
//! square where the `u` leg starts (the Interactive Diagram's script: a one-leg move unloads
//! on its origin, a later leg where the leg before ended). Destinations worked out by hand
//! from that definition; a piece `X` of the Betza under test, white and black stones (`S`,
//! `s`: they only step), rooks and knights as friends and victims.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from as moves, play, sorted};
use fairylab::{betza, bundled, describe, fen, notation, position::Position};

fn position(betza: &str, fen: &str) -> Position {
    let text = format!(
        "files=8 ranks=8 promoZone=0\npiece:X:{betza}:piece:b1\nstone:S:W:stone:c1,,c8\n\
         rook:R:R:rook:d1,,d8\nknight:N:N:knight:g1,,g8\nking:K:K:king:h1,,a8"
    );
    let v = bundled::compile("unload", &text).unwrap_or_else(|e| panic!("{betza}: {e}"));
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// `udW`: only onto a friend a step away orthogonally, which it takes and puts down on its
/// own square: the two change places. Not onto the enemy on c4 (no `c`), nor an empty square
/// (no `m`).
#[test]
fn a_swapper_changes_places_with_a_friend_beside_it() {
    let mut p = position("udW", "k7/8/8/3S4/2sXR3/8/8/7K w - - 0 1");
    assert_eq!(moves(&p, "d4"), sorted(&["d4d4d5", "d4d4e4"]));
    assert_eq!(play(&mut p, "d4d4d5"), "k7/8/8/3X4/2sSR3/8/8/7K b - - 0 1");
    assert_eq!(play(&mut p, "d4d4e4"), "k7/8/8/3S4/2sRX3/8/8/7K b - - 0 1");
}

/// `uN`: a knight that moves to empty squares and takes by changing places with its victim.
/// From g3 above its king on g1: a rook taken on e4 would stand on g3 and check the king
/// down the g-file, so that swap is illegal; a knight taken on f5 checks nothing from g3.
#[test]
fn a_swap_with_an_enemy_may_not_leave_the_king_attacked_by_it() {
    let p = position("uN", "k7/8/8/5n2/4r3/6X1/8/6K1 w - - 0 1");
    assert_eq!(
        moves(&p, "g3"),
        sorted(&["g3e2", "g3f1", "g3h1", "g3h5", "g3g3f5"])
    );
}

/// `mafucW`: a step to an empty square, then straight on onto an enemy, which is put down on
/// the square between (where the `u` leg starts). From d4 with black stones on d6 and f4:
/// over d5 to d6, over e4 to f4; not towards the white stone on b4, and not down (nothing
/// two squares down to take).
#[test]
fn a_later_leg_unloads_where_it_starts() {
    let mut p = position("mafucW", "k7/8/3s4/8/1S1X1s2/8/8/7K w - - 0 1");
    assert_eq!(moves(&p, "d4"), sorted(&["d4d5d6", "d4e4f4"]));
    assert_eq!(
        play(&mut p, "d4d5d6"),
        "k7/8/3X4/3s4/1S3s2/8/8/7K b - - 0 1"
    );
}

/// Game Courier writes the piece put down as an action of its own and reads it back; the
/// description says where the piece taken goes.
#[test]
fn an_unload_in_game_courier_and_words() {
    let p = position("udW", "k7/8/8/3R4/3X4/8/8/7K w - - 0 1");
    let m = notation::parse_coordinate(&p, "d4d4d5").unwrap();
    let gc = notation::to_game_courier(&p, m);
    assert_eq!(gc, "X d4-d5; R-d4");
    assert_eq!(notation::parse_game_courier(&p, &gc).unwrap(), m);
    // The plain form names no unload: there is no move d4-d5 that leaves the rook taken.
    assert!(notation::parse_coordinate(&p, "d4d5").is_err());
    let err = notation::parse_game_courier(&p, "X d4-d5; R-d3").unwrap_err();
    assert!(
        err.message.contains("puts the piece taken down on d3"),
        "{err}"
    );
    assert_eq!(
        describe::describe(&p, m),
        "White piece d4 to d5, and the white rook there goes to d4"
    );
}

/// What `u` cannot say in a fairylab move is `not played:` at the letter, with the reason
/// (the move left out, the rest of the piece played): on a crooked move, and in a move that
/// takes on the way and puts a piece down too (on two legs, on a hop and after a capture it
/// is played: tests/played_now.rs). On a hop's last leg the Diagram's script keeps only `m`
/// and `c`, so fairylab drops the `u` there too, with a warning.
#[test]
fn unloads_fairylab_cannot_play_are_not_played_at_the_letter() {
    for (text, at, words) in [
        ("uzW", 0, "crooked"),
        ("cafmafuW", 6, "takes a piece on the way"),
    ] {
        let e = betza::parse(text).unwrap_err();
        assert_eq!(e.offset, at, "{text}: {}", e.message);
        assert!(e.message.contains(words), "{text}: {}", e.message);
        let moves = betza::read(&format!("{text}F")).unwrap();
        assert_eq!(moves.components.len(), 1, "{text}: the F is read");
        assert!(moves.notes[0].message.starts_with("not played:"), "{text}");
    }
    let hop = betza::read("upR").unwrap();
    assert_eq!(
        hop.components[0].path,
        betza::read("pR").unwrap().components[0].path
    );
    assert!(hop.notes[0].message.contains("'u' on a hop's last leg"));
}
