//! `fairylab uci`: the Universal Chess Interface on stdin and stdout (docs/uci.md).
//!
//! The main thread reads commands; a search thread owns the searcher (its table kept between
//! the moves of a game) and runs one `go` at a time, printing `info` lines and `bestmove`.
//! A stop flag shared by both ends a search at once: `stop`, `quit`, a new `position` or `go`
//! while one runs. What a GUI may send out of turn is survived: an unknown command or token is
//! ignored, a malformed one answered with `info string` and otherwise ignored, `go` without
//! `position` searches the variant's start.

use fairylab::bundled;
use fairylab::fen;
use fairylab::position::Position;
use fairylab::search::{Info, Limits, Searcher};
use fairylab::uci::{parse_uci, to_uci};
use fairylab::variant::Variant;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

const DEFAULT_HASH_MB: u32 = 16;
const MAX_HASH_MB: u32 = 1024;
const DEFAULT_OVERHEAD_MS: u32 = 10;

/// Where the engine's lines go: stdout, shared by both threads, one whole line at a time.
#[derive(Clone)]
struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A closed stdout (the GUI has gone) leaves nothing to say: the reader ends on EOF.
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// Work for the search thread.
enum Job {
    /// A fresh searcher for this variant, with a table of this many megabytes.
    Configure(Arc<Variant>, u32),
    /// Forget the table: a new game.
    NewGame,
    Go(Box<Go>),
}

struct Go {
    pos: Position,
    history: Vec<u64>,
    limits: Limits,
    /// `go infinite`: `bestmove` waits for `stop` even when the search has ended.
    infinite: bool,
}

/// The protocol's state on the reading thread.
struct Engine {
    out: Out,
    variant: Arc<Variant>,
    /// Variants loaded by `VariantPath`, selectable by name.
    loaded: Vec<Arc<Variant>>,
    pos: Position,
    history: Vec<u64>,
    hash_mb: u32,
    overhead_ms: u32,
    jobs: Sender<Job>,
    done: Receiver<()>,
    stop: Arc<AtomicBool>,
    searching: bool,
    worker: Option<JoinHandle<()>>,
}

/// Run the protocol on stdin and stdout until `quit` or the end of input.
pub fn run() {
    let out = Out(Arc::new(Mutex::new(Box::new(std::io::stdout()))));
    let mut engine = Engine::new(out);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !engine.command(&line) {
            break;
        }
    }
    engine.finish();
}

impl Engine {
    fn new(out: Out) -> Engine {
        let variant = bundled::load("chess").expect("chess is bundled");
        let (jobs, job_rx) = channel::<Job>();
        let (done_tx, done) = channel::<()>();
        let stop = Arc::new(AtomicBool::new(false));
        let worker = {
            let (out, stop) = (out.clone(), stop.clone());
            std::thread::spawn(move || search_thread(job_rx, done_tx, out, stop))
        };
        let engine = Engine {
            out,
            pos: Position::start(&variant),
            history: Vec::new(),
            variant,
            loaded: Vec::new(),
            hash_mb: DEFAULT_HASH_MB,
            overhead_ms: DEFAULT_OVERHEAD_MS,
            jobs,
            done,
            stop,
            searching: false,
            worker: Some(worker),
        };
        engine.configure();
        engine
    }

    fn configure(&self) {
        let _ = (self.jobs).send(Job::Configure(self.variant.clone(), self.hash_mb));
    }

