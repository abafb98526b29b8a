"""Shared pieces of every policy: pruning steps that undo each other, fresh RNGs, the values.

A policy may read the true state only through ``engine.determinize`` (and the ``legal`` list
it is given): everything here works on determinized worlds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from engines import Engine, State

from .heuristics import scale as lead_scale
from .heuristics import search_values


def is_undo(action: str) -> bool:
    """Steps that go back to an earlier choice (Ziegen ``dog:back``, Henchmania ``back``,
    Korrigans ``kor:back``): taking them and then the step they undo again is a cycle, so no
    policy takes them (they never are the only legal action: they always sit beside the choice
    they undo)."""
    return action == "back" or action.endswith(":back")


def pruned(legal: list[str]) -> list[str]:
    """The legal actions without undo steps (all of them if nothing else is left)."""
    out = [a for a in legal if not is_undo(a)]
    return out or list(legal)


def child_rng(rnd: random.Random) -> random.Random:
    return random.Random(rnd.getrandbits(64))


def world(engine: Engine, state: State, seat: int, rnd: random.Random) -> State:
    """One world ``seat`` cannot tell from the true one (the only way a policy looks at it)."""
    return engine.determinize(state, seat, child_rng(rnd))


def actor(engine: Engine, state: State, prefer: int | None = None) -> int:
    """Who decides next in a simulation: ``prefer`` if it is asked, else the lowest seat (the
    rules make simultaneous secret decisions independent of the order they are given in)."""
    acting = engine.to_act(state)
    return prefer if prefer in acting else acting[0]


def best_after(
    engine: Engine,
    state: State,
    seat: int,
    depth: int,
    score: Callable[[State], float],
    narrow: Callable[[list[str]], list[str]] | None = None,
) -> float:
    """``score`` of the position after ``seat``'s best next steps while it alone decides, up to
    ``depth`` of them (a card and then its target are one plan); ``narrow`` may cut the
    choices looked at in each position."""
    if depth <= 0 or engine.is_over(state) or engine.to_act(state) != [seat]:
        return score(state)
    options = pruned(engine.legal_actions(state, seat))
    if narrow:
        options = narrow(options)
    return max(
        best_after(engine, engine.simulate(state, seat, a), seat, depth - 1, score, narrow)
        for a in options
    )


# How much of a finished game's reward is winning itself (the rest is the margin's growth).
WIN_WEIGHT = 0.5


def margins(engine: Engine, state: State) -> list[float]:
    """Each seat's value minus the best value among the other seats."""
    vals = search_values(engine, state)
    return [v - max(vals[:s] + vals[s + 1 :]) for s, v in enumerate(vals)]


def rewards(engine: Engine, state: State, base: list[float] | None = None) -> list[float]:
    """Each seat's outcome in [0, 1]: a smooth function of how much its margin (``margins``)
    grew since ``base`` (the margins where the search started), so that a seat far ahead or
    far behind still tells its moves apart. A finished game is scored the same way (its values
    are the final scores), so ending a game is never worth more than the points it brings."""
    now = margins(engine, state)
    scale = lead_scale(engine)
    base = base or [0.0] * len(now)
    out = [0.5 + 0.5 * math.tanh((m - b) / scale) for m, b in zip(now, base)]
    if WIN_WEIGHT and engine.is_over(state):
        win = engine.winners(state)
        out = [
            (1 - WIN_WEIGHT) * r + WIN_WEIGHT * (1.0 / len(win) if s in win else 0.0)
            for s, r in enumerate(out)
        ]
    return out
