//! The live rules editor's model: the definition text being edited, checked as it is typed,
//! and what each valid edit did to the game.
//!
//! - **Rules A and B.** A is the text the variant was started with (a new variant resets it
//!   and drops B); B is the edited text, once an edit differs from A. Either may be in play;
//!   switching replays the game under the other.
//! - **The draft** is the text in the editor. A draft with errors changes nothing: the last
//!   valid text stays in play, and the errors are listed at their line and column.
//! - **A valid edit** rebuilds the variant and replays the game under it
//!   ([`replay`](crate::designer::replay)), stopping at the first move no longer legal.
//! - **Nothing is lost.** The first edit of a session keeps the rules and the whole game
//!   before it; undo returns to both. While the game is the one the last edit produced, the
//!   next edit replays that kept game, not the shortened one, so an edit that breaks a move
//!   and the edit that mends it give the whole game back. Once the game moves on (a move is
//!   played), the next edit starts a new session from the game as it is.
//! - After a replay stops, *continue from here* keeps the shortened game (and ends the
//!   session), *restart* starts a new game under the new rules.
//!
//! The applet's handlers that drive it (`Applet::edit_definition` and the rest) are in
//! `applet/rules.rs`.

use std::fmt;

use crate::designer::diff::{self, Line};
use crate::designer::replay;
use crate::game::Game;

/// How long the typing pauses before the text is checked and, if valid, played (ms).
pub const EDIT_PAUSE_MS: i32 = 50;

/// Which rules are in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    /// The text the variant was started with.
    #[default]
    A,
    /// The edited text.
    B,
}

/// An error in the draft, at its line and column (both from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl fmt::Display for TextError {
    /// `LINE:COL: message`, as the error list shows it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

/// What the last valid edit did to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// How many of the kept game's moves were replayed.
    pub replayed: usize,
    /// The index (from 0) of the first move not replayed, if one was not.
    pub stopped_at: Option<usize>,
    /// Why the replay stopped, or why it started again from the start position.
    pub message: Option<String>,
}

/// The rules and the whole game before an editing session, to undo to.
#[derive(Clone, Debug)]
struct Before {
    a: String,
    b: Option<String>,
    in_play: Rules,
    game: Game,
}

/// The rules editor's state.
#[derive(Clone, Debug)]
pub struct RulesEditor {
    a: String,
    b: Option<String>,
    in_play: Rules,
    draft: String,
    errors: Vec<TextError>,
    outcome: Option<Outcome>,
    before: Option<Before>,
    /// The moves of the game the last edit produced: while the game still has exactly these,
    /// it has not moved on.
    produced: Option<Vec<String>>,
}

impl RulesEditor {
    /// An editor for a variant started with `text` (rules A, no B).
    pub fn new(text: &str) -> RulesEditor {
        RulesEditor {
            a: text.to_string(),
            b: None,
            in_play: Rules::A,
            draft: text.to_string(),
            errors: Vec::new(),
            outcome: None,
            before: None,
            produced: None,
        }
    }

    /// Another variant started with `text`: A is its text, there is no B, nothing to undo.
    pub fn reset(&mut self, text: &str) {
        *self = RulesEditor::new(text);
    }

    /// Rules A's text.
    pub fn a(&self) -> &str {
        &self.a
    }

    /// Rules B's text, once edited.
    pub fn b(&self) -> Option<&str> {
        self.b.as_deref()
    }

    pub fn in_play(&self) -> Rules {
        self.in_play
    }

    /// The text in play: the last valid one.
    pub fn text(&self) -> &str {
        match (self.in_play, &self.b) {
            (Rules::B, Some(b)) => b,
            _ => &self.a,
        }
    }

    /// The text in the editor, valid or not.
    pub fn draft(&self) -> &str {
        &self.draft
    }

    /// The draft's errors, in text order; empty when it is the text in play.
    pub fn errors(&self) -> &[TextError] {
        &self.errors
    }

    /// The last valid edit's outcome, while its session lasts.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Can undo return to the rules and the game before the editing session?
    pub fn can_undo(&self) -> bool {
        self.before.is_some()
    }

