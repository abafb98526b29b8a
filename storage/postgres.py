"""The PostgreSQL dialect of the store (asyncpg; ``core.SqlStore`` holds the logic): the same
records and guarantees as the SQLite store, for several bot processes sharing one database.

A pool of connections, used concurrently. Every game write is conditional on the version the
writer read (the database serialises writers on the game's row, and the later one finds the
version changed): a stale or concurrent write raises ``StaleVersion`` and changes nothing, in
whichever process it was made. A game comes back with its seats in one row.

Works through a connection pooler in transaction mode (PgBouncer): the store keeps no state in
a session between transactions (its locks are transaction-scoped, ``exclusive`` included), and
``?statement_cache_size=0`` in the URL turns off asyncpg's cache of prepared statements, which
a pooler without prepared statement support (PgBouncer before 1.21) breaks: the next statement
may run on another server connection, where the one prepared does not exist.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager, contextmanager
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from .base import StoreUnavailable, StoreUnusable, described, wrote
from .core import SqlStore
from .migrations import MIGRATIONS, scripts, tables
from .records import GameRecord, game_from_row, seat_from_row
from .sql import statements

POOL_SIZE = 10
CONNECT_TIMEOUT = 10.0  # seconds to reach the server (asyncpg's default is a minute)
# Several processes may start at once: the first takes this lock and migrates, the others
# wait for it and then find nothing left to do. Keyed by schema, so that two deployments (or
# two tests) in different schemas of one server do not wait for each other.
MIGRATE_LOCK = "SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':tavern-migrate'))"


TABLES_HERE = (
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
)


async def schema_of(conn: asyncpg.Connection, where: str) -> int | None:
    """The schema version of the database (None: no ``tavern_schema`` table yet); refused with
    ``StoreUnusable`` when a newer Tavern wrote it, when it lacks tables it must have at its
    version, or when it has none yet but holds tables named like Tavern's (another program's)."""
    found = {row[0] for row in await conn.fetch(TABLES_HERE)}
    current = None
    if "tavern_schema" in found:
        current = await conn.fetchval("SELECT max(version) FROM tavern_schema")
    if current is not None and current > len(MIGRATIONS):
        from .store import newer

        raise newer(where, current)
    if current:
        missing = tables(current) - found
        if missing:
            from .store import lacking

            raise lacking(where, current, missing)
    elif found & tables():
        raise StoreUnusable(
            where,
            "it holds tables named like Tavern's "
            f"({', '.join(sorted(found & tables()))}) but no tavern_schema: another program's",
            "Give Tavern a database (or a schema: ?search_path=NAME in TAVERN_DB) of its own",
        )
    return current


async def migrate(conn: asyncpg.Connection, where: str = "PostgreSQL") -> int:
    """Apply every migration the database has not seen yet, in one transaction; the table
    ``tavern_schema`` holds the last one applied. Return the schema version. A database this
    code cannot use is refused (``schema_of``), changing nothing."""
    async with conn.transaction():
        await conn.execute(MIGRATE_LOCK)
        await schema_of(conn, where)
        await conn.execute("CREATE TABLE IF NOT EXISTS tavern_schema (version INTEGER NOT NULL)")
        current = await conn.fetchval("SELECT max(version) FROM tavern_schema")
        if current is None:
            await conn.execute("INSERT INTO tavern_schema VALUES (0)")
            current = 0
        for number, script in enumerate(scripts("postgresql"), start=1):
            if number > current:
                await conn.execute(script)
                current = number
        await conn.execute("UPDATE tavern_schema SET version = $1", current)
    return current


@contextmanager
def _connecting(target: str):
    """A first connection: a URL asyncpg cannot read is ``StoreUnusable``, a server it cannot
    reach or that refuses it ``StoreUnavailable`` (neither message holds the password)."""
    try:
        yield
    except ValueError as exc:  # asyncpg's ClientConfigurationError is one too
        raise StoreUnusable(
            "(a PostgreSQL URL)",
            f"it is not a URL PostgreSQL understands ({type(exc).__name__}: {exc})",
            "Write TAVERN_DB as postgresql://user:password@host:5432/database",
        ) from exc
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc


# A setting of the store's own in the URL's query string (asyncpg would send any other to the
# server as a session setting): how many prepared statements each connection keeps (asyncpg's
# default, 100, when absent; 0 behind a pooler in transaction mode).
STATEMENT_CACHE = "statement_cache_size"


def connect_options(target: str) -> tuple[str, dict]:
    """The URL asyncpg is given (without the store's own settings) and the keyword arguments
    those settings become: ``postgresql://...?statement_cache_size=0`` ->
    ``("postgresql://...", {"statement_cache_size": 0})``."""
    parts = urlsplit(target)
    query = parse_qsl(parts.query, keep_blank_values=True)
    ours = [value for key, value in query if key == STATEMENT_CACHE]
    if not ours:
        return target, {}
    raw = ours[-1].strip()
    if not raw.isdigit():
        raise StoreUnusable(
            described(target),
            f"its {STATEMENT_CACHE} must be a whole number, not {raw!r}",
            "Write ?statement_cache_size=0 (the cache of prepared statements off, as a pooler "
            "such as PgBouncer in transaction mode needs) or leave it out",
        )
    rest = urlencode([(key, value) for key, value in query if key != STATEMENT_CACHE])
    return urlunsplit(parts._replace(query=rest)), {STATEMENT_CACHE: int(raw)}


def _count(status: str) -> int:
    """The row count of a command tag such as ``UPDATE 1`` (``SELECT 0``: no row)."""
    return int(status.rsplit(" ", 1)[-1])


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A released connection needs no reset (asyncpg's default costs a round trip per use):
    the store sets no session state (no SET, LISTEN or open cursor; its advisory locks end with
    their transactions, and ``exclusive`` holds its own on a connection of its own)."""


@contextmanager
def reaching():
    """A server that cannot be reached (a new pooled connection refused, a timeout) is
    ``StoreUnavailable``, as at start-up (``base.store_failed`` knows it is the database)."""
    try:
        yield
    except (OSError, TimeoutError) as exc:
        raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc


class Connection:
    """The ``core.Runner`` of an asyncpg pool, or of one connection (in a transaction)."""

    __slots__ = ("_conn",)

    def __init__(self, conn: asyncpg.Pool | asyncpg.Connection) -> None:
        self._conn = conn

    async def rows(self, statement: str, params: Sequence = ()) -> list[asyncpg.Record]:
        with reaching():
            return await self._conn.fetch(statement, *params)

    async def value(self, statement: str, params: Sequence = ()):
        with reaching():
            return await self._conn.fetchval(statement, *params)

    async def write(self, statement: str, params: Sequence = ()) -> int:
        with reaching():
            return _count(await self._conn.execute(statement, *params))

    async def many(self, statement: str, rows: Iterable[Sequence]) -> None:
        with reaching():
            await self._conn.executemany(statement, rows)


class PgStore(SqlStore):
    """Open with ``await Store.open("postgresql://...")``; close with ``await store.close()``."""

    shared = True  # other processes may write the same games
    q = statements("postgresql")

    def __init__(self, pool: asyncpg.Pool, target: str) -> None:
        self._pool = pool
        self.path = target
        self._dsn, self._options = connect_options(target)
        self._read = Connection(pool)

    @classmethod
    async def connect(cls, target: str, pool_size: int = POOL_SIZE) -> PgStore:
        dsn, options = connect_options(target)
        with _connecting(target):
            pool = await asyncpg.create_pool(
                dsn,
                min_size=1,
                max_size=pool_size,
                reset=_keep_session,
                timeout=CONNECT_TIMEOUT,
                **options,
            )
        try:
            async with pool.acquire() as conn:
                await migrate(conn, described(target))
        except BaseException:
            await pool.close()
            raise
        return cls(pool, target)

    @staticmethod
    async def inspect(target: str) -> None:
        """Raise what ``connect`` would (``StoreUnavailable``, ``StoreUnusable``) without
        creating or changing anything (``bot.py --check``)."""
        dsn, options = connect_options(target)
        with _connecting(target):
            conn = await asyncpg.connect(dsn, timeout=CONNECT_TIMEOUT, **options)
        try:
            await schema_of(conn, described(target))
        finally:
            await conn.close()

    async def close(self) -> None:
        await self._pool.close()

    async def _write(self, statement: str, params: Sequence = ()) -> int:
        with reaching():
            count = _count(await self._pool.execute(statement, *params))
        wrote()
        return count

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        with reaching():
            async with self._pool.acquire() as conn, conn.transaction():
                yield Connection(conn)
        wrote()

    def _listed(self, statement: str, values: Sequence) -> tuple[str, tuple]:
        return statement, (list(values),)  # one array: ``= ANY($n)``

    async def take_budget(self, name: str, want: int, rate: float, burst: float) -> float:
        """One statement on the bucket's row in ``rate_budget``, on the server's clock (the
        processes' own clocks may differ): shared by every process on this database. Not
        counted as a write of the request (``counting``)."""
        return await self._read.value(self.q.TAKE_BUDGET, (name, want, rate, burst))

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
        """A transaction-scoped advisory lock, in a transaction held open on a connection of
        its own for the whole block: ending the transaction releases it, and so does the
        connection closing (also when the process dies). Not a session lock: behind a pooler
        in transaction mode the server connection is this client's only during a transaction,
        so a session lock would stay on a server connection handed to other clients (who would
        take it again, a lock being re-entrant in its session) after this client was done.
        The pool's connections stay free for the work done meanwhile, which may be long (the
        transaction writes nothing, so it holds back no vacuum; the server's idle transaction
        timeout is turned off for it)."""
        conn = await asyncpg.connect(self._dsn, **self._options)
        try:
            async with conn.transaction():
                await conn.execute("SET LOCAL idle_in_transaction_session_timeout = 0")
                yield await conn.fetchval(self.q.TRY_LOCK, name)
        finally:
            await conn.close()
