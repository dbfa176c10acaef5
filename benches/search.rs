//! AI speed, native: nodes per second and the depth reached in 1 s from each bundled
//! variant's start position (`cargo bench --bench search`). The wasm figures come from
//! `scripts/bench-wasm.sh`, which runs the same searches in Node.
use fairylab::bundled;
use fairylab::position::Position;
use fairylab::search::{Limits, Searcher};

fn main() {
    let ms: f64 = std::env::var("FAIRYLAB_BENCH_MS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000.0);
    println!("native search, {ms} ms per position");
    println!(
        "{:<22} {:>5} {:>12} {:>12}",
        "variant", "depth", "nodes", "nodes/s"
    );
    for name in bundled::names() {
        let v = bundled::load(name).unwrap();
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
            time_ms: Some(ms),
            ..Limits::default()
        };
        // Run the full time: no early stop at half time, so depth and nps are comparable.
        let r = s.search(&pos, &[], limits, &mut |i| last = Some(i.clone()));
        let info = last.expect("at least one iteration");
        assert!(r.best.is_some());
        println!(
            "{:<22} {:>5} {:>12} {:>12}",
            name, info.depth, info.nodes, info.nps
        );
    }
}
