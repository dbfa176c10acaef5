//! The royal piece's shelter, the enemy pawns' storm and the danger of attacks on its
//! neighbourhood (`structure.rs`), on hand-made positions.

use super::*;
use crate::bundled;
use crate::eval::Weights;
use crate::fen::from_fen;
use crate::piece::BLACK;
use crate::variant::Variant;
use std::sync::Arc;

/// The steps of the evaluation before the royal piece's terms, as `evaluate` runs them,
/// with evaluator `e`; `f` gets the scan.
fn scanned<T>(e: &Evaluator, v: &Arc<Variant>, fen: &str, f: impl FnOnce(&Scan) -> T) -> T {
    let pos = from_fen(v, fen).unwrap();
    let mut s = Scan::new(&pos);
    e.scan_pieces(&mut s);
    e.pawn_and_royal_attacks(&mut s);
    e.activity(&mut s);
    f(&s)
}

/// The shelter of `colour`'s royal piece in `fen`, with the default weights.
fn shelter(v: &Arc<Variant>, fen: &str, colour: Colour) -> i32 {
    let e = Evaluator::new(v);
    scanned(&e, v, fen, |s| {
        e.shelter(s, colour, s.royal[colour.index()].unwrap())
    })
}

/// The danger to Black's royal piece from White's attacks in `fen`, with evaluator `e`.
fn danger_to_black(e: &Evaluator, v: &Arc<Variant>, fen: &str) -> i32 {
    scanned(e, v, fen, |s| {
        e.danger(s, WHITE, s.royal[BLACK.index()].unwrap())
    })
}

