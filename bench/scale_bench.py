"""Scale on paper (issue 25, ``docs/scaling.md``): what one bot needs at 100,000 servers and
1,000,000 running games, each figure derived from one measured here.

Measured on this machine (``measure``):
- the engines' CPU moves/s (the slowest game and player count, random legal games);
- a stored move's CPU (the table service on a SQLite file, NORMAL: load, legality, apply,
  store; the aiosqlite thread included), from whole random games of every kind;
- the rows and bytes a game leaves in the database: per finished game (its snapshot, seats and
  move log, indexes included: the file's pages after VACUUM), and per move;
- SQLite with ``synchronous=FULL``: stored moves/s with 100 games at once (group commit);
- Discord: rate-limited REST calls per human move (the median of a whole game of each kind in
  the fake Discord, ``discord_bench``);
- memory: RSS per cached running game (``memory_bench``, every game kept);
- board pictures: CPU per board, the slowest game and player count's median, after each move
  of tables played side by side (``pictures_bench --moves``: the tiles of a table's last board
  still kept) and for boards drawn cold (views spread over whole games).

Derived (``derive``), with the assumptions printed beside them: 5 moves a game a day, the
busiest hour three times the day's average, Discord's 50 requests/s global limit (the bot keeps
to ``TAVERN_RATE``, 45), a shard per 1,000 servers (Discord requires one per 2,500 at most).
"""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from engines import REGISTRY
from storage import Store

from .playing import random_move, started, unpaced

GAMES_RUNNING = 1_000_000
SERVERS = 100_000
MOVES_PER_GAME_A_DAY = 5
PEAK = 3.0  # the busiest hour against the day's average
DISCORD_LIMIT = 50.0  # requests a second, a bot's global limit
BUDGET = 45.0  # TAVERN_RATE's default: what the bot lets itself use
SERVERS_PER_SHARD = 1_000
GAMES_PER_KIND = 3


async def _footprint(folder: str) -> dict:
    """Whole random games of every kind and player count on a SQLite file: CPU per stored move,
    moves per game, and the database's size per game and per move."""
    path = str(Path(folder) / "scale.db")
    store = await Store.open(path, synchronous="normal")
    service = unpaced(store, seed_source=lambda: 7)
    rnd = random.Random(5)
    moves = games = 0
    cpu = 0.0
    try:
        for kind, engine in sorted(REGISTRY.items()):
            for players in range(engine.min_players, engine.max_players + 1):
                for _ in range(GAMES_PER_KIND):
                    game = await started(service, kind, players)
                    while game.status == "running":
                        user, action = random_move(service, game, rnd)
                        t = time.process_time()
                        game = (await service.turns.move(game.id, user, action)).game
                        cpu += time.process_time() - t
                        moves += 1
                    games += 1
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        db.execute("VACUUM")
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        rows = {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in tables}
        logged = rows.get("moves", 0)
        snapshot = db.execute("SELECT AVG(LENGTH(state)) FROM games").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        page = db.execute("PRAGMA page_size").fetchone()[0]
    size = pages * page
    return {
        "games": games,
        "moves": moves,
        "cpu_per_move": cpu / moves,
        "logged_per_game": logged / games,
        "rows_per_game": sum(rows.values()) / games,
        "snapshot_bytes": snapshot,
        "bytes_per_game": size / games,
        "bytes_per_logged_move": size / games / (logged / games),
    }


def _hard_decision_cpu() -> float:
    """CPU seconds of one ``hard`` decision (the table's budget, ``THINK_SECONDS``), the median
    over a middle decision of a random game of every kind, at its largest table."""
    from tables.botplay import think
    from tables.bots import THINK_SECONDS

    spent = []
    for _kind, engine in sorted(REGISTRY.items()):
        rnd = random.Random(9)
        state = engine.new_game(engine.max_players, 9)
        for _ in range(40):  # into the game
            if engine.is_over(state):
                break
            seat = rnd.choice(engine.to_act(state))
            state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        if engine.is_over(state):
            continue
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        think(engine, "hard", THINK_SECONDS, state, seat, legal, random.Random(1))  # calibrates
        t = time.process_time()
        think(engine, "hard", THINK_SECONDS, state, seat, legal, random.Random(2))
        spent.append(time.process_time() - t)
    return statistics.median(spent)


def measure() -> dict:
    from . import concurrency_bench, discord_bench, engines_bench, memory_bench, pictures_bench

    # the engines and the pictures each in a fresh interpreter, first: their CPU figures do not
    # depend on what this one ran and still holds (10,000 cached games make every collection
    # of the garbage collector longer)
    rates = engines_bench.worker(engines_bench.ROOT, engines_bench.SEEDS, hard=0, only=None)
    pictures = {
        name: max(
            pictures_bench.median(row["ms"])
            for row in pictures_bench.worker(pictures_bench.ROOT, False, moves).values()
        )
        for name, moves in (("picture_ms", True), ("picture_cold_ms", False))
    }
    with tempfile.TemporaryDirectory() as folder:
        out = asyncio.run(_footprint(folder))
    out.update(pictures)
    out["hard_cpu"] = _hard_decision_cpu()
    out["engine_moves"] = min(row.get("legal", row["plain"]) for row in rates.values())
    out["full_100"] = concurrency_bench._rate(100, 2000, "full", True)
    with tempfile.TemporaryDirectory() as folder:
        per_move = []
        for kind in sorted(REGISTRY):
            moves, _, limited, _ = asyncio.run(discord_bench._game(kind, folder))
            per_move.append(limited / moves)
    out["calls_per_move"] = statistics.median(per_move)
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "memory.db")
        ids = asyncio.run(memory_bench._seed_games(path))
        Path(path + ".ids").write_text(__import__("json").dumps(ids))
        m = memory_bench._measure(path, 10 * memory_bench.GAMES)
    out["mb_per_game"] = (m["after"] - m["before"]) / m["cached"]
    return out


