//! Boards with holes (the Interactive Diagram's `hole` lines): squares inside the rectangle
//! that are not part of the board. No piece stands on them; no move ends on one or slides
//! through one; a leap passes over one. Destinations worked out by hand.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::{bundled, definition, fen, notation};

/// 5x5, a hole on c3 (its mirror image for Black is c3 again), rooks, knights and kings.
const TEXT: &str = "files=5 ranks=5 promoZone=0\nhole::::c3\nrook:R:R:rook:a2\nknight:N:N:knight:b1\nking:K:K:king:e1,,e5";

fn moves_from(fen_text: &str, from: &str) -> Vec<String> {
    let v = bundled::compile("holes", TEXT).unwrap();
    let p = fen::from_fen(&v, fen_text).unwrap();
    let sq = v.geometry.parse_square(from).unwrap();
    let mut all = Vec::new();
    p.legal_moves(&mut all);
    let mut out: Vec<String> = all
        .into_iter()
        .filter(|m| m.from == sq)
        .map(|m| notation::to_coordinate(&v, m))
        .collect();
    out.sort();
    out
}

#[test]
fn a_hole_is_not_a_square_of_the_board() {
    let v = bundled::compile("holes", TEXT).unwrap();
    let c3 = v.geometry.square(2, 2);
    assert_eq!(
        v.geometry.parse_square("c3"),
        None,
        "a hole is not a square to name"
    );
    assert!(v.geometry.is_hole(c3));
    assert_eq!(v.geometry.try_square(2, 2), None);
    // The start position writes the hole as '*'.
    let start = fen::to_fen(&fairylab::position::Position::start(&v));
    assert!(start.starts_with("1n2k/r4/2*2/R4/1N2K "), "{start}");
}

#[test]
fn sliders_stop_at_a_hole_and_leapers_pass_over_it() {
    // The rook on a3 goes up, down, and right to b3 only: c3 is a hole.
    assert_eq!(
        moves_from("4k/5/R1*2/5/1N2K w - - 0 1", "a3"),
        ["a3a1", "a3a2", "a3a4", "a3a5", "a3b3"]
    );
    // The knight on b1 may not land on the hole c3 (nor on its rook on a3); from b4 it leaps
    // past the hole as over any square.
    assert_eq!(moves_from("4k/5/R1*2/5/1N2K w - - 0 1", "b1"), ["b1d2"]);
    assert_eq!(
        moves_from("4k/1N3/R1*2/5/4K w - - 0 1", "b4"),
        ["b4a2", "b4c2", "b4d3", "b4d5"]
    );
}

#[test]
fn fen_and_definitions_refuse_pieces_on_holes() {
    let v = bundled::compile("holes", TEXT).unwrap();
    let e = fen::from_fen(&v, "4k/5/R1N2/5/4K w - - 0 1").unwrap_err();
    assert!(e.message.contains("c3 is a hole"), "{e}");
    let e = fen::from_fen(&v, "4k/5/R4/5/4K w - - 0 1").unwrap_err();
    assert!(e.message.contains("c3 is a hole: write * for it"), "{e}");
    let e = fen::from_fen(&v, "4k/5/*4/5/4K w - - 0 1").unwrap_err();
    assert!(e.message.contains("a3 is not one"), "{e}");
    // A piece line after the hole line naming c3: the later line stands there (issue 25: as
    // the Diagram puts its lines on the board), with a `not played:` warning saying the
    // Diagram's hole comes back when the piece leaves.
    let text = TEXT.replace("rook:R:R:rook:a2", "rook:R:R:rook:c3");
    let spec = definition::load(&text).unwrap();
    assert!(!spec.geometry.is_hole(spec.geometry.square(2, 2)));
    assert!(
        spec.warnings[0]
            .message
            .starts_with("not played: c3 is a hole"),
        "{}",
        spec.warnings[0]
    );
}

#[test]
fn holes_follow_the_symmetry_like_white_pieces() {
    // A hole on a1 with symmetry=rotate: Black's counterpart is e5.
    let text = "files=5 ranks=5 symmetry=rotate\nhole::::a1\nking:K:K:king:c1";
    let v = bundled::compile("rotated", text).unwrap();
    let g = v.geometry;
    let holes: Vec<String> = g.holes.iter().map(|s| g.name(s).to_string()).collect();
    assert_eq!(holes, ["a1", "e5"]);
}
