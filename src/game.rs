//! A game: a start position, the moves played, undo / redo, and the result.
//!
//! Results follow the rules' order, checked before the side to move moves: no legal move
//! (checkmate, or stalemate scored as the variant says), bare king with the counter-baring
//! draw, threefold repetition, the 50-move rule (100 single moves without capture, pawn move,
//! promotion or morph).

use crate::definition::StalemateRule;
use crate::fen;
use crate::notation;
use crate::position::{Colour, Move, Position, Undo, WHITE};
use crate::variant::Variant;
use std::fmt;
use std::sync::Arc;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The side to move has no legal move and its royal piece is attacked.
    Checkmate,
    /// The side to move has no legal move and is not in check (scored as the variant says).
    Stalemate,
    /// A side was left with its royal pieces alone (`baring`).
    BareKing,
    /// Both sides bared: the bared side took the opponent's last piece.
    CounterBaring,
    /// The same position a third time.
    Repetition,
    /// Fifty moves a side with no capture and no pawn move.
    FiftyMoves,
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A side won.
    Win {
        /// The side that won.
        winner: Colour,
        /// How.
        reason: Reason,
    },
    /// A draw.
    Draw {
        /// How.
        reason: Reason,
    },
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: Colour| if c == WHITE { "White" } else { "Black" };
        match *self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    Reason::Checkmate => "checkmate",
                    Reason::Stalemate => "stalemate",
                    Reason::BareKing => "bare king",
                    _ => "rules",
                };
                write!(f, "{} wins by {why}", side(winner))
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    Reason::Stalemate => "stalemate",
                    Reason::CounterBaring => "counter-baring",
                    Reason::Repetition => "threefold repetition",
                    Reason::FiftyMoves => "the 50-move rule",
                    _ => "rules",
                };
                write!(f, "draw by {why}")
            }
        }
    }
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self {
            Outcome::Win { winner: WHITE, .. } => "1-0",
            Outcome::Win { .. } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}

/// The bare-king rule's verdict for the side to move, before it moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Baring {
    /// Both sides are bare: the counter-baring draw.
    Draw,
    /// The opponent was bared and did not bare us back with its move: we win.
    Win,
    /// We are bare and cannot bare the opponent with this move: we lose.
    Loss,
    /// We are bare, and the opponent has one piece left that we may still take.
    LastChance,
}

/// The bare-king rule in `pos`, if the variant has it and a side is bare: left with none of
/// the types `baring` counts (and, with `extinction` on for it, no spare royal piece either,
/// as the Diagram counts a spare as keeping a side alive).
pub fn baring(pos: &Position) -> Option<Baring> {
    let v = pos.variant();
    let us = pos.side_to_move();
    let them = us.other();
    if !v.baring || pos.royals(us).is_empty() || pos.royals(them).is_empty() {
        return None;
    }
    // Bare with `barers` pieces of the counted types.
    let bare = |c: Colour, barers: u16| {
        barers == 0 && !(v.extinction[c.index()] && pos.royals(c).len() > 1)
    };
    let theirs = pos.barer_count(them);
    match (bare(us, pos.barer_count(us)), bare(them, theirs)) {
        (true, true) => Some(Baring::Draw),
        (false, true) => Some(Baring::Win),
        (true, false) if theirs == 1 && bare(them, 0) => Some(Baring::LastChance),
        (true, false) => Some(Baring::Loss),
        (false, false) => None,
    }
}

/// The result of a position, if the game is over there. `history` holds the hashes of the
/// positions before it (for repetition).
pub fn outcome(pos: &Position, history: &[u64]) -> Option<Outcome> {
    let v = pos.variant();
    let us = pos.side_to_move();
    let them = us.other();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        if pos.in_check() {
            return Some(Outcome::Win {
                winner: them,
                reason: Reason::Checkmate,
            });
        }
        return Some(match v.stalemate {
            StalemateRule::Draw => Outcome::Draw {
                reason: Reason::Stalemate,
            },
            StalemateRule::Win => Outcome::Win {
                winner: them,
                reason: Reason::Stalemate,
            },
            StalemateRule::Loss => Outcome::Win {
                winner: us,
                reason: Reason::Stalemate,
            },
        });
    }
    let bare_loss = Outcome::Win {
        winner: them,
        reason: Reason::BareKing,
    };
    match baring(pos) {
        Some(Baring::Draw) => {
            return Some(Outcome::Draw {
                reason: Reason::CounterBaring,
            });
        }
        Some(Baring::Win) => {
            return Some(Outcome::Win {
                winner: us,
                reason: Reason::BareKing,
            });
        }
        Some(Baring::Loss) => return Some(bare_loss),
        Some(Baring::LastChance) => {
            // Only a legal capture of their last piece keeps the game going.
            let can = moves.iter().any(|m| {
                !m.is_ep()
                    && pos
                        .piece_at(m.to)
                        .is_some_and(|c| c.colour == them && v.types[c.piece_type].bares)
            });
            if !can {
                return Some(bare_loss);
            }
        }
        None => {}
    }
    let reps = history.iter().filter(|&&h| h == pos.hash()).count() + 1;
    if reps >= 3 {
        return Some(Outcome::Draw {
            reason: Reason::Repetition,
        });
    }
    if pos.halfmove_clock() >= 100 {
        return Some(Outcome::Draw {
            reason: Reason::FiftyMoves,
        });
    }
    None
}

