"""Storage on real SQLite files."""
from __future__ import annotations

import json
import sqlite3

import pytest

from storage import MIGRATIONS, SeatRecord, StaleVersion, Store
from tables import TableService
from tests.toy import TOY


async def _new_game(store: Store) -> int:
    return await store.create_game(kind="toy", guild_id=1, channel_id=2, host_id=10,
                                   options={"pile": 7}, seed=42, now=1.0, remind_after=60,
                                   seats=[SeatRecord(0, 10, None, "ann")])


async def test_migrates_an_empty_file_and_reopens(tmp_path):
    path = str(tmp_path / "t.db")
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    game_id = await _new_game(store)
    await store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    store = await Store.open(path)  # a second open applies nothing and keeps the data
    game = await store.get_game(game_id)
    assert game.kind == "toy" and game.seats[0].name == "ann" and game.options == {"pile": 7}
    await store.close()


async def test_stale_version_is_refused_and_changes_nothing(store):
    game_id = await _new_game(store)
    game = await store.get_game(game_id)
    await store.save_state(game_id, game.version, 0, state={"a": 1}, status="running",
                           moves=[(0, "x")], now=2.0, deadline_at=None, recent=[])
    with pytest.raises(StaleVersion, match="changed in the meantime"):
        await store.save_state(game_id, game.version, 1, state={"a": 2}, status="running",
                               moves=[(0, "y")], now=3.0, deadline_at=None, recent=[])
    with pytest.raises(StaleVersion, match="changed in the meantime"):
        await store.set_seats(game_id, game.version, [], 3.0)
    after = await store.get_game(game_id)
    assert after.state == {"a": 1} and after.version == game.version + 1
    assert [m.action for m in await store.moves(game_id)] == ["x"]
    assert len(after.seats) == 1


async def test_move_log_primary_key_refuses_a_duplicate_move_number(store):
    game_id = await _new_game(store)
    game = await store.get_game(game_id)
    await store.save_state(game_id, game.version, 0, state={}, status="running",
                           moves=[(0, "x")], now=2.0, deadline_at=None, recent=[])
    game = await store.get_game(game_id)
    # a wrong move count can never overwrite a move
    with pytest.raises(StaleVersion, match="changed in the meantime"):
        await store.save_state(game_id, game.version, 0, state={}, status="running",
                               moves=[(0, "y")], now=2.0, deadline_at=None, recent=[])
    with sqlite3.connect(store.path) as raw, pytest.raises(sqlite3.IntegrityError):
        raw.execute("INSERT INTO moves VALUES (?, 1, 0, 'z', 0)", (game_id,))
    assert (await store.get_game(game_id)).version == game.version


async def test_replaying_the_log_rebuilds_the_snapshot(tmp_path):
    path = str(tmp_path / "t.db")
    store = await Store.open(path)
    service = TableService(store, registry={"toy": TOY}, seed_source=lambda: 1234)
    game = await service.open_table("toy", guild_id=1, channel_id=2, host_id=10, host_name="ann")
    await service.add_bot(game.id, 10)
    await service.add_bot(game.id, 10)
    outcome = await service.start(game.id, 10)
    while outcome.game.status == "running":
        action = service.choices(outcome.game, 0)[0][0]
        outcome = await service.move(game.id, 10, action)
    await store.close()
    store = await Store.open(path)  # from the file, not from memory
    service = TableService(store, registry={"toy": TOY})
    stored = await store.get_game(game.id)
    assert stored.status == "finished"
    assert await service.replay(game.id) == stored.state
    assert json.dumps(stored.state)  # the snapshot is plain JSON
    await store.close()


async def test_a_database_at_an_older_migration_is_upgraded_with_its_data(tmp_path):
    path = str(tmp_path / "old.db")
    with sqlite3.connect(path) as raw:  # a database as the first release left it
        raw.executescript(MIGRATIONS[0] + "\nPRAGMA user_version = 1;")
        raw.execute("INSERT INTO games (kind, host_id, seed, created_at, updated_at) "
                    "VALUES ('toy', 10, 5, 1.0, 1.0)")
        raw.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 10, 'ann')")
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS) >= 2
    game = await store.get_game(1)
    assert game.kind == "toy" and game.seats[0].name == "ann"
    assert game.seats[0].notified_version == -1
    await store.close()


