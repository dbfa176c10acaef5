//! The size limits on hostile input, each a named constant, each tested just under and just
//! over: board side (`geometry::MAX_SIDE`), piece types (`definition::MAX_PIECE_TYPES`),
//! definition text (`definition::MAX_TEXT_LEN`), Betza length and nesting (`betza::MAX_LEN`,
//! `betza::MAX_NESTING`), pieces one move takes on the way (`betza::MAX_LOCUST`), ways of a
//! move of several legs (`betza::MAX_WAYS`) and the squares it walks
//! (`betza::MAX_PATH_STEPS`), share fragment (`share::MAX_FRAGMENT_LEN`). Moves in
//! an imported game (`gametext::MAX_MOVES`) are tested in tests/gametext.rs
//! (`move_limit_just_under_and_just_over`).

use fairylab::betza;
use fairylab::definition::{self, MAX_PIECE_TYPES, MAX_TEXT_LEN, Pos};
use fairylab::geometry::MAX_SIDE;
use fairylab::share::{self, MAX_FRAGMENT_LEN};

const CHESS: &str = "files=8 ranks=8\npromoZone=1 promoChoice=QRBN\n\
pawn:P:ifmnDfmWfceF:pawn:a2-h2\nknight:N:N:knight:b1,g1\nbishop:B:B:bishop:c1,f1\n\
rook:R:R:rook:a1,h1\nqueen:Q:Q:queen:d1\nking:K:KisO2:king:e1\n";

fn messages(text: &str) -> Vec<String> {
    match definition::load(text) {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(|e| e.to_string()).collect(),
    }
}

#[test]
fn board_side_just_under_and_just_over() {
    let side = |n: u32| format!("files={n} ranks={n}\nking:K:K:king:a1\n");
    assert!(definition::load(&side(MAX_SIDE as u32)).is_ok());
    let over = messages(&side(MAX_SIDE as u32 + 1));
    assert!(!over.is_empty());
    assert!(over.iter().any(|m| m.starts_with("1:")), "{over:?}");
    let ranks_over = format!("files=8 ranks={}\nking:K:K:king:a1\n", MAX_SIDE as u32 + 1);
    assert!(definition::load(&ranks_over).is_err());
}

/// `n` piece lines (IDs repeat past Z, which is an error of its own; the limit's error must
/// appear exactly when there are more than MAX_PIECE_TYPES).
fn pieces(n: usize) -> String {
    let mut s = String::from("files=8 ranks=8\n");
    for i in 0..n {
        let id = (b'A' + (i % 26) as u8) as char;
        s.push_str(&format!("p{i}:{id}:W:pawn:\n"));
    }
    s
}

#[test]
fn piece_types_just_under_and_just_over() {
    let limit = format!("more than {MAX_PIECE_TYPES} piece types");
    let under = messages(&pieces(MAX_PIECE_TYPES));
    assert!(!under.iter().any(|m| m.contains(&limit)), "{under:?}");
    let over = messages(&pieces(MAX_PIECE_TYPES + 1));
    // At the name of the first type past the limit: line 2 is the first piece line.
    let at = format!("{}:1: {limit}", MAX_PIECE_TYPES + 2);
    assert!(over.contains(&at), "{over:?}");
}

#[test]
fn text_length_just_under_and_just_over() {
    let pad = |total: usize| {
        let mut s = String::from(CHESS);
        s.push('#');
        while s.len() < total {
            s.push('x');
        }
        s
    };
    let under = pad(MAX_TEXT_LEN);
    assert_eq!(under.len(), MAX_TEXT_LEN);
    assert!(definition::load(&under).is_ok());
    let over = pad(MAX_TEXT_LEN + 1);
    let e = definition::load(&over).unwrap_err();
    assert_eq!(e.0.len(), 1);
    // The first byte past the limit: on the comment line, the last of the text.
    let lines = CHESS.lines().count() as u32;
    let col = (MAX_TEXT_LEN - CHESS.len()) as u32 + 1;
    assert_eq!(
        e.0[0].pos,
        Pos {
            line: lines + 1,
            col
        }
    );
    assert!(e.0[0].message.contains("more than"), "{}", e.0[0]);
    // A 1 MB line is refused at once, at column MAX_TEXT_LEN + 1 of line 1.
    let line = "x".repeat(1 << 20);
    let e = definition::parse(&line).unwrap_err();
    assert_eq!(
        e.0[0].pos,
        Pos {
            line: 1,
            col: MAX_TEXT_LEN as u32 + 1
        }
    );
    // Multi-byte characters: the position is on a character boundary.
    let wide = "é".repeat(MAX_TEXT_LEN);
    let e = definition::parse(&wide).unwrap_err();
    assert_eq!(
        e.0[0].pos,
        Pos {
            line: 1,
            col: MAX_TEXT_LEN as u32 / 2 + 1
        }
    );
}

