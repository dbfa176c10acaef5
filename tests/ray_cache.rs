//! The ray tables (the fast cache of moves of one leg) and `castling.rs` agree with the
//! general walker: every variant is compiled twice from the same text, once as it plays
//! (`Variant::compile`) and once with every move of one leg and every castling left to the
//! walker (`Variant::compile_walked`: steps, slides and leaps, knights and other oblique
//! leaps, with their direction, mode and `i` letters; lame leaps `n`, the Mao's path, en
//! passant `e` and the double steps that leave its rights, `*`, conversion, castling with
//! `j`, of any distance and with `castleFlip`). On random games of the six bundled variants
//! and of texts with each of those, oblique leaps, hoppers, moves of several legs, locust
//! captures and drops, every position's pseudo-legal moves (kind and capture included),
//! legal moves, attacked squares, check and the squares each piece goes to and attacks are
//! the same under the rays as under the walker.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::sync::Arc;

use fairylab::bundled;
use fairylab::definition;
use fairylab::fen;
use fairylab::geometry::Square;
use fairylab::piece::Colour;
use fairylab::position::{Move, MoveKind, Position};
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

/// A game of `text` (from `start`, or the start position), `plies` long at most, each move
/// the legal one `pick(count)` chooses, each position compared; the kinds of the legal moves
/// compared, each with whether it converts.
fn play(
    text: &str,
    start: Option<&str>,
    plies: usize,
    mut pick: impl FnMut(usize) -> usize,
) -> BTreeSet<(MoveKind, bool)> {
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
    let mut seen = BTreeSet::new();
    for _ in 0..plies {
        let twin = fen::from_fen(&walked, &fen::to_fen(&pos)).unwrap();
        agree(&pos, &twin);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        seen.extend(legal.iter().map(|m| (m.kind(), m.converts())));
        if legal.is_empty() {
            break;
        }
        pos.make(legal[pick(legal.len())]);
    }
    seen
}

/// Random games of `text` (from `start`, or the start position), the moves `picks` chose.
fn play_picks(text: &str, start: Option<&str>, picks: &[Index]) {
    let mut i = 0;
    play(text, start, picks.len(), |n| {
        i += 1;
        picks[i - 1].index(n)
    });
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

/// Lame leaps in a line (`nA`, `nD`, Berolina's `ifmnA`) and the Mao's (`nN`), a pawn that
/// takes en passant straight ahead (`fceW`) and one with an initial ride of two (`ifmW2`),
/// both leaving en passant rights.
const LAME: &str = "files=8 ranks=8 promoZone=1 promoChoice=QMAR\n\
    pawn:P:fmFfceWifmnA:pawn:a2-d2\n\
    runner:S:ifmW2fmWfceF:pawn:e2-h2\n\
    mao:M:nN:knight:b1,g1\n\
    alfil:A:nAnDW:bishop:c1,f1\n\
    rook:R:R:rook:a1,h1\n\
    queen:Q:Q:queen:d1\n\
    king:K:KisO2:king:e1";

/// Wildebeest's pawn (`fmW*`: as far as the last rank of its own half, leaving en passant
/// rights on the squares it passes) with en passant, and a king that castles three squares.
const HALF: &str = "files=10 ranks=10 promoZone=1 promoChoice=QN\n\
    pawn:P:fmW*fceF:pawn:a2-j2\n\
    knight:N:N:knight:b1,i1\n\
    rook:R:R:rook:a1,j1\n\
    queen:Q:Q:queen:e1\n\
    king:K:KisO3:king:f1";

/// Castling of three and four squares with `castleFlip` (Janus), three either way
/// (Capablanca), and with the piece next to the corner (`j`).
const CASTLINGS: [&str; 3] = [
    "tests/perft/fsf/defs/janus.txt",
    "tests/perft/fsf/defs/capablanca.txt",
    "tests/diagram/defs/castling-j.txt",
];

/// The games compare every kind of move the texts hold: seeded games of each text until
/// the kinds it exists for have been among the legal moves compared (double steps and en
/// passant, castlings, conversions), a test that the random games cannot pass by missing them.
#[test]
fn every_kind_is_compared() {
    use MoveKind::*;
    let file = |f: &str| std::fs::read_to_string(f).unwrap();
    let symmetric = bundled::load("symmetric-chess").unwrap().source.clone();
    let texts: [(String, &[(MoveKind, bool)]); 6] = [
        (LAME.into(), &[(DoubleStep, false), (EnPassant, false)]),
        (
            HALF.into(),
            &[(DoubleStep, false), (EnPassant, false), (Castle, false)],
        ),
        (file(CASTLINGS[0]), &[(Castle, false), (EnPassant, false)]),
        (file(CASTLINGS[1]), &[(Castle, false)]),
        (file(CASTLINGS[2]), &[(CastleInner, false)]),
        (symmetric, &[(Normal, true), (Castle, false)]),
    ];
    for (text, wanted) in texts {
        let mut seen = BTreeSet::new();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..12 {
            seen.extend(play(&text, None, 80, |n| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed % n as u64) as usize
            }));
            if wanted.iter().all(|k| seen.contains(k)) {
                break;
            }
        }
        for k in wanted {
            assert!(seen.contains(k), "no {k:?} in the games of {text}");
        }
    }
}

