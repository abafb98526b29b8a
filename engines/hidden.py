"""Small helpers for ``Engine.determinize``: canonical pools, dealing, a fresh RNG word.

Every helper takes a ``Sampler`` (in practice the caller's ``random.Random``: the engines never
use the global random module, nor import it) and sorts what it draws from first, so that the
result depends only on the pool's content (what the seat knows), never on its hidden order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Sampler(Protocol):
    """What determinize needs of a random generator (``Sampler`` has it all); it is owned
    by the caller, so the engines keep no random state of their own outside a game's state."""

    def choice(self, seq: Sequence[Any]) -> Any: ...
    def getrandbits(self, k: int) -> int: ...
    def randint(self, a: int, b: int) -> int: ...
    def sample(self, population: Sequence[Any], k: int) -> list[Any]: ...
    def shuffle(self, x: list[Any]) -> None: ...


def shuffled(pool: Sequence[T], rnd: Sampler) -> list[T]:
    """The pool sorted into a canonical order, then shuffled by ``rnd``."""
    out = sorted(pool)
    rnd.shuffle(out)
    return out


def deal(pool: Sequence[T], sizes: Sequence[int], rnd: Sampler) -> list[list[T]]:
    """Split the shuffled pool into consecutive parts of ``sizes``; the rest is a last part."""
    cards = shuffled(pool, rnd)
    total = sum(sizes)
    if total > len(cards):
        raise ValueError(f"cannot deal {total} from a pool of {len(cards)}")
    parts, pos = [], 0
    for size in sizes:
        parts.append(cards[pos : pos + size])
        pos += size
    parts.append(cards[pos:])
    return parts


def sample(pool: Sequence[T], k: int, rnd: Sampler) -> list[T]:
    """``k`` items of the canonically sorted pool, sorted."""
    return sorted(rnd.sample(sorted(pool), k))


def remove_all(pool: list[T], items: Sequence[T]) -> list[T]:
    """``pool`` minus one copy of each of ``items`` (a multiset difference)."""
    out = list(pool)
    for item in items:
        out.remove(item)
    return out


def reseed(state: dict, rnd: Sampler) -> None:
    """Future chance (dice, reshuffles) is hidden too: a fresh RNG word for the state."""
    state["rng"] = rnd.getrandbits(64)
