#!/usr/bin/env bash
# Coverage-guided fuzzing of the text readers (cargo-fuzz, libFuzzer, nightly toolchain):
#   scripts/fuzz.sh [EXECUTIONS] [TARGET...]
# runs each target (default: all six) for EXECUTIONS inputs (default 10000000), one process,
# one at a time, and prints per target the executions, the time and the executions a second.
# Not part of scripts/test.sh; the crashes it finds are kept as tests (tests/fuzz_regressions.rs).
# Seed corpora are generated here from variants/*.txt (and /work/shared/wild/*.txt when present)
# into fuzz/corpus/TARGET (git-ignored); crashes land in fuzz/artifacts/TARGET.
# FUZZ_MAX_TIME=SECONDS stops a target early (the figures then say how far it got).
# FUZZ_FORK=N runs each target as one libFuzzer run of N worker processes (its fork mode, one
# per core): EXECUTIONS counts across them, and a crash, hang or out-of-memory in any stops it.
# FUZZ_TIMEOUT=SECONDS (default 300): how long one input may run before it counts as a hang.
# FUZZ_SANITIZER (default none): the crate and its dependencies have no unsafe code, so
# AddressSanitizer finds nothing a panic would not and halves the speed; `address` to use it.
# Needs: rustup toolchain install nightly; cargo install cargo-fuzz --locked.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"

RUNS="${1:-10000000}"
SANITIZER="${FUZZ_SANITIZER:-none}"
# A unit running longer than this many seconds is a hang (wall-clock time: at nice 19 beside
# other work the fuzzer may get little of the CPU). 10 s once stopped a run on a machine busy
# with builds, on an input that took 0.23 s alone; 60 s stopped one beside a CI run, on an
# input that takes 0.1 s.
TIMEOUT="${FUZZ_TIMEOUT:-300}"
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
    TARGETS=(definition betza fen move_text gametext_import share_fragment)
fi

seed() { # seed TARGET NAME CONTENT (printf format, so \x01 gives a leading selector byte)
    mkdir -p "fuzz/corpus/$1"
    printf "$3" >"fuzz/corpus/$1/seed-$2"
}

seeds() {
    local defs=(variants/*.txt)
    [ -d /work/shared/wild ] && defs+=(/work/shared/wild/*.txt)
    mkdir -p fuzz/corpus/definition fuzz/corpus/betza
    local f i=0
    for f in "${defs[@]}"; do
        [ -f "$f" ] || continue
        # Four pick bytes, then the definition.
        { printf '\x01\x05\x09\x0d'; cat "$f"; } >"fuzz/corpus/definition/seed-$(basename "$f")"
        # The Betza field of every piece line.
        grep -o '^[^:=#]*:[^:]*:[^:]*:' "$f" | cut -d: -f3 | while read -r b; do
            i=$((i + 1))
            [ -n "$b" ] && printf '%s' "$b" >"fuzz/corpus/betza/seed-$(basename "$f")-$i"
        done || true
    done
    # Moves of several legs, as written with `a`, hops, `x`, `u`, curves and brackets.
    local legs=('KNADcaKcabKmabK' 'mRcpR' 'gQ' 'FyafsF' 'KxQ' 'mafucWR' 'zB' 'qN' 'oR'
        'jW3' '[F?R]' '[W?B]' '[cF-fF]K' '[iK-fsQ]')
    for i in "${!legs[@]}"; do
        printf '%s' "${legs[$i]}" >"fuzz/corpus/betza/seed-legs-$i"
    done
    local start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    for s in 0 1 2 3 4 5 6; do
        seed fen "start-$s" "\\x0$s\\x03\\x07$start"
    done
    seed fen ep '\x00\x01\x02rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3'
    seed move_text coord '\x00e2e4'
    seed move_text gc '\x00P e2-e4'
    seed move_text promo '\x05P e7-e8; Q-e8'
    seed gametext_import gc '\x001. P e2-e4 2. p e7-e5 3. N g1-f3'
    seed gametext_import pgn '\x00[Variant "chess"]\n\n1. e2e4 e7e5 2. g1f3 b8c6 *\n'
    seed gametext_import pgnfen '\x00[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. e1g1 *\n'
    seed share_fragment bundled '#v=chess&m=e2e4.e7e5&ai=black&l=3'
    seed share_fragment fen '#v=chess&fen=4k3/8/8/8/8/8/8/4K2R_w_K_-_0_1&m=e1g1'
}

seeds
# Build first, so the times below are the fuzzing alone.
nice -n 19 cargo +nightly fuzz build -s "$SANITIZER" --fuzz-dir fuzz
printf '%-16s %12s %10s %10s\n' target executions seconds exec/s >fuzz/summary.txt
for t in "${TARGETS[@]}"; do
    mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
    extra=()
    [ -n "${FUZZ_MAX_TIME:-}" ] && extra+=("-max_total_time=$FUZZ_MAX_TIME")
    # Fork mode ignores hangs and out-of-memory by default; here they stop the run, as they do
    # in one process.
    [ -n "${FUZZ_FORK:-}" ] && extra+=("-fork=$FUZZ_FORK" -ignore_timeouts=0 -ignore_ooms=0 -ignore_crashes=0)
    log="fuzz/artifacts/$t/run.log"
    start=$(date +%s.%N)
    # Not under -e here: a run that stops at a crash (and a grep finding no `Done` line in
    # its log) must still get its figures printed.
    set +e
    # -reload=0: one process a target, so nobody else adds to its corpus; rescanning the
    # folder every second (libFuzzer's default) took a tenth of `definition`'s time.
    nice -n 19 cargo +nightly fuzz run -s "$SANITIZER" --fuzz-dir fuzz "$t" "fuzz/corpus/$t" -- \
        -runs="$RUNS" -timeout="$TIMEOUT" -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 -reload=0 \
        -artifact_prefix="fuzz/artifacts/$t/" "${extra[@]}" 2>&1 | tee "$log" | grep -E '^#[0-9]+.*(DONE|pulse)|ERROR|panicked|Done|INFO: (fuzzed|exiting)'
    status=${PIPESTATUS[0]}
    end=$(date +%s.%N)
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    # Fork mode prints no final statistics: its last status line has the executions.
    [ -z "$runs" ] && runs=$(grep -oE '^#[0-9]+' "$log" | tr -d '#' | tail -1)
    runs=${runs:-?}
    # libFuzzer's own time when it finished; the wall time (with any rebuild) when it stopped.
    secs=$(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$log" | grep -oE '[0-9]+ second' | grep -oE '[0-9]+' | tail -1)
    secs=${secs:-$(echo "$end - $start" | bc)}
    rate=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    [ -z "$rate" ] && [ "$runs" != "?" ] && rate=$(echo "$runs / $secs" | bc)
    set -e
    printf '%-16s %12s %10.0f %10s\n' "$t" "$runs" "$secs" "${rate:-?}" | tee -a fuzz/summary.txt
    if [ "$status" -ne 0 ]; then
        echo "$t: the fuzzer stopped with status $status; see $log and fuzz/artifacts/$t/" >&2
    fi
done
echo
cat fuzz/summary.txt
