"""Memory: the bot's RSS after the table service has touched 10,000 running games once.

Each game is read, its state loaded and its choices listed (what a board update or a reminder
does). The caches keep only the most recently used games, so memory stays flat however many
games exist. Measured in a fresh process; for comparison also with caches large enough to keep
every game (what the service did before they were bounded).
Target: at most 120 MB RSS after touching 10,000 running games.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = 10_000
TARGET_MB = 120


def rss_mb() -> float:
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # peak, not current


async def _seed_games(path: str) -> list[int]:
    """A few real running games (every kind, some moves in), then copies up to GAMES."""
    from engines import REGISTRY
    from storage import Store

    from .playing import random_move, started, unpaced

    store = await Store.open(path, synchronous="normal")
    service = unpaced(store, seed_source=lambda: 11)
    rnd = random.Random(3)
    for kind, engine in sorted(REGISTRY.items()):
        game = await started(service, kind, engine.max_players)
        for _ in range(20):
            if game.status != "running":
                break
            game = (await service.turns.move(game.id, *random_move(service, game, rnd))).game
    await store.close()
    with sqlite3.connect(path) as db:
        templates = [r[0] for r in db.execute("SELECT id FROM games WHERE status = 'running'")]
        cols = [r[1] for r in db.execute("PRAGMA table_info(games)") if r[1] != "id"]
        seat_cols = [r[1] for r in db.execute("PRAGMA table_info(seats)") if r[1] != "game_id"]
        while db.execute("SELECT COUNT(*) FROM games").fetchone()[0] < GAMES:
            for template in templates:
                cur = db.execute(
                    f"INSERT INTO games ({', '.join(cols)}) "
                    f"SELECT {', '.join(cols)} FROM games WHERE id = ?",
                    (template,),
                )
                db.execute(
                    f"INSERT INTO seats (game_id, {', '.join(seat_cols)}) "
                    f"SELECT ?, {', '.join(seat_cols)} FROM seats WHERE game_id = ?",
                    (cur.lastrowid, template),
                )
        return [
            r[0]
            for r in db.execute(
                "SELECT id FROM games WHERE status = 'running' ORDER BY id LIMIT ?", (GAMES,)
            )
        ]


async def _touch(path: str, ids: list[int], cache_size: int | None) -> dict:
    import bot  # noqa: F401  (the bot's own imports count: discord.py, every engine, the cogs)
    import cogs.messenger  # noqa: F401
    from storage import Store
    from tables import TableService

    store = await Store.open(path)
    kwargs = {} if cache_size is None else {"cache_size": cache_size}
    service = TableService(store, **kwargs)
    gc.collect()
    before = rss_mb()
    start = time.perf_counter()
    for game_id in ids:
        game = await service.game(game_id)
        for seat in service.to_act(game):
            service.choices(game, seat)
    spent = time.perf_counter() - start
    gc.collect()
    after = rss_mb()
    await store.close()
    return {"before": before, "after": after, "seconds": spent, "cached": len(service._cache)}


def _child(path: str, cache_size: int | None) -> None:
    ids = json.loads(Path(path + ".ids").read_text())
    print(json.dumps(asyncio.run(_touch(path, ids, cache_size))))


def _measure(path: str, cache_size: int | None) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "bench.memory_bench", path, str(cache_size)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def run() -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "memory.db")
        ids = asyncio.run(_seed_games(path))
        Path(path + ".ids").write_text(json.dumps(ids))
        lines = []
        for label, size in (
            ("bounded caches (default)", None),
            ("unbounded (every game kept)", 10 * GAMES),
        ):
            m = _measure(path, size)
            ok = "" if size else f"  [{'ok' if m['after'] <= TARGET_MB else 'OVER'}]"
            lines.append(
                f"{label:<28} RSS {m['before']:6.1f} MB before, {m['after']:6.1f} MB "
                f"after touching {len(ids):,} running games ({m['cached']:,} cached, "
                f"{len(ids) / m['seconds']:,.0f} games/s){ok}"
            )
    return lines


if __name__ == "__main__":
    if len(sys.argv) == 3:
        _child(sys.argv[1], None if sys.argv[2] == "None" else int(sys.argv[2]))
    else:
        print("\n".join(run()))
