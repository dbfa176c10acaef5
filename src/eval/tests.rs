//! The evaluator's tests: values from mobility, and each term on hand-made positions.

use super::*;
use crate::bundled;
use std::sync::Arc;

/// The mobility of a piece `X` moving as `betza`, the first type (so every definition
/// samples the same random boards).
fn mobility(betza: &str) -> f64 {
    let text = format!("files=8 ranks=8\npiece:X:{betza}:piece:b1\nking:K:K:king:e1");
    let v = bundled::compile("eval", &text).unwrap();
    Evaluator::new(&v).mobility[0]
}

/// Material counts the pieces at their values, from the side to move's view, and is what the full evaluation adds its positional terms to.
#[test]
fn material_is_the_pieces_at_their_values() {
    let v = bundled::load("chess").unwrap();
    let e = Evaluator::new(&v);
    let start = Position::start(&v);
    assert_eq!(e.material(&start), 0);
    // White without its queen's knight, Black to move: a knight up for Black.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1";
    let pos = crate::fen::from_fen(&v, fen).unwrap();
    let knight = v.types.iter().position(|t| t.id == 'N').unwrap();
    assert_eq!(e.material(&pos), e.values[knight]);
    assert!((e.evaluate(&pos) - e.material(&pos)).abs() < 200);
}

/// A knight that may also take a friend (`dN`, a walk) gains nothing by it, and its
/// walk's destinations are its leaps' own squares: counted once, its mobility is the
/// knight's.
#[test]
fn a_walk_to_the_squares_of_a_leap_adds_nothing() {
    assert_eq!(mobility("NdN"), mobility("N"));
}

/// Walks count: a cannon (`mRcpR`: its captures are hops) reaches more than its quiet
/// rook moves, and a grasshopper (`gQ`, hops only) is more than nothing.
#[test]
fn hops_count_as_moves() {
    assert!(mobility("mRcpR") > mobility("mR") + 0.5);
    assert!(mobility("gQ") > 1.0);
}

