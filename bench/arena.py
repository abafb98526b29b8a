"""The bot arena: one seat of a level against the others of another level, seats rotated.

For every game and player count (2-4, Wichtel 3-5) and each pairing (hard v random, hard v
normal, normal v random) it plays ``games`` games, the hero's seat moving round the table, and
prints the hero's win share (a tie shares the win) with a 95% Wilson interval, its fair share
(1/players), and the think time per hero decision (p50/p95, decisions with a real choice).

Targets (issue 11): hard wins >= 70% of 3-player games against two random bots in every game;
hard wins >= 1.5x its fair share against normal; a hard decision takes <= 1 s (p95).

Run: ``python -m bench.arena [--games N] [--seconds S] [--game NAME ...] [--players N ...]
[--pairing hard:random ...] [--jobs N]``. ``python -m bench`` runs a tiny version (see ``QUICK``).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time

from bots import policy_for
from bots.common import pruned
from engines import REGISTRY

PAIRINGS = (("hard", "random"), ("hard", "normal"), ("normal", "random"))
QUICK = {"games": 3, "seconds": 0.05, "players": (3,), "pairings": (("hard", "random"),)}


def player_counts(engine) -> list[int]:
    low = max(engine.min_players, 3 if engine.name == "wichtel" else 2)
    return list(range(low, min(engine.max_players, low + 2) + 1))


def play(
    kind: str, levels: list[str], seed: int, seconds: float, times: dict[int, list[float]]
) -> list[int]:
    """One game; ``levels`` per seat. Think times of every seat go to ``times[seat]``."""
    engine = REGISTRY[kind]
    policies = [policy_for(kind, level, seconds) for level in levels]
    state = engine.new_game(len(levels), seed)
    rnd = random.Random(seed)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        start = time.perf_counter()
        action = policies[seat].choose(engine, state, seat, legal, rnd)
        if len(pruned(legal)) > 1:
            times.setdefault(seat, []).append(time.perf_counter() - start)
        state, _ = engine.apply(state, seat, action)
    return engine.winners(state)


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def one_game(task: tuple) -> tuple[float, list[float]]:
    """Game ``g`` of a pairing: the hero's share of the win and its think times."""
    kind, players, hero, villain, g, seconds, seed = task
    seat = g % players
    levels = [villain] * players
    levels[seat] = hero
    times: dict[int, list[float]] = {}
    winners = play(kind, levels, seed * 10_007 + g, seconds, times)
    return (1.0 / len(winners) if seat in winners else 0.0), times.get(seat, [])


def pairing(
    kind: str,
    players: int,
    hero: str,
    villain: str,
    games: int,
    seconds: float,
    seed: int = 1,
    pool=None,
) -> dict:
    """``games`` games, the hero's seat rotating; on ``pool`` (a process pool) if given."""
    tasks = [(kind, players, hero, villain, g, seconds, seed) for g in range(games)]
    results = pool.map(one_game, tasks, chunksize=1) if pool else map(one_game, tasks)
    wins = 0.0
    hero_times: list[float] = []
    for won, taken in results:
        wins += won
        hero_times += taken
    share = wins / games if games else 0.0
    lo, hi = wilson(share, games)
    return {
        "game": kind,
        "players": players,
        "hero": hero,
        "villain": villain,
        "games": games,
        "share": share,
        "lo": lo,
        "hi": hi,
        "fair": 1 / players,
        "p50": percentile(hero_times, 0.5),
        "p95": percentile(hero_times, 0.95),
        "decisions": len(hero_times),
    }


def line(r: dict) -> str:
    return (
        f"{r['game']:<11} {r['players']}p  {r['hero']:>6} v {r['villain']:<6} "
        f"n={r['games']:<4} win {r['share']:5.0%} [{r['lo']:4.0%}-{r['hi']:4.0%}]  "
        f"fair {r['fair']:4.0%}  x{r['share'] / r['fair']:.2f}  "
        f"think p50 {r['p50'] * 1000:6.0f} ms  p95 {r['p95'] * 1000:6.0f} ms "
        f"({r['decisions']} decisions)"
    )


def run(
    games: int = QUICK["games"],
    seconds: float = QUICK["seconds"],
    names: list[str] | None = None,
    players: tuple[int, ...] | None = QUICK["players"],
    pairings=QUICK["pairings"],
    jobs: int = 1,
) -> list[str]:
    """Every pairing's line; ``jobs`` > 1 plays games in that many worker processes (each
    calibrates ``hard`` for itself, as every bot process does)."""
    out = []
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
    try:
        for kind in names or sorted(REGISTRY):
            engine = REGISTRY[kind]
            counts = [n for n in player_counts(engine) if players is None or n in players]
            for n in counts:
                for hero, villain in pairings:
                    result = pairing(kind, n, hero, villain, games, seconds, pool=pool)
                    out.append(line(result))
                    print(out[-1], flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    return out


def think_time(
    seconds: float = 1.0, decisions: int = 8, players: int = 3, names: list[str] | None = None
) -> list[str]:
    """The time a hard decision takes at the production budget, on positions of random games
    (``decisions`` of them, a game after another; only players with a real choice)."""
    out = []
    for kind in names or sorted(REGISTRY):
        engine = REGISTRY[kind]
        if not engine.min_players <= players <= engine.max_players:
            continue
        policy = policy_for(kind, "hard", seconds)
        start = time.perf_counter()
        iterations = policy.budget(engine, players)  # the one-off calibration, timed apart
        calibration = time.perf_counter() - start
        rnd = random.Random(3)
        state = engine.new_game(players, 3)
        taken: list[float] = []
        while len(taken) < decisions:
            if engine.is_over(state):
                state = engine.new_game(players, rnd.randrange(1 << 30))
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            if len(pruned(legal)) > 1 and rnd.random() < 0.3:
                start = time.perf_counter()
                policy.choose(engine, state, seat, legal, rnd)
                taken.append(time.perf_counter() - start)
            state, _ = engine.apply(state, seat, rnd.choice(legal))
        out.append(
            f"{kind:<11} {players}p  hard @ {seconds:g} s: "
            f"{iterations} iterations, "
            f"p50 {percentile(taken, 0.5) * 1000:.0f} ms, "
            f"p95 {percentile(taken, 0.95) * 1000:.0f} ms ({len(taken)} decisions; "
            f"calibration {calibration:.1f} s once per process)"
        )
        print(out[-1], flush=True)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__.split("\n")[0])
    ap.add_argument(
        "--games", type=int, default=20, help="games per pairing (default 20; 0: only --think)"
    )
    ap.add_argument(
        "--seconds",
        type=float,
        default=0.1,
        help="hard's thinking budget per decision (default 0.1)",
    )
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--players", type=int, action="append", help="only this player count")
    ap.add_argument("--pairing", action="append", help="hero:villain, e.g. hard:random")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="also time hard decisions at this budget (e.g. 1.0)",
    )
    ap.add_argument(
        "--decisions", type=int, default=20, help="hard decisions timed per game (default 20)"
    )
    args = ap.parse_args(argv)
    pairings = [tuple(p.split(":")) for p in args.pairing] if args.pairing else PAIRINGS
    players = tuple(args.players) if args.players else None
    if args.games:
        print(f"== Bot arena: {args.games} games per pairing, hard thinks {args.seconds:g} s ==")
        run(args.games, args.seconds, args.game, players, pairings, args.jobs)
    if args.think:
        print(f"== hard's think time at {args.think:g} s (one process) ==")
        for n in players or (3,):
            think_time(args.think, args.decisions, players=n, names=args.game)


if __name__ == "__main__":
    main()
