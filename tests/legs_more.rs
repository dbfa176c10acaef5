//! More of XBetza, each construct with its destinations worked out by hand from the
//! Interactive Diagram's definition (and the same positions run through the Diagram's own
//! script agree): a piece `X` of the Betza under test with `S`/`s` stones (a white and a black
//! piece that only step) as screens, blockers and victims, the kings in the corners out of the
//! way (h1 and a8 on 8x8).

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, to};
use fairylab::{bundled, fen, notation, position::Position};

/// The position `fen` of a `files` x `ranks` variant with the piece `X` moving as `betza`.
fn position_on(files: u8, ranks: u8, betza: &str, fen: &str) -> Position {
    let last = (b'a' + files - 1) as char;
    let text = format!(
        "files={files} ranks={ranks} promoZone=0\npiece:X:{betza}:piece:b1\n\
         stone:S:W:stone:c1,,c{ranks}\nking:K:K:king:{last}1,,a{ranks}"
    );
    let v = bundled::compile("legs", &text).unwrap_or_else(|e| panic!("{betza}: {e}"));
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of the piece on `from`, as coordinate texts, sorted.
fn moves_on(files: u8, ranks: u8, betza: &str, fen: &str, from: &str) -> Vec<String> {
    moves_from(&position_on(files, ranks, betza, fen), from)
}

fn moves(betza: &str, fen: &str, from: &str) -> Vec<String> {
    moves_on(8, 8, betza, fen, from)
}

/// `from` followed by each of `to`, sorted: the moves a test expects.
const D4: &str = "k7/8/8/8/3X4/8/8/7K w - - 0 1";

/// `zB`, the crooked bishop: a diagonal step, then each step turned 90° from the one before,
/// right then left in turn or left then right, stopping on any square of the way.
#[test]
fn crooked_bishop_zigzags_both_ways_round() {
    // From d4, first NE to e5: right-first e5 f4 g5 h4 (then off the board), left-first e5 d6
    // e7 d8. First NW to c5: right-first c5 d6 c7 d8, left-first c5 b4 a5. First SW to c3:
    // c3 b4 a3, and c3 d2 c1. First SE to e3: e3 d2 e1, and e3 f4 g3 h4.
    assert_eq!(
        moves("zB", D4, "d4"),
        to(
            "d4",
            &[
                "e5", "f4", "g5", "h4", "d6", "e7", "d8", "c5", "c7", "b4", "a5", "c3", "a3", "d2",
                "c1", "e3", "e1", "g3"
            ]
        )
    );
    // A black stone on e5 is taken and ends both paths through it; a white one on c3 ends
    // both SW paths before they start. What is left: e5, the NW paths (c5 d6 c7 d8, c5 b4
    // a5) and the SE paths (e3 d2 e1, e3 f4 g3 h4).
    let fen = "k7/8/8/4s3/3X4/2S5/8/7K w - - 0 1";
    assert_eq!(
        moves("zB", fen, "d4"),
        to(
            "d4",
            &[
                "e5", "c5", "d6", "c7", "d8", "b4", "a5", "e3", "d2", "e1", "f4", "g3", "h4"
            ]
        )
    );
}

/// The Diagram goes on along a crooked path past an empty square only where the piece may
/// stop, so a crooked move that only takes (`czB`) takes on its first step or not at all.
#[test]
fn a_crooked_capture_only_path_ends_at_its_first_empty_square() {
    // Black stones on e5 (a first step) and f4 (the second step of the NE and SE paths).
    let fen = "k7/8/8/4s3/3X1s2/8/8/7K w - - 0 1";
    assert_eq!(moves("czB", fen, "d4"), to("d4", &["e5"]));
}

/// `pzB` hops the first piece on its way and goes on, stopping only beyond it; `gzB` lands
/// on the step just beyond.
#[test]
fn crooked_hoppers_stop_only_beyond_the_screen() {
    // A white screen on e5: only the two NE paths meet a piece. Right-first beyond it f4 g5
    // h4, left-first d6 e7 d8.
    let fen = "k7/8/8/4S3/3X4/8/8/7K w - - 0 1";
    assert_eq!(
        moves("pzB", fen, "d4"),
        to("d4", &["f4", "g5", "h4", "d6", "e7", "d8"])
    );
    assert_eq!(moves("gzB", fen, "d4"), to("d4", &["f4", "d6"]));
}

/// A crooked path is as long as the board's longer side less one: `zW` from a1 climbs the
/// two staircases a2 b2 b3 c3 c4 d4 d5 and b1 b2 c2 c3 d3 d4 e4 in 7 steps on 8x8 (the
/// other turns leave the board at once), two steps more on 10x10 (e5 e6, and e5 f5).
#[test]
fn a_crooked_path_is_as_long_as_the_board_allows() {
    let stairs = [
        "a2", "b2", "b3", "c3", "c4", "d4", "d5", "b1", "c2", "d3", "e4",
    ];
    let fen = "k7/8/8/8/8/8/8/X6K w - - 0 1";
    assert_eq!(moves("zW", fen, "a1"), to("a1", &stairs));
    let fen = "k9/10/10/10/10/10/10/10/10/X8K w - - 0 1";
    let mut longer = stairs.to_vec();
    longer.extend(["e5", "e6", "f5"]);
    assert_eq!(moves_on(10, 10, "zW", fen, "a1"), to("a1", &longer));
}

/// Black's crooked moves are White's turned half a turn (the same squares, for a piece as
/// symmetric as `zB`).
#[test]
fn black_crooked_moves() {
    // A black zB on e5, a black stone on f6 (its first NE step: those paths never start), a
    // white one on d4 (its first SW step: taken, the paths end there). NW: d6 e7 d8, and d6
    // c5 b6 a5. SE: f4 e3 f2 e1, and f4 g5 h4.
    let fen = "k7/8/5s2/4x3/3S4/8/8/7K b - - 0 1";
    assert_eq!(
        moves("zB", fen, "e5"),
        to(
            "e5",
            &[
                "d4", "d6", "e7", "d8", "c5", "b6", "a5", "f4", "e3", "f2", "e1", "g5", "h4"
            ]
        )
    );
}

/// `qN`, the rose: knight's leaps each turned 45° from the one before, the same way round
/// each time ((1,2) (2,1) (2,-1) (1,-2) ... one way, the reverse the other), stopping on any
/// square of the way.
#[test]
fn rose_circles_both_ways_round() {
    // From a1 only two first leaps stay on the board. To b3, then clockwise d4 f3 g1 (the
    // next leaves the board), anticlockwise a5 (then off). To c2, clockwise e1, anticlockwise
    // d4 c6 a7.
    let fen = "k7/8/8/8/8/8/8/X6K w - - 0 1";
    assert_eq!(
        moves("qN", fen, "a1"),
        to(
            "a1",
            &["b3", "d4", "f3", "g1", "a5", "c2", "e1", "c6", "a7"]
        )
    );
    // A black stone on d4 is taken and ends both paths through it: f3 g1 c6 a7 go.
    let fen = "k7/8/8/8/3s4/8/8/X6K w - - 0 1";
    assert_eq!(
        moves("qN", fen, "a1"),
        to("a1", &["b3", "d4", "a5", "c2", "e1"])
    );
}

/// A circular path has at most 7 steps, whatever the board: the eighth would close the
/// circle. On 10x10 the rose from d4 clockwise from e6 goes g7 i6 j4 i2 g1 e2 and stops,
/// short of d4 itself.
#[test]
fn a_circle_stops_short_of_closing() {
    let fen = "k9/10/10/10/10/10/3X6/10/10/9K w - - 0 1";
    let found = moves_on(10, 10, "qN", fen, "d4");
    for sq in ["e6", "g7", "i6", "j4", "i2", "g1", "e2"] {
        assert!(found.contains(&format!("d4{sq}")), "{sq}: {found:?}");
    }
    assert!(!found.contains(&"d4d4".to_string()), "{found:?}");
    // Every square the Diagram's script finds there, and no other.
    let all = [
        "a1", "a7", "b3", "b5", "b9", "c2", "c6", "d10", "d8", "e2", "e6", "f3", "f5", "f9", "g1",
        "g7", "h4", "h8", "i2", "i6", "j4",
    ];
    assert_eq!(found, to("d4", &all));
}

/// `o`: the move goes round the board's side edges, as on a cylinder; the ranks do not wrap.
#[test]
fn cylindrical_rook_goes_round_the_side_edges() {
    // From b4 with a black stone on f4: right c4 d4 e4 f4 (taken); left a4, round the edge to
    // h4 g4, then f4 again. Up and down as a rook: b5-b8, b3-b1.
    let fen = "k7/8/8/8/1X3s2/8/8/7K w - - 0 1";
    assert_eq!(
        moves("oR", fen, "b4"),
        to(
            "b4",
            &[
                "a4", "c4", "d4", "e4", "f4", "g4", "h4", "b1", "b2", "b3", "b5", "b6", "b7", "b8"
            ]
        )
    );
    // On an empty rank it goes all the way round, to the square before its own each way: the
    // piece stops there (it would meet itself), so there is no move that stays.
    let found = moves("oR", D4, "d4");
    assert_eq!(found.iter().filter(|m| m[3..] == *"4").count(), 7);
    assert!(!found.contains(&"d4d4".to_string()), "{found:?}");
}

/// `oN` leaps round the side edges; `ooN` round the top and bottom too (a torus).
#[test]
fn cylindrical_and_toroidal_knights() {
    // From a1: b3 c2 on the board, and (-2,1) to g2, (-1,2) to h3 round the side.
    let fen = "k7/8/8/8/8/8/8/X6K w - - 0 1";
    assert_eq!(moves("oN", fen, "a1"), to("a1", &["b3", "c2", "g2", "h3"]));
    // Round the bottom edge as well: (1,-2) to b7, (2,-1) to c8, (-1,-2) to h7, (-2,-1) to g8.
    assert_eq!(
        moves("ooN", fen, "a1"),
        to("a1", &["b3", "c2", "g2", "h3", "b7", "c8", "h7", "g8"])
    );
}

/// `j` on a one-step atom with a range: a ski-slider. The first square is jumped, whatever
/// stands on it, and the move goes on straight as a slide of the range less one.
#[test]
fn ski_slider_jumps_the_first_square() {
    // jW3 from d4, a white stone on d5 (jumped), a black one on f4 (taken, the second square
    // to the right): up d6 d7, right f4, left b4 a4, down d2 d1; never the first squares.
    let fen = "k7/8/8/3S4/3X1s2/8/8/7K w - - 0 1";
    assert_eq!(
        moves("jW3", fen, "d4"),
        to("d4", &["d6", "d7", "f4", "b4", "a4", "d2", "d1"])
    );
    // jW: the range less one is 0, and the Diagram slides on without end. A black stone on
    // d6 is taken (d7 is not reached); the other ways to the edge.
    let fen = "k7/8/3s4/8/3X4/8/8/7K w - - 0 1";
    assert_eq!(
        moves("jW", fen, "d4"),
        to("d4", &["d6", "f4", "g4", "h4", "b4", "a4", "d2", "d1"])
    );
}

/// `j` on a leap in a line: the squares leapt over must be occupied, by either side (the
/// opposite of `n`). The Diagram's script skips that test for a leap along a rank, as it does
/// for `n`; fairylab tests every leap in a line, for `j` as for `n`.
#[test]
fn jumping_leap_needs_a_piece_to_jump() {
    // jD from d4: white stones on d5 and c4, black ones on d3 and d2. Up over d5 to d6, left
    // over c4 to b4, down over d3 taking on d2; not right (e4 is empty: the script allows it).
    let fen = "k7/8/8/3S4/2SX4/3s4/3s4/7K w - - 0 1";
    assert_eq!(moves("jD", fen, "d4"), to("d4", &["d6", "b4", "d2"]));
}

#[test]
fn j_not_played_where_the_diagram_makes_no_sense_of_it() {
    let text = |betza: &str| {
        format!("files=8 ranks=8 promoZone=0\npiece:X:{betza}:piece:b1\nking:K:K:king:h1,,a8")
    };
    for (betza, col, part) in [
        ("jR", 9, "'j' on an unlimited rider"),
        ("WjN", 10, "'j' on an oblique leap"),
        ("jafW", 9, "'j' in a move of several legs"),
        ("ojW2", 10, "'j' together with 'o'"),
    ] {
        // Issue 25: the move is left out with a `not played:` warning, the rest is played.
        // (`j` on castling, `KjO2`, is played now: tests/never_refuse.rs.)
        let spec = fairylab::definition::load(&text(betza)).unwrap();
        let w = spec.warnings[0].to_string();
        assert!(
            w.starts_with(&format!("2:{col}: not played:")),
            "{betza}: {w}"
        );
        assert!(w.contains(part), "{betza}: {w}");
    }
}

/// `i` after `a`: the leg goes exactly as far as the sliding leg before it went. `mafsiR`
/// slides as a rook to an empty square, then turns 45° either way and goes as many diagonal
/// steps.
#[test]
fn legs_of_equal_length() {
    // From d4: up 1 (d5) then c6 e6, up 2 (d6) then b8 f8 (up 3 leaves the board after);
    // down 1 (d3) then c2 e2 (down 2 leaves the board); right 1 (e4) then f5 f3, right 2 (f4)
    // then h6 h2; left 1 (c4) then b5 b3.
    assert_eq!(
        moves("mafsiR", D4, "d4"),
        to(
            "d4",
            &[
                "c6", "e6", "b8", "f8", "c2", "e2", "f5", "f3", "h6", "h2", "b5", "b3"
            ]
        )
    );
    // A white stone on d6 ends the slide up at d5 (b8 f8 go); a black one on f5 is taken at
    // the equal length 1; one on g5, one step into a diagonal of length 2, blocks h6.
    let fen = "k7/8/3S4/5ss1/3X4/8/8/7K w - - 0 1";
    assert_eq!(
        moves("mafsiR", fen, "d4"),
        to(
            "d4",
            &["c6", "e6", "c2", "e2", "f5", "f3", "h2", "b5", "b3"]
        )
    );
}

/// `k`: a move that may take only a royal piece, so it does nothing but give check.
#[test]
fn a_k_move_takes_only_the_king() {
    // kR from d4: the black king on d7 is taken; the black stone on f4 is not, and no square
    // is moved to.
    let fen = "8/3k4/8/8/3X1s2/8/8/7K w - - 0 1";
    assert_eq!(moves("kR", fen, "d4"), to("d4", &["d7"]));
    // mkR moves as a rook as well; still only the king is taken.
    let found = moves("mkR", fen, "d4");
    assert!(found.contains(&"d4d7".to_string()) && found.contains(&"d4e4".to_string()));
    assert!(!found.contains(&"d4f4".to_string()), "{found:?}");
}

/// A `k` move gives check: the king must get out of its line, a piece between is pinned, and
/// the squares it attacks are barred to the king and to castling through them.
#[test]
fn k_moves_check_pin_and_bar_castling() {
    let text = "files=8 ranks=8\nchecker:X:kRK:checker:a1\nrook:R:R:rook:h1\n\
                king:K:KisO2:king:e1";
    let v = bundled::compile("checker", text).unwrap();
    let legal = |fen: &str| {
        let p = fen::from_fen(&v, fen).unwrap();
        let mut all = Vec::new();
        p.legal_moves(&mut all);
        let texts: Vec<String> = all
            .iter()
            .map(|&m| notation::to_coordinate(&v, m))
            .collect();
        (p.in_check(), texts)
    };
    // A white checker on d1 and the black king on d8: check along the d-file.
    let (check, texts) = legal("3k4/8/8/8/8/8/8/3X3K b - - 0 1");
    assert!(check);
    assert!(!texts.contains(&"d8d7".to_string()), "{texts:?}");
    assert!(texts.contains(&"d8c7".to_string()), "{texts:?}");
    // A black checker on d5 between them is pinned: it may not step off the file.
    let (check, texts) = legal("3k4/8/8/3x4/8/8/8/3X3K b - - 0 1");
    assert!(!check);
    assert!(texts.contains(&"d5d4".to_string()), "{texts:?}");
    assert!(!texts.contains(&"d5c5".to_string()), "{texts:?}");
    // A black checker on f8 bars f1 and f2 to the white king, and castling through f1.
    let (_, texts) = legal("4kx2/8/8/8/8/8/8/4K2R w K - 0 1");
    for barred in ["e1f1", "e1f2", "e1g1"] {
        assert!(!texts.contains(&barred.to_string()), "{barred}: {texts:?}");
    }
    let (_, texts) = legal("2x1k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(texts.contains(&"e1g1".to_string()), "{texts:?}");
}

/// `X` and `Y` lengthen a path's atom as they do a plain one: `dWX` leaps (0,4) onto a
/// friend in the four orthogonal directions, `dFX` (1,4) in the eight oblique ones, `dWY`
/// (2,3) likewise. From d4 with friends on d8, h4, e8, h5 and f7 (and none elsewhere at
/// those leaps): d8, h4 for `dWX`; e8, h5 for `dFX`; f7 for `dWY`. And as a plain leap,
/// `mWX` from d4 reaches d8 and h4 (the other two are off the board).
#[test]
fn x_and_y_lengthen_a_paths_atom() {
    let fen = "k2SS3/5S2/8/7S/3X3S/8/8/7K w - - 0 1";
    assert_eq!(moves("dWX", fen, "d4"), ["d4d8", "d4h4"]);
    assert_eq!(moves("dFX", fen, "d4"), ["d4e8", "d4h5"]);
    assert_eq!(moves("dWY", fen, "d4"), ["d4f7"]);
    let empty = "k7/8/8/8/3X4/8/8/7K w - - 0 1";
    assert_eq!(moves("mWX", empty, "d4"), ["d4d8", "d4h4"]);
}
