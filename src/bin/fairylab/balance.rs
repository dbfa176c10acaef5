//! `fairylab balance`: the games of one or two rule sets on every core, a progress bar on
//! stderr, then the table of `fairylab::balance` on stdout.
//!
//! Worker threads take the next game number from a shared counter (rule set A's games, then
//! B's), each with its own native searcher, and keep their own tallies, merged at the end.
//! A game's opening comes from the seed and its number alone, so which thread plays it does
//! not matter, nor which machine: `--shard I/N` plays the games whose number is I modulo N
//! (counting from 1), `--json` writes the tallies for `--merge` (`shard.rs`).

use crate::shard::{self, Run};
use fairylab::balance::{Column, PieceValue, Tally, piece_values, play_one, table};
use fairylab::eval::Evaluator;
use fairylab::search::Searcher;
use fairylab::variant::Variant;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A rule set: its title (the argument as given) and its variant.
type RuleSet<'a> = (&'a str, &'a Arc<Variant>);

/// Play the games of `a` (and `b`), print the table, and exit 0; or name the first illegal
/// engine move on stderr and exit 1.
pub fn run(run: &Run, a: RuleSet, b: Option<RuleSet>) -> Result<ExitCode, String> {
    let sets: Vec<RuleSet> = std::iter::once(a).chain(b).collect();
    let games = run.games();
    let total = sets.len() * games.len();
    let threads = run.threads.clamp(1, total.max(1));
    let bar = progress_bar(total as u64);
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let shares: Vec<Result<Vec<Tally>, String>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| s.spawn(|| worker(run, &games, &sets, &next, &stop, &bar)))
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut tallies = vec![Tally::default(); sets.len()];
    for share in shares {
        match share {
            Ok(share) => {
                for (t, s) in tallies.iter_mut().zip(&share) {
                    t.merge(s);
                }
            }
            Err(e) => {
                eprintln!("{e}");
                return Ok(ExitCode::from(1));
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{total} games in {secs:.1} s on {threads} thread{}: {:.1} games per minute",
        if threads == 1 { "" } else { "s" },
        total as f64 * 60.0 / secs.max(1e-9)
    );
    let values: Vec<Vec<PieceValue>> = sets
        .iter()
        .map(|(_, v)| piece_values(v, &Evaluator::new(v)))
        .collect();
    if run.json {
        let titles: Vec<&str> = sets.iter().map(|(t, _)| *t).collect();
        println!("{}", shard::to_json(run, &titles, &tallies, &values));
        return Ok(ExitCode::SUCCESS);
    }
    let columns: Vec<Column> = sets
        .iter()
        .zip(&tallies)
        .zip(&values)
        .map(|(((title, _), tally), values)| Column {
            title,
            tally,
            values,
        })
        .collect();
    print!("{}", table(&columns[0], columns.get(1)));
    Ok(ExitCode::SUCCESS)
}

/// One thread: games until none are left (or another thread found an illegal move).
fn worker(
    run: &Run,
    games: &[usize],
    sets: &[RuleSet],
    next: &AtomicUsize,
    stop: &AtomicBool,
    bar: &ProgressBar,
) -> Result<Vec<Tally>, String> {
    let mut tallies = vec![Tally::default(); sets.len()];
    // The searcher of the rule set this thread played last (tables are per variant).
    let mut current: Option<(usize, Searcher)> = None;
    while !stop.load(Ordering::Relaxed) {
        let job = next.fetch_add(1, Ordering::Relaxed);
        if job >= games.len() * sets.len() {
            break;
        }
        let (set, game) = (job / games.len(), games[job % games.len()]);
        let (title, v) = sets[set];
        let searcher = match &mut current {
            Some((s, searcher)) if *s == set => searcher,
            _ => &mut current.insert((set, Searcher::native(v))).1,
        };
        match play_one(v, searcher, run.limits, run.seed, game as u64) {
            Ok(record) => tallies[set].add(&record),
            Err(e) => {
                stop.store(true, Ordering::Relaxed);
                return Err(format!("{title} game {}: {e}", game + 1));
            }
        }
        bar.inc(1);
    }
    Ok(tallies)
}

/// A bar on stderr when it is a terminal, else a hidden one (balance and values runs).
pub fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} to go",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    // Redrawn four times a second: a game can take minutes.
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}