    /// Did the last replay stop before the end of the game?
    pub fn stopped(&self) -> bool {
        self.outcome
            .as_ref()
            .is_some_and(|o| o.stopped_at.is_some())
    }

    /// The sentence the replay note shows, while a session lasts.
    pub fn note(&self) -> Option<String> {
        let o = self.outcome.as_ref()?;
        let replayed = match o.replayed {
            1 => "1 move replayed".to_string(),
            n => format!("{n} moves replayed"),
        };
        Some(match &o.message {
            Some(why) => format!("{why} ({replayed}.)"),
            None => format!("Rules changed: {replayed}, the game goes on."),
        })
    }

    /// A's and B's texts (B once edited), for comparing them.
    pub fn rules_texts(&self) -> (String, Option<String>) {
        (self.a.clone(), self.b.clone())
    }

    /// The line diff of A against B, once there is a B.
    pub fn diff(&self) -> Option<Vec<Line>> {
        self.b.as_deref().map(|b| diff::diff(&self.a, b))
    }

    /// The draft changed to `text`. When it is the text in play, there is nothing to check
    /// or rebuild: its errors go at once, and this returns false. Otherwise the caller checks
    /// it with [`RulesEditor::edit`] (after a pause in the typing).
    pub fn type_draft(&mut self, text: &str) -> bool {
        self.draft = text.to_string();
        if text == self.text() {
            self.errors.clear();
            false
        } else {
            true
        }
    }

    /// Checks `text` and, when it is valid, makes it the rules in play with `game` replayed
    /// under them: returns the new game and what happened to the old one's moves. Errors
    /// change nothing but the draft and its errors.
    pub fn edit(&mut self, text: &str, game: &Game) -> Result<(Game, Outcome), Vec<TextError>> {
        self.draft = text.to_string();
        let goes_on = self.before.is_some() && self.produced.as_ref() == Some(&game.history());
        let base = match (&self.before, goes_on) {
            (Some(before), true) => &before.game,
            _ => game,
        };
        let replay = replay::replay_definition(base, text).map_err(|errors| {
            (errors.0.into_iter())
                .map(|e| TextError {
                    line: e.pos.line,
                    col: e.pos.col,
                    message: e.message,
                })
                .collect::<Vec<_>>()
        });
        let replay = match replay {
            Ok(replay) => replay,
            Err(errors) => {
                self.errors = errors;
                return Err(self.errors.clone());
            }
        };
        if !goes_on {
            self.before = Some(Before {
                a: self.a.clone(),
                b: self.b.clone(),
                in_play: self.in_play,
                game: game.clone(),
            });
        }
        // A bundled variant's name loads its text: the rules in play are the variant's text.
        let source = replay.game.variant().source.clone();
        if source == self.a {
            self.in_play = Rules::A;
        } else {
            self.b = Some(source.clone());
            self.in_play = Rules::B;
        }
        self.draft = source;
        self.errors.clear();
        let outcome = Outcome {
            replayed: replay.replayed,
            stopped_at: replay.stopped_at,
            message: replay.message,
        };
        self.outcome = Some(outcome.clone());
        self.produced = Some(replay.game.history());
        Ok((replay.game, outcome))
    }

    /// The other rules' text, when there is a B to switch with.
    pub fn other(&self) -> Option<String> {
        let b = self.b.clone()?;
        Some(match self.in_play {
            Rules::A => b,
            Rules::B => self.a.clone(),
        })
    }

    /// Undo: the rules and the whole game before the editing session, which ends.
    pub fn undo(&mut self) -> Option<Game> {
        let before = self.before.take()?;
        self.a = before.a;
        self.b = before.b;
        self.in_play = before.in_play;
        self.draft = self.text().to_string();
        self.errors.clear();
        self.settle();
        Some(before.game)
    }

    /// Keeps the game as it is: the session ends, with nothing to undo.
    pub fn settle(&mut self) {
        self.before = None;
        self.outcome = None;
        self.produced = None;
    }
}

#[cfg(test)]
mod tests;
