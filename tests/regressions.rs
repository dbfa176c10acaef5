//! Minimal reproducers of bugs the fuzzers and property tests found, kept as plain tests.

#![cfg(not(target_arch = "wasm32"))]

use fairylab::betza;

/// `X` added 3 to an i8 coordinate without a bound: 43 of them overflowed (a panic in debug
/// builds) before the "too long" check ran. Such a leap lands on no board fairylab has: the
/// move is left out with a note at its atom, and nothing overflows.
#[test]
fn betza_many_extensions_is_a_note_not_an_overflow() {
    for text in [
        format!("W{}", "X".repeat(43)),
        format!("F{}", "Y".repeat(70)),
    ] {
        let m = betza::read(&text).unwrap();
        assert!(m.components.is_empty(), "{text}");
        assert_eq!(m.notes.len(), 1, "{text}");
        assert_eq!(m.notes[0].offset, 0, "{text}");
        assert!(m.notes[0].message.contains("lands on no square"), "{text}");
    }
}

/// A run of digits in a FEN rank was accumulated in a usize without a bound: twenty 9s
/// overflowed (a panic in debug builds).
#[test]
fn fen_long_digit_run_is_an_error_not_an_overflow() {
    let v = fairylab::bundled::load("chess").unwrap();
    let fen = "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e = fairylab::fen::from_fen(&v, fen).unwrap_err();
    assert_eq!(e.column, 19, "{e}");
    assert!(e.message.contains("longer than 8 files"), "{e}");
}

/// `conversion=` on a type with more than two pieces a side: the first move of one of them
/// turned all the others into the must-convert type, recording more squares than `Undo`
/// holds (index out of bounds). The rule is for a pair, so such a definition is an error.
#[test]
fn conversion_on_more_than_two_pieces_is_an_error() {
    let text = fairylab::bundled::text("symmetric-chess")
        .unwrap()
        .replace("conversion=B:sfW", "conversion=P:sfW");
    let e = fairylab::definition::load(&text).unwrap_err();
    let line = text
        .lines()
        .position(|l| l.starts_with("conversion="))
        .unwrap()
        + 1;
    assert_eq!(e.0[0].pos.line as usize, line, "{e}");
    assert_eq!(e.0[0].pos.col, 12, "{e}");
    assert!(e.0[0].message.contains("at most two"), "{e}");
}

/// Position used square 255 as "no royal piece", but on a 16x16 board 255 is p16: a king
/// there was invisible (never in check, free to stay on an attacked line).
#[test]
fn royal_piece_on_square_255_of_a_16x16_board_is_seen() {
    let text = "files=16 ranks=16\nrook:R:R:rook:b1,,c16\nking:K:K:king:p16,,a16";
    let v = fairylab::bundled::compile("big", text).unwrap();
    let fen = "15K/16/16/16/16/16/16/16/16/16/16/16/16/16/16/k14r w - - 0 1";
    let p = fairylab::fen::from_fen(&v, fen).unwrap();
    assert_eq!(p.royal_square(fairylab::position::WHITE), Some(255));
    assert!(p.in_check());
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let mut text: Vec<String> = moves
        .iter()
        .map(|&m| fairylab::notation::to_coordinate(&v, m))
        .collect();
    text.sort();
    assert_eq!(text, ["p16o15", "p16o16"]);
}

fn play(
    v: &std::sync::Arc<fairylab::variant::Variant>,
    moves: &str,
) -> fairylab::position::Position {
    let mut pos = fairylab::position::Position::start(v);
    for text in moves.split_whitespace() {
        let m = fairylab::notation::parse_coordinate(&pos, text).unwrap();
        pos.make(m);
    }
    pos
}

/// FEN round trip of `pos`: the same text and the same legal moves after reading it back.
fn assert_fen_round_trip(
    v: &std::sync::Arc<fairylab::variant::Variant>,
    pos: &fairylab::position::Position,
) {
    let f = fairylab::fen::to_fen(pos);
    let again = fairylab::fen::from_fen(v, &f).unwrap_or_else(|e| panic!("{f}: {e}"));
    assert_eq!(fairylab::fen::to_fen(&again), f);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    pos.legal_moves(&mut a);
    again.legal_moves(&mut b);
    a.sort();
    b.sort();
    assert_eq!(a, b, "{f}");
    assert_eq!(again.hash(), pos.hash(), "{f}");
}

