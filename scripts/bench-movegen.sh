#!/usr/bin/env bash
# Move generator speed, side by side (issue 26): perft of the six bundled variants against the
# build of commit 5a4cb0f (the code before the generic walker), perft of hoppers, a cannon,
# Shogi, Crazyhouse and Capablanca against Fairy-Stockfish, and nodes a second for a lion and a
# griffon. Every figure is the median of RUNS runs' user + system seconds, the two programs run
# in turn (A B A B ...), the ratio taken pair by pair (fairylab / the other: below 1 is faster);
# beside it, `fastest` is the ratio of each program's fastest run (noise only adds time).
# Node counts are printed too, and must agree. Against Fairy-Stockfish, whose start-up (its
# tables for every variant, about half a second) would weigh on a short perft, each perft is
# deep enough (or run several times over) for both to take a couple of seconds, and the ratio
# is printed with the start-ups in and net of them (each measured alone: perft 1).
#
# Builds the baseline and reads Fairy-Stockfish under /tmp, never in the repository:
#   BASE_DIR  worktree of 5a4cb0f (default /tmp/old), built with its own target directory;
#   FSF       a Fairy-Stockfish binary built with largeboards=yes all=yes (default
#             /tmp/fsf/src/stockfish); the FSF part is skipped without one.
# NEW (default: this tree's release build) the binary measured; RUNS (default 3) runs per program; QUICK=1 lowers every depth by one, for iteration; PIN=N pins (below).
# `ab` builds both generators into one program (scripts/ab-bench/main.rs: this tree and a copy
# of 5a4cb0f's, the same compiler flags) and times them in turns a tenth of a second apart, by
# the thread's processor time: the clock's wandering (up to 2x over seconds on this machine) and
# other jobs' load mostly cancel in each round's ratio. AB_ROUNDS (default 41) rounds a perft.
# Usage: scripts/bench-movegen.sh [old|fsf|nps|ir|wasm|ab]...   (default: old, fsf, nps and wasm)
# `ir` counts instructions (valgrind's cachegrind, one run each, a depth lower than `old`) of
# the same perfts for both builds: a figure the machine's load does not move, to read beside
# the times when other jobs share the cores (instructions are not time: cache misses,
# mispredicted branches and stalls are not in it), and beside them the branches cachegrind's
# simulated predictor mispredicts (a cruder one than the processor's: a lead, not a measure).
# `wasm` builds this branch's WebAssembly module as the page's build does (release,
# wasm-bindgen, wasm-opt -O3) and runs the six bundled perfts under Node beside the native
# binary. Its seconds are Node's CPU time over the perft calls alone, after the same count
# once untimed (V8's optimising tier compiled; the variant read and cached): Node's start,
# the module's load and the reading of the variant are left out. Native's are the whole
# process's (its start and its reading of the variant: a few milliseconds).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
QUICK=${QUICK:-0}
BASE_COMMIT=5a4cb0f
BASE_DIR=${BASE_DIR:-/tmp/old}
FSF=${FSF:-/tmp/fsf/src/stockfish}
WORK=${WORK:-/tmp/fairylab-bench}
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(old fsf nps wasm)
mkdir -p "$WORK"

depth() { echo $(($1 - QUICK)); }

# sh -c "$TIMES_OVER" N COMMAND...: COMMAND run N times over, one after the other (a short
# perft timed as one longer run).
# shellcheck disable=SC2016
TIMES_OVER='n=$0; i=0; while [ "$i" -lt "$n" ]; do "$@" || exit; i=$((i + 1)); done'

# PIN=N runs every timed command on processor N alone (taskset), both programs of a pair on
# the same one: the pairs then spread less when other jobs share the machine.
PIN=${PIN:-}
pin=()
[ -n "$PIN" ] && pin=(taskset -c "$PIN")

