"""A click costs the same at move 1,000 as at move 10: the table service's CPU time for one
human move through a button (the move stored, then whether its player may take it back: the
Undo button of the panel) at move 10, 100 and 1,000 of one long game (the tests' toy game,
a pile of 3,000 stones) on a SQLite file. Target: move 1,000 costs at most 1.2 times move 10.

Each figure is the median of ``CLICKS`` clicks just after that move, taken in turns at three
games (one at each move count), CPU time of this process (``time.process_time``, the machine
is shared); the store is the default (synchronous=FULL,
whose fsync is not CPU).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from storage import Store
from tables import TableService
from tests.toy import TOY

from .playing import started, unpaced

AT = (10, 100, 1000)
CLICKS = 101
TARGET_RATIO = 1.2


async def _click(service: TableService, game):
    seat = service.to_act(game)[0]
    game = (await service.turns.move(game.id, game.seats[seat].user_id, "take:1")).game
    await service.undo.can_undo(game, seat)
    return game


async def _clicks() -> dict[int, float]:
    """One game brought to each of ``AT`` moves, then a click at each in turn, ``CLICKS``
    rounds (interleaved: the machine's load falls on all three alike)."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "click.db"))
        service = unpaced(store, registry={"toy": TOY}, seed_source=lambda: 3)
        try:
            games = {}
            for k, n in enumerate(AT):
                game = await started(
                    service, "toy", 2, 10 * (k + 1), {"pile": 3000, "secrets": False}
                )
                while game.move_count < n:
                    game = await _click(service, game)
                games[n] = game
            costs: dict[int, list[float]] = {n: [] for n in AT}
            for round_ in range(CLICKS):
                for n in AT[round_ % len(AT) :] + AT[: round_ % len(AT)]:
                    start = time.process_time()
                    games[n] = await _click(service, games[n])
                    costs[n].append(time.process_time() - start)
            return {n: statistics.median(c) for n, c in costs.items()}
        finally:
            await store.close()


def run() -> list[str]:
    costs = asyncio.run(_clicks())
    ratio = costs[AT[-1]] / costs[AT[0]]
    lines = [
        f"click at move {n:>5,}: {costs[n] * 1e6:>7.0f} µs CPU (median of {CLICKS})" for n in AT
    ]
    lines.append(
        f"move {AT[-1]:,} / move {AT[0]}: {ratio:.2f} (target <= {TARGET_RATIO}) "
        f"[{'ok' if ratio <= TARGET_RATIO else 'SLOW'}]"
    )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
