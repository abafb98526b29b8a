"""Memory stays bounded: the service's and the messenger's per-game and per-user maps."""

from __future__ import annotations

import asyncio
import gc

from tables.caches import LRU, LockTable


def test_lru_drops_the_least_recently_used_and_finished_entries_first():
    dropped = []
    cache = LRU(3, done=lambda v: v == "over", on_drop=dropped.append)
    cache[1], cache[2], cache[3] = "a", "over", "c"
    cache.get(1)
    cache[4] = "d"  # full: the finished entry goes first, although 1 is older
    assert 2 not in cache and dropped == [2] and len(cache) == 3
    cache[5] = "e"  # then the least recently used (3: 1 was read after it)
    assert dropped == [2, 3] and 1 in cache and cache.pop(1) == "a" and 1 not in cache


async def test_a_lock_is_dropped_only_while_free():
    locks = LockTable()
    go = asyncio.Event()
    order = []

    async def request(n):
        async with locks(1):
            order.append(n)
            await go.wait()

    tasks = [asyncio.create_task(request(n)) for n in range(3)]
    await asyncio.sleep(0)  # each task's first step: the first holds the lock, the others wait
    gc.collect()
    assert len(locks) == 1 and locks(1).locked() and order == [0]  # held and awaited: kept
    go.set()
    await asyncio.gather(*tasks)
    assert order == [0, 1, 2]  # one at a time, on the same lock
    gc.collect()
    assert len(locks) == 0  # free and unreferenced: gone


async def test_touching_many_games_keeps_the_caches_bounded(open_service):
    service = await open_service(synchronous="normal", cache_size=10)
    ids = []
    for _ in range(40):
        game = await service.lobby.open_table(
            "toy", guild_id=1, channel_id=2, host_id=10, host_name="ann"
        )
        await service.lobby.add_bot(game.id, 10)
        ids.append((await service.lobby.start(game.id, 10)).game.id)
    for game_id in ids:
        service.to_act(await service.game(game_id))
    assert len(service._cache) <= 10 and len(service._live) <= 10
    gc.collect()
    assert len(service._lock) == 0
    # A dropped game is simply read again.
    assert (await service.game(ids[0])).id == ids[0]


def test_the_messenger_maps_are_bounded():
    from cogs.messenger import Messenger

    messenger = Messenger(bot=None, service=None)
    for user in range(messenger._dm_channels.capacity + 50):
        messenger._dm_channels[user] = user
    assert len(messenger._dm_channels) == messenger._dm_channels.capacity
    assert isinstance(messenger._board_locks, LockTable)