# Seconds of user + system time of one run of "$@" (its output to $WORK/last.out).
seconds() {
    /usr/bin/time -f '%U %S' -o "$WORK/time" "${pin[@]}" "$@" >"$WORK/last.out" 2>&1 </dev/null
    awk '{ printf "%.3f\n", $1 + $2 }' "$WORK/time"
}

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# side LABEL NODES_A NODES_B -- A... -- B...: RUNS alternate runs, medians and the ratio.
# NODES_x is a command that prints the node count from $WORK/last.out.
side() {
    local label=$1 na=$2 nb=$3
    shift 3
    [ "$1" = -- ] && shift
    local a=() b=()
    while [ "$1" != -- ]; do a+=("$1"); shift; done
    shift
    b=("$@")
    local ta=() tb=() ratios=() nodes_a nodes_b
    for ((i = 0; i < RUNS; i++)); do
        ta+=("$(seconds "${a[@]}")")
        nodes_a=$($na)
        tb+=("$(seconds "${b[@]}")")
        nodes_b=$($nb)
        ratios+=("$(awk -v x="${ta[i]}" -v y="${tb[i]}" 'BEGIN { printf "%.3f", (y > 0 ? x / y : 0) }')")
    done
    local ma mb mr lo
    ma=$(printf '%s\n' "${ta[@]}" | median)
    mb=$(printf '%s\n' "${tb[@]}" | median)
    mr=$(printf '%s\n' "${ratios[@]}" | median)
    # The fastest run of each: the machine's noise (other jobs, a neighbour on the host) only
    # ever adds time, so the two minimums compare the programs with the least of it.
    lo=$(awk -v x="$(printf '%s\n' "${ta[@]}" | sort -g | head -1)" \
        -v y="$(printf '%s\n' "${tb[@]}" | sort -g | head -1)" 'BEGIN { printf "%.3f", (y > 0 ? x / y : 0) }')
    local agree="nodes agree"
    [ "$nodes_a" = "$nodes_b" ] || agree="NODES DIFFER"
    printf '%-28s %8ss %8ss  ratio %6s  fastest %6s   %s (%s / %s)\n' "$label" "$ma" "$mb" "$mr" "$lo" "$agree" "$nodes_a" "$nodes_b"
}

last_line() { tail -n 1 "$WORK/last.out"; }
fsf_nodes() { sed -n 's/^Nodes searched: //p' "$WORK/last.out"; }

# NEW: this branch's binary, built here (release) unless given.
if [ -z "${NEW:-}" ]; then
    echo "building this branch (release)" >&2
    cargo build --release --quiet --bin fairylab
    NEW=$PWD/target/release/fairylab
fi

if [[ " ${parts[*]} " == *" old "* || " ${parts[*]} " == *" ir "* ]]; then
    if [ ! -d "$BASE_DIR" ]; then
        git worktree add --detach "$BASE_DIR" "$BASE_COMMIT" >&2
    fi
    echo "building $BASE_COMMIT in $BASE_DIR (release)" >&2
    (cd "$BASE_DIR" && CARGO_TARGET_DIR="$BASE_DIR-target" cargo build --release --quiet --bin fairylab)
    OLD=$BASE_DIR-target/release/fairylab
fi

BUNDLED_PERFTS="chess:6:1 morphing-chess:5:2 morphing-chess-3:4:12 morphomania:6:1 symmetric-chess:5:12 marseillais:5:12"

if [[ " ${parts[*]} " == *" old "* ]]; then
    echo
    echo "perft, this branch against $BASE_COMMIT (seconds: this, $BASE_COMMIT; ratio this / $BASE_COMMIT)"
    # variant:depth:times (the short ones run several times over in one timed run).
    for vdn in $BUNDLED_PERFTS; do
        IFS=: read -r v d n <<<"$vdn"
        d=$(depth "$d")
        side "$v $d (x$n)" last_line last_line -- sh -c "$TIMES_OVER" "$n" "$NEW" perft "$v" "$d" \
            -- sh -c "$TIMES_OVER" "$n" "$OLD" perft "$v" "$d"
    done
fi

# The same six perfts, shorter (a tenth of a second a run or so), for the in-process turns.
AB_PERFTS="chess:5:1 morphing-chess:4:3 morphing-chess-3:3:24 morphomania:5:1 symmetric-chess:4:12 marseillais:4:16"