/// The same position with the colours swapped: ranks reversed, letters' case swapped, the
/// other side to move (the FENs here have no castling or en passant).
fn mirrored(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap();
    let rows: Vec<String> = board
        .split('/')
        .rev()
        .map(|row| {
            row.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    let rest: Vec<&str> = fields.collect();
    format!("{} {side} {}", rows.join("/"), rest.join(" "))
}

/// A king behind an intact shield of three pawns scores `shield` three times; one beside an
/// open file loses a shield pawn and pays `shelter_open`; the pawn one rank farther is
/// worth `shelter_second`; and with the default weights nearer is better.
#[test]
fn an_intact_shield_beats_an_open_file_beside_the_king() {
    let v = bundled::load("chess").unwrap();
    let w = Weights::default();
    let intact = shelter(&v, "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", WHITE);
    let open = shelter(&v, "6k1/8/8/8/8/8/P4PP1/6K1 w - - 0 1", WHITE);
    let pushed = shelter(&v, "6k1/8/8/8/8/7P/5PP1/6K1 w - - 0 1", WHITE);
    assert_eq!(intact, 3 * w.shield);
    assert_eq!(open, 2 * w.shield - w.shelter_open);
    assert_eq!(pushed, 2 * w.shield + w.shelter_second);
    assert!(intact > open, "{intact} {open}");
    assert!(
        intact >= pushed && pushed > open,
        "{intact} {pushed} {open}"
    );
    // A pawn beside the king (Kg2, f2 h2) shelters it as one just in front does.
    let beside = shelter(&v, "6k1/8/8/8/8/6P1/5PKP/8 w - - 0 1", WHITE);
    assert_eq!(beside, 3 * w.shield);
    // On the edge the three files nearest it count: the f-file is open.
    let edge = shelter(&v, "6k1/8/8/8/8/8/6PP/7K w - - 0 1", WHITE);
    assert_eq!(edge, 2 * w.shield - w.shelter_open);
}

/// An enemy pawn in front of the king costs `storm` times 1, 3, 2, 1 at 1 to 4 ranks (the
/// nearer the worse, from 2 ranks), `storm_blocked` when our pawn stands just in front of
/// it, nothing farther.
#[test]
fn an_advancing_enemy_pawn_costs() {
    let v = bundled::load("chess").unwrap();
    let w = Weights::default();
    let at = |square: &str| {
        let fen = match square {
            "g7" => "6k1/6p1/8/8/8/8/5PPP/6K1 w - - 0 1",
            "g5" => "6k1/8/8/6p1/8/8/5PPP/6K1 w - - 0 1",
            "g4" => "6k1/8/8/8/6p1/8/5PPP/6K1 w - - 0 1",
            _ => "6k1/8/8/8/8/6p1/5PPP/6K1 w - - 0 1",
        };
        shelter(&v, fen, WHITE)
    };
    let (far, g5, g4, g3) = (at("g7"), at("g5"), at("g4"), at("g3"));
    assert_eq!(far, 3 * w.shield);
    assert_eq!(g5, far - w.storm);
    assert_eq!(g4, far - 2 * w.storm);
    assert_eq!(g3, far - 3 * w.storm_blocked);
    assert!(w.storm > 0 && g4 < g5 && g5 < far, "{g4} {g5} {far}");
    // On an open file the pawn three ranks away is not blocked.
    let open = shelter(&v, "6k1/8/8/8/7p/8/5PP1/6K1 w - - 0 1", WHITE);
    assert_eq!(open, 2 * w.shield - w.shelter_open - 2 * w.storm);
}

/// Black's shelter is White's mirrored, and so is the whole evaluation (its danger
/// included), in chess and in Capablanca (10 files).
#[test]
fn black_mirrors_white() {
    let v = bundled::load("chess").unwrap();
    let e = Evaluator::new(&v);
    for fen in [
        "6k1/8/8/8/6p1/8/5PPP/6K1 w - - 0 1",
        "2kr3r/ppp2ppp/2n5/3q4/8/2P2N2/PP3PPP/R2Q1RK1 w - - 0 1",
        "r4rk1/pp3p1p/2n3pQ/3p2N1/8/8/PPP2PPP/R5K1 w - - 0 1",
    ] {
        let other = mirrored(fen);
        assert_eq!(shelter(&v, fen, WHITE), shelter(&v, &other, BLACK), "{fen}");
        assert_eq!(shelter(&v, fen, BLACK), shelter(&v, &other, WHITE), "{fen}");
        let (a, b) = (from_fen(&v, fen).unwrap(), from_fen(&v, &other).unwrap());
        assert_eq!(e.evaluate(&a), e.evaluate(&b), "{fen}");
    }
    let v = bundled::compile(
        "capablanca",
        &std::fs::read_to_string(format!(
            "{}/tests/perft/fsf/defs/capablanca.txt",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let fen = "r1b2rk2c/pp3ppppp/2n7/10/7p2/10/PPP2PPPPP/R1B1Q2RKC w - - 0 1";
    let other = mirrored(fen);
    // The king on i1: files h, i, j, each with its pawn one rank ahead; Black's on h4.
    assert_eq!(
        shelter(&v, fen, WHITE),
        3 * Weights::default().shield - 2 * Weights::default().storm
    );
    assert_eq!(shelter(&v, fen, WHITE), shelter(&v, &other, BLACK));
    let e = Evaluator::new(&v);
    let (a, b) = (from_fen(&v, fen).unwrap(), from_fen(&v, &other).unwrap());
    assert_eq!(e.evaluate(&a), e.evaluate(&b));
}

/// A square of the neighbourhood the enemy attacks and only the royal piece guards adds
/// `weak_zone` to the danger; guarded by a rook it does not. Without its strongest type (the
/// queen) the attacker's danger loses `danger_without_strongest`.
#[test]
fn weak_squares_add_to_the_danger_and_a_missing_queen_lowers_it() {
    let v = bundled::load("chess").unwrap();
    let e = Evaluator::new(&v);
    let w = e.weights().clone();
    let units = |fen: &str| scanned(&e, &v, fen, |s| s.danger[WHITE.index()]);
    let cost = |u: i32| (u.max(0) * u.max(0) * w.danger_scale / 16).min(w.danger_cap);
    // The queen on h5 and the knight on g5 hit f7 and h7, both weak; the rook on f8 guards f7.
    let weak2 = "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1";
    let weak1 = "5rk1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1";
    assert_eq!(units(weak2), units(weak1));
    let (d2, d1) = (
        danger_to_black(&e, &v, weak2),
        danger_to_black(&e, &v, weak1),
    );
    assert_eq!(d2, cost(units(weak2) + 2 * w.weak_zone));
    assert_eq!(d1, cost(units(weak1) + w.weak_zone));
    assert!(w.weak_zone <= 0 || d2 > d1, "{d2} {d1}");
    // The rook on h1 and the knight: no white queen; with one on c1 (hitting nothing there).
    let queenless = "6k1/5ppp/8/6N1/8/8/8/6KR w - - 0 1";
    let queen = "6k1/5ppp/8/6N1/8/8/8/2Q3KR w - - 0 1";
    assert_eq!(units(queenless), units(queen));
    let (without, with) = (
        danger_to_black(&e, &v, queenless),
        danger_to_black(&e, &v, queen),
    );
    assert_eq!(with, cost(units(queen) + 2 * w.weak_zone));
    assert_eq!(
        without,
        cost(units(queen) + 2 * w.weak_zone - w.danger_without_strongest)
    );
    assert!(w.danger_without_strongest <= 0 || without < with);
    // One attacker alone is no danger.
    assert_eq!(
        danger_to_black(&e, &v, "6k1/5ppp/8/7Q/8/8/8/6K1 w - - 0 1"),
        0
    );
}

/// Several royal pieces a side (the last one found is the one sheltered): the evaluation is
/// still symmetric.
#[test]
fn several_royal_pieces() {
    let pawn = "pawn:P:ifmnDfmWfceF:pawn:a2-h2\nknight:N:N:knight:b1,g1\nrook:R:R:rook:a1,h1\n";
    let kings = format!("files=8 ranks=8 promoZone=1 promoChoice=NR\n{pawn}king:K:K:king:e1\n");
    let v = bundled::compile("kings", &kings).unwrap();
    let e = Evaluator::new(&v);
    let fen = "k6k/ppp2ppp/8/8/8/8/PPP2PPP/K6K w - - 0 1";
    let (a, b) = (
        from_fen(&v, fen).unwrap(),
        from_fen(&v, &mirrored(fen)).unwrap(),
    );
    assert_eq!(e.evaluate(&a), e.evaluate(&b));
}
