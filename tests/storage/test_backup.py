"""``python -m storage.backup``: a copy of a SQLite database taken while the bot has it open,
and the same command restoring it (docs/hosting.md, Backups)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from storage import MIGRATIONS, SeatRecord, Store
from storage.backup import backup

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
