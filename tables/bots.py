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
# The level that sits in for an away player (``away.py``): the cautious one (it avoids plainly
# self-destructive moves and never gambles on a deep search).
SIT_LEVEL = "easy"
# Timing reveals nothing (docs/developers.md): a bot's move is stored and published this many
# seconds after its turn began, however quickly it decided (at least the think budget, so a hard
# search fits).
# Tests and benchmarks set the service's ``bot_pace`` to 0 (``TAVERN_BOT_PACE``).
BOT_PACE = 1.5
# How long a bot may think about one decision (turned into search iterations, see bots).
THINK_SECONDS = 1.0


class Policy(Protocol):
    def choose(
        self, engine: Engine, state: State, seat: int, legal: list[str], rnd: random.Random
    ) -> str: ...


BOT_NAMES = ("Botty", "Clank", "Gizmo", "Rusty", "Sprocket")


def bot_rng(seed: int, move_number: int) -> random.Random:
    return random.Random(seed * 1_000_003 + move_number)


__all__ = [
    "BOT_NAMES",
    "BOT_PACE",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Policy",
    "RandomPolicy",
    "SIT_LEVEL",
    "TAKEOVER_LEVEL",
    "THINK_SECONDS",
    "bot_rng",
    "policy_for",
]
