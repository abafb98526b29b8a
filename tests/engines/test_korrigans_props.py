"""Korrigans: random playouts through the generic contract checks, every player count."""

from __future__ import annotations

import pytest

from engines.korrigans import ENGINE
from engines.words import render
from tests.engines.contract import play_and_check


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts(players, seed):
    state, moves = play_and_check(ENGINE, players, seed)
    assert ENGINE.is_over(state) and state["cauldron"] is not None
    assert len(ENGINE.winners(state)) == 1
    view = ENGINE.view(state, None)
    assert len(ENGINE.board_text(view)) <= 4000
    for seat in range(players):
        assert len(ENGINE.hand_text(ENGINE.view(state, seat))) <= 4000


@pytest.mark.parametrize("players", [2, 5])
def test_random_playouts_advanced_placement(players):
    play_and_check(ENGINE, players, 11, {"placement": "advanced"})


def test_text_stays_short_through_a_whole_game():
    import random

    rnd = random.Random(5)
    st = ENGINE.new_game(5, 5)
    while not ENGINE.is_over(st):
        seat = ENGINE.to_act(st)[0]
        legal = ENGINE.legal_actions(st, seat)
        assert len(legal) <= 125
        st, _ = ENGINE.apply(st, seat, rnd.choice(legal))
        assert len(ENGINE.board_text(ENGINE.view(st, None))) <= 4000
        assert len(ENGINE.hand_text(ENGINE.view(st, seat))) <= 4000


@pytest.mark.parametrize(
    "players, seed, moves, scores, winner, digest",
    [
        (2, 21, 54, [11, 11], 0, "8598758da0ad1aad"),
        (4, 22, 109, [13, 3, 5, 10], 0, "44d694b2b2f93ff8"),
    ],
)
def test_golden_playthrough(players, seed, moves, scores, winner, digest):
    """A recorded random game: same seed and policy must give the same end (rule regressions).
    (Digests re-recorded when the view got ``last``; without it they are the earlier ones.)"""
    import hashlib
    import json
    import random

    rnd = random.Random(seed)
    st = ENGINE.new_game(players, seed)
    played = 0
    while not ENGINE.is_over(st):
        seat = ENGINE.to_act(st)[0]
        st, _ = ENGINE.apply(st, seat, rnd.choice(ENGINE.legal_actions(st, seat)))
        played += 1
    view = ENGINE.view(st, None)
    view["prompt"] = render(view["prompt"])  # (recorded when the view held the English text)
    assert view.pop("seat") is None  # (recorded before the view said its seat: digests kept)
    final_view = json.dumps(view, sort_keys=True).encode()
    assert (played, ENGINE.scores(st), ENGINE.winners(st)) == (moves, scores, [winner])
    assert hashlib.sha256(final_view).hexdigest()[:16] == digest
