//! One applet's headless model: the game [`Session`], its [`BoardView`], its [`Computer`]
//! player, the rules editor, and what the board shows over the game (an [`Overlay`]: a piece's
//! move diagram or the position editor). Each handler changes the model and returns
//! [`Effect`]s for the host to apply, in order (save, show the panel, say something, draw, tell
//! the worker, settle a hint's callers); the JavaScript interface's answers come back as plain
//! return values.
//!
//! This file holds the state and what every change goes through (the board following the
//! game, the computer thinking, a new game starting). The handlers sit under `applet/`, a
//! file a concern: `game` (moves, new games, board input), `computer` (the computer player's
//! controls and its worker's replies), `rules` (the rules editor), `diagram` (the legend's
//! move diagram and the piece inspected) and `setup` (the position editor). The models they
//! drive (`session`, `board`, `editor`, `legend`, `setup`) know nothing of the applet.

use crate::describe;
use crate::game::Game;
use crate::position::Move;

use super::board::{BoardView, Glow};
use super::computer::{Computer, Job, Purpose, Request};
use super::editor::RulesEditor;
use super::legend::DiagramView;
use super::player::Mode;
use super::session::Session;
use super::setup::PositionEditor;

mod computer;
mod diagram;
mod game;

pub use game::Step;
mod rules;
mod setup;

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

/// What the board shows instead of the game, if anything. One at a time: opening one closes
/// the other, and a new game closes both.
#[derive(Clone, Debug, Default)]
pub enum Overlay {
    /// The game.
    #[default]
    None,
    /// The legend's move diagram of one piece.
    Diagram(Box<DiagramView>),
    /// The position editor (the page's only: the embed build never opens it).
    PositionEditor(Box<PositionEditor>),
}

pub struct Applet {
    pub session: Session,
    pub board: BoardView,
    pub computer: Computer,
    pub rules_editor: RulesEditor,
    /// What the board shows over the game.
    overlay: Overlay,
    /// Where a new game's seed comes from, for a variant with a `shuffle` key (the host seeds
    /// it at random: [`Applet::reseed`]).
    seeds: crate::variant::SplitMix,
}

impl Applet {
    /// An applet playing `game`; the effects start the computer if it has the first move.
    pub fn new(game: Game, flipped: bool, computer: Computer, fx: &mut Vec<Effect>) -> Applet {
        let rules_editor = RulesEditor::new(&game.variant().source);
        let session = Session::new(game);
        let mut board = BoardView::new(session.board_size());
        board.flipped = flipped;
        let mut applet = Applet {
            session,
            board,
            computer,
            rules_editor,
            overlay: Overlay::None,
            seeds: crate::variant::SplitMix(0),
        };
        applet.think(false, fx);
        applet
    }

    /// The move diagram shown, if one.
    pub fn diagram(&self) -> Option<&DiagramView> {
        match &self.overlay {
            Overlay::Diagram(d) => Some(d),
            _ => None,
        }
    }

    /// The position editor, while it is open. It is the page's only: the embed build, knowing
    /// so (no `page` feature), leaves out every handler that reaches it through here.
    pub fn position_editor(&self) -> Option<&PositionEditor> {
        match &self.overlay {
            Overlay::PositionEditor(e) if cfg!(feature = "page") => Some(e),
            _ => None,
        }
    }

    fn position_editor_mut(&mut self) -> Option<&mut PositionEditor> {
        match &mut self.overlay {
            Overlay::PositionEditor(e) if cfg!(feature = "page") => Some(e),
            _ => None,
        }
    }

    /// The board drawn now: the position editor's, a diagram's, or the game's.
    pub fn shown_board(&self) -> &BoardView {
        if let Some(editor) = self.position_editor() {
            return &editor.board;
        }
        match self.diagram() {
            Some(d) => &d.board,
            None => &self.board,
        }
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

    /// Starts `game`, keeping the board's orientation.
    fn start_game(&mut self, game: Game, fx: &mut Vec<Effect>) {
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
        self.overlay = Overlay::None;
        fx.push(Effect::ShowDesigner);
        let text = format!(
            "New game of {}. {}",
            super::names::listed(self.session.variant()),
            describe::turn(self.session.game().position())
        );
        fx.push(Effect::Message(None));
        fx.push(Effect::Resize);
        self.changed(Some(text), fx);
    }

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