def derive(m: dict) -> list[tuple[str, str]]:
    """(what, figure and how it was derived) for 1M running games and 100k servers."""
    day = GAMES_RUNNING * MOVES_PER_GAME_A_DAY / 86_400
    peak = day * PEAK
    calls = peak * m["calls_per_move"]
    most_moves = BUDGET / m["calls_per_move"]
    shards = -(-SERVERS // SERVERS_PER_SHARD)
    # a running game is on average half-way through its log
    half = m["logged_per_game"] / 2
    db_bytes = GAMES_RUNNING * (m["bytes_per_game"] / 2)
    finished_a_day = day * 86_400 / max(m["moves"] / m["games"], 1)
    return [
        (
            "moves/s",
            f"{day:,.0f} on average, {peak:,.0f} in the busiest hour (1M games x "
            f"{MOVES_PER_GAME_A_DAY} moves a day / 86,400 s; x{PEAK:g} at the peak)",
        ),
        (
            "engine CPU",
            f"{peak / m['engine_moves'] * 100:.2f}% of one core at the peak "
            f"(slowest game {m['engine_moves']:,.0f} moves/s)",
        ),
        (
            "table service CPU",
            f"{peak * m['cpu_per_move']:.2f} cores at the peak "
            f"({m['cpu_per_move'] * 1e6:,.0f} µs CPU per stored move)",
        ),
        (
            "Discord calls/s",
            f"{day * m['calls_per_move']:,.0f} on average, {calls:,.0f} at the "
            f"peak ({m['calls_per_move']:.2f} rate-limited calls per move); the limit is "
            f"{DISCORD_LIMIT:g}/s for the whole bot: it carries {most_moves:,.1f} moves/s "
            f"= {most_moves * 86_400 / MOVES_PER_GAME_A_DAY:,.0f} games at "
            f"{MOVES_PER_GAME_A_DAY} moves a day",
        ),
        (
            "hard bots' CPU",
            f"{peak * 0.1 * m['hard_cpu']:,.1f} cores at the peak for every 10% of the moves "
            f"made by hard bots ({m['hard_cpu']:.2f} s CPU a decision); a process's bots think "
            f"in worker threads sharing one core (the GIL): {1 / m['hard_cpu']:,.1f} hard "
            "decisions a second a process at most",
        ),
        (
            "board pictures",
            f"{peak * m['picture_ms'] / 1000:.2f} cores at the peak, one board a move at "
            f"{m['picture_ms']:.2f} ms CPU (after a move, its table's tiles kept); "
            f"{peak * m['picture_cold_ms'] / 1000:.2f} where boards are drawn cold "
            f"({m['picture_cold_ms']:.2f} ms: a process with more tables moving at once than "
            "its 24 MB of tiles hold)",
        ),
        (
            "shards and processes",
            f"{shards} shards ({SERVERS:,} servers / "
            f"{SERVERS_PER_SHARD:,}); e.g. {-(-shards // 10)} processes of 10 shards, all on one "
            "PostgreSQL",
        ),
        (
            "memory",
            f"{m['mb_per_game'] * 1e3:.1f} KB per cached game: the caches' default "
            f"bound, not the games, sets it; all 1M cached would be "
            f"{m['mb_per_game'] * GAMES_RUNNING / 1024:,.1f} GB",
        ),
        (
            "rows",
            f"{GAMES_RUNNING * m['rows_per_game'] / 2 / 1e6:,.0f}M for 1M running games "
            f"(a finished game leaves {m['rows_per_game']:,.0f}, {m['logged_per_game']:,.0f} of "
            f"them its move log; a running one half on average: {half:,.0f} moves)",
        ),
        (
            "bytes",
            f"{db_bytes / 1e9:,.1f} GB for 1M running games ({m['bytes_per_game'] / 1e3:,.0f}"
            f" KB per finished game, {m['bytes_per_logged_move']:,.0f} B per logged move, "
            f"snapshot {m['snapshot_bytes'] / 1e3:,.1f} KB), plus "
            f"{finished_a_day * m['bytes_per_game'] / 1e9:,.2f} GB a day of finished games "
            f"({finished_a_day:,.0f} a day)",
        ),
        (
            "database writes",
            f"{peak:,.0f} moves/s at the peak against {m['full_100']:,.0f}/s "
            "measured on one SQLite file (FULL, 100 games at once, group commit); one file is one "
            "process, so many shards share PostgreSQL (PgBouncer in front)",
        ),
    ]


def run() -> list[str]:
    m = measure()
    lines = [
        f"measured: engines >= {m['engine_moves']:,.0f} moves/s CPU; a stored move "
        f"{m['cpu_per_move'] * 1e6:,.0f} µs CPU; {m['moves'] / m['games']:,.0f} moves, "
        f"{m['logged_per_game']:,.0f} logged, {m['rows_per_game']:,.0f} rows and "
        f"{m['bytes_per_game'] / 1e3:,.0f} KB per finished game ({m['games']} games); SQLite "
        f"FULL {m['full_100']:,.0f} moves/s (100 games); {m['calls_per_move']:.2f} "
        f"rate-limited Discord calls per move; {m['mb_per_game'] * 1e3:.1f} KB RSS per cached "
        f"game; a hard decision {m['hard_cpu']:.2f} s CPU; a board picture "
        f"{m['picture_ms']:.2f} ms CPU after a move, {m['picture_cold_ms']:.2f} ms cold "
        "(the slowest game's median)"
    ]
    lines += [f"{what:<21} {figure}" for what, figure in derive(m)]
    return lines


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    print("\n".join(run()))
