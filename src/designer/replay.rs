//! Replaying a game under edited rules: the page's `setDefinition(text)`, which keeps the game.
//! Each move is played again under the new rules, in order, until one is no longer legal;
//! the game stops there, and a message names the move ("Nd4-f5") and says why ("the knight
//! now moves as N").
//!
//! Decisions:
//! - **Where the replay starts.** A game that began at its variant's own start position
//!   begins at the new rules' start position: the square lists of the piece lines are part of
//!   the rules being edited. A game that began at a position of its own (a FEN) keeps it: its
//!   FEN is read under the new rules. If it no longer fits (another board size, a piece type
//!   gone, a Marseillais turn state the new rules lack), the replay starts from the new rules'
//!   start position instead, replays no move, and the message says so: the old moves belong
//!   to a position that is gone. Castling rights alone do not refuse it: where the new rules
//!   cannot castle there, the rights are dropped, and a castling move stops the replay.
//! - **The same move** is the move between the squares of the same names (so a board that
//!   grew or shrank still has them), with a promotion to the type of the same ID, castling
//!   where the old move castled. Squares, not piece indices: the new rules may number their
//!   types differently.
//! - **Why a move stopped**, checked in this order: the game is already over; the moving
//!   piece's type (by ID) is gone; it is the other side's move (the turn order changed); a
//!   square is off the new board; no piece, the other side's piece or another type stands on
//!   the square (the start position or a morph map changed); the promotion changed (no
//!   longer, now, or not to that type); the move would leave the royal piece attacked;
//!   otherwise the piece does not move like that any more: "the knight now moves as N" with
//!   its name and Betza moves in the new rules, or, where its moves are unchanged, that it
//!   cannot reach the square in this position.
//! - The moves taken back and not replayed (the old game's redo list) are not kept.
//! - Move names: the piece's ID letter in upper case for either side, `from-to`, `=Q` for a
//!   promotion.

use super::with_article;
use crate::definition::DefinitionErrors;
use crate::describe::{self, side_name};
use crate::fen;
use crate::game::Game;
use crate::piece::PieceId;
use crate::position::{Move, Position};
use crate::variant::Variant;
use std::sync::Arc;

/// A game replayed under new rules.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The game under the new rules, with the moves that are still legal.
    pub game: Game,
    /// How many of the old moves were replayed.
    pub replayed: usize,
    /// The index (from 0) of the first old move not replayed, if one was not.
    pub stopped_at: Option<usize>,
    /// Why the replay stopped, or why it started from the new start position.
    pub message: Option<String>,
}

/// Load a definition (or a bundled name) and replay the game under it. Errors are the
/// definition's, with line and column; then nothing is replayed.
pub fn replay_definition(old: &Game, text: &str) -> Result<Replay, DefinitionErrors> {
    let v = describe::load_variant(text)?;
    Ok(replay(old, &v))
}

/// Replay the game's moves under the variant `new`.
pub fn replay(old: &Game, new: &Arc<Variant>) -> Replay {
    let moves = old.played();
    let start = if *old.start() == Position::start(old.variant()) {
        Position::start(new)
    } else {
        match start_under(new, &fen::to_fen(old.start())) {
            Ok(pos) => pos,
            Err(e) => {
                return Replay {
                    game: Game::new(new),
                    replayed: 0,
                    stopped_at: (!moves.is_empty()).then_some(0),
                    message: Some(format!(
                        "The game's start position does not fit the new rules ({e}), so the game \
                         starts again from their start position."
                    )),
                };
            }
        }
    };
    let mut game = Game::from_position(start);
    let mut before = old.start().clone();
    for (i, p) in moves.iter().enumerate() {
        let played = match over(&game) {
            Some(why) => Err(why),
            // A legal move of a game that is not over: `play` takes it.
            None => same_move(&before, p.mv, game.position()).and_then(|m| game.play(m)),
        };
        if let Err(why) = played {
            return Replay {
                game,
                replayed: i,
                stopped_at: Some(i),
                message: Some(format!(
                    "{} is no longer legal: {why}",
                    move_name(&before, p.mv)
                )),
            };
        }
        before.make(p.mv);
    }
    Replay {
        game,
        replayed: moves.len(),
        stopped_at: None,
        message: None,
    }
}

/// The old start position's FEN read under the new rules. Castling rights the new rules
/// cannot have (the king no longer castles) are dropped rather than refusing the position:
/// a castling move then stops the replay with the reason.
fn start_under(new: &Arc<Variant>, text: &str) -> Result<Position, fen::FenError> {
    fen::from_fen(new, text).or_else(|e| {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        match fields.get_mut(2) {
            Some(castling) if *castling != "-" => {
                *castling = "-";
                fen::from_fen(new, &fields.join(" ")).map_err(|_| e)
            }
            _ => Err(e),
        }
    })
}

