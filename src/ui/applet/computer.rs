//! The computer player's handlers: its worker's replies and failures, the pause between its
//! moves, hints, Stop and Go, who plays and how long it thinks.
use crate::ui::computer::{ComputerView, Heard, Purpose, Reply, Request};
use crate::ui::player::{Level, Mode};

use super::{Applet, Effect, settle, worker};

impl Applet {
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

    /// What the computer's controls show now.
    pub fn computer_view(&self) -> ComputerView {
        let side = self.session.game().position().side_to_move();
        self.computer.view(side, self.session.over())
    }
}
