#!/usr/bin/env python3
"""Label `fairylab tune sample` positions with Fairy-Stockfish's scores, for `fairylab tune fit`.

Reads data lines (variant, FEN, moves from the start, result; tab-separated) from the files
given or stdin, sets up each position in FSF as `position startpos moves ...` (so FSF's own
FEN dialect never matters), searches it to --depth, and prints the line with FSF's score for
the side to move in centipawns appended (with --static, FSF's classical static evaluation
instead of a search). Positions FSF scores as mate are left out. The variant's FSF name is
the first column's file stem (tests/perft/fsf/defs/capablanca.txt -> capablanca)
unless --variant says otherwise; a name FSF does not list is an error.

  fairylab tune sample chess --games 500 --seed 1 > chess.tsv
  nice /tmp/venv/bin/python scripts/tune-label.py --depth 8 chess.tsv > chess.lab
  fairylab tune fit chess.lab capablanca.lab minishogi.lab

Not part of scripts/test.sh: labelling takes minutes of CPU. Run it niced.
"""

import argparse
import fileinput
import os
import subprocess
import sys


class Fsf:
    def __init__(self, path, hash_mb):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.variants = set()
        for line in self.ask("uci", "uciok"):
            if line.startswith("option name UCI_Variant"):
                words = line.split()
                self.variants = {w for i, w in enumerate(words) if i > 0 and words[i - 1] == "var"}
        self.send("setoption name Use NNUE value false")
        self.send(f"setoption name Hash value {hash_mb}")
        self.variant = None

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def ask(self, line, until):
        self.send(line)
        lines = []
        while True:
            out = self.p.stdout.readline()
            if not out:
                sys.exit(f"tune-label: Fairy-Stockfish ended while waiting for '{until}'")
            out = out.strip()
            lines.append(out)
            if out.startswith(until):
                return lines

    def set_variant(self, name):
        if name == self.variant:
            return
        if name not in self.variants:
            sys.exit(f"tune-label: Fairy-Stockfish has no variant '{name}' (use --variant)")
        self.send(f"setoption name UCI_Variant value {name}")
        self.ask("isready", "readyok")
        self.variant = name

    def score(self, moves, depth):
        """FSF's score for the side to move in centipawns, or None for a mate."""
        self.send("position startpos" + (f" moves {moves}" if moves else ""))
        score = None
        for line in self.ask(f"go depth {depth}", "bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else None
        return score

    def static(self, moves, white_to_move):
        """FSF's classical static evaluation for the side to move in centipawns (its `eval`
        command's final line, which is from White's side, in pawns)."""
        self.send("position startpos" + (f" moves {moves}" if moves else ""))
        words = self.ask("eval", "Final evaluation")[-1].split()
        try:
            pawns = float(words[2])
        except (IndexError, ValueError):
            sys.exit(f"tune-label: unexpected eval line: {' '.join(words)}")
        return round(pawns * 100) * (1 if white_to_move else -1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", help="data files (default: stdin)")
    ap.add_argument("--fsf", default="/tmp/fsf/src/stockfish", help="Fairy-Stockfish binary")
    ap.add_argument("--depth", type=int, default=8, help="FSF's search depth")
    ap.add_argument("--static", action="store_true",
                    help="label with FSF's classical static evaluation (its `eval`), not a search")
    ap.add_argument("--variant", help="FSF's name of the variant (default: the file stem)")
    ap.add_argument("--hash", type=int, default=16, help="FSF's hash in MB")
    args = ap.parse_args()
    fsf = Fsf(args.fsf, args.hash)
    done = skipped = 0
    for n, line in enumerate(fileinput.input(args.files)):
        cols = line.rstrip("\n").split("\t")
        if len(cols) != 4:
            sys.exit(f"tune-label: line {n + 1}: expected 4 tab-separated columns, found {len(cols)}")
        name = args.variant or os.path.splitext(os.path.basename(cols[0]))[0]
        fsf.set_variant(name)
        if args.static:
            score = fsf.static(cols[2], cols[1].split()[1] == "w")
        else:
            score = fsf.score(cols[2], args.depth)
        if score is None:
            skipped += 1
            continue
        print("\t".join(cols + [str(score)]), flush=True)
        done += 1
    fsf.send("quit")
    print(f"tune-label: {done} labelled, {skipped} mates left out", file=sys.stderr)


if __name__ == "__main__":
    main()
