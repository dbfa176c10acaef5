#!/usr/bin/env python3
"""fairylab against Fairy-Stockfish over UCI: a match from random openings, colours swapped.

Each opening (random legal plies from --seed) is played twice, each engine White once. FIDE
chess is refereed by python-chess (its engine module drives both engines: checkmate,
stalemate, threefold repetition, the 50-move rule, insufficient material); another variant by
a second Fairy-Stockfish process, which lists the legal moves (`go perft 1`) and the checkers
(`d`): no move is a loss in check and else as --stalemate says, a threefold repetition or 100
plies without capture or pawn move a draw (a simplification for Shogi games, whose
repetitions FSF scores otherwise), and --max-plies a draw by adjudication. A move not among
the referee's legal moves loses the game and is reported.

Needs python-chess (python3 -m venv /tmp/venv && /tmp/venv/bin/pip install chess). Not part
of scripts/test.sh: a match takes minutes of CPU. Run it niced, one at a time:

  nice /tmp/venv/bin/python scripts/match.py --games 24 --movetime 200 --elo 2300
  nice /tmp/venv/bin/python scripts/match.py --variant capablanca \\
      --variant-path tests/perft/fsf/defs/capablanca.txt --games 24 --elo 2300
"""

import argparse
import random
import shlex
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine


PGN_LOCK = threading.Lock()


def fsf_options(args):
    opts = {"Use NNUE": False}
    if args.elo:
        opts.update({"UCI_LimitStrength": True, "UCI_Elo": args.elo})
    if args.variant != "chess":
        opts["UCI_Variant"] = args.variant
    return opts


def ours_options(args):
    return {"VariantPath": args.variant_path} if args.variant_path else {}


class Uci:
    """A bare UCI engine process, for the variants python-chess does not know."""

    def __init__(self, cmd, options):
        self.p = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        for k, v in options.items():
            self.send(f"setoption name {k} value {str(v).lower() if isinstance(v, bool) else v}")
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"engine ended before '{prefix}'")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.wait("readyok")

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def bestmove(self, moves, args):
        self.position(moves)
        nodes = getattr(self, "nodes", args.nodes)
        self.send(f"go nodes {nodes}" if nodes else f"go movetime {args.movetime}")
        return self.wait("bestmove")[-1].split()[1]

    def legal(self, moves):
        self.position(moves)
        self.send("go perft 1")
        lines = self.wait("Nodes searched")
        return [l.split(":")[0] for l in lines if l.endswith(": 1")]

    def state(self, moves):
        """(in check, FEN) of the position after `moves`."""
        self.position(moves)
        self.send("d")
        self.send("isready")  # `d` ends with lines of its own: read up to readyok
        lines = self.wait("readyok")
        fen = next(l[5:] for l in lines if l.startswith("Fen: "))
        checkers = next(l for l in lines if l.startswith("Checkers:"))
        return checkers.split(":", 1)[1].strip() != "", fen

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def play_chess(args, white, black, opening, game):
    board = chess.Board()
    for m in opening:
        board.push_uci(m)
    engines = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
        nodes = getattr(engines[board.turn], "nodes", args.nodes)
        limit = (chess.engine.Limit(nodes=nodes) if nodes
                 else chess.engine.Limit(time=args.movetime / 1000))
        r = engines[board.turn].play(board, limit, game=game)
        if r.move is None or r.move not in board.legal_moves:
            return ("0-1" if board.turn == chess.WHITE else "1-0"), f"illegal {r.move}"
        board.push(r.move)
    if args.pgn:
        with PGN_LOCK, open(args.pgn, "a") as f:
            print(chess.Board().variation_san(board.move_stack), file=f)
    if board.ply() >= args.max_plies and not board.is_game_over(claim_draw=True):
        return "1/2-1/2", "adjudicated"
    o = board.outcome(claim_draw=True)
    return o.result(), o.termination.name.lower()


def play_fairy(args, white, black, referee, opening):
    moves = list(opening)
    seen = {}
    players = [white, black]
    while len(moves) < args.max_plies:
        legal = referee.legal(moves)
        check, fen = referee.state(moves)
        side = len(moves) % 2  # one move a turn in the games this drives
        loss = "0-1" if side == 0 else "1-0"
        win = "1-0" if side == 0 else "0-1"
        if not legal:
            if check:
                return loss, "checkmate"
            return {"draw": ("1/2-1/2", "stalemate"), "loss": (loss, "stalemate"),
                    "win": (win, "stalemate")}[args.stalemate]
        fields = fen.split()
        key = " ".join(fields[:-2]) if len(fields) >= 6 else fen
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            return "1/2-1/2", "repetition"
        if len(fields) >= 6 and fields[-2].isdigit() and int(fields[-2]) >= 100:
            return "1/2-1/2", "50 moves"
        m = players[side].bestmove(moves, args)
        if m not in legal:
            return loss, f"illegal {m} after {' '.join(moves)}"
        moves.append(m)
    return "1/2-1/2", "adjudicated"


