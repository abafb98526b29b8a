"""Bot seats: a policy of the seat's level picks one of the legal actions.

``policy_for(kind, level, seconds)`` comes from the pure ``bots`` package (easy / normal / hard,
and ``random``). The random generator is seeded from the game's seed and the move number, so a
bot's choices are reproducible (and every choice is in the move log).
"""
from __future__ import annotations

import random
from typing import Protocol

from bots import DEFAULT_LEVEL, LEVELS, RandomPolicy, policy_for
from engines import Engine, State

# The level a seat gets when a player resigns or is replaced, unless the table says otherwise.
TAKEOVER_LEVEL = "hard"
# How long a bot may think about one decision (turned into search iterations, see bots).
THINK_SECONDS = 1.0


class Policy(Protocol):
    def choose(self, engine: Engine, state: State, seat: int, legal: list[str],
               rnd: random.Random) -> str: ...


BOT_NAMES = ("Botty", "Clank", "Gizmo", "Rusty", "Sprocket")


def bot_rng(seed: int, move_number: int) -> random.Random:
    return random.Random(seed * 1_000_003 + move_number)


__all__ = ["BOT_NAMES", "DEFAULT_LEVEL", "LEVELS", "Policy", "RandomPolicy", "TAKEOVER_LEVEL",
           "THINK_SECONDS", "bot_rng", "policy_for"]
