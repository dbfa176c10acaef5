//! Moves of several legs and hops (XBetza `a`, `p`, `g`, `y`), each with its destinations
//! worked out by hand from the notation's definition (the Interactive Diagram's reading of
//! it): a piece `X` of the Betza under test on an 8x8 board with `S`/`s` stones (a white and a
//! black piece that only step) as screens, blockers and victims, the kings on h1 and a8 out
//! of the way.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, sorted};
use fairylab::{bundled, fen, notation, position::Position};

fn position(betza: &str, fen: &str) -> Position {
    let text = format!(
        "files=8 ranks=8 promoZone=0\npiece:X:{betza}:piece:b1\nstone:S:W:stone:c1,,c8\nking:K:K:king:h1,,a8"
    );
    let v = bundled::compile("legs", &text).unwrap_or_else(|e| panic!("{betza}: {e}"));
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The moves of the piece on `from`, as coordinate texts, sorted.
/// The legal moves of the piece on `from`, as coordinate texts, sorted.
fn moves(betza: &str, fen: &str, from: &str) -> Vec<String> {
    moves_from(&position(betza, fen), from)
}

#[test]
fn cannon_moves_as_a_rook_and_takes_over_one_screen() {
    // Up: d5 empty, a white screen on d6, d7 empty, a black stone on d8 (taken over d6).
    // Right: e4 empty, a black screen on f4, g4 empty, a black stone on h4 (taken over f4).
    // Left and down: empty to the edge.
    let fen = "k2s4/8/3S4/8/3X1s1s/8/8/7K w - - 0 1";
    assert_eq!(
        moves("mRcpR", fen, "d4"),
        sorted(&[
            "d4d5", "d4d8", "d4e4", "d4h4", "d4c4", "d4b4", "d4a4", "d4d3", "d4d2", "d4d1"
        ])
    );
}

#[test]
fn grasshopper_lands_just_beyond_its_screen() {
    // Screens: d5 (white, d6 empty: lands there), f6 (black, g7 empty), b4 (black, a black
    // stone on a4: taken), c3 (white, a white stone on b2: no landing). No screen to the right.
    let fen = "k7/8/5s2/3S4/ss1X4/2S5/1S6/7K w - - 0 1";
    assert_eq!(moves("gQ", fen, "d4"), sorted(&["d4d6", "d4g7", "d4a4"]));
}

#[test]
fn vao_hops_diagonally_to_take() {
    // mBcpB: moves as a bishop, takes only over a screen. c5 white screen, b6 empty, a7 black.
    let fen = "k7/s7/8/2S5/3X4/8/8/7K w - - 0 1";
    assert_eq!(
        moves("mBcpB", fen, "d4"),
        sorted(&[
            "d4a7", "d4e5", "d4f6", "d4g7", "d4h8", "d4c3", "d4b2", "d4a1", "d4e3", "d4f2", "d4g1"
        ])
    );
}

#[test]
fn locust_capture_then_a_king_step_on_but_not_back() {
    // caK: takes the enemy on d5 and steps on from there in any direction but straight back.
    let fen = "k7/8/8/3s4/3X4/8/8/7K w - - 0 1";
    assert_eq!(
        moves("caK", fen, "d4"),
        sorted(&[
            "d4d5d6", "d4d5e6", "d4d5e5", "d4d5e4", "d4d5c4", "d4d5c5", "d4d5c6"
        ])
    );
}

#[test]
fn igui_takes_and_returns_home() {
    // cabK: take on d5 and step straight back to d4.
    let fen = "k7/8/8/3s4/3X4/8/8/7K w - - 0 1";
    assert_eq!(moves("cabK", fen, "d4"), sorted(&["d4d5d4"]));
}

#[test]
fn a_step_out_and_back_is_one_move_that_stays() {
    // mabK: out to an empty square and back: the seven ways are one move, d4 to d4.
    let fen = "k7/8/8/3s4/3X4/8/8/7K w - - 0 1";
    assert_eq!(moves("mabK", fen, "d4"), sorted(&["d4d4"]));
}

#[test]
fn griffon_turns_outward_after_one_diagonal_step() {
    // yafsF: one diagonal step, then a 45° turn (to an orthogonal) sliding outward.
    let fen = "k7/8/8/8/3X4/8/8/7K w - - 0 1";
    assert_eq!(
        moves("yafsF", fen, "d4"),
        sorted(&[
            "d4f5", "d4g5", "d4h5", "d4e6", "d4e7", "d4e8", "d4c6", "d4c7", "d4c8", "d4b5", "d4a5",
            "d4e2", "d4e1", "d4f3", "d4g3", "d4h3", "d4b3", "d4a3", "d4c2", "d4c1"
        ])
    );
    // A piece on the first diagonal square blocks every path through it.
    let fen = "k7/8/8/4S3/3X4/8/8/7K w - - 0 1";
    assert_eq!(moves("yafsF", fen, "d4").len(), 20 - 6);
}

#[test]
fn black_walks_turned_half_a_turn() {
    // A black cannon on d5 of the mirrored position takes on d1 over d3.
    let fen = "k7/8/8/3x4/8/3s4/8/3S3K b - - 0 1";
    let found = moves("mRcpR", fen, "d5");
    assert!(found.contains(&"d5d1".to_string()), "{found:?}");
    assert!(!found.contains(&"d5d3".to_string()), "{found:?}");
}

#[test]
fn locust_moves_read_back_and_make_and_unmake() {
    let fen = "k7/8/8/3s4/3X4/8/8/7K w - - 0 1";
    let mut p = position("caKcabK", fen);
    let before = p.clone();
    let m = notation::parse_coordinate(&p, "d4d5c6").unwrap();
    assert_eq!(
        m.locusts(),
        [p.variant().geometry.parse_square("d5").unwrap()]
    );
    let gc = notation::to_game_courier(&p, m);
    assert_eq!(gc, "X d4-d5-c6");
    assert_eq!(notation::parse_game_courier(&p, &gc), Ok(m));
    let undo = p.make(m);
    assert_eq!(p.hash(), p.compute_hash());
    assert_eq!(
        fen::to_fen(&p).split(' ').next(),
        Some("k7/8/2X5/8/8/8/8/7K")
    );
    p.unmake(&undo);
    assert_eq!(p, before);
    let igui = notation::parse_coordinate(&p, "d4d5d4").unwrap();
    p.make(igui);
    assert_eq!(
        fen::to_fen(&p).split(' ').next(),
        Some("k7/8/8/8/3X4/8/8/7K")
    );
    assert_eq!(p.hash(), p.compute_hash());
    let e = notation::parse_coordinate(&before, "d4e5e6").unwrap_err();
    assert!(e.message.contains("taking on e5"), "{e}");
}

#[test]
fn a_cannon_checks_through_a_screen_and_a_screen_can_be_pinned() {
    let text = "files=8 ranks=8\ncannon:C:mRcpR:cannon:a1\nrook:R:R:rook:a2\nking:K:K:king:e1,,e8";
    let v = bundled::compile("cannons", text).unwrap();
    // The white king on e1, a white rook on e4 as the screen, a black cannon on e8: check.
    let p = fen::from_fen(&v, "4c2k/8/8/8/4R3/8/8/4K3 w - - 0 1").unwrap();
    assert!(p.in_check(), "the cannon on e8 checks over the rook on e4");
    let mut legal = Vec::new();
    p.legal_moves(&mut legal);
    let texts: Vec<String> = legal
        .iter()
        .map(|&m| notation::to_coordinate(&v, m))
        .collect();
    // Out of check: move the screen off the file, or the king off it; e2/e3 stay on the file.
    assert!(texts.contains(&"e4a4".to_string()), "{texts:?}");
    assert!(texts.contains(&"e1d1".to_string()), "{texts:?}");
    assert!(!texts.contains(&"e4e5".to_string()), "{texts:?}");
    assert!(!texts.contains(&"e1e2".to_string()), "{texts:?}");
    // Without a screen there is no check, and putting a piece between makes one.
    let p = fen::from_fen(&v, "4c2k/8/8/8/8/8/R7/4K3 w - - 0 1").unwrap();
    assert!(!p.in_check());
    let mut legal = Vec::new();
    p.legal_moves(&mut legal);
    let texts: Vec<String> = legal
        .iter()
        .map(|&m| notation::to_coordinate(&v, m))
        .collect();
    assert!(
        !texts.contains(&"a2e2".to_string()),
        "a screen of one's own is a check: {texts:?}"
    );
    assert!(texts.contains(&"a2d2".to_string()), "{texts:?}");
}

/// `fmW*` (Wildebeest's pawn): forward as far as the last rank of its own half (at least one
/// step), and its longer moves leave en passant rights on every square they pass.
#[test]
fn star_range_reaches_the_own_half_and_leaves_en_passant_rights() {
    let text = "files=10 ranks=10 promoZone=0\npawn:P:fmW*fceF:pawn:a2\nking:K:K:king:j1,,j10";
    let v = bundled::compile("wildebeest-pawn", text).unwrap();
    let from = |fen: &str, sq: &str| {
        let p = fen::from_fen(&v, fen).unwrap();
        let s = v.geometry.parse_square(sq).unwrap();
        let mut all = Vec::new();
        p.legal_moves(&mut all);
        let mut out: Vec<String> = all
            .into_iter()
            .filter(|m| m.from == s)
            .map(|m| notation::to_coordinate(&v, m))
            .collect();
        out.sort();
        out
    };
    // Ranks 2, 3, 4 of ten: three, two, one square(s); past the half, one.
    let board = |rank: usize| {
        let mut rows = vec!["10".to_string(); 10];
        rows[0] = "9k".into();
        rows[9] = "9K".into();
        rows[10 - rank] = "P9".into();
        rows.join("/") + " w - - 0 1"
    };
    assert_eq!(from(&board(2), "a2"), ["a2a3", "a2a4", "a2a5"]);
    assert_eq!(from(&board(3), "a3"), ["a3a4", "a3a5"]);
    assert_eq!(from(&board(4), "a4"), ["a4a5"]);
    assert_eq!(from(&board(6), "a6"), ["a6a7"]);
    // After a2a5 (passing a3 and a4), a black pawn on b5 takes it en passant on a4.
    let fen = "9k/10/10/10/10/1p8/10/10/P9/9K w - - 0 1";
    let mut p = fen::from_fen(&v, fen).unwrap();
    let m = notation::parse_coordinate(&p, "a2a5").unwrap();
    p.make(m);
    let ep = notation::parse_coordinate(&p, "b5a4").unwrap();
    assert!(ep.is_ep(), "{ep:?}");
    p.make(ep);
    assert!(
        fen::to_fen(&p).starts_with("9k/10/10/10/10/10/p9/10/10/9K "),
        "{}",
        fen::to_fen(&p)
    );
}
