"""The ``dice`` fixture (tests/engines/dice.py): fixed rolls come out in order, the RNG word
still moves, and a roll beyond the fixed ones or a fixed die never rolled fails loudly."""

from __future__ import annotations

import pytest

from engines import rng
from tests.engines.dice import Dice


def test_fixed_rolls_come_out_in_order_and_the_word_moves(dice):
    dice(6, 1)(3)
    state = {"rng": 5}
    assert [rng.roll(state), rng.roll(state), rng.roll(state, 4)] == [6, 1, 3]
    real = {"rng": 5}
    for sides in (6, 6, 4):
        rng.randbelow(real, sides)  # what a real roll draws (rng.roll itself is fixed here)
    assert state == real  # each fixed roll used the RNG as a real one does


def test_too_many_rolls_and_unrolled_dice_fail(monkeypatch):
    fixed = Dice(monkeypatch)
    fixed(2)
    state = {"rng": 1}
    assert rng.roll(state) == 2
    with pytest.raises(AssertionError, match="rolled a die after the fixed ones"):
        rng.roll(state)
    fixed(4, 5)
    with pytest.raises(AssertionError, match=r"never rolled: \[4, 5\]"):
        fixed.check()
    assert fixed.unroll() == [4, 5]
    fixed.check()
    fixed(7)
    with pytest.raises(AssertionError, match="a fixed die of 7 on a 6-sided die"):
        rng.roll(state)
