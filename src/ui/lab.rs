//! The balance lab's headless model: a run of engine-against-engine games of rules A (and of
//! the edited rules B, when there are any) in the lab's own worker, or a measurement of rules
//! A's piece values by play ([`crate::values`], `values.rs` here), its state (idle, running
//! n of N, stopped, done, failed), the latest report, and that report as table rows.
//!
//! Handlers take the shape `(&mut Lab, args, &mut Vec<LabEffect>)`; the browser shell
//! (`src/web/lab_host.rs`) starts and terminates the worker, shows the panel and settles the
//! JavaScript caller's promise as the effects say. Replies of a run that is no longer the
//! current one (stopped, or replaced) are dropped. Only one run goes at a time: a second
//! start while one is running is refused with a message saying to stop the first.

use crate::decimal::{fixed, plain};
mod values;
pub use values::PieceRow;

/// The most games per rule set one run may ask for.
pub const MAX_GAMES: u32 = 10_000;
/// The longest time per move (ms) a run may ask for.
pub const MAX_TIME_MS: f64 = 60_000.0;
/// The most nodes per move a run may ask for.
pub const MAX_NODES: f64 = 1e9;

/// How long the engine thinks, and how many games: checked, so a run always ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Games per rule set.
    pub games: u32,
    /// Time per move (ms); 0 with a node limit.
    pub time_ms: f64,
    /// Nodes per move; 0 for none.
    pub nodes: f64,
}

impl Settings {
    /// Checks numbers as they come from the page or JavaScript: `games` a whole number from 1
    /// to [`MAX_GAMES`], `time_ms` and `nodes` finite and not negative, and at least one of
    /// them positive (else a move would have no limit).
    pub fn new(games: f64, time_ms: f64, nodes: f64) -> Result<Settings, String> {
        if !games.is_finite() || games.fract() != 0.0 || !(1.0..=MAX_GAMES as f64).contains(&games)
        {
            return Err(format!(
                "games must be a whole number from 1 to {MAX_GAMES}, not {}",
                plain(games)
            ));
        }
        if !time_ms.is_finite() || !(0.0..=MAX_TIME_MS).contains(&time_ms) {
            return Err(format!(
                "the time per move must be from 0 to {} ms, not {}",
                plain(MAX_TIME_MS),
                plain(time_ms)
            ));
        }
        if !nodes.is_finite() || !(0.0..=MAX_NODES).contains(&nodes) {
            return Err(format!(
                "nodes per move must be from 0 to {}, not {}",
                plain(MAX_NODES),
                plain(nodes)
            ));
        }
        if time_ms == 0.0 && nodes == 0.0 {
            return Err("give a time per move (ms) or a node limit above 0".to_string());
        }
        Ok(Settings {
            games: games as u32,
            time_ms,
            nodes: nodes.floor(),
        })
    }

    /// From the panel's two fields (games, ms per move).
    pub fn parse(games: &str, time_ms: &str) -> Result<Settings, String> {
        let number = |text: &str, what: &str| -> Result<f64, String> {
            crate::decimal::parse(text.trim())
                .ok_or(())
                .map_err(|_| format!("{what} must be a number, not \"{}\"", text.trim()))
        };
        Settings::new(
            number(games, "games")?,
            number(time_ms, "the time per move")?,
            0.0,
        )
    }
}

/// What a run plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// Balance games of rules A (and B).
    Balance,
    /// Games from imbalanced starts of rules A: its piece values.
    Values,
}

/// A run for the worker: `{type: 'balance', id, a, b, games, timeMs, nodes}`, or `{type:
/// 'measure', id, a, games, timeMs, nodes}` (games per imbalance).
#[derive(Clone, Debug, PartialEq)]
pub struct LabJob {
    pub kind: JobKind,
    pub id: u32,
    pub a: String,
    /// Empty for none.
    pub b: String,
    pub settings: Settings,
}

