//! The game a definition shows on its board (its `moveList` key, as the Interactive Diagram
//! shows one), with the author's comments. A new game of such a variant starts at the start
//! position with the list's moves ahead of it, to be stepped through (they are the game's
//! moves to redo: stepping forward replays one, back takes one back, so nothing the reader
//! plays is lost by stepping). A move played where the list goes on differently branches, as
//! any move played after taking moves back does. The comment of a move is shown while the
//! moves up to it are the list's own.
//!
//! A move of the list that cannot be played stops it there; the warning says where in the
//! definition (`LINE:COL`), which move and why.

use std::sync::Arc;

use crate::game::Game;
use crate::gametext::move_list::{self, MoveList};
use crate::position::{Move, Position};
use crate::variant::Variant;

/// The key.
const KEY: &str = "moveList";

/// A definition's game, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Annotated {
    /// Its moves, texts as written and comments.
    pub list: MoveList,
    /// Why it stops early, if it does: `LINE:COL: moveList stops at move 3 (Ke3): why; …`.
    pub warning: Option<String>,
}

impl Annotated {
    /// The variant's game, if its definition has a `moveList` with something in it.
    pub fn of(v: &Arc<Variant>) -> Option<Annotated> {
        let (_, text) = (v.spec.display.iter()).find(|(k, t)| k == KEY && !t.trim().is_empty())?;
        let list = move_list::read(text, &Position::start(v));
        let warning = list.error.as_ref().map(|(at, why)| {
            let place = match line_col(&v.source, text, *at) {
                Some((line, col)) => format!("{line}:{col}: "),
                None => String::new(),
            };
            format!("{place}{KEY} stops at {why}; the moves before it are shown")
        });
        Some(Annotated { list, warning })
    }

    /// The moves of `game`'s line (played, then those ahead to redo) that are the list's own,
    /// from the start: the list is shown up to there.
    pub fn agreeing(&self, game: &Game) -> usize {
        if game.start().hash() != Position::start(game.variant()).hash() {
            return 0;
        }
        let line = (game.played().iter().map(|p| p.mv)).chain(game.redo_moves());
        line.zip(&self.list.moves)
            .take_while(|(a, b)| a.key() == b.key())
            .count()
    }

    /// The comment after `ply` moves of `game`, while they are the list's.
    pub fn comment(&self, game: &Game, ply: usize) -> Option<&str> {
        (ply <= self.agreeing(game))
            .then(|| self.list.comments.get(ply)?.as_deref())
            .flatten()
    }
}

/// A new game of `v`: its definition's game ahead of the start, to step through, if it has
/// one (else a plain new game).
pub fn new_game(v: &Arc<Variant>) -> Game {
    let mut game = Game::new(v);
    if let Some(a) = Annotated::of(v) {
        load(&mut game, &a.list.moves);
    }
    game
}

/// Plays `moves` and takes them all back: they are the game's moves to redo.
fn load(game: &mut Game, moves: &[Move]) {
    let played = moves.iter().take_while(|&&m| game.play(m).is_ok()).count();
    for _ in 0..played {
        game.undo();
    }
}

