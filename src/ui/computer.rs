//! The computer player's policy as a state machine, apart from any worker: which search runs
//! and why (a move, or a hint some callers wait for), whether the computer has stopped, what
//! its worker has been told, the latest readout line and piece values. It answers with
//! [`Job`]s for the host's worker (restart, load a variant, search, a timer) and reads the
//! worker's [`Reply`]s; a reply to a search that is no longer the one asked for is ignored.

use super::player::{Level, Mode, Thought, values_text};
use crate::position::{Colour, WHITE};

/// What the host's worker should do.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// Terminate the busy worker and start a fresh one (stops a search at once). Replies from
    /// the old one must not reach the policy any more.
    Restart,
    /// Load a variant: a bundled name or a definition.
    Variant(String),
    Search {
        id: u32,
        fen: String,
        moves: String,
        time_ms: f64,
        depth: u32,
    },
    /// Call [`Computer::timer_fired`] after this many milliseconds.
    StartTimer(i32),
    CancelTimer,
}

/// A message from the current worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    Ready,
    Values(Vec<String>),
    Info {
        id: u32,
        line: String,
    },
    Bestmove {
        id: u32,
        mv: String,
    },
    /// A search failed (`id`), or the worker did (`None`).
    Error {
        id: Option<u32>,
        message: String,
    },
}

/// Why a search runs. A hint keeps the ids of the callers waiting for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint(Vec<u32>),
}

/// A search asked of the worker.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub id: u32,
    pub purpose: Purpose,
    /// The start FEN and the moves played, as sent: the reply is for this game only.
    pub fen: String,
    pub moves: String,
    /// The side to move (scores are from its point of view).
    pub side: Colour,
    /// Sent to the worker yet (it may still be starting).
    sent: bool,
}

impl Request {
    pub fn is_for(&self, fen: &str, moves: &str) -> bool {
        self.fen == fen && self.moves == moves
    }

    /// The callers waiting for this search's answer.
    pub fn waiters(self) -> Vec<u32> {
        match self.purpose {
            Purpose::Hint(waiters) => waiters,
            Purpose::Move => Vec::new(),
        }
    }
}

/// What a reply means for the applet.
#[derive(Debug, PartialEq)]
pub enum Heard {
    /// Stale, or nothing to do.
    Nothing,
    /// The worker is up, new piece values, or a finished iteration ([`Computer::line`]).
    Progress,
    /// The search's best move (empty when there is none).
    Best(Request, String),
    /// The search failed, or the worker did.
    Failed(Option<Request>, String),
}

/// What the computer's controls show.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerView {
    pub mode: Mode,
    pub level: Level,
    pub can_hint: bool,
    pub can_stop: bool,
    pub can_go: bool,
    pub status: String,
    pub summary: String,
    pub pv: String,
    pub values: String,
}

/// The computer player of one applet.
#[derive(Debug)]
pub struct Computer {
    pub mode: Mode,
    pub level: Level,
    /// Stopped (the Stop button, an undo or redo): it does not move until the human moves,
    /// presses Go, or changes the mode or the game.
    pub paused: bool,
    /// The computer is about to move: the board takes no move.
    pub to_move: bool,
    /// The search in progress, if any.
    pub request: Option<Request>,
    /// The latest `info` line of the current or last search, and the side it searched for.
    pub line: Option<String>,
    pub line_side: Colour,
    /// The engine's piece values, `ID name value` each.
    pub values: Vec<String>,
    /// Why the computer cannot play here, if it cannot.
    pub problem: Option<String>,
    available: bool,
    /// The worker has been asked to start (it starts with the first search).
    started: bool,
    /// The worker has answered `ready`.
    ready: bool,
    /// The variant (its name) the worker was last given.
    worker_variant: Option<String>,
    /// The variant the game plays: (name, what the worker loads).
    variant: (String, String),
    next_id: u32,
    timer: bool,
}

impl Computer {
    /// A computer player whose worker is starting.
    pub fn new(mode: Mode, level: Level) -> Computer {
        Computer {
            mode,
            level,
            paused: false,
            to_move: false,
            request: None,
            line: None,
            line_side: WHITE,
            values: Vec::new(),
            problem: None,
            available: true,
            started: false,
            ready: false,
            worker_variant: None,
            variant: Default::default(),
            next_id: 1,
            timer: false,
        }
    }

    /// No worker can run here (or the one running broke): the computer cannot play.
    pub fn unavailable(&mut self, problem: String) {
        self.available = false;
        self.ready = false;
        self.problem = Some(problem);
    }

    pub fn available(&self) -> bool {
        self.available
    }

    pub fn ready(&self) -> bool {
        self.ready
    }

    /// Is a search running (or waiting for the worker to start)?
    pub fn searching(&self) -> bool {
        self.request.is_some()
    }

    pub fn timer_due(&self) -> bool {
        self.timer
    }

    /// The game's variant: its name, and the bundled name or text the worker loads.
    pub fn set_variant(&mut self, name: &str, source: &str) {
        if self.variant.0 != name {
            self.variant = (name.to_string(), source.to_string());
            self.values.clear();
        }
    }

    /// Stops the search in progress at once and returns it, so its waiters can be told.
    pub fn cancel(&mut self, jobs: &mut Vec<Job>) -> Option<Request> {
        self.cancel_timer(jobs);
        let request = self.request.take()?;
        if request.sent {
            self.restart(jobs);
        }
        Some(request)
    }

