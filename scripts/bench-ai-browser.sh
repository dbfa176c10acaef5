#!/usr/bin/env bash
# AI speed in the browser: builds the page (trunk build --release into dist/) and runs, in its
# Web Worker in headless Chromium, the same 1-second searches from each variant's start
# position as `cargo bench --bench search` (native) and scripts/bench-wasm.sh (Node).
# FAIRYLAB_BENCH_MS sets another time per position.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh >/dev/null
trunk build --release >/dev/null
node tests/e2e/bench-ai.mjs