    fn info_string(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Stop a running search and wait for its `bestmove`.
    fn stop_search(&mut self) {
        if self.searching {
            self.stop.store(true, Ordering::Relaxed);
            let _ = self.done.recv();
            self.searching = false;
        }
    }

    /// One line of input; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        // A search that ended by itself has said `bestmove`: collect its signal.
        if self.searching && self.done.try_recv().is_ok() {
            self.searching = false;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, args)) = words.split_first() else {
            return true;
        };
        match head {
            "uci" => self.uci(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.stop_search();
                let _ = self.jobs.send(Job::NewGame);
                self.set_start();
            }
            "setoption" => {
                self.stop_search();
                self.set_option(args);
            }
            "position" => {
                self.stop_search();
                self.position(args);
            }
            "go" => {
                self.stop_search();
                self.go(args);
            }
            "stop" => self.stop_search(),
            "quit" => return false,
            "d" => self.out.line(&fen::to_fen(&self.pos)),
            // `debug`, `register`, `ponderhit` and whatever else a GUI sends: nothing to do.
            _ => {}
        }
        true
    }

    fn finish(&mut self) {
        self.stop_search();
        let (tx, _) = channel();
        // Closing the job channel ends the search thread.
        drop(std::mem::replace(&mut self.jobs, tx));
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }

    fn uci(&self) {
        self.out
            .line(&format!("id name fairylab {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the fairylab authors");
        let mut names: Vec<String> = bundled::names().map(str::to_string).collect();
        names.extend(self.loaded.iter().map(|v| v.name.clone()));
        let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
        self.out.line(&format!(
            "option name UCI_Variant type combo default {}{vars}",
            self.variant.name
        ));
        self.out
            .line("option name VariantPath type string default <empty>");
        self.out.line(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.out.line(&format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max 5000"
        ));
        self.out.line("uciok");
    }

    fn set_start(&mut self) {
        self.pos = Position::start(&self.variant);
        self.history.clear();
    }

    /// `setoption name NAME [value VALUE]`, names in any case.
    fn set_option(&mut self, args: &[&str]) {
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            return self.info_string("setoption: expected 'name'");
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let found = bundled::load(value)
                    .or_else(|| self.loaded.iter().find(|v| v.name == value).cloned());
                match found {
                    Some(v) => self.select(v),
                    None => self.info_string(&format!("UCI_Variant: unknown variant '{value}'")),
                }
            }
            "variantpath" => self.load_path(value),
            "hash" => match value.parse::<u32>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    self.hash_mb = mb;
                    self.configure();
                }
                _ => self.info_string(&format!("Hash: '{value}' is not 1 to {MAX_HASH_MB}")),
            },
            "move overhead" => match value.parse::<u32>() {
                Ok(ms) if ms <= 5000 => self.overhead_ms = ms,
                _ => self.info_string(&format!("Move Overhead: '{value}' is not 0 to 5000")),
            },
            _ => self.info_string(&format!("no option '{name}'")),
        }
    }

    fn select(&mut self, v: Arc<Variant>) {
        self.variant = v;
        self.configure();
        self.set_start();
    }

    /// `VariantPath`: an Interactive Diagram text file; its variant (named after the file) is
    /// selected and stays selectable by `UCI_Variant`.
    fn load_path(&mut self, path: &str) {
        if path.is_empty() || path == "<empty>" {
            return;
        }
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return self.info_string(&format!("VariantPath: cannot read '{path}': {e}")),
        };
        let name = std::path::Path::new(path)
            .file_stem()
            .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
        match bundled::compile(&name, &text) {
            Ok(v) => {
                self.loaded.retain(|l| l.name != v.name);
                self.loaded.push(v.clone());
                self.select(v);
            }
            Err(e) => {
                let first = e.to_string().lines().next().unwrap_or("").to_string();
                self.info_string(&format!("VariantPath: {path}: {first}"));
            }
        }
    }

    /// `position startpos|fen FEN [moves m1 m2 ...]`. A bad FEN keeps the position before; a
    /// bad move ends the list there (the moves before it stand), with an `info string`.
    fn position(&mut self, args: &[&str]) {
        let split = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match split {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let mut pos = match setup.split_first() {
            Some((&"startpos", _)) => Position::start(&self.variant),
            Some((&"fen", f)) if !f.is_empty() => {
                match fen::from_fen(&self.variant, &f.join(" ")) {
                    Ok(p) => p,
                    Err(e) => return self.info_string(&format!("position: {e}")),
                }
            }
            _ => return self.info_string("position: expected 'startpos' or 'fen FEN'"),
        };
        let mut history = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            match parse_uci(&pos, text) {
                Ok(m) => {
                    history.push(pos.hash());
                    pos.make(m);
                }
                Err(e) => {
                    self.info_string(&format!("position: move {}: {e}", i + 1));
                    break;
                }
            }
        }
        self.pos = pos;
        self.history = history;
    }

    /// `go` with any of `movetime`, `wtime btime winc binc movestogo`, `depth`, `nodes`,
    /// `infinite`; none of them is `infinite`.
    fn go(&mut self, args: &[&str]) {
        let n = |key: &str| -> Option<u64> {
            let i = args.iter().position(|&w| w == key)?;
            match args.get(i + 1).and_then(|v| v.parse::<i64>().ok()) {
                Some(v) => Some(v.max(0) as u64),
                None => {
                    self.out
                        .line(&format!("info string go: '{key}' needs a number"));
                    None
                }
            }
        };
        let (movetime, depth, nodes) = (n("movetime"), n("depth"), n("nodes"));
        let (wtime, btime, winc, binc, togo) =
            (n("wtime"), n("btime"), n("winc"), n("binc"), n("movestogo"));
        let white = self.pos.side_to_move() == fairylab::position::WHITE;
        let (left, inc) = if white { (wtime, winc) } else { (btime, binc) };
        let overhead = self.overhead_ms as f64;
        let (time_ms, soft_time_ms) = match (movetime, left) {
            (Some(t), _) => (Some((t as f64 - overhead).max(1.0)), None),
            (None, Some(left)) => {
                let (soft, hard) =
                    clock_budget(left as f64, inc.unwrap_or(0) as f64, togo, overhead);
                (Some(hard), Some(soft))
            }
            _ => (None, None),
        };
        let infinite =
            args.contains(&"infinite") || (time_ms.is_none() && depth.is_none() && nodes.is_none());
        let limits = Limits {
            depth: depth.map(|d| d.clamp(1, 64) as u32),
            nodes,
            time_ms,
            soft_time_ms,
        };
        self.stop.store(false, Ordering::Relaxed);
        let go = Go {
            pos: self.pos.clone(),
            history: self.history.clone(),
            limits,
            infinite,
        };
        if self.jobs.send(Job::Go(Box::new(go))).is_ok() {
            self.searching = true;
        }
    }
}

