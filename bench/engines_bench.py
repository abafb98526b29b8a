"""Engine speed: moves per second of CPU time (``legal_actions`` + ``apply``), whole random
games per second, and the ``hard`` bot's search iterations per second of CPU time.

Target (issue 25): at least 50,000 moves/s of CPU time for every game and player count, a move
being what a random playout does per step: ``legal_actions`` of the seat, then ``apply`` of one
of them (given the list it was picked from, as the table service does: ``Engine.apply``'s
``legal``). CPU time (``time.process_time``) rather than the wall clock, since the machine may be
busy with other work; a busy machine still slows the CPU down a little (shared caches), so
compare revisions only in one run, interleaved.

Run: ``python -m bench engines`` (this tree), or ``python -m bench engines --against <rev>
[--rounds N]``: the tree of git revision ``<rev>`` (``git archive`` into a temporary folder) and
this working tree (or, with ``--to <rev2>``, that revision's) are measured alternately, each
round in fresh subprocesses doing the same playouts and searches, and the medians of the rounds
are printed side by side.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

TARGET_MOVES_PER_SECOND = 50_000
SEEDS = 6  # random games per game and player count in one measurement
HARD_ITERATIONS = 24  # iterations of each timed ``hard`` search (at three positions)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def playout(engine, players: int, seed: int, pass_legal: bool) -> tuple[int, float]:
    """One random game; returns (moves, CPU seconds spent in ``legal_actions`` + ``apply``)."""
    rnd = random.Random(seed)
    state = engine.new_game(players, seed)
    moves, cpu = 0, 0.0
    clock = time.process_time
    while not engine.is_over(state):
        seat = rnd.choice(engine.to_act(state))
        start = clock()
        legal = engine.legal_actions(state, seat)
        action = legal[rnd.randrange(len(legal))]
        if pass_legal:
            state, _ = engine.apply(state, seat, action, legal=legal)
        else:
            state, _ = engine.apply(state, seat, action)
        cpu += clock() - start
        moves += 1
    return moves, cpu


def hard_rate(engine, players: int, iterations: int = HARD_ITERATIONS) -> float:
    """``hard``'s search iterations per CPU second at the calibration's three positions
    (``bots.budget.probe_positions``): the time of a search with ``iterations`` less that of one
    with none (the root prior), as ``bots.budget.cost`` counts them."""
    from bots.budget import probe_positions
    from bots.games import knowledge
    from bots.hard import HardPolicy

    game = knowledge(engine.name)
    policy = HardPolicy(**{**(game.HARD if game else {}), "iterations": iterations})
    policy = policy.for_players(players)
    positions = probe_positions(engine, players, random.Random(12345))
    spent = 0.0
    for number, position in enumerate(positions):
        seat = engine.to_act(position)[0]
        legal = engine.legal_actions(position, seat)
        for n, sign in ((iterations, 1), (0, -1)):
            start = time.process_time()
            policy.search(engine, position, seat, legal, random.Random(number), n)
            spent += sign * (time.process_time() - start)
    return iterations * len(positions) / max(spent, 1e-9)


def measure(seeds: int = SEEDS, hard: int = HARD_ITERATIONS, only: str | None = None) -> dict:
    """Every game and player count: CPU moves/s (with and without ``legal`` when ``apply``
    takes it), games/s and hard's iterations/s (``hard`` iterations; 0: not measured)."""
    from engines import REGISTRY

    out = {}
    for name, engine in sorted(REGISTRY.items()):
        if only and name != only:
            continue
        takes_legal = "legal" in inspect.signature(engine.apply).parameters
        for players in range(engine.min_players, engine.max_players + 1):
            row: dict[str, float] = {}
            for key, pass_legal in (("plain", False), ("legal", True)):
                if pass_legal and not takes_legal:
                    continue
                moves = cpu = 0.0
                for seed in range(seeds):
                    m, c = playout(engine, players, seed, pass_legal)
                    moves, cpu = moves + m, cpu + c
                row[key] = moves / cpu
                row["moves_per_game"] = moves / seeds
            if hard:
                row["hard"] = hard_rate(engine, players, hard)
            out[f"{name} {players}"] = row
    return out


