"""What a Herr der Ziegen bot knows: its position value and search settings."""

from __future__ import annotations

from engines import State
from engines.ziegen import data
from engines.ziegen.scoring import final_scores

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 8.0
# ``hard``: root prior worlds (the one-step look-ahead as virtual visits), the number of
# candidate actions searched (0: all) and the rollout steps after the tree.
HARD = {"prior_worlds": 2, "top": 0, "rollout": 12}


def value(state: State) -> list[float]:
    """Final scores now, plus each unclaimed set's pasture value shared out by who leads its
    majority (played goats, half for goats in hand), plus half the value of milk in hand."""
    out = [float(x) for x in final_scores(state)]
    if state["phase"] == "over":
        return out
    n = state["n"]
    weight: dict[str, list[float]] = {}
    owner = state["owner"]  # set key -> seat, for the sets already scored
    for seat in range(n):
        for c in state["played"][seat]:
            s = data.GOAT_SET[c]
            if s is not None and s not in owner:
                weight.setdefault(s, [0.0] * n)[seat] += data.VALUE[c]
        for c in state["hands"][seat]:
            s = data.GOAT_SET[c]
            if s is not None and s not in owner:
                weight.setdefault(s, [0.0] * n)[seat] += 0.5 * data.VALUE[c]
            elif data.KIND[c] == "m":
                out[seat] += 0.5 * data.VALUE[c]
    if weight:
        pot: dict[str, float] = {}
        for c in state["grid"]:
            if data.is_card(c) and data.GOAT_SET[c] in weight:
                pot[data.GOAT_SET[c]] = pot.get(data.GOAT_SET[c], 0.0) + data.VALUE[c]
        for s, w in weight.items():
            total = sum(w) + 2.0
            for seat in range(n):
                out[seat] += pot.get(s, 0.0) * w[seat] / total
    return out