def openings(args, referee):
    rng = random.Random(args.seed)
    out = []
    for _ in range((args.games + 1) // 2):
        moves = []
        board = chess.Board()
        for _ in range(args.plies):
            if args.variant == "chess":
                legal = sorted(m.uci() for m in board.legal_moves)
            else:
                legal = sorted(referee.legal(moves))
            if not legal:
                break
            m = rng.choice(legal)
            moves.append(m)
            if args.variant == "chess":
                board.push_uci(m)
        out.append(moves)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/fairylab")
    ap.add_argument("--fsf", default="/tmp/fsf/src/stockfish",
                    help="the opponent's command (FIDE chess: any UCI engine, e.g. "
                         "'/tmp/old/fairylab uci')")
    ap.add_argument("--referee", default="/tmp/fsf/src/stockfish",
                    help="the FSF that referees a variant other than chess")
    ap.add_argument("--variant", default="chess", help="FSF's UCI_Variant name")
    ap.add_argument("--opponent-fairylab", action="store_true",
                    help="the opponent (--fsf) is another fairylab: give it --variant-path, "
                         "not FSF's options (self-play of two builds in a fairy variant)")
    ap.add_argument("--variant-path", help="our definition of the variant (VariantPath)")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--movetime", type=int, default=200, help="milliseconds a move")
    ap.add_argument("--nodes", type=int, default=0,
                    help="nodes a move instead of --movetime (load-proof, for self-play)")
    ap.add_argument("--fsf-nodes", type=int, default=0,
                    help="the opponent's nodes a move, when not --nodes (a load-proof stand-in "
                         "for a timed match: each engine's nodes in the time)")
    ap.add_argument("--concurrency", type=int, default=1,
                    help="games played at once, each pair of engines in its own processes")
    ap.add_argument("--elo", type=int, default=2300, help="FSF's UCI_Elo (0: full strength)")
    ap.add_argument("--plies", type=int, default=4, help="random opening plies")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--pgn", help="append each chess game's moves to this file")
    ap.add_argument("--stalemate", choices=["draw", "loss", "win"], default="draw",
                    help="what having no move out of check is for the side to move")
    args = ap.parse_args()

    chess_game = args.variant == "chess"
    lanes = threading.local()
    started = []  # every engine process, to quit at the end
    start_lock = threading.Lock()

    def engines():
        """This thread's engines: (ours, the opponent, the referee or None)."""
        if not hasattr(lanes, "ours"):
            ours_cmd = [args.engine, "uci"]
            if chess_game:
                ours = chess.engine.SimpleEngine.popen_uci(ours_cmd)
                ours.configure(ours_options(args))
                fsf = chess.engine.SimpleEngine.popen_uci(shlex.split(args.fsf))
                # Another engine than FSF (an older fairylab, say) gets the options it has.
                fsf.configure({k: v for k, v in fsf_options(args).items() if k in fsf.options})
                referee = None
            else:
                referee = Uci([args.referee], {"UCI_Variant": args.variant})
                ours = Uci(ours_cmd, ours_options(args))
                fsf = Uci(shlex.split(args.fsf),
                          ours_options(args) if args.opponent_fairylab else fsf_options(args))
            ours.nodes, fsf.nodes = args.nodes, args.fsf_nodes or args.nodes
            lanes.ours, lanes.fsf, lanes.referee = ours, fsf, referee
            with start_lock:
                started.extend(e for e in (ours, fsf, referee) if e)
        return lanes.ours, lanes.fsf, lanes.referee

    def play(game, opening, ours_white):
        ours, fsf, referee = engines()
        white, black = (ours, fsf) if ours_white else (fsf, ours)
        if not chess_game:  # python-chess sends it for a new `game` key
            for e in (ours, fsf):
                e.send("ucinewgame")
                e.ready()
        if chess_game:
            result, how = play_chess(args, white, black, opening, game)
        else:
            result, how = play_fairy(args, white, black, referee, opening)
        points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
        return result, how, points if ours_white else 1.0 - points

    t0 = time.time()
    opening_referee = None if chess_game else Uci([args.referee], {"UCI_Variant": args.variant})
    games = []
    for opening in openings(args, opening_referee):
        for ours_white in (True, False):
            if len(games) < args.games:
                games.append((len(games) + 1, opening, ours_white))
    if opening_referee:
        opening_referee.quit()
    score = 0.0
    wins = draws = losses = done = 0
    with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
        futures = [(g, pool.submit(play, *g)) for g in games]
        for (game, opening, ours_white), f in futures:
            result, how, mine = f.result()
            done += 1
            score += mine
            wins += mine == 1.0
            draws += mine == 0.5
            losses += mine == 0.0
            print(f"game {game}: opening {' '.join(opening)}, fairylab "
                  f"{'White' if ours_white else 'Black'}: {result} ({how}); "
                  f"fairylab {score}/{done}", flush=True)
    limit = f"{args.nodes} nodes" if args.nodes else f"{args.movetime} ms"
    if args.fsf_nodes:
        limit += f" (the opponent {args.fsf_nodes} nodes)"
    print(f"{args.variant}, {done} games, {limit} a move, FSF UCI_Elo "
          f"{args.elo or 'full'}, {args.plies}-ply random openings (seed {args.seed}): "
          f"fairylab {score}/{done} (+{wins} ={draws} -{losses}), {time.time() - t0:.0f} s")
    for e in started:
        e.quit()


if __name__ == "__main__":
    sys.exit(main())
