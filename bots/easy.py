"""``easy``: random among the legal actions, minus the plainly self-destructive ones.

Cheap filters only (no look-ahead): never an undo step, and never a step that throws away the
rest of a turn while something else is possible (Henchmania's ``pass``: passing is for the
whole day).
"""

from __future__ import annotations

import random

from engines import Engine, State

from .common import pruned
from .games import knowledge


class EasyPolicy:
    level = "easy"

    def choose(
        self, engine: Engine, state: State, seat: int, legal: list[str], rnd: random.Random
    ) -> str:
        options = pruned(legal)
        avoid = getattr(knowledge(engine.name), "AVOID", ())
        kept = [a for a in options if a not in avoid]
        return rnd.choice(kept or options)
