#!/usr/bin/env python3
"""Where our static evaluation and Fairy-Stockfish's part, term by term.

Reads `fairylab tune eval` lines (variant, FEN, moves, result, FSF's score, ours; the score
from `scripts/tune-label.py --static`) from the files given or stdin, asks FSF for its
classical `eval` trace of each position, and prints, over the positions FSF scores within
--within centipawns: the residual (FSF's score less ours, side to move), each FSF term's mean
and spread with its correlation to the residual, the residual's rms once fitted linearly on
all of FSF's terms, and that rms with each term left out (how much of our error only that term
explains). docs/eval-history.md (session 14) has a run.

  scripts/eval-residual.py --pgn /tmp/m/101.pgn | scripts/tune-label.py --static > m.lab
  fairylab tune eval m.lab | scripts/eval-residual.py

--pgn prints the data lines of the positions of match.py's games (one game a line, FIDE
chess): every second ply from 8 to 80, not in check. Needs numpy and python-chess
(`/tmp/venv/bin/pip install chess numpy`). Not part of scripts/test.sh.
"""

import argparse
import fileinput
import importlib.util
import io
import os
import re
import sys

ROW = re.compile(r"\|\s*([A-Za-z ]+?)\s*\|.*\|.*\|\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\|$")


def tune_label():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tune-label.py")
    spec = importlib.util.spec_from_file_location("tune_label", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def trace(fsf, moves):
    """FSF's terms (middlegame, endgame) for White in centipawns, from its `eval` table."""
    fsf.send("position startpos" + (f" moves {moves}" if moves else ""))
    terms = {}
    for line in fsf.ask("eval", "Final evaluation"):
        m = ROW.match(line.strip())
        if m and m.group(1) != "Total":
            terms[m.group(1)] = (float(m.group(2)) * 100, float(m.group(3)) * 100)
    return terms


def pgn_positions(paths):
    import chess.pgn

    for path in paths:
        for n, line in enumerate(open(path)):
            game = chess.pgn.read_game(io.StringIO(line))
            if game is None or game.errors:
                sys.exit(f"eval-residual: {path}:{n + 1}: not a game in one line")
            board, moves = game.board(), []
            for ply, move in enumerate(game.mainline_moves()):
                board.push(move)
                moves.append(move.uci())
                if 8 <= ply <= 80 and ply % 2 == 0 and not board.is_check() and not board.is_game_over():
                    print(f"chess\t{board.fen()}\t{' '.join(moves)}\t-")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", help="`fairylab tune eval` output (default: stdin)")
    ap.add_argument("--fsf", default="/tmp/fsf/src/stockfish", help="Fairy-Stockfish binary")
    ap.add_argument("--within", type=float, default=400, help="FSF's |score| kept, centipawns")
    ap.add_argument("--pgn", nargs="+", help="print the data lines of these games instead")
    args = ap.parse_args()
    if args.pgn:
        pgn_positions(args.pgn)
        return
    import numpy as np

    fsf = tune_label().Fsf(args.fsf, 16)
    rows, residual = [], []
    names = None
    for n, line in enumerate(fileinput.input(args.files)):
        cols = line.rstrip("\n").split("\t")
        if len(cols) != 6:
            sys.exit(f"eval-residual: line {n + 1}: expected 6 tab-separated columns, found {len(cols)}")
        label, ours = float(cols[4]), float(cols[5])
        if abs(label) >= args.within:
            continue
        fsf.set_variant(os.path.splitext(os.path.basename(cols[0]))[0])
        terms = trace(fsf, cols[2])
        names = names or list(terms)
        side = 1 if cols[1].split()[1] == "w" else -1
        rows.append([side * v for name in names for v in terms.get(name, (0, 0))])
        residual.append(label - ours)
    fsf.send("quit")
    if not rows:
        sys.exit("eval-residual: no positions within --within")
    x, r = np.array(rows), np.array(residual)
    cols = [f"{name}.{half}" for name in names for half in ("mg", "eg")]
    rms = lambda v: float(np.sqrt((v**2).mean()))
    print(f"{len(r)} positions: residual (FSF less ours) mean {r.mean():.1f}, rms {rms(r):.1f} cp")
    print(f"{'term':18} {'mean':>7} {'sd':>7} {'corr':>7}")
    for i, c in enumerate(cols):
        if x[:, i].std() > 0:
            corr = np.corrcoef(x[:, i], r)[0, 1]
            print(f"{c:18} {x[:, i].mean():7.1f} {x[:, i].std():7.1f} {corr:+7.3f}")
    a = np.c_[x, np.ones(len(r))]
    live = a.std(0) > 0
    live[-1] = True

    def fitted(keep):
        coef = np.linalg.lstsq(a[:, keep], r, rcond=None)[0]
        return rms(r - a[:, keep] @ coef)

    print(f"rms after a linear fit on FSF's terms: {fitted(live):.1f}")
    for name in names:
        keep = live.copy()
        keep[[i for i, c in enumerate(cols) if c.rsplit(".", 1)[0] == name]] = False
        print(f"  without {name:12} {fitted(keep):.1f}")


if __name__ == "__main__":
    main()
