"""What a Korrigans bot knows: its position value and search settings.

``value`` (``normal``): gold now plus a little per Companion. ``deep_value`` (``hard``) adds
the game's biggest swing, the Cauldron of Gold of the final turn (10 gold for one Korrigan on
its field, 15 for both): each seat's expected bonus over the fields where the Cauldron can
still appear, counting only the fields its Korrigans can reach with its Companions used once
each (``korrigans_reach``).
"""

from __future__ import annotations

from engines import State
from engines.korrigans.scoring import companions_left, score

from .korrigans_reach import expected_bonus

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 4.0
# ``hard``: root prior worlds (the one-step look-ahead as virtual visits), the number of
# candidate actions searched (0: all) and the rollout steps after the tree.
HARD = {"prior_worlds": 2, "top": 6, "rollout": 2}
# How much of the expected Cauldron bonus counts (it is a guess until the Cauldron is placed).
CAULDRON_WEIGHT = 1.0
COMPANION_WEIGHT = 0.4


def value(state: State) -> list[float]:
    return [
        score(state, s) + COMPANION_WEIGHT * companions_left(state, s) for s in range(state["n"])
    ]


def deep_value(state: State) -> list[float]:
    base = value(state)
    bonus = expected_bonus(state)
    return [v + CAULDRON_WEIGHT * b for v, b in zip(base, bonus)]
