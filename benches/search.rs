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
        let mut s = Searcher::native(&v);
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
