"""Bot players: pure policies (no discord, asyncio or storage).

``policy_for(kind, level="normal", seconds=1.0)`` returns an object with
``choose(engine, state, seat, legal, rnd) -> action``. Levels:

* ``easy`` (``easy.EasyPolicy``): random, minus undo steps and plainly self-destructive moves;
* ``normal`` (``normal.NormalPolicy``): one-step look-ahead with the game's position value
  (``bots.games``) over a few determinized worlds;
* ``hard`` (``hard.HardPolicy``): ISMCTS over determinized worlds, cut-off positions scored by
  the game's longer-range ``deep_value`` where it has one (``bots.games``), else its value;
* ``random``: uniform among the legal actions (the old bot, a yardstick for the arena).

A policy reads hidden information only through ``engine.determinize``. It is deterministic for
a given ``rnd``: ``seconds`` becomes a number of search iterations, measured once per game and
process and player count (``budget.calibrate``), never a clock looked at during a search.
"""

from __future__ import annotations

import random

from .budget import calibrate, iterations_for
from .easy import EasyPolicy
from .games import knowledge
from .hard import HardPolicy, Weighed
from .normal import NormalPolicy

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


class RandomPolicy:
    level = "random"

    def choose(self, engine, state, seat, legal, rnd: random.Random) -> str:
        return rnd.choice(legal)


def policy_for(kind: str, level: str = DEFAULT_LEVEL, seconds: float = 1.0, engine=None):
    """The policy of ``level`` for game ``kind``; unknown levels are an error. ``engine`` is
    only needed for a game outside ``engines.REGISTRY`` (to calibrate ``hard``)."""
    if level == "easy":
        return EasyPolicy()
    if level == "normal":
        return NormalPolicy()
    if level == "hard":
        game = knowledge(kind)
        return HardPolicy(iterations=None, seconds=seconds, **(game.HARD if game else {}))
    if level == "random":
        return RandomPolicy()
    raise ValueError(f"no bot level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = [
    "DEFAULT_LEVEL",
    "EasyPolicy",
    "HardPolicy",
    "LEVELS",
    "NormalPolicy",
    "RandomPolicy",
    "Weighed",
    "calibrate",
    "iterations_for",
    "policy_for",
]