/// Symmetric Chess: the `unmoved:` field left out the bishops (their flag does not change
/// their moves, the conversion type does), so when it was written (here: Black's king moved,
/// its rooks did not) reading it back dropped `conv:` and the bishop that must convert became
/// a plain one; a bishop back on its start square after a normal move was read as unmoved.
#[test]
fn symmetric_chess_conversion_state_survives_the_unmoved_field() {
    let v = fairylab::bundled::load("symmetric-chess").unwrap();
    let pos = play(&v, "d2d4 f7f6 c1f4 e8f7");
    assert!(fairylab::fen::to_fen(&pos).contains("conv:c"));
    assert_fen_round_trip(&v, &pos);
    let pos = play(&v, "d2d4 e7e6 c1d2 e8e7 d2c1");
    assert_fen_round_trip(&v, &pos);
}

/// Marseillais: after an en passant first move the target list still held the square just
/// taken on (now occupied by the capturing pawn); FEN wrote it and could not read it back.
/// Later FEN left the spent target out, but the hash still counted it, so the position read
/// back hashed differently; `make` now drops the spent target.
#[test]
fn marseillais_fen_after_an_en_passant_first_move_reads_back() {
    let v = fairylab::bundled::load("marseillais").unwrap();
    let pos = play(&v, "a2a3 b7b5 b5b4 c2c4 h2h3 b4c3");
    assert_eq!(pos.phase(), 1);
    let f = fairylab::fen::to_fen(&pos);
    assert!(f.contains(" b KQkq - 0 2"), "{f}");
    assert_fen_round_trip(&v, &pos);
}

/// A non-royal piece whose morph map names a royal type loaded, and the side then had two
/// royal pieces: the position tracked one (the newest), so the other could be left in check,
/// and the FEN of such a position could not be read back. It was a definition error for a
/// while; now the position keeps every royal piece, and the FEN reads back.
#[test]
fn morph_into_a_royal_type_gives_a_second_royal_piece() {
    let text = fairylab::bundled::text("chess")
        .unwrap()
        .replace("pawn:a2-h2", "pawn:a2-h2 morph=///KKKKKKKK");
    let v = fairylab::bundled::compile("morph-royal", &text).unwrap();
    let mut pos = fairylab::position::Position::start(&v);
    pos.make(fairylab::notation::parse_move(&pos, "e2e4").unwrap());
    assert_eq!(pos.royals(fairylab::position::WHITE).len(), 2);
    assert_fen_round_trip(&v, &pos);
    // The king's own forms may stay royal: Morphing Chess loads.
    assert!(fairylab::bundled::load("morphing-chess").is_some());
}

fn moves_of(pos: &fairylab::position::Position) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut text: Vec<String> = moves
        .iter()
        .map(|&m| fairylab::notation::to_coordinate(pos.variant(), m))
        .collect();
    text.sort();
    text
}

/// FEN without `unmoved:`: the castling field decided whatever stood in a corner of the rank
/// the king stood on, so a pawn on its start square there counted as moved once its king had
/// left the back rank (Morphing Chess III's a8c8, chess's a2a4 were missing).
#[test]
fn fen_pawn_in_a_corner_of_its_kings_rank_keeps_its_initial_move() {
    let v = fairylab::bundled::load("morphing-chess-3").unwrap();
    let fen = "9/p4k3/9/9/9/9/9/9/4K4 b - - 0 1";
    let pos = fairylab::fen::from_fen(&v, fen).unwrap();
    assert!(moves_of(&pos).contains(&"a8c8".to_string()));
    assert_eq!(fairylab::fen::to_fen(&pos), fen);
    let v = fairylab::bundled::load("chess").unwrap();
    let fen = "8/p3k3/8/8/8/8/P3K3/8 w - - 0 1";
    let pos = fairylab::fen::from_fen(&v, fen).unwrap();
    assert!(moves_of(&pos).contains(&"a2a4".to_string()));
    assert_eq!(fairylab::fen::to_fen(&pos), fen);
}

/// The other direction: a pawn back on its start square after a move is written as moved
/// (`unmoved:`), and a king that is unmoved off its start square (possible only through
/// `unmoved:`) keeps its castling when written and read back.
#[test]
fn fen_writes_unmoved_when_the_start_squares_would_mislead() {
    let v = fairylab::bundled::load("morphing-chess-3").unwrap();
    let pos = play(&v, "a2b3 a8b7 b3a2");
    let f = fairylab::fen::to_fen(&pos);
    assert!(f.contains(" unmoved:"), "{f}");
    let again = fairylab::fen::from_fen(&v, &f).unwrap();
    assert!(!moves_of(&again).contains(&"a2c2".to_string()), "{f}");
    assert_fen_round_trip(&v, &pos);

    let v = fairylab::bundled::load("chess").unwrap();
    let pos = fairylab::fen::from_fen(&v, "4k3/8/8/8/8/8/8/R2K4 w - - 0 1 unmoved:a1,d1").unwrap();
    assert!(moves_of(&pos).contains(&"d1b1".to_string()));
    let f = fairylab::fen::to_fen(&pos);
    assert_eq!(f, "4k3/8/8/8/8/8/8/R2K4 w - - 0 1 unmoved:a1,d1");
    assert_fen_round_trip(&v, &pos);
}

