//! Perft nodes per second (placeholder; filled in by the benchmark work).
fn main() {}
