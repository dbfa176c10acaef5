//! Perft speed: nodes per second of `Position::perft` (last ply bulk-counted, one thread) from
//! the start position and one middlegame position of each variant.
//!
//! Every case asserts, before it is timed, that its node count equals an independent figure
//! (Chess Programming Wiki, or shared/perft/public.json as copied into tests/perft/), so the
//! bench never times a wrong move generator. Criterion prints the throughput of each case in
//! elements (nodes) per second; a summary table with Mnodes/s follows at the end.
//!
//! `cargo bench --bench perft` (release profile). A filter works as usual:
//! `cargo bench --bench perft -- morphing`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use fairylab::position::Position;
use fairylab::{bundled, fen, notation};
use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Case {
    variant: &'static str,
    position: &'static str,
    fen: Option<&'static str>,
    moves: &'static str,
    depth: u32,
    /// The independent figure the bench checks before timing.
    nodes: u64,
}

const CASES: &[Case] = &[
    // Chess Programming Wiki, "Perft Results": initial position and position 2 (Kiwipete).
    Case {
        variant: "chess",
        position: "start",
        fen: None,
        moves: "",
        depth: 5,
        nodes: 4_865_609,
    },
    Case {
        variant: "chess",
        position: "kiwipete",
        fen: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        moves: "",
        depth: 4,
        nodes: 4_085_603,
    },
    // The rest: shared/perft/public.json (tests/perft/<variant>.txt, `start` and `public-N`).
    Case {
        variant: "morphing-chess",
        position: "start",
        fen: None,
        moves: "",
        depth: 4,
        nodes: 1_943_374,
    },
    Case {
        variant: "morphing-chess",
        position: "public-4",
        fen: None,
        moves: "f1d3 i9i7 d1b3 b9c7 d3b5 h9f5 i1f1 f9h7 g1i3 i7i5 h1g3 c9g5 b1d5 d9c9 i3g5 i5i4 \
                f1f5 i8i7 h2h3 i4i3 g5h7 a9a5 b3b1 e9d9 a1a5 c9e7 h7f8 g9f8 a2a3 e7c5",
        depth: 3,
        nodes: 119_636,
    },
    Case {
        variant: "morphing-chess-3",
        position: "start",
        fen: None,
        moves: "",
        depth: 3,
        nodes: 196_014,
    },
    Case {
        variant: "morphing-chess-3",
        position: "public-4",
        fen: None,
        moves: "c1g5 h9g7 i4h4 g7e3 i2h3 c9e7 a2b3 a9a5 a4b5 i8h7 b5c4 h7g6 d1c2 e7f5 b1d2 f5e6 \
                c2d3 d9b7 g1c5 b9d8 h3g4 g9h8 g4f3 a8b9 h4g3 b7d5 d3e3 e6e5 f3e2 i9i5",
        depth: 3,
        nodes: 429_709,
    },
    Case {
        variant: "morphomania",
        position: "start",
        fen: None,
        moves: "",
        depth: 4,
        nodes: 144_800,
    },
    Case {
        variant: "morphomania",
        position: "public-3",
        fen: None,
        moves: "b2b3 h8h7 h1g3 e8e7 i1h1 h9g7 g3e5 d8d6 b3b4 a8a7 h1i1 g7f5 d2d3 b8b7 b4b7 h7h6 \
                b7b9r f8f7 b9d8 d9d8 g2g3 d8b9 h2h3 d6d3 f2f5 h6h3 e5b8 c9d8 c1b2",
        depth: 3,
        nodes: 73_150,
    },
    Case {
        variant: "symmetric-chess",
        position: "start",
        fen: None,
        moves: "",
        depth: 4,
        nodes: 311_689,
    },
    Case {
        variant: "symmetric-chess",
        position: "public-3",
        fen: None,
        moves: "f2f4 h7h5 h2h3 c7c5 d2d3 a7a5 g1d4 c8c7 h1f2 c7b6 f2e4 h5h4 e2e3 a5a4 b1c3 c5d4 \
                d1d2 a4a3 i2i3 d7d5 f1f3 d8c7 c1b1 h4i3 f4f5 e7e5",
        depth: 3,
        nodes: 68_399,
    },
    Case {
        variant: "marseillais",
        position: "start",
        fen: None,
        moves: "",
        depth: 4,
        nodes: 197_281,
    },
    Case {
        variant: "marseillais",
        position: "public-1",
        fen: None,
        moves: "f2f4 b7b5 d7d5 a2a3 g1f3 b8a6 c8e6 f4f5 f5e6 c7c5 c5c4 g2g3 d2d4 c4d3 d5d4 b1c3 \
                e1f2 d8d7 d4c3 a3a4 c1h6 a8b8 g7g5 e6f7 e8d8 d8c8",
        depth: 3,
        nodes: 57_076,
    },
];

/// Criterion samples per case; the last this many timings of a case are its measured samples
/// (the calls before them are criterion's warm-up).
const SAMPLES: usize = 10;

/// Nodes per second of every timing criterion asked for, per case (for the summary table).
static RATES: Mutex<Vec<Vec<f64>>> = Mutex::new(Vec::new());

fn setup(case: &Case) -> Position {
    let v = bundled::load(case.variant).expect("bundled variant");
    let mut pos = match case.fen {
        Some(f) => fen::from_fen(&v, f).expect("valid FEN"),
        None => Position::start(&v),
    };
    for m in case.moves.split_whitespace() {
        let mv = notation::parse_coordinate(&pos, m).expect("legal move");
        pos.make(mv);
    }
    pos
}

fn perft(c: &mut Criterion) {
    RATES.lock().unwrap().resize(CASES.len(), Vec::new());
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(SAMPLES)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (i, case) in CASES.iter().enumerate() {
        let mut pos = setup(case);
        let got = pos.perft(case.depth);
        assert_eq!(
            got, case.nodes,
            "{} {} depth {}: the engine counts {got}, the independent figure is {}",
            case.variant, case.position, case.depth, case.nodes
        );
        group.throughput(Throughput::Elements(case.nodes));
        let id = BenchmarkId::new(case.variant, format!("{}-d{}", case.position, case.depth));
        group.bench_function(id, |b| {
            b.iter_custom(|iters| {
                let start = Instant::now();
                for _ in 0..iters {
                    black_box(pos.perft(black_box(case.depth)));
                }
                let elapsed = start.elapsed();
                let secs = elapsed.as_secs_f64();
                if secs > 0.0 {
                    RATES.lock().unwrap()[i].push(case.nodes as f64 * iters as f64 / secs);
                }
                elapsed
            })
        });
    }
    group.finish();
}

/// Print one line per case that ran: the median nodes per second of its measured samples.
fn summary(_: &mut Criterion) {
    let rates = RATES.lock().unwrap();
    println!();
    println!(
        "{:<18} {:<10} {:>5} {:>10} {:>9}",
        "variant", "position", "depth", "nodes", "Mnodes/s"
    );
    for (case, r) in CASES.iter().zip(rates.iter()) {
        if r.is_empty() {
            continue;
        }
        let mut r = r[r.len().saturating_sub(SAMPLES)..].to_vec();
        r.sort_by(f64::total_cmp);
        let median = r[r.len() / 2];
        println!(
            "{:<18} {:<10} {:>5} {:>10} {:>9.1}",
            case.variant,
            case.position,
            case.depth,
            case.nodes,
            median / 1e6
        );
    }
}

criterion_group!(benches, perft, summary);
criterion_main!(benches);
