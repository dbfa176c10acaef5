//! Piece IDs of several characters (`+P`, `GG`) in FEN, move text, game text and the legend,
//! and counts in hand of a hundred and more. The variant is Minishogi with Shogi's `+` IDs
//! for its promoted pieces and `GG` for the gold general (tests/defs/minishogi-ids.txt);
//! every expectation is worked out by hand from its start: White's king a1, gold b1, silver
//! c1, bishop d1, rook e1, pawn a2, and Black's the same turned round (e5 to a5, pawn e4).

use fairylab::bundled;
use fairylab::fen::{self, FenErrorKind};
use fairylab::game::Game;
use fairylab::gametext;
use fairylab::notation;
use fairylab::piece::{BLACK, WHITE};
use fairylab::position::Position;
use fairylab::variant::Variant;
use std::sync::Arc;

const IDS: &str = include_str!("defs/minishogi-ids.txt");
const LETTERS: &str = include_str!("perft/fsf/defs/minishogi.txt");

fn variant() -> Arc<Variant> {
    bundled::compile("minishogi-ids", IDS).unwrap()
}

fn moves(pos: &Position) -> Vec<String> {
    let mut list = Vec::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<String> = (list.iter())
        .map(|&m| notation::to_coordinate(pos.variant(), m))
        .collect();
    out.sort();
    out
}

/// A one-letter ID is written bare, a `+` and a letter as Shogi writes it, a longer ID in
/// braces as Game Courier writes it; Black's in lower case.
#[test]
fn fen_writes_and_reads_ids_of_several_characters() {
    let v = variant();
    let start = Position::start(&v);
    assert_eq!(fen::to_fen(&start), "rbs{gg}k/4p/5/P4/K{GG}SBR[] w - - 0 1");
    // A tokin on a2 for White, a promoted silver on c5 and a dragon on a5 for Black, a gold in
    // White's hand and a horse's demoted bishop in Black's.
    let text = "+rb+s{gg}k/4p/5/+P4/K{GG}SBR[{GG}b] b - - 3 9";
    let pos = fen::from_fen(&v, text).unwrap();
    assert_eq!(fen::to_fen(&pos), text);
    let sq = |name: &str| v.geometry.parse_square(name).unwrap();
    let at = |name: &str| {
        pos.piece_at(sq(name))
            .map(|pc| (pc.colour, v.types[pc.piece_type].id.to_string()))
    };
    assert_eq!(at("a2"), Some((WHITE, "+P".into())));
    assert_eq!(at("c5"), Some((BLACK, "+S".into())));
    assert_eq!(at("a5"), Some((BLACK, "+R".into())));
    assert_eq!(at("d5"), Some((BLACK, "GG".into())));
    let gold = v
        .type_by_id(fairylab::piece::PieceId::new("GG").unwrap())
        .unwrap();
    assert_eq!(pos.in_hand(WHITE, gold), 1);
    // The same ID without braces is two letters, and a brace left open is named where it opens.
    let e = fen::from_fen(&v, "rbsggk/4p/5/P4/K{GG}SBR[] w - - 0 1").unwrap_err();
    assert_eq!((e.kind, e.column), (FenErrorKind::Board, 4));
    assert!(e.message.contains("'g' is not a piece"), "{e}");
    let e = fen::from_fen(&v, "rbs{ggk/4p/5/P4/K{GG}SBR[] w - - 0 1").unwrap_err();
    assert_eq!((e.kind, e.column), (FenErrorKind::Board, 4));
    let e = fen::from_fen(&v, "rbs{gg}k/4p/5/P4/K{GG}SBR[+k] w - - 0 1").unwrap_err();
    assert_eq!((e.kind, e.column), (FenErrorKind::Hands, 27));
    assert!(
        e.message.contains("'+k' in the hands is not a piece"),
        "{e}"
    );
}

