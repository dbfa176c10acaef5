//! The bracket notation for moves of several legs (`[F?R]`, the griffon): simple moves played
//! one after the other, `-` when the move must go on, `?` when it may also end there, a later
//! leg's directions relative to the leg before (`f`, straight on, when it has none).
//! Destinations worked out by hand from that definition; a piece `X` of the Betza under
//! test, white and black stones (`S`, `s`: they only step), kings out of the way.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, play, sorted, to};
use fairylab::{betza, bundled, fen, position::Position};

fn position(betza: &str, fen: &str) -> Position {
    let text = format!(
        "files=8 ranks=8 promoZone=0\npiece:X:{betza}:piece:b1\n\
         stone:S:W:stone:c1,,c8\nking:K:K:king:a1,,h8"
    );
    let v = bundled::compile("bracket", &text).unwrap_or_else(|e| panic!("{betza}: {e}"));
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

const ALONE: &str = "7k/8/8/8/3X4/8/8/K7 w - - 0 1";

/// The griffon from d4: the four ferz steps, and from each, on as a rook along the two lines
/// beside that diagonal (a rook's `f` seen from a diagonal heading, as `fF` is two moves).
/// e5: north e6-e8, east f5-h5. e3: south e2, e1, east f3-h3. c5: north c6-c8, west b5, a5.
/// c3: south c2, c1, west b3, a3.
#[test]
fn the_griffon_steps_as_a_ferz_then_may_go_on_as_a_rook_outward() {
    let p = position("[F?R]", ALONE);
    let want = [
        "c3", "c5", "e3", "e5", // the ferz steps
        "e6", "e7", "e8", "f5", "g5", "h5", // from e5
        "e2", "e1", "f3", "g3", "h3", // from e3
        "c6", "c7", "c8", "b5", "a5", // from c5
        "c2", "c1", "b3", "a3", // from c3
    ];
    assert_eq!(moves_from(&p, "d4"), to("d4", &want));
}

/// An enemy on e5 is taken and the move ends there; a friend on c3 stops that ferz step and
/// all that goes on from it; a friend on g3 ends the ride from e3 at f3.
#[test]
fn the_griffon_stops_at_what_stands_in_its_way() {
    let p = position("[F?R]", "7k/8/8/4s3/3X4/2S3S1/8/K7 w - - 0 1");
    let mut want = vec!["c5", "e3", "e5"];
    want.extend(["c6", "c7", "c8", "b5", "a5"]);
    want.extend(["e2", "e1", "f3"]);
    assert_eq!(moves_from(&p, "d4"), to("d4", &want));
}

/// The aanca, `[W?B]`: a wazir step, then on as a bishop along the two diagonals beside it.
/// d5: e6 f7 g8, c6 b7 a8. d3: e2 f1, c2 b1. e4: f5 g6 h7, f3 g2 h1. c4: b5 a6, b3 a2.
#[test]
fn the_aanca_steps_as_a_wazir_then_may_go_on_as_a_bishop_outward() {
    let p = position("[W?B]", "8/K7/8/8/3X4/8/8/k7 w - - 0 1");
    let want = [
        "d5", "d3", "e4", "c4", "e6", "f7", "g8", "c6", "b7", "a8", "e2", "f1", "c2", "b1", "f5",
        "g6", "h7", "f3", "g2", "h1", "b5", "a6", "b3", "a2",
    ];
    assert_eq!(moves_from(&p, "d4"), to("d4", &want));
}

/// `-` makes the second leg mandatory: `[W-B]` is the aanca without its wazir steps.
#[test]
fn a_hyphen_makes_the_move_go_on() {
    let p = position("[W-B]", "8/K7/8/8/3X4/8/8/k7 w - - 0 1");
    let moves = moves_from(&p, "d4");
    assert_eq!(moves.len(), 20, "{moves:?}");
    for stop in ["d4d5", "d4d3", "d4e4", "d4c4"] {
        assert!(!moves.iter().any(|m| m == stop), "{stop} in {moves:?}");
    }
}

/// A later leg's letters are relative: `[W-sW]` steps, then turns 90° either way. Each of the
/// four diagonal squares is reached two ways, and listed once.
#[test]
fn a_later_legs_letters_turn_from_the_leg_before() {
    let p = position("[W-sW]", ALONE);
    assert_eq!(
        moves_from(&p, "d4"),
        sorted(&["d4c3", "d4c5", "d4e3", "d4e5"])
    );
}

/// A `K` leg's orthogonal and diagonal steps are told apart: after a wazir step `R` goes
/// straight on, after a ferz step it goes 45° to either side. Straight: d6-d8, d2, d1,
/// f4-h4, b4, a4 (the squares next to d4 are passed, never stopped on). Bent: as the griffon
/// beyond its ferz steps.
#[test]
fn a_king_step_then_a_rook_reads_each_step_in_its_own_frame() {
    let p = position("[K-R]", ALONE);
    let want = [
        "d6", "d7", "d8", "d2", "d1", "f4", "g4", "h4", "b4", "a4", // straight on
        "e6", "e7", "e8", "f5", "g5", "h5", "e2", "e1", "f3", "g3", "h3", // bent, east
        "c6", "c7", "c8", "b5", "a5", "c2", "c1", "b3", "a3", // bent, west
    ];
    assert_eq!(moves_from(&p, "d4"), to("d4", &want));
}

/// `c` on a leg before the last takes the enemy there and goes on (a locust capture): a
/// checker's jump, `[cF-fF]`, over the enemy on e5 to f6, and only there.
#[test]
fn a_capturing_leg_before_the_last_takes_on_the_way() {
    let mut p = position("[cF-fF]", "7k/8/8/4s3/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), ["d4e5f6"]);
    let after = play(&mut p, "d4e5f6");
    assert_eq!(after, "7k/8/5X2/8/8/8/8/K7 b - - 0 1");
}

/// `i` on the first leg: only a piece that has not moved.
#[test]
fn initial_only_brackets_belong_to_an_unmoved_piece() {
    let p = position("[iW-fW]", "7k/8/8/8/8/8/8/KX6 w - - 0 1");
    assert_eq!(moves_from(&p, "b1"), ["b1b3", "b1d1"]);
    let p = position("[iW-fW]", ALONE);
    assert_eq!(moves_from(&p, "d4"), Vec::<String>::new());
}

/// What the notation cannot say, or fairylab does not play, is a note (a warning) where it
/// stands, as the Diagram shows the board whatever the text; the rest is read.
#[test]
fn malformed_brackets_are_noted_at_their_offset() {
    let cases = [
        ("[F?R", 0, "without its ']'"),
        ("[F?]", 3, "without an atom"),
        ("[F?N]", 3, "oblique"),
        ("[F?D]", 3, "steps unlike"),
        ("mc[F?R]", 0, "modifiers before '['"),
        ("[cF?R]", 3, "cannot stop on an empty square"),
        ("[oF?R]", 1, "'o' inside brackets"),
        ("[F-[W]]", 3, "inside brackets"),
        ("[F*R]", 2, "'*' after an atom"),
        ("[F;R]", 2, "should join the legs"),
        ("[W-W-W-W-W]", 9, "more than 4 legs"),
        ("[F?R]X", 5, "no Betza atom"),
    ];
    for (text, offset, words) in cases {
        let moves = betza::read(text).unwrap();
        let found = (moves.notes.iter()).any(|n| n.offset == offset && n.message.contains(words));
        assert!(found, "{text}: {:?}", moves.notes);
    }
    // The move after a bracket not played is read.
    assert_eq!(betza::read("[F?N]W").unwrap().components.len(), 1);
}

/// The bracket notation and the `a` notation it stands for give the same moves: the griffon
/// as `[F?R]` and as the Diagram's `FyafsF` (a ferz step, then a slide turned 45°).
#[test]
fn brackets_and_the_a_notation_agree() {
    let fens = [
        ALONE,
        "7k/8/2s5/4s3/3X4/2S3S1/8/K7 w - - 0 1",
        "7k/4S3/8/2S1s3/3X4/8/5s2/K7 w - - 0 1",
    ];
    for f in fens {
        let a = moves_from(&position("[F?R]", f), "d4");
        let b = moves_from(&position("FyafsF", f), "d4");
        assert_eq!(a, b, "{f}");
    }
}

/// The legend's move diagram of the griffon from e4 (the centre of 8x8): the same 24 squares
/// as on the board, each bent move drawn through its ferz step (f6 by way of f5).
#[test]
fn the_griffons_move_diagram_shows_the_bend() {
    use fairylab::designer::diagram;
    let p = position("[F?R]", ALONE);
    let v = p.variant();
    let d = diagram::piece_moves(v, 'X', fairylab::piece::WHITE).unwrap();
    let g = v.geometry;
    let sq = |s: &str| g.parse_square(s).unwrap();
    assert_eq!(d.origin, sq("e4"));
    let mut marked: Vec<String> = d
        .marks
        .iter()
        .map(|m| g.name(m.square).to_string())
        .collect();
    marked.sort();
    let want = [
        "d3", "d5", "f3", "f5", "f6", "f7", "f8", "g5", "h5", "f2", "f1", "g3", "h3", "d6", "d7",
        "d8", "c5", "b5", "a5", "d2", "d1", "c3", "b3", "a3",
    ];
    assert_eq!(marked, sorted(&want));
    let f6 = d.mark(sq("f6")).unwrap();
    assert_eq!(f6.route, [sq("f5")]);
    assert_eq!(f6.kind, diagram::Kind::Both);
}
