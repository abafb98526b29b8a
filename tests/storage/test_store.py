"""Storage on both backends: real SQLite files and a real PostgreSQL server (``backend``)."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from storage import MIGRATIONS, SeatRecord, StaleVersion, Store, StoreUnusable
from storage.migrations import scripts
from tables import TableService
from tests.toy import TOY


async def _new_game(store: Store, **kw) -> int:
    args = dict(
        kind="toy",
        guild_id=1,
        channel_id=2,
        host_id=10,
        options={"pile": 7},
        seed=42,
        now=1.0,
        remind_after=60,
        seats=[SeatRecord(0, 10, None, "ann")],
    )
    return await store.create_game(**{**args, **kw})


async def save(store: Store, game_id: int, version: int, count: int, moves, **kw) -> None:
    """``store.save_state`` with what the tests rarely vary given: a running game, no news, no
    deadline, an empty state, at time 2."""
    args = dict(state={}, status="running", now=2.0, deadline_at=None, recent=[])
    await store.save_state(game_id, version, count, moves=moves, **{**args, **kw})


async def test_migrates_an_empty_database_and_reopens(backend):
    store = await Store.open(backend.target)
    assert store.shared is (backend.name == "postgresql")
    assert await store.schema_version() == len(MIGRATIONS)
    game_id = await _new_game(store)
    await store.close()
    store = await Store.open(backend.target)  # a second open applies nothing and keeps the data
    assert await store.schema_version() == len(MIGRATIONS)
    game = await store.get_game(game_id)
    assert game.kind == "toy" and game.seats[0].name == "ann" and game.options == {"pile": 7}
    assert await store.get_game(game_id + 1) is None
    await store.close()


async def test_sqlite_file_uses_the_write_ahead_log(tmp_path):
    path = str(tmp_path / "t.db")
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


async def test_processes_opening_at_once_migrate_once(backend):
    if backend.name == "sqlite":
        pytest.skip("a SQLite file belongs to one process; several share PostgreSQL")
    stores = await asyncio.gather(*(Store.open(backend.target) for _ in range(3)))
    assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 3
    for store in stores:
        await store.close()


async def test_stale_version_is_refused_and_changes_nothing(backend):
    store = await Store.open(backend.target)
    game_id = await _new_game(store)
    game = await store.get_game(game_id)
    await save(store, game_id, game.version, 0, [(0, "x")], state={"a": 1})
    with pytest.raises(StaleVersion, match="changed in the meantime"):
        await save(store, game_id, game.version, 1, [(0, "y")], state={"a": 2}, now=3.0)
    with pytest.raises(StaleVersion, match="changed in the meantime"):
        await save(
            store,
            game_id,
            game.version,
            1,
            [(0, "y")],
            state={"a": 2},
            now=3.0,
            player=SeatRecord(0, None, "random", "bot"),
        )
    with pytest.raises(StaleVersion, match="changed in the meantime"):
        await store.set_seats(game_id, game.version, [], 3.0)
    with pytest.raises(StaleVersion):
        await store.set_status(game_id, game.version, "abandoned", 3.0)
    after = await store.get_game(game_id)
    assert after.state == {"a": 1} and after.version == game.version + 1
    assert after.status == "running"
    assert [m.action for m in await store.moves(game_id)] == ["x"]
    assert [(s.name, s.user_id) for s in after.seats] == [("ann", 10)]
    await store.close()


async def test_concurrent_writers_on_two_connections_store_one_move(backend):
    """Two stores on one database (as two processes would have): of two writes made from the
    same version, exactly one is stored."""
    one, two = await Store.open(backend.target), await Store.open(backend.target)
    game_id = await _new_game(one)
    for round_ in range(20):
        game = await one.get_game(game_id)
        results = await asyncio.gather(
            *(
                store.save_state(
                    game_id,
                    game.version,
                    game.move_count,
                    state={"by": who},
                    status="running",
                    moves=[(0, f"{who}{round_}")],
                    now=2.0,
                    deadline_at=None,
                    recent=[],
                )
                for who, store in (("a", one), ("b", two))
            ),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["NoneType", "StaleVersion"]
    log = await two.moves(game_id)
    assert [m.n for m in log] == list(range(1, 21))
    assert (await two.get_game(game_id)).move_count == 20
    await one.close()
    await two.close()


async def test_move_log_primary_key_refuses_a_duplicate_move_number(backend):
    store = await Store.open(backend.target)
    game_id = await _new_game(store)
    game = await store.get_game(game_id)
    await save(store, game_id, game.version, 0, [(0, "x")])
    game = await store.get_game(game_id)
    # a wrong move count can never overwrite a move
    with pytest.raises(StaleVersion, match="changed in the meantime"):
        await save(store, game_id, game.version, 0, [(0, "y")])
    with pytest.raises(backend.integrity_error):
        backend.raw("INSERT INTO moves VALUES (?, 1, 0, 'z', 0)", game_id)
    assert (await store.get_game(game_id)).version == game.version
    assert [m.action for m in await store.moves(game_id)] == ["x"]
    await store.close()


async def test_moves_prompts_and_seats_are_stored_together(backend):
    store = await Store.open(backend.target)
    seats = [
        SeatRecord(0, 10, None, "ann"),
        SeatRecord(1, 20, None, "bob"),
        SeatRecord(2, None, "random", "Botty (bot)"),
    ]
    game_id = await _new_game(store, seats=seats[:1])
    await store.set_seats(game_id, 0, seats, 2.0)
    game = await store.get_game(game_id)
    assert [(s.seat, s.user_id, s.bot) for s in game.seats] == [
        (0, 10, None),
        (1, 20, None),
        (2, None, "random"),
    ]
    assert game.version == 1 and game.updated_at == 2.0
    await save(
        store,
        game_id,
        1,
        0,
        [(0, "a"), (2, "b"), (1, "c")],
        state={"s": 1},
        now=3.0,
        deadline_at=99.5,
        recent=["news"],
        prompts=[1],
    )
    game = await store.get_game(game_id)
    assert (game.version, game.move_count, game.status, game.deadline_at, game.recent) == (
        2,
        3,
        "running",
        99.5,
        ["news"],
    )
    assert [s.prompt_version for s in game.seats] == [-1, 2, -1]
    assert [(m.n, m.seat, m.action, m.at) for m in await store.moves(game_id)] == [
        (1, 0, "a", 3.0),
        (2, 2, "b", 3.0),
        (3, 1, "c", 3.0),
    ]
    # a player replaced with the move (a resignation): only that seat's player changes
    await save(
        store,
        game_id,
        2,
        3,
        [(0, "d")],
        state={"s": 2},
        now=4.0,
        prompts=[0],
        player=SeatRecord(1, None, "random", "bob (resigned)", resigned=True),
    )
    game = await store.get_game(game_id)
    assert [(s.name, s.resigned, s.is_bot, s.prompt_version) for s in game.seats] == [
        ("ann", False, False, 3),
        ("bob (resigned)", True, True, 2),
        ("Botty (bot)", False, True, -1),
    ]
    assert game.move_count == 4 and game.deadline_at is None
    assert [m.action for m in await store.moves(game_id)] == ["a", "b", "c", "d"]
    await store.set_status(game_id, 3, "finished", 5.0)
    assert (await store.get_game(game_id)).status == "finished"
    await store.close()


async def test_lookups_metadata_and_notices(backend):
    store = await Store.open(backend.target)
    big = 2**62 + 12345  # Discord ids need 64 bits
    first = await _new_game(
        store,
        host_id=big,
        channel_id=big + 1,
        seats=[SeatRecord(0, big, None, "ann"), SeatRecord(1, 20, None, "b")],
    )
    second = await _new_game(store, channel_id=7, now=2.0)
    await store.set_messages(first, lobby_message_id=5, thread_id=big + 2)
    await store.set_messages(first, board_message_id=6)
    game = await store.get_game(first)
    assert (game.host_id, game.lobby_message_id, game.thread_id, game.board_message_id) == (
        big,
        5,
        big + 2,
        6,
    )
    assert [g.id for g in await store.games_of_user(big)] == [first]
    assert [g.id for g in await store.games_of_user(10)] == [second]
    assert [g.id for g in await store.games_in_channel(big + 1)] == [first]
    assert [g.id for g in await store.games_in_channel(big + 2)] == [first]  # its thread
    assert [len(g.seats) for g in await store.games_in_channel(big + 1)] == [2]
    assert await store.games_of_user(big, statuses=("finished",)) == []

    await save(store, first, game.version, 0, [], now=3.0, deadline_at=50.0, prompts=[0, 1])
    await store.set_status(second, 0, "running", 3.0, deadline_at=40.0)
    assert [g.id for g in await store.unnotified_games()] == [first]
    game = await store.get_game(first)
    await store.set_notified(first, 0, game.seats[0].prompt_version)
    await store.set_notified(first, 1, game.seats[1].prompt_version)
    assert await store.unnotified_games() == []
    await store.set_dm_closed(first, 1)
    assert (await store.get_game(first)).seats[1].dm_closed is True

    assert await store.due_games(39.0) == []
    assert [g.id for g in await store.due_games(60.0)] == [second, first]  # most overdue first
    assert [len(g.seats) for g in await store.due_games(60.0)] == [1, 2]
    assert await store.set_deadline(second, 1, 40.0, None)
    assert [g.id for g in await store.due_games(60.0)] == [first]
    await store.close()


async def test_games_with_a_bot_seat(backend):
    store = await Store.open(backend.target)
    plain = await _new_game(store)
    botted = await _new_game(
        store, seats=[SeatRecord(0, 10, None, "ann"), SeatRecord(1, None, "random", "Botty (bot)")]
    )
    for game_id in (plain, botted):
        await store.set_status(game_id, 0, "running", 2.0)
    assert [(g.id, len(g.seats)) for g in await store.bot_waiting_games()] == [(botted, 2)]
    await store.set_status(botted, 1, "finished", 3.0)
    assert await store.bot_waiting_games() == []
    await store.close()


async def test_a_due_reminder_is_claimed_once(backend):
    """Two processes re-arm the same due deadline: exactly one of them does (and reminds)."""
    one, two = await Store.open(backend.target), await Store.open(backend.target)
    game_id = await _new_game(one)
    await one.set_status(game_id, 0, "running", 1.0, deadline_at=10.0)
    for round_, (old, new) in enumerate(((10.0, 100.0), (100.0, None))):
        claims = await asyncio.gather(
            one.set_deadline(game_id, 1, old, new), two.set_deadline(game_id, 1, old, new)
        )
        assert sorted(claims) == [False, True], round_
    assert (await two.get_game(game_id)).deadline_at is None
    assert await two.due_games(1e9) == []
    await one.close()
    await two.close()


async def test_exclusive_work_goes_to_one_store_at_a_time(backend):
    one = await Store.open(backend.target)
    two = await Store.open(backend.target) if backend.name == "postgresql" else one
    async with one.exclusive("catch-up") as first:
        async with two.exclusive("catch-up") as second:
            assert (first, second) == (True, False)
        async with two.exclusive("reminders") as other:  # another name is another claim
            assert other is True
    async with two.exclusive("catch-up") as again:  # released when the first one was done
        assert again is True
    await one.close()
    if two is not one:
        await two.close()


async def test_replaying_the_log_rebuilds_the_snapshot(backend):
    store = await Store.open(backend.target)
    service = TableService(store, registry={"toy": TOY}, seed_source=lambda: 1234)
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=10, host_name="ann"
    )
    await service.lobby.add_bot(game.id, 10)
    await service.lobby.add_bot(game.id, 10)
    outcome = await service.lobby.start(game.id, 10)
    while outcome.game.status == "running":
        action = service.choices(outcome.game, 0)[0][0]
        outcome = await service.turns.move(game.id, 10, action)
    await store.close()
    store = await Store.open(backend.target)  # from the database, not from memory
    service = TableService(store, registry={"toy": TOY})
    stored = await store.get_game(game.id)
    assert stored.status == "finished"
    assert await service.history.replay(game.id) == stored.state
    assert json.dumps(stored.state)  # the snapshot is plain JSON
    await store.close()


async def test_a_database_at_an_older_migration_is_upgraded_with_its_data(backend):
    if backend.name == "sqlite":  # a database as the first release left it
        backend.raw_script(scripts("sqlite")[0] + "\nPRAGMA user_version = 1;")
    else:
        backend.raw_script(
            scripts("postgresql")[0] + "\nCREATE TABLE tavern_schema (version INTEGER "
            "NOT NULL); INSERT INTO tavern_schema VALUES (1);"
        )
    backend.raw(
        "INSERT INTO games (kind, host_id, seed, created_at, updated_at) "
        "VALUES ('toy', 10, 5, 1.0, 1.0)"
    )
    backend.raw("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 10, 'ann')")
    store = await Store.open(backend.target)
    assert await store.schema_version() == len(MIGRATIONS) >= 2
    game = await store.get_game(1)
    assert game.kind == "toy" and game.seats[0].name == "ann"
    assert game.seats[0].notified_version == -1
    await store.close()


async def test_a_database_written_by_a_newer_tavern_is_refused_and_left_as_it_is(backend):
    """Going back to an older Tavern: a schema version above the last migration it knows is
    refused on open (the older code does not know those tables), and nothing is changed."""
    store = await Store.open(backend.target)
    game_id = await _new_game(store)
    await store.close()
    newer = len(MIGRATIONS) + 1
    if backend.name == "sqlite":
        backend.raw_script(f"PRAGMA user_version = {newer};")
    else:
        backend.raw(f"UPDATE tavern_schema SET version = {newer}")
    with pytest.raises(StoreUnusable) as refused:
        await Store.open(backend.target)
    assert f"schema version {newer}" in str(refused.value)
    assert "newer version of Tavern" in str(refused.value)
    if backend.name == "sqlite":
        with sqlite3.connect(backend.target) as db:
            assert db.execute("PRAGMA user_version").fetchone()[0] == newer
    else:
        assert backend.raw("SELECT version FROM tavern_schema", fetch=True)[0][0] == newer
    assert backend.raw("SELECT id FROM games", fetch=True)[0][0] == game_id


async def test_dm_panels_are_remembered_replaced_and_forgotten_across_reopens(backend):
    store = await Store.open(backend.target)
    big = 2**62 + 7  # Discord ids need 64 bits
    game_id = await _new_game(store)
    assert await store.dm_panels(game_id) == {}
    await store.set_dm_panel(game_id, 0, (111, 222, 3))
    await store.set_dm_panel(game_id, 1, (big, big + 1, 3))
    await store.set_dm_panel(game_id, 0, (111, 333, 4))  # a newer DM replaces the old one
    await store.close()
    store = await Store.open(backend.target)  # a restart forgets nothing
    assert await store.dm_panels(game_id) == {0: (111, 333, 4), 1: (big, big + 1, 3)}
    await store.set_dm_panel(game_id, 1, None)
    assert await store.dm_panels(game_id) == {0: (111, 333, 4)}
    assert await store.dm_panels(game_id + 1) == {}
    await store.set_dm_panel(game_id, 2, (666, 777, 5))
    await store.forget_dm_panels(game_id)  # the game is over
    assert await store.dm_panels(game_id) == {}
    game = await store.get_game(game_id)
    assert game.version == 0  # not game state: no version bump
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
    await save(store, game_id, game.version, 0, [], deadline_at=500.0)
    assert not await store.set_deadline(game_id, game.version, 100.0, 60.0)  # stale version
    assert (await store.get_game(game_id)).deadline_at == 500.0


async def test_a_resign_keeps_marks_set_meanwhile_on_other_seats(backend, open_service):
    """A resign from a cached record writes only the resigning seat's player columns: a
    closed-DM or notified mark written meanwhile (e.g. by another process) stays."""
    service = await open_service(backend.target, seed_source=lambda: 1234)
    store = service.store
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=10, host_name="ann"
    )
    for user, name in ((20, "bob"), (30, "cat")):
        await service.lobby.join(game.id, user, name)
    game = (await service.lobby.start(game.id, 10)).game
    cached = await service.game(game.id)
    other = await Store.open(store.path)  # another connection, behind the service's back
    pv = cached.seats[1].prompt_version
    assert await other.set_dm_closed(game.id, 1) and await other.set_notified(game.id, 2, pv)
    await other.close()
    await service.turns.resign(game.id, 10)
    stored = await store.get_game(game.id)
    assert stored.seats[0].is_bot and stored.seats[0].resigned
    assert stored.seats[1].dm_closed and stored.seats[2].notified_version == pv


async def test_sqlite_is_durable_by_default_and_relaxed_only_when_asked(tmp_path):
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


async def test_an_unreachable_postgresql_is_explained_without_its_password(tmp_path):
    import bot as tavern
    from storage import StoreUnavailable

    url = "postgresql://tavern:s3cret@127.0.0.1:1/tavern"  # nothing listens on port 1
    with pytest.raises(StoreUnavailable) as caught:
        await Store.open(url)
    line = tavern.explain(caught.value, tavern.create_bot(url))
    assert line.startswith("Cannot reach the database postgresql://tavern:***@127.0.0.1:1/")
    assert "s3cret" not in line and "Discord" not in line
