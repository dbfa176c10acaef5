# shellcheck shell=bash
# Installs what building and testing fairylab needs, only what is missing, and puts it on PATH.
# Sourced by scripts/serve.sh and scripts/test.sh (it can also be run on its own).
# A few seconds when everything is already there.
#
#   rust toolchain + wasm32 target   rustup (pinned in rust-toolchain.toml)
#   trunk 0.21.14                    cargo install --locked    (~13 min the first time)
#   wasm-bindgen-cli = crate version cargo install --locked    (~5 min the first time)
#   wasm-opt (binaryen 132), playwright-core, terser, axe-core
#                                    npm ci from package-lock.json (node_modules/.bin)
#   chromium + chromium-driver       apt-get, only if /usr/bin/chromium is missing
#   crates                           cargo fetch --locked (Trunk runs cargo offline)
#
# Nothing downloads a tool binary at run time: Trunk.toml pins the tool versions and runs
# offline, and Playwright uses Debian's /usr/bin/chromium.

_setup_main() {
    local root
    root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    cd "$root" || return 1

    local trunk_version="0.21.14"
    # The wasm-bindgen CLI must match the crate exactly; read the version from Cargo.lock.
    local bindgen_version
    bindgen_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)"
    if [[ -z "$bindgen_version" ]]; then
        echo "setup: no wasm-bindgen in Cargo.lock" >&2
        return 1
    fi
    if ! grep -q "^wasm_bindgen = \"$bindgen_version\"" Trunk.toml; then
        echo "setup: Trunk.toml [tools] wasm_bindgen must be \"$bindgen_version\" (Cargo.lock)" >&2
        return 1
    fi

    case ":$PATH:" in
        *":$HOME/.cargo/bin:"*) ;;
        *) export PATH="$HOME/.cargo/bin:$PATH" ;;
    esac
    export PATH="$root/node_modules/.bin:$PATH"

    # Rust: the toolchain named in rust-toolchain.toml, with the wasm32 target.
    if ! rustup show active-toolchain >/dev/null 2>&1; then
        echo "setup: installing the Rust toolchain from rust-toolchain.toml"
        rustup toolchain install
    fi
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        echo "setup: adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi

    # Trunk and wasm-bindgen, at pinned versions, checked through --version.
    if [[ "$(trunk --version 2>/dev/null)" != "trunk $trunk_version" ]]; then
        echo "setup: installing trunk $trunk_version (cargo install, about 13 minutes)"
        cargo install --locked "trunk@$trunk_version"
    fi
    if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]] ||
        [[ "$(wasm-bindgen-test-runner --version 2>/dev/null)" != "wasm-bindgen-test-runner $bindgen_version" ]]; then
        echo "setup: installing wasm-bindgen-cli $bindgen_version (cargo install, about 5 minutes)"
        cargo install --locked wasm-bindgen-cli --version "$bindgen_version"
    fi

    # Chromium and its driver, for the wasm tests and the end-to-end tests.
    if [[ ! -x /usr/bin/chromium || ! -x /usr/bin/chromedriver ]]; then
        echo "setup: installing Debian's chromium and chromium-driver"
        local sudo=""
        if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
        $sudo apt-get update
        $sudo apt-get install -y chromium chromium-driver
    fi

    # npm tools from the committed lock file; skipped while node_modules matches it.
    if ! command -v npm >/dev/null; then
        echo "setup: node and npm are needed (Node 20 or later)" >&2
        return 1
    fi
    local lock_sum stamp="node_modules/.fairylab-lock.sha256"
    lock_sum="$(sha256sum package-lock.json | cut -d' ' -f1)"
    if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$lock_sum" || ! -x node_modules/.bin/wasm-opt ]]; then
        echo "setup: npm ci (binaryen's wasm-opt, playwright-core, terser, axe-core)"
        npm ci --no-audit --no-fund --loglevel=error
        echo "$lock_sum" >"$stamp"
    fi
    if [[ "$(wasm-opt --version)" != *"(version_132)"* ]]; then
        echo "setup: wasm-opt on PATH is not binaryen 132: $(command -v wasm-opt)" >&2
        return 1
    fi

    # Trunk builds offline, so every crate must already be in the cargo cache.
    cargo fetch --locked --quiet
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    set -euo pipefail
    _setup_main
    echo "setup: ready"
else
    # The sourcing script runs with `set -e`, which then stops at the first failure inside.
    _setup_main
fi
