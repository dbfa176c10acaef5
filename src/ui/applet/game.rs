//! The game's handlers: moves from the JavaScript interface and the board, undo and redo, new
//! games (another variant, a FEN, a pasted game, a new deal), the board turned round, the
//! move list's view of a past position.
use crate::describe;
use crate::fen;
use crate::game::Game;
use crate::gametext;
use crate::position::Move;
use crate::ui::annotated;
use crate::ui::input::{self, Input};

use super::{Applet, Effect};

/// A step through the game's moves ([`Applet::step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Start,
    Back,
    Forward,
    End,
}

impl Step {
    /// The step a key asks for: Home, ArrowLeft, ArrowRight, End.
    pub fn from_key(key: &str) -> Option<Step> {
        match key {
            "Home" => Some(Step::Start),
            "ArrowLeft" => Some(Step::Back),
            "ArrowRight" => Some(Step::Forward),
            "End" => Some(Step::End),
            _ => None,
        }
    }

    /// The step named `start`, `back`, `forward` or `end` (the buttons' and `step()`'s).
    pub fn from_name(name: &str) -> Option<Step> {
        match name {
            "start" => Some(Step::Start),
            "back" => Some(Step::Back),
            "forward" => Some(Step::Forward),
            "end" => Some(Step::End),
            _ => None,
        }
    }
}

impl Applet {
    /// A move in text (coordinate or Game Courier), from the JavaScript interface.
    pub fn play(&mut self, text: &str, now: f64, fx: &mut Vec<Effect>) -> Result<(), String> {
        self.computer.paused = false;
        self.make_move(|game| game.play_text(text), now, fx)
            .map(|_| ())
    }

    /// Takes back one move; returns it in coordinate form. The computer waits.
    pub fn undo(&mut self, fx: &mut Vec<Effect>) -> Option<String> {
        self.computer.paused = true;
        let (coordinate, text) = self.session.undo()?;
        self.board.reset_marks();
        self.board.glow = None;
        fx.push(Effect::Message(None));
        self.changed(Some(text), fx);
        Some(coordinate)
    }

    /// Replays the last move taken back; returns it in coordinate form. The computer waits.
    pub fn redo(&mut self, now: f64, fx: &mut Vec<Effect>) -> Result<String, String> {
        self.computer.paused = true;
        let redo = |game: &mut Game| game.redo().ok_or_else(|| "nothing to redo".to_string());
        let m = self.make_move(redo, now, fx)?;
        Ok(self.session.coordinate(m))
    }

    pub fn set_variant(
        &mut self,
        name_or_definition: &str,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        let v = describe::load_variant(name_or_definition).map_err(|e| e.to_string())?;
        self.rules_editor.reset(&v.source);
        fx.push(Effect::ShowEditor);
        self.start_game(annotated::new_game(&v), fx);
        Ok(())
    }

    pub fn set_fen(&mut self, text: &str, fx: &mut Vec<Effect>) -> Result<(), String> {
        let v = self.session.variant().clone();
        let pos = fen::from_fen(&v, text.trim()).map_err(|e| e.to_string())?;
        self.start_game(Game::from_position(pos), fx);
        Ok(())
    }

    /// The game as text: `gc` (a Game Courier move list) or `pgn`.
    pub fn export_game(&self, format: &str) -> Result<String, String> {
        let game = self.session.game();
        match format {
            "gc" => Ok(gametext::to_game_courier(game)),
            "pgn" => Ok(gametext::to_pgn(game)),
            _ => Err(format!(
                "'{format}' is not a game format: \"gc\" or \"pgn\""
            )),
        }
    }

    /// Replays a pasted game (Game Courier or PGN, of this variant) as a new game: the moves
    /// up to the first that does not read or is not legal. Returns how many were played and
    /// that move's error, also shown in the message line. A text whose start position does not
    /// read changes nothing.
    pub fn import_game(
        &mut self,
        text: &str,
        fx: &mut Vec<Effect>,
    ) -> Result<(usize, Option<String>), String> {
        let imported = gametext::import(text, self.session.variant())?;
        self.start_game(imported.game, fx);
        if let Some(error) = &imported.error {
            let kept = match imported.played {
                0 => "no move is played".to_string(),
                1 => "the move before it is played".to_string(),
                n => format!("the {n} moves before it are played"),
            };
            fx.push(Effect::Message(Some(format!(
                "The game stops at {error}; {kept}."
            ))));
        }
        Ok((imported.played, imported.error))
    }

