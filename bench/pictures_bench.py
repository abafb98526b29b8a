"""Board pictures: PNG size and render time per game and player count.

Each figure is over the spectator views of seeded random games, taken every few moves from the
start to the end, each drawn once in this one thread, text caches warming up as in a running
bot. Render time is the thread's CPU time (one core, whatever else the machine runs); the wall
time beside it also counts waiting for a busy CPU. Targets (issue 10): p95 render time <= 40 ms,
every PNG <= 300 KB.
"""

from __future__ import annotations

import random
import time

import pictures
from engines import REGISTRY

TARGET_MS = 40.0
GAMES = 2
VIEWS_PER_GAME = 12
NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Eszter"]


def views(kind: str, players: int, seed: int, count: int) -> list[dict]:
    """``count`` spectator views spread over one seeded random game."""
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


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def run() -> list[str]:
    lines = []
    for kind in pictures.kinds():
        engine = REGISTRY[kind]
        for players in range(engine.min_players, engine.max_players + 1):
            times, walls, sizes = [], [], []
            for seed in range(GAMES):
                for view in views(kind, players, seed, VIEWS_PER_GAME):
                    cpu, wall = time.thread_time(), time.perf_counter()
                    data = pictures.picture(kind, view, NAMES[:players])
                    times.append((time.thread_time() - cpu) * 1000)
                    walls.append((time.perf_counter() - wall) * 1000)
                    sizes.append(len(data))
            ok = p95(times) <= TARGET_MS and max(sizes) <= pictures.MAX_BYTES
            lines.append(
                f"{kind:<11} {players}p  render p95 {p95(times):5.1f} ms CPU "
                f"(median {sorted(times)[len(times) // 2]:4.1f}; wall p95 "
                f"{p95(walls):5.1f})  PNG "
                f"{sum(sizes) / len(sizes) / 1024:5.1f} KB avg, "
                f"{max(sizes) / 1024:5.1f} KB max  [{'ok' if ok else 'SLOW'}]"
            )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
