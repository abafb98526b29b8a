"""What a Korrigans bot knows: its position value and search settings."""

from __future__ import annotations

from engines import State
from engines.korrigans.scoring import companions_left, score

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 4.0
# ``hard``: root prior worlds (the one-step look-ahead as virtual visits), the number of
# candidate actions searched (0: all) and the rollout steps after the tree.
HARD = {"prior_worlds": 2, "top": 6, "rollout": 2}


def value(state: State) -> list[float]:
    return [score(state, s) + 0.4 * companions_left(state, s) for s in range(state["n"])]
