//! `fairylab values`: piece values measured by engine games from imbalanced starts
//! (`fairylab::values`), the games on every core with a progress bar on stderr, then one line
//! per measured type, `NAME VALUE LOW HIGH` (pawns; spaces in a name written as `-`), and a
//! table of the imbalances played.

use crate::balance::progress_bar;
use fairylab::eval::Evaluator;
use fairylab::search::{Limits, Searcher};
use fairylab::values::{Scores, label, plan, play, values};
use fairylab::variant::Variant;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

pub struct Run {
    /// Games per imbalance.
    pub games: u32,
    pub limits: Limits,
    pub threads: usize,
    pub seed: u64,
}

pub fn run(run: &Run, v: &Arc<Variant>) -> Result<ExitCode, String> {
    let eval = Evaluator::new(v);
    let (pawn, list) = plan(v, &eval).ok_or_else(|| {
        format!(
            "{}: no piece type that both sides have at the start to measure",
            v.name
        )
    })?;
    let games = run.games as usize;
    let total = list.len() * games;
    let bar = progress_bar(total as u64);
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let threads = run.threads.clamp(1, total.max(1));
    let shares: Vec<Result<Vec<Scores>, String>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut scores = vec![Scores::default(); list.len()];
                    let mut searcher = Searcher::native(v);
                    while !stop.load(Ordering::Relaxed) {
                        let job = next.fetch_add(1, Ordering::Relaxed);
                        if job >= total {
                            break;
                        }
                        let (i, g) = (job / games, job % games);
                        let game = (pawn, &list[i], i);
                        match play(v, &mut searcher, run.limits, game, run.seed, g as u64) {
                            Ok(x) => scores[i].add(x),
                            Err(e) => {
                                stop.store(true, Ordering::Relaxed);
                                return Err(format!("{} game {}: {e}", label(v, &list[i]), g + 1));
                            }
                        }
                        bar.inc(1);
                    }
                    Ok(scores)
                })
            })
            .collect();
        (workers.into_iter())
            .map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    bar.finish_and_clear();
    let mut scores = vec![Scores::default(); list.len()];
    for share in shares {
        match share {
            Ok(share) => scores.iter_mut().zip(&share).for_each(|(a, b)| a.merge(b)),
            Err(e) => {
                eprintln!("{e}");
                return Ok(ExitCode::from(1));
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{total} games in {secs:.1} s on {threads} thread{}",
        if threads == 1 { "" } else { "s" }
    );

    let name = |t: fairylab::piece::PieceType| {
        v.types[t]
            .name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join("-")
    };
    println!("{} 1.00 1.00 1.00", name(pawn));
    let values = values(pawn, &list, &scores);
    for (imb, val) in list.iter().zip(&values) {
        let Some(t) = imb.piece else { continue };
        match val {
            Some(x) => println!("{} {:.2} {:.2} {:.2}", name(t), x.value, x.low, x.high),
            None => println!("{} - - -", name(t)),
        }
    }
    println!();
    let rows: Vec<[String; 5]> = std::iter::once(
        ["imbalance", "games", "score", "value", "95% interval"].map(str::to_string),
    )
    .chain(
        list.iter()
            .zip(&scores)
            .zip(&values)
            .map(|((imb, s), val)| {
                [
                    label(v, imb),
                    s.games.to_string(),
                    s.mean().map_or("-".into(), |m| format!("{m:.3}")),
                    val.map_or("-".into(), |x| format!("{:.2}", x.value)),
                    val.map_or("-".into(), |x| format!("{:.2}-{:.2}", x.low, x.high)),
                ]
            }),
    )
    .collect();
    let widths: Vec<usize> = (0..5)
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    for r in &rows {
        let line: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        println!("{}", line.join("  ").trim_end());
    }
    println!(
        "(score: of the side with the piece, or with the pawns more in the first row; value: \
         pawns, what it is against plus what its score says over the first row's)"
    );
    Ok(ExitCode::SUCCESS)
}
