"""What a Henchmania bot knows: its position value, search settings and rollout habits."""

from __future__ import annotations

from engines import State
from engines.henchmania.common import dominant, performance_kinds
from engines.henchmania.data import SITES

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 4.0
# ``hard``: root prior worlds (the one-step look-ahead as virtual visits), the number of
# candidate actions searched (0: all) and the rollout steps after the tree.
HARD = {"prior_worlds": 2, "top": 0, "rollout": 12}
# Actions a beginner (``easy``) avoids while anything else is legal: passing ends your day.
AVOID = ("pass",)


def rollout_options(options: list[str], rnd) -> list[str]:
    """A rollout's choices: a random player passes far too early (passing is for the day)."""
    if len(options) > 1 and "pass" in options and rnd.random() < 0.85:
        return [a for a in options if a != "pass"]
    return options


def value(state: State) -> list[float]:
    n = state["n"]
    out = [float(x) for x in state["score"]]
    if state["phase"] == "over":
        return out
    for seat in range(n):
        out[seat] += 0.25 * len(state["hand"][seat]) + 0.3 * len(state["res"][seat])
        out[seat] += 0.6 * performance_kinds(state, seat)
        if state["trump"][seat]:
            out[seat] += 0.4
    for site in SITES:
        d = dominant(state, site)
        if isinstance(d, int) and d >= 0:
            out[d] += 0.5
    return out
