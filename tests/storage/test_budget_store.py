"""The bot's share of Discord's global rate limit (migration 8, issue 25): a token bucket, in
the database the processes share (PostgreSQL) or in memory (SQLite, one process), on both
backends; and a database at migration 7 upgraded with its running games."""

from __future__ import annotations

import asyncio

import pytest

from storage import MIGRATIONS, Store, counting, written
from storage.base import Bucket
from tables import TableService
from tests.toy import TOY

NONE = 1e-9  # a refill too slow to matter within a test


async def test_a_bucket_gives_its_burst_then_promises_ahead_then_refills(store):
    with counting():
        assert await store.take_budget("t", 1, NONE, 2) == pytest.approx(
            2, abs=1e-3
        )  # a new one is full
        assert written() == 0  # not a write of the request
    assert await store.take_budget("t", 1, NONE, 2) == pytest.approx(1, abs=1e-3)
    assert await store.take_budget("t", 5, NONE, 2) == pytest.approx(
        0, abs=1e-3
    )  # all 5 promised ahead
    assert await store.take_budget("t", 1, NONE, 2) == pytest.approx(-5, abs=1e-3)
    assert await store.take_budget("other", 1, NONE, 3) == pytest.approx(
        3, abs=1e-3
    )  # its own bucket
    await asyncio.sleep(0.2)
    level = await store.take_budget("t", 1, 20, 2)  # 0.2 s at 20 a second: 4 tokens back
    assert -2.5 < level < -1.5
    await asyncio.sleep(0.5)  # 10 more, but never above the burst
    assert await store.take_budget("t", 0, 20, 2) == pytest.approx(2, abs=1e-3)


def test_the_memory_bucket_refills_by_its_clock():
    now = [100.0]
    bucket = Bucket(clock=lambda: now[0])
    assert bucket.take("b", 3, 10, 1) == 1  # 1 now, then 2 promised: at 0.1 s and 0.2 s
    now[0] += 0.25
    assert bucket.take("b", 1, 10, 1) == pytest.approx(0.5, abs=1e-3)
    now[0] -= 5  # a clock that goes back refills nothing and moves nothing back
    assert bucket.take("b", 1, 10, 1) == pytest.approx(-0.5, abs=1e-3)
    now[0] += 5.1
    assert bucket.take("b", 1, 10, 1) == pytest.approx(-0.5, abs=1e-3)


@pytest.mark.parametrize("through", ["pg_url", "pgbouncer_url"])
async def test_processes_share_one_bucket_and_no_token_is_given_twice(request, through):
    """Three stores (three processes' pools) taking at once from one bucket: every level
    comes back once, as if they had queued, and they see each other's takes; on PostgreSQL
    directly and through PgBouncer in transaction pooling mode."""
    url = request.getfixturevalue(through)
    stores = [await Store.open(url) for _ in range(3)]
    try:
        levels = await asyncio.gather(
            *(stores[i % 3].take_budget("discord", 1, NONE, 10) for i in range(30))
        )
        assert sorted(round(level) for level in levels) == list(range(-19, 11))
        assert await stores[0].take_budget("discord", 2, NONE, 10) == pytest.approx(-20, abs=1e-3)
        assert await stores[2].take_budget("discord", 1, NONE, 10) == pytest.approx(-22, abs=1e-3)
    finally:
        for store in stores:
            await store.close()


async def test_a_database_at_migration_7_keeps_its_running_games(backend):
    """Migration 8 adds the table ``rate_budget`` and touches nothing else: a game running
    before the upgrade plays on after it."""
    game = await backend.running_game()
    # back to the schema before: the running game was stored then
    backend.back_to(7, backend.undo_issue_26() + "DROP TABLE rate_budget;")
    store = await Store.open(backend.target)
    try:
        assert await store.schema_version() == len(MIGRATIONS) >= 8
        service = TableService(store, registry={"toy": TOY})
        again = await service.game(game.id)
        assert again.status == "running" and again.state == game.state
        seat = service.to_act(again)[0]
        action = service.engine("toy").legal_actions(service.state(again), seat)[0]
        moved = await service.turns.move(game.id, again.seats[seat].user_id, action)
        assert moved.game.move_count == again.move_count + 1
        assert await store.take_budget("discord", 1, 45, 1) == pytest.approx(1, abs=1e-3)
    finally:
        await store.close()
