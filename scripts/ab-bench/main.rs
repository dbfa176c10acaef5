//! Two builds of the move generator in one process, timed in turns (`scripts/bench-movegen.sh
//! ab` makes the crate around this file: `new` is this tree, `old` the baseline commit's).
//!
//! This machine's processor runs at a speed that wanders by up to 2x over seconds, so two
//! programs timed minutes apart, or even one after the other, differ by more than the few
//! percent in question. Here each perft runs for a tenth of a second or so, the two builds
//! alternate (A B, then B A), and each round's ratio compares two runs a fraction of a second
//! apart: the wandering that is slower than a round cancels. Times are the thread's processor
//! time, so time spent waiting for a processor another job holds is not counted.
//!
//! Usage: ab-bench ROUNDS VARIANT:DEPTH:TIMES...  One line per variant: the node count (both
//! builds must agree, or it stops), each build's fastest run, the median of the rounds'
//! ratios new / old with its quartiles, and the ratio of the fastest runs.

use std::time::Duration;

/// The thread's processor time so far.
fn thread_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Runs `f` and returns what it returned and the processor seconds it took.
fn timed(f: &mut dyn FnMut() -> u64) -> (u64, f64) {
    let t0 = thread_time();
    let n = f();
    (n, (thread_time() - t0).as_secs_f64())
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: ab-bench ROUNDS VARIANT:DEPTH:TIMES...";
    let rounds: usize = args.first().and_then(|r| r.parse().ok()).expect(usage);
    // Two crates of one name: make sure the program did not end up with one of them twice.
    type Perft<P> = fn(&mut P, u32) -> u64;
    let perft_new: Perft<new::position::Position> = new::position::Position::perft;
    let perft_old: Perft<old::position::Position> = old::position::Position::perft;
    assert_ne!(
        perft_new as usize, perft_old as usize,
        "`new` and `old` are the same crate: the build linked one library twice"
    );
    println!(
        "{:<22} {:>12} {:>9} {:>9} {:>8} {:>15} {:>8}",
        "perft (xTIMES)", "nodes", "new s", "old s", "median", "quartiles", "fastest"
    );
    for spec in &args[1..] {
        let parts: Vec<&str> = spec.split(':').collect();
        let [name, depth, times] = parts[..] else {
            panic!("{spec}: expected VARIANT:DEPTH:TIMES");
        };
        let depth: u32 = depth.parse().expect("DEPTH: a number");
        let times: u32 = times.parse().expect("TIMES: a number");
        let vn = new::bundled::load(name).unwrap_or_else(|| panic!("{name}: not bundled here"));
        let vo = old::bundled::load(name).unwrap_or_else(|| panic!("{name}: not bundled in old"));
        let mut pn = new::position::Position::start(&vn);
        let mut po = old::position::Position::start(&vo);
        let mut run_new = move || (0..times).map(|_| pn.perft(depth)).sum::<u64>();
        let mut run_old = move || (0..times).map(|_| po.perft(depth)).sum::<u64>();
        // One untimed run each: the counts compared, the caches and tables warm.
        let (a, b) = (run_new(), run_old());
        assert_eq!(a, b, "{name} perft {depth}: new {a} nodes, old {b}");
        let (mut tn, mut to, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for r in 0..rounds {
            let (x, y) = if r % 2 == 0 {
                let x = timed(&mut run_new);
                (x, timed(&mut run_old))
            } else {
                let y = timed(&mut run_old);
                (timed(&mut run_new), y)
            };
            assert_eq!(
                (x.0, y.0),
                (a, a),
                "{name}: the counts changed between runs"
            );
            tn.push(x.1);
            to.push(y.1);
            ratios.push(x.1 / y.1);
        }
        ratios.sort_by(f64::total_cmp);
        let fastest = |t: &[f64]| t.iter().copied().fold(f64::INFINITY, f64::min);
        let (fn_, fo) = (fastest(&tn), fastest(&to));
        println!(
            "{:<22} {:>12} {:>9.4} {:>9.4} {:>8.3} {:>7.3}-{:<7.3} {:>8.3}",
            format!("{name} {depth} (x{times})"),
            a,
            fn_,
            fo,
            quantile(&ratios, 0.5),
            quantile(&ratios, 0.25),
            quantile(&ratios, 0.75),
            fn_ / fo
        );
    }
}
