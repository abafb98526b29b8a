"""Results, ratings and stats: stored when a game ends, equal to a recomputation from the move
logs; bots marked and kept out of the rankings."""

from __future__ import annotations

import random

import pytest

from storage import ResultRecord, Store
from tables import TableService
from tables.ratings import rate
from tables.stats import player_stats, ratings_from
from tests.history.helpers import GUILD, play_game

ANN, BEN, CY = (201, "ann"), (202, "ben"), (203, "cy")


class Clock:
    def __init__(self):
        self.now = 1_700_000_000.0

    def __call__(self):
        self.now += 2.0
        return self.now


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(str(tmp_path / "s.db"))
    seeds = random.Random(8)
    svc = TableService(store, seed_source=lambda: seeds.getrandbits(62), clock=Clock())
    yield svc
    await store.close()


def _stored_ratings(records):
    return {(r.kind, r.user_id): (r.mu, r.sigma, r.games) for r in records}


async def _assert_recomputed_equal(svc):
    rows, ratings = await svc.history.recompute_results(GUILD)
    assert rows == await svc.store.results_in_guild(GUILD)
    assert ratings == _stored_ratings(await svc.store.ratings_in_guild(GUILD))
    return rows


async def test_stats_recomputed_from_move_logs_equal_the_stored_ones(service):
    rnd = random.Random(1)
    plays = [
        ("ziegen", [ANN, BEN, CY], 0),
        ("korrigans", [ANN, BEN], 1),
        ("henchmania", [ANN], 2),
        ("ziegen", [BEN, ANN], 1),
        ("wichtel", [CY, ANN, BEN], 0),
        ("ziegen", [ANN, CY], 0),
    ]
    ids = [await play_game(service, kind, humans, bots, rnd) for kind, humans, bots in plays]
    rows = await _assert_recomputed_equal(service)
    assert sorted({r.game_id for r in rows}) == sorted(ids)
    assert all((r.user_id is None) == r.bot for r in rows)
    # Place 1 is exactly the winners.
    assert all((r.place == 1) == r.won for r in rows)

    ratings = await service.store.ratings_in_guild(GUILD)
    assert ratings and all(r.user_id in (ANN[0], BEN[0], CY[0]) for r in ratings)
    # The one-human Henchmania game rated nobody; ziegen was rated 3 times for ann.
    assert "henchmania" not in {r.kind for r in ratings}
    assert {r.user_id: r.games for r in ratings if r.kind == "ziegen"} == {
        ANN[0]: 3,
        BEN[0]: 2,
        CY[0]: 2,
    }

    # The player numbers match the rows.
    stats = await service.history.player_stats(GUILD, ANN[0])
    mine = [r for r in rows if r.user_id == ANN[0]]
    assert stats.played == len(mine) == 6
    assert stats.titles["ziegen"].played == 3 and stats.favourite == "ziegen"
    assert stats.titles["henchmania"].with_bots == 1 and stats.titles["wichtel"].with_bots == 0
    assert sum(t.won for t in stats.titles.values()) == sum(r.won for r in mine)
    zscores = [r.score for r in mine if r.kind == "ziegen"]
    assert stats.titles["ziegen"].average == pytest.approx(sum(zscores) / 3)
    server = await service.history.server_stats(GUILD)
    assert server.games == {"henchmania": 1, "korrigans": 1, "wichtel": 1, "ziegen": 3}
    assert server.with_bots == {"henchmania": 1, "korrigans": 1, "wichtel": 0, "ziegen": 1}
    board = server.leaderboards["ziegen"]
    assert [s.rating for s in board] == sorted((s.rating for s in board), reverse=True)
    assert {s.user_id for s in board} == {ANN[0], BEN[0], CY[0]}

    # A crash between the last move and its results: they are filled in on the next start,
    # and the ratings rebuilt, equal to a recomputation again.
    db = service.store._db
    await db.execute("DELETE FROM results WHERE game_id = ?", (ids[-1],))
    await db.execute("DELETE FROM ratings WHERE kind = ?", ("ziegen",))  # the last game's title
    assert await service.history.record_missing_results() == 1
    await _assert_recomputed_equal(service)
    assert await service.history.record_missing_results() == 0
    # Results are stored once: a second attempt writes nothing.
    assert not await service.history.record_results(ids[0])


def _row(game, user, won, score=0, kind="ziegen", bot=False, place=None):
    return ResultRecord(
        game,
        0 if not bot else 1,
        GUILD,
        kind,
        None if bot else user,
        bot,
        "x",
        score,
        won,
        place or (1 if won else 2),
        float(game),
    )


def test_streaks_favourites_and_bot_marks():
    rows = [
        _row(1, 5, True),
        _row(2, 5, True),
        _row(3, 5, False, kind="wichtel"),
        _row(4, 5, True, kind="wichtel"),
        _row(5, 5, True, kind="wichtel"),
        _row(6, 5, True, kind="wichtel"),
        _row(6, None, False, bot=True, kind="wichtel"),
        _row(7, 9, True),
    ]
    stats = player_stats(rows, 5)
    assert stats.longest_streak == 3 and stats.favourite == "wichtel"
    assert stats.titles["wichtel"].with_bots == 1 and stats.titles["ziegen"].won == 2
    assert player_stats(rows, 99).played == 0 and player_stats(rows, 99).favourite is None


def test_ratings_need_two_humans_and_follow_places():
    assert rate({}, [(1, 1)]) == {}
    new = rate({}, [(1, 1), (2, 2), (3, 3)])
    assert new[1][0] > new[2][0] > new[3][0] and all(v[2] == 1 for v in new.values())
    rows = [_row(1, 1, True, place=1), _row(1, 2, False, place=2)]
    rows[1] = ResultRecord(1, 1, GUILD, "ziegen", 2, False, "b", 0, False, 2, 1.0)
    assert ratings_from(rows) == {("ziegen", 1): new_pair(1), ("ziegen", 2): new_pair(2)}


def new_pair(user):
    return rate({}, [(1, 1), (2, 2)])[user]
