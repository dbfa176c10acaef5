//! AI speed, native: nodes per second and the depth reached from each bundled variant's
//! start position (`cargo bench --bench search`), in 1 s by default. The wasm figures come
//! from `scripts/bench-wasm.sh` (Node) and `scripts/bench-browser.sh` (Chromium, side by side
//! with this one).
//!
//! - `FAIRYLAB_BENCH_MS`: the time per position (default 1000);
//! - `FAIRYLAB_BENCH_NODES`: search this many nodes instead (the same tree in every build, so
//!   that the time compares builds);
//! - `FAIRYLAB_BENCH_VARIANTS`: the variants, comma-separated (default: every bundled one).
//!
//! Beside the wall-clock time, `cpu ms` is the time the search thread spent on a processor
//! (Linux's `/proc/thread-self/schedstat`; `-` where it cannot be read): on a shared machine
//! the figure other processes' load moves least.
use fairylab::bundled;
use fairylab::position::Position;
use fairylab::search::{Limits, Searcher};

fn main() {
    let env = |key: &str| std::env::var(key).ok().filter(|s| !s.is_empty());
    let ms: f64 = env("FAIRYLAB_BENCH_MS")
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000.0);
    let nodes: Option<u64> = env("FAIRYLAB_BENCH_NODES").and_then(|s| s.parse().ok());
    let names: Vec<String> = match env("FAIRYLAB_BENCH_VARIANTS") {
        Some(list) => list.split(',').map(str::to_string).collect(),
        None => bundled::names().map(str::to_string).collect(),
    };
    match nodes {
        Some(n) => println!("native search, {n} nodes per position"),
        None => println!("native search, {ms} ms per position"),
    }
    println!(
        "{:<22} {:>5} {:>12} {:>12} {:>9} {:>9}",
        "variant", "depth", "nodes", "nodes/s", "ms", "cpu ms"
    );
    for name in &names {
        let Some(v) = bundled::load(name) else {
            eprintln!("no bundled variant {name}");
            std::process::exit(2);
        };
        // The browser worker's table size (src/web/ai.rs), so both search the same trees.
        let t0 = std::time::Instant::now();
        let mut s = Searcher::new(
            &v,
            18,
            Box::new(move || t0.elapsed().as_secs_f64() * 1000.0),
        );
        let pos = Position::start(&v);
        let mut last = None;
        let limits = Limits {
            time_ms: nodes.is_none().then_some(ms),
            nodes,
            ..Limits::default()
        };
        let (start, cpu_start) = (std::time::Instant::now(), cpu_ms());
        let r = s.search(&pos, &[], limits, &mut |i| last = Some(i.clone()));
        let took = start.elapsed().as_secs_f64() * 1000.0;
        let cpu = match (cpu_start, cpu_ms()) {
            (Some(a), Some(b)) => format!("{:.0}", b - a),
            _ => "-".to_string(),
        };
        let info = last.expect("at least one iteration");
        assert!(r.best.is_some());
        // Under a node limit the last iteration's line may come before the last nodes:
        // the rate is the search's own, all nodes over all the time.
        let nps = (r.nodes as f64 / took * 1000.0) as u64;
        println!(
            "{:<22} {:>5} {:>12} {:>12} {:>9.0} {:>9}",
            name, info.depth, r.nodes, nps, took, cpu
        );
    }
}

/// This thread's time on a processor so far, in milliseconds (the first field of
/// `/proc/thread-self/schedstat`, in nanoseconds), or `None` off Linux.
fn cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}
