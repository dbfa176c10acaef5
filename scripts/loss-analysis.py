#!/usr/bin/env python3
"""Why fairylab loses to Fairy-Stockfish: its worst moves in the games it did not win.

Reads the `--pgn` file and the log of a `scripts/match.py` chess match (played with
`--concurrency 1`, so the PGN's games are in the log's order; the log says fairylab's colour
and the result). For every game fairylab drew or lost, FSF at full strength (classical
evaluation, `--depth` or `--nodes` a position) scores the position before and after each of
fairylab's moves; a move that drops fairylab's score by more than `--drop` centipawns, from a
position not already lost (above -`--lost`), is a mistake. Each mistake gets one category,
the first that fits:

  hung material    FSF's best reply captures, and its line wins material (>= 2 pawns)
  missed tactic    FSF's best move for us captures or checks, or its line wins material
  king safety      FSF's line checks us twice in its first 6 plies, or our king's
                   neighbourhood is attacked more after 4 plies of it (by >= 3 enemy
                   attacks), or the move takes a pawn from in front of our king
  passed pawn      the enemy's passed pawns gain (count or advance) along FSF's line, or
                   FSF's best move pushed a passed pawn of ours
  endgame          little material left (pieces besides pawns and kings <= 13 pawns' worth)
  low mobility     the moved piece has 2 moves or fewer after it, or more of our
                   knights, bishops and queens have 1 or none than before
  positional       none of these

Then the counts by category and phase, and on the positions after each mistake FSF's static
evaluation term by term (its `eval` trace, tapered by phase) against fairylab's own score at
depth 1 (its evaluation behind a quiescence search): where they disagree most, and which FSF
term the disagreement follows.

  nice /tmp/venv/bin/python scripts/loss-analysis.py --pgn /tmp/x/101.pgn \\
      --log /tmp/x/101.log --engine /tmp/m11/fairylab --depth 12
"""

import argparse
import re
import statistics
import subprocess
import sys
from collections import Counter, defaultdict

import chess
import chess.engine

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9,
          chess.KING: 0}
TERMS = ["Material", "Imbalance", "Pawns", "Knights", "Bishops", "Rooks", "Queens",
         "Mobility", "King safety", "Threats", "Passed", "Space", "Winnable"]


def material(board, colour):
    return sum(VALUES[p.piece_type] * (1 if p.color == colour else -1)
               for p in board.piece_map().values())


def pieces(board):
    """Both sides' material besides pawns and kings, in pawns."""
    return sum(VALUES[p.piece_type] for p in board.piece_map().values()
               if p.piece_type not in (chess.PAWN, chess.KING))


def phase_name(board):
    n = pieces(board)
    return "opening/middlegame" if n >= 40 else "middlegame" if n >= 20 else "endgame"


def zone_attacks(board, colour):
    """Enemy attacks on `colour`'s king and its neighbourhood (attacker-square pairs)."""
    k = board.king(colour)
    if k is None:
        return 0
    zone = chess.SquareSet(chess.BB_KING_ATTACKS[k]) | chess.SquareSet.from_square(k)
    return sum(len(board.attackers(not colour, sq)) for sq in zone)


def shield_squares(board, colour):
    k = board.king(colour)
    f, r = chess.square_file(k), chess.square_rank(k)
    d = 1 if colour == chess.WHITE else -1
    out = []
    for df in (-1, 0, 1):
        for dr in (d, 2 * d):
            if 0 <= f + df < 8 and 0 <= r + dr < 8:
                out.append(chess.square(f + df, r + dr))
    return out


def passed(board, colour):
    """(count, sum of ranks advanced) of `colour`'s passed pawns."""
    n = adv = 0
    for sq in board.pieces(chess.PAWN, colour):
        f, r = chess.square_file(sq), chess.square_rank(sq)
        ahead = range(r + 1, 8) if colour == chess.WHITE else range(0, r)
        blocked = any(
            board.piece_at(chess.square(ff, rr)) == chess.Piece(chess.PAWN, not colour)
            for ff in (f - 1, f, f + 1) if 0 <= ff < 8 for rr in ahead)
        if not blocked:
            n += 1
            adv += r if colour == chess.WHITE else 7 - r
    return n, adv


def after_line(board, pv, plies):
    b = board.copy()
    for m in pv[:plies]:
        if m not in b.legal_moves:
            break
        b.push(m)
    return b


