//! Hands and drops, worked by hand: where captures go, which drops are legal, promotion by
//! offset, and the texts of drops. (Perft against Fairy-Stockfish is in tests/perft.rs.)

use fairylab::bundled;
use fairylab::eval::Evaluator;
use fairylab::fen;
use fairylab::notation;
use fairylab::position::{Move, Position};
use fairylab::variant::Variant;
use std::sync::Arc;

const CRAZYHOUSE: &str = include_str!("perft/fsf/defs/crazyhouse.txt");
const MINISHOGI: &str = include_str!("perft/fsf/defs/minishogi.txt");

fn play(v: &Arc<Variant>, fen_text: Option<&str>, moves: &str) -> Position {
    let mut pos = match fen_text {
        Some(f) => fen::from_fen(v, f).unwrap(),
        None => Position::start(v),
    };
    for m in moves.split_whitespace() {
        let mv = notation::parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(mv);
    }
    pos
}

fn drops(pos: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = pos.variant();
    let mut out: Vec<String> = (moves.iter().filter(|m| m.is_drop()))
        .map(|&m| notation::to_coordinate(v, m))
        .collect();
    out.sort();
    out
}

/// 1.e4 d5 2.exd5 Qxd5: each side took a pawn. White may drop its pawn on any empty square of
/// ranks 2 to 7: 48 squares less White's seven pawns on rank 2, Black's seven on rank 7 and
/// the queen on d5, 33; after 3.Nc3, Black has 32.
#[test]
fn crazyhouse_captures_go_to_the_capturer_and_drop_back() {
    let v = bundled::compile("crazyhouse", CRAZYHOUSE).unwrap();
    let pos = play(&v, None, "e2e4 d7d5 e4d5 d8d5");
    assert_eq!(
        fen::to_fen(&pos),
        "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"
    );
    let d = drops(&pos);
    assert_eq!(d.len(), 33, "{d:?}");
    assert!(d.contains(&"P@e2".to_string()) && !d.contains(&"P@e1".to_string()));
    let pos = play(&v, None, "e2e4 d7d5 e4d5 d8d5 b1c3");
    let d = drops(&pos);
    assert_eq!(d.len(), 32);
    assert!(d.iter().all(|m| m.starts_with("P@")));
    assert!(!d.contains(&"P@d8".to_string()) && !d.contains(&"P@a1".to_string()));
    // The text forms read back, and Game Courier's is `p*e6` for Black.
    let m = notation::parse_move(&pos, "P@e6").unwrap();
    assert_eq!(notation::to_game_courier(&pos, m), "p*e6");
    assert_eq!(notation::parse_game_courier(&pos, "p*e6"), Ok(m));
    assert!(
        notation::parse_move(&pos, "N@e6")
            .unwrap_err()
            .to_string()
            .contains("no knight in hand")
    );
}

/// A pawn in hand is worth a pawn to the evaluation.
#[test]
fn pieces_in_hand_count_in_the_evaluation() {
    let v = bundled::compile("crazyhouse", CRAZYHOUSE).unwrap();
    let e = Evaluator::new(&v);
    let bare = fen::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
    let pawn = fen::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    let pawn_type = v.type_by_id('P').unwrap();
    assert_eq!(e.evaluate(&pawn) - e.evaluate(&bare), e.value(pawn_type));
}

/// Minishogi: a pawn is not dropped on a file holding one of its side's pawns, nor on the last
/// rank. White pawn on c3 and one in hand, king a1: files a, b, d, e of ranks 1-4, less a1.
#[test]
fn shogi_pawns_one_a_file_and_never_on_the_last_rank() {
    let v = bundled::compile("minishogi", MINISHOGI).unwrap();
    let pos = fen::from_fen(&v, "4k/5/2P2/5/K4[P] w - - 0 1").unwrap();
    let d = drops(&pos);
    assert_eq!(d.len(), 15, "{d:?}");
    assert!(
        d.iter().all(|m| !m.contains('c') && !m.ends_with('5')),
        "{d:?}"
    );
}

/// A pawn dropped to give mate is illegal in Shogi: P@a4 would mate the king on a5 (b5 is the
/// silver's, b4 and a4 the gold's); P@a3 is fine.
#[test]
fn shogi_pawn_drop_mate_is_illegal() {
    let v = bundled::compile("minishogi", MINISHOGI).unwrap();
    let pos = fen::from_fen(&v, "k4/2S2/1G3/5/4K[P] w - - 0 1").unwrap();
    let d = drops(&pos);
    assert!(!d.contains(&"P@a4".to_string()), "{d:?}");
    assert!(d.contains(&"P@a3".to_string()), "{d:?}");
    // A gold dropped there mates, and that is allowed.
    let pos = fen::from_fen(&v, "k4/2S2/1G3/5/4K[G] w - - 0 1").unwrap();
    assert!(drops(&pos).contains(&"G@a4".to_string()));
}

