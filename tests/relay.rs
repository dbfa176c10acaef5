//! XBetza's `x`, as the Interactive Diagram's script plays it: a leg with `x` that ends on a
//! friend hands the move over. On the last leg the moving piece may make that friend's moves
//! (induction; not a friend of its own type); on an earlier leg the friend makes the legs
//! after, as a move of its own (relay). Destinations worked out by hand from that definition;
//! a piece `X` of the Betza under test, knights, rooks and stones (`S`, `s`: they only step)
//! as friends and victims.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, play, sorted};
use fairylab::piece::WHITE;
use fairylab::{betza, bundled, fen, position::Position};

fn position(betza: &str, fen: &str) -> Position {
    let text = format!(
        "files=8 ranks=8 promoZone=0\npiece:X:{betza}:piece:b1\nstone:S:W:stone:c1,,c8\n\
         rook:R:R:rook:d1,,d8\nknight:N:N:knight:g1,,g8\nking:K:K:king:h1,,a8"
    );
    let v = bundled::compile("relay", &text).unwrap_or_else(|e| panic!("{betza}: {e}"));
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn square(p: &Position, name: &str) -> u16 {
    p.variant().geometry.parse_square(name).unwrap()
}

/// `KxQ` on d4: king steps, and the moves of each friend of another type it sees along
/// queen lines, made from d4. It sees the knight on d7 (d5, d6 empty) and the rook on g4
/// (e4, f4 empty); the piece of its own type on b2 lends nothing, nor does the enemy on f6.
/// King: c3 c4 c5 d3 d5 e3 e4 e5. Knight from d4: b3 b5 c2 c6 e2 e6 f3 f5. Rook from d4:
/// d5 d6 (d7 is the knight), d3 d2 d1, c4 b4 a4, e4 f4 (g4 is the rook). 22 squares.
#[test]
fn a_piece_with_x_on_its_last_leg_moves_as_the_friends_it_sees() {
    let p = position("KxQ", "k7/3N4/5s2/8/3X2R1/8/1X6/7K w - - 0 1");
    let to = |sqs: &[&str]| sqs.iter().map(|s| format!("d4{s}")).collect::<Vec<_>>();
    let mut expect = to(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]);
    expect.extend(to(&["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]));
    expect.extend(to(&["d6", "d2", "d1", "b4", "a4", "f4"]));
    expect.sort();
    assert_eq!(moves_from(&p, "d4"), expect);
}

/// The lent moves take, and so attack: an enemy stone on b5 is a knight's leap from d4.
/// Played, the piece lands there as itself.
#[test]
fn lent_moves_take_and_attack() {
    let mut p = position("KxQ", "k7/3N4/8/1s6/3X4/8/8/7K w - - 0 1");
    assert!(moves_from(&p, "d4").contains(&"d4b5".to_string()));
    assert!(p.is_attacked(square(&p, "b5"), WHITE));
    assert!(!p.is_attacked(square(&p, "a5"), WHITE));
    let after = play(&mut p, "d4b5");
    assert_eq!(after, "k7/3N4/8/1X6/8/8/8/7K b - - 0 1");
}

/// `xafK` on d4: its first leg steps onto a friend, which makes the second leg, a king step
/// straight on. The knight on d5 may so step to d6 (which no knight's move reaches), taking
/// the enemy there; the piece itself has no move. The stone on e5 (a diagonal step) may
/// step on to f6.
#[test]
fn a_friend_the_first_leg_reaches_makes_the_rest_of_the_move() {
    let mut p = position("xafK", "k7/8/3s4/3NS3/3X4/8/8/7K w - - 0 1");
    assert!(moves_from(&p, "d4").is_empty());
    let knight = [
        "d5b4", "d5b6", "d5c3", "d5c7", "d5e3", "d5e7", "d5f4", "d5f6", "d5d6",
    ];
    assert_eq!(moves_from(&p, "d5"), sorted(&knight));
    assert!(moves_from(&p, "e5").contains(&"e5f6".to_string()));
    // Only the relay reaches d6 from White's side.
    assert!(p.is_attacked(square(&p, "d6"), WHITE));
    let after = play(&mut p, "d5d6");
    assert_eq!(after, "k7/8/3N4/4S3/3X4/8/8/7K b - - 0 1");
}

/// What the parser refuses or drops, with where: `x` on two legs, `x` beside `u`; on a hop's
/// last leg the Diagram drops it (`xpR` moves as `pR`).
#[test]
fn x_is_refused_where_fairylab_does_not_follow_it() {
    let e = betza::parse("xaxW").unwrap_err();
    assert_eq!(e.offset, 2, "{}", e.message);
    let e = betza::parse("xaudW").unwrap_err();
    assert_eq!(e.offset, 2, "{}", e.message);
    let comps = betza::parse("xpR").unwrap();
    assert!(comps.iter().any(|c| c.notes.iter().any(|n| n.offset == 0)));
}