    fn restart(&mut self, jobs: &mut Vec<Job>) {
        self.started = true;
        self.ready = false;
        self.worker_variant = None;
        if self.available {
            jobs.push(Job::Restart);
        }
    }

    /// Asks for a search of the game `fen` + `moves` (sent when the worker is ready).
    pub fn start(
        &mut self,
        purpose: Purpose,
        (fen, moves, side): (String, String, Colour),
        jobs: &mut Vec<Job>,
    ) {
        self.cancel_timer(jobs);
        let id = self.next_id;
        self.next_id += 1;
        self.line = None;
        self.line_side = side;
        self.request = Some(Request {
            id,
            purpose,
            fen,
            moves,
            side,
            sent: false,
        });
        self.flush(jobs);
    }

    /// Tells the worker what it lacks: the variant, then the search asked for.
    pub fn flush(&mut self, jobs: &mut Vec<Job>) {
        if !self.available {
            return;
        }
        // The worker starts with the first search asked for, not with the page: a page of
        // ten boards runs no worker until one is played against.
        if !self.started {
            if self.request.is_some() {
                self.restart(jobs);
            }
            return;
        }
        if !self.ready {
            return;
        }
        if self.worker_variant.as_deref() != Some(self.variant.0.as_str())
            && !self.variant.0.is_empty()
        {
            self.worker_variant = Some(self.variant.0.clone());
            jobs.push(Job::Variant(self.variant.1.clone()));
        }
        if let Some(request) = self.request.as_mut().filter(|r| !r.sent) {
            request.sent = true;
            let (time_ms, depth) = self.level.limits();
            jobs.push(Job::Search {
                id: request.id,
                fen: request.fen.clone(),
                moves: request.moves.clone(),
                time_ms,
                depth,
            });
        }
    }

    /// A reply from the current worker, with what the applet must act on.
    pub fn accept(&mut self, reply: Reply, jobs: &mut Vec<Job>) -> Heard {
        if !self.available {
            return Heard::Nothing;
        }
        let current = self.request.as_ref().map(|r| r.id);
        match reply {
            Reply::Ready => {
                self.started = true;
                self.ready = true;
                self.flush(jobs);
                Heard::Progress
            }
            Reply::Values(values) => {
                self.values = values;
                Heard::Progress
            }
            Reply::Info { id, line } if Some(id) == current => {
                self.line = Some(line);
                Heard::Progress
            }
            Reply::Bestmove { id, mv } if Some(id) == current => match self.request.take() {
                Some(request) => Heard::Best(request, mv),
                None => Heard::Nothing,
            },
            Reply::Error {
                id: Some(id),
                message,
            } if Some(id) == current => Heard::Failed(self.request.take(), message),
            Reply::Error { id: None, message } => {
                self.broken(&message);
                Heard::Failed(self.request.take(), message)
            }
            _ => Heard::Nothing,
        }
    }

    /// The worker failed to start, to take a message, or at all.
    pub fn broken(&mut self, why: &str) {
        self.unavailable(format!("The computer player stopped working: {why}"));
    }

    /// Starts the computer's next move after `ms` (so a game between computers can be
    /// watched), unless one is already due.
    pub fn start_later(&mut self, ms: i32, jobs: &mut Vec<Job>) {
        if !self.timer {
            self.timer = true;
            jobs.push(Job::StartTimer(ms));
        }
    }

    pub fn timer_fired(&mut self) {
        self.timer = false;
    }

    pub fn cancel_timer(&mut self, jobs: &mut Vec<Job>) {
        if self.timer {
            self.timer = false;
            jobs.push(Job::CancelTimer);
        }
    }

    /// The controls and readout for a game whose side to move is `side`.
    pub fn view(&self, side: Colour, over: bool) -> ComputerView {
        let side_name = |c: Colour| if c == WHITE { "White" } else { "Black" };
        let status = if let Some(problem) = self.problem.as_ref() {
            problem.clone()
        } else if let Some(request) = &self.request {
            let what = match request.purpose {
                Purpose::Move => format!("{} is thinking\u{2026}", side_name(request.side)),
                Purpose::Hint(_) => "Looking for a hint\u{2026}".to_string(),
            };
            if self.ready {
                what
            } else {
                format!("{what} (starting the computer)")
            }
        } else if self.to_move {
            format!("{} is about to move", side_name(side))
        } else if self.paused && self.mode.computer_plays(side) && !over {
            "Stopped. Go lets the computer move; or move for it.".to_string()
        } else {
            String::new()
        };
        let thought = self.line.as_deref().and_then(Thought::parse);
        let line_side = self.request.as_ref().map_or(self.line_side, |r| r.side);
        ComputerView {
            mode: self.mode,
            level: self.level,
            can_hint: self.available && !over && !self.to_move && self.request.is_none(),
            can_stop: self.searching() || self.timer,
            can_go: self.available && self.paused && !over && self.mode.computer_plays(side),
            status,
            summary: (thought.as_ref())
                .map(|t| t.summary(line_side))
                .unwrap_or_default(),
            pv: thought.map(|t| t.pv.join(" ")).unwrap_or_default(),
            values: values_text(&self.values),
        }
    }
}