/// One move played: what it was, its texts, and how to take it back.
#[derive(Debug, Clone)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// Its coordinate form (`e2e4`).
    pub coordinate: String,
    /// Its Game Courier form (`P e2-e4`).
    pub courier: String,
    /// What taking it back needs.
    pub undo: Undo,
    /// Hash of the position before the move.
    pub hash_before: u64,
    /// The side that made the move and whether the mover changed type (morph / promotion).
    pub mover: Colour,
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    start: Position,
    /// The seed the start was dealt from (a variant with a `shuffle` key).
    seed: Option<u64>,
    pos: Position,
    played: Vec<Played>,
    redo: Vec<Move>,
}

impl Game {
    /// A new game from the variant's start position as written.
    pub fn new(v: &Arc<Variant>) -> Game {
        Game::from_position(Position::start(v))
    }

    /// A new game from the start a seed deals ([`crate::shuffle`]); for a variant without a
    /// `shuffle` key the same as [`Game::new`], with no seed kept.
    pub fn shuffled(v: &Arc<Variant>, seed: u64) -> Game {
        if !v.shuffles() {
            return Game::new(v);
        }
        Game {
            seed: Some(seed),
            ..Game::from_position(Position::start_seeded(v, seed))
        }
    }

    /// A new game from `pos`.
    pub fn from_position(pos: Position) -> Game {
        Game {
            start: pos.clone(),
            seed: None,
            pos,
            played: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The game's variant.
    pub fn variant(&self) -> &Arc<Variant> {
        self.pos.variant()
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }
    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }
    /// The seed the start was dealt from, if it was.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }
    /// The moves played, in order.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// The legal moves in the current position.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.pos.legal_moves(&mut v);
        v
    }

    /// Hashes of the positions before the current one.
    pub fn hash_history(&self) -> Vec<u64> {
        self.played.iter().map(|p| p.hash_before).collect()
    }

