"""Games stored by an older Tavern play on identically after an upgrade of their state layout.

Each file of ``tests/fixtures/playons`` (written by ``python -m tests.fixtures.make_playons``
before a layout change, never rewritten) holds a state as the store held it, the moves that
played it to the end then, a digest per step of what the rest of Tavern read from the state
(views, bot values, a determinized world) and the final dump. Today's engine loads (upgrades)
the stored state and must replay the same moves to the same digests, scores and final state.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines import REGISTRY
from tests.fixtures.make_playons import steps

PLAYONS = sorted((Path(__file__).parent.parent / "fixtures" / "playons").glob("*.json"))


@pytest.mark.parametrize("path", PLAYONS, ids=lambda p: p.stem)
def test_a_stored_game_plays_on_identically(path):
    recorded = json.loads(path.read_text())
    engine = REGISTRY[recorded["game"]]
    replay = steps(engine, engine.load(recorded["state"]), recorded["moves"])
    for number, digest in enumerate(recorded["digests"]):
        seat, action, seen = next(replay)
        assert seen == digest, f"step {number} ({seat}: {action}) shows something else"
    final = next(replay)
    assert engine.is_over(final) and engine.scores(final) == recorded["scores"]
    upgraded = engine.dump(engine.load(recorded["final"]))
    assert json.dumps(upgraded) == json.dumps(engine.dump(final))  # same keys in the same order
