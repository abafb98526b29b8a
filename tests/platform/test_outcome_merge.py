"""``tables.outcome.merge``: a chain of outcomes published as one, news in order, nothing
private crossing seats."""

from __future__ import annotations

import pytest

from tables import Notice, Outcome
from tables.outcome import merge

GAMES = [object(), object(), object()]  # merge never looks inside the game record


def _outcome(i: int, **kwargs) -> Outcome:
    return Outcome(game=GAMES[i], **kwargs)  # type: ignore[arg-type]


def test_nothing_to_merge_is_an_error_and_one_outcome_is_itself():
    with pytest.raises(ValueError):
        merge([])
    only = _outcome(0, highlights=["a"])
    assert merge([only]) is only


def test_the_last_game_and_the_public_news_in_order():
    merged = merge(
        [
            _outcome(0, public=["p1", "p2"], highlights=["h1"]),
            _outcome(1, public=[], highlights=[]),
            _outcome(2, public=["p3"], highlights=["h2", "h3"]),
        ]
    )
    assert merged.game is GAMES[2]
    assert merged.public == ["p1", "p2", "p3"]
    assert merged.highlights == ["h1", "h2", "h3"]


def test_one_notice_per_seat_its_news_in_order_and_never_another_seats():
    merged = merge(
        [
            _outcome(0, notices=[Notice(1, 11, False, ["a1"], news=["m-a1"])]),
            _outcome(
                1,
                notices=[
                    Notice(2, 22, False, ["b1"], news=["m-b1"]),
                    Notice(1, 11, False, ["a2"], news=["m-a2"]),
                ],
            ),
            _outcome(2, notices=[Notice(2, 22, True, [], dm_closed=True)]),
        ]
    )
    assert [(n.seat, n.user_id) for n in merged.notices] == [(1, 11), (2, 22)]
    first, second = merged.notices
    assert (first.private, first.news, first.your_turn) == (["a1", "a2"], ["m-a1", "m-a2"], False)
    assert (second.private, second.news) == (["b1"], ["m-b1"])
    assert second.your_turn and second.dm_closed  # the last notice's prompt is kept


def test_your_turn_is_kept_from_an_earlier_notice():
    merged = merge(
        [
            _outcome(0, notices=[Notice(1, 11, True, [])]),
            _outcome(1, notices=[Notice(1, 11, False, ["later"])]),
        ]
    )
    (notice,) = merged.notices
    assert notice.your_turn and notice.private == ["later"]


def test_a_new_player_in_a_seat_gets_their_own_notice():
    merged = merge(
        [
            _outcome(0, notices=[Notice(1, 11, False, ["old player's"])]),
            _outcome(1, notices=[Notice(1, 99, True, ["new player's"])]),
        ]
    )
    assert [(n.user_id, n.private) for n in merged.notices] == [
        (11, ["old player's"]),
        (99, ["new player's"]),
    ]


def test_merging_leaves_the_outcomes_as_they_were():
    notice = Notice(1, 11, False, ["a"], news=["m"])
    outcomes = [_outcome(0, notices=[notice]), _outcome(1, notices=[Notice(1, 11, True, ["b"])])]
    merge(outcomes)
    assert (notice.private, notice.news, notice.your_turn) == (["a"], ["m"], False)


def test_only_the_last_movers_private_news_is_kept():
    merged = merge(
        [
            _outcome(0, mover_seat=0, mover_private=["mine"], mover_news=["m-mine"]),
            _outcome(1, mover_seat=3, mover_private=["theirs"], mover_news=["m-theirs"]),
            _outcome(2, mover_seat=0, mover_private=["mine too"], mover_news=["m-too"]),
        ]
    )
    assert merged.mover_seat == 0
    assert merged.mover_private == ["mine", "mine too"]
    assert merged.mover_news == ["m-mine", "m-too"]
    bots = merge([_outcome(0, mover_seat=0, mover_private=["x"]), _outcome(1)])
    assert (bots.mover_seat, bots.mover_private, bots.mover_news) == (None, [], [])