/// Captures go to the hand demoted: a dragon taken comes back as a rook, of the taker's colour.
/// Promotion by offset: a silver entering the zone may promote or not; a pawn reaching the
/// last rank must.
#[test]
fn shogi_demotes_captures_and_promotes_by_offset() {
    let v = bundled::compile("minishogi", MINISHOGI).unwrap();
    let pos = play(&v, Some("k4/5/5/3d1/1S2K[] w - - 0 1"), "e1d2");
    assert_eq!(fen::to_fen(&pos), "k4/5/5/3K1/1S3[R] b - - 0 1");
    let pos = fen::from_fen(&v, "k4/5/5/1S3/4K[] w - - 0 1").unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .filter(|m| m.from == v.geometry.parse_square("b2").unwrap())
        .map(|&m| notation::to_coordinate(&v, m))
        .collect();
    // b2: forward to a3, b3, c3 and back to a1, c1; none enters the zone (rank 5).
    assert_eq!(texts.len(), 5, "{texts:?}");
    let pos = fen::from_fen(&v, "4k/1S3/5/5/K4[] w - - 0 1").unwrap();
    pos.legal_moves(&mut moves);
    let b5: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.to == v.geometry.parse_square("b5").unwrap())
        .collect();
    assert_eq!(b5.len(), 2, "silver to b5: promoted or not");
    let pos = fen::from_fen(&v, "4k/1P3/5/5/K4[] w - - 0 1").unwrap();
    pos.legal_moves(&mut moves);
    let pawn: Vec<String> = moves
        .iter()
        .filter(|m| m.from == v.geometry.parse_square("b4").unwrap())
        .map(|&m| notation::to_coordinate(&v, m))
        .collect();
    assert_eq!(pawn, ["b4b5t"], "the pawn must promote to a tokin");
}

/// `holdingsType=1` (Gross Chess): captured pieces go back to their owner's hand, a reserve
/// that `*` promotion choices take from; nothing is dropped. `!P`: staying a pawn, but not on
/// the last rank; `*N`: a knight from the hand; `Q1`: a queen within one rank of the last.
#[test]
fn promotion_marks_and_the_owners_reserve() {
    let text = "files=8 ranks=8 holdingsType=1 promoZone=3 promoChoice=!P*NQ1\n\
                pawn:P:fmWfcF:pawn:b5,,g7\nknight:N:N:knight:g1:1,0\n\
                queen:Q:Q:queen:d1\nking:K:K:king:e1,,e8\n";
    let v = bundled::compile("reserve", text).unwrap();
    let pos = Position::start(&v);
    assert!(drops(&pos).is_empty(), "a reserve is not dropped");
    let promotions = |pos: &Position, from: &str| -> Vec<String> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let from = v.geometry.parse_square(from).unwrap();
        let mut out: Vec<String> = (moves.iter().filter(|m| m.from == from))
            .map(|&m| notation::to_coordinate(&v, m))
            .collect();
        out.sort();
        out
    };
    // b6 is two ranks short of the last: a pawn still, or a knight from the hand.
    assert_eq!(promotions(&pos, "b5"), ["b5b6n", "b5b6p"]);
    let pos = play(&v, None, "b5b6n");
    assert_eq!(
        pos.in_hand(fairylab::piece::WHITE, v.type_by_id('N').unwrap()),
        0
    );
    // A pawn on b7 may become a queen (one rank short), a knight only with one in hand.
    let pos = fen::from_fen(&v, "4k3/1P6/8/8/8/8/8/3QK3[] w - - 0 1").unwrap();
    assert_eq!(promotions(&pos, "b7"), ["b7b8q"]);
    let pos = fen::from_fen(&v, "4k3/1P6/8/8/8/8/8/3QK3[N] w - - 0 1").unwrap();
    assert_eq!(promotions(&pos, "b7"), ["b7b8n", "b7b8q"]);
    // A capture sends the piece to its owner's hand.
    let pos = play(&v, Some("4k3/8/8/8/8/8/7p/3QK1N1[] b - - 0 1"), "h2g1q");
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/8/8/8/8/3QK1q1[N] w - - 0 2");
}

/// A pawn dropped on its second rank may step two squares (Crazyhouse); dropped elsewhere it
/// may not, and a rook dropped in a corner gives no castling.
#[test]
fn a_dropped_pawn_steps_two_only_from_its_start_rank() {
    let v = bundled::compile("crazyhouse", CRAZYHOUSE).unwrap();
    let pos = play(&v, Some("4k3/8/8/8/8/8/8/4K3[PRp] w - - 0 1"), "P@a2 e8d8");
    assert!(notation::parse_move(&pos, "a2a4").is_ok());
    let pos = play(&v, Some("4k3/8/8/8/8/8/8/4K3[PRp] w - - 0 1"), "P@a3 e8d8");
    assert!(notation::parse_move(&pos, "a3a5").is_err());
    let pos = play(&v, Some("4k3/8/8/8/8/8/8/4K3[PRp] w - - 0 1"), "R@h1 e8d8");
    assert!(
        notation::parse_move(&pos, "e1g1").is_err(),
        "no castling with a dropped rook"
    );
}