if [[ " ${parts[*]} " == *" ab "* ]]; then
    echo
    echo "perft in one process, this branch (new) against $BASE_COMMIT (old) in turns, thread processor seconds"
    ab=$WORK/ab
    rm -rf "$ab/old" "$ab/src"
    mkdir -p "$ab/old" "$ab/src"
    git archive "$BASE_COMMIT" | tar -x -C "$ab/old"
    # Two path packages of one name and version cannot share a lock file: the copy is renamed.
    sed -i '0,/^version = .*/s//version = "0.0.0-base"/' "$ab/old/Cargo.toml"
    # Both are `cdylib` too, whose library files carry no hash in their names: the two would be
    # written to one file and the program would hold this tree's code twice. The copy is built
    # as an rlib alone.
    sed -i 's/^crate-type = .*/crate-type = ["rlib"]/' "$ab/old/Cargo.toml"
    cp scripts/ab-bench/main.rs "$ab/src/main.rs"
    cat >"$ab/Cargo.toml" <<EOF
[package]
name = "ab-bench"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
new = { package = "fairylab", path = "$PWD" }
old = { package = "fairylab", path = "$ab/old" }
libc = "0.2"

[profile.release]
opt-level = 3
lto = true
codegen-units = 1

[workspace]
EOF
    echo "building the two-build program in $ab (release)" >&2
    (cd "$ab" && CARGO_TARGET_DIR="$ab/target" cargo build --release --quiet 2>&1 | tee "$ab/build.log")
    if grep -q 'collision' "$ab/build.log"; then
        echo "the two builds' files collided: the program would not compare them" >&2
        exit 1
    fi
    # shellcheck disable=SC2086
    "${pin[@]}" "$ab/target/release/ab-bench" "${AB_ROUNDS:-41}" $AB_PERFTS
fi

# A chess with cannons for knights (mRcpR, as Xiangqi's): Fairy-Stockfish's custom piece and the
# Diagram text that says the same.
cat >"$WORK/variants.ini" <<'EOF'
[cannonchess:chess]
customPiece1 = c:mRcpR
startFen = rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w KQkq - 0 1
EOF
cat >"$WORK/cannonchess.txt" <<'EOF'
files=8 ranks=8
promoZone=1 promoChoice=QRBN
pawn:P:ifmnDfmWfceF:pawn:a2-h2
knight:N:N:knight:
cannon:C:mRcpR:cannon:b1,g1
bishop:B:B:bishop:c1,f1
rook:R:R:rook:a1,h1
queen:Q:Q:queen:d1
king:K:KisO2:king:e1
EOF
# Chess with a lion for the queen and griffons for the bishops (nodes a second).
cat >"$WORK/lion.txt" <<'EOF'
files=8 ranks=8
promoZone=1 promoChoice=QRBN
pawn:P:ifmnDfmWfceF:pawn:a2-h2
knight:N:N:knight:b1,g1
bishop:B:B:bishop:
griffon:G:[F?R]:griffon:c1,f1
rook:R:R:rook:a1,h1
lion:L:KNADcaKcabKmabK:lion:d1
queen:Q:Q:queen:
king:K:KisO2:king:e1
EOF


# fsf_input VARIANT DEPTH: Fairy-Stockfish's commands for perft DEPTH of the start position,
# in a file whose name it prints.
fsf_input() {
    local in=$WORK/fsf-$1-$2.in
    printf 'setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' \
        "$WORK/variants.ini" "$1" "$2" >"$in"
    echo "$in"
}

