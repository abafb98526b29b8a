"""History storage (migration 3: commitments, results, ratings) on both backends, and the
history part of the table service on a store that other processes share."""

from __future__ import annotations

import asyncio
import random

import pytest

from storage import RatingRecord, ResultRecord, SeatRecord, Store
from tables import TableError, TableService
from tests.history.helpers import GUILD, play_game

BIG = 2**62 + 99  # Discord ids need 64 bits


async def _finished_game(
    store: Store, *, guild_id: int = BIG, kind: str = "toy", now: float = 1.0
) -> int:
    game_id = await store.create_game(
        kind=kind,
        guild_id=guild_id,
        channel_id=2,
        host_id=10,
        options={},
        seed=42,
        now=now,
        remind_after=60,
        seats=[SeatRecord(0, BIG, None, "ann"), SeatRecord(1, 20, None, "bob")],
    )
    await store.set_status(game_id, 0, "running", now)
    await store.set_status(game_id, 1, "finished", now)
    return game_id


def _rows(
    game_id: int, *, guild_id: int = BIG, kind: str = "toy", at: float = 5.5
) -> list[ResultRecord]:
    return [
        ResultRecord(game_id, 0, guild_id, kind, BIG, False, "ann", 7, True, 1, at),
        ResultRecord(game_id, 1, guild_id, kind, None, True, "Botty", 3, False, 2, at),
    ]


def _one_more_game(
    current: dict[int, tuple[float, float, int]],
) -> dict[int, tuple[float, float, int]]:
    """A rater that only counts games (each reads what it replaces)."""
    mu, sigma, games = current.get(BIG, (25.0, 8.0, 0))
    return {BIG: (mu + 1.0, sigma, games + 1)}


async def test_a_commitment_is_stored_once(store):
    game_id = await _finished_game(store)
    assert await store.fairness(game_id) is None
    await store.add_fairness(game_id, "ab" * 32, "c" * 64)
    await store.add_fairness(game_id, "ff" * 32, "0" * 64)  # a second call changes nothing
    assert await store.fairness(game_id) == ("ab" * 32, "c" * 64)
    assert await store.fairness(game_id + 1) is None


async def test_results_and_ratings_are_stored_once(store):
    first, second = await _finished_game(store), await _finished_game(store, now=2.0)
    other_guild = await _finished_game(store, guild_id=5, now=3.0)
    assert await store.finished_without_results() == [first, second, other_guild]
    assert await store.finished_in_guild(BIG) == [first, second]
    seen = []

    def rate(current):
        seen.append(dict(current))
        return _one_more_game(current)

    assert await store.record_results(_rows(first), rate)
    assert not await store.record_results(_rows(first), rate)  # once: nothing written again
    assert not await store.record_results([], rate)
    assert await store.record_results(_rows(second, at=6.5), rate)
    assert seen == [{}, {BIG: (26.0, 8.0, 1)}]  # the rater saw what it updates
    assert await store.record_results(_rows(other_guild, guild_id=5), None)  # no rating
    assert await store.finished_without_results() == []
    results = await store.results_in_guild(BIG)
    assert results == _rows(first) + _rows(second, at=6.5)
    assert [(r.bot, r.won, type(r.bot), type(r.won)) for r in results[:2]] == [
        (False, True, bool, bool),
        (True, False, bool, bool),
    ]
    assert await store.ratings_in_guild(BIG) == [RatingRecord("toy", BIG, 27.0, 8.0, 2)]
    assert await store.ratings_in_guild(5) == []

    await store.replace_ratings(BIG, "toy", [RatingRecord("toy", 20, 24.5, 7.5, 1)])
    await store.replace_ratings(BIG, "other", [RatingRecord("other", BIG, 30.0, 6.0, 3)])
    assert await store.ratings_in_guild(BIG) == [
        RatingRecord("other", BIG, 30.0, 6.0, 3),
        RatingRecord("toy", 20, 24.5, 7.5, 1),
    ]


async def test_results_of_a_game_finished_twice_at_once_are_stored_once(backend):
    """Two stores (as two processes) record the same game's results at the same moment."""
    one, two = await Store.open(backend.target), await Store.open(backend.target)
    try:
        games = [await _finished_game(one, now=float(n)) for n in range(10)]
        for game_id in games:
            done = await asyncio.gather(
                one.record_results(_rows(game_id), _one_more_game),
                two.record_results(_rows(game_id), _one_more_game),
            )
            assert sorted(done) == [False, True]
        assert len(await two.results_in_guild(BIG)) == 2 * len(games)
        assert [r.games for r in await one.ratings_in_guild(BIG)] == [len(games)]
    finally:
        await one.close()
        await two.close()


async def test_rating_updates_of_games_ending_at_once_are_never_lost(backend):
    """Different games of one server and title end at the same moment in two processes: each
    rating update reads the ratings the other one wrote (none is lost)."""
    one, two = await Store.open(backend.target), await Store.open(backend.target)
    try:
        games = [await _finished_game(one, now=float(n)) for n in range(20)]
        for a, b in zip(games[::2], games[1::2], strict=True):
            assert await asyncio.gather(
                one.record_results(_rows(a), _one_more_game),
                two.record_results(_rows(b), _one_more_game),
            ) == [True, True]
        [rating] = await two.ratings_in_guild(BIG)
        assert (rating.games, rating.mu) == (20, 45.0)
    finally:
        await one.close()
        await two.close()


