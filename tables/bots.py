"""Bot seats: a policy picks one of the legal actions.

``policy_for(kind)`` returns the policy of a game; a smarter policy for one game is registered
in ``POLICIES`` under that game's name. The random generator is seeded from the game's seed and
the move number, so a bot's choices are reproducible (and every choice is in the move log).
"""
from __future__ import annotations

import random
from typing import Protocol

from engines import Engine, State


class Policy(Protocol):
    def choose(self, engine: Engine, state: State, seat: int, legal: list[str],
               rnd: random.Random) -> str: ...


class RandomPolicy:
    """Picks uniformly among the legal actions."""

    def choose(self, engine: Engine, state: State, seat: int, legal: list[str],
               rnd: random.Random) -> str:
        return rnd.choice(legal)


POLICIES: dict[str, Policy] = {}
DEFAULT = RandomPolicy()

BOT_NAMES = ("Botty", "Clank", "Gizmo", "Rusty", "Sprocket")


def policy_for(kind: str) -> Policy:
    return POLICIES.get(kind, DEFAULT)


def bot_rng(seed: int, move_number: int) -> random.Random:
    return random.Random(seed * 1_000_003 + move_number)
