//! Boards larger than 16x16, up to the largest (`geometry::MAX_SIDE`, 30 a side: the
//! Interactive Diagram's script names files by the characters from `a` on, and `~`, the 30th,
//! is the last one it can write). Destinations worked out by hand; perft figures checked
//! against the Diagram's own script (betza.js, the copy the search index holds, run under
//! node by the harness of docs/diagram-harness.md: `node perft.js FILE DEPTH [--fen FEN]`,
//! 2026-11-26), each figure below with the depth it was run to.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, play, to};
use fairylab::geometry::{Geometry, MAX_SIDE, Square};
use fairylab::{bundled, definition, fen, position::Position};

fn position(text: &str, fen: Option<&str>) -> Position {
    let v = bundled::compile("big", text).unwrap_or_else(|e| panic!("{text}: {e}"));
    match fen {
        Some(f) => fen::from_fen(&v, f).unwrap_or_else(|e| panic!("{f}: {e}")),
        None => Position::start(&v),
    }
}

/// Every square name of a board round-trips, past rank 9 and past file `z`.
#[test]
fn square_names_of_the_largest_board() {
    let g = Geometry::new(MAX_SIDE, MAX_SIDE);
    for sq in 0..g.len() as Square {
        let name = g.name(sq).to_string();
        assert_eq!(g.parse_square(&name), Some(sq), "{name}");
    }
    assert_eq!(g.name(g.square(0, 9)).to_string(), "a10");
    assert_eq!(g.name(g.square(25, 0)).to_string(), "z1");
    // Past `z` the Diagram's script writes the characters after it: `{`, `|`, `}`, `~`.
    assert_eq!(g.name(g.square(26, 0)).to_string(), "{1");
    assert_eq!(g.name(g.square(29, 29)).to_string(), "~30");
    assert_eq!(g.parse_square("~31"), None);
    assert_eq!(Geometry::new(19, 19).parse_square("t1"), None);
}

/// A text one square over the largest is refused, with the key's position.
#[test]
fn one_over_the_largest_is_refused_where_it_is_written() {
    let text = format!("files={} ranks=8\nking:K:K:king:a1\n", MAX_SIDE + 1);
    let errors = definition::load(&text).unwrap_err().to_string();
    assert!(
        errors.contains("1:7") && errors.contains("files must be a whole number from 1 to 30"),
        "{errors}"
    );
    assert!(definition::load("files=30 ranks=30\nking:K:K:king:a1\n").is_ok());
}

/// A lone rook in the middle of an empty 19x19 board: 18 squares along its file, 18 along
/// its rank.
#[test]
fn a_rook_on_an_empty_19x19_board() {
    let text = "files=19 ranks=19 promoZone=0\nrook:R:R:rook:\nking:K:K:king:a1\n";
    let p = position(
        text,
        Some("18k/19/19/19/19/19/19/19/19/9R9/19/19/19/19/19/19/19/19/K18 w - - 0 1"),
    );
    let file: Vec<String> = (1..=19)
        .filter(|&r| r != 10)
        .map(|r| format!("j{r}"))
        .collect();
    let rank: Vec<String> = "abcdefghiklmnopqrs"
        .chars()
        .map(|f| format!("{f}10"))
        .collect();
    let all: Vec<&str> = file.iter().chain(&rank).map(String::as_str).collect();
    assert_eq!(all.len(), 36);
    assert_eq!(moves_from(&p, "j10"), to("j10", &all));
    assert_eq!(moves_from(&p, "a1"), to("a1", &["a2", "b1", "b2"]));
}

/// A knight in each corner of 25x25: two leaps each (`y` is the 25th file).
#[test]
fn a_knight_in_the_corners_of_25x25() {
    let text = "files=25 ranks=25 promoZone=0\nknight:N:N:knight:\nking:K:K:king:a1\n";
    let row = |s: &str| s.to_string();
    let mut rows = vec![row("N11k11N")];
    rows.extend(std::iter::repeat_n(row("25"), 23));
    rows.push(row("N11K12"));
    let fen = format!("{} w - - 0 1", rows.join("/"));
    let p = position(text, Some(&fen));
    assert_eq!(moves_from(&p, "a1"), to("a1", &["b3", "c2"]));
    assert_eq!(moves_from(&p, "a25"), to("a25", &["b23", "c24"]));
    assert_eq!(moves_from(&p, "y25"), to("y25", &["w24", "x23"]));
    // Its FEN, with two-digit counts, is written back as read.
    assert_eq!(fen::to_fen(&p), fen);
}

