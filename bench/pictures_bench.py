"""Board pictures: render time (CPU) and PNG size per game and player count, before and after.

Two sets of boards, each drawn once in one thread of a fresh process, its caches warming up as
in a running bot:

- ``--moves``: what a bot draws, a board after every move (its first ``MOVES``) of ``TABLES``
  seeded random games of each kind and player count played side by side, one move of each in
  turn. Only what moved is drawn (``pictures/tiles.py``); issue 25's target, a median of at
  most 2 ms CPU per board, is for these boards.
- by default: views spread over whole games (every few moves, to the end): boards whose parts
  are mostly new, as when a process hosts more tables moving at once than its tiles hold.

Render time is the thread's CPU time (``time.thread_time``: one core, whatever else the machine
runs). Targets: issue 25, a median of at most 2 ms CPU per board after a move; issue 10, a p95
of at most 40 ms and every PNG at most 300 KB.

Run: ``python -m bench pictures [--against <rev>] [--rounds N]``: the tree of git revision
``<rev>`` (default ``BEFORE``, the revision the pictures were made faster from; ``git archive``
into a temporary folder) and this working tree are measured alternately, each round in fresh
processes drawing the same views; the samples of all rounds are pooled per side. Both sides'
pictures are decoded and compared: ``pixels same`` means every board of the after side shows
exactly the pixels of the before side. ``python -m bench pictures --only`` measures this tree
alone (no git needed). ``python -m bench`` prints both sets, one round each.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time

TARGET_MEDIAN_MS = 2.0  # issue 25
TARGET_P95_MS = 40.0  # issue 10
MAX_BYTES = 300 * 1024  # pictures.MAX_BYTES
GAMES = 2
VIEWS_PER_GAME = 12
TABLES = 3  # --moves: tables played side by side, a board drawn after each of their moves
MOVES = 40  # --moves: the boards of each table (its first moves: a game's early and middle)
NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Eszter"]
BEFORE = "d7a2e77"  # main before issue 25's pictures work (zlib PNG, everything drawn each time)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def views(kind: str, players: int, seed: int, count: int) -> list[dict]:
    """``count`` spectator views spread over one seeded random game."""
    from engines import REGISTRY

    engine = REGISTRY[kind]
    rnd = random.Random(seed)
    state = engine.new_game(players, seed)
    states = [state]
    while not engine.is_over(state):
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        states.append(state)
    step = max(1, len(states) // count)
    return [engine.view(s, None) for s in states[::step][: count - 1] + [states[-1]]]


def played(kind: str, players: int) -> list[dict]:
    """``--moves``: the boards a bot draws while it hosts ``TABLES`` games of one kind side by
    side: after every move of each (its first ``MOVES``, the views in the order the moves come:
    one move of each table in turn)."""
    from engines import REGISTRY

    engine = REGISTRY[kind]
    tables = []
    for seed in range(TABLES):
        rnd = random.Random(100 + seed)
        state = engine.new_game(players, 100 + seed)
        shown = []
        while not engine.is_over(state) and len(shown) < MOVES:
            seat = rnd.choice(engine.to_act(state))
            state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
            shown.append(engine.view(state, None))
        tables.append(shown)
    return [t[i] for i in range(MOVES) for t in tables if i < len(t)]


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def measure(pixels: bool = False, moves: bool = False) -> dict:
    """Every game and player count of the ``pictures`` importable now: CPU ms per board, PNG
    bytes, and (``pixels``) a digest of each board's decoded pixels, in drawing order. The
    boards: ``views`` spread over two games, or (``moves``) every board of ``played``."""
    import pictures
    from engines import REGISTRY

    todo = []  # every view first: drawing starts once the engines have done their part
    for kind in pictures.kinds():
        engine = REGISTRY[kind]
        for players in range(engine.min_players, engine.max_players + 1):
            if moves:
                shown = played(kind, players)
            else:
                shown = [
                    v for seed in range(GAMES) for v in views(kind, players, seed, VIEWS_PER_GAME)
                ]
            todo.append((kind, players, shown))
    out = {}
    for kind, players, shown in todo:
        times, sizes, pngs = [], [], []
        for view in shown:
            cpu = time.thread_time()
            data = pictures.picture(kind, view, NAMES[:players])
            times.append((time.thread_time() - cpu) * 1000)
            sizes.append(len(data))
            pngs.append(data)
        row: dict = {"ms": times, "bytes": sizes}
        if pixels:
            from PIL import Image

            row["pixels"] = [
                hashlib.sha256(Image.open(io.BytesIO(d)).convert("RGB").tobytes()).hexdigest()
                for d in pngs
            ]
        out[f"{kind} {players}"] = row
    return out


def run() -> list[str]:
    """``python -m bench``'s section: one round against ``BEFORE`` (this tree alone when the git
    history is not there), for the boards of played games (``--moves``) and for views spread
    over whole games."""
    out = []
    for moves in (True, False):
        try:
            out += compare(BEFORE, rounds=1, moves=moves)
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"(no before column: {exc})", file=sys.stderr)
            out += only(moves)
    return out


def only(moves: bool = False) -> list[str]:
    """This tree's figures alone: one line per game and player count."""
    lines = [_what(moves)]
    for key, row in measure(moves=moves).items():
        kind, players = key.split()
        times, sizes = row["ms"], row["bytes"]
        ok = median(times) <= TARGET_MEDIAN_MS and p95(times) <= TARGET_P95_MS
        ok = ok and max(sizes) <= MAX_BYTES
        lines.append(
            f"{kind:<11} {players}p  render median {median(times):5.2f} ms CPU, p95 "
            f"{p95(times):5.2f}  PNG {sum(sizes) / len(sizes) / 1024:5.1f} KB avg, "
            f"{max(sizes) / 1024:5.1f} KB max  [{'ok' if ok else 'SLOW'}]"
        )
    return lines


