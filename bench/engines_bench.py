"""Engine speed: moves per second (apply alone) and whole random games per second.

Targets: an engine move costs microseconds (>= 10,000 moves/s), a whole game well under a second.
"""

from __future__ import annotations

import random
import time

from engines import REGISTRY

TARGET_MOVES_PER_SECOND = 10_000


def play(engine, players: int, seed: int) -> tuple[int, float]:
    """One random game; returns (moves, seconds spent inside apply)."""
    rnd = random.Random(seed)
    state = engine.new_game(players, seed)
    moves, in_apply = 0, 0.0
    while not engine.is_over(state):
        seat = rnd.choice(engine.to_act(state))
        action = rnd.choice(engine.legal_actions(state, seat))
        t = time.perf_counter()
        state, _ = engine.apply(state, seat, action)
        in_apply += time.perf_counter() - t
        moves += 1
    return moves, in_apply


def run(seconds_per_engine: float = 2.0) -> list[str]:
    lines = []
    for name, engine in sorted(REGISTRY.items()):
        for players in (engine.min_players, engine.max_players):
            games = moves = 0
            in_apply = 0.0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds_per_engine:
                m, a = play(engine, players, games)
                games, moves, in_apply = games + 1, moves + m, in_apply + a
            wall = time.perf_counter() - start
            mps = moves / in_apply
            lines.append(
                f"{name:<11} {players}p  {mps:>9,.0f} moves/s (apply)  "
                f"{games / wall:>7.1f} games/s  {moves / games:>6.0f} moves/game"
                f"  [{'ok' if mps >= TARGET_MOVES_PER_SECOND else 'SLOW'}]"
            )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