#[test]
fn betza_length_just_under_and_just_over() {
    let under = "W".repeat(betza::MAX_LEN);
    assert!(betza::parse(&under).is_ok());
    let over = "W".repeat(betza::MAX_LEN + 1);
    let e = betza::parse(&over).unwrap_err();
    assert_eq!(e.offset, betza::MAX_LEN);
    // In a definition, at its column: the moves past the limit are not played (issue 25),
    // the first MAX_LEN characters are.
    let text = format!("files=8 ranks=8 promoZone=0\nking:K:{over}:king:e1\n");
    let spec = definition::load(&text).unwrap();
    let w = &spec.warnings[0];
    assert_eq!(
        (w.pos.line, w.pos.col),
        (2, 8 + betza::MAX_LEN as u32),
        "{w}"
    );
    assert!(w.message.starts_with("not played:"), "{w}");
    // "WW" is a rider: MAX_LEN W's read as MAX_LEN / 2 of them.
    assert_eq!(spec.pieces[0].moves.len(), betza::MAX_LEN / 2);
}

#[test]
fn betza_nesting_just_under_and_just_over() {
    // Depth MAX_NESTING (1): one bracket of legs, reads.
    assert_eq!(betza::MAX_NESTING, 1);
    assert!(betza::parse("fmWfcF[F?R]").is_ok());
    // Depth 2: refused at the inner bracket.
    let e = betza::parse("[W-[F?R]]").unwrap_err();
    assert_eq!(e.offset, 3, "{e}");
    // Deep nesting is refused at its second bracket, without recursion.
    let deep = format!("{}W{}", "[".repeat(100), "]".repeat(100));
    assert_eq!(betza::parse(&deep).unwrap_err().offset, 1);
}

#[test]
fn fragment_length_just_under_and_just_over() {
    // A valid fragment padded to the limit with empty fields (skipped by the reader).
    let pad = |total: usize| {
        let mut s = String::from("v=chess&m=e2e4");
        while s.len() < total {
            s.push('&');
        }
        s
    };
    let under = share::decode(&pad(MAX_FRAGMENT_LEN)).unwrap();
    assert_eq!(under.moves, vec!["e2e4".to_string()]);
    let e = share::decode(&pad(MAX_FRAGMENT_LEN + 1)).unwrap_err();
    assert!(e.to_string().contains("fragment"), "{e}");
}

/// `aaaK` (four king steps): 8 first steps, then 7 each (any but straight back) = 2,744 ways, under
/// MAX_WAYS; one leg more, 19,208, over: refused at the component, not followed for minutes.
#[test]
fn ways_of_a_leg_chain_just_under_and_just_over() {
    let ways = |betza: &str| {
        let n = betza.matches('a').count() as u32;
        8 * 7usize.pow(n)
    };
    let under = "aaaK";
    assert!(ways(under) <= betza::MAX_WAYS);
    assert!(betza::parse(under).is_ok());
    let over = "aaaaK";
    assert!(ways(over) > betza::MAX_WAYS);
    let e = betza::parse(over).unwrap_err();
    assert_eq!(e.offset, 0, "{e:?}");
    assert!(e.message.contains("ways"), "{}", e.message);
    // In a definition: left out with a `not played:` warning (issue 25).
    let fuzzed = "promoZone=0\nampg:K:bbbbaaaaaaNNNNNO2:x:e1\n";
    let spec = definition::load(fuzzed).unwrap();
    assert!(
        spec.warnings[0].message.contains("ways"),
        "{}",
        spec.warnings[0]
    );
}

/// The legs after a path's first take the atom's own range (the script's `origRange`): a
/// queen's later legs ride, up to 15 squares counted each. Two queen legs (`aQ`): 8 x 15, then
/// 7 x 15, 12,600 squares walked, under `betza::MAX_PATH_STEPS`; three (`aaQ`), 1,323,000,
/// over: refused at the component. (`aaK4` walks 8 x 4 x 7 x 7 = 1,568: its later legs step.)
#[test]
fn squares_a_leg_chain_walks_just_under_and_just_over() {
    let steps = |legs: u32| 8 * 15 * (7 * 15usize).pow(legs - 1);
    assert!(steps(2) <= betza::MAX_PATH_STEPS);
    assert!(betza::parse("aQ").is_ok());
    assert!(betza::parse("aaK4").is_ok());
    assert!(steps(3) > betza::MAX_PATH_STEPS);
    let e = betza::parse("aaQ").unwrap_err();
    assert_eq!(e.offset, 0, "{e:?}");
    assert!(e.message.contains("walk more than"), "{}", e.message);
}

/// A jumper that takes `n` pieces in a line on the way and lands beyond (`cafcafmW` for two:
/// each leg after the first straight on): `betza::MAX_LOCUST` victims load, one more is refused at
/// the component.
#[test]
fn locust_victims_just_under_and_just_over() {
    let jumper = |n: usize| format!("ca{}fmW", "fca".repeat(n - 1));
    let under = jumper(betza::MAX_LOCUST);
    assert!(betza::parse(&under).is_ok(), "{under}");
    let over = jumper(betza::MAX_LOCUST + 1);
    let e = betza::parse(&over).unwrap_err();
    assert_eq!(e.offset, 0, "{e:?}");
    assert!(e.message.contains("pieces on the way"), "{}", e.message);
}

#[test]
fn bracket_legs_just_under_and_just_over() {
    let legs = |n: usize| format!("[{}]", vec!["W"; n].join("-"));
    let n = betza::bracket::MAX_LEGS;
    assert!(betza::parse(&legs(n)).is_ok());
    let e = betza::parse(&legs(n + 1)).unwrap_err();
    // Refused at the first leg past the limit.
    assert_eq!(e.offset, 1 + 2 * n, "{e}");
}
