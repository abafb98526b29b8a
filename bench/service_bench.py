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
from tables import TableService

TARGET = 2_000


async def _bench(
    kind: str, players: int, moves_wanted: int, synchronous: str = "full"
) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(str(Path(folder) / "bench.db"), synchronous=synchronous)
        service = TableService(store, seed_source=lambda: 5)
        rnd = random.Random(1)
        done, spent = 0, 0.0
        while done < moves_wanted:
            game = await service.lobby.open_table(
                kind, guild_id=1, channel_id=1, host_id=100, host_name="p0"
            )
            for user in range(1, players):
                game = await service.lobby.join(game.id, 100 + user, f"p{user}")
            game = (await service.lobby.start(game.id, 100)).game
            while game.status == "running" and done < moves_wanted:
                seat = rnd.choice(service.to_act(game))
                action = rnd.choice(service.choices(game, seat))[0]
                t = time.perf_counter()
                game = (await service.turns.move(game.id, 100 + seat, action)).game
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