def run(seeds: int = SEEDS) -> list[str]:
    """This tree's figures (``python -m bench``): one line per game and player count."""
    lines = []
    for key, row in measure(seeds, hard=0).items():
        name, players = key.split()
        best = row.get("legal", row["plain"])
        lines.append(
            f"{name:<11} {players}p  {row['plain']:>9,.0f} moves/s CPU  "
            f"{best:>9,.0f} with legal  {row['moves_per_game']:>6.0f} moves/game"
            f"  [{'ok' if best >= TARGET_MOVES_PER_SECOND else 'SLOW'}]"
        )
    return lines


# --- one revision against another, interleaved ------------------------------------------------
def export(rev: str, folder: str) -> str:
    """The tree of git revision ``rev`` of this repository, unpacked under ``folder``."""
    path = os.path.join(folder, "tree")
    os.makedirs(path)
    archive = os.path.join(folder, "tree.tar")
    with open(archive, "wb") as fh:
        subprocess.run(["git", "-C", ROOT, "archive", rev], stdout=fh, check=True)
    safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # Python >= 3.11.4
    with tarfile.open(archive) as tar:
        tar.extractall(path, **safe)
    return path


def worker(root: str, seeds: int, hard: int, only: str | None) -> dict:
    """One measurement in a fresh interpreter that imports the engines and bots of ``root``
    (and only those: ``-I`` keeps this script's folder and PYTHONPATH off ``sys.path``)."""
    cmd = [sys.executable, "-I", os.path.abspath(__file__), "--worker", root]
    cmd += ["--seeds", str(seeds), "--hard", str(hard)]
    if only:
        cmd += ["--game", only]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=root)
    return json.loads(done.stdout)


def compare(
    rev: str, rounds: int, seeds: int, hard: int, only: str | None, to: str | None = None
) -> list[str]:
    """Medians over ``rounds`` of ``rev`` against this working tree (or revision ``to``),
    measured alternately."""
    runs: dict[str, list[dict]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as folder:
        after = ROOT if to is None else export(to, os.path.join(folder, "to"))
        trees = {"before": export(rev, os.path.join(folder, "rev")), "after": after}
        for number in range(rounds):
            order = ("before", "after") if number % 2 == 0 else ("after", "before")
            for side in order:
                runs[side].append(worker(trees[side], seeds, hard, only))
            print(f"round {number + 1}/{rounds} done", file=sys.stderr)

    def median(side: str, key: str, field: str) -> float | None:
        values = [r[key][field] for r in runs[side] if field in r.get(key, {})]
        return statistics.median(values) if values else None

    def fmt(value: float | None) -> str:
        return "-" if value is None else f"{value:,.0f}"

    lines = [
        f"CPU moves/s (legal_actions + apply), medians of {rounds} rounds, {seeds} games each; "
        f"before = {rev}, after = {to or 'this tree'}; target {TARGET_MOVES_PER_SECOND:,}",
        f"{'game':<11} {'p':>2} {'before':>9} {'after':>9} {'after+legal':>12} {'gain':>6}"
        f"  {'hard it/s before':>16} {'after':>7} {'gain':>6}",
    ]
    for key in runs["after"][0]:
        name, players = key.split()
        # each side as the table service calls it: with ``legal`` where apply takes it
        before = median("before", key, "legal") or median("before", key, "plain")
        after = median("after", key, "plain")
        best = median("after", key, "legal") or after
        line = f"{name:<11} {players:>2} {fmt(before):>9} {fmt(after):>9} {fmt(best):>12}"
        line += f" {best / before:>5.2f}x" if before and best else f" {'':>6}"
        hb, ha = median("before", key, "hard"), median("after", key, "hard")
        if hb and ha:
            line += f"  {fmt(hb):>16} {fmt(ha):>7} {ha / hb:>5.2f}x"
        ok = best is not None and best >= TARGET_MOVES_PER_SECOND
        lines.append(line + ("  [ok]" if ok else "  [SLOW]"))
    return lines


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench engines", description=__doc__)
    parser.add_argument("--against", metavar="REV", help="git revision to compare with")
    parser.add_argument("--to", metavar="REV", help="compare with this revision, not the tree")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=SEEDS)
    parser.add_argument(
        "--hard", type=int, default=HARD_ITERATIONS, help="hard iterations (0: skip)"
    )
    parser.add_argument("--game", help="one game only")
    parser.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        sys.path.insert(0, args.worker)
        print(json.dumps(measure(args.seeds, args.hard, args.game)))
    elif args.against:
        lines = compare(args.against, args.rounds, args.seeds, args.hard, args.game, args.to)
        print("\n".join(lines))
    else:
        print("\n".join(run(args.seeds)))


if __name__ == "__main__":
    main(sys.argv[1:])