/// A variant of tests/perft/fsf/defs (FSF's own rules for it).
fn fsf_variant(name: &str) -> Arc<Variant> {
    let path = format!(
        "{}/tests/perft/fsf/defs/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    bundled::compile(name, &std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The letters of the types `has` holds for, in the definition's order.
fn letters(v: &Variant, has: &[bool]) -> String {
    v.types
        .iter()
        .zip(has)
        .filter(|(_, h)| **h)
        .map(|(t, _)| t.id)
        .collect()
}

/// The tapered values a (middlegame, endgame) weight takes.
fn between((mg, eg): (i32, i32)) -> std::ops::RangeInclusive<i32> {
    mg.min(eg)..=mg.max(eg)
}

/// The evaluation of `fen` with the evaluator as derived, less that with `change` made to it.
fn gain(v: &Arc<Variant>, fen: &str, change: impl Fn(&mut Evaluator)) -> i32 {
    let e = Evaluator::new(v);
    let mut without = e.clone();
    change(&mut without);
    let pos = crate::fen::from_fen(v, fen).unwrap();
    e.evaluate(&pos) - without.evaluate(&pos)
}

/// Riders along the file and colourbound pieces come from the moves: the rook and queen in
/// chess, with the chancellor in Capablanca, the lance, rook and dragon in Shogi; the bishop
/// alone keeps to one colour (not the archbishop, not the horse).
#[test]
fn file_riders_and_colourbound_pieces_come_from_the_moves() {
    let cases = [
        ("chess", "RQ", "B"),
        ("capablanca", "RQC", "B"),
        ("shogi", "LRD", "B"),
    ];
    for (name, riders, bound) in cases {
        let v = if name == "chess" {
            bundled::load(name).unwrap()
        } else {
            fsf_variant(name)
        };
        let e = Evaluator::new(&v);
        let riders_found: Vec<bool> = e.kinds.iter().map(|k| k.file_rider).collect();
        let bound_found: Vec<bool> = e.kinds.iter().map(|k| k.colourbound).collect();
        assert_eq!(letters(&v, &riders_found), riders, "{name}");
        assert_eq!(letters(&v, &bound_found), bound, "{name}");
    }
}

/// A rook gains on a file without pawns, less with only enemy pawns on it, nothing behind
/// its own pawn; in chess and in Capablanca.
#[test]
fn a_rider_gains_on_an_open_file() {
    let off = |e: &mut Evaluator| e.kinds.iter_mut().for_each(|k| k.file_rider = false);
    let v = bundled::load("chess").unwrap();
    let open = gain(&v, "4k3/pppp1ppp/8/8/8/8/PPPP1PPP/4R1K1 w - - 0 1", off);
    assert!(
        between(Weights::default().open_file).contains(&open),
        "{open}"
    );
    let half = gain(&v, "4k3/pppppppp/8/8/8/8/PPPP1PPP/4R1K1 w - - 0 1", off);
    assert!(
        between(Weights::default().half_open_file).contains(&half),
        "{half}"
    );
    assert_eq!(
        gain(&v, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4R1K1 w - - 0 1", off),
        0
    );
    let v = fsf_variant("capablanca");
    let open = gain(
        &v,
        "5k4/pppp1ppppp/10/10/10/10/PPPP1PPPPP/4C1K3 w - - 0 1",
        off,
    );
    assert!(
        between(Weights::default().open_file).contains(&open),
        "{open}"
    );
}

/// Two bishops on squares of both colours gain; on one colour they do not; in chess and in
/// Capablanca.
#[test]
fn colourbound_pieces_on_both_colours_gain() {
    let off = |e: &mut Evaluator| e.kinds.iter_mut().for_each(|k| k.colourbound = false);
    let pair = between(Weights::default().colourbound_pair);
    let v = bundled::load("chess").unwrap();
    assert!(pair.contains(&gain(
        &v,
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1",
        off
    )));
    assert_eq!(
        gain(&v, "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1K1B1 w - - 0 1", off),
        0
    );
    let v = fsf_variant("capablanca");
    let both = "5k4/pppppppppp/10/10/10/10/PPPPPPPPPP/3B1KB3 w - - 0 1";
    assert!(pair.contains(&gain(&v, both, off)));
    let one = "5k4/pppppppppp/10/10/10/10/PPPPPPPPPP/3B1K1B2 w - - 0 1";
    assert_eq!(gain(&v, one, off), 0);
}

/// The evaluation of a position, from White's view (White to move).
fn white_view(v: &Arc<Variant>, fen: &str) -> i32 {
    Evaluator::new(v).evaluate(&crate::fen::from_fen(v, fen).unwrap())
}

/// In the endgame a passed pawn is worth more with the enemy royal piece far from the square
/// ahead of it (and that square free) than with it next to that square; in chess and in
/// Capablanca.
#[test]
fn a_passed_pawn_gains_with_the_enemy_royal_far() {
    let v = bundled::load("chess").unwrap();
    let near = white_view(&v, "3k4/8/4P3/8/8/8/8/4K3 w - - 0 1");
    let far = white_view(&v, "8/8/4P3/8/8/8/k7/4K3 w - - 0 1");
    // The pawn is two ranks past the middle: 2 × 5 × (5 − 1) and 2 × 10 for the free square.
    assert!(
        far - near
            >= 2 * Weights::default().passed_enemy_royal * 4 + 2 * Weights::default().passed_free,
        "{far} {near}"
    );
    let v = fsf_variant("capablanca");
    let near = white_view(&v, "4k5/10/5P4/10/10/10/10/5K4 w - - 0 1");
    let far = white_view(&v, "10/10/5P4/10/10/10/k9/5K4 w - - 0 1");
    assert!(
        far - near
            >= 2 * Weights::default().passed_enemy_royal * 4 + 2 * Weights::default().passed_free,
        "{far} {near}"
    );
}

/// A lone minor piece ahead, with nothing to promote, is scored near a draw; a rook or a
/// chancellor, or a bishop with a pawn, is not; in chess and in Capablanca.
#[test]
fn too_little_to_win_is_near_a_draw() {
    let v = bundled::load("chess").unwrap();
    assert!(white_view(&v, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1") < 100);
    assert!(white_view(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1") > 400);
    assert!(white_view(&v, "4k3/8/8/8/8/8/4P3/2B1K3 w - - 0 1") > 400);
    let v = fsf_variant("capablanca");
    assert!(white_view(&v, "5k4/10/10/10/10/10/10/1N3K4 w - - 0 1") < 100);
    assert!(white_view(&v, "5k4/10/10/10/10/10/10/2C2K4 w - - 0 1") > 600);
}

/// The letters of the types whose pieces carry `flag` (`scan::AT_HOME` on some square: the
/// minor pieces; `scan::SORTIE`: the expensive ones).
fn opening_letters(v: &Variant, e: &Evaluator, flag: u8) -> String {
    let has: Vec<bool> = (0..e.nt)
        .map(|t| (0..e.nsq).any(|sq| e.opening[t * e.nsq + sq] == flag))
        .collect();
    letters(v, &has)
}

/// The minor pieces (developed in the opening) and the expensive ones (not to come out
/// before them) come from the values of the types that start on the board and neither
/// promote nor are royal; the royal piece castles in chess and Capablanca, not in Shogi.
#[test]
fn minor_and_expensive_pieces_come_from_the_values() {
    use super::scan::{AT_HOME, SORTIE};
    let cases = [
        ("chess", "NB", "Q", true),
        ("capablanca", "NB", "AQC", true),
        ("shogi", "G", "", false),
    ];
    for (name, minor, expensive, castles) in cases {
        let v = if name == "chess" {
            bundled::load(name).unwrap()
        } else {
            fsf_variant(name)
        };
        let e = Evaluator::new(&v);
        assert_eq!(opening_letters(&v, &e, AT_HOME), minor, "{name}");
        assert_eq!(opening_letters(&v, &e, SORTIE), expensive, "{name}");
        assert_eq!(e.castles, [castles; 2], "{name}");
        assert_eq!(e.castled_area[0].is_empty(), !castles, "{name}");
    }
}

/// Switching the development and sortie terms off.
fn no_development(e: &mut Evaluator) {
    e.opening.iter_mut().for_each(|f| *f = 0);
}

/// Switching the castling term off.
fn no_castling(e: &mut Evaluator) {
    e.castles = [false; 2];
}

/// With all the material on the board (the middlegame's weights in full), each minor piece at
/// home costs `undeveloped`, and a queen out costs `early_sortie` per minor piece at home; in
/// chess and in Capablanca.
#[test]
fn minor_pieces_at_home_and_early_sorties_cost() {
    let w = Weights::default();
    let v = bundled::load("chess").unwrap();
    // White's minor pieces out, Black's at home: 4 undeveloped for Black.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/2B1P3/2N2N2/PPPPBPPP/R2QK2R w KQkq - 0 1";
    assert_eq!(gain(&v, fen, no_development), 4 * w.undeveloped);
    // 3...Qh4: Black's queen out with its four minor pieces at home, White's king's knight out.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1";
    assert_eq!(
        gain(&v, fen, no_development),
        w.undeveloped + 4 * w.early_sortie
    );
    assert_eq!(gain(&v, fen, no_castling), 0);
    let v = fsf_variant("capablanca");
    // Black's chancellor out, its four minor pieces at home; White's knights out.
    let fen = "rnabqkb1nr/pppppppppp/10/10/7c2/2N4N2/PPPPPPPPPP/R1ABQKBC1R w KQkq - 0 1";
    assert_eq!(
        gain(&v, fen, no_development),
        2 * w.undeveloped + 4 * w.early_sortie
    );
}

/// A royal piece that castles: each castling right is worth `castling_right`, standing
/// castled `castled`, and every right lost without castling costs `castling_lost`; in chess
/// and in Capablanca; Shogi's king has no castling term.
#[test]
fn castling_rights_and_castling_count() {
    let w = Weights::default();
    let v = bundled::load("chess").unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1";
    assert_eq!(gain(&v, start, no_castling), w.castling_right);
    // White castled (its bishop out), Black's king walked to d8.
    let walk = "rnbk1bnr/ppppqppp/8/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w - - 0 1";
    assert_eq!(gain(&v, walk, no_castling), w.castled + w.castling_lost);
    // White's king at home without its rights, Black's with the king's side right only.
    let lost = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w k - 0 1";
    assert_eq!(
        gain(&v, lost, no_castling),
        -w.castling_lost - w.castling_right
    );
    let v = fsf_variant("capablanca");
    // White castled short (king i1, rook h1; its bishop, chancellor and knight out); Black's
    // both rights.
    let fen = "rnabqkbcnr/pppppppppp/10/10/10/6BCN1/PPPPPPPPPP/RNABQ2RK1 w kq - 0 1";
    assert_eq!(gain(&v, fen, no_castling), w.castled - 2 * w.castling_right);
    let v = fsf_variant("shogi");
    let fen = crate::fen::to_fen(&Position::start(&v));
    assert_eq!(gain(&v, &fen, no_castling), 0);
}

/// The royal piece's files: one without an own pawn ahead of it costs `shelter_open`, an own
/// pawn two ranks ahead gains `shelter_second`, the nearest enemy pawn three ranks ahead
/// costs twice `storm`; with every piece on the board (the middlegame weight in full), in
/// chess and in Capablanca.
#[test]
fn open_and_stormed_files_by_the_royal_piece_cost() {
    let off = |e: &mut Evaluator| {
        e.w.shelter_open = 0;
        e.w.shelter_second = 0;
        e.w.storm = 0;
    };
    let w = Weights::default();
    let v = bundled::load("chess").unwrap();
    // No f-pawn by the king on e1; Black's pawns all there.
    let open = "rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(gain(&v, open, off), -w.shelter_open);
    // The f-pawn on f3: not open, and two ranks ahead.
    let second = "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(gain(&v, second, off), w.shelter_second);
    // Black's d-pawn on d4, three ranks ahead of the king on e1 (and still ahead of Black's
    // king on e8: its d-file is not open).
    let storm = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(gain(&v, storm, off), -2 * w.storm);
    // Capablanca: the king on f1, no g-pawn.
    let v = fsf_variant("capablanca");
    let open = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPP1PPP/RNABQKBCNR w KQkq - 0 1";
    assert_eq!(gain(&v, open, off), -w.shelter_open);
}

/// A safe check (a square the piece reaches, from which it would check, that no enemy
/// piece or pawn takes on) adds to the enemy royal piece's danger; a guarded one does not.
#[test]
fn safe_checks_add_to_the_danger() {
    let off = |e: &mut Evaluator| e.w.safe_check = 0;
    let v = bundled::load("chess").unwrap();
    // The rook checks safely from d8; with Black's rook on a8 d8 is guarded.
    assert!(gain(&v, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", off) > 0);
    assert_eq!(gain(&v, "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", off), 0);
    // The knight checks from f6 or h6, which the g7 pawn guards when it is there.
    assert!(gain(&v, "6k1/5p1p/8/8/6N1/8/5PPP/6K1 w - - 0 1", off) > 0);
    assert_eq!(gain(&v, "6k1/5ppp/8/8/6N1/8/5PPP/6K1 w - - 0 1", off), 0);
    // Black's queen checks safely from e1 (White to move: the sign is White's).
    assert!(gain(&v, "4q1k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", off) < 0);
}
