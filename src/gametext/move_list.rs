//! A definition's `moveList`: the game an Interactive Diagram text shows on its board, with
//! the author's `{comments}`. The moves are numbered as in PGN (`1.`, `1...`, `12.Nc3`; the
//! numbers are skipped, not checked) and written as the Diagram writes its games ([`san`]:
//! `Nc3`, `exd5`, `Lxd5-e6`, `O-O`, `P@e4`), or in coordinate form (`e2e4`) or Game Courier's
//! (`P e2-e4`). A `{comment}` belongs to the move before it (one before the first move to the
//! start); the Diagram shows it when that move is the last one shown. A result token (`1-0`,
//! `0-1`, `1/2-1/2`, `*`) ends the game.
//!
//! Each move is resolved against the legal moves of the position it is played from. The first
//! that does not read, or is not legal there, stops the reading: the moves before it are the
//! game, and [`MoveList::error`] says which move, where it stands in the text and why.

use super::{Item, MAX_MOVES, Scan, is_label, move_number, san};
use crate::game::Game;
use crate::notation;
use crate::position::{Move, Position};

/// A `moveList` read: its moves (those before any that failed), as written, and the comments.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MoveList {
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// Each move as written.
    pub texts: Vec<String>,
    /// The comment after each number of moves: `comments[0]` before the first move,
    /// `comments[k]` after the `k`-th; `None` where there is none.
    pub comments: Vec<Option<String>>,
    /// The move that stopped the reading: its byte offset in the text, and
    /// `move 12 (Nxd9): why`.
    pub error: Option<(usize, String)>,
}

/// Reads a `moveList` value from `start` (see the module documentation). Never panics.
pub fn read(text: &str, start: &Position) -> MoveList {
    let mut game = Game::from_position(start.clone());
    let mut out = MoveList {
        comments: vec![None],
        ..MoveList::default()
    };
    let mut scan = Scan::new(text, true, start.variant().geometry);
    while let Some(item) = scan.next(false) {
        let word = match item {
            Item::Comment(c) => {
                let c = c.trim();
                let slot = out
                    .comments
                    .last_mut()
                    .expect("one slot a move and one more");
                match slot {
                    Some(before) => {
                        before.push(' ');
                        before.push_str(c);
                    }
                    None => *slot = Some(c.to_string()),
                }
                continue;
            }
            Item::Word(w) => w,
            Item::Tag(..) => continue,
        };
        let at = scan.pos - word.len();
        let word = super::strip_number(word);
        if word.is_empty() || word.chars().all(|c| c == '.' || c == '…') {
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&word) {
            break;
        }
        // Game Courier's two words: the piece's label, then the move.
        let owned;
        let word = if is_label(word) {
            match scan.next(false) {
                Some(Item::Word(m)) => {
                    owned = format!("{word} {m}");
                    owned.as_str()
                }
                _ => word,
            }
        } else {
            word
        };
        let n = move_number(game.position());
        if out.moves.len() == MAX_MOVES {
            let why = format!("more than {MAX_MOVES} moves; the first {MAX_MOVES} are shown");
            out.error = Some((at, format!("move {n} ({word}): {why}")));
            break;
        }
        match play(&mut game, word) {
            Ok(m) => {
                out.moves.push(m);
                out.texts.push(word.to_string());
                out.comments.push(None);
            }
            Err(why) => {
                out.error = Some((at, format!("move {n} ({word}): {why}")));
                break;
            }
        }
    }
    out
}

/// Plays `word` in `game`: the Diagram's notation, else coordinate or Game Courier's.
fn play(game: &mut Game, word: &str) -> Result<Move, String> {
    if let Some(o) = game.outcome() {
        return Err(format!("the game is over: {} {o}", o.score()));
    }
    let pos = game.position();
    let m = match notation::parse_move(pos, word) {
        Ok(m) => m,
        Err(e) if word.contains(' ') => return Err(e.message),
        Err(_) => san::parse(pos, word)?,
    };
    game.play(m)?;
    Ok(m)
}

#[cfg(test)]
mod tests;