def stuck(board, colour):
    """`colour`'s knights, bishops and queens with one legal move or none, and the moves
    of each square's piece."""
    b = board.copy()
    b.turn = colour
    counts = Counter(m.from_square for m in b.legal_moves)
    return {sq for sq, q in b.piece_map().items() if q.color == colour and q.piece_type in (
        chess.KNIGHT, chess.BISHOP, chess.QUEEN) and counts[sq] <= 1}, counts


def mobility_low(board, colour, moved_to, before):
    """The piece moved (not a pawn or king) has 2 moves or fewer, or more of `colour`'s
    knights, bishops and queens have at most one than before the move."""
    low, counts = stuck(board, colour)
    p = board.piece_at(moved_to)
    if p and p.piece_type not in (chess.PAWN, chess.KING) and counts[moved_to] <= 2:
        return True
    return len(low) > len(stuck(before, colour)[0])


def score_of(info, pov):
    s = info["score"].pov(pov)
    return s.score(mate_score=3000)


def categorise(board, move, us, best_before, after_info):
    """One category for our move `move` from `board` (before it)."""
    mat0 = material(board, us)
    after = board.copy()
    after.push(move)
    reply_pv = after_info.get("pv", [])
    line_after = after_line(after, reply_pv, 6)
    if reply_pv and after.is_capture(reply_pv[0]) and material(line_after, us) <= mat0 - 2:
        return "hung material"
    best_pv = best_before.get("pv", [])
    if best_pv:
        bm = best_pv[0]
        if board.is_capture(bm) or board.gives_check(bm):
            return "missed tactic"
        if material(after_line(board, best_pv, 6), us) >= mat0 + 2:
            return "missed tactic"
    checks = sum(1 for i, m in enumerate(reply_pv[:6]) if i % 2 == 0
                 and m in after_line(after, reply_pv, i).legal_moves
                 and after_line(after, reply_pv, i).gives_check(m))
    if zone_attacks(after_line(after, reply_pv, 4), us) >= zone_attacks(board, us) + 3 \
            or checks >= 2:
        return "king safety"
    if (board.piece_type_at(move.from_square) == chess.PAWN
            and move.from_square in shield_squares(board, us)
            and pieces(board) >= 20):
        return "king safety"
    e0, e1 = passed(board, not us), passed(line_after, not us)
    if e1 > e0:
        return "passed pawn"
    if best_pv and board.piece_type_at(best_pv[0].from_square) == chess.PAWN:
        n_own = {sq for sq in board.pieces(chess.PAWN, us)
                 if passed_one(board, sq, us)}
        if best_pv[0].from_square in n_own:
            return "passed pawn"
    if pieces(board) <= 13:
        return "endgame"
    if mobility_low(after, us, move.to_square, board):
        return "low mobility"
    return "positional"


def passed_one(board, sq, colour):
    f, r = chess.square_file(sq), chess.square_rank(sq)
    ahead = range(r + 1, 8) if colour == chess.WHITE else range(0, r)
    return not any(
        board.piece_at(chess.square(ff, rr)) == chess.Piece(chess.PAWN, not colour)
        for ff in (f - 1, f, f + 1) if 0 <= ff < 8 for rr in ahead)


def fsf_trace(fsf_path, fen):
    """FSF's classical static evaluation by term, White's view, tapered by its phase."""
    p = subprocess.run([fsf_path], input=f"uci\nsetoption name Use NNUE value false\n"
                       f"position fen {fen}\neval\nquit\n", capture_output=True, text=True,
                       timeout=30)
    terms = {}
    board = chess.Board(fen)
    ph = min(1.0, pieces(board) / 62)
    for line in p.stdout.splitlines():
        m = re.match(r"\|\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\|$", line)
        if m and m.group(1) in TERMS:
            mg, eg = float(m.group(2)), float(m.group(3))
            terms[m.group(1)] = round(100 * (ph * mg + (1 - ph) * eg))
        m = re.match(r"Classical evaluation\s+(-?[\d.]+)", line)
        if m:
            terms["static"] = round(100 * float(m.group(1)))
    return terms