/// What the host does after a change of the lab.
#[derive(Clone, Debug, PartialEq)]
pub enum LabEffect {
    /// Start a worker and run the job in it.
    Start(LabJob),
    /// Terminate the lab's worker (stopping its run at once).
    Terminate,
    /// Show the state, the progress and the table.
    Show,
    /// Answer the JavaScript caller waiting for this run: the final report, or why not.
    Settle {
        caller: u32,
        result: Result<Report, String>,
    },
}

/// One rule set's results so far (the worker's `Summary`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideReport {
    pub games: u32,
    pub white_wins: u32,
    pub black_wins: u32,
    pub draws: u32,
    pub average_plies: f64,
    pub white_score: Option<f64>,
    /// White's score's 95% Wilson interval.
    pub interval: Option<(f64, f64)>,
    /// How games ended: label and count, in `balance::Ending::ALL`'s order.
    pub endings: Vec<(String, u32)>,
    /// The engine's piece values: name, centipawns, royal.
    pub values: Vec<(String, i32, bool)>,
}

/// The worker's report after a game: games played of all, and each rule set's results.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub done: u32,
    pub total: u32,
    pub a: SideReport,
    pub b: Option<SideReport>,
    /// A measurement's rows (then `a` and `b` are empty).
    pub pieces: Option<Vec<PieceRow>>,
}

/// Where a run is.
#[derive(Clone, Debug, PartialEq)]
pub enum RunState {
    Idle,
    Running { done: u32, total: u32 },
    Stopped { done: u32, total: u32 },
    Done { total: u32 },
    Failed(String),
}

/// What a table row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// The column headings.
    Heading,
    /// A group's title, with no cells of its own.
    Group,
    /// A label and one cell per rule set.
    Value,
}

/// One row of the lab's table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub kind: RowKind,
    pub label: String,
    pub cells: Vec<String>,
}

/// The balance lab of one applet.
#[derive(Debug)]
pub struct Lab {
    pub state: RunState,
    /// The latest report of the current (or last) run.
    pub report: Option<Report>,
    /// The columns' headings of the current run.
    titles: (String, Option<String>),
    /// The current run's id; replies of any other are dropped.
    run: u32,
    /// What the current (or last) run plays.
    kind: JobKind,
    /// The JavaScript caller waiting for the current run.
    caller: Option<u32>,
}

impl Default for Lab {
    fn default() -> Lab {
        Lab {
            state: RunState::Idle,
            report: None,
            titles: (String::new(), None),
            run: 0,
            kind: JobKind::Balance,
            caller: None,
        }
    }
}

impl Lab {
    pub fn running(&self) -> bool {
        matches!(self.state, RunState::Running { .. })
    }

    /// Games played and games in all, for the progress bar.
    pub fn progress(&self) -> (u32, u32) {
        match self.state {
            RunState::Running { done, total } | RunState::Stopped { done, total } => (done, total),
            RunState::Done { total } => (total, total),
            RunState::Idle | RunState::Failed(_) => (0, 0),
        }
    }

    /// The state in words, for the line under the progress bar.
    pub fn status(&self) -> String {
        match &self.state {
            RunState::Idle => "Plays the engine against itself under these rules.".to_string(),
            RunState::Running { done, total } => format!("Running: {done} of {total} games"),
            RunState::Stopped { done, total } => format!("Stopped after {done} of {total} games"),
            RunState::Done { total } => format!("Done: {total} games"),
            RunState::Failed(why) => format!("Failed: {why}"),
        }
    }

