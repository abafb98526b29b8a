"""A database the code cannot use is refused when it is opened (``StoreUnusable``, saying why),
on both backends, and left as it was; ``check_store`` (``bot.py --check``) finds the same and
creates or changes nothing. What a failure of the database while running looks like to the
rest of the code (``store_failed``). The start-up line a host reads for each case is tested
through ``bot.py`` itself in ``tests/platform/test_startup_failures.py``."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from storage import MIGRATIONS, Store, StoreUnusable, check_store, counting, store_failed, written
from storage import store as sqlite_backend


async def _made(backend) -> None:
    """A database of the current schema (then closed)."""
    await (await Store.open(backend.target)).close()


def _version(backend) -> int:
    if backend.name == "sqlite":
        return backend.raw("PRAGMA user_version", fetch=True)[0][0]
    return backend.raw("SELECT max(version) FROM tavern_schema", fetch=True)[0][0]


async def _refused(target: str, *words: str) -> None:
    """Opening and checking ``target`` are both refused, naming ``words``."""
    for attempt in (Store.open(target), check_store(target)):
        with pytest.raises(StoreUnusable) as refused:
            await attempt
        for word in words:
            assert word in str(refused.value), str(refused.value)


async def test_a_newer_schema_is_refused_and_left_as_it_is(backend):
    await _made(backend)
    newer = len(MIGRATIONS) + 1
    if backend.name == "sqlite":
        backend.raw(f"PRAGMA user_version = {newer}")
    else:
        backend.raw("UPDATE tavern_schema SET version = ?", newer)
    await _refused(backend.target, "newer version of Tavern", f"schema version {newer}")
    assert _version(backend) == newer  # not migrated, not touched


async def test_a_database_missing_its_tables_is_refused(backend):
    await _made(backend)
    backend.raw("DROP TABLE user_langs")
    await _refused(
        backend.target, f"schema version {len(MIGRATIONS)}", "user_langs", "damaged or emptied"
    )
    assert _version(backend) == len(MIGRATIONS)


async def test_another_programs_database_is_refused(backend):
    backend.raw("CREATE TABLE games (name TEXT)")  # someone else's table, no Tavern schema
    await _refused(backend.target, "another program's", "games")
    assert backend.raw("SELECT count(*) FROM games", fetch=True) == [(0,)]  # still theirs


async def test_a_failed_open_leaves_no_thread_behind(tmp_path, monkeypatch):
    """A connection that failed half-way is closed (aiosqlite's worker thread, left running,
    kept the process from exiting): here a newer file met by the migration itself, with the
    check made before aiosqlite opens it skipped."""
    path = str(tmp_path / "t.db")
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    monkeypatch.setattr(sqlite_backend, "inspect", lambda *args, **kwargs: None)
    with pytest.raises(StoreUnusable, match="newer version of Tavern") as refused:
        await Store.open(path)
    for thread in _connection_threads():  # (``refused`` holds the frames, so no garbage
        thread.join(timeout=2)  # collection stops it): it ends once its connection is closed
    assert not _connection_threads()
    assert refused.value.__traceback__ is not None


def _connection_threads() -> list[threading.Thread]:
    """aiosqlite's worker threads still running (not daemons: one keeps the process alive)."""
    return [
        t for t in threading.enumerate() if "_connection_worker_thread" in t.name and t.is_alive()
    ]


async def test_checking_creates_nothing(tmp_path):
    missing = tmp_path / "new.db"
    await check_store(str(missing))  # a new file can be made there: fine
    assert not missing.exists()
    await _refused(str(tmp_path / "no" / "new.db"), "does not exist")
    assert not (tmp_path / "no").exists()


def test_what_counts_as_the_database_failing():
    full = sqlite3.OperationalError("database or disk is full")
    assert store_failed(full)
    assert store_failed(sqlite3.OperationalError("attempt to write a readonly database"))
    assert store_failed(sqlite3.DatabaseError("database disk image is malformed"))
    try:
        try:
            raise full
        except sqlite3.Error as exc:
            raise RuntimeError("wrapped") from exc
    except RuntimeError as wrapped:
        assert store_failed(wrapped)  # what caused it counts
    assert not store_failed(sqlite3.IntegrityError("UNIQUE constraint failed"))  # a bug
    assert not store_failed(RuntimeError("a bug"))
    assert not store_failed(OSError("a network error elsewhere"))


async def test_counting_what_a_request_stored(backend, store):
    """``counting`` tells a request's error handler whether anything of it was stored (then a
    failure is not "nothing was done"); a write that failed does not count."""
    assert written() == 0
    with counting():
        assert written() == 0
        await store.set_user_lang(1, "de")
        with counting():  # nested: one count
            await store.set_table_lang(await _a_game(store), "es")
        assert written() == 3  # the game (one transaction), and two writes
        if backend.name == "sqlite":
            await store._db.execute("PRAGMA query_only = 1")
            with pytest.raises(sqlite3.OperationalError) as failed:
                await store.set_user_lang(2, "de")
            await store._db.execute("PRAGMA query_only = 0")
            assert store_failed(failed.value) and written() == 3
    assert written() == 0


async def _a_game(store) -> int:
    return await store.create_game(
        kind="toy",
        guild_id=1,
        channel_id=2,
        host_id=3,
        options={},
        seed=1,
        now=1.0,
        remind_after=60.0,
        seats=[],
    )


@pytest.mark.parametrize(
    "said,words",
    [
        ("database is locked", "another program holds it locked"),
        ("attempt to write a readonly database", "it cannot be written"),
        ("database or disk is full", "the disk is full"),
        ("file is not a database", "not a SQLite database"),
        ("database disk image is malformed", "the file is damaged"),
        ("unable to open database file", "it cannot be opened"),
    ],
)
def test_what_sqlite_says_is_told_as_its_cause(said, words):
    """The reason SQLite gives, when opening a file fails, named as the host can act on it."""
    refused = sqlite_backend.unusable("t.db", sqlite3.OperationalError(said))
    assert words in refused.cause and said in refused.cause and refused.advice
