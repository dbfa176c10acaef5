#!/usr/bin/env bash
# Runs every check and test, in order, and stops at the first failure:
#   formatting; clippy for native and wasm32; native tests, then the #[ignore]d deep ones in
#   release; wasm tests of the browser glue in headless Chromium; a release Trunk build; and
#   end-to-end tests of the built page (dist/) in headless Chromium through Playwright.
# The output ends with the node test runner's summary. Screenshots: dist/screenshots/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh

SECONDS=0
step() {
    echo
    echo "==> [${SECONDS}s] $*"
}

export CHROMEDRIVER=/usr/bin/chromedriver
export WASM_BINDGEN_TEST_WEBDRIVER_JSON="$PWD/scripts/webdriver.json"

step "cargo fmt --check"
cargo fmt --check

step "cargo clippy (native)"
cargo clippy --all-targets --locked -- -D warnings

# Without default features, i.e. without the native-only `fairylab` command-line binary
# (required-features = ["cli"]): the same target set Trunk builds, plus tests and benches.
step "cargo clippy (wasm32)"
cargo clippy --all-targets --no-default-features --locked --target wasm32-unknown-unknown -- -D warnings

# The crate's documentation: every public item documented (#![warn(missing_docs)]), no
# broken intra-doc link, the crate-level example compiled (it runs with the doctests below).
step "cargo doc --no-deps (warnings denied)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked

step "cargo test (native)"
cargo test --locked

step "cargo test --profile deep -- --ignored (deep tests)"
cargo test --locked --profile deep -- --ignored

step "cargo test (wasm32, headless Chromium)"
cargo test --locked --target wasm32-unknown-unknown --lib

step "trunk build --release"
trunk build --release

step "end-to-end tests (Playwright, headless Chromium)"
node --test --test-reporter=spec tests/e2e/