    /// Starts a run of `rules` (A, and B if edited) with `settings`, titled `name` (rules A's
    /// variant); `caller` is the JavaScript promise waiting for it, if any. Refused while a
    /// run is going.
    pub fn start(
        &mut self,
        rules: (String, Option<String>),
        name: &str,
        settings: Settings,
        caller: Option<u32>,
        fx: &mut Vec<LabEffect>,
    ) -> Result<(), String> {
        let (a, b) = rules;
        let total = settings.games * if b.is_some() { 2 } else { 1 };
        let titles = (
            format!("A: {name}"),
            b.as_ref().map(|_| "B: edited".to_string()),
        );
        let job = (JobKind::Balance, a, b.unwrap_or_default());
        self.begin(job, titles, settings, total, caller, fx)
    }

    /// Starts measuring the piece values of `rules` (rules A), titled `name`, with
    /// `settings.games` games for each of its `imbalances` (the calibration included), as
    /// [`Lab::start`] does a balance run.
    pub fn start_values(
        &mut self,
        rules: String,
        name: &str,
        imbalances: u32,
        settings: Settings,
        caller: Option<u32>,
        fx: &mut Vec<LabEffect>,
    ) -> Result<(), String> {
        let total = settings.games * imbalances;
        let titles = (format!("A: {name}"), None);
        let job = (JobKind::Values, rules, String::new());
        self.begin(job, titles, settings, total, caller, fx)
    }

    fn begin(
        &mut self,
        (kind, a, b): (JobKind, String, String),
        titles: (String, Option<String>),
        settings: Settings,
        total: u32,
        caller: Option<u32>,
        fx: &mut Vec<LabEffect>,
    ) -> Result<(), String> {
        if self.running() {
            return Err(format!("{} is already going: stop it first", self.noun()));
        }
        self.run = self.run.wrapping_add(1);
        self.kind = kind;
        self.caller = caller;
        self.titles = titles;
        self.report = None;
        self.state = RunState::Running { done: 0, total };
        let id = self.run;
        fx.push(LabEffect::Start(LabJob {
            kind,
            id,
            a,
            b,
            settings,
        }));
        fx.push(LabEffect::Show);
        Ok(())
    }