/// Castling rights were accepted for a king anywhere and any piece of its side in a corner of
/// its rank: Black's king on f8 with `q` and a pawn on a8 could castle with the pawn. A right
/// now needs the castling piece on its start square and a partner (a piece on one of its own
/// start squares, the rook) in the corner.
#[test]
fn fen_castling_rights_need_the_king_and_its_partner_at_home() {
    let v = fairylab::bundled::load("morphing-chess-3").unwrap();
    let e = fairylab::fen::from_fen(&v, "9/p4k3/9/9/9/9/9/9/4K4 b q - 0 1").unwrap_err();
    assert_eq!(e.column, 26, "{e}");
    assert!(e.message.contains("castling right 'q'"), "{e}");
    let v = fairylab::bundled::load("chess").unwrap();
    for (fen, column) in [
        ("4k3/8/8/8/8/8/8/R2K3R w K - 0 1", 25),
        ("4k3/8/8/8/8/8/8/Q3K3 w Q - 0 1", 24),
        ("r3k3/8/8/8/8/8/8/4K3 w qK - 0 1", 25),
    ] {
        let e = fairylab::fen::from_fen(&v, fen).unwrap_err();
        assert_eq!(e.column, column, "{fen}: {e}");
    }
    assert!(fairylab::fen::from_fen(&v, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1").is_ok());
}

/// The hash counted the unmoved flag of a rook whose king had moved, a flag no rule looks at
/// any more: a rook that moved away and back made a different hash, and the third occurrence
/// of the position was not seen as a repetition.
#[test]
fn repetition_ignores_the_flag_of_a_rook_whose_king_has_moved() {
    let v = fairylab::bundled::load("chess").unwrap();
    let mut g = fairylab::game::Game::new(&v);
    for m in "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 h2h3 h7h6 h1h2 h8h7 h2h1 h7h8 g1f3 g8f6 f3g1"
        .split_whitespace()
    {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.outcome(), None);
    g.play_text("f6g8").unwrap();
    assert_eq!(
        g.outcome(),
        Some(fairylab::game::Outcome::Draw {
            reason: fairylab::game::Reason::Repetition
        })
    );
    let a = fairylab::fen::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    let b = fairylab::fen::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1 unmoved:a1,h1,a8,h8")
        .unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_eq!(
        fairylab::fen::to_fen(&b),
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"
    );
}

/// A castling king off its start rank with a queen in that rank's corner, and an unmoved pawn
/// off its start square that needs the `unmoved:` list (a designer setup: every placed piece
/// unmoved). The castling field gave the right, but the list left the queen out (queens do
/// not start in a castling corner, so their flag was thought irrelevant), and reading the
/// list back took the right away.
#[test]
fn a_castling_partner_of_any_type_stays_unmoved_in_the_fen() {
    use fairylab::fen::{from_fen, to_fen};
    use fairylab::geometry::SquareSet;
    use fairylab::piece::{BLACK, Piece, WHITE};
    use fairylab::position::{Position, Setup};
    let v = fairylab::bundled::load("chess").unwrap();
    let g = v.geometry;
    let (k, q, p) = (
        v.type_by_id('K').unwrap(),
        v.type_by_id('Q').unwrap(),
        v.type_by_id('P').unwrap(),
    );
    let at = |name: &str| g.parse_square(name).unwrap();
    let mut unmoved = SquareSet::EMPTY;
    for name in ["a5", "h5", "e8", "e4"] {
        unmoved.insert(at(name));
    }
    let pos = Position::from_setup(
        &v,
        &Setup {
            pieces: vec![
                (at("a5"), Piece::new(k, WHITE)),
                (at("h5"), Piece::new(q, WHITE)),
                (at("e8"), Piece::new(k, BLACK)),
                (at("e4"), Piece::new(p, WHITE)),
            ],
            unmoved,
            fullmove: 1,
            ..Setup::default()
        },
    );
    let fen = to_fen(&pos);
    // The king is off its start square, so the castling field cannot carry the right (issue 9's
    // rule); the `unmoved:` list does.
    assert_eq!(fen, "4k3/8/8/K6Q/4P3/8/8/8 w - - 0 1 unmoved:e4,a5,h5");
    let again = from_fen(&v, &fen).unwrap();
    assert_eq!(to_fen(&again), fen);
    assert!(
        fairylab::notation::parse_coordinate(&again, "a5c5")
            .unwrap()
            .is_castle()
    );
}