/// With White's king on a1 and pawn on a4 and a gold in hand, Black's king on e5: the gold
/// drops on the 22 empty squares, the king steps to a2, b1 and b2, and the pawn must promote
/// on a5 (it could never move again): 26 moves, the promotion and the drop written with the
/// whole IDs in both notations and read back.
#[test]
fn move_text_names_whole_ids() {
    let v = variant();
    let pos = fen::from_fen(&v, "4k/P4/5/5/K4[{GG}] w - - 0 1").unwrap();
    let list = moves(&pos);
    assert_eq!(list.len(), 26, "{list:?}");
    assert!(list.contains(&"a4a5+p".to_string()) && !list.contains(&"a4a5".to_string()));
    assert!(list.contains(&"GG@c3".to_string()) && !list.contains(&"GG@a1".to_string()));
    let promote = notation::parse_move(&pos, "a4a5+p").unwrap();
    assert_eq!(notation::to_game_courier(&pos, promote), "P a4-a5; +P-a5");
    assert_eq!(
        notation::parse_game_courier(&pos, "P a4-a5; +P-a5"),
        Ok(promote)
    );
    assert_eq!(notation::parse_move(&pos, "a4a5=+P"), Ok(promote));
    let drop = notation::parse_move(&pos, "GG@c3").unwrap();
    assert_eq!(notation::to_game_courier(&pos, drop), "GG*c3");
    assert_eq!(notation::parse_game_courier(&pos, "GG*c3"), Ok(drop));
    assert!(notation::parse_move(&pos, "G@c3").is_err());
    // Black's pieces are labelled in lower case: after the promotion, Black's king steps.
    let mut after = pos.clone();
    after.make(promote);
    let step = notation::parse_move(&after, "e5d5").unwrap();
    assert_eq!(notation::to_game_courier(&after, step), "k e5-d5");
    after.make(step);
    let tokin = notation::parse_move(&after, "a5b5").unwrap();
    assert_eq!(notation::to_game_courier(&after, tokin), "+P a5-b5");
}

