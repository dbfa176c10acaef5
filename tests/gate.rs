//! `autoGate` (the Diagram's Seirawan-style gates, as its script plays them: betza.js,
//! `StackMove`): the first and last ranks hold pieces that wait there; nothing moves onto those
//! ranks, the waiting pieces never move nor are taken, and when a piece leaves its back rank
//! for the first time the piece behind it steps onto the square it left, unmoved. Counts here
//! are by hand from the positions drawn in each test.

use fairylab::bundled;
use fairylab::fen;
use fairylab::notation;
use fairylab::position::Position;
use fairylab::variant::Variant;
use std::sync::Arc;

/// Chess on ranks 2 to 9, a hawk (BN) and an elephant (RN) waiting behind b2 and g2.
const TEXT: &str = include_str!("defs/gates.txt");

fn variant() -> Arc<Variant> {
    bundled::compile("gates", TEXT).unwrap()
}

fn legal(pos: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = (moves.iter())
        .map(|&m| notation::to_coordinate(pos.variant(), m))
        .collect();
    out.sort();
    out
}

fn play(pos: &mut Position, m: &str) {
    let mv = notation::parse_move(pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    pos.make(mv);
    assert_eq!(pos.hash(), pos.compute_hash(), "after {m}");
    let f = fen::to_fen(pos);
    let again = fen::from_fen(pos.variant(), &f).unwrap_or_else(|e| panic!("{f}: {e}"));
    assert!(again == *pos, "{f} reads back");
}

#[test]
fn the_start_has_chess_moves_and_nothing_moves_at_the_gates() {
    let pos = Position::start(&variant());
    assert_eq!(
        fen::to_fen(&pos).split(' ').next().unwrap(),
        "1h4e1/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/1H4E1"
    );
    // Chess's twenty: eight pawns two ways, two knights two ways.
    assert_eq!(legal(&pos).len(), 20);
}

#[test]
fn a_piece_leaving_its_back_rank_brings_the_piece_behind_it() {
    let v = variant();
    let mut pos = Position::start(&v);
    let before = pos.clone();
    let m = notation::parse_move(&pos, "b2c4").unwrap();
    let u = pos.make(m);
    let sq = |s: &str| v.geometry.parse_square(s).unwrap();
    let hawk = pos.piece_at(sq("b2")).unwrap();
    assert_eq!(v.types[hawk.piece_type].name, "hawk");
    assert!(pos.is_unmoved(sq("b2")));
    assert_eq!(pos.piece_at(sq("b1")), None);
    pos.unmake(&u);
    assert!(pos == before);
    // Through a game: the knight leaves, the hawk steps in and moves on; the gate stays
    // empty, and b1 takes no piece (not even the hawk going back).
    play(&mut pos, "b2c4");
    play(&mut pos, "g9f7");
    play(&mut pos, "b3b4");
    play(&mut pos, "f7e5");
    assert!(!legal(&pos).iter().any(|m| m.ends_with("b1")));
    // Black's elephant stepped in behind its knight (g9), not from the gate itself.
    let e = pos.piece_at(sq("g9")).unwrap();
    assert_eq!(v.types[e.piece_type].name, "elephant");
}

#[test]
fn waiting_pieces_never_move_nor_are_taken() {
    let v = variant();
    // A black rook on b3 above the waiting hawk: it may go down to b2, not take on b1.
    let pos = fen::from_fen(&v, "8/4k3/8/8/8/8/8/1r6/4K3/1H6 b - - 0 1").unwrap();
    let moves = legal(&pos);
    assert!(moves.contains(&"b3b2".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.ends_with('1')), "{moves:?}");
    // White to move: its hawk at the gate has no move.
    let pos = fen::from_fen(&v, "8/4k3/8/8/8/8/8/1r6/4K3/1H6 w - - 0 1").unwrap();
    assert!(legal(&pos).iter().all(|m| m.starts_with("e2")));
}

#[test]
fn gating_can_shield_the_king() {
    let v = variant();
    // White: king e2, knight d2 (unmoved), hawk waiting at d1; Black: rook a2 along the rank.
    // The knight may leave only because the hawk fills d2 behind it.
    let shielded = fen::from_fen(&v, "8/4k3/8/8/8/8/8/8/r2NK3/3H4 w - - 0 1 unmoved:d2").unwrap();
    assert!(legal(&shielded).contains(&"d2c4".to_string()));
    let bare = fen::from_fen(&v, "8/4k3/8/8/8/8/8/8/r2NK3/8 w - - 0 1 unmoved:d2").unwrap();
    assert!(!legal(&bare).contains(&"d2c4".to_string()));
}

#[test]
fn castling_gates_behind_the_king_or_else_behind_the_rook() {
    let v = variant();
    let sq = |s: &str| v.geometry.parse_square(s).unwrap();
    let name = |pos: &Position, s: &str| {
        pos.piece_at(sq(s))
            .map(|p| v.types[p.piece_type].name.clone())
    };
    // Behind the king: the elephant steps onto e2.
    let mut pos = fen::from_fen(&v, "8/4k3/8/8/8/8/8/8/4K2R/4E3 w K - 0 1").unwrap();
    play(&mut pos, "e2g2");
    assert_eq!(name(&pos, "e2").as_deref(), Some("elephant"));
    assert_eq!(name(&pos, "f2").as_deref(), Some("rook"));
    // Nothing behind the king: the elephant behind the rook steps onto h2.
    let mut pos = fen::from_fen(&v, "8/4k3/8/8/8/8/8/8/4K2R/7E w K - 0 1").unwrap();
    play(&mut pos, "e2g2");
    assert_eq!(name(&pos, "h2").as_deref(), Some("elephant"));
    assert_eq!(name(&pos, "e2"), None);
}

#[test]
fn a_gate_holds_only_the_types_that_wait_there() {
    let v = variant();
    let e = fen::from_fen(&v, "8/4k3/8/8/8/8/8/8/4K3/Q7 w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("a1 is a gate"), "{e}");
}