    /// A new game of the same variant: for one with a `shuffle` key, from the array a new
    /// seed deals (as the Diagram's Restart deals one), else from its start position.
    pub fn new_game(&mut self, fx: &mut Vec<Effect>) {
        // Short seeds, to read and type: nine digits at most.
        let seed = self.seeds.next() % 1_000_000_000;
        self.new_game_seeded(seed, fx);
    }

    /// A new game of the same variant from the array `seed` deals; for a variant without a
    /// `shuffle` key, from the start position with the definition's game (its `moveList`)
    /// ahead again, as when the variant was loaded, whatever was played or branched since.
    pub fn new_game_seeded(&mut self, seed: u64, fx: &mut Vec<Effect>) {
        let v = self.session.variant().clone();
        let game = match v.shuffles() {
            true => Game::shuffled(&v, seed),
            false => annotated::new_game(&v),
        };
        self.start_game(game, fx);
    }

    /// Seeds the seeds new games draw ([`Applet::new_game`]).
    pub fn reseed(&mut self, entropy: u64) {
        self.seeds = crate::variant::SplitMix(entropy);
    }

    /// Turns the board round; returns whether Black is now at the bottom.
    pub fn flip(&mut self, fx: &mut Vec<Effect>) -> bool {
        self.board.flipped = !self.board.flipped;
        self.changed(None, fx);
        self.board.flipped
    }

    /// Takes moves back or replays them until `ply` are played (at most all the game's moves,
    /// those ahead to redo included), live and playable: stepping through a game. Returns the
    /// number played. The computer waits, as after Undo.
    pub fn seek(&mut self, ply: usize, fx: &mut Vec<Effect>) -> usize {
        self.computer.paused = true;
        let before = self.session.game().played().len();
        let now = self.session.seek(ply);
        self.board.reset_marks();
        self.board.glow = None;
        fx.push(Effect::Message(None));
        let text = match now {
            0 => "At the start".to_string(),
            n => format!(
                "After move {n}: {}",
                self.session.game().played()[n - 1].courier
            ),
        };
        let text = match self.session.comment() {
            Some(comment) => format!("{text}. {comment}"),
            None => text,
        };
        if now != before || self.session.viewing().is_some() {
            self.changed(Some(text), fx);
        } else {
            self.changed(None, fx);
        }
        now
    }

    /// A step through the game: to its start, one move back, one forward, or to its end.
    pub fn step(&mut self, step: Step, fx: &mut Vec<Effect>) -> usize {
        let shown = self.session.shown_ply();
        let target = match step {
            Step::Start => 0,
            Step::Back => shown.saturating_sub(1),
            Step::Forward => shown + 1,
            Step::End => self.session.line_len(),
        };
        self.seek(target, fx)
    }

    /// Shows the position after `ply` moves (the move list's click).
    pub fn view(&mut self, ply: usize, fx: &mut Vec<Effect>) {
        self.session.view(ply);
        self.board.reset_marks();
        self.refresh_board();
        fx.push(Effect::ShowGame);
        fx.push(Effect::Redraw);
    }

    // ----- Board input -----

    /// Input on the board, at time `now`.
    pub fn input(&mut self, input: Input, now: f64, fx: &mut Vec<Effect>) {
        // The overlay, if one, takes the board's input.
        if self.position_editor().is_some() {
            self.position_editor_input(input, fx);
            return;
        }
        if self.diagram().is_some() {
            self.diagram_input(input, fx);
            return;
        }
        for effect in self.board.update(input) {
            match effect {
                input::Effect::Redraw => fx.push(Effect::Redraw),
                input::Effect::CapturePointer(id) => fx.push(Effect::CapturePointer(id)),
                input::Effect::Say(say) => fx.push(Effect::Announce(self.session.say(say))),
                input::Effect::Move {
                    from,
                    to,
                    via,
                    choice,
                } => {
                    let m = self.session.resolve(from, &via, to, choice);
                    self.play_resolved(m, now, fx);
                }
                input::Effect::Drop { piece_type, to } => {
                    let m = self.session.resolve_drop(piece_type, to);
                    self.play_resolved(m, now, fx);
                }
                // The game's board is never free.
                input::Effect::Place { .. } => {}
            }
        }
    }

    /// Plays a move the board asked for, once resolved to a legal one.
    fn play_resolved(&mut self, m: Option<Move>, now: f64, fx: &mut Vec<Effect>) {
        let Some(m) = m else {
            return;
        };
        self.computer.paused = false;
        let result = self.make_move(|game| game.play(m).map(|()| m), now, fx);
        Self::report(result.map(|_| ()), fx);
    }
}