    /// What the current run is, in words.
    fn noun(&self) -> &'static str {
        match self.kind {
            JobKind::Balance => "a balance run",
            JobKind::Values => "a piece value measurement",
        }
    }

    /// Is `id` the run going now?
    fn current(&self, id: u32) -> bool {
        id == self.run && self.running()
    }

    /// A report after one more game of run `id`.
    pub fn progress_report(&mut self, id: u32, report: Report, fx: &mut Vec<LabEffect>) {
        if !self.current(id) {
            return;
        }
        self.state = RunState::Running {
            done: report.done,
            total: report.total,
        };
        self.report = Some(report);
        fx.push(LabEffect::Show);
    }

    /// Run `id` is complete.
    pub fn finished(&mut self, id: u32, report: Report, fx: &mut Vec<LabEffect>) {
        if !self.current(id) {
            return;
        }
        self.state = RunState::Done {
            total: report.total,
        };
        self.report = Some(report.clone());
        fx.push(LabEffect::Terminate);
        fx.push(LabEffect::Show);
        self.settle(Ok(report), fx);
    }

    /// Run `id` failed (bad rules, a broken worker).
    pub fn failed(&mut self, id: u32, why: &str, fx: &mut Vec<LabEffect>) {
        if !self.current(id) {
            return;
        }
        self.state = RunState::Failed(why.to_string());
        fx.push(LabEffect::Terminate);
        fx.push(LabEffect::Show);
        let noun = self.noun().trim_start_matches("a ");
        self.settle(Err(format!("the {noun} failed: {why}")), fx);
    }

    /// Stops the run going (its worker is terminated at once); false if none was.
    pub fn stop(&mut self, fx: &mut Vec<LabEffect>) -> bool {
        let RunState::Running { done, total } = self.state else {
            return false;
        };
        self.state = RunState::Stopped { done, total };
        fx.push(LabEffect::Terminate);
        fx.push(LabEffect::Show);
        let noun = self.noun().trim_start_matches("a ");
        let why = format!("the {noun} was stopped after {done} of {total} games");
        self.settle(Err(why), fx);
        true
    }

    /// Run was asked for with settings that do not hold: say why (a run going keeps going).
    pub fn refuse(&mut self, why: &str, fx: &mut Vec<LabEffect>) {
        if !self.running() {
            self.state = RunState::Failed(why.to_string());
            fx.push(LabEffect::Show);
        }
    }

    fn settle(&mut self, result: Result<Report, String>, fx: &mut Vec<LabEffect>) {
        if let Some(caller) = self.caller.take() {
            fx.push(LabEffect::Settle { caller, result });
        }
    }

    /// The latest report as table rows: headings, counts, White's score with its interval,
    /// average length, how games ended, piece values (a name in both rule sets gets one row).
    pub fn rows(&self) -> Vec<Row> {
        let Some(report) = &self.report else {
            return Vec::new();
        };
        if let Some(pieces) = &report.pieces {
            return values::rows(&self.titles.0, pieces);
        }
        let sides: Vec<&SideReport> = std::iter::once(&report.a).chain(&report.b).collect();
        let mut rows = Vec::new();
        let mut headings = vec![self.titles.0.clone()];
        if report.b.is_some() {
            headings.push(self.titles.1.clone().unwrap_or_else(|| "B".to_string()));
        }
        rows.push(row(RowKind::Heading, "", headings));
        let mut value = |label: &str, cell: &dyn Fn(&SideReport) -> String| {
            rows.push(row(
                RowKind::Value,
                label,
                sides.iter().map(|s| cell(s)).collect(),
            ));
        };
        value("games", &|s| s.games.to_string());
        value("White wins", &|s| s.white_wins.to_string());
        value("Black wins", &|s| s.black_wins.to_string());
        value("draws", &|s| s.draws.to_string());
        value("White score (95%)", &score);
        value("average length (plies)", &|s| {
            if s.games == 0 {
                "–".to_string()
            } else {
                fixed(s.average_plies, 1)
            }
        });
        rows.push(row(RowKind::Group, "ended by", Vec::new()));
        for label in union(sides.iter().map(|s| s.endings.iter().map(|(l, _)| l))) {
            let count = |s: &SideReport| {
                let n = s.endings.iter().find(|(l, _)| *l == label).map(|e| e.1);
                n.map_or("–".to_string(), |n| n.to_string())
            };
            rows.push(row(
                RowKind::Value,
                &label,
                sides.iter().map(|s| count(s)).collect(),
            ));
        }
        rows.push(row(RowKind::Group, "piece values (centipawns)", Vec::new()));
        for name in union(sides.iter().map(|s| s.values.iter().map(|(n, ..)| n))) {
            let cell = |s: &SideReport| match s.values.iter().find(|(n, ..)| *n == name) {
                Some((_, _, true)) => "royal".to_string(),
                Some((_, cp, false)) => cp.to_string(),
                None => "–".to_string(),
            };
            rows.push(row(
                RowKind::Value,
                &name,
                sides.iter().map(|s| cell(s)).collect(),
            ));
        }
        rows
    }
}

fn row(kind: RowKind, label: &str, cells: Vec<String>) -> Row {
    Row {
        kind,
        label: label.to_string(),
        cells,
    }
}

/// White's score with its interval: `0.550 (0.342–0.742)`.
fn score(s: &SideReport) -> String {
    match (s.white_score, s.interval) {
        (Some(p), Some((lo, hi))) => format!("{} ({}–{})", fixed(p, 3), fixed(lo, 3), fixed(hi, 3)),
        _ => "–".to_string(),
    }
}

/// Every label of several lists once, in the order first seen.
fn union<'a>(lists: impl Iterator<Item = impl Iterator<Item = &'a String>>) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for label in lists.flatten() {
        if !seen.contains(label) {
            seen.push(label.clone());
        }
    }
    seen
}

#[cfg(test)]
mod tests;