def read_log(path):
    games = []
    for line in open(path):
        m = re.match(r"game (\d+): .*fairylab (White|Black): (\S+) \(([^)]*)\)", line)
        if m:
            games.append((int(m.group(1)), m.group(2) == "White", m.group(3), m.group(4)))
    return games


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pgn", action="append", default=[])
    ap.add_argument("--log", action="append", default=[])
    ap.add_argument("--fsf", default="/tmp/fsf/src/stockfish")
    ap.add_argument("--engine", default="/tmp/m11/fairylab", help="fairylab, for its scores")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--nodes", type=int, default=0, help="nodes a position instead of depth")
    ap.add_argument("--drop", type=int, default=100)
    ap.add_argument("--lost", type=int, default=500)
    ap.add_argument("--examples", type=int, default=5)
    ap.add_argument("--from-json", help="recategorise and report the mistakes of --json")
    ap.add_argument("--json", help="write the mistakes (FENs, FSF's lines) to this file")
    args = ap.parse_args()

    if args.from_json:
        import json
        ours = chess.engine.SimpleEngine.popen_uci([args.engine, "uci"])
        mistakes = json.load(open(args.from_json))
        for m in mistakes:
            b = chess.Board(m["fen"])
            info = lambda pv: {"pv": [chess.Move.from_uci(x) for x in pv]}
            mv = chess.Move.from_uci(m["move"]) if "move" in m else b.parse_san(m["san"])
            m["cat"] = categorise(b, mv, m["us"],
                                  info(m["pv_best"]), info(m["pv_reply"]))
        report(args, mistakes, ours)
        ours.quit()
        return
    fsf = chess.engine.SimpleEngine.popen_uci(args.fsf)
    fsf.configure({"Use NNUE": False})
    ours = chess.engine.SimpleEngine.popen_uci([args.engine, "uci"])
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(
        depth=args.depth)
    mistakes = []
    for pgn, log in zip(args.pgn, args.log):
        lines = [l.strip() for l in open(pgn) if l.strip()]
        for (game, white, result, how), text in zip(read_log(log), lines):
            us = chess.WHITE if white else chess.BLACK
            mine = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            if not white:
                mine = 1.0 - mine
            if mine == 1.0:
                continue
            board = chess.Board()
            sans = [t for t in text.split() if not re.match(r"^\d+\.", t)]
            moves = []
            for san in sans:
                moves.append(board.parse_san(san))
                board.push(moves[-1])
            board = chess.Board()
            cache = {}

            def analyse(b):
                key = b.fen()
                if key not in cache:
                    cache[key] = fsf.analyse(b, limit)
                return cache[key]

            for ply, move in enumerate(moves):
                if board.turn == us and ply >= 4:
                    before = analyse(board)
                    s0 = score_of(before, us)
                    if s0 < -args.lost:
                        break  # already lost: the rest tells nothing
                    after = board.copy()
                    after.push(move)
                    if after.is_game_over():
                        board.push(move)
                        continue
                    ainfo = analyse(after)
                    s1 = score_of(ainfo, us)
                    best = before.get("pv", [None])[0]
                    if s0 - s1 > args.drop and move != best:
                        cat = categorise(board, move, us, before, ainfo)
                        mistakes.append({
                            "game": f"{pgn.split('/')[-1]}#{game}", "result": result,
                            "move_no": board.fullmove_number, "san": board.san(move),
                            "best": board.san(best) if best else "?", "drop": s0 - s1,
                            "before": s0, "after": s1, "cat": cat,
                            "phase": phase_name(board), "pieces": pieces(board),
                            "fen": board.fen(), "fen_after": after.fen(), "us": us,
                            "move": move.uci(),
                            "pv_best": [x.uci() for x in before.get("pv", [])],
                            "pv_reply": [x.uci() for x in ainfo.get("pv", [])],
                        })
                        m = mistakes[-1]
                        print(f"{m['game']} {m['move_no']}{'.' if us else '...'}{m['san']} "
                              f"(best {m['best']}) {s0:+d} -> {s1:+d} [{cat}, "
                              f"{m['phase']}, pieces {m['pieces']}]", flush=True)
                board.push(move)
    fsf.quit()
    report(args, mistakes, ours)
    ours.quit()


