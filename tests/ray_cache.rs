//! The ray tables (the fast cache of single-leg moves) agree with the general walker: every
//! piece's plain steps, slides and leaps that the walker can follow (`W F R B Q K`, limited or
//! not, with direction and mode letters, `[fmW]`, `[ifcF]`, …) are rewritten in brackets, which
//! sends them to the walker; on random games of the six bundled variants and of texts with
//! hoppers, moves of several legs, locust captures and drops, every position's pseudo-legal
//! moves (kind and capture included), legal moves, attacked squares, check and the squares
//! each piece goes to and attacks are the same under the rays as under the walker. (Knights,
//! lame leaps `n`, en passant `e`, castling and conversion stay in the rays: the walker does
//! not take them in brackets.)

#![cfg(not(target_arch = "wasm32"))]

use fairylab::bundled;
use fairylab::fen;
use fairylab::geometry::Square;
use fairylab::piece::Colour;
use fairylab::position::{Move, Position};
use proptest::prelude::*;
use proptest::sample::Index;

/// Rewrite the Betza text of every piece line (`:ID:BETZA:`) of `text`, each component the
/// walker can follow put in brackets.
fn walked_text(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        // `:X:` then the Betza text up to the next `:`.
        if b[i] == b':' && i + 2 < b.len() && b[i + 2] == b':' && !b[i + 1].is_ascii_whitespace() {
            let start = i + 3;
            let end = start
                + text[start..]
                    .find([':', '\n'])
                    .unwrap_or(text.len() - start);
            out.push_str(&text[i..start]);
            out.push_str(&bracketed(&text[start..end]));
            i = end;
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// A Betza text with its plain components (`[a-z]*[A-Z][0-9]*` with an atom and letters the
/// walker takes in brackets) bracketed; a text with anything else (brackets, parentheses, an
/// atom of the Diagram's own such as `X`, which a text with brackets does not take) kept as is.
fn bracketed(betza: &str) -> String {
    let known = |c: char| !c.is_ascii_uppercase() || "WFDNAHCZGRBQKO".contains(c);
    if betza.contains(['[', '(', '{', '\'']) || !betza.chars().all(known) {
        return betza.to_string();
    }
    let mut out = String::new();
    let mut comp = String::new();
    let mut chars = betza.chars().peekable();
    while let Some(c) = chars.next() {
        comp.push(c);
        if c.is_ascii_uppercase() {
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                comp.push(*d);
                chars.next();
            }
            let (letters, atom) =
                comp.split_at(comp.find(|c: char| c.is_ascii_uppercase()).unwrap());
            let plain =
                "WFRBQK".contains(&atom[..1]) && letters.chars().all(|l| "fblrvsmci".contains(l));
            if plain {
                out.push_str(&format!("[{comp}]"));
            } else {
                out.push_str(&comp);
            }
            comp.clear();
        }
    }
    out.push_str(&comp);
    out
}

fn sorted_moves(p: &Position, legal: bool) -> Vec<Move> {
    let mut out = Vec::new();
    if legal {
        p.legal_moves(&mut out);
    } else {
        p.pseudo_moves(&mut out);
    }
    out.sort();
    out
}

fn sorted(mut squares: Vec<Square>) -> Vec<Square> {
    squares.sort();
    squares.dedup();
    squares
}

/// The same position under the rays and under the walker.
fn agree(rays: &Position, walked: &Position) {
    let f = fen::to_fen(rays);
    assert_eq!(
        sorted_moves(rays, false),
        sorted_moves(walked, false),
        "{f}"
    );
    assert_eq!(sorted_moves(rays, true), sorted_moves(walked, true), "{f}");
    for sq in 0..rays.variant().geometry.len() as Square {
        let held = rays.piece_at(sq).map(|p| p.colour);
        for by in Colour::ALL.into_iter().filter(|&by| held != Some(by)) {
            assert_eq!(
                rays.is_attacked(sq, by),
                walked.is_attacked(sq, by),
                "{f}: square {sq} attacked by {by:?}"
            );
        }
        assert_eq!(
            sorted(rays.targets_from(sq)),
            sorted(walked.targets_from(sq)),
            "{f}: targets from {sq}"
        );
        assert_eq!(
            sorted(rays.attacks_from(sq)),
            sorted(walked.attacks_from(sq)),
            "{f}: attacks from {sq}"
        );
    }
    assert_eq!(rays.in_check(), walked.in_check(), "{f}");
}

/// Random games of `text` (from `start`, or the start position), each position compared.
fn play(text: &str, start: Option<&str>, picks: &[Index]) {
    let rays = bundled::compile("rays", text).unwrap();
    let walked_text = walked_text(text);
    let walked = bundled::compile("walked", &walked_text).unwrap();
    assert!(
        walked.walk_types.count_ones() > rays.walk_types.count_ones(),
        "nothing went to the walker: {walked_text}"
    );
    let mut pos = match start {
        Some(f) => fen::from_fen(&rays, f).unwrap(),
        None => Position::start(&rays),
    };
    for pick in picks {
        let twin = fen::from_fen(&walked, &fen::to_fen(&pos)).unwrap();
        agree(&pos, &twin);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        pos.make(legal[pick.index(legal.len())]);
    }
}

/// Hoppers (in the hop cache and not), a lion's locust captures and a griffon's bent moves
/// beside the plain pieces.
const LEGS: &str = "files=8 ranks=8 promoZone=1 promoChoice=QRGCLN\n\
    pawn:P:ifmnDfmWfceF:pawn:a2-h2\n\
    knight:N:N:knight:b1\n\
    griffon:G:[F?R]:griffon:c1\n\
    cannon:C:mRcpR:cannon:f1\n\
    rook:R:R:rook:a1,h1\n\
    lion:L:KNADcaKcabKmabK:lion:d1\n\
    queen:Q:Q:queen:g1\n\
    king:K:KisO2:king:e1";

/// The rewriting brackets what the walker takes, keeps the rest, and only in piece lines.
#[test]
fn the_rewriting_brackets_plain_components() {
    assert_eq!(bracketed("ifmnDfmWfceF"), "ifmnD[fmW]fceF");
    assert_eq!(bracketed("KisO2"), "[K]isO2");
    assert_eq!(bracketed("fW2fcnH"), "[fW2]fcnH");
    assert_eq!(bracketed("mRcpR"), "[mR]cpR");
    assert_eq!(bracketed("[F?R]"), "[F?R]");
    assert_eq!(
        walked_text("files=8 promoZone=1\nroyal pawn:J:fWfcnD:king: rook:R:WDHWX:rook:a1\n"),
        "files=8 promoZone=1\nroyal pawn:J:[fW]fcnD:king: rook:R:WDHWX:rook:a1\n"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn bundled_variants_agree(
        which in 0usize..6,
        picks in prop::collection::vec(any::<Index>(), 30..=60),
    ) {
        let name = ["chess", "morphing-chess", "morphing-chess-3", "morphomania",
            "symmetric-chess", "marseillais"][which];
        let v = bundled::load(name).unwrap();
        play(&v.source, None, &picks);
    }

    #[test]
    fn hoppers_legs_and_locusts_agree(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        play(LEGS, None, &picks);
    }

    #[test]
    fn drops_agree(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        let text = std::fs::read_to_string("tests/perft/fsf/defs/crazyhouse.txt").unwrap();
        play(&text, Some("r1bqk2r/ppp2ppp/2n5/3pp3/1b2P3/2N5/PPPP1PPP/R1BQKB1R[NPn] w KQkq - 0 5"), &picks);
    }
}
