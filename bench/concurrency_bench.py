"""Stored moves per second with 1, 10 and 100 games played at once, on SQLite and PostgreSQL.

One process; each game is played by its own task (its moves one after another, as players
take turns; a finished game is followed by a new one), all games at the same time. First both
databases durable, each stored move synced to disk before it is acknowledged: SQLite with
``synchronous=FULL`` (the default), PostgreSQL with the server's defaults (``fsync`` and
``synchronous_commit`` on, so concurrent commits share a sync). Then both relaxed (a move
survives a crash of the bot, not of the machine): SQLite ``NORMAL``, PostgreSQL
``synchronous_commit=off``. The PostgreSQL lines need a server: ``TAVERN_BENCH_PG`` set to a
``postgresql://`` URL (the bench works in a schema of its own and drops it), for example
``bash scripts/bench.sh``, which starts a throwaway server.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from storage import Store
from storage.postgres import POOL_SIZE
from tables import TableService

from .playing import random_move, started, unpaced

KIND, PLAYERS = "wichtel", 5
CONCURRENCY = ((1, 300), (10, 1000), (100, 2000))  # (games at once, stored moves measured)
MODES = (("durable", "full", ""), ("relaxed", "normal", "synchronous_commit=off"))
PG_ENV = "TAVERN_BENCH_PG"
ROUNDS = 3
TARGET_RATIO = 2.0


async def _play(service: TableService, game, moves: int, rnd: random.Random) -> int:
    done = 0
    while done < moves:
        if game.status != "running":
            game = await _new_game(service, rnd.randrange(1, 10**9))
        game = (await service.turns.move(game.id, *random_move(service, game, rnd))).game
        done += 1
    return done


async def _new_game(service: TableService, n: int):
    return await started(service, KIND, PLAYERS, host=1000 * n)


async def _bench(
    target: str, games: int, moves: int, sync: str = "full", group: bool = True
) -> tuple[int, float]:
    store = await Store.open(target, synchronous=sync)
    if hasattr(store, "group_commit"):
        store.group_commit = group
    try:
        service = unpaced(store, seed_source=lambda: 5)
        tables = [await _new_game(service, n) for n in range(1, games + 1)]
        per_game = -(-moves // games)
        t = time.perf_counter()
        done = await asyncio.gather(
            *(_play(service, g, per_game, random.Random(g.id)) for g in tables)
        )
        return sum(done), time.perf_counter() - t
    finally:
        await store.close()


async def _pg_schema(url: str, statement: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


async def _bench_pg(url: str, games: int, moves: int, settings: str) -> tuple[int, float]:
    schema = "bench_" + uuid.uuid4().hex[:10]
    await _pg_schema(url, f"CREATE SCHEMA {schema}")
    try:
        sep = "&" if "?" in url else "?"
        extra = f"&{settings}" if settings else ""
        return await _bench(f"{url}{sep}search_path={schema}{extra}", games, moves)
    finally:
        await _pg_schema(url, f"DROP SCHEMA {schema} CASCADE")


def _line(name: str, mode: str, games: int, done: int, spent: float) -> str:
    return (
        f"{name:<10} {mode:<7} {games:>3} game(s) at once: {done / spent:>7,.0f} stored "
        f"moves/s ({done:,} moves in {spent:.2f} s)"
    )


def _sqlite(games: int, moves: int, sync: str, group: bool = True) -> tuple[int, float]:
    """(stored moves, seconds) on a new SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        return asyncio.run(_bench(str(Path(folder) / "b.db"), games, moves, sync, group))


def _rate(games: int, moves: int, sync: str, group: bool) -> float:
    done, spent = _sqlite(games, moves, sync, group)
    return done / spent


def group_commit(rounds: int = ROUNDS) -> list[str]:
    """Issue 25, target 3: with synchronous=FULL, 100 games at once store at least twice what
    one game does. Each commit alone (before) and group commit (after), interleaved, medians."""
    rates: dict[tuple[bool, int], list[float]] = {}
    for _ in range(rounds):
        for group in (False, True):
            for games, moves in ((1, 300), (100, 2000)):
                rates.setdefault((group, games), []).append(_rate(games, moves, "full", group))
    url = os.environ.get(PG_ENV, "").strip()
    if url:  # PostgreSQL: a pool of connections; the server syncs concurrent commits together
        for _ in range(rounds):
            for games, moves in ((1, 300), (100, 2000)):
                done, spent = asyncio.run(_bench_pg(url, games, moves, ""))
                rates.setdefault(("pg", games), []).append(done / spent)
    lines = []
    for group, name in ((False, "each commit alone (before)"), (True, "group commit (after)")):
        one = statistics.median(rates[(group, 1)])
        many = statistics.median(rates[(group, 100)])
        ok = "ok" if many >= TARGET_RATIO * one else "SHORT"
        lines.append(
            f"SQLite FULL, {name:<27}: 1 game {one:>6,.0f}/s, 100 games {many:>6,.0f}/s "
            f"= {many / one:.2f}x  [target >= {TARGET_RATIO:g}x: {ok}]"
        )
    if url:
        one, many = statistics.median(rates[("pg", 1)]), statistics.median(rates[("pg", 100)])
        ok = "ok" if many >= TARGET_RATIO * one else "SHORT"
        lines.append(
            f"PostgreSQL, a pool of {POOL_SIZE} connections{'':<9}: 1 game {one:>6,.0f}/s, "
            f"100 games {many:>6,.0f}/s = {many / one:.2f}x  [target >= {TARGET_RATIO:g}x: {ok}]"
        )
    else:
        lines.append(f"PostgreSQL: skipped, no server given (set {PG_ENV})")
    return lines


def run() -> list[str]:
    lines = group_commit()
    url = os.environ.get(PG_ENV, "").strip()
    for mode, sqlite_sync, pg_settings in MODES:
        for games, moves in CONCURRENCY:
            lines.append(_line("SQLite", mode, games, *_sqlite(games, moves, sqlite_sync)))
            if url:
                done, spent = asyncio.run(_bench_pg(url, games, moves, pg_settings))
                lines.append(_line("PostgreSQL", mode, games, done, spent))
    if not url:
        lines.append(
            f"PostgreSQL: skipped, no server given (set {PG_ENV} to a postgresql:// "
            "URL, or run `bash scripts/bench.sh`, which starts a throwaway server)"
        )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