/// The search's limits for a move from a clock with `left` milliseconds, `inc` more a move
/// and `togo` moves to the next control, as (soft, hard): it starts no iteration after a fair
/// share and stops at one and a half shares (never more than 40% of what is left).
fn clock_budget(left: f64, inc: f64, togo: Option<u64>, overhead: f64) -> (f64, f64) {
    let moves = togo.map_or(30.0, |m| m.clamp(1, 50) as f64);
    let share = left / moves + inc * 0.75;
    let hard = ((share * 1.5).min(left * 0.4 + inc * 0.5) - overhead).max(1.0);
    let soft = (share - overhead).clamp(1.0, hard);
    (soft, hard)
}

fn search_thread(jobs: Receiver<Job>, done: Sender<()>, out: Out, stop: Arc<AtomicBool>) {
    let mut searcher: Option<Searcher> = None;
    for job in jobs {
        match job {
            Job::Configure(v, mb) => {
                let mut s = Searcher::native_with_hash_mb(&v, mb);
                s.set_stop_flag(stop.clone());
                searcher = Some(s);
            }
            Job::NewGame => {
                if let Some(s) = searcher.as_mut() {
                    s.clear();
                }
            }
            Job::Go(go) => {
                let Some(s) = searcher.as_mut() else { continue };
                let pos = &go.pos;
                let result = s.search(pos, &go.history, go.limits, &mut |info| {
                    out.line(&info_line(pos, info));
                });
                while go.infinite && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                match result.best {
                    Some(m) => out.line(&format!("bestmove {}", to_uci(pos, m))),
                    None => out.line("bestmove (none)"),
                }
                let _ = done.send(());
            }
        }
    }
}

/// `info depth D score cp S|mate M nodes N nps X time T pv m1 m2 ...`, the moves in UCI form.
fn info_line(pos: &Position, info: &Info) -> String {
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for &m in &info.pv {
        pv.push(to_uci(&p, m));
        p.make(m);
    }
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps,
        info.time_ms.round() as u64,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::clock_budget;

    #[test]
    fn the_clock_budget_is_a_share_and_never_most_of_what_is_left() {
        // 60 s and no increment: no new iteration after a thirtieth, none past one and a
        // half.
        assert_eq!(clock_budget(60_000.0, 0.0, None, 0.0), (2000.0, 3000.0));
        // Two moves to go with 1 s: no more than 40% of it.
        assert_eq!(clock_budget(1000.0, 0.0, Some(2), 0.0), (400.0, 400.0));
        // Almost nothing left: still a positive limit.
        assert_eq!(clock_budget(5.0, 0.0, None, 10.0), (1.0, 1.0));
    }
}
