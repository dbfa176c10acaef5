//! One applet's headless model: the game [`Session`], its [`BoardView`] and its
//! [`Computer`] player, and how every change to one reaches the others. Each handler changes
//! the model and returns [`Effect`]s for the host to apply, in order (save, show the panel,
//! say something, draw, tell the worker, settle a hint's callers); the JavaScript interface's
//! answers come back as plain return values. The rules editor's handlers sit beside its
//! model, in `editor.rs`.

use crate::describe;
use crate::fen;
use crate::game::Game;
use crate::gametext;
use crate::position::Move;

use super::board::{BoardView, Glow};
use super::computer::{Computer, ComputerView, Heard, Job, Purpose, Reply, Request};
use super::editor::Editor;
use super::input::{self, Input};
use super::legend::Legend;
use super::player::{Level, Mode};
use super::session::Session;
use super::setup::Setup;

/// Between two moves of a game the computer plays against itself (ms), to watch it.
pub const COMPUTER_PAUSE_MS: i32 = 300;

/// What the host does after a change.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Draw the board in the next animation frame.
    Redraw,
    /// Keep the game (it, the orientation, the players or the level changed).
    Save,
    /// The board's shape changed (another variant).
    Resize,
    /// Show the game in the panel: turn line, result, buttons, move list, FEN.
    ShowGame,
    /// Show the computer's controls and readout.
    ShowComputer,
    /// Show the rules editor: its text, errors, replay note and A/B.
    ShowEditor,
    /// Say something to screen readers.
    Announce(String),
    /// Show an error, or clear it.
    Message(Option<String>),
    /// Keep a pointer's events coming to the board.
    CapturePointer(i32),
    /// Something for the computer's worker.
    Worker(Job),
    /// Answer the callers waiting for a hint: the move, or why not.
    Settle {
        waiters: Vec<u32>,
        result: Result<String, String>,
    },
    /// Show the piece legend, the diagram's key, the inspected piece and the setup editor.
    ShowDesigner,
}

pub struct Applet {
    pub session: Session,
    pub board: BoardView,
    pub computer: Computer,
    /// The piece legend: the move diagram shown, if one.
    pub legend: Legend,
    /// The start-position editor, while it is open.
    pub setup: Option<Setup>,
    pub editor: Editor,
    /// Where a new game's seed comes from, for a variant with a `shuffle` key (the host seeds
    /// it at random: [`Applet::reseed`]).
    seeds: crate::variant::SplitMix,
}

impl Applet {
    /// An applet playing `game`; the effects start the computer if it has the first move.
    pub fn new(game: Game, flipped: bool, computer: Computer, fx: &mut Vec<Effect>) -> Applet {
        let editor = Editor::new(&game.variant().source);
        let session = Session::new(game);
        let mut board = BoardView::new(session.board_size());
        board.flipped = flipped;
        let mut applet = Applet {
            session,
            board,
            computer,
            legend: Legend::default(),
            setup: None,
            editor,
            seeds: crate::variant::SplitMix(0),
        };
        applet.think(false, fx);
        applet
    }

    /// The board's pieces, destinations and marks follow the position shown.
    fn refresh_board(&mut self) {
        let s = &self.session;
        self.board.pieces = s.pieces();
        self.board.movable = s.movable(!self.computer.to_move);
        self.board.hands = s.hands();
        self.board.drops = s.drops(!self.computer.to_move);
        self.board.last_move = s.last_move();
        self.board.check = s.check();
        self.board.holes = s.holes();
        self.board.inspect = None;
    }

    /// After any change to the game: keep it, show it, say it, draw it.
    fn changed(&mut self, announcement: Option<String>, fx: &mut Vec<Effect>) {
        fx.push(Effect::Save);
        fx.push(Effect::ShowGame);
        if let Some(text) = announcement {
            let text = match describe::result(self.session.game()) {
                Some(result) => format!("{text}. {result}"),
                None => text,
            };
            fx.push(Effect::Announce(text));
        }
        self.think(false, fx);
        fx.push(Effect::Redraw);
    }

    /// Errors from the controls go to the message line; success clears it.
    pub fn report(result: Result<(), String>, fx: &mut Vec<Effect>) {
        fx.push(Effect::Message(result.err()));
    }

    // ----- Game changes -----

    /// Plays a move chosen by `f` (at time `now`, for the morph mark), and announces it.
    fn make_move(
        &mut self,
        f: impl FnOnce(&mut Game) -> Result<Move, String>,
        now: f64,
        fx: &mut Vec<Effect>,
    ) -> Result<Move, String> {
        let played = self.session.play(f)?;
        self.board.reset_marks();
        self.board.glow = played.morph.map(|cell| Glow { cell, start: now });
        fx.push(Effect::Message(None));
        self.changed(Some(played.text), fx);
        Ok(played.mv)
    }

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