def report(args, mistakes, ours):
    """The tables: categories by phase, our score against FSF's terms, the worst."""
    print()
    print(f"{len(mistakes)} mistakes (drop > {args.drop} cp from above -{args.lost})")
    by = Counter(m["cat"] for m in mistakes)
    phases = ["opening/middlegame", "middlegame", "endgame"]
    print(f"| category | count | mean drop | {' | '.join(phases)} |")
    print("| --- | --- | --- |" + " --- |" * len(phases))
    for cat, n in by.most_common():
        ms = [m for m in mistakes if m["cat"] == cat]
        per = Counter(m["phase"] for m in ms)
        print(f"| {cat} | {n} | {statistics.mean(m['drop'] for m in ms):.0f} | "
              + " | ".join(str(per[p]) for p in phases) + " |")

    # Our score against FSF's static evaluation on the positions after each mistake.
    print()
    print("After each mistake, from fairylab's side: FSF's search score, FSF's static")
    print("evaluation, fairylab's depth-1 score; FSF's terms (tapered, cp).")
    diffs = defaultdict(list)
    rows = []
    for m in mistakes:
        b = chess.Board(m["fen_after"])
        if b.is_check():
            continue  # FSF has no static evaluation in check
        sign = 1 if m["us"] == chess.WHITE else -1
        tr = fsf_trace(args.fsf, m["fen_after"])
        info = ours.analyse(b, chess.engine.Limit(depth=1))
        mine = score_of(info, m["us"])
        static = sign * tr.get("static", 0)
        rows.append((m, static, mine, tr))
        for t in TERMS:
            diffs[t].append(sign * tr.get(t, 0))
        diffs["disagreement"].append(mine - static)
    if rows:
        gap = [r[2] - r[1] for r in rows]
        print(f"mean (ours - FSF static) {statistics.mean(gap):+.0f} cp, mean |gap| "
              f"{statistics.mean(abs(g) for g in gap):.0f} cp over {len(rows)} positions")
        print("| FSF term (our side) | mean | correlation with (ours - FSF static) |")
        print("| --- | --- | --- |")
        for t in TERMS:
            xs = diffs[t]
            corr = (statistics.correlation(xs, gap)
                    if len(set(xs)) > 1 and len(set(gap)) > 1 else 0.0)
            print(f"| {t} | {statistics.mean(xs):+.0f} | {corr:+.2f} |")
        print()
        print("Where we disagree most (ours - FSF static):")
        for m, static, mine, tr in sorted(rows, key=lambda r: -abs(r[2] - r[1]))[:10]:
            sign = 1 if m["us"] == chess.WHITE else -1
            big = sorted(((t, sign * tr.get(t, 0)) for t in TERMS), key=lambda x: -abs(x[1]))
            print(f"  {m['game']} {m['move_no']} {m['san']} [{m['cat']}]: ours {mine:+d}, "
                  f"FSF static {static:+d}, search {m['after']:+d}; FSF terms "
                  + ", ".join(f"{t} {v:+d}" for t, v in big[:4]) + f"; {m['fen_after']}")
    # Which FSF term the loss is in: its static terms at the end of 4 plies of its line
    # after our move, against 5 plies of its best line from before it.
    print()
    print("The loss by FSF term (its best line against its line after our move, 4 plies on)")
    lost = defaultdict(list)
    for m in mistakes:
        b0, b1 = chess.Board(m["fen"]), chess.Board(m["fen_after"])
        e0 = after_line(b0, [chess.Move.from_uci(x) for x in m["pv_best"]], 5)
        e1 = after_line(b1, [chess.Move.from_uci(x) for x in m["pv_reply"]], 4)
        if e0.is_check() or e1.is_check() or e0.is_game_over() or e1.is_game_over():
            continue
        sign = 1 if m["us"] == chess.WHITE else -1
        t0, t1 = fsf_trace(args.fsf, e0.fen()), fsf_trace(args.fsf, e1.fen())
        for t in TERMS:
            lost[t].append(sign * (t0.get(t, 0) - t1.get(t, 0)))
        lost["by " + m["cat"]].append(sign * (t0.get("static", 0) - t1.get("static", 0)))
    if lost:
        n = len(lost["Material"])
        print(f"| FSF term | mean loss (cp) over {n} mistakes | mistakes where it is the largest |")
        print("| --- | --- | --- |")
        largest = Counter()
        for i in range(n):
            largest[max(TERMS, key=lambda t: lost[t][i])] += 1
        for t in sorted(TERMS, key=lambda t: -statistics.mean(lost[t])):
            print(f"| {t} | {statistics.mean(lost[t]):+.0f} | {largest[t]} |")
    if args.json:
        import json
        with open(args.json, "w") as f:
            json.dump([{k: v for k, v in m.items()} for m in mistakes], f, indent=0)
    print()
    print("Worst mistakes:")
    for m in sorted(mistakes, key=lambda m: -m["drop"])[:args.examples * 2]:
        print(f"  {m['game']} move {m['move_no']} {m['san']} (best {m['best']}), "
              f"{m['before']:+d} -> {m['after']:+d}, {m['cat']}, {m['phase']}: {m['fen']}")


if __name__ == "__main__":
    sys.exit(main())
