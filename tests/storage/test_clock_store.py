"""Clocks, seat time, votes, ballots and the table's events (migration 9, issue 26) on both
backends: stored and read back exactly (Discord ids need 64 bits), the conditional writes done
once (a claimed clock, a closed vote, a ballot after the close), one open vote per table, and a
running clock kept across a restart of the service."""

from __future__ import annotations

from storage import SeatClock, Store, TableClock
from tables import TableService
from tables.clocks import DAY, parse_clock
from tests.storage.conftest import BIG, two_seat_game
from tests.toy import TOY


async def _game(store: Store, status: str = "running") -> int:
    return await two_seat_game(store, status)


async def test_a_tables_clock_and_its_seats_round_trip(store):
    game_id = await _game(store)
    assert await store.table_clock(game_id) is None
    assert await store.seat_clocks(game_id) == {}
    await store.set_table_clock(game_id, 7 * DAY, DAY, "vote")
    assert await store.table_clock(game_id) == TableClock(game_id, 7 * DAY, DAY, "vote")
    clocks = [SeatClock(0, 12.5, 100.25, 50.0, 2, False), SeatClock(1, None, None, None, 0, True)]
    assert await store.save_seat_clocks(game_id, 3, clocks, 300.5)
    assert await store.seat_clocks(game_id) == {0: clocks[0], 1: clocks[1]}
    assert (await store.table_clock(game_id)).next_at == 300.5
    assert await store.sitting_games() == [game_id]
    # the pass claims a due table once
    assert await store.clocks_due(300.0) == []
    assert await store.clocks_due(301.0) == [(game_id, 300.5)]
    assert await store.set_clock_next(game_id, 300.5, 361.0)
    assert not await store.set_clock_next(game_id, 300.5, 361.0)
    # pausing and resuming, each once; a table with no clock row can be paused too
    assert await store.set_paused(game_id, True) and not await store.set_paused(game_id, True)
    assert await store.set_paused(game_id, False) and not await store.set_paused(game_id, False)
    other = await _game(store)
    assert await store.set_paused(other, True)
    assert await store.table_clock(other) == TableClock(other, None, None, "bot", True)
    finished = await _game(store, "finished")
    await store.set_table_clock(finished, DAY, None, "bot")
    await store.save_seat_clocks(finished, 1, [SeatClock(0, 1.0, 1.0, 1.0, 0, True)], 5.0)
    assert await store.clocks_due(10**9) == [(game_id, 361.0)]  # running games only
    assert await store.sitting_games() == [game_id]


async def test_clocks_worked_out_at_an_older_version_never_overwrite_newer_ones(store):
    """Two processes may bring one table's clocks up to date at once (each after a move it
    stored): whichever writes last, the clocks of the later game version stay."""
    game_id = await _game(store)
    await store.set_table_clock(game_id, DAY, None, "bot")
    newer = [SeatClock(0, 10.0, None, 10.0, 1, False)]
    older = [SeatClock(0, 20.0, 5.0, 20.0, 0, False)]
    assert await store.save_seat_clocks(game_id, 5, newer, 50.0)
    assert not await store.save_seat_clocks(game_id, 4, older, 40.0)  # came too late
    assert await store.seat_clocks(game_id) == {0: newer[0]}
    assert (await store.table_clock(game_id)).next_at == 50.0
    again = [SeatClock(0, 9.0, None, 10.0, 2, False)]  # the same version again: a clock pass
    assert await store.save_seat_clocks(game_id, 5, again, 60.0)
    assert await store.seat_clocks(game_id) == {0: again[0]}
    plain = await _game(store)  # a table without a clock: a vote may hand a seat to a bot
    assert await store.save_seat_clocks(plain, 2, [SeatClock(1, sitting=True)], None)
    assert await store.table_clock(plain) == TableClock(plain, None, None, "bot", False)
    assert await store.sitting_games() == [plain]


async def test_votes_and_ballots(store):
    game_id = await _game(store)
    vote_id = await store.open_vote(game_id, "pause", None, BIG, 10.0, 100.0)
    assert await store.open_vote(game_id, "end", None, 20, 11.0, 101.0) is None  # one at a time
    vote = await store.vote(vote_id)
    assert (vote.kind, vote.opened_by, vote.result) == ("pause", BIG, None)
    assert await store.open_vote_at(game_id) == vote
    assert await store.ballots(vote_id) == {BIG: True}
    assert await store.cast_ballot(vote_id, 20, False)
    assert await store.cast_ballot(vote_id, 20, True)  # changed their mind
    assert await store.ballots(vote_id) == {BIG: True, 20: True}
    await store.set_vote_message(vote_id, BIG + 1, BIG + 2)
    assert await store.votes_expired(99.0) == []
    (due,) = await store.votes_expired(100.0)
    assert (due.channel_id, due.message_id) == (BIG + 1, BIG + 2)
    assert await store.close_vote(vote_id, "passed")
    assert not await store.close_vote(vote_id, "expired")  # closed once
    assert not await store.cast_ballot(vote_id, 30, True)  # too late
    assert await store.ballots(vote_id) == {BIG: True, 20: True}
    assert await store.open_vote_at(game_id) is None
    assert await store.votes_expired(10**9) == []
    by_clock = await store.open_vote(game_id, "bot", 1, None, 200.0, 300.0)
    assert by_clock is not None and await store.ballots(by_clock) == {}
    assert (await store.vote(by_clock)).seat == 1


async def test_events_keep_their_order_and_words(store):
    game_id = await _game(store)
    await store.add_table_event(game_id, 5.0, "event.clock_out_bot", {"name": "ann"})
    await store.add_table_event(game_id, 6.0, "event.vote_opened", {"kind": "end", "name": ""})
    assert await store.table_events(game_id) == [
        (5.0, "event.clock_out_bot", {"name": "ann"}),
        (6.0, "event.vote_opened", {"kind": "end", "name": ""}),
    ]


async def test_a_running_clock_survives_a_restart(backend, clock):
    store = await Store.open(backend.target)
    try:
        service = TableService(store, registry={"toy": TOY}, clock=clock, seed_source=lambda: 7)
        game = await service.lobby.open_table(
            "toy", guild_id=1, channel_id=2, host_id=10, host_name="ann",
            options={"secrets": False},
        )  # fmt: skip
        await service.clocks.set_clock(game.id, parse_clock("1d"), "bot")
        await service.lobby.join(game.id, 20, "bob")
        game = (await service.lobby.start(game.id, 10)).game
        (seat,) = service.to_act(game)
    finally:
        await store.close()
    clock.now += DAY + 1
    store = await Store.open(backend.target)
    try:
        service = TableService(store, registry={"toy": TOY}, clock=clock, seed_source=lambda: 7)
        (news,) = await service.clocks.due()
        assert news.sitting == [seat]
        assert seat in await service.clocks.sitters(await service.game(game.id))
    finally:
        await store.close()
