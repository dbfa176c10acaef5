//! The ray tables (the fast cache of moves of one leg) agree with the general walker: every
//! variant is compiled twice from the same text, once as it plays (`Variant::compile`) and
//! once with every move of one leg the walker can follow left to it (`Variant::
//! compile_walked`: steps, slides and leaps, knights and other oblique leaps included, with
//! their direction, mode and `i` letters); on random games of the six bundled variants and
//! of texts with oblique leaps, hoppers, moves of several legs, locust captures and drops,
//! every position's pseudo-legal moves (kind and capture included), legal moves, attacked
//! squares, check and the squares each piece goes to and attacks are the same under the
//! rays as under the walker. (Lame leaps `n`, en passant `e`, `*`, castling and conversion
//! stay in the rays on both sides: the walker does not play them.)

#![cfg(not(target_arch = "wasm32"))]

use std::sync::Arc;

use fairylab::bundled;
use fairylab::definition;
use fairylab::fen;
use fairylab::geometry::Square;
use fairylab::piece::Colour;
use fairylab::position::{Move, Position};
use fairylab::variant::Variant;
use proptest::prelude::*;
use proptest::sample::Index;

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
    let spec = || definition::load(text).unwrap();
    let rays = Arc::new(Variant::compile("rays", text, spec()));
    let walked = Arc::new(Variant::compile_walked("walked", text, spec()));
    assert!(
        walked.walk_types.count_ones() > rays.walk_types.count_ones(),
        "nothing went to the walker: {text}"
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

/// Every leap a knight-like piece may make (N, C, Z, and the two-atom pieces of
/// Capablanca-style variants), forward-only and capture-only ones, an initial oblique leap,
/// and rides of oblique leaps (the nightrider `NN`, a limited one `fC2`), beside a king
/// that castles and a pawn with en passant, which stay in the rays.
const LEAPS: &str = "files=8 ranks=8 promoZone=1 promoChoice=QANZ\n\
    pawn:P:ifmnDfmWfceF:pawn:a2-h2\n\
    nightrider:N:NN:knight:b1,g1\n\
    archbishop:A:BN:archbishop:c1\n\
    camel:C:fC2bmCcZ:camel:f1\n\
    zebra:Z:ifmZfsNbW:zebra:a1\n\
    queen:Q:Q:queen:d1\n\
    rook:R:R:rook:h1\n\
    king:K:KisO2:king:e1";

/// What the walker takes in the twin, and what stays in the rays: a knight's leaps go to the
/// walker, castling, a lame leap and en passant stay.
#[test]
fn the_twin_walks_what_the_walker_follows() {
    let spec = || definition::load(LEAPS).unwrap();
    let rays = Variant::compile("rays", LEAPS, spec());
    let walked = Variant::compile_walked("walked", LEAPS, spec());
    assert_eq!(rays.walk_types, 0);
    // Every type has walks in the twin; of the pawn's moves only its step (`fmW`): its
    // lame double step (`ifmnD`) and its capture with en passant (`fceF`) stay in the rays.
    assert_eq!(walked.walk_types, (1u64 << walked.types.len()) - 1);
    let pawn = walked.type_by_id('P').unwrap();
    assert_eq!(walked.walks[pawn.index()][0].len(), 1);
    let king = walked.type_by_id('K').unwrap();
    assert_eq!(walked.types[king].castles, rays.types[king].castles);
    assert!(!walked.types[king].castles.is_empty());
}

/// What serves a move is decided from its legs, not from how it was written: a plain leg in
/// brackets (`[bW]`, `[Q]`) goes to the rays as the same leg without them does, and the two
/// texts play the same moves.
#[test]
fn a_plain_leg_in_brackets_is_a_ray() {
    let bracketed = (LEAPS.replace("fsNbW", "fsN[bW]")).replace(":Q:queen", ":[Q]:queen");
    let a = bundled::compile("bracketed", &bracketed).unwrap();
    let b = bundled::compile("plain", LEAPS).unwrap();
    assert_eq!(a.walk_types, 0);
    let mut pos = (Position::start(&a), Position::start(&b));
    for _ in 0..6 {
        let (mut x, mut y) = (Vec::new(), Vec::new());
        pos.0.legal_moves(&mut x);
        pos.1.legal_moves(&mut y);
        x.sort();
        y.sort();
        assert_eq!(x, y);
        pos.0.make(x[x.len() / 2]);
        pos.1.make(y[y.len() / 2]);
    }
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
    fn oblique_leaps_and_rides_agree(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        play(LEAPS, None, &picks);
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
