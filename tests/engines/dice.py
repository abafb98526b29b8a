"""The one way to fix dice in engine tests: the ``dice`` fixture (``tests/conftest.py``).

``dice(2, 5)`` makes the next two dice any engine rolls (``engines.rng.roll``, whatever the
number of sides) come up 2, then 5. Each fixed roll still advances the state's RNG word, as a
real roll does, so what the engine draws after it stays seeded. Rolling more dice than were fixed
fails the test, and so does a test that ends with fixed dice left unrolled (a test that meant
to fix a roll must see it happen). Call ``dice.unroll()`` where a parametrised case legitimately
never rolls.

Why patch the roll rather than search for an RNG word that gives the pips: a word can only be
found for two or three dice in reasonable time, and duels roll eight.
"""

from __future__ import annotations

from engines import rng


class Dice:
    def __init__(self, monkeypatch):
        self.queue: list[int] = []
        self.rolled: list[int] = []
        real_roll = rng.roll

        def roll(state, sides=6):
            if not self.queue:
                raise AssertionError(
                    f"the engine rolled a die after the fixed ones "
                    f"{self.rolled} (fix more with dice(...))"
                )
            pips = self.queue.pop(0)
            if not 1 <= pips <= sides:
                raise AssertionError(f"a fixed die of {pips} on a {sides}-sided die")
            real_roll(state, sides)  # the word moves on as with a real roll
            self.rolled.append(pips)
            return pips

        monkeypatch.setattr(rng, "roll", roll)

    def __call__(self, *pips: int) -> Dice:
        """Queue the pips of the next rolls (after any queued before)."""
        self.queue.extend(pips)
        return self

    def unroll(self) -> list[int]:
        """Drop (and return) the fixed dice not rolled yet."""
        left, self.queue = self.queue, []
        return left

    def check(self) -> None:
        if self.queue:
            raise AssertionError(f"dice fixed but never rolled: {self.queue}")
