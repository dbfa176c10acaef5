#!/usr/bin/env bash
# AI speed in WebAssembly: builds the wasm module and runs, in Node, the same 1-second searches
# from each variant's start position as `cargo bench --bench search` runs natively; then perft
# with hands (Shogi, Crazyhouse) as `fairylab perft` counts it natively.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh >/dev/null
cargo build --release --lib --no-default-features --features page --target wasm32-unknown-unknown
out=target/bench-wasm
rm -rf "$out"
wasm-bindgen --target web --out-dir "$out" target/wasm32-unknown-unknown/release/fairylab.wasm
# As the page build does (Trunk runs wasm-opt -O2 on the release wasm: index.html's
# data-wasm-opt="2"; -O3 and -O4 were measured no faster in the browser, docs/uci.md).
wasm-opt -O2 "$out/fairylab_bg.wasm" -o "$out/fairylab_bg.wasm"
node benches/wasm_search.mjs "$out" "${FAIRYLAB_BENCH_MS:-1000}"
node benches/wasm_perft.mjs "$out"