    /// Starts `game`, keeping the board's orientation.
    pub(super) fn start_game(&mut self, game: Game, fx: &mut Vec<Effect>) {
        // Any search stops, even one of the same position: this is another game.
        self.computer.paused = false;
        self.computer.line = None;
        let mut jobs = Vec::new();
        let cancelled = self.computer.cancel(&mut jobs);
        worker(jobs, fx);
        if let Some(request) = cancelled {
            settle(request, Err("a new game started"), fx);
        }
        self.session.set_game(game);
        self.board.reset(self.session.board_size());
        self.legend.diagram = None;
        self.setup = None;
        fx.push(Effect::ShowDesigner);
        let text = format!(
            "New game of {}. {}",
            self.session.variant().name,
            describe::turn(self.session.game().position())
        );
        fx.push(Effect::Message(None));
        fx.push(Effect::Resize);
        self.changed(Some(text), fx);
    }

    pub fn set_variant(
        &mut self,
        name_or_definition: &str,
        fx: &mut Vec<Effect>,
    ) -> Result<(), String> {
        let v = describe::load_variant(name_or_definition).map_err(|e| e.to_string())?;
        self.editor.reset(&v.source);
        fx.push(Effect::ShowEditor);
        self.start_game(Game::new(&v), fx);
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

    /// A new game of the same variant from the array `seed` deals (the start position for a
    /// variant without a `shuffle` key).
    pub fn new_game_seeded(&mut self, seed: u64, fx: &mut Vec<Effect>) {
        let v = self.session.variant().clone();
        self.start_game(Game::shuffled(&v, seed), fx);
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
        if self.designer_input(input, fx) {
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

    // ----- The computer player -----

    /// After any change: a search for another position stops; the computer starts its move
    /// when it has one to make (after a pause when it plays both sides); the board takes no
    /// move while the computer has it; the controls and readout follow.
    fn think(&mut self, timer_fired: bool, fx: &mut Vec<Effect>) {
        let (fen, moves, side) = self.session.key();
        let over = self.session.over();
        let name = self.session.variant().name.clone();
        let source = self.session.variant_source();
        let computer = &mut self.computer;
        let mut jobs = Vec::new();
        computer.set_variant(&name, &source);
        let its_move = computer.available() && !over && computer.mode.computer_plays(side);
        let moving = its_move && !computer.paused;
        // A search for another position, a hint when the computer is to move, or a move it
        // no longer makes (stopped, or other players).
        let stale = computer.request.as_ref().is_some_and(|r| {
            !r.is_for(&fen, &moves)
                || match r.purpose {
                    Purpose::Hint(_) => moving,
                    Purpose::Move => !moving,
                }
        });
        let cancelled = if stale {
            computer.cancel(&mut jobs)
        } else {
            None
        };
        if !moving {
            computer.cancel_timer(&mut jobs);
        } else if computer.request.is_none() {
            if computer.mode == Mode::Computer && !timer_fired {
                computer.start_later(COMPUTER_PAUSE_MS, &mut jobs);
            } else if timer_fired || !computer.timer_due() {
                computer.start(Purpose::Move, (fen, moves, side), &mut jobs);
            }
        }
        computer.flush(&mut jobs);
        worker(jobs, fx);
        if let Some(request) = cancelled {
            settle(
                request,
                Err("the game changed before the computer answered"),
                fx,
            );
        }
        if moving && !self.computer.to_move {
            self.board.let_go();
        }
        self.computer.to_move = moving;
        self.refresh_board();
        fx.push(Effect::ShowComputer);
    }

    /// The pause between a computer's moves is over.
    pub fn timer_fired(&mut self, fx: &mut Vec<Effect>) {
        self.computer.timer_fired();
        self.think(true, fx);
    }

    /// A message from the computer's current worker.
    pub fn on_reply(&mut self, reply: Reply, now: f64, fx: &mut Vec<Effect>) {
        let mut jobs = Vec::new();
        let heard = self.computer.accept(reply, &mut jobs);
        worker(jobs, fx);
        match heard {
            Heard::Nothing => return,
            Heard::Progress => {}
            Heard::Best(request, mv) => self.on_best_move(request, mv, now, fx),
            Heard::Failed(request, message) => {
                // A failed search is not tried again by itself.
                self.computer.paused = true;
                if let Some(request) = request {
                    settle(request, Err(&message), fx);
                }
                let text = format!("The computer player: {message}");
                fx.push(Effect::Message(Some(text)));
            }
        }
        self.think(false, fx);
    }

    /// The worker could not start, or could not be told something.
    pub fn worker_failed(&mut self, why: &str, fx: &mut Vec<Effect>) {
        self.computer.broken(why);
        self.think(false, fx);
    }

    /// The search's answer: the computer's move is played if the game is still the one it
    /// searched and still the computer's to move; a hint is shown.
    fn on_best_move(&mut self, request: Request, mv: String, now: f64, fx: &mut Vec<Effect>) {
        let (fen, moves, side) = self.session.key();
        if !request.is_for(&fen, &moves) {
            settle(
                request,
                Err("the game changed before the computer answered"),
                fx,
            );
            return;
        }
        match request.purpose {
            Purpose::Move => {
                let plays = !self.computer.paused && self.computer.mode.computer_plays(side);
                if plays && !mv.is_empty() {
                    // make_move refuses a move in a finished game or an illegal one.
                    if let Err(e) = self.make_move(|game| game.play_text(&mv), now, fx) {
                        self.computer.paused = true;
                        let text = format!("The computer's move {mv}: {e}");
                        fx.push(Effect::Message(Some(text)));
                    }
                }
            }
            Purpose::Hint(_) => {
                match self.session.hint(&mv) {
                    Ok((arrow, text)) => {
                        self.board.hint = Some(arrow);
                        fx.push(Effect::Announce(text));
                        settle(request, Ok(&mv), fx);
                    }
                    Err(e) => settle(request, Err(&format!("no hint: {e}")), fx),
                }
                fx.push(Effect::Redraw);
            }
        }
    }

    /// Starts a hint search for the side to move; `waiter` is a caller waiting for it.
    pub fn hint(&mut self, waiter: Option<u32>, fx: &mut Vec<Effect>) -> Result<(), String> {
        let key = self.session.key();
        if self.session.over() {
            return Err("the game is over".into());
        }
        let computer = &mut self.computer;
        if let Some(problem) = computer.problem.clone().filter(|_| !computer.available()) {
            return Err(problem);
        }
        if computer.to_move {
            return Err("the computer is to move".into());
        }
        let mut jobs = Vec::new();
        match computer.request.as_mut() {
            Some(Request {
                purpose: Purpose::Hint(waiters),
                ..
            }) => waiters.extend(waiter),
            _ => {
                let cancelled = computer.cancel(&mut jobs);
                computer.start(Purpose::Hint(waiter.into_iter().collect()), key, &mut jobs);
                worker(jobs, fx);
                if let Some(request) = cancelled {
                    settle(request, Err("replaced by a hint"), fx);
                }
            }
        }
        fx.push(Effect::ShowComputer);
        Ok(())
    }

    /// The Stop button: the search ends at once and the computer waits. Returns whether a
    /// search was running.
    pub fn stop(&mut self, fx: &mut Vec<Effect>) -> bool {
        self.computer.paused = true;
        let mut jobs = Vec::new();
        self.computer.cancel_timer(&mut jobs);
        let cancelled = self.computer.cancel(&mut jobs);
        worker(jobs, fx);
        let was = cancelled.is_some();
        if let Some(request) = cancelled {
            settle(request, Err("stopped"), fx);
        }
        self.think(false, fx);
        was
    }

    /// The Go button: a stopped computer may move again.
    pub fn go(&mut self, fx: &mut Vec<Effect>) {
        self.computer.paused = false;
        self.think(false, fx);
    }

    pub fn set_mode(&mut self, mode: Mode, fx: &mut Vec<Effect>) {
        self.computer.mode = mode;
        self.computer.paused = false;
        match mode {
            Mode::White => self.board.flipped = false,
            Mode::Black => self.board.flipped = true,
            _ => {}
        }
        self.changed(None, fx);
    }

    /// "Play the computer": the human takes the side to move, the computer the other side.
    pub fn play_computer(&mut self, fx: &mut Vec<Effect>) {
        let mode = match self.session.game().position().side_to_move() {
            crate::position::WHITE => Mode::White,
            _ => Mode::Black,
        };
        self.set_mode(mode, fx);
    }

    pub fn set_level(&mut self, level: Level, fx: &mut Vec<Effect>) {
        self.computer.level = level;
        fx.push(Effect::Save);
        fx.push(Effect::ShowComputer);
    }

    /// The rules editor's texts: A (the variant's as started) and B (edited, if it was).
    pub fn rules_texts(&self) -> (String, Option<String>) {
        self.editor.rules_texts()
    }

    /// What the computer's controls show now.
    pub fn computer_view(&self) -> ComputerView {
        let side = self.session.game().position().side_to_move();
        self.computer.view(side, self.session.over())
    }
}

fn worker(jobs: Vec<Job>, fx: &mut Vec<Effect>) {
    fx.extend(jobs.into_iter().map(Effect::Worker));
}

/// Tells a finished or abandoned search's waiters: the move, or why not.
fn settle(request: Request, result: Result<&str, &str>, fx: &mut Vec<Effect>) {
    let waiters = request.waiters();
    if !waiters.is_empty() {
        fx.push(Effect::Settle {
            waiters,
            result: result.map(str::to_string).map_err(str::to_string),
        });
    }
}

#[cfg(test)]
mod tests;
