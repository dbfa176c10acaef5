#!/usr/bin/env bash
# The embed build, run by Trunk after a release build (Trunk.toml's post_build hook), so
# `trunk build --release` produces, beside the page:
#   embed/fairylab.js              the embed script (www/embed.js)
#   embed/fairylab-core.js, embed/fairylab-core_bg.wasm
#                                  the module, built with the size-optimised `embed` profile
#   embed/ai-worker.js             the computer player's worker
#   fairylab-standalone.html       one file with all of it inlined (scripts/standalone.mjs)
#   npm/                           the npm package `fairylab` (scripts/npm.mjs)
# into Trunk's staging folder (TRUNK_STAGING_DIR), or into dist/ when run alone after a
# release build. Offline, like Trunk: the tools are the pinned ones scripts/setup.sh installs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

if [ "${TRUNK_PROFILE:-release}" != release ]; then
    echo "embed: skipped (a ${TRUNK_PROFILE} build; trunk build --release makes it)"
    exit 0
fi
OUT="${TRUNK_STAGING_DIR:-dist}"
EMBED="$OUT/embed"

cargo build --profile embed --target wasm32-unknown-unknown --no-default-features \
    --locked --offline --quiet
rm -rf "$EMBED"
mkdir -p "$EMBED"
wasm-bindgen --target web --no-typescript --out-dir "$EMBED" --out-name fairylab-core \
    target/wasm32-unknown-unknown/embed/fairylab.wasm
node scripts/minify-names.mjs "$EMBED" fairylab-core
# --low-memory-unused: Rust's wasm keeps its stack in the first MiB, growing down from its top,
# and its data above it, so the lowest kilobyte is never used; wasm-opt may fold small
# constant addresses into loads and stores (1.5 KB gzipped).
# --one-caller-inline-max-function-size=0: a function called from one place stays a function
# instead of being inlined into its caller. The wasm grows (+17 KB) but compresses far better
# (-13.6 KB gzipped, measured; likely because separate functions repeat each other's byte
# patterns, locals numbered from 0, where inlined into big callers they no longer do). The
# computer's search speed in the worker was the same within the noise
# (benches/wasm_search.mjs).
# --reorder-functions-by-name, last: the functions in the order of their names, so the many
# instantiations of one generic function (`Vec<T>::extend_trusted` for each T, 136 of them)
# and one module's functions sit side by side, within gzip's 32 KB window of each other
# (-5.1 KB gzipped, measured; ordered by use count instead it was 4.5 KB bigger); the
# instantiations of one function by size, as minify-names.mjs names them (-1.1 KB more).
wasm-opt -Oz --converge --one-caller-inline-max-function-size=0 \
    --low-memory-unused --strip-debug --strip-producers --reorder-functions-by-name \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals \
    "$EMBED/fairylab-core_bg.wasm" -o "$EMBED/fairylab-core_bg.wasm"
# The JavaScript minified (terser, pinned in package.json): the module's glue is mostly names
# and comments, and the budget counts it. The standalone page inlines the minified module and
# worker, but fills in the loader's unminified text (its `inline` marker is a comment).
minify() { terser "$1" $2 --compress --mangle --output "$3"; }
minify "$EMBED/fairylab-core.js" --module "$EMBED/fairylab-core.js"
minify www/ai-worker.js "" "$EMBED/ai-worker.js"
cp www/embed.js "$EMBED/fairylab.js"
node scripts/standalone.mjs "$OUT"
minify www/embed.js "" "$EMBED/fairylab.js"

gz() { gzip -9c "$1" | wc -c; }
total=$(($(gz "$EMBED/fairylab.js") + $(gz "$EMBED/fairylab-core.js") + $(gz "$EMBED/fairylab-core_bg.wasm")))
echo "embed: script + module + wasm $total bytes gzipped (budget 333,000; tests/e2e/embed.test.mjs holds it)"

# The npm package (dist/npm/): these files, the types and a package.json.
node scripts/npm.mjs "$OUT"
