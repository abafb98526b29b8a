"""What a Der Herr der Wichtel bot knows: its position value and search settings.

``value`` (``normal`` and ``hard``): totals + what each retinue would score if the round ended
now, with the round bonuses, + half a point per event card in hand.

``deep_value`` (``hard``'s cut-off evaluation) looks at the round's likely outcome instead
(``bots.games.wichtel_round``): a retinue is worth its score now moved part of the way towards
its potential (the best score one swap with a Village Square card reaches), more so while the
Wahlleiter is still tied (nobody can end the round yet); a freshly dealt round is worth the same
to everyone, so ending a round is worth exactly the lead it locks in. ``rollout_action`` is a
cheap greedy player for the search's rollouts (``bots.games.wichtel_rollout``).
"""

from __future__ import annotations

from engines import State
from engines.wichtel.scoring import round_bonuses

from .wichtel_rollout import rollout_action
from .wichtel_round import deep_value, retinue_score

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 10.0
# ``hard``: root prior worlds (the one-step look-ahead as virtual visits), the number of
# candidate actions searched (0: all) and the rollout steps after the tree.
HARD = {"prior_worlds": 8, "prior_weight": 4, "top": 0, "rollout": 8, "explore": 0.3}

__all__ = ["HARD", "SCALE", "deep_value", "rollout_action", "value"]


def value(state: State) -> list[float]:
    out = [float(t) for t in state["totals"]]
    if state["over"]:
        return out
    now = [retinue_score(r) for r in state["ret"]]
    bonus = round_bonuses(now)
    for seat in range(state["n"]):
        out[seat] += now[seat] + bonus[seat] + 0.5 * len(state["ev"][seat])
    return out
