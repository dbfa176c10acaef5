#!/usr/bin/env bash
# The engine's speed in Chromium against the native build, side by side on the same
# searches (benches/browser_vs_native.mjs): nodes a second from each variant's start and
# the depth reached in 1 s from Morphing Chess's. Builds the page (trunk build --release
# into dist/; SKIP_TRUNK=1 reuses dist/) and the native `search` bench first.
# Usage: scripts/bench-browser.sh [ROUNDS] [NODES]   (defaults 5 and 200000)
# FAIRYLAB_BENCH_BUILDS=a,b also measures the builds copied into dist/a/, dist/b/ (each a
# build's fairylab-*.js, fairylab-*_bg.wasm and ai-worker.js) in the same rounds, in turn.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh >/dev/null
[[ -n "${SKIP_TRUNK:-}" ]] || trunk build --release >/dev/null
bench=$(cargo bench --bench search --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
[[ -x "$bench" ]] || { echo "bench-browser: no native search bench built" >&2; exit 1; }
node benches/browser_vs_native.mjs "$bench" "${1:-5}" "${2:-200000}"
