"""The SQLite dialect of the store (``core.SqlStore`` holds the logic): games, seats, snapshots
and the append-only move log, in one file.

One aiosqlite connection, one process (several processes share a PostgreSQL database instead:
``postgres.py``). Every write takes an asyncio lock (coroutines sharing a connection share its
transaction); one that spans several statements runs inside ``BEGIN IMMEDIATE``. A move is one
UPDATE of its game: the triggers of migration 1 write its log rows and prompts.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager

import aiosqlite

from .base import NewerSchema
from .core import SqlStore
from .migrations import scripts
from .records import GameRecord, game_from_row, seat_from_row
from .sql import statements

# SQLite's synchronous modes we allow. In WAL mode, FULL syncs the log on every commit (a
# stored move survives a power loss); NORMAL syncs at checkpoints only (a move survives a
# crash of the process, but an OS crash or a power cut may roll back the latest ones).
SYNC_MODES = ("full", "normal", "extra")


async def migrate(db: aiosqlite.Connection) -> int:
    """Apply every migration the file has not seen yet, each in its own transaction that also
    sets ``PRAGMA user_version`` to its number; return the schema version. A file written by
    a newer Tavern (a version above the last migration known here) raises NewerSchema."""
    async with db.execute("PRAGMA user_version") as cur:
        (current,) = await cur.fetchone()
    if current > len(scripts("sqlite")):
        raise NewerSchema(current, len(scripts("sqlite")))
    for number, script in enumerate(scripts("sqlite"), start=1):
        if number <= current:
            continue
        await db.executescript(
            f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
        )
        current = number
    return current


class Connection:
    """The ``core.Runner`` of one aiosqlite connection (no lock: see ``SqliteStore._write``)."""

    __slots__ = ("_db",)

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def rows(self, statement: str, params: Sequence = ()) -> Iterable[Sequence]:
        return await self._db.execute_fetchall(statement, params)

    async def value(self, statement: str, params: Sequence = ()):
        rows = await self._db.execute_fetchall(statement, params)
        return rows[0][0] if rows else None

    async def write(self, statement: str, params: Sequence = ()) -> int:
        cursor = await self._db.execute(statement, params)  # one hop: rowcount needs no fetch
        return cursor.rowcount

    async def many(self, statement: str, rows: Iterable[Sequence]) -> None:
        await self._db.executemany(statement, rows)


class SqliteStore(SqlStore):
    """Open with ``await Store.open(path)``; close with ``await store.close()``."""

    q = statements("sqlite")

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._read = Connection(db)
        self._write_lock = asyncio.Lock()
        self._exclusive: set[str] = set()

    @classmethod
    async def connect(cls, path: str, *, synchronous: str = "full") -> SqliteStore:
        """``synchronous``: "full" (default) makes every stored move durable against an OS
        crash or a power loss too; "normal" only against a crash of this process (faster)."""
        if synchronous.lower() not in SYNC_MODES:
            raise ValueError(
                f"synchronous must be one of {', '.join(SYNC_MODES)}, not {synchronous!r}"
            )
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        try:
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    async def close(self) -> None:
        await self._db.close()

    async def _write(self, statement: str, params: Sequence = ()) -> int:
        async with self._write_lock:
            return (await self._db.execute(statement, params)).rowcount

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._read
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")

    def _listed(self, statement: str, values: Sequence) -> tuple[str, tuple]:
        return statement.format(marks=",".join("?" * len(values))), tuple(values)

    async def _seated(self, rows: Sequence[Sequence]) -> list[GameRecord]:
        """The seats are read with a second statement: one game's, or all the games' at once."""
        games = [game_from_row(r) for r in rows]
        if len(games) == 1:
            seats = await self._read.rows(self.q.SELECT_SEATS, (games[0].id,))
            games[0].seats = [seat_from_row(r) for r in seats]
        elif games:
            by_id = {g.id: g for g in games}
            statement, ids = self._listed(self.q.SELECT_SEATS_MANY, tuple(by_id))
            for row in await self._read.rows(statement, ids):
                by_id[row[0]].seats.append(seat_from_row(row[1:]))
        return games

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[bool]:
        """One process owns the file: exclusive among this process's tasks."""
        mine = name not in self._exclusive
        self._exclusive.add(name)
        try:
            yield mine
        finally:
            if mine:
                self._exclusive.discard(name)
