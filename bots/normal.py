"""``normal``: one-step look-ahead with the game's position value.

Each legal action is tried in a few determinized worlds (the same worlds for every action);
when the seat itself must decide the next step too (a card, then its target), its best answer
is looked at as well, up to ``depth`` own steps. The action with the best mean value (its value
minus the best other seat's) wins; ties go to ``rnd``.
"""

from __future__ import annotations

import random

from engines import Engine, State

from .common import best_after, pruned, world
from .heuristics import values


def margin(engine: Engine, state: State, seat: int) -> float:
    if engine.is_over(state):
        win = engine.winners(state)
        return 1000.0 / len(win) if seat in win else -1000.0
    vals = values(engine, state)
    return vals[seat] - max(vals[:seat] + vals[seat + 1 :])


class NormalPolicy:
    level = "normal"

    def __init__(self, worlds: int = 3, depth: int = 2, width: int = 12):
        self.worlds, self.depth, self.width = worlds, depth, width

    def choose(
        self, engine: Engine, state: State, seat: int, legal: list[str], rnd: random.Random
    ) -> str:
        options = pruned(legal)
        if len(options) == 1:
            return options[0]
        best, best_value = [], None
        for action, value in self.scores(engine, state, seat, options, rnd).items():
            if best_value is None or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rnd.choice(best)

    def scores(
        self, engine: Engine, state: State, seat: int, options: list[str], rnd: random.Random
    ) -> dict[str, float]:
        """Each action's mean value over the same few determinized worlds."""
        worlds = [world(engine, state, seat, rnd) for _ in range(self.worlds)]
        out = {}
        for action in options:
            total = 0.0
            for w in worlds:
                after = engine.simulate(w, seat, action)
                total += best_after(
                    engine,
                    after,
                    seat,
                    self.depth - 1,
                    lambda position: margin(engine, position, seat),
                    lambda choices: self._narrow(choices, rnd),
                )
            out[action] = round(total / len(worlds), 9)
        return out

    def _narrow(self, options: list[str], rnd: random.Random) -> list[str]:
        """At most ``width`` follow-up steps, sampled."""
        return rnd.sample(options, self.width) if len(options) > self.width else options