async def test_dm_panels_are_remembered_replaced_and_forgotten_across_reopens(tmp_path):
    path = str(tmp_path / "t.db")
    store = await Store.open(path)
    game_id = await _new_game(store)
    assert await store.dm_panels(game_id) == {}
    await store.set_dm_panel(game_id, 0, (111, 222, 3))
    await store.set_dm_panel(game_id, 1, (444, 555, 3))
    await store.set_dm_panel(game_id, 0, (111, 333, 4))   # a newer DM replaces the old one
    await store.close()
    store = await Store.open(path)                       # a restart forgets nothing
    assert await store.dm_panels(game_id) == {0: (111, 333, 4), 1: (444, 555, 3)}
    await store.set_dm_panel(game_id, 1, None)
    assert await store.dm_panels(game_id) == {0: (111, 333, 4)}
    assert await store.dm_panels(game_id + 1) == {}
    await store.set_dm_panel(game_id, 2, (666, 777, 5))
    await store.forget_dm_panels(game_id)                 # the game is over
    assert await store.dm_panels(game_id) == {}
    game = await store.get_game(game_id)
    assert game.version == 0                              # not game state: no version bump
    await store.close()


async def test_markers_are_conditional_and_never_move_backwards(store):
    game_id = await _new_game(store)
    game = await store.get_game(game_id)
    assert await store.set_notified(game_id, 0, 5)
    assert not await store.set_notified(game_id, 0, 3)  # an older record: no change
    assert not await store.set_notified(game_id, 0, 5)
    assert (await store.get_game(game_id)).seats[0].notified_version == 5
    assert await store.set_dm_closed(game_id, 0)
    assert not await store.set_dm_closed(game_id, 0)  # only the first writer is told "first"
    # The deadline is re-armed only if game and deadline are still as read.
    assert await store.set_deadline(game_id, game.version, None, 100.0)
    assert not await store.set_deadline(game_id, game.version, None, 50.0)
    await store.save_state(game_id, game.version, 0, state={}, status="running", moves=[],
                           now=2.0, deadline_at=500.0, recent=[])
    assert not await store.set_deadline(game_id, game.version, 100.0, 60.0)  # stale version
    assert (await store.get_game(game_id)).deadline_at == 500.0


async def test_a_resign_keeps_marks_set_meanwhile_on_other_seats(open_service):
    """A resign from a cached record writes only the resigning seat's player columns: a
    closed-DM or notified mark written meanwhile (e.g. by another process) stays."""
    service = await open_service(seed_source=lambda: 1234)
    store = service.store
    game = await service.open_table("toy", guild_id=1, channel_id=2, host_id=10, host_name="ann")
    for user, name in ((20, "bob"), (30, "cat")):
        await service.join(game.id, user, name)
    game = (await service.start(game.id, 10)).game
    cached = await service.game(game.id)
    other = await Store.open(store.path)  # another connection, behind the service's back
    pv = cached.seats[1].prompt_version
    assert await other.set_dm_closed(game.id, 1) and await other.set_notified(game.id, 2, pv)
    await other.close()
    await service.resign(game.id, 10)
    stored = await store.get_game(game.id)
    assert stored.seats[0].is_bot and stored.seats[0].resigned
    assert stored.seats[1].dm_closed and stored.seats[2].notified_version == pv


async def test_durable_by_default_and_relaxed_only_when_asked(tmp_path):
    store = await Store.open(str(tmp_path / "t.db"))
    async with store._db.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 2  # FULL: a stored move survives a power loss
    await store.close()
    store = await Store.open(str(tmp_path / "t.db"), synchronous="normal")
    async with store._db.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone())[0] == 1
    await store.close()
    with pytest.raises(ValueError, match="full"):
        await Store.open(str(tmp_path / "t.db"), synchronous="sometimes")


def test_the_bot_reads_the_sync_setting(tmp_path, monkeypatch):
    import bot as tavern
    assert tavern.create_bot(str(tmp_path / "a.db")).sqlite_sync == "full"
    monkeypatch.setenv("TAVERN_SQLITE_SYNC", "Normal")
    assert tavern.create_bot(str(tmp_path / "a.db")).sqlite_sync == "normal"
