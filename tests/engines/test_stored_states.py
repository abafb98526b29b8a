"""Games saved by an older Tavern load and play on: one mid-game dump per game, per version.

The files in ``tests/fixtures/states`` are written by ``python -m tests.fixtures.make_states``
and never rewritten: a new state version adds new files beside the old ones.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engines import REGISTRY, Engine, StateVersionError
from tests.engines.contract import play_on

FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "states").glob("*.json"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_stored_state_loads_and_plays_to_the_end(path):
    data = json.loads(path.read_text())
    engine = REGISTRY[data["game"]]
    state = engine.load(data["state"])
    dumped = engine.dump(state)
    assert dumped["_v"] == engine.state_version
    assert engine.dump(engine.load(dumped)) == dumped
    for seed in range(3):
        play_on(engine, state, data["num_players"], random.Random(seed))


def test_every_game_has_a_stored_state():
    assert {json.loads(p.read_text())["game"] for p in FIXTURES} == set(REGISTRY)


def test_a_state_from_the_future_is_refused_clearly():
    engine = REGISTRY["ziegen"]
    dumped = engine.dump(engine.new_game(2, 1))
    dumped["_v"] = engine.state_version + 1
    with pytest.raises(StateVersionError, match="newer version of Tavern"):
        engine.load(dumped)


class _Versioned(Engine):
    """A two-version toy: version 1 kept a counter as ``n``, version 2 as ``count``."""

    name = title = "versioned"
    state_version = 2
    migrations = {1: lambda d: {"count": d.pop("n"), **d}}

    def new_game(self, num_players, seed, options=None):
        return {"count": 0}

    def to_act(self, state):
        return []

    def legal_actions(self, state, seat):
        return []

    def describe(self, state, seat, action, lang="en"):
        return action

    def _apply(self, state, seat, action, events):
        pass

    def view(self, state, seat):
        return dict(state)

    def is_over(self, state):
        return True

    def scores(self, state):
        return [0]

    def inventory(self, state):
        return {}

    def board_text(self, view, lang="en"):
        return ""

    def hand_text(self, view, lang="en"):
        return ""


def test_load_runs_each_migration_in_turn():
    engine = _Versioned()
    assert engine.load({"n": 3}) == {"count": 3}  # no "_v": a version 1 dump
    assert engine.load({"_v": 2, "count": 4}) == {"count": 4}
    assert engine.dump({"count": 4}) == {"_v": 2, "count": 4}
    with pytest.raises(StateVersionError, match=r"broken state version \(0\)"):
        engine.load({"_v": 0, "n": 1})
