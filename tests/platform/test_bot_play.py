"""Bots in the table service: levels per seat, thinking off the event loop, every bot move
stored as it is made, the human answered first."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from tables import TableError, TableService, botplay
from tests.toy import TOY

ANN, BOB, CAT = 10, 20, 30


@pytest.fixture
async def service(open_service):
    """The toy table service (``conftest.open_service``) on the real clock: bots keep their pace."""
    return await open_service(clock=time.time)


async def _table(service, *, bots=(), humans=((BOB, "bob"),)):
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    for user, name in humans:
        await service.lobby.join(game.id, user, name)
    for level in bots:
        game = await service.lobby.add_bot(game.id, ANN, level)
    return game


async def test_the_host_picks_each_bots_level(service):
    game = await _table(service, bots=("easy", "hard"), humans=())
    assert [s.bot for s in game.seats] == [None, "easy", "hard"]
    with pytest.raises(TableError, match="levels"):
        await service.lobby.add_bot(game.id, ANN, "grandmaster")
    stored = await service.store.get_game(game.id)
    assert [s.bot for s in stored.seats] == [None, "easy", "hard"]


async def test_a_resigned_seat_gets_the_tables_level_else_hard(service):
    game = await _table(service, bots=("easy",))
    await service.lobby.start(game.id, ANN)
    outcome = await service.turns.resign(game.id, BOB)
    assert outcome.game.seats[1].bot == "easy"  # the table's bot level
    game = await _table(service)  # no bot at this table: hard
    await service.lobby.start(game.id, ANN)
    outcome = await service.turns.replace_with_bot(game.id, BOB, by_user=ANN)
    assert outcome.game.seats[1].bot == "hard"


async def test_the_human_move_is_stored_first_then_each_bot_move(service):
    game = await _table(service, bots=("normal", "hard"), humans=())
    outcome = await service.lobby.start(game.id, ANN, bots=False)
    assert outcome.game.move_count == 0 and service.turns.bots_pending(game.id)
    counts = []
    async for step in service.turns.bot_turns(game.id):
        counts.append(step.game.move_count)
        assert len(await service.store.moves(game.id)) == step.game.move_count
    assert counts == list(range(1, len(counts) + 1)) and counts
    assert not service.turns.bots_pending(game.id)
    while (await service.game(game.id)).status == "running":
        game = await service.game(game.id)
        acting = service.to_act(game)
        assert acting == [0]
        before = game.move_count
        outcome = await service.turns.move(game.id, ANN, service.choices(game, 0)[0][0], bots=False)
        assert outcome.game.move_count == before + 1  # the human's move alone, stored
        async for step in service.turns.bot_turns(game.id):
            assert step.game.move_count > before
    assert await service.history.replay(game.id) == (await service.game(game.id)).state


async def test_bot_turns_resume_from_what_was_stored(service):
    """A chain stopped half way (a crash) goes on from the stored state next time."""
    game = await _table(service, bots=("easy", "easy"), humans=())
    await service.lobby.start(game.id, ANN, bots=False)
    first = await service.turns.bot_turn(game.id)
    assert first is not None and first.game.move_count == 1
    fresh = TableService(service.store, registry={"toy": TOY}, seed_source=lambda: 7)
    rest = [o async for o in fresh.turns.bot_turns(game.id)]
    assert all(o.game.move_count == 2 + k for k, o in enumerate(rest))


@pytest.mark.alone  # it measures time: no other test beside it
async def test_a_click_at_another_table_is_answered_while_a_bot_thinks(service, monkeypatch):
    """The bot at table A thinks hard (a busy CPU loop, 0.6 s) in a worker; a move at table B
    is stored and answered within 50 ms meanwhile."""
    started = threading.Event()

    def slow_think(engine, level, seconds, state, seat, legal, rnd):
        started.set()
        end = time.perf_counter() + 0.6
        x = 0
        while time.perf_counter() < end:
            x += 1
        return legal[0]

    monkeypatch.setattr(botplay, "think", slow_think)
    a = await _table(service, bots=("hard",), humans=())
    b = await _table(service, humans=((BOB, "bob"),))
    await service.lobby.start(b.id, ANN)
    await service.lobby.start(a.id, ANN, bots=False)

    async def drain():
        return [o async for o in service.turns.bot_turns(a.id)]

    chain = asyncio.create_task(drain())
    while not started.is_set():
        await asyncio.sleep(0.001)
    worst = 0.0
    for user in (ANN, BOB):
        t = time.perf_counter()
        await service.turns.move(b.id, user, "secret:1")
        worst = max(worst, time.perf_counter() - t)
    assert not chain.done(), "the bot should still be thinking"
    assert worst < 0.05, f"a move at another table took {worst * 1000:.0f} ms"
    assert len(await chain) >= 1


async def test_games_owing_bot_moves_after_a_restart(service):
    game = await _table(service, bots=("easy", "easy"), humans=())
    await service.lobby.start(game.id, ANN, bots=False)
    other = await _table(service)
    await service.lobby.start(other.id, ANN)
    fresh = TableService(service.store, registry={"toy": TOY}, seed_source=lambda: 7)
    assert await fresh.turns.games_owing_bot_moves() == [game.id]
    async for _ in fresh.turns.bot_turns(game.id):
        pass
    assert await fresh.turns.games_owing_bot_moves() == []


@pytest.mark.alone  # it measures time: no other test beside it
async def test_a_bot_move_is_stored_a_fixed_pace_after_its_turn_began(service, monkeypatch):
    """Timing reveals nothing: whether the bot decides at once or thinks a while, its move is
    stored (and so published) ``bot_pace`` seconds after its turn began."""
    real = botplay.think
    delays = iter([0.0, 0.15, 0.0, 0.15, 0.0, 0.15])

    def think(*args):
        time.sleep(next(delays, 0.0))  # a quick decision, then a slow one, ...
        return real(*args)

    monkeypatch.setattr(botplay, "think", think)
    service.turns.bot_pace = 0.3
    game = await _table(service, bots=("easy", "easy"), humans=())
    await service.lobby.start(game.id, ANN, bots=False)
    took = []
    for _ in range(4):
        began = time.monotonic()
        outcome = await service.turns.bot_turn(game.id)
        if outcome is None:
            break
        took.append(time.monotonic() - began)
    assert len(took) >= 2
    assert all(0.3 <= t < 0.45 for t in took), took


async def test_a_bot_sitting_in_for_an_away_player_resumes_after_a_restart(service):
    """A restart between /away (bot-sit) and the sitting bot's move: start-up finds the table
    (``games_owing_bot_moves``) and the bot plays the away player's seat."""
    game = await _table(service)
    await service.lobby.start(game.id, ANN)
    for _ in range(50):
        game = await service.game(game.id)
        if service.to_act(game) == [1] or game.status != "running":
            break
        user = game.seats[service.to_act(game)[0]].user_id
        await service.turns.move(game.id, user, service.choices(game, game.seat_of(user))[0][0])
    assert service.to_act(game) == [1]
    assert await service.turns.games_owing_bot_moves() == []
    await service.away.go_away(BOB, 3, bot_sit=True, bots=False)
    assert await service.turns.games_owing_bot_moves() == [game.id]
    moves = [o async for o in service.turns.bot_turns(game.id)]
    assert moves and all(o.game.seats[1].user_id == BOB for o in moves)
    assert await service.turns.games_owing_bot_moves() == []
