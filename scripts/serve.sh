#!/usr/bin/env bash
# Builds the applet with Trunk and serves it at http://127.0.0.1:8080/ (PORT=... to change),
# rebuilding on every change. Extra arguments go to `trunk serve`, e.g. --release.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/setup.sh
source scripts/setup.sh
port="${PORT:-8080}"
echo "serve: http://127.0.0.1:$port/"
exec trunk serve --address 127.0.0.1 --port "$port" "$@"
