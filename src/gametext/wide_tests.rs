//! Game texts on a board wider than 26 files, whose files past `z` are `{`, `|`, `}` and `~`:
//! a brace there is a file where the word it is in reads as a move, a comment elsewhere.

use super::*;
use crate::notation;

/// 30x10: knights on the 27th and 29th files (`{1`, `}1`), pawns on the last four files, a
/// rook on the 30th (`~1`); Black mirrored on ranks 9 and 10.
const WIDE: &str = "files=30 ranks=10 promoZone=1 promoChoice=N\n\
    pawn:P:fmWfcF:pawn:{2,|2,}2,~2\nknight:N:N:knight:{1,}1\nrook:R:R:rook:a1,~1\n\
    king:K:K:king:o1\n";

fn wide() -> Arc<Variant> {
    bundled::compile("wide", WIDE).unwrap()
}

/// Pawn {2-{3; knight {10-|8; knight }1-|3; knight |8-}6; pawn ~2-~3; knight }6-|4; the
/// pawn on {3 takes it on |4; pawn }9-}8; rook ~1-~2.
const GAME: &str = "{2{3 {10|8 }1|3 |8}6 ~2~3 }6|4 {3|4 }9}8 ~1~2";

fn played() -> Game {
    let mut g = Game::new(&wide());
    for m in GAME.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn a_game_on_files_past_z_reads_back_in_both_formats() {
    let g = played();
    let pgn = to_pgn(&g);
    assert!(
        pgn.ends_with("\n\n1. {2{3 {10|8 2. }1|3 |8}6 3. ~2~3 }6|4 4. {3|4 }9}8 5. ~1~2 *\n"),
        "{pgn}"
    );
    let gc = to_game_courier(&g);
    assert!(
        gc.starts_with("1. P {2-{3\n1... n {10-|8\n2. N }1-|3\n"),
        "{gc}"
    );
    for (text, format) in [(pgn, Format::Pgn), (gc, Format::GameCourier)] {
        let i = import(&text, &wide()).unwrap();
        assert_eq!((i.format, i.error.as_deref()), (format, None), "{text}");
        assert_eq!(i.game.history(), g.history(), "{text}");
    }
}

/// Comments among wide moves: one with spaces, one ending in `}`, one whose first word is a
/// number, one in a variation, and one naming a square. A brace right after a move belongs to
/// the move's word: `{2{3{3}` is all one comment (it ends in `}`).
#[test]
fn comments_still_read_among_moves_past_z() {
    let text = "[Variant \"wide\"]\n{A wide game} 1. {2{3 {3} {10|8 {1. e4 is not here}\n\
                2. }1|3 ({2{3 {a line (with a move |3|4)}) |8}6 {good: |4 is next} *";
    let i = import(text, &wide()).unwrap();
    assert_eq!(i.error, None);
    assert_eq!(i.game.history(), ["{2{3", "{10|8", "}1|3", "|8}6"]);
    let i = import("1. {2{3{3} {2{3", &wide()).unwrap();
    assert_eq!(
        (i.error, i.game.history()),
        (None, vec!["{2{3".to_string()])
    );
}

/// The Variant tag sets the board the moves are read on: from the wide board to chess's,
/// where a brace is a comment again.
#[test]
fn the_variant_tag_sets_the_board() {
    let text = "[Variant \"chess\"]\n1. e2e4 {1{3} e7e5 2. g1f3";
    let i = import(text, &wide()).unwrap();
    assert_eq!(i.game.variant().name, "chess");
    assert_eq!(i.error, None);
    assert_eq!(i.game.history(), ["e2e4", "e7e5", "g1f3"]);
    let i = import("1. e2e4 {1{3 e7e5", &wide()).unwrap();
    assert_eq!(i.played, 0, "no e2 on the wide board");
}

/// On boards of 26 files or fewer a brace always opens a comment, even one that reads as a
/// move past `z`.
#[test]
fn on_ordinary_boards_a_brace_is_a_comment() {
    let chess = bundled::load("chess").unwrap();
    let i = import("1. e2e4{2{3} e7e5 {1{3} 2. g1f3{good}", &chess).unwrap();
    assert_eq!(i.error, None);
    assert_eq!(i.game.history(), ["e2e4", "e7e5", "g1f3"]);
    let list = move_list::read("1. e4{3 e5} e5 {1{3} 2. Nf3", &Position::start(&chess));
    assert_eq!(list.error, None);
    assert_eq!(list.texts, ["e4", "e5", "Nf3"]);
    assert_eq!(list.comments[1].as_deref(), Some("3 e5"));
    assert_eq!(list.comments[2].as_deref(), Some("1{3"));
}

/// The Diagram's notation past `z`: pawn moves and a pawn's capture named by files `{` and
/// `~`, knights told apart by their files `{` and `}`, and comments kept.
#[test]
fn the_diagrams_notation_past_z() {
    let v = wide();
    let start = Position::start(&v);
    let text = "{A wide game} 1. {3 {3} N{|8 2. N}|3 N}6 {good} 3. ~3 N|4 4. {x|4";
    let list = move_list::read(text, &start);
    assert_eq!(list.error, None);
    let coords: Vec<String> = (list.moves.iter())
        .map(|&m| notation::to_coordinate(&v, m))
        .collect();
    assert_eq!(
        coords,
        ["{2{3", "{10|8", "}1|3", "|8}6", "~2~3", "}6|4", "{3|4"]
    );
    let comments: Vec<Option<&str>> = list.comments.iter().map(Option::as_deref).collect();
    let mut expected = vec![None; 8];
    expected[0] = Some("A wide game");
    expected[1] = Some("3");
    expected[4] = Some("good");
    assert_eq!(comments, expected);
    // Both Black knights reach |8: the file is needed.
    let (at, why) = move_list::read("1. {3 N|8", &start).error.unwrap();
    assert_eq!(at, 6);
    assert_eq!(
        why,
        "move 1... (N|8): 'N|8' could be any of {10|8, }10|8; write more of the move"
    );
}

/// A malformed move past `z` stops the reading with its place, number and why.
#[test]
fn a_malformed_move_past_z_says_where() {
    let v = wide();
    let text = "1. {3 N{|8 2. N}|33 N}6";
    let (at, why) = move_list::read(text, &Position::start(&v)).error.unwrap();
    assert_eq!(&text[at..], "N}|33 N}6");
    assert_eq!(why, "move 2 (N}|33): '|33' is not a square of this board");
    let i = import("1. {2{3 {10|8 2. }1}3", &v).unwrap();
    assert_eq!(i.played, 2);
    assert_eq!(
        i.error.as_deref(),
        Some("move 2 (}1}3): the knight on }1 has no legal move to }3")
    );
}
