"""What a Der Herr der Wichtel bot knows: its position value and search settings."""

from __future__ import annotations

from engines import State
from engines.wichtel.scoring import round_bonuses, score_retinue

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 10.0
# ``hard``: root prior worlds (the one-step look-ahead as virtual visits), the number of
# candidate actions searched (0: all) and the rollout steps after the tree.
HARD = {"prior_worlds": 2, "top": 0, "rollout": 12}


_RETINUES: dict[tuple, int] = {}


def _retinue(cards: list[str]) -> int:
    """A retinue's score, remembered (scoring a retinue tries every title)."""
    key = tuple(sorted(cards))
    if key not in _RETINUES:
        if len(_RETINUES) > 50_000:
            _RETINUES.clear()
        _RETINUES[key] = score_retinue(list(key))
    return _RETINUES[key]


def value(state: State) -> list[float]:
    out = [float(t) for t in state["totals"]]
    if state["over"]:
        return out
    now = [_retinue(r) for r in state["ret"]]
    bonus = round_bonuses(now)
    for seat in range(state["n"]):
        out[seat] += now[seat] + bonus[seat] + 0.5 * len(state["ev"][seat])
    return out
