"""Group commit on SQLite (issue 25): writes queued while a commit runs are committed together, in
one transaction (one sync to disk in FULL mode), each with its own answer; nobody is answered
before their write is committed; a write that fails, or is cancelled while it waits, changes
nothing for the others. Real SQLite files."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from storage import StaleVersion, Store
from tests.storage.test_store import _new_game, save


class Commits:
    """Counts the transactions the store's connection commits (explicit or single statements)."""

    def __init__(self, store) -> None:
        self.explicit = 0
        self.single = 0
        real = store._db.execute

        async def execute(statement, params=()):
            cursor = await real(statement, params)
            if statement == "COMMIT":
                self.explicit += 1
            elif not store._db.in_transaction:
                self.single += 1
            return cursor

        store._db.execute = execute


async def _move(store: Store, game_id: int, version: int, n: int):
    await save(store, game_id, version, n, [(0, f"m{n}")], state={"n": n + 1}, now=2.0 + n)


@pytest.fixture
async def sqlite_store(tmp_path):
    store = await Store.open(str(tmp_path / "g.db"))
    yield store
    await store.close()


async def test_moves_of_many_games_at_once_share_commits_and_are_all_stored(sqlite_store):
    store = sqlite_store
    games = [await _new_game(store) for _ in range(40)]
    versions = {g: (await store.get_game(g)).version for g in games}
    commits = Commits(store)
    await asyncio.gather(*(_move(store, g, versions[g], 0) for g in games))
    # 40 moves, far fewer commits: all but the first waited for one and went into the next
    assert commits.explicit + commits.single < 10
    assert commits.explicit >= 1
    for g in games:
        game = await store.get_game(g)
        assert game.state == {"n": 1} and game.version == versions[g] + 1
        assert [m.action for m in await store.moves(g)] == ["m0"]


async def test_each_write_of_a_group_gets_its_own_answer(sqlite_store):
    """Two moves at the same version of one game in one group: the first is stored, the second
    is refused as stale, as if each had come alone; a third game's move is not disturbed."""
    store = sqlite_store
    a, b = await _new_game(store), await _new_game(store)
    va, vb = (await store.get_game(a)).version, (await store.get_game(b)).version
    results = await asyncio.gather(
        _move(store, a, va, 0),
        _move(store, a, va, 0),
        _move(store, b, vb, 0),
        return_exceptions=True,
    )
    assert results[0] is None and isinstance(results[1], StaleVersion) and results[2] is None
    assert [m.action for m in await store.moves(a)] == ["m0"]
    assert [m.action for m in await store.moves(b)] == ["m0"]


async def test_a_failing_write_fails_alone_and_the_rest_of_its_group_is_kept(sqlite_store):
    store = sqlite_store
    games = [await _new_game(store) for _ in range(5)]
    versions = [(await store.get_game(g)).version for g in games]
    commits = Commits(store)
    writes = [_move(store, g, v, 0) for g, v in zip(games, versions)]
    bad = store._write("INSERT INTO no_such_table VALUES (1)")
    results = await asyncio.gather(*writes[:2], bad, *writes[2:], return_exceptions=True)
    assert isinstance(results[2], sqlite3.OperationalError)
    assert [r for i, r in enumerate(results) if i != 2] == [None] * 5
    for g in games:
        assert [m.action for m in await store.moves(g)] == ["m0"]
    assert commits.explicit == 0  # the group was taken back and each write retried alone


async def test_a_write_cancelled_while_it_waits_is_not_stored(sqlite_store):
    store = sqlite_store
    a, b = await _new_game(store), await _new_game(store)
    va, vb = (await store.get_game(a)).version, (await store.get_game(b)).version
    async with store._write_lock:  # a commit running: both writes wait in the queue
        first = asyncio.create_task(_move(store, a, va, 0))
        second = asyncio.create_task(_move(store, b, vb, 0))
        await asyncio.sleep(0.01)
        assert len(store._queued) == 2
        second.cancel()
        with pytest.raises(asyncio.CancelledError):
            await second
    await first
    assert [m.action for m in await store.moves(a)] == ["m0"]
    assert await store.moves(b) == []
    assert (await store.get_game(b)).version == vb


async def test_nobody_is_answered_before_their_write_is_committed(tmp_path):
    """When a write returns, another connection to the file already sees it."""
    path = str(tmp_path / "n.db")
    store = await Store.open(path)
    try:
        games = [await _new_game(store) for _ in range(6)]
        versions = [(await store.get_game(g)).version for g in games]

        def seen(game_id: int) -> int:
            with sqlite3.connect(path) as other:
                query = "SELECT count(*) FROM moves WHERE game_id = ?"
                return other.execute(query, (game_id,)).fetchone()[0]

        async def move(i):
            await _move(store, games[i], versions[i], 0)
            return seen(games[i])

        assert await asyncio.gather(*(move(i) for i in range(6))) == [1] * 6
    finally:
        await store.close()


async def test_closing_writes_what_is_queued_first(tmp_path):
    store = await Store.open(str(tmp_path / "c.db"))
    games = [await _new_game(store) for _ in range(3)]
    versions = [(await store.get_game(g)).version for g in games]
    tasks = [asyncio.create_task(_move(store, g, v, 0)) for g, v in zip(games, versions)]
    await asyncio.sleep(0)
    await store.close()
    await asyncio.gather(*tasks)
    reopened = await Store.open(str(tmp_path / "c.db"))
    try:
        for g in games:
            assert [m.action for m in await reopened.moves(g)] == ["m0"]
    finally:
        await reopened.close()
