"""Rematches, watchers, a server's tables and when each decision began (migration 11, issue 26)
on both backends."""

from __future__ import annotations

import asyncio

from storage import MIGRATIONS, SeatRecord, Store

BIG = 2**62 + 99  # Discord ids need 64 bits


async def _game(store: Store, guild_id: int = 1, **extra) -> int:
    return await store.create_game(
        kind="toy",
        guild_id=guild_id,
        channel_id=2,
        host_id=BIG,
        options={"pile": 9},
        seed=1,
        now=1.0,
        remind_after=7200,
        seats=[SeatRecord(0, BIG, None, "ann"), SeatRecord(1, None, "hard", "Ada (bot)")],
        **extra,
    )


async def test_one_rematch_per_game_even_when_asked_at_once(store):
    old = await _game(store)
    seating = [{"user": None, "bot": "hard", "name": "Ada (bot)"}, {"user": BIG, "name": "ann"}]
    seats = [SeatRecord(0, None, "hard", "Ada (bot)")]
    asked = await asyncio.gather(
        *(
            store.create_rematch(
                old, host_id=20, seed=5, now=9.0, seats=seats, seating=seating, lang="de"
            )
            for _ in range(4)
        )
    )
    made = [new for new, created in asked if created]
    assert len(made) == 1 and {new for new, _ in asked} == set(made)
    new = made[0]
    assert await store.rematch_of(old) == new and await store.rematch_of(new) is None
    game = await store.get_game(new)
    assert (game.kind, game.guild_id, game.channel_id, game.options) == ("toy", 1, 2, {"pile": 9})
    assert (game.status, game.host_id, game.seed, game.remind_after) == ("lobby", 20, 5, 7200)
    assert [(s.user_id, s.bot) for s in game.seats] == [(None, "hard")]
    assert await store.seating(new) == seating and await store.seating(old) is None
    assert await store.table_lang(new) == "de"


async def test_a_rematch_keeps_the_tables_practice_flag_and_clock(store):
    """The clocks (migration 9) and practice tables (10) are table options too."""
    old = await _game(store, practice=True)
    await store.set_table_clock(old, 2 * 86400.0, 3600.0, "vote")
    plain = await _game(store)
    new, _ = await store.create_rematch(old, host_id=20, seed=5, now=9.0, seats=[], seating=[])
    again, _ = await store.create_rematch(plain, host_id=20, seed=6, now=9.0, seats=[], seating=[])
    game = await store.get_game(new)
    assert game.practice and not (await store.get_game(again)).practice
    clock = await store.table_clock(new)
    assert (clock.base, clock.increment, clock.on_timeout) == (2 * 86400.0, 3600.0, "vote")
    assert not clock.paused and await store.table_clock(again) is None


async def test_watchers_come_and_go(store):
    game = await _game(store)
    other = await _game(store)
    assert await store.watch(game, BIG, 5.0)
    assert not await store.watch(game, BIG, 6.0)  # once
    assert await store.watch(game, 7, 7.0) and await store.watch(other, 7, 8.0)
    assert await store.watchers(game) == [BIG, 7]
    assert {g.id for g in await store.watched_games(7)} == {game, other}
    assert await store.unwatch(game, BIG) and not await store.unwatch(game, BIG)
    assert await store.watchers(game) == [7]
    await store.set_status(other, 0, "abandoned", 9.0)
    assert [g.id for g in await store.watched_games(7)] == [game]


async def test_a_servers_tables_and_when_each_decision_began(store):
    mine, elsewhere = await _game(store, 1), await _game(store, 2)
    await store.save_state(
        mine,
        0,
        0,
        state={"x": 1},
        status="running",
        moves=[],
        now=50.5,
        deadline_at=None,
        recent=[],
        prompts=[1],
    )
    await store.save_state(
        mine,
        1,
        0,
        state={"x": 2},
        status="running",
        moves=[(1, "a")],
        now=80.0,
        deadline_at=None,
        recent=[],
        prompts=[0],
    )
    assert [g.id for g in await store.games_in_guild(1)] == [mine]
    assert await store.games_in_guild(3) == []
    assert [g.id for g in await store.games_in_guild(2, ("lobby",))] == [elsewhere]
    game = await store.get_game(mine)
    assert [s.prompt_at for s in game.seats] == [80.0, 50.5]
    assert [s.prompt_at for s in (await store.get_game(elsewhere)).seats] == [None, None]


async def test_a_game_running_before_the_upgrade_plays_on(backend):
    """The migration adds two tables and a column with no value: a game stored before it
    loads and plays on, its waiting seats' decisions without a start time until they change."""
    from tables import TableService
    from tests.storage.conftest import BEFORE_ISSUE_26
    from tests.toy import TOY

    game = await backend.running_game()
    version = len(MIGRATIONS)
    back = BEFORE_ISSUE_26  # the schema before the migrations of issue 26
    backend.back_to(back, backend.undo_issue_26())
    store = await Store.open(backend.target)
    try:
        assert await store.schema_version() == version
        service = TableService(store, registry={"toy": TOY})
        again = await service.game(game.id)
        assert again.state == game.state and [s.prompt_at for s in again.seats] == [None, None]
        seat = service.to_act(again)[0]
        action = service.engine("toy").legal_actions(service.state(again), seat)[0]
        moved = await service.turns.move(game.id, again.seats[seat].user_id, action)
        assert moved.game.move_count == again.move_count + 1
        assert await store.watchers(game.id) == [] and await store.rematch_of(game.id) is None
    finally:
        await store.close()
