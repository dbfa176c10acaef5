//! Issue 25: the Diagram's default promotion (no `maxPromote`: the first piece line promotes;
//! no `promoChoice`: the choice is `QNRB`, the types with those IDs) and keys that list piece
//! IDs of several characters (`GB`, `+P`). Expected moves and choices worked out by hand from
//! the Diagram's script (`SetPromoChoice`, `StackMove`, `ShuffleOne`); the same texts' perft
//! figures from the script itself are in tests/diagram/vectors.txt (`promo-*`).

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, sorted};
use fairylab::definition::{self, Placement, Spec};
use fairylab::{bundled, notation, position::Position};

fn spec(text: &str) -> Spec {
    let (spec, diags) = definition::check(text);
    spec.unwrap_or_else(|| panic!("{diags:?}"))
}

fn type_of(spec: &Spec, id: &str) -> usize {
    spec.pieces.iter().position(|p| p.id == id).unwrap()
}

/// The IDs of the promotion choices, in order.
fn choices(spec: &Spec) -> Vec<String> {
    (spec.promo_choice.iter())
        .map(|&t| spec.pieces[t].id.to_string())
        .collect()
}

/// Warnings as (line, column, message).
fn warnings(spec: &Spec) -> Vec<(u32, u32, String)> {
    (spec.warnings.iter())
        .map(|w| (w.pos.line, w.pos.col, w.message.clone()))
        .collect()
}

/// `promo-none`: no promoChoice, and none of Q, N, R, B is a type: the pawn (the first line)
/// has nothing to promote to, so it cannot step onto a6, the last rank; the wazir, not a
/// promoting type, goes anywhere.
#[test]
fn without_promo_choice_only_the_types_named_q_n_r_b_are_offered() {
    let text = "files=6 ranks=6 symmetry=none\npawn::fW::a5\nwazir:W:W::c1\nking::K::e1,,e6";
    let s = spec(text);
    assert!(s.promo_choice.is_empty());
    let w = warnings(&s);
    assert_eq!((w[0].0, w[0].1), (2, 1), "{w:?}");
    assert!(
        w[0].2.contains("'pawn' promotes (the first piece line"),
        "{w:?}"
    );
    assert!(w[0].2.contains("QNRB"), "{w:?}");
    let p = Position::start(&bundled::compile("t", text).unwrap());
    assert_eq!(moves_from(&p, "a5"), [] as [String; 0]);
    assert_eq!(moves_from(&p, "c1"), sorted(&["c1b1", "c1c2", "c1d1"]));
}

/// `promo-first`: the first piece line (a wazir) promotes, to the knight, the one type of
/// QNRB the text has (Black's only, none on White's side); the pawn on the second line does
/// not promote and steps onto the last rank as a pawn.
#[test]
fn without_max_promote_the_first_piece_line_promotes() {
    let text = "files=6 ranks=6 symmetry=none\nwazir:W:W::c5\npawn::fW::a5\n\
                knight:N:N::,,f6\nking::K::e1,,e5";
    let s = spec(text);
    assert_eq!(choices(&s), ["N"]);
    let promotes: Vec<bool> = s.pieces.iter().map(|p| p.promotes).collect();
    assert_eq!(promotes, [true, false, false, false]);
    let p = Position::start(&bundled::compile("t", text).unwrap());
    assert_eq!(
        moves_from(&p, "c5"),
        sorted(&["c5b5", "c5c4", "c5c6n", "c5d5"])
    );
    assert_eq!(moves_from(&p, "a5"), ["a5a6"]);
    // With maxPromote=2 the pawn promotes too (to the knight), and maxPromote=0 promotes none.
    let two = text.replace("symmetry=none", "symmetry=none maxPromote=2");
    let p = Position::start(&bundled::compile("t", &two).unwrap());
    assert_eq!(moves_from(&p, "a5"), ["a5a6n"]);
    let none = text.replace("symmetry=none", "symmetry=none maxPromote=0");
    let p = Position::start(&bundled::compile("t", &none).unwrap());
    assert_eq!(
        moves_from(&p, "c5"),
        sorted(&["c5b5", "c5c4", "c5c6", "c5d5"])
    );
}

