"""Stored moves per second: the table service applying and storing human moves on a SQLite file.

With ``synchronous=FULL`` (the default: each stored move is synced to disk, so it survives a
power loss) and, for comparison, ``NORMAL`` (TAVERN_SQLITE_SYNC=normal: survives a crash of
the bot only). Target: >= 2,000 stored moves/s with NORMAL; FULL is bound by the disk's fsync.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from engines import REGISTRY
from storage import Store

from .playing import random_move, started, unpaced

TARGET = 2_000


async def _bench(
    kind: str, players: int, moves_wanted: int, synchronous: str = "full"
) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "bench.db"), synchronous=synchronous)
        service = unpaced(store, seed_source=lambda: 5)
        rnd = random.Random(1)
        done, spent = 0, 0.0
        while done < moves_wanted:
            game = await started(service, kind, players)
            while game.status == "running" and done < moves_wanted:
                user, action = random_move(service, game, rnd)
                t = time.perf_counter()
                game = (await service.turns.move(game.id, user, action)).game
                spent += time.perf_counter() - t
                done += 1
        await store.close()
    return done, spent


def run(moves: int = 2000, full_moves: int = 1000) -> list[str]:
    lines = []
    for sync, wanted in (("normal", moves), ("full", full_moves)):
        for kind, engine in sorted(REGISTRY.items()):
            done, spent = asyncio.run(_bench(kind, engine.max_players, wanted, sync))
            rate = done / spent
            mark = ("ok" if rate >= TARGET else "SLOW") if sync == "normal" else "fsync"
            lines.append(
                f"{kind:<11} {rate:>7,.0f} stored moves/s with {sync.upper():<6} "
                f"({spent / done * 1e6:,.0f} µs per move incl. load, apply, store)"
                f"  [{mark}]"
            )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
