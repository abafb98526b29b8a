"""Bot players: pure policies (no discord, asyncio or storage).

``policy_for(kind, level="normal", seconds=1.0)`` returns an object with
``choose(engine, state, seat, legal, rnd) -> action``. Levels:

* ``easy`` (``easy.EasyPolicy``): random, minus undo steps and plainly self-destructive moves;
* ``normal`` (``normal.NormalPolicy``): one-step look-ahead with the game's position value
  (``heuristics``) over a few determinized worlds;
* ``hard`` (``hard.HardPolicy``): ISMCTS over determinized worlds, cut-off rollouts scored by
  the same values;
* ``random``: uniform among the legal actions (the old bot, a yardstick for the arena).

A policy reads hidden information only through ``engine.determinize``. It is deterministic for
a given ``rnd``: ``seconds`` becomes a number of search iterations, measured once per game and
process (``calibrate``), never a clock looked at during a search.
"""
from __future__ import annotations

import random
import time

from engines import REGISTRY

from .easy import EasyPolicy
from .hard import HardPolicy
from .normal import NormalPolicy

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


class RandomPolicy:
    level = "random"

    def choose(self, engine, state, seat, legal, rnd: random.Random) -> str:
        return rnd.choice(legal)


# Root prior (the one-step look-ahead as virtual visits, see ``HardPolicy.seed_root``): it
# helped in small arena runs everywhere but Korrigans, where grabbing gold now loses to keeping
# Companions for later moves.
PRIOR_WORLDS = {"korrigans": 0}
DEFAULT_PRIOR_WORLDS = 2
# With more choices than this, hard searches only the best few by the one-step look-ahead.
TOP = {"korrigans": 6}
# Rollout steps after the tree (random steps are noisy where one turn has many steps).
ROLLOUT = {"korrigans": 2}
DEFAULT_ROLLOUT = 12

_PER_ITERATION: dict[str, float] = {}   # game -> seconds per hard iteration, this process
MIN_ITERATIONS = 24
MAX_ITERATIONS = 5000


def calibrate(kind: str, engine=None) -> float:
    """Seconds one ``hard`` iteration takes for ``kind`` on this machine, measured once per
    process: the mean over three positions of a 3-player game (or the smallest count the game
    allows), early, middle and late, each searched for a few dozen iterations."""
    if kind not in _PER_ITERATION:
        engine = engine or REGISTRY.get(kind)
        if engine is None:
            return 1e-3
        from .common import pruned
        from .hard import Node

        n = max(engine.min_players, min(3, engine.max_players))
        rnd = random.Random(12345)
        state = engine.new_game(n, 12345)
        positions = []
        for step in range(90):
            seat = engine.to_act(state)[0]
            after, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
            if engine.is_over(after):
                break
            state = after
            if step in (10, 40, 89):
                positions.append(state)
        positions = positions or [state]
        probe = HardPolicy(iterations=1)
        spent = 0.0
        for position in positions:
            seat = engine.to_act(position)[0]
            options = pruned(engine.legal_actions(position, seat))
            root = Node(-1)
            count = 25
            start = time.perf_counter()
            for _ in range(count):
                probe.iterate(engine, position, seat, options, root, rnd)
            spent += (time.perf_counter() - start) / count
        _PER_ITERATION[kind] = max(spent / len(positions), 1e-5)
    return _PER_ITERATION[kind]


# Share of the thinking time given to iterations: iterations cost more in some positions than
# in the calibration ones, and the root prior and the final choice take time too.
BUDGET_SHARE = 0.6


def iterations_for(kind: str, seconds: float, engine=None) -> int:
    """The ``hard`` budget for ``seconds`` of thinking (the end of the search and the final
    choice are cheap next to the iterations)."""
    per = calibrate(kind, engine)
    return max(MIN_ITERATIONS, min(MAX_ITERATIONS, int(seconds * BUDGET_SHARE / per)))


def policy_for(kind: str, level: str = DEFAULT_LEVEL, seconds: float = 1.0, engine=None):
    """The policy of ``level`` for game ``kind``; unknown levels are an error. ``engine`` is
    only needed for a game outside ``engines.REGISTRY`` (to calibrate ``hard``)."""
    if level == "easy":
        return EasyPolicy()
    if level == "normal":
        return NormalPolicy()
    if level == "hard":
        return HardPolicy(iterations=iterations_for(kind, seconds, engine),
                          prior_worlds=PRIOR_WORLDS.get(kind, DEFAULT_PRIOR_WORLDS),
                          top=TOP.get(kind, 0), rollout=ROLLOUT.get(kind, DEFAULT_ROLLOUT))
    if level == "random":
        return RandomPolicy()
    raise ValueError(f"no bot level {level!r}; choose one of {', '.join(LEVELS)}")


__all__ = ["DEFAULT_LEVEL", "EasyPolicy", "HardPolicy", "LEVELS", "NormalPolicy",
           "RandomPolicy", "calibrate", "iterations_for", "policy_for"]