/// `promo-ids`: `promoChoice=GB+P` names the gold bishop `GB` and the promoted pawn `+P`; the
/// script looks each ID up in the text, so it finds `B` inside `GB` and `P` inside `+P` too:
/// four choices, in the order of their first places, with a warning for each inner one.
#[test]
fn promo_choice_reads_ids_of_several_characters_as_the_script_does() {
    let text = "files=6 ranks=6 symmetry=none\npromoChoice=GB+P\npawn::fW::b5,,e2\n\
                gold bishop:GB:B::,,a6\nbishop:B:B::f6\npromoted pawn:+P:WF::\n\
                king::K::e1,,d6";
    let s = spec(text);
    assert_eq!(choices(&s), ["GB", "B", "+P", "P"]);
    let w = warnings(&s);
    let at: Vec<(u32, u32)> = w.iter().map(|w| (w.0, w.1)).collect();
    assert_eq!(at, [(2, 14), (2, 16)], "{w:?}");
    assert!(w[0].2.contains("'B' is read inside 'GB'"), "{w:?}");
    assert!(w[1].2.contains("'P' is read inside '+P'"), "{w:?}");
    // Black's pawn on e2 checks the king; once it steps aside, the pawn promotes on e1 to
    // each of the four (the script's perft: 41 after two plies, tests/diagram/vectors.txt).
    let mut p = Position::start(&bundled::compile("t", text).unwrap());
    let m = notation::parse_move(&p, "e1d1").unwrap();
    p.make(m);
    assert_eq!(moves_from(&p, "e2").len(), 4);
    // Marks around an ID of two characters: `*` before it, a rank count after it.
    let marked = spec(&text.replace("promoChoice=GB+P", "promoChoice=*GB!+P1"));
    let gb = marked
        .promo_choice
        .iter()
        .position(|&t| t == type_of(&marked, "GB"));
    let plus = marked
        .promo_choice
        .iter()
        .position(|&t| t == type_of(&marked, "+P"));
    let (gb, plus) = (
        marked.promo_rules[gb.unwrap()],
        marked.promo_rules[plus.unwrap()],
    );
    assert!(gb.from_hand && !gb.not_last && gb.depth == 0, "{gb:?}");
    assert!(
        plus.not_last && !plus.from_hand && plus.depth == 1,
        "{plus:?}"
    );
}

/// Keys the stored script reads as piece numbers (`royal`, `iron`, …) take IDs in fairylab:
/// the list is cut into IDs, the longest at each place, so `+K` is not also `K`.
#[test]
fn royal_and_iron_cut_their_lists_into_ids() {
    let text = "files=6 ranks=6 royal=+KDV iron=GBX\nking:K:K::a1\nprince:+K:K::b1\n\
                dove:DV:F::c1\ngold bishop:GB:B::d1\nbishop:B:B::e1\nking2:Q:K::f1";
    let s = spec(text);
    let royal: Vec<&str> = (s.pieces.iter())
        .filter(|p| p.royal)
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(royal, ["+K", "DV"]);
    let iron: Vec<&str> = (s.pieces.iter())
        .filter(|p| p.iron)
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(iron, ["GB"]);
    let w = warnings(&s);
    assert!(
        w.iter()
            .any(|w| (w.0, w.1) == (1, 35) && w.2.contains("'X' is no piece's ID")),
        "{w:?}"
    );
}