/// The start of a 25x25 text: 125 moves, worked out by hand (each knight has one leap, the
/// other onto its bishop; each rook 24 up, taking Black's, and 10 along the rank; each bishop
/// 25; the king 5), and as the Diagram's script counts to depth 2.
#[test]
fn a_25x25_start_against_the_script() {
    let text = "files=25 ranks=25\nknight:N:N:knight:a1,y1\nrook:R:R:rook:b1,x1\n\
                bishop:B:B:bishop:c2,w2\nking:K:K:king:m1\n";
    let mut p = position(text, None);
    assert_eq!(moves_from(&p, "a1"), to("a1", &["b3"]));
    assert_eq!(moves_from(&p, "c2").len(), 25);
    assert_eq!(p.perft(1), 125);
    assert_eq!(p.perft(2), 14739);
}

/// Files past `z`: a knight on the 27th file (`{`) and a rook on the 30th (`~`), read from
/// the piece lines and played. The rook, the text's first type, promotes on the last rank as
/// the Diagram's first type does (to the knight or the rook).
#[test]
fn a_rook_past_file_z() {
    let text =
        "files=30 ranks=10\nrook:R:R:rook:a1,~1\nknight:N:N:knight:{1,b1\nking:K:K:king:o1\n";
    let mut p = position(text, None);
    assert_eq!(moves_from(&p, "{1"), to("{1", &["|3", "z3", "}2", "y2"]));
    let ups: Vec<String> = (2..=9).map(|r| format!("~{r}")).collect();
    let ups: Vec<&str> = ups.iter().map(String::as_str).collect();
    let mut rook = to("~1", &ups);
    rook.extend(to("~1", &["|1", "}1", "~10n", "~10r"]));
    rook.sort();
    assert_eq!(moves_from(&p, "~1"), rook);
    // The script's figures to depth 3.
    assert_eq!((p.perft(1), p.perft(2), p.perft(3)), (34, 1008, 45321));
    let after = play(&mut p, "{1z3");
    assert!(
        after.starts_with("rn12k11n2r/30/30/30/30/30/30/25N4/"),
        "{after}"
    );
}

/// A shogi-like 17x17 text: drops from the hand and promotion by offset.
const SHOGI17: &str = "files=17 ranks=17 symmetry=rotate holdingsType=-1 promoZone=5 \
promoOffset=4 maxPromote=3 royal=4
pawn:P:fW:pawn:a5-q5
lance:L:fR:lance:a1,q1
rook:R:R:rook:c3,o3
king:K:K:king:i1
tokin:T:WfF:tokin:
promoted lance:M:WfF:plance:
dragon:D:RF:dragon:
";

/// Its start: 17 pawn steps, 3 + 3 for the lances, 16 + 16 for the rooks, 5 for the king;
/// the script's figures to depth 3.
#[test]
fn a_shogi_like_17x17_start_against_the_script() {
    let mut p = position(SHOGI17, None);
    assert_eq!(moves_from(&p, "a1"), to("a1", &["a2", "a3", "a4"]));
    assert_eq!(moves_from(&p, "c3").len(), 16);
    assert_eq!((p.perft(1), p.perft(2), p.perft(3)), (60, 3600, 208860));
}

/// A rook entering the zone (ranks 13 to 17 for White) may promote to the dragon or not; a
/// pawn in hand drops on every empty square but the last rank's.
#[test]
fn drops_and_promotion_on_17x17() {
    let board = "8k8/17/17/17/17/17/17/2R14/17/17/17/17/17/17/17/17/8K8";
    let mut p = position(SHOGI17, Some(&format!("{board}[P] w - - 0 1")));
    let rook = moves_from(&p, "c10");
    for r in 13..=17 {
        assert!(
            rook.contains(&format!("c10c{r}")) && rook.contains(&format!("c10c{r}d")),
            "{rook:?}"
        );
    }
    assert_eq!(rook.iter().filter(|m| m.ends_with('d')).count(), 5);
    // 32 squares, five of them also promoting.
    assert_eq!(rook.len(), 37);
    let mut all = Vec::new();
    p.legal_moves(&mut all);
    let drops: Vec<String> = (all.iter().filter(|m| m.is_drop()))
        .map(|&m| fairylab::notation::to_coordinate(p.variant(), m))
        .collect();
    // 289 squares, 3 taken, 16 more empty on the last rank.
    assert_eq!(drops.len(), 270);
    assert!(drops.contains(&"P@q16".to_string()) && !drops.iter().any(|d| d.ends_with("17")));
    // King 5 + rook 37 + drops 270, by hand; without the hand, the script's figures.
    assert_eq!(p.perft(1), 312);
    let after = play(&mut p, "P@i16");
    assert!(after.starts_with("8k8/8P8/"), "{after}");
    let mut bare = position(SHOGI17, Some(&format!("{board} w - - 0 1")));
    assert_eq!(
        (bare.perft(1), bare.perft(2), bare.perft(3)),
        (42, 195, 8700)
    );
}
