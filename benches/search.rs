//! AI speed, native: nodes per second and the depth reached from each bundled variant's
//! start position (`cargo bench --bench search`), in 1 s by default. The wasm figures come
//! from `scripts/bench-wasm.sh` (Node) and `scripts/bench-browser.sh` (Chromium, side by side
//! with this one).
//!
//! - `FAIRYLAB_BENCH_MS`: the time per position (default 1000);
//! - `FAIRYLAB_BENCH_NODES`: search this many nodes instead (the same tree in every build, so
//!   that the time compares builds);
//! - `FAIRYLAB_BENCH_VARIANTS`: the variants, comma-separated (default: every bundled one).
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
        "{:<22} {:>5} {:>12} {:>12} {:>9}",
        "variant", "depth", "nodes", "nodes/s", "ms"
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
        let start = std::time::Instant::now();
        let r = s.search(&pos, &[], limits, &mut |i| last = Some(i.clone()));
        let took = start.elapsed().as_secs_f64() * 1000.0;
        let info = last.expect("at least one iteration");
        assert!(r.best.is_some());
        // Under a node limit the last iteration's line may come before the last nodes:
        // the rate is the search's own, all nodes over all the time.
        let nps = (r.nodes as f64 / took * 1000.0) as u64;
        println!(
            "{:<22} {:>5} {:>12} {:>12} {:>9.0}",
            name, info.depth, r.nodes, nps, took
        );
    }
}
