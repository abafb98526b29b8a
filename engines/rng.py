"""The seeded random number generator kept inside a game state.

SplitMix64: one 64-bit integer of state, stored as ``state["rng"]``. It is tiny to copy and to
store, and gives the same numbers on every machine and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The initial RNG word for a game seed (any int)."""
    return seed & _MASK


def next_u64(state: dict[str, Any]) -> int:
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(state: dict[str, Any], n: int) -> int:
    """A uniform int in [0, n), without modulo bias."""
    if n <= 0:
        raise ValueError("randbelow needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = next_u64(state)
        if r < limit:
            return r % n


def roll(state: dict[str, Any], sides: int = 6) -> int:
    """One die: 1..sides."""
    return randbelow(state, sides) + 1


def shuffle(state: dict[str, Any], items: MutableSequence) -> None:
    """Fisher-Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: dict[str, Any], items: list):
    return items[randbelow(state, len(items))]