/// The line and column (from 1, in characters) in `source` of the byte `at` of `value`, the
/// key's value as the definition reader keeps it: the words of the text after `moveList=`
/// with one space between them.
fn line_col(source: &str, value: &str, at: usize) -> Option<(usize, usize)> {
    let mut i = source.find(&format!("{KEY}="))? + KEY.len() + 1;
    for c in value.get(..at)?.chars() {
        let rest = &source[i..];
        if c == ' ' {
            let skipped = rest.len() - rest.trim_start().len();
            i += skipped.max(1).min(rest.len());
        } else if rest.starts_with(c) {
            i += c.len_utf8();
        } else {
            return None;
        }
    }
    let before = &source[..i];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    Some((line, col))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::notation;

    const KNIGHTS: &str = "files=8 ranks=8 promoZone=1 promoChoice=Q\n\
        pawn:P:fmWfcF:pawn:a2-h2\nknight:N:N:knight:b1,g1\nqueen:Q:Q:queen:d1\n\
        king:K:K:king:e1\n";

    fn variant(list: &str) -> Arc<Variant> {
        bundled::compile("with-a-game", &format!("{KNIGHTS}moveList={list}")).unwrap()
    }

    fn ahead(game: &Game) -> Vec<String> {
        let v = game.variant();
        (game.redo_moves())
            .map(|m| notation::to_coordinate(v, m))
            .collect()
    }

    /// The knights g1-f3 and b8-c6, then the e-pawn one step (`fmW`: no double step).
    #[test]
    fn a_new_game_starts_at_the_start_with_the_list_ahead_and_its_comments() {
        let v = variant("1. Nf3 {develops} Nc6 2. e3 {quiet}");
        let a = Annotated::of(&v).unwrap();
        assert_eq!(a.warning, None);
        let mut game = new_game(&v);
        assert!(game.played().is_empty());
        assert_eq!(ahead(&game), ["g1f3", "b8c6", "e2e3"]);
        assert_eq!(a.agreeing(&game), 3);
        assert_eq!(a.comment(&game, 0), None);
        assert_eq!(a.comment(&game, 1), Some("develops"));
        assert_eq!(a.comment(&game, 2), None);
        assert_eq!(a.comment(&game, 3), Some("quiet"));
        // Stepping keeps the line: forward two, back one.
        game.redo();
        game.redo();
        game.undo();
        assert_eq!(a.agreeing(&game), 3);
        assert_eq!(ahead(&game), ["b8c6", "e2e3"]);
    }

    /// A move of the reader's own after the first branches: the list's comments after it go.
    #[test]
    fn a_move_off_the_list_branches_and_its_comments_go() {
        let v = variant("1. Nf3 {develops} Nc6 {replies} 2. e3");
        let a = Annotated::of(&v).unwrap();
        let mut game = new_game(&v);
        game.redo();
        let knight = notation::parse_move(game.position(), "g8f6").unwrap();
        game.play(knight).unwrap();
        assert_eq!(ahead(&game), Vec::<String>::new());
        assert_eq!(a.agreeing(&game), 1);
        assert_eq!(a.comment(&game, 1), Some("develops"));
        assert_eq!(a.comment(&game, 2), None);
    }

    /// `Ke3` is no king's move from the start: the list stops there, the two moves before it
    /// kept, and the warning gives its line and column in the definition (the moveList's
    /// line is the sixth; extra spaces between the words counted).
    #[test]
    fn a_move_that_fails_is_warned_with_its_place_in_the_definition() {
        let v = variant("1. Nf3  Nc6 2.   Ke3 Ke6");
        let a = Annotated::of(&v).unwrap();
        assert_eq!(
            a.warning.as_deref(),
            Some(
                "6:27: moveList stops at move 2 (Ke3): no king (K) can go to e3; \
                 the moves before it are shown"
            )
        );
        assert_eq!(ahead(&new_game(&v)), ["g1f3", "b8c6"]);
        assert!(Annotated::of(&bundled::load("chess").unwrap()).is_none());
    }

    /// A 30x10 board's game, its moves on files past `z` (`{`, `|`, `}`, `~`), read from the
    /// definition's own line: the pawn {2-{3 and the knight {10-|8 with the comment between
    /// them, then `N}|33` (no rank 33) stopped with its place (column 42: `moveList=` is nine
    /// characters, and `N` the 33rd of its value).
    #[test]
    fn a_game_on_files_past_z() {
        let text = "files=30 ranks=10\npawn:P:fmWfcF:pawn:{2,~2\n\
                    knight:N:N:knight:{1,}1\nking:K:K:king:o1\n\
                    moveList=1. {3 {the pawn past z} N{|8 2. N}|33 N}6\n";
        let v = bundled::compile("wide", text).unwrap();
        let a = Annotated::of(&v).unwrap();
        assert_eq!(a.list.texts, ["{3", "N{|8"]);
        assert_eq!(a.comment(&new_game(&v), 1), Some("the pawn past z"));
        assert_eq!(ahead(&new_game(&v)), ["{2{3", "{10|8"]);
        assert_eq!(
            a.warning.as_deref(),
            Some(
                "5:42: moveList stops at move 2 (N}|33): '|33' is not a square of this \
                 board; the moves before it are shown"
            )
        );
    }
}
