//! XBetza constructs the Interactive Diagram shows a board for, which fairylab refused before
//! (issue 25: never refuse what the Diagram shows): parentheses (a group repeated), `q`, `z`
//! and `a` inside brackets, `-` (a piece that cannot move), primes, and the letters the
//! Diagram's script passes over. What fairylab still does not play is a warning that starts
//! `not played:` and names it; the rest of the piece is played. Destinations worked out by
//! hand from what each construct means; a piece `X` of the Betza under test on d4, white and
//! black stones (`S`, `s`: they only step), kings out of the way.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, play, to};
use fairylab::definition::{self, Severity};
use fairylab::{betza, bundled, fen, position::Position};

fn text(betza: &str) -> String {
    format!(
        "files=8 ranks=8 promoZone=0 symmetry=none\npiece:X:{betza}:piece:b1\n\
         stone:S:W:stone:c1,,c8\nrook:R:R:rook:d1,,d8\nking:K:K:king:a1,,h8"
    )
}

fn position(betza: &str, fen: &str) -> Position {
    let v = bundled::compile("xbetza", &text(betza)).unwrap_or_else(|e| panic!("{betza}: {e}"));
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The warnings the definition with `betza` gets (it must load).
fn warnings(betza: &str) -> Vec<String> {
    let (spec, said) = definition::check(&text(betza));
    assert!(spec.is_some(), "{betza}: {said:?}");
    said.into_iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| d.message)
        .collect()
}

const ALONE: &str = "7k/8/8/8/3X4/8/8/K7 w - - 0 1";