/// In the twin the ray tables hold nothing: every move is walked, castling too (the types
/// keep their castlings, the castling pairs' state).
#[test]
fn the_twin_walks_every_move() {
    let spec = || definition::load(LEAPS).unwrap();
    let rays = Variant::compile("rays", LEAPS, spec());
    let walked = Variant::compile_walked("walked", LEAPS, spec());
    assert_eq!(rays.walk_types, 0);
    assert!(walked.steps.is_empty() && walked.rays.is_empty());
    assert_eq!(walked.walk_types, (1u64 << walked.types.len()) - 1);
    // The pawn's step, its lame double step, and its two captures with en passant.
    let pawn = walked.type_by_id('P').unwrap();
    assert_eq!(walked.walks[pawn.index()][0].len(), 4);
    let king = walked.type_by_id('K').unwrap();
    assert_eq!(walked.types[king].castles, rays.types[king].castles);
    assert!(!walked.types[king].castles.is_empty());
    assert!(
        walked.walks[king.index()][0]
            .iter()
            .any(|w| w.marks.castle == 2)
    );
    assert_eq!(walked.has_ep, rays.has_ep);
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

/// Two moves of one piece to one square. The pawn's leap `fmD` and its lame double step
/// `ifmnD` both go b2b4: the rays keep the leap, which passes no square, so the move leaves
/// no en passant rights. The runner's `fmW2` and `ifmW2` are one line: e2e4 is a double step
/// while the runner has not moved, and e3e5 a plain move after.
const MEET: &str = "files=8 ranks=8 promoZone=1 promoChoice=QR\n\
    pawn:P:ifmnDfmDfmWfceF:pawn:a2-d2\n\
    runner:S:fmW2ifmW2fmWfceF:pawn:e2-h2\n\
    rook:R:R:rook:a1,h1\n\
    king:K:K:king:e1";

/// The kind of the move `from`-`to` in `pos`'s pseudo-legal moves.
fn kind_of(pos: &Position, from: &str, to: &str) -> Option<MoveKind> {
    let g = pos.variant().geometry;
    let (a, b) = (g.parse_square(from)?, g.parse_square(to)?);
    sorted_moves(pos, false)
        .into_iter()
        .find(|m| (m.from, m.to) == (a, b))
        .map(|m| m.kind())
}

#[test]
fn moves_that_meet_take_the_rays_kind() {
    let spec = || definition::load(MEET).unwrap();
    let rays = Arc::new(Variant::compile("rays", MEET, spec()));
    let walked = Arc::new(Variant::compile_walked("walked", MEET, spec()));
    for v in [&rays, &walked] {
        let mut pos = Position::start(v);
        assert_eq!(kind_of(&pos, "b2", "b4"), Some(MoveKind::Normal));
        assert_eq!(kind_of(&pos, "e2", "e4"), Some(MoveKind::DoubleStep));
        pos = fen::from_fen(v, "r3k2r/ppppssss/8/8/8/4S3/PPPP1SSS/R3K2R b - - 0 1").unwrap();
        assert_eq!(kind_of(&pos, "e7", "e5"), Some(MoveKind::DoubleStep));
        pos = fen::from_fen(v, "r3k2r/pppp1sss/4s3/8/8/4S3/PPPP1SSS/R3K2R w - - 0 2").unwrap();
        assert_eq!(kind_of(&pos, "e3", "e5"), Some(MoveKind::Normal));
    }
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..8 {
        play(MEET, None, 60, |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        });
    }
}

