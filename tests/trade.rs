//! The Diagram's capture rules, worked by hand (`iron`, `protected`, `counterStrike`: Chu
//! Shogi's Lion-trading rules as the Interactive Diagram generalises them).

use fairylab::bundled;
use fairylab::fen;
use fairylab::notation;
use fairylab::position::Position;
use fairylab::variant::Variant;
use std::sync::Arc;

const TEXT: &str = "files=8 ranks=8 promoZone=0 protected=2 counterStrike=2 iron=3\n\
                    pawn:P:fW:pawn:\nlion:L:KNAD:lion:\nwall:W:W:wall:\nking:K:K:king:e1,,e8\n";

fn variant() -> Arc<Variant> {
    bundled::compile("trade", TEXT).unwrap()
}

fn legal(pos: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = pos.variant();
    moves
        .iter()
        .map(|&m| notation::to_coordinate(v, m))
        .collect()
}

fn has(pos: &Position, m: &str) -> bool {
    legal(pos).iter().any(|t| t == m)
}

/// An iron piece is never taken, though it is attacked.
#[test]
fn iron_pieces_are_never_taken() {
    let v = variant();
    let pos = fen::from_fen(&v, "7k/8/8/3w4/3L4/8/8/7K w - - 0 1").unwrap();
    let d5 = v.geometry.parse_square("d5").unwrap();
    assert!(pos.is_attacked(d5, fairylab::piece::WHITE));
    assert!(!has(&pos, "d4d5"));
    assert!(has(&pos, "d4d3"));
}

/// A lion may not take a lion that is protected (the pawn on d7 would take back); an
/// unprotected one it may, and a pawn may take a protected lion.
#[test]
fn a_protected_lion_is_not_taken_by_a_lion() {
    let v = variant();
    let pos = fen::from_fen(&v, "7k/3p4/3l4/8/3L4/8/8/7K w - - 0 1").unwrap();
    assert!(!has(&pos, "d4d6"));
    let pos = fen::from_fen(&v, "7k/8/3l4/8/3L4/8/8/7K w - - 0 1").unwrap();
    assert!(has(&pos, "d4d6"));
    let pos = fen::from_fen(&v, "7k/3p4/3l4/3P4/8/8/8/7K w - - 0 1").unwrap();
    assert!(has(&pos, "d5d6"));
}

/// A pawn takes a lion: on the next move no lion may be taken (but the pawn that took may);
/// the ban is in the FEN and the hash, and lasts one move.
#[test]
fn a_lion_taken_by_another_piece_may_not_be_traded_back_at_once() {
    let v = variant();
    let mut pos = fen::from_fen(&v, "7k/8/3l4/3P4/1L6/8/1l6/7K w - - 0 1").unwrap();
    assert!(has(&pos, "d5d6"));
    let m = notation::parse_move(&pos, "d5d6").unwrap();
    let before = pos.clone();
    let u = pos.make(m);
    assert_eq!(
        fen::to_fen(&pos),
        "7k/8/3P4/8/1L6/8/1l6/7K b - - 0 1 strike:Ld6"
    );
    assert_eq!(pos.hash(), pos.compute_hash());
    assert!(!has(&pos, "b2b4"), "the white lion may not be taken now");
    let again = fen::from_fen(&v, &fen::to_fen(&pos)).unwrap();
    assert!(again == pos, "the ban reads back");
    pos.unmake(&u);
    assert!(pos == before);
    pos.make(m);
    pos.make(notation::parse_move(&pos, "h8g8").unwrap());
    pos.make(notation::parse_move(&pos, "h1g1").unwrap());
    assert!(has(&pos, "b2b4"), "a move later it may");
}

/// The lion's moves from d4 to d6 that also take on d5 (a locust `caK` move) and that do not.
fn lion_d4_d6(pos: &Position) -> (bool, bool) {
    let v = pos.variant();
    let sq = |s: &str| v.geometry.parse_square(s).unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let to_d6 = |kills: &[fairylab::geometry::Square]| {
        (moves.iter()).any(|m| m.from == sq("d4") && m.to == sq("d6") && m.locusts() == kills)
    };
    (to_d6(&[sq("d5")]), to_d6(&[]))
}