    /// The game's result, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        outcome(&self.pos, &self.hash_history())
    }

    /// Play a move that must be legal here (checked), in a game that is not over. Clears the
    /// redo list unless the move is the next one on it.
    pub fn play(&mut self, m: Move) -> Result<(), String> {
        self.check_not_over()?;
        if !self.legal_moves().contains(&m) {
            return Err(format!(
                "{} is not a legal move here",
                notation::to_coordinate(self.variant(), m)
            ));
        }
        match self.redo.last() {
            Some(&r) if r == m => {
                self.redo.pop();
            }
            _ => self.redo.clear(),
        }
        self.push(m);
        Ok(())
    }

    fn push(&mut self, m: Move) {
        let coordinate = notation::to_coordinate(self.variant(), m);
        let courier = notation::to_game_courier(&self.pos, m);
        let hash_before = self.pos.hash();
        let mover = self.pos.side_to_move();
        let undo = self.pos.make(m);
        self.played.push(Played {
            mv: m,
            coordinate,
            courier,
            undo,
            hash_before,
            mover,
        });
    }

    /// "the game is over: 0-1 Black wins by checkmate" once it is.
    fn check_not_over(&self) -> Result<(), String> {
        match self.outcome() {
            Some(o) => Err(format!("the game is over: {} {o}", o.score())),
            None => Ok(()),
        }
    }

    /// Play a move given as coordinate text (`e2e4`) or Game Courier text (`P e2-e4`).
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        self.check_not_over()?;
        let m = notation::parse_move(&self.pos, text).map_err(|e| e.to_string())?;
        self.play(m)?;
        Ok(m)
    }

    /// Take back one move (a single move, also inside a Marseillais turn).
    pub fn undo(&mut self) -> Option<Move> {
        let p = self.played.pop()?;
        self.pos.unmake(&p.undo);
        self.redo.push(p.mv);
        Some(p.mv)
    }

    /// Replay the last move taken back.
    pub fn redo(&mut self) -> Option<Move> {
        let m = self.redo.pop()?;
        self.push(m);
        Some(m)
    }

    /// Is there a move taken back to play again?
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The moves taken back and not replayed, the next one to redo first.
    pub fn redo_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.redo.iter().rev().copied()
    }

    /// The moves played, in coordinate form.
    pub fn history(&self) -> Vec<String> {
        self.played.iter().map(|p| p.coordinate.clone()).collect()
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for p in self.played.iter().take(ply) {
            pos.make(p.mv);
        }
        pos
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        fen::to_fen(&self.pos)
    }

    /// The start position's FEN when the game did not start from the variant's start position
    /// as written (a set-up position, a shuffled start, or the start position with other
    /// clocks), else `None`.
    pub fn setup_fen(&self) -> Option<String> {
        let start = fen::to_fen(&self.start);
        (start != fen::to_fen(&Position::start(self.variant()))).then_some(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::position::BLACK;

    fn play(g: &mut Game, moves: &str) {
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }

    #[test]
    fn fools_mate() {
        let mut g = Game::new(&bundled::load("chess").unwrap());
        play(&mut g, "f2f3 e7e5 g2g4");
        assert_eq!(g.outcome(), None);
        play(&mut g, "d8h4");
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: BLACK,
                reason: Reason::Checkmate
            })
        );
        assert_eq!(
            g.play_text("a2a3"),
            Err("the game is over: 0-1 Black wins by checkmate".to_string())
        );
    }

    #[test]
    fn repetition_and_undo_redo() {
        let mut g = Game::new(&bundled::load("chess").unwrap());
        play(&mut g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assert_eq!(g.outcome(), None);
        play(&mut g, "f6g8");
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: Reason::Repetition
            })
        );
        let last = g.undo().unwrap();
        assert_eq!(g.outcome(), None);
        assert_eq!(g.redo(), Some(last));
        assert!(g.outcome().is_some());
        g.undo();
        assert_eq!(g.history().len(), 7);
        g.undo();
        let redo: Vec<String> = g
            .redo_moves()
            .map(|m| notation::to_coordinate(g.variant(), m))
            .collect();
        assert_eq!(redo, ["f3g1", "f6g8"]);
        g.redo();
        let fen = g.fen();
        assert_eq!(fen::to_fen(&g.position_at(7)), fen);
    }

    #[test]
    fn stalemate_scoring() {
        // Black to move, stalemated (king a9 boxed by queen b7... on 9x9 Morphing Chess the
        // queen is a WFDA leaper; use a position with no black move at all).
        let v = bundled::load("morphing-chess").unwrap();
        // Black king i9, White queen g8 covers h9? Morphing queen leaps 1-2 in 8 directions:
        // from g7 it reaches h8, i9 (diag 2), g9 (2 up), i7 (2 right), h7/h6... Black king on
        // i9 may go h9, h8, i8. Queen on g8: covers h9 (diag 1), h8 (right 1), i8 (right 2).
        // King i9 is not attacked by g8 (distance (2,1), a knight step): stalemate.
        let pos = fen::from_fen(&v, "8k/6Q2/9/9/9/9/9/9/K8 b - - 0 1").unwrap();
        let mut g = Game::from_position(pos);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: WHITE,
                reason: Reason::Stalemate
            })
        );
        let chess = bundled::load("chess").unwrap();
        g = Game::from_position(fen::from_fen(&chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap());
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: Reason::Stalemate
            })
        );
    }

    #[test]
    fn bare_king_and_counter_baring() {
        let v = bundled::load("morphing-chess").unwrap();
        // White bare king, Black has a lone knight that White cannot take: White loses now.
        let g = Game::from_position(fen::from_fen(&v, "8k/9/9/9/9/9/n8/9/4K4 w - - 0 1").unwrap());
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: BLACK,
                reason: Reason::BareKing
            })
        );
        // White bare king next to Black's last piece: White may take it, then it is a draw.
        let mut g =
            Game::from_position(fen::from_fen(&v, "8k/9/9/9/9/9/9/3n5/4K4 w - - 0 1").unwrap());
        assert_eq!(g.outcome(), None);
        play(&mut g, "e1d2");
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: Reason::CounterBaring
            })
        );
        // White bare, takes nothing: White loses after its move.
        let mut g =
            Game::from_position(fen::from_fen(&v, "8k/9/9/9/9/9/9/3n5/4K4 w - - 0 1").unwrap());
        play(&mut g, "e1e2");
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: BLACK,
                reason: Reason::BareKing
            })
        );
    }

    #[test]
    fn fifty_moves() {
        let chess = bundled::load("chess").unwrap();
        let g =
            Game::from_position(fen::from_fen(&chess, "7k/8/8/8/8/8/R7/K7 w - - 100 80").unwrap());
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: Reason::FiftyMoves
            })
        );
    }
}