# Fairy-Stockfish reads every variant's tables when it starts (about half a second): in a perft
# of a second it is half the figure. So each perft is timed at a depth where both programs take
# a couple of seconds or more (the faster one run several times over, the seconds divided by
# the count), and the ratio is printed twice: with each program's start-up in its seconds, and
# net of it (each one's start-up, perft 1 of the same game timed alone, taken off).
if [[ " ${parts[*]} " == *" fsf "* ]]; then
    if [ ! -x "$FSF" ]; then
        echo "no Fairy-Stockfish at $FSF: the FSF part is skipped" >&2
    else
        echo
        echo "perft from the start, fairylab against Fairy-Stockfish: seconds a perft (medians of $RUNS; xN: run N times"
        echo "over, the seconds divided by N), each one's start-up (perft 1), the ratio fairylab / FSF with"
        echo "the start-ups in and net of them"
        printf '%-22s %9s %9s %8s %8s  %6s %6s\n' "" fairylab FSF "fl start" "FSF start" ratio net
        # game:definition:depth:fairylab's runs:FSF's runs.
        for line in grasshopper:tests/perft/fsf/defs/grasshopper.txt:5:1:1 \
            cannonchess:$WORK/cannonchess.txt:5:10:2 \
            shogi:tests/perft/fsf/defs/shogi.txt:5:4:1 \
            crazyhouse:tests/perft/fsf/defs/crazyhouse.txt:6:1:1 \
            capablanca:tests/perft/fsf/defs/capablanca.txt:5:4:2; do
            IFS=: read -r game def d na nb <<<"$line"
            d=$(depth "$d")
            in=$(fsf_input "$game" "$d")
            in1=$(fsf_input "$game" 1)
            sa=() sb=() ta=() tb=() gross=() net=()
            for ((i = 0; i < RUNS; i++)); do
                sa+=("$(seconds "$NEW" perft "$def" 1)")
                sb+=("$(seconds sh -c "exec '$FSF' < '$in1'")")
                ta+=("$(seconds sh -c "$TIMES_OVER" "$na" "$NEW" perft "$def" "$d")")
                nodes_a=$(last_line)
                tb+=("$(seconds sh -c "$TIMES_OVER" "$nb" sh -c "exec '$FSF' < '$in'")")
                nodes_b=$(fsf_nodes | tail -n 1)
                read -r g n <<<"$(awk -v a="${ta[i]}" -v b="${tb[i]}" -v na="$na" -v nb="$nb" \
                    -v sa="${sa[i]}" -v sb="${sb[i]}" 'BEGIN {
                        a /= na; b /= nb
                        printf "%.3f %.3f\n", (b > 0 ? a / b : 0), (b > sb ? (a - sa) / (b - sb) : 0) }')"
                gross+=("$g")
                net+=("$n")
            done
            agree="nodes agree"
            [ "$nodes_a" = "$nodes_b" ] || agree="NODES DIFFER"
            per() { printf '%s\n' "${@:2}" | median | awk -v n="$1" '{ printf "%.3f", $1 / n }'; }
            printf '%-22s %8ss %8ss %7ss %7ss  %6s %6s   %s (%s / %s)\n' "$game $d (x$na / x$nb)" \
                "$(per "$na" "${ta[@]}")" "$(per "$nb" "${tb[@]}")" "$(per 1 "${sa[@]}")" "$(per 1 "${sb[@]}")" \
                "$(printf '%s\n' "${gross[@]}" | median)" "$(printf '%s\n' "${net[@]}" | median)" \
                "$agree" "$nodes_a" "$nodes_b"
        done
    fi
fi

if [[ " ${parts[*]} " == *" nps "* ]]; then
    echo
    echo "nodes a second (perft from the start, median of $RUNS)"
    for line in "lion and griffons:$WORK/lion.txt:4" "cannons:$WORK/cannonchess.txt:5" "chess:chess:5"; do
        IFS=: read -r label def d <<<"$line"
        d=$(depth "$d")
        ts=()
        for ((i = 0; i < RUNS; i++)); do ts+=("$(seconds "$NEW" perft "$def" "$d")"); done
        t=$(printf '%s\n' "${ts[@]}" | median)
        n=$(last_line)
        printf '%-28s %10s nodes %8ss  %6.1f million nodes a second\n' "$label $d" "$n" "$t" \
            "$(awk -v n="$n" -v t="$t" 'BEGIN { print (t > 0 ? n / t / 1e6 : 0) }')"
    done
fi

