"""The golden playthroughs replay line for line (see ``tests/golden/__init__.py``)."""

from __future__ import annotations

import pytest

from tests.golden import games, path_of, play, recorded_moves


@pytest.mark.parametrize("name", games())
def test_golden_playthrough_replays_identically(name):
    assert path_of(name).is_file(), f"no golden file for {name}: python -m tests.golden records it"
    recorded = path_of(name).read_text(encoding="utf-8").splitlines()
    replayed = play(name, recorded_moves(recorded))
    for number, (old, new) in enumerate(zip(recorded, replayed), 1):
        assert new == old, f"{name}.txt line {number} differs (re-record only if intended)"
    assert len(replayed) == len(recorded)


@pytest.mark.parametrize("name", games())
def test_golden_file_is_what_the_recorder_writes(name):
    """The file is exactly what ``python -m tests.golden`` writes today. The replay above only
    checks the recorded moves; a file edited in place (ids renamed, the same moves kept: the
    Ziegen file after the stable-ids change) still replays, yet the recorder, which picks by
    place in the sorted legal ids, would play another game, and re-recording rewrote 626 lines
    of ziegen.txt. This keeps the recorder and the file the same game."""
    recorded = path_of(name).read_text(encoding="utf-8").splitlines()
    assert play(name) == recorded, f"{name}.txt is stale: run python -m tests.golden, read the diff"