/// "the game is already over (1-0 White wins by checkmate)", once it is (by every rule,
/// repetition included).
fn over(game: &Game) -> Option<String> {
    game.outcome()
        .map(|o| format!("the game is already over ({} {o})", o.score()))
}

/// A move in short form, as played in `pos`: "Nd4-f5", "Pe7-e8=Q".
pub fn move_name(pos: &Position, m: Move) -> String {
    let v = pos.variant();
    let g = v.geometry;
    let letter = match pos.piece_at(m.from) {
        None => String::new(),
        Some(c) => v.types[v.display_type(c.piece_type)].id.to_string(),
    };
    let mut s = format!("{letter}{}-{}", g.name(m.from), g.name(m.to));
    if let Some(t) = m.promotion() {
        s.push('=');
        s.push_str(&v.types[t].id);
    }
    s
}

/// The move `m` (played in `old`) as a legal move in `pos` under its rules, or why not.
fn same_move(old: &Position, m: Move, pos: &Position) -> Result<Move, String> {
    let (ov, nv) = (old.variant(), pos.variant());
    let (og, ng) = (ov.geometry, nv.geometry);
    let Some(mover) = old.piece_at(m.from) else {
        // Not a move of the old game: nothing to compare.
        return Err("there is no piece to make it".into());
    };
    let old_type = &ov.types[ov.display_type(mover.piece_type)];
    let Some(new_t) = nv.type_by_id(old_type.id) else {
        return Err(format!(
            "the {} ({}) no longer exists in the new rules",
            old_type.name.to_ascii_lowercase(),
            old_type.id
        ));
    };
    let side = mover.colour;
    if pos.side_to_move() != side {
        return Err(format!(
            "it is {}'s move under the new rules",
            side_name(pos.side_to_move())
        ));
    }
    let square = |sq| {
        let text = og.name(sq).to_string();
        ng.parse_square(&text)
            .ok_or_else(|| format!("{text} is not on the new {}x{} board", ng.files, ng.ranks))
    };
    let (from, to) = (square(m.from)?, square(m.to)?);
    let here = pos.piece_at(from);
    let from_name = ng.name(from);
    let Some(here) = here else {
        return Err(format!(
            "no piece stands on {from_name} under the new rules"
        ));
    };
    if here.colour != side {
        return Err(format!(
            "the piece on {from_name} is {}'s under the new rules",
            side_name(here.colour)
        ));
    }
    let here_t = nv.display_type(here.piece_type);
    let piece = &nv.types[here_t];
    if here_t != new_t {
        return Err(format!(
            "the piece on {from_name} is now {}, which moves as {}",
            with_article(&piece.name.to_ascii_lowercase()),
            piece.betza
        ));
    }
    let name = piece.name.to_ascii_lowercase();
    let promo = m.promotion().map(|t| ov.types[t].id);
    let fits = |n: &Move| {
        n.from == from
            && n.to == to
            && n.is_castle() == m.is_castle()
            && n.promotion().map(|t| nv.types[nv.display_type(t)].id) == promo
    };
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if let Some(&n) = legal.iter().find(|n| fits(n)) {
        return Ok(n);
    }
    let to_name = ng.name(to);
    let mut pseudo = Vec::new();
    pos.pseudo_moves(&mut pseudo);
    let between: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|n| n.from == from && n.to == to && n.is_castle() == m.is_castle())
        .collect();
    if !between.is_empty() {
        let choices: Vec<PieceId> = between
            .iter()
            .filter_map(|n| n.promotion())
            .map(|t| nv.types[t].id)
            .collect();
        match (promo, choices.is_empty()) {
            (Some(_), true) => return Err(format!("the {name} no longer promotes on {to_name}")),
            (None, false) => {
                let list: Vec<String> = choices.iter().map(PieceId::to_string).collect();
                return Err(format!(
                    "the {name} now promotes on {to_name} (to {})",
                    list.join(", ")
                ));
            }
            (Some(p), false) if !choices.contains(&p) => {
                return Err(format!(
                    "the {name} can no longer promote to {}",
                    with_article(
                        &m.promotion()
                            .map_or(String::new(), |t| ov.types[t].name.to_ascii_lowercase())
                    )
                ));
            }
            _ => {}
        }
        if between.iter().any(fits) {
            let royal = pos
                .royal_square(pos.side_to_move())
                .and_then(|k| pos.piece_at(k))
                .map(|k| describe::type_name(nv, k.piece_type).to_ascii_lowercase())
                .unwrap_or_else(|| "royal piece".into());
            return Err(if piece.royal {
                format!("the {royal} would be attacked on {to_name}")
            } else {
                format!("it would leave the {royal} in check")
            });
        }
    }
    if piece.betza != old_type.betza {
        Err(format!("the {name} now moves as {}", piece.betza))
    } else {
        Err(format!(
            "the {name} ({}) cannot reach {to_name} from {from_name} in this position",
            piece.betza
        ))
    }
}

#[cfg(test)]
mod tests;
