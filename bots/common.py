"""Shared pieces of every policy: pruning steps that undo each other, fresh RNGs, the values.

A policy may read the true state only through ``engine.determinize`` (and the ``legal`` list
it is given): everything here works on determinized worlds.
"""
from __future__ import annotations

import math
import random

from engines import Engine, State

from .heuristics import SCALE, values


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


def rewards(engine: Engine, state: State) -> list[float]:
    """Each seat's outlook in [0, 1]: at the end 1 shared among the winners, else a smooth
    function of its lead over the best other seat, by the game's value function."""
    n = len(engine.scores(state)) if engine.is_over(state) else None
    if engine.is_over(state):
        win = engine.winners(state)
        return [1.0 / len(win) if s in win else 0.0 for s in range(n)]
    vals = values(engine, state)
    scale = SCALE.get(engine.name, 5.0)
    out = []
    for s, v in enumerate(vals):
        best_other = max(vals[:s] + vals[s + 1:])
        out.append(0.5 + 0.5 * math.tanh((v - best_other) / scale))
    return out
