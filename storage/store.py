"""The SQLite dialect of the store (``core.SqlStore`` holds the logic): games, seats, snapshots
and the append-only move log, in one file.

One aiosqlite connection, one process (several processes share a PostgreSQL database instead:
``postgres.py``). Every write takes an asyncio lock (coroutines sharing a connection share its
transaction); one that spans several statements runs inside ``BEGIN IMMEDIATE``. Single
statements are group-committed: those queued while a commit runs share the next one (one sync
to disk for all, ``SqliteStore._write``). A move is one UPDATE of its game: the triggers of
migration 1 write its log rows and prompts.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager

import aiosqlite

from .base import StoreUnusable, described, wrote
from .core import SqlStore
from .migrations import MIGRATIONS, scripts, tables
from .records import GameRecord, game_from_row, seat_from_row
from .sql import statements

# SQLite's synchronous modes we allow. In WAL mode, FULL syncs the log on every commit (a
# stored move survives a power loss); NORMAL syncs at checkpoints only (a move survives a
# crash of the process, but an OS crash or a power cut may roll back the latest ones).
SYNC_MODES = ("full", "normal", "extra")


# How long opening waits for a file another connection holds locked (then it is refused: see
# ``inspect``); a running store waits longer (``busy_timeout``), a write being worth a wait.
OPEN_LOCK_WAIT = 2.0
BUSY_TIMEOUT_MS = 5000
HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file
NEW_FILE = "a file name not in use to start a new database"


def newer(where: str, version: int) -> StoreUnusable:
    """A database whose schema is past the last migration this code knows."""
    return StoreUnusable(
        where,
        f"it was written by a newer version of Tavern (schema version {version}; this "
        f"version knows up to {len(MIGRATIONS)})",
        "Update Tavern to that version or later, or set TAVERN_DB to another database",
    )


def lacking(where: str, version: int, missing: Iterable[str]) -> StoreUnusable:
    """A database at ``version`` without some of the tables it must have by then."""
    return StoreUnusable(
        where,
        f"it is at schema version {version} but "
        + (
            "has none of Tavern's tables"
            if set(missing) == tables(version)
            else f"lacks Tavern's tables {', '.join(sorted(missing))}"
        )
        + ", so it was damaged or emptied",
        f"Restore it from a backup, or set TAVERN_DB to {NEW_FILE}",
    )


def unusable(path: str, exc: sqlite3.Error) -> StoreUnusable:
    """What a SQLite error met while opening or checking ``path`` says about the file."""
    where, said = described(path), f"SQLite: {exc}"
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc).lower()
    if name in ("SQLITE_BUSY", "SQLITE_LOCKED") or "locked" in text:
        return StoreUnusable(
            where,
            f"another program holds it locked ({said})",
            "Stop that program (another Tavern on the same file, or a database browser with "
            "unsaved changes: a SQLite file serves one bot process, several processes share "
            "a PostgreSQL database)",
        )
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return StoreUnusable(
            where,
            f"it cannot be written ({said})",
            "Let the bot's user write the file and its folder (or mount the disk writable)",
        )
    if name == "SQLITE_FULL" or "disk is full" in text:
        return StoreUnusable(where, f"the disk is full ({said})", "Free some space on that disk")
    if name in ("SQLITE_NOTADB",) or "not a database" in text:
        return StoreUnusable(
            where,
            f"it is not a SQLite database, or it is damaged from its first page on ({said})",
            f"Set TAVERN_DB to Tavern's database file, or to {NEW_FILE}",
        )
    if name.startswith("SQLITE_CORRUPT") or "malformed" in text:
        return StoreUnusable(
            where,
            f"the file is damaged ({said})",
            f"Restore it from a backup, or set TAVERN_DB to {NEW_FILE}",
        )
    if name.startswith("SQLITE_CANTOPEN") or name == "SQLITE_PERM" or "unable to open" in text:
        return StoreUnusable(
            where,
            f"it cannot be opened ({said})",
            "Let the bot's user read and write the file and its folder",
        )
    return StoreUnusable(
        where, f"it cannot be used ({said})", "Check the file, its folder and the disk"
    )


def inspect(path: str, *, create: bool = True) -> None:
    """Raise ``StoreUnusable`` saying why ``path`` cannot be Tavern's SQLite database; return
    if it can. Nothing is changed, and nothing is left open.

    A file that does not exist yet can be (it is created when opened) if its folder exists and
    the bot may write there. An existing one must be a SQLite database, undamaged (``PRAGMA
    quick_check``), not locked by another program (a write lock is taken and given back,
    waiting ``OPEN_LOCK_WAIT`` seconds at most), writable, at a schema version this code knows
    and with every table of that version (a version 0 file: no table of anyone else's).
    ``create`` False (``bot.py --check``): a missing file is not created either."""
    if path == ":memory:" or path.startswith("file:"):
        return  # an in-memory database or a URI the caller chose: nothing to look at
    where, full = described(path), os.path.abspath(path)
    folder = os.path.dirname(full)
    if os.path.isdir(full):
        inside = os.path.join(full, "tavern.db")
        raise StoreUnusable(
            where, "it is a folder, not a file", f"Set TAVERN_DB to a file, e.g. {inside}"
        )
    if not os.path.isdir(folder):
        what = "is a file, not a folder" if os.path.exists(folder) else "does not exist"
        raise StoreUnusable(
            where,
            f"its folder {folder} {what}",
            "Create that folder, or set TAVERN_DB to a file in a folder that exists",
        )
    if not os.path.exists(full):
        if not os.access(folder, os.W_OK | os.X_OK):
            raise StoreUnusable(
                where,
                f"it does not exist yet, and the bot may not create files in {folder}",
                "Let the bot's user write that folder, or set TAVERN_DB to a file in a "
                "folder it may write to",
            )
        return
    try:
        with open(full, "rb") as file:
            head = file.read(len(HEADER))
    except OSError as exc:
        raise StoreUnusable(
            where,
            f"it cannot be read ({exc.strerror or exc})",
            "Let the bot's user read and write the file and its folder",
        ) from None
    if head and head != HEADER:  # an empty file is a new database
        raise StoreUnusable(
            where,
            "it is not a SQLite database (some other kind of file, or one damaged from its "
            "first bytes on)",
            f"Set TAVERN_DB to Tavern's database file, or to {NEW_FILE}",
        )
    try:
        db = sqlite3.connect(full, timeout=OPEN_LOCK_WAIT, isolation_level=None)
    except sqlite3.Error as exc:
        raise unusable(path, exc) from None
    try:
        _inspect_open(path, db)
    except sqlite3.Error as exc:
        raise unusable(path, exc) from None
    finally:
        db.close()


def _inspect_open(path: str, db: sqlite3.Connection) -> None:
    (version,) = db.execute("PRAGMA user_version").fetchone()
    found = {
        name
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        if not name.startswith("sqlite_")
    }
    checked = [row[0] for row in db.execute("PRAGMA quick_check(5)")]
    if checked != ["ok"]:
        raise StoreUnusable(
            described(path),
            f"the file is damaged (SQLite's check: {'; '.join(checked)})",
            f"Restore it from a backup, or set TAVERN_DB to {NEW_FILE}",
        )
    if version > len(MIGRATIONS):
        raise newer(described(path), version)
    if version == 0 and found:
        raise StoreUnusable(
            described(path),
            f"it holds another program's tables ({', '.join(sorted(found)[:5])}), not Tavern's",
            f"Set TAVERN_DB to Tavern's database file, or to {NEW_FILE}",
        )
    missing = tables(version) - found
    if missing:
        raise lacking(described(path), version, missing)
    db.execute("BEGIN IMMEDIATE")  # no other writer, and the file can be written:
    try:
        db.execute(f"PRAGMA user_version = {version}")  # a write, taken back at once
    finally:
        db.execute("ROLLBACK")


async def migrate(db: aiosqlite.Connection, path: str = ":memory:") -> int:
    """Apply every migration the file has not seen yet, each in its own transaction that also
    sets ``PRAGMA user_version`` to its number; return the schema version. A file at a version
    past the last migration (a newer Tavern's) is refused: ``StoreUnusable``."""
    async with db.execute("PRAGMA user_version") as cur:
        (current,) = await cur.fetchone()
    if current > len(MIGRATIONS):
        raise newer(described(path), current)
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
    # Writes queued while a commit runs are committed together (``_write``); False commits each
    # alone (the benchmark compares both).
    group_commit = True

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._read = Connection(db)
        self._write_lock = asyncio.Lock()
        self._queued: list[tuple[str, Sequence, asyncio.Future[int]]] = []
        self._writer: asyncio.Task | None = None
        self._exclusive: set[str] = set()

    @classmethod
    async def connect(cls, path: str, *, synchronous: str = "full") -> SqliteStore:
        """``synchronous``: "full" (default) makes every stored move durable against an OS
        crash or a power loss too; "normal" only against a crash of this process (faster)."""
        if synchronous.lower() not in SYNC_MODES:
            raise ValueError(
                f"synchronous must be one of {', '.join(SYNC_MODES)}, not {synchronous!r}"
            )
        # A file that cannot be used is refused with its reason before aiosqlite opens it (its
        # worker thread outlives a connection that failed half-way).
        await asyncio.to_thread(inspect, path)
        try:
            db = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise unusable(path, exc) from exc
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(OPEN_LOCK_WAIT * 1000)}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db, path)
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        except BaseException as exc:
            await db.close()  # its thread too: nothing keeps the process alive
            if isinstance(exc, sqlite3.Error):
                raise unusable(path, exc) from exc
            raise
        return cls(db, path)

    async def close(self) -> None:
        if self._writer is not None:  # what is queued is written first
            await asyncio.shield(self._writer)
        await self._db.close()

    async def _write(self, statement: str, params: Sequence = ()) -> int:
        """One statement, committed (synced to disk in FULL mode) before it returns.

        Group commit: the writes are queued, and one writer task commits everything queued at
        once, in one transaction (one sync for all); writes that arrive meanwhile go into its
        next commit. Each is told its own row count, and nobody before their write is
        committed. A caller cancelled while its write still waits takes it back."""
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        entry = (statement, params, done)
        self._queued.append(entry)
        if self._writer is None:
            self._writer = asyncio.create_task(self._drain())
        try:
            count = await asyncio.shield(done)
        except asyncio.CancelledError:
            if any(e is entry for e in self._queued):
                self._queued.remove(entry)
            raise
        wrote()
        return count

    async def _drain(self) -> None:
        """The writer task: commit what is queued until nothing is."""
        try:
            while self._queued:
                async with self._write_lock:  # what is queued when the lock is free goes in
                    batch, self._queued = self._queued, []
                    try:
                        await self._commit(batch)
                    except BaseException as exc:
                        for _, _, done in batch:
                            if not done.done():
                                done.set_exception(exc)
                        raise
        finally:
            self._writer = None

    async def _commit(self, batch: list[tuple[str, Sequence, asyncio.Future[int]]]) -> None:
        """Commit ``batch`` (under the write lock): one statement alone, several in one
        transaction. If one of several fails, none is kept and each is retried alone, so each
        write gets the answer it would have had alone."""
        if len(batch) > 1 and self.group_commit:
            counts = []
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                for statement, params, _ in batch:
                    counts.append((await self._db.execute(statement, params)).rowcount)
                await self._db.execute("COMMIT")
            except Exception:  # noqa: BLE001 - each write is retried below, with its own error
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
            else:
                for (_, _, done), count in zip(batch, counts):
                    done.set_result(count)
                return
        for statement, params, done in batch:
            try:
                done.set_result((await self._db.execute(statement, params)).rowcount)
            except Exception as exc:  # noqa: BLE001 - it is that write's answer
                done.set_exception(exc)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._read
            except BaseException:
                if self._db.in_transaction:  # SQLite ends it by itself on some errors (a full disk)
                    await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")
                wrote()

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
