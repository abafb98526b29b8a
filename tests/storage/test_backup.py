"""Backups as docs/hosting.md takes and restores them: ``python -m storage.backup`` copies a
SQLite database while the bot has it open, and the same command restores it; PostgreSQL's
``pg_dump --format=custom`` and ``pg_restore --no-owner`` round-trip a database."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from storage import MIGRATIONS, SeatRecord, Store
from storage.backup import backup
from tests import pgserver
from tests.conftest import pg_run

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "storage.backup", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def _new_game(store: Store, seed: int) -> int:
    return await store.create_game(
        kind="toy",
        guild_id=1,
        channel_id=2,
        host_id=10,
        options={},
        seed=seed,
        now=1.0,
        remind_after=60,
        seats=[SeatRecord(0, 10, None, "ann")],
    )


async def test_a_backup_taken_while_the_bot_writes_has_every_committed_game(tmp_path):
    live = tmp_path / "tavern.db"
    store = await Store.open(str(live))  # the bot: its connection stays open throughout
    ids = [await _new_game(store, seed) for seed in (1, 2, 3)]
    assert (tmp_path / "tavern.db-wal").stat().st_size > 0  # the games are in the log so far
    done = _run(str(live), str(tmp_path / "copy.db"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        f"{live} -> {tmp_path / 'copy.db'}: 3 games, schema version {len(MIGRATIONS)}, integrity ok"
    )
    later = await _new_game(store, 4)  # the bot played on meanwhile
    await store.close()
    with sqlite3.connect(tmp_path / "copy.db") as copy:
        assert [r[0] for r in copy.execute("SELECT id FROM games ORDER BY id")] == ids
    assert later not in ids
    assert not (tmp_path / "copy.db.part").exists()


async def test_restoring_is_the_same_command_into_the_database_name(tmp_path):
    live = tmp_path / "tavern.db"
    store = await Store.open(str(live))
    kept = await _new_game(store, 1)
    backup(live, tmp_path / "backup.db")
    await _new_game(store, 2)  # lost with the disk, below
    await store.close()
    for name in ("tavern.db", "tavern.db-wal", "tavern.db-shm"):  # the bot is stopped; aside
        if (tmp_path / name).exists():
            os.replace(tmp_path / name, tmp_path / f"broken-{name}")
    done = _run(str(tmp_path / "backup.db"), str(live))
    assert done.returncode == 0, done.stderr
    store = await Store.open(str(live))  # the bot starts again on the restored file
    assert await store.get_game(kept) is not None
    assert await store.get_game(kept + 1) is None
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()


async def test_it_never_overwrites_and_never_creates_a_database(tmp_path):
    live = tmp_path / "tavern.db"
    store = await Store.open(str(live))
    await _new_game(store, 1)
    await store.close()
    old = tmp_path / "old.db"
    old.write_bytes(b"an older backup")
    # The two names swapped by mistake: the live games are not overwritten.
    done = _run(str(old), str(live))
    assert done.returncode == 1
    assert "tavern: backup:" in done.stderr and "exists" in done.stderr
    with sqlite3.connect(live) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    (tmp_path / "new.db-wal").write_bytes(b"stale")  # a stale log would be replayed into it
    assert _run(str(live), str(tmp_path / "new.db")).returncode == 1
    assert not (tmp_path / "new.db").exists()
    # A misspelt source is not a new empty database; nor is any other file copied.
    done = _run(str(tmp_path / "tavren.db"), str(tmp_path / "a.db"))
    assert done.returncode == 1 and "not a file" in done.stderr
    assert not (tmp_path / "tavren.db").exists() and not (tmp_path / "a.db").exists()
    done = _run(str(old), str(tmp_path / "b.db"))
    assert done.returncode == 1 and "not a SQLite database" in done.stderr
    with sqlite3.connect(tmp_path / "other.db") as db:
        db.execute("CREATE TABLE t (x)")
    done = _run(str(tmp_path / "other.db"), str(tmp_path / "c.db"))
    assert done.returncode == 1 and "not a Tavern database" in done.stderr
    done = _run("postgresql://tavern@db/tavern", str(tmp_path / "d.db"))
    assert done.returncode == 1 and "pg_dump" in done.stderr
    made = sorted(p.name for p in tmp_path.iterdir() if p.suffix in (".db", ".part"))
    assert made == ["old.db", "other.db", "tavern.db"]


def test_help():
    done = _run("--help")
    assert done.returncode == 0
    assert "online backup" in done.stdout and "pg_dump" in done.stdout


def _pg_program(name: str) -> str:
    where = pgserver.bin_dir()
    found = str(where / name) if where and (where / name).exists() else shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


async def test_pg_dump_and_pg_restore_as_the_hosting_guide_says(pg_server, tmp_path):
    names = [f"tavern_{uuid.uuid4().hex[:10]}" for _ in range(2)]
    source, restored = (urlsplit(pg_server)._replace(path=f"/{n}").geturl() for n in names)
    for name in names:
        pg_run(pg_server, f"CREATE DATABASE {name}")
    try:
        store = await Store.open(source)
        kept = await _new_game(store, 1)
        await store.close()
        dump = tmp_path / "tavern.dump"
        for argv in (
            [_pg_program("pg_dump"), "--format=custom", f"--file={dump}", source],
            [_pg_program("pg_restore"), "--no-owner", f"--dbname={restored}", str(dump)],
        ):
            done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stderr
        store = await Store.open(restored)  # the bots start again on the restored database
        assert (await store.get_game(kept)).seed == 1
        assert await store.schema_version() == len(MIGRATIONS)
        await store.close()
    finally:
        for name in names:
            pg_run(pg_server, f"DROP DATABASE IF EXISTS {name}")
