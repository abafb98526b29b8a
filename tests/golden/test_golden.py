"""The golden playthroughs replay line for line (see ``tests/golden/__init__.py``)."""

from __future__ import annotations

import pytest

from tests.golden import GAMES, path_of, play, recorded_moves


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_replays_identically(name):
    recorded = path_of(name).read_text(encoding="utf-8").splitlines()
    replayed = play(name, recorded_moves(recorded))
    for number, (old, new) in enumerate(zip(recorded, replayed), 1):
        assert new == old, f"{name}.txt line {number} differs (re-record only if intended)"
    assert len(replayed) == len(recorded)