# Instructions a run of "$@" executes (cachegrind), its output to $WORK/last.out.
# Also its conditional branches mispredicted by cachegrind's simulated predictor, in
# $WORK/mispredicts (a cruder predictor than the processor's: a lead, not a measure).
instructions() {
    valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=/dev/null "$@" \
        >"$WORK/last.out" 2>"$WORK/cachegrind.err" </dev/null
    sed -n 's/.*Mispredicts: *\([0-9,]*\).*/\1/p' "$WORK/cachegrind.err" | tr -d , >"$WORK/mispredicts"
    sed -n 's/.*I *refs: *//p' "$WORK/cachegrind.err" | tr -d ,
}

if [[ " ${parts[*]} " == *" ir "* ]]; then
    echo
    echo "instructions, this branch against $BASE_COMMIT (millions: this, $BASE_COMMIT; ratio this / $BASE_COMMIT),"
    echo "then mispredicted branches as cachegrind simulates them (thousands: this, $BASE_COMMIT; ratio)"
    for vdn in $BUNDLED_PERFTS; do
        IFS=: read -r v d _ <<<"$vdn"
        d=$(depth "$((d - 1))")
        a=$(instructions "$NEW" perft "$v" "$d")
        na=$(last_line)
        ma=$(cat "$WORK/mispredicts")
        b=$(instructions "$OLD" perft "$v" "$d")
        nb=$(last_line)
        mb=$(cat "$WORK/mispredicts")
        agree="nodes agree"
        [ "$na" = "$nb" ] || agree="NODES DIFFER"
        printf '%-28s %9.1f %9.1f  ratio %6.3f   %8.1f %8.1f  ratio %6.3f   %s (%s / %s)\n' "$v $d" \
            "$(echo "$a / 1000000" | bc -l)" "$(echo "$b / 1000000" | bc -l)" "$(echo "$a / $b" | bc -l)" \
            "$(echo "$ma / 1000" | bc -l)" "$(echo "$mb / 1000" | bc -l)" "$(echo "$ma / $mb" | bc -l)" \
            "$agree" "$na" "$nb"
    done
fi

if [[ " ${parts[*]} " == *" wasm "* ]]; then
    echo "building the WebAssembly module (release, wasm-bindgen, wasm-opt -O3)" >&2
    # shellcheck source=/dev/null
    source scripts/setup.sh >/dev/null
    cargo build --release --quiet --lib --no-default-features --features page --target wasm32-unknown-unknown
    wout=$WORK/wasm
    rm -rf "$wout"
    wasm-bindgen --target web --out-dir "$wout" target/wasm32-unknown-unknown/release/fairylab.wasm
    wasm-opt -O3 "$wout/fairylab_bg.wasm" -o "$wout/fairylab_bg.wasm"
    echo
    echo "perft, WebAssembly under Node $(node --version) against native (CPU seconds: wasm, native; ratio wasm / native)"
    for vdn in $BUNDLED_PERFTS; do
        IFS=: read -r v d n <<<"$vdn"
        d=$(depth "$d")
        tw=() tn=() ratios=()
        for ((i = 0; i < RUNS; i++)); do
            read -r nodes_w t <<<"$("${pin[@]}" node benches/wasm_perft.mjs "$wout" "$v:$d:$n")"
            tw+=("$t")
            tn+=("$(seconds sh -c "$TIMES_OVER" "$n" "$NEW" perft "$v" "$d")")
            nodes_n=$(last_line)
            ratios+=("$(awk -v x="$t" -v y="${tn[i]}" 'BEGIN { printf "%.3f", (y > 0 ? x / y : 0) }')")
        done
        agree="nodes agree"
        [ "$nodes_w" = "$nodes_n" ] || agree="NODES DIFFER"
        printf '%-28s %8ss %8ss  ratio %6s   %s (%s / %s)\n' "$v $d (x$n)" \
            "$(printf '%s\n' "${tw[@]}" | median)" "$(printf '%s\n' "${tn[@]}" | median)" \
            "$(printf '%s\n' "${ratios[@]}" | median)" "$agree" "$nodes_w" "$nodes_n"
    done
fi