# --- one revision against another, interleaved ------------------------------------------------
def _what(moves: bool) -> str:
    if moves:
        return (
            f"The boards a bot draws: after each of the first {MOVES} moves of {TABLES} tables "
            "played side by side, one move of each in turn"
        )
    return f"Views spread over {GAMES} whole games, {VIEWS_PER_GAME} each"


def worker(root: str, pixels: bool, moves: bool = False) -> dict:
    """One measurement in a fresh interpreter that imports the ``pictures`` and ``engines`` of
    ``root`` (and only those: ``-I`` keeps this script's folder and PYTHONPATH off
    ``sys.path``)."""
    cmd = [sys.executable, "-I", os.path.abspath(__file__), "--worker", root]
    if pixels:
        cmd.append("--pixels")
    if moves:
        cmd.append("--moves")
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=root)
    return json.loads(done.stdout)


def compare(rev: str, rounds: int = 3, to: str | None = None, moves: bool = False) -> list[str]:
    """Pooled samples of ``rounds`` rounds of ``rev`` against this working tree (or revision
    ``to``), measured alternately."""
    from bench.engines_bench import export

    runs: dict[str, list[dict]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as folder:
        after = ROOT if to is None else export(to, os.path.join(folder, "to"))
        trees = {"before": export(rev, os.path.join(folder, "rev")), "after": after}
        for number in range(rounds):
            order = ("before", "after") if number % 2 == 0 else ("after", "before")
            for side in order:
                runs[side].append(worker(trees[side], pixels=number == 0, moves=moves))
            print(f"pictures: round {number + 1}/{rounds} done", file=sys.stderr)

    def pooled(side: str, key: str, field: str) -> list:
        return [v for r in runs[side] if key in r for v in r[key][field]]

    lines = [
        _what(moves),
        f"CPU ms per board (thread time), {rounds} round(s) pooled; before = {rev}, after = "
        f"{to or 'this tree'}; target median <= {TARGET_MEDIAN_MS:g} ms",
        f"{'game':<11} {'p':>2} {'before':>7} {'p95':>6} {'after':>7} {'p95':>6} {'gain':>6}"
        f"  {'PNG KB before':>13} {'after':>5} {'max':>5}  pixels",
    ]
    for key in runs["after"][0]:
        kind, players = key.split()
        before, after = pooled("before", key, "ms"), pooled("after", key, "ms")
        size_b, size_a = pooled("before", key, "bytes"), pooled("after", key, "bytes")
        line = f"{kind:<11} {players:>2}"
        if before:
            line += f" {median(before):>7.2f} {p95(before):>6.2f}"
        else:
            line += f" {'-':>7} {'-':>6}"
        line += f" {median(after):>7.2f} {p95(after):>6.2f}"
        line += f" {median(before) / median(after):>5.2f}x" if before else f" {'':>6}"
        kb_b = f"{sum(size_b) / len(size_b) / 1024:.1f}" if size_b else "-"
        line += f"  {kb_b:>13} {sum(size_a) / len(size_a) / 1024:>5.1f}"
        line += f" {max(size_a) / 1024:>5.1f}"
        pix_b, pix_a = runs["before"][0].get(key, {}).get("pixels"), runs["after"][0][key]["pixels"]
        line += "  " + ("-   " if pix_b is None else "same" if pix_b == pix_a else "DIFF")
        ok = median(after) <= TARGET_MEDIAN_MS and p95(after) <= TARGET_P95_MS
        ok = ok and max(size_a) <= MAX_BYTES
        lines.append(line + ("  [ok]" if ok else "  [SLOW]"))
    return lines


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench pictures", description=__doc__)
    parser.add_argument("--against", metavar="REV", default=BEFORE, help="git revision before")
    parser.add_argument("--to", metavar="REV", help="compare with this revision, not the tree")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", action="store_true", help="this tree alone, no comparison")
    parser.add_argument(
        "--moves", action="store_true", help="the boards after every move of played games"
    )
    parser.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    parser.add_argument("--pixels", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        sys.path.insert(0, args.worker)
        print(json.dumps(measure(args.pixels, args.moves)))
    elif args.only:
        print("\n".join(only(args.moves)))
    else:
        print("\n".join(compare(args.against, args.rounds, args.to, args.moves)))


if __name__ == "__main__":
    main(sys.argv[1:])
