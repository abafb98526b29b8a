"""The PostgreSQL dialect of the store (asyncpg; ``core.SqlStore`` holds the logic): the same
records and guarantees as the SQLite store, for several bot processes sharing one database.

A pool of connections, used concurrently. Every game write is conditional on the version the
writer read (the database serialises writers on the game's row, and the later one finds the
version changed): a stale or concurrent write raises ``StaleVersion`` and changes nothing, in
whichever process it was made. A game comes back with its seats in one row.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager

import asyncpg

from .base import NewerSchema, StoreUnavailable
from .core import SqlStore
from .migrations import scripts
from .records import GameRecord, game_from_row, seat_from_row
from .sql import statements

POOL_SIZE = 10
# Several processes may start at once: the first takes this lock and migrates, the others
# wait for it and then find nothing left to do. Keyed by schema, so that two deployments (or
# two tests) in different schemas of one server do not wait for each other.
MIGRATE_LOCK = "SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':tavern-migrate'))"


async def migrate(conn: asyncpg.Connection) -> int:
    """Apply every migration the database has not seen yet, in one transaction; the table
    ``tavern_schema`` holds the last one applied. Return the schema version. A database written
    by a newer Tavern (a version above the last migration known here) raises NewerSchema."""
    async with conn.transaction():
        await conn.execute(MIGRATE_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS tavern_schema (version INTEGER NOT NULL)")
        current = await conn.fetchval("SELECT max(version) FROM tavern_schema")
        if current is None:
            await conn.execute("INSERT INTO tavern_schema VALUES (0)")
            current = 0
        if current > len(scripts("postgresql")):
            raise NewerSchema(current, len(scripts("postgresql")))
        for number, script in enumerate(scripts("postgresql"), start=1):
            if number > current:
                await conn.execute(script)
                current = number
        await conn.execute("UPDATE tavern_schema SET version = $1", current)
    return current


def _count(status: str) -> int:
    """The row count of a command tag such as ``UPDATE 1`` (``SELECT 0``: no row)."""
    return int(status.rsplit(" ", 1)[-1])


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A released connection needs no reset (asyncpg's default costs a round trip per use):
    the store sets no session state (no SET, LISTEN or open cursor; its advisory locks are held
    on connections of their own, see ``exclusive``)."""


class Connection:
    """The ``core.Runner`` of an asyncpg pool, or of one connection (in a transaction)."""

    __slots__ = ("_conn",)

    def __init__(self, conn: asyncpg.Pool | asyncpg.Connection) -> None:
        self._conn = conn

    async def rows(self, statement: str, params: Sequence = ()) -> list[asyncpg.Record]:
        return await self._conn.fetch(statement, *params)

    async def value(self, statement: str, params: Sequence = ()):
        return await self._conn.fetchval(statement, *params)

    async def write(self, statement: str, params: Sequence = ()) -> int:
        return _count(await self._conn.execute(statement, *params))

    async def many(self, statement: str, rows: Iterable[Sequence]) -> None:
        await self._conn.executemany(statement, rows)


class PgStore(SqlStore):
    """Open with ``await Store.open("postgresql://...")``; close with ``await store.close()``."""

    shared = True  # other processes may write the same games
    q = statements("postgresql")

    def __init__(self, pool: asyncpg.Pool, target: str) -> None:
        self._pool = pool
        self.path = target
        self._read = Connection(pool)

    @classmethod
    async def connect(cls, target: str, pool_size: int = POOL_SIZE) -> PgStore:
        try:
            pool = await asyncpg.create_pool(
                target, min_size=1, max_size=pool_size, reset=_keep_session
            )
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, target)

    async def close(self) -> None:
        await self._pool.close()

    async def _write(self, statement: str, params: Sequence = ()) -> int:
        return _count(await self._pool.execute(statement, *params))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield Connection(conn)

    def _listed(self, statement: str, values: Sequence) -> tuple[str, tuple]:
        return statement, (list(values),)  # one array: ``= ANY($n)``

    async def _seated(self, rows: Sequence[asyncpg.Record]) -> list[GameRecord]:
        """The seats came in the row's last column (``sql.PIECES``: ``{game}``)."""
        games = []
        for row in rows:
            game = game_from_row(row)
            game.seats = [seat_from_row(s) for s in row[-1]]
            games.append(game)
        return games

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[bool]:
        """A session advisory lock on a connection of its own: closing it releases the lock
        (also when the process dies), and pooled connections never hold one."""
        conn = await asyncpg.connect(self.path)
        try:
            yield await conn.fetchval(self.q.TRY_LOCK, name)
        finally:
            await conn.close()
