"""Der Herr der Wichtel: a cheap greedy player for ``hard``'s rollouts.

It runs inside a determinized world, so it may look at every retinue there. It ends a round
when it leads by the scores the round would give now, frees the Wahlleiter when it leads,
enlists the square card that improves its retinue most (else calls its weakest card), bribes
with its cheapest bribe only for a card it really wants, and fills gaps / gives away the card
whose loss hurts least.
"""

from __future__ import annotations

import random

from engines import Engine, State
from engines.wichtel.data import BRIBE_RANK
from engines.wichtel.scoring import round_bonuses

from .wichtel_round import potential, retinue_score

WANT = 4  # a square card worth bribing for improves the retinue by at least this much


def _lead(state: State, seat: int) -> float:
    """The seat's total after the round ended now minus the best other seat's."""
    now = [retinue_score(r) for r in state["ret"]]
    bonus = round_bonuses(now)
    tot = [t + s + b for t, s, b in zip(state["totals"], now, bonus)]
    return tot[seat] - max(t for i, t in enumerate(tot) if i != seat)


def _without(cards: list[str], card: str) -> list[str]:
    out = list(cards)
    out.remove(card)
    return out


def _gain(cards: list[str], card: str) -> int:
    """How much taking ``card`` (and dropping the best card to drop) improves the retinue."""
    now = retinue_score(cards)
    return potential(cards, [card], now) - now


def rollout_action(
    engine: Engine, state: State, seat: int, options: list[str], rnd: random.Random
) -> str:
    phase = state["phase"]
    ret = state["ret"][seat]
    if phase == "endround":
        return "endround" if _lead(state, seat) > 0 else "continue"
    if phase == "fill":
        keep = state["fill"]["card"]
        fills = [a for a in options if a.startswith("fill:")]
        return max(fills, key=lambda a: (retinue_score(_without(ret, a[5:])), a != "fill:" + keep))
    if phase == "exchange":
        return max(options, key=lambda a: retinue_score(_without(ret, a[5:])))
    if phase == "end":
        if "free" in options and _lead(state, seat) > 0:
            return "free"
        return "done"
    if phase == "prewalk":
        return "walk"
    if phase == "bribe":
        card = state["enl"]["card"]
        bribes = [a for a in options if a.startswith("bribe:")]
        if bribes and _gain(ret, card) >= WANT:
            return min(bribes, key=lambda a: BRIBE_RANK[a[6:]])
        return "pass"
    if phase == "respond":
        return "nixda" if "nixda" in options else options[0]
    if phase == "reroll":
        return "reroll" if "reroll" in options else "accept"
    if phase == "dbgive":
        card = state["enl"]["card"]
        return min(options, key=lambda a: _gain(state["ret"][int(a[3:])], card))
    if phase == "main":
        now = retinue_score(ret)
        best, best_gain = None, 0
        for a in options:
            if a.startswith("enlist:"):
                g = potential(ret, [state["sq"][int(a[7:])]], now) - now
                if g > best_gain:
                    best, best_gain = a, g
        if best:
            return best
        calls = [a for a in options if a.startswith("call:")]
        if calls and rnd.random() < 0.7:
            return max(calls, key=lambda a: retinue_score(_without(ret, a[5:])))
    return rnd.choice(options)
