"""Thinking time as a number of search iterations, measured once per game, player count and
process: never a clock looked at during a search, so a position and a ``rnd`` always give the
same choice within a process.

A decision costs a fixed part (the root prior, ``cost``) plus its iterations; the iterations of
a long search cost more than those of a short probe (walks go deeper into a bigger tree), so
``iterations_for`` searches its first estimate once on three other positions and scales it
to what that took. The whole calibration takes about twice the budget, once per process (at 1 s:
1-3 s on the first decision of a game and player count).
"""

from __future__ import annotations

import random
import time

from engines import REGISTRY

from .common import pruned

# (game, players) -> (seconds per decision before the first iteration, seconds per iteration)
_COST: dict[tuple[str, int], tuple[float, float]] = {}
_ITERATIONS: dict[tuple[str, int, float], int] = {}  # (game, players, seconds) -> iterations
MIN_ITERATIONS = 24
MAX_ITERATIONS = 5000
# Share of the thinking time planned for the search: positions cost more or less than the
# calibration ones, and a busy machine slows everything down.
BUDGET_SHARE = 0.5
PROBE_ITERATIONS = 16


def calibrate(kind: str, players: int, engine=None, probe=None) -> float:
    """Seconds per ``hard`` iteration for ``kind`` with ``players`` (``cost``)."""
    return cost(kind, players, engine, probe)[1]


def cost(kind: str, players: int, engine=None, probe=None) -> tuple[float, float]:
    """What a ``hard`` decision costs for ``kind`` with ``players``: the seconds spent before
    the first iteration (the root prior and candidate ranking) and the seconds per iteration.
    Measured with ``probe`` (a ``HardPolicy`` configured like the one that will play) at an
    early, a middle and a late real decision (more than one sensible action) of a random game:
    each position is searched with no iteration and with ``PROBE_ITERATIONS``, and the
    difference is the iterations' share."""
    key = (kind, players)
    if key not in _COST:
        engine = engine or REGISTRY.get(kind)
        if engine is None or probe is None:  # nothing to measure with: a cautious guess
            return (0.0, 1e-3)
        rnd = random.Random(12345)
        positions = probe_positions(engine, players, rnd)
        fixed = spent = 0.0
        for position in positions:
            before = timed_search(engine, position, probe, rnd, 0)
            whole = timed_search(engine, position, probe, rnd, PROBE_ITERATIONS)
            fixed += before
            # The second search pays the fixed part again.
            spent += max(whole - before, 0.0) / PROBE_ITERATIONS
        _COST[key] = (fixed / len(positions), max(spent / len(positions), 1e-5))
    return _COST[key]


def timed_search(engine, position, probe, rnd: random.Random, iterations: int) -> float:
    """Seconds ``probe`` takes to decide at ``position`` with ``iterations``."""
    seat = engine.to_act(position)[0]
    legal = engine.legal_actions(position, seat)
    start = time.perf_counter()
    probe.search(engine, position, seat, legal, rnd, iterations)
    return time.perf_counter() - start


def probe_positions(engine, players: int, rnd: random.Random) -> list:
    """Up to three real decisions (more than one sensible action) of a random game played with
    ``rnd``: an early, a middle and a late one."""
    state = engine.new_game(players, 12345)
    positions = []
    for step in range(400):
        seat = engine.to_act(state)[0]
        after, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        if engine.is_over(after):
            break
        state = after
        seat = engine.to_act(state)[0]
        # Only real decisions: a position with one sensible action costs no search at all.
        if step >= len(positions) * 40 + 10 and len(pruned(engine.legal_actions(state, seat))) > 1:
            positions.append(state)
            if len(positions) == 3:
                break
    return positions or [state]


def iterations_for(kind: str, seconds: float, players: int = 3, engine=None, probe=None) -> int:
    """The ``hard`` iterations that fit in ``seconds`` for this game and player count: the
    planned share of the time, less the part spent before the first iteration. A longer search
    costs more per iteration than the short probe (its walks go deeper into a bigger tree), so
    the first estimate is searched once on three other positions of another random game and
    scaled to what it took."""
    key = (kind, players, seconds)
    if key not in _ITERATIONS:
        fixed, per = cost(kind, players, engine, probe)
        plan = seconds * BUDGET_SHARE
        guess = clamp(int((plan - fixed) / per))
        if engine is not None and probe is not None and guess > PROBE_ITERATIONS:
            rnd = random.Random(54321)  # three other positions: six in all are measured
            positions = probe_positions(engine, players, rnd)
            took = sum(timed_search(engine, p, probe, rnd, guess) for p in positions)
            took /= len(positions)
            per = max((took - fixed) / guess, per)
            guess = clamp(int((plan - fixed) / per))
        _ITERATIONS[key] = guess
    return _ITERATIONS[key]


def clamp(iterations: int) -> int:
    return max(MIN_ITERATIONS, min(MAX_ITERATIONS, iterations))