/// `tradeThreshold`: a protected lion may be taken where it can be taken back when the lion
/// takes something worth more than the threshold piece (a pawn) on the way, as Chu Shogi
/// allows; a pawn on the way is not enough, and without the key nothing is.
#[test]
fn trade_threshold_lets_a_lion_take_a_protected_lion_with_a_bigger_piece_on_the_way() {
    let text = |keys: &str| {
        format!(
            "files=8 ranks=8 promoZone=0 protected=2 {keys}\n\
             pawn:P:fW:pawn:\nlion:L:KNADcaK:lion:\ngold:G:WfF:gold:\nking:K:K:king:e1,,e8\n"
        )
    };
    let at = |keys: &str, fen_text: &str| {
        let v = bundled::compile("threshold", &text(keys)).unwrap();
        fen::from_fen(&v, fen_text).unwrap()
    };
    let gold_between = "4k3/3p4/3l4/3g4/3L4/8/8/4K3 w - - 0 1";
    let pawn_between = "4k3/3p4/3l4/3p4/3L4/8/8/4K3 w - - 0 1";
    assert_eq!(
        lion_d4_d6(&at("tradeThreshold=1", gold_between)),
        (true, false)
    );
    assert_eq!(
        lion_d4_d6(&at("tradeThreshold=P", gold_between)),
        (true, false)
    );
    assert_eq!(
        lion_d4_d6(&at("tradeThreshold=1", pawn_between)),
        (false, false)
    );
    assert_eq!(lion_d4_d6(&at("", gold_between)), (false, false));
    // Taking only the gold on d5 (and stepping back) stays allowed in each.
    // A threshold that names no piece is ignored with a warning (issue 25).
    let v = bundled::compile("bad", &text("tradeThreshold=X")).unwrap();
    assert_eq!(v.spec.trade_threshold, None);
    assert!(
        v.spec.warnings[0]
            .message
            .contains("tradeThreshold names a piece")
    );
}

/// `antiTrade`: before the piece lines it names a type whose pieces never take each other;
/// after a piece line it puts that piece in a group (0 to 3) whose members never take each
/// other. Other captures stay.
#[test]
fn anti_trade_groups_never_take_each_other() {
    let pieces = "pawn:P:fWfcF:pawn:\nlion:L:KNAD:lion:\n";
    let compile = |text: &str| bundled::compile("anti", text).unwrap();
    let fen_text = "4k3/8/3l4/2p5/3L4/8/8/4K3 w - - 0 1";
    // Type 2 (the lion), named before the piece lines.
    let v = compile(&format!(
        "files=8 ranks=8 promoZone=0 antiTrade=2\n{pieces}king:K:K:king:e1,,e8\n"
    ));
    let pos = fen::from_fen(&v, fen_text).unwrap();
    assert!(!has(&pos, "d4d6"));
    assert!(has(&pos, "d4c5"));
    // Group 1 after the pawn's line: pawns never take pawns; the lion, in no group, takes both.
    let v = compile(
        "files=8 ranks=8 promoZone=0\npawn:P:fWfcF:pawn:\nantiTrade=1\nlion:L:KNAD:lion:\n\
         king:K:K:king:e1,,e8\n",
    );
    let pos = fen::from_fen(&v, "4k3/8/3l4/2p5/1P1L4/8/8/4K3 w - - 0 1").unwrap();
    assert!(!has(&pos, "b4c5"));
    assert!(has(&pos, "d4c5"));
    assert!(has(&pos, "d4d6"));
    // A piece number of no piece is ignored with a warning (issue 25).
    let v = bundled::compile("bad", &format!("antiTrade=9\n{pieces}")).unwrap();
    assert!(v.spec.pieces.iter().all(|p| p.anti_trade == 0));
    assert!(v.spec.warnings[0].message.contains("names a piece number"));
}