/// A shuffle group finds an ID of two characters with its mark just before it.
#[test]
fn shuffle_groups_read_ids_of_several_characters() {
    let text = "files=8 ranks=8 promoZone=0 shuffle=N!GB\nknight:N:N::b1,g1\n\
                gold bishop:GB:B::c1,f1\nking:K:K::e1";
    let s = spec(text);
    let group: Vec<(String, Placement)> = (s.shuffle[0].iter())
        .map(|m| (s.pieces[m.piece].id.to_string(), m.placement))
        .collect();
    assert_eq!(
        group,
        [
            ("N".to_string(), Placement::Any),
            ("GB".to_string(), Placement::OppositeShades)
        ]
    );
}

/// A morph map gives one ID a file, an ID of two characters taking two: a pawn reaching the
/// sixth rank becomes the promoted pawn `+P` (the map's `.` leaves it a pawn).
#[test]
fn morph_maps_read_ids_of_several_characters() {
    let text = "files=4 ranks=6 promoZone=0\npawn:P:fW::a5\nmorph=/////+P.+P+P\n\
                promoted pawn:+P:WF::\nking:K:K::d1";
    let s = spec(text);
    let map = s.pieces[0].morph.as_ref().unwrap();
    let plus = type_of(&s, "+P");
    let sixth: Vec<Option<usize>> = (0..4)
        .map(|f| map[s.geometry.square(f, 5) as usize])
        .collect();
    assert_eq!(sixth, [Some(plus), None, Some(plus), Some(plus)]);
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
}

/// Two lines sharing an ID (Tamerlane's eleven `P`s): fairylab writes the later one with a
/// free letter, but a list names types by the ID the text writes, as the Diagram looks it up,
/// so `promoChoice=PQ` offers both pawns and the queen, and the letter fairylab chose means
/// nothing in a list.
#[test]
fn lists_name_types_by_the_ids_the_text_writes() {
    let text = "files=6 ranks=6 promoChoice=PQ\nwazir:W:W::c5\npawn:P:fW::a2\n\
                berolina:P:fF::b2\nqueen:Q:Q::d1\nking:K:K::e1";
    let s = spec(text);
    assert_eq!(type_of(&s, "B"), 2, "berolina is written B");
    assert_eq!(choices(&s), ["P", "B", "Q"]);
    let p = Position::start(&bundled::compile("t", text).unwrap());
    assert_eq!(
        moves_from(&p, "c5"),
        sorted(&["c5b5", "c5c4", "c5c6b", "c5c6p", "c5c6q", "c5d5"])
    );
    let b = spec(&text.replace("promoChoice=PQ", "promoChoice=BQ"));
    assert_eq!(choices(&b), ["Q"]);
    assert!(
        warnings(&b)
            .iter()
            .any(|w| w.2.contains("'B' is no piece's ID")),
        "{:?}",
        warnings(&b)
    );
}

/// Several types sharing IDs, as in Tamerlane (its pawns all `P`) and Elven Shogi (promoted
/// forms repeating their base's line): the Diagram loads them without a word, so fairylab says
/// it once, at the first type it writes with another letter, naming every letter it chose.
#[test]
fn ids_shared_by_several_types_are_one_warning() {
    let text = "files=6 ranks=6\npawn (B):P:fW::a2\npawn (R):P:fW::b2\npawn (Q):P:fW::c2\n\
                bishop:B:B::a1\nrook:R:R::b1\nqueen:Q:Q::c1\nking:K:K::e1\nrook:R:R::";
    let s = spec(text);
    let w = warnings(&s);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!((w[0].0, w[0].1), (3, 10), "{w:?}");
    assert_eq!(
        w[0].2,
        "3 piece types reuse an earlier type's ID, as the Diagram allows; fairylab writes them \
         apart in FEN and move text: 'P' (first by 'pawn (B)' at 2:1): 'A' for 'pawn (R)' at \
         3:1, 'W' for 'pawn (Q)' at 4:1; 'R' (first by 'rook' at 6:1): 'O' for 'rook' at 9:1"
    );
    assert_eq!(type_of(&s, "A"), 1);
    assert_eq!(type_of(&s, "W"), 2);
    assert_eq!(type_of(&s, "O"), 7);
}