/// `e` on an initial move (`ifceF`) takes en passant only while the piece has not moved, as
/// the Diagram skips an `i` move whole for a piece that has. Black's pawn has just gone e7e5:
/// the unmoved spear on d5 may take it on e6, the one that came to f5 may not.
const SPEAR: &str = "files=8 ranks=8 promoZone=1 promoChoice=Q\n\
    pawn:P:ifmnDfmWfceF:pawn:a2-h2\n\
    spear:S:mWifceF:pawn:\n\
    king:K:K:king:e1";

#[test]
fn an_initial_en_passant_capture_needs_an_unmoved_piece() {
    let spec = || definition::load(SPEAR).unwrap();
    let rays = Arc::new(Variant::compile("rays", SPEAR, spec()));
    let walked = Arc::new(Variant::compile_walked("walked", SPEAR, spec()));
    let fen = "7k/8/8/3SpS2/8/8/8/K7 w - e6 0 1 unmoved:d5";
    for v in [&rays, &walked] {
        let pos = fen::from_fen(v, fen).unwrap();
        let g = v.geometry;
        let mut moves: Vec<String> = sorted_moves(&pos, true)
            .iter()
            .map(|m| {
                format!(
                    "{}{}{}",
                    g.name(m.from),
                    g.name(m.to),
                    if m.is_ep() { " ep" } else { "" }
                )
            })
            .collect();
        moves.sort();
        // By hand: the spears' steps `mW` (not onto e5, where the pawn stands), the unmoved
        // spear's en passant capture, the king's three steps.
        let want = [
            "a1a2", "a1b1", "a1b2", "d5c5", "d5d4", "d5d6", "d5e6 ep", "f5f4", "f5f6", "f5g5",
        ];
        assert_eq!(moves, want, "{}", v.name);
    }
    agree(
        &fen::from_fen(&rays, fen).unwrap(),
        &fen::from_fen(&walked, fen).unwrap(),
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
        play_picks(&v.source, None, &picks);
    }

    #[test]
    fn oblique_leaps_and_rides_agree(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        play_picks(LEAPS, None, &picks);
    }

    #[test]
    fn hoppers_legs_and_locusts_agree(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        play_picks(LEGS, None, &picks);
    }

    #[test]
    fn lame_leaps_and_en_passant_agree(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        play_picks(LAME, None, &picks);
    }

    #[test]
    fn half_board_riders_agree(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        play_picks(HALF, None, &picks);
    }

    #[test]
    fn castlings_agree(which in 0usize..3, picks in prop::collection::vec(any::<Index>(), 30..=60)) {
        let text = std::fs::read_to_string(CASTLINGS[which]).unwrap();
        play_picks(&text, None, &picks);
    }

    #[test]
    fn drops_agree(picks in prop::collection::vec(any::<Index>(), 40..=80)) {
        let text = std::fs::read_to_string("tests/perft/fsf/defs/crazyhouse.txt").unwrap();
        play_picks(&text, Some("r1bqk2r/ppp2ppp/2n5/3pp3/1b2P3/2N5/PPPP1PPP/R1BQKB1R[NPn] w KQkq - 0 5"), &picks);
    }
}