/// `f(af)2W`: `fW`, `fafW`, `fafafW` (the group `af` none to two times): one, two or three
/// steps straight ahead, each step before the last onto an empty square. From d4: d5, d6,
/// d7 (not d8). A friend on d6 stops it at d5; an enemy there is taken, and nothing beyond.
#[test]
fn a_group_in_parentheses_repeats_up_to_its_count() {
    assert_eq!(
        moves_from(&position("f(af)2W", ALONE), "d4"),
        to("d4", &["d5", "d6", "d7"])
    );
    let friend = position("f(af)2W", "7k/8/3S4/8/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&friend, "d4"), to("d4", &["d5"]));
    let enemy = position("f(af)2W", "7k/8/3s4/8/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&enemy, "d4"), to("d4", &["d5", "d6"]));
    assert!(warnings("f(af)2W").is_empty());
}

/// With no count the group repeats as often as the board allows: `f(af)W` from d4 is a
/// forward rook, d5 to d8; from d2, d3 to d8.
#[test]
fn a_group_without_a_count_repeats_as_far_as_the_board_goes() {
    assert_eq!(
        moves_from(&position("f(af)W", ALONE), "d4"),
        to("d4", &["d5", "d6", "d7", "d8"])
    );
    let low = position("f(af)W", "7k/8/8/8/8/8/3X4/K7 w - - 0 1");
    assert_eq!(
        moves_from(&low, "d2"),
        to("d2", &["d3", "d4", "d5", "d6", "d7", "d8"])
    );
}

/// The ubi-ubi, `(a)N`: knight's moves one after the other over empty squares. From d4 on an
/// empty board it reaches its eight leaps (c6, e6, b5, ...), d6 by two (d4-b5-d6, as b5 and f5
/// are the squares a leap from both) and b4 by two (d4-c6-b4). With friends on all eight
/// squares a leap from d4 it has no move at all: every chain starts on one of them. Chains
/// longer than fairylab follows (four leaps and more) are a `not played:` warning.
#[test]
fn the_ubi_ubi_chains_knight_moves_over_empty_squares() {
    let moves = moves_from(&position("(a)N", ALONE), "d4");
    for sq in ["c6", "e6", "b5", "d6", "b4"] {
        assert!(moves.contains(&format!("d4{sq}")), "{sq}: {moves:?}");
    }
    let hemmed = position("(a)N", "7k/8/2S1S3/1S3S2/3X4/1S3S2/2S1S3/K7 w - - 0 1");
    assert_eq!(moves_from(&hemmed, "d4"), Vec::<String>::new());
    let w = warnings("(a)N");
    assert!(
        w.iter()
            .any(|m| m.starts_with("not played:") && m.contains("aaaaN")),
        "{w:?}"
    );
}

/// `q` on a later leg in brackets turns the same way as the turn before, `z` the other way.
/// `[W-sW-qsW]`: a step, a quarter turn, and another the same way round: a U-turn, back to a
/// square beside d4 (d5-e5-e4, d5-c5-c4, e4-e3-d3, ...): c4, e4, d3, d5. `[W-sW-zsW]`: the
/// second turn undoes the first, a zigzag: d5-e5-e6, d5-c5-c6, e4-e3-f3, e4-e5-f5, d3-c3-c2,
/// d3-e3-e2, c4-c5-b5, c4-c3-b3: the eight knight squares.
#[test]
fn q_and_z_in_brackets_turn_the_same_way_or_back() {
    let u_turn = position("[W-sW-qsW]", ALONE);
    assert_eq!(
        moves_from(&u_turn, "d4"),
        to("d4", &["c4", "e4", "d3", "d5"])
    );
    let zigzag = position("[W-sW-zsW]", ALONE);
    let knight = ["e6", "c6", "f3", "f5", "c2", "e2", "b5", "b3"];
    assert_eq!(moves_from(&zigzag, "d4"), to("d4", &knight));
}

/// `[F?fqR]` (a bent rider of two real texts): with one turn only, `q` has no turn before it
/// to follow, so either way round: the griffon, as `[F?R]`. The ferz steps c3 c5 e3 e5, then
/// from e5 north e6-e8 and east f5-h5, from e3 south e2 e1 and east f3-h3, from c5 north
/// c6-c8 and west b5 a5, from c3 south c2 c1 and west b3 a3.
#[test]
fn a_bent_rider_with_q_is_the_griffon() {
    let want = [
        "c3", "c5", "e3", "e5", "e6", "e7", "e8", "f5", "g5", "h5", "e2", "e1", "f3", "g3", "h3",
        "c6", "c7", "c8", "b5", "a5", "c2", "c1", "b3", "a3",
    ];
    assert_eq!(
        moves_from(&position("[F?fqR]", ALONE), "d4"),
        to("d4", &want)
    );
    assert!(warnings("[F?fqR]").is_empty());
}

/// `a` inside a bracket chains legs of the element's atom as it does outside: `[afW]` is a
/// wazir step onto an empty square and one more straight on: d6, f4, d2, b4; a friend on d5
/// leaves d6 out.
#[test]
fn a_inside_brackets_chains_legs() {
    assert_eq!(
        moves_from(&position("[afW]", ALONE), "d4"),
        to("d4", &["d6", "f4", "d2", "b4"])
    );
    let p = position("[afW]", "7k/8/8/3S4/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), to("d4", &["f4", "d2", "b4"]));
}

/// `-`: a piece that cannot move. It loads without a word, has no move, and is taken: the
/// black rook on d8 takes it on d4.
#[test]
fn a_dash_is_a_piece_that_cannot_move() {
    assert!(warnings("-").is_empty());
    let mut p = position("-", "3r3k/8/8/8/3X4/8/8/K7 b - - 0 1");
    let rook = moves_from(&p, "d8");
    assert!(rook.contains(&"d8d4".to_string()), "{rook:?}");
    assert_eq!(play(&mut p, "d8d4"), "7k/8/8/8/3r4/8/8/K7 w - - 0 2");
    let white = position("-", ALONE);
    assert_eq!(moves_from(&white, "d4"), Vec::<String>::new());
}

/// Primes separate moves and mean nothing else, as the Diagram's script reads them:
/// `vmW'fkF'fmnD` is `vmW` (d5, d3 onto empty squares), `fkF` (only a royal piece on c5 or
/// e5: none) and `fmnD` (d6, d5 being empty).
#[test]
fn primes_separate_moves() {
    let p = position("vmW'fkF'fmnD", ALONE);
    assert_eq!(moves_from(&p, "d4"), to("d4", &["d3", "d5", "d6"]));
    assert!(warnings("vmW'fkF'fmnD").is_empty());
}

/// What the Diagram's script passes over is passed over, with a warning each: `fmEWtF` is
/// `fmW` (d5) and `F` (c3 c5 e3 e5); the `E` and the `t` are named.
#[test]
fn letters_the_script_passes_over_are_warned_and_skipped() {
    let p = position("fmEWtF", ALONE);
    assert_eq!(
        moves_from(&p, "d4"),
        to("d4", &["d5", "c3", "c5", "e3", "e5"])
    );
    let w = warnings("fmEWtF");
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(w.iter().all(|m| m.contains("ignored: ")), "{w:?}");
}

/// What fairylab does not play is a warning that starts `not played:` and names it; the rest
/// of the piece is played (here its `F`: c3 c5 e3 e5). Seven pieces taken on the way (more
/// than `betza::MAX_LOCUST`, six), `*` after the atom of a hop (on a move of several legs it is
/// played: tests/played_now.rs), an en passant
/// imitator `eI` (the imitator itself is played: tests/imitator.rs) and the script's `@`
/// lengthened by `X` in a move of several legs (alone, lengthened or in legs it is played:
/// tests/played_now.rs).
#[test]
fn what_is_not_played_is_named_and_the_rest_played() {
    let seven = format!("{}mWF", "caf".repeat(fairylab::betza::MAX_LOCUST + 1));
    let seven_words = format!("{} pieces", fairylab::betza::MAX_LOCUST + 1);
    for (betza, words) in [
        (seven.as_str(), seven_words.as_str()),
        ("pW*F", "'*'"),
        ("eIF", "'eI'"),
        ("ma@XF", "'@'"),
    ] {
        let w = warnings(betza);
        assert!(
            w.iter()
                .any(|m| m.starts_with("not played:") && m.contains(words)),
            "{betza}: {w:?}"
        );
        let p = position(betza, ALONE);
        assert_eq!(
            moves_from(&p, "d4"),
            to("d4", &["c3", "c5", "e3", "e5"]),
            "{betza}"
        );
    }
}

/// `u` on a hop's last leg does nothing in the Diagram's script (it keeps only `m` and `c`
/// there), and so in fairylab, with a warning: `upR` is `pR`. From d4 with a white stone on
/// d6 and a black one on d8: over d6 to d7, or taking on d8; nothing put down.
#[test]
fn u_on_a_hops_last_leg_is_dropped() {
    let p = position("fupR", "3s3k/8/3S4/8/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), to("d4", &["d7", "d8"]));
    let w = warnings("fupR");
    assert!(
        w.iter().any(|m| m.contains("'u' on a hop's last leg")),
        "{w:?}"
    );
    assert_eq!(
        betza::parse("fupR").unwrap().len(),
        betza::parse("fpR").unwrap().len()
    );
}

/// `U`, the universal leaper: a leap to any square of the board, as the Diagram's script
/// tries every square for it. Its leaps are every offset of the largest board but none:
/// (2 x MAX_SIDE - 1) squared less one. `mU` on d4 of an 8x8 board, with the two kings on a1 and h8 and a white
/// stone on e5, moves to the 64 squares less the four taken: 60 moves.
#[test]
fn u_leaps_to_every_square() {
    let mut all: Vec<(i8, i8)> = betza::parse("U")
        .unwrap()
        .iter()
        .flat_map(|c| c.vectors().unwrap())
        .collect();
    all.sort();
    all.dedup();
    let side = 2 * fairylab::geometry::MAX_SIDE as usize - 1;
    assert_eq!(all.len(), side * side - 1);
    let p = position("mU", "7k/8/8/4S3/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&p, "d4").len(), 60);
    assert!(warnings("mU").is_empty());
}