/// A game with a promotion and drops goes out in both game formats and reads back to the same
/// moves; the Game Courier list labels moves with the whole ID.
#[test]
fn game_text_round_trips_ids_of_several_characters() {
    let v = variant();
    let start = fen::from_fen(&v, "4k/P4/5/5/K4[{GG}] w - - 0 1").unwrap();
    let mut game = Game::from_position(start.clone());
    for m in ["a4a5+p", "e5e4", "GG@c3", "e4d5", "a5b5"] {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let gc = gametext::to_game_courier(&game);
    assert_eq!(
        gc,
        "1. P a4-a5; +P-a5\n1... k e5-e4\n2. GG*c3\n2... k e4-d5\n3. +P a5-b5\n"
    );
    for text in [gc, gametext::to_pgn(&game)] {
        let back = gametext::import_from(&text, &start).unwrap();
        assert_eq!(back.error, None, "{text}");
        assert_eq!(back.game.position(), game.position(), "{text}");
    }
}

/// Only the IDs differ from Fairy-Stockfish's Minishogi, so no count does: perft 1 to 3 from
/// the start are the same for both texts. At depth 1, 14: the king's b2, the pawn's a3, the
/// gold's b2 and c2, the silver's b2, c2 and d2, the bishop's a4, b3, c2 and e2, the rook's
/// e2, e3 and e4.
#[test]
fn the_ids_change_no_move() {
    let mut a = Position::start(&variant());
    let mut b = Position::start(&bundled::compile("minishogi", LETTERS).unwrap());
    for depth in 1..=3 {
        assert_eq!(a.perft(depth), b.perft(depth), "depth {depth}");
    }
    assert_eq!(a.perft(1), 14);
}

/// Counts in hand from 100 on are written as a number before the ID (below it, letters one
/// by one as Fairy-Stockfish reads them), and read either way, as the definition's sixth field
/// reads them (`0,100`: Black starts with a hundred).
#[test]
fn counts_in_hand_of_a_hundred_and_more() {
    let text = IDS.replace("pawn:P:fW:pawn:a2", "pawn:P:fW:pawn:a2:0,100");
    let v = bundled::compile("hundred", &text).unwrap();
    let start = Position::start(&v);
    assert_eq!(
        fen::to_fen(&start),
        "rbs{gg}k/4p/5/P4/K{GG}SBR[100p] w - - 0 1"
    );
    let pawn = v.type_by_id('P').unwrap();
    assert_eq!(start.in_hand(BLACK, pawn), 100);
    // 120 White pawns (written 120P), three Black (ppp), and a count before a long ID.
    let pos = fen::from_fen(&v, "4k/5/5/5/K4[120P2p{GG}p2{GG}] w - - 0 1").unwrap();
    let gold = v
        .type_by_id(fairylab::piece::PieceId::new("GG").unwrap())
        .unwrap();
    assert_eq!(pos.in_hand(WHITE, pawn), 120);
    assert_eq!(pos.in_hand(BLACK, pawn), 3);
    assert_eq!(pos.in_hand(WHITE, gold), 3);
    assert_eq!(
        fen::to_fen(&pos),
        "4k/5/5/5/K4[120P{GG}{GG}{GG}ppp] w - - 0 1"
    );
    // A drop from the hundred leaves 99, written letter by letter.
    let mut after = start.clone();
    after.make(notation::parse_move(&after, "a1b2").unwrap());
    after.make(notation::parse_move(&after, "P@c3").unwrap());
    assert_eq!(after.in_hand(BLACK, pawn), 99);
    assert!(fen::to_fen(&after).contains(&format!("[{}]", "p".repeat(99))));
    // Errors at the count: none, too many, or a count with no piece after it.
    let at = |fen: &str| {
        let e = fen::from_fen(&v, fen).unwrap_err();
        (e.kind, e.column, e.message)
    };
    let (kind, column, message) = at("4k/5/5/5/K4[P0p] w - - 0 1");
    assert_eq!((kind, column), (FenErrorKind::Hands, 14));
    assert!(
        message.contains("1 to 65000 pieces of a type, not 0"),
        "{message}"
    );
    let (_, column, message) = at("4k/5/5/5/K4[64999P2P] w - - 0 1");
    assert_eq!(column, 19);
    assert!(message.contains("not 65001"), "{message}");
    let (_, column, message) = at("4k/5/5/5/K4[P12] w - - 0 1");
    assert_eq!(column, 16);
    assert!(message.contains("must be followed by a piece"), "{message}");
}

/// The legend lists each type by its whole ID, and a legend click (the page's
/// `pieceMoves("+P", "white")`) finds the type by it: the tokin's diagram from the centre c3
/// is the gold's six squares (b2 and d2 are the backward diagonals it lacks).
#[test]
fn the_legend_names_and_finds_whole_ids() {
    let v = variant();
    let ids: Vec<String> = (fairylab::designer::legend::legend(&v).iter())
        .map(|e| e.letter.to_string())
        .collect();
    assert_eq!(ids, ["P", "S", "B", "R", "GG", "K", "+P", "+S", "+B", "+R"]);
    let id = fairylab::ui::legend::parse_letter("+P").unwrap();
    let d = fairylab::designer::diagram::piece_moves(&v, id, WHITE).unwrap();
    assert_eq!(v.types[d.piece_type].name, "tokin");
    let mut squares: Vec<String> = (d.marks.iter())
        .map(|m| v.geometry.name(m.square).to_string())
        .collect();
    squares.sort();
    assert_eq!(squares, ["b3", "b4", "c2", "c4", "d3", "d4"]);
    let gold = fairylab::ui::legend::parse_letter("gg").unwrap();
    assert!(fairylab::designer::diagram::piece_moves(&v, gold, BLACK).is_ok());
}
