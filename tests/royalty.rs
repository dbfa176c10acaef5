//! Several royal pieces a side and what losing them means, as the Interactive Diagram's script
//! counts them (betza.js, `CountRoyals` and `ScoreMove`): `royal=` lines add up; with the
//! side's `extinction` bit set (the default, 3) it loses only with its last royal piece, so
//! while it has several it may leave them attacked; with the bit clear each one is absolute.
//! `baring` names the types a side is bare without. Coregal's figures from Fairy-Stockfish
//! are in tests/perft/fsf/coregal.txt.

use fairylab::bundled;
use fairylab::fen;
use fairylab::game::{Outcome, Reason, outcome};
use fairylab::notation;
use fairylab::position::{BLACK, Position, WHITE};

const PIECES: &str = "knight:N:N:knight:b1,g1\nrook:R:R:rook:a1,h1\nking:K:K:king:e1\n";

fn position(keys: &str, fen_text: &str) -> Position {
    let text = format!("files=8 ranks=8 {keys}\n{PIECES}");
    let v = bundled::compile("royalty", &text).unwrap();
    fen::from_fen(&v, fen_text).unwrap()
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

/// Two white kings, a1 attacked by the rook on a5.
const TWO_KINGS: &str = "4k3/8/8/r7/8/8/8/K6K w - - 0 1";

#[test]
fn with_extinction_a_spare_royal_piece_may_be_left_attacked() {
    let pos = position("", TWO_KINGS);
    assert!(!pos.in_check());
    assert_eq!(pos.royals(WHITE).len(), 2);
    assert_eq!(pos.guarded(WHITE).len(), 0);
    let moves = legal(&pos);
    assert!(moves.contains(&"h1h2".to_string()), "{moves:?}");
    // Taken, the other king is the last one: guarded, and here in check along the first rank.
    let mut pos = pos;
    pos.make(notation::parse_move(&pos, "h1g1").unwrap());
    pos.make(notation::parse_move(&pos, "a5a1").unwrap());
    assert_eq!(pos.royals(WHITE).len(), 1);
    assert!(pos.in_check());
    assert!(legal(&pos).iter().all(|m| m.starts_with("g1")));
}

#[test]
fn without_extinction_every_royal_piece_is_absolute() {
    let pos = position("extinction=0", TWO_KINGS);
    assert_eq!(pos.guarded(WHITE).len(), 2);
    assert!(pos.in_check());
    let moves = legal(&pos);
    assert!(!moves.contains(&"h1h2".to_string()), "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("a1")), "{moves:?}");
    // Extinction for White only (bit 1): Black's kings stay absolute.
    let pos = position("extinction=1", "k6k/8/8/R7/8/8/8/4K3 b - - 0 1");
    assert!(pos.in_check());
    let pos = position("extinction=2", "k6k/8/8/R7/8/8/8/4K3 b - - 0 1");
    assert!(!pos.in_check());
}

#[test]
fn royal_lines_add_up() {
    let pos = position(
        "royal=K royal=N extinction=0",
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
    );
    assert_eq!(pos.royals(WHITE).len(), 2);
    assert_eq!(pos.royals(BLACK).len(), 1);
    // A key other than the repeatable ones given twice: the later value is played, as in the
    // Diagram, with a warning (issue 25).
    let v = bundled::compile("twice", &format!("files=8 files=9\n{PIECES}")).unwrap();
    assert_eq!(v.geometry.files, 9);
    assert!(v.spec.warnings[0].message.contains("'files' given again"));
}

#[test]
fn baring_counts_the_named_types() {
    // Only knights count: White, with a rook and no knight, is bare and cannot take Black's
    // last knight (its king stands between the rook and h1): White has lost.
    let pos = position("baring=N", "4k3/8/8/8/8/8/8/R3K2n w - - 0 1");
    assert_eq!(
        outcome(&pos, &[]),
        Some(Outcome::Win {
            winner: BLACK,
            reason: Reason::BareKing
        })
    );
    // With its king able to take the knight, the game goes on; taking it bares both: a draw.
    let mut pos = position("baring=N", "4k3/8/8/8/8/8/8/R5Kn w - - 0 1");
    assert_eq!(outcome(&pos, &[]), None);
    pos.make(notation::parse_move(&pos, "g1h1").unwrap());
    assert_eq!(
        outcome(&pos, &[]),
        Some(Outcome::Draw {
            reason: Reason::CounterBaring
        })
    );
    // baring=0: every non-royal type counts, so the rook keeps White alive.
    let pos = position("baring=0", "4k3/8/8/8/8/8/8/R3K2n w - - 0 1");
    assert_eq!(outcome(&pos, &[]), None);
}

#[test]
fn a_spare_royal_piece_keeps_a_side_from_being_bare() {
    // Extinction (the default): a second king counts as a spare, as the Diagram counts it.
    let pos = position("baring=0", "4k3/8/8/8/8/8/8/K3K2n w - - 0 1");
    assert_eq!(outcome(&pos, &[]), None);
    let pos = position("baring=0 extinction=0", "4k3/8/8/8/8/8/8/K3K2n w - - 0 1");
    assert_eq!(
        outcome(&pos, &[]),
        Some(Outcome::Win {
            winner: BLACK,
            reason: Reason::BareKing
        })
    );
}

/// `castleFlip`: a one-sided castling (`lO2`, towards the a-file for White) turns round for
/// Black with its other sideways moves, as the Diagram's script turns them (Black's `l` is
/// towards the h-file); with `castleFlip=1` Black castles the same way as White.
#[test]
fn castle_flip_turns_blacks_one_sided_castling() {
    let text = |keys: &str| {
        format!(
            "files=8 ranks=8 {keys}\nsider:S:lW:sider:d4,,d5\nrook:R:R:rook:a1,h1,,a8,h8\n\
             king:K:lO2:king:e1,,e8\n"
        )
    };
    let black_moves = |keys: &str| {
        let v = bundled::compile("flip", &text(keys)).unwrap();
        let mut pos = Position::start(&v);
        assert!(legal(&pos).contains(&"e1c1".to_string()));
        pos.make(notation::parse_move(&pos, "d4c4").unwrap());
        legal(&pos)
    };
    let turned = black_moves("");
    assert!(turned.contains(&"e8g8".to_string()), "{turned:?}");
    assert!(!turned.contains(&"e8c8".to_string()), "{turned:?}");
    // Black's sideways step turns the same way.
    assert!(turned.contains(&"d5e5".to_string()), "{turned:?}");
    let flipped = black_moves("castleFlip=1");
    assert!(flipped.contains(&"e8c8".to_string()), "{flipped:?}");
    assert!(!flipped.contains(&"e8g8".to_string()), "{flipped:?}");
}