# --- the history part of the table service, with other processes sharing the store -----------
async def test_results_are_recorded_and_recomputed_alike_on_both_backends(backend):
    store = await Store.open(backend.target)
    seeds = random.Random(4)
    svc = TableService(store, seed_source=lambda: seeds.getrandbits(62))
    try:
        rnd = random.Random(2)
        ids = [
            await play_game(svc, "ziegen", [(201, "ann"), (202, "ben")], 1, rnd) for _ in range(2)
        ]
        for game_id in ids:
            assert (await svc.history.fairness(game_id)).seed is not None
        rows, ratings = await svc.history.recompute_results(GUILD)
        assert rows == await store.results_in_guild(GUILD) and {r.game_id for r in rows} == set(ids)
        stored = {
            (r.kind, r.user_id): (r.mu, r.sigma, r.games)
            for r in await store.ratings_in_guild(GUILD)
        }
        assert stored == ratings and {g for _, _, g in stored.values()} == {2}
    finally:
        await store.close()


def _shared_only(backend) -> None:
    if backend.name == "sqlite":
        pytest.skip("a SQLite file belongs to one process; several share PostgreSQL")


async def test_start_commits_the_seed_only_of_the_latest_lobby(backend):
    """A process whose cached lobby was cancelled by another one stores no commitment."""
    _shared_only(backend)
    one, two = await Store.open(backend.target), await Store.open(backend.target)
    here = TableService(one, seed_source=lambda: 5)
    there = TableService(two, seed_source=lambda: 5)
    try:
        game = await here.lobby.open_table(
            "ziegen", guild_id=GUILD, channel_id=3, host_id=201, host_name="ann"
        )
        await here.lobby.add_bot(game.id, 201)
        await there.lobby.cancel(game.id, 201)  # elsewhere: ``here`` still has the lobby cached
        with pytest.raises(TableError):
            await here.lobby.start(game.id, 201)
        assert await one.fairness(game.id) is None
        assert (await here.game(game.id)).status == "abandoned"
    finally:
        await one.close()
        await two.close()


async def test_missing_results_are_filled_in_from_the_latest_record_by_one_process(backend):
    """A game finished elsewhere whose results a crash lost: a process with an old copy of it
    still fills them in, and of two processes starting at once only one does the work."""
    _shared_only(backend)
    one, two = await Store.open(backend.target), await Store.open(backend.target)
    seeds = random.Random(6)
    here = TableService(one, seed_source=lambda: seeds.getrandbits(62))
    there = TableService(two, seed_source=lambda: seeds.getrandbits(62))
    try:
        game_id = await play_game(
            there, "ziegen", [(201, "ann"), (202, "ben")], 0, random.Random(3), stop_after=4
        )
        await here.game(game_id)  # cached here while running
        game = await there.game(game_id)
        rnd = random.Random(3)
        while game.status == "running":
            seat = rnd.choice(there.to_act(game))
            action = rnd.choice(there.engine("ziegen").legal_actions(there.state(game), seat))
            game = (await there.turns.move(game_id, game.seats[seat].user_id, action)).game
        assert (await here.game(game_id)).status == "running"  # the stale copy
        expected = await one.results_in_guild(GUILD), await one.ratings_in_guild(GUILD)
        assert expected[0] and expected[1]
        backend.raw("DELETE FROM results WHERE game_id = ?", game_id)
        backend.raw("DELETE FROM ratings")
        async with one.exclusive("missing-results"):  # another process is at it
            assert await there.history.record_missing_results() == 0
        assert await here.history.record_missing_results() == 1
        assert (await one.results_in_guild(GUILD), await one.ratings_in_guild(GUILD)) == expected
        assert await there.history.record_missing_results() == 0
    finally:
        await one.close()
        await two.close()


async def test_the_last_move_reaching_a_stale_process_records_the_results_once(backend):
    """``move`` runs again on the latest record when its cached one is stale (``on_latest``):
    history's wrapper of ``_advance`` then stores the results of the game it ends, once."""
    _shared_only(backend)
    one, two = await Store.open(backend.target), await Store.open(backend.target)
    seeds = random.Random(9)
    here = TableService(one, seed_source=lambda: seeds.getrandbits(62))
    there = TableService(two, seed_source=lambda: seeds.getrandbits(62))
    try:
        game_id = await play_game(
            there, "ziegen", [(201, "ann"), (202, "ben")], 0, random.Random(5), stop_after=2
        )
        await here.game(game_id)  # cached here, then moved on elsewhere
        game = await there.game(game_id)
        rnd = random.Random(5)
        while True:
            seat = rnd.choice(there.to_act(game))
            action = rnd.choice(there.engine("ziegen").legal_actions(there.state(game), seat))
            after, _ = there.engine("ziegen").apply(there.state(game), seat, action)
            if there.engine("ziegen").is_over(after):
                break
            game = (await there.turns.move(game_id, game.seats[seat].user_id, action)).game
        assert (await here.game(game_id)).move_count < game.move_count  # the stale copy
        outcome = await here.turns.move(game_id, game.seats[seat].user_id, action)
        assert outcome.game.status == "finished"
        rows = await one.results_in_guild(GUILD)
        assert {r.game_id for r in rows} == {game_id} and len(rows) == 2
        assert not await there.history.record_results(game_id)  # stored once
    finally:
        await one.close()
        await two.close()
