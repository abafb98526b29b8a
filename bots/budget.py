"""Thinking time as a number of search iterations, measured once per game, player count and
process: never a clock looked at during a search, so a position and a ``rnd`` always give the
same choice within a process.
"""

from __future__ import annotations

import random
import time

from engines import REGISTRY

from .common import pruned

_PER_ITERATION: dict[tuple[str, int], float] = {}  # (game, players) -> seconds
MIN_ITERATIONS = 24
MAX_ITERATIONS = 5000
# Share of the thinking time planned for the search: positions cost more or less than the
# calibration ones, and a busy machine slows everything down.
BUDGET_SHARE = 0.5
PROBE_ITERATIONS = 16


def calibrate(kind: str, players: int, engine=None, probe=None) -> float:
    """Seconds per ``hard`` iteration for ``kind`` with ``players``: whole decisions of
    ``probe`` (a ``HardPolicy`` configured like the one that will play; root prior and
    candidate ranking included, so a bit over) at an early, a middle and a late real decision
    (more than one sensible action) of a random game, averaged."""
    key = (kind, players)
    if key not in _PER_ITERATION:
        engine = engine or REGISTRY.get(kind)
        if engine is None or probe is None:  # nothing to measure with: a cautious guess
            return 1e-3
        rnd = random.Random(12345)
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
            if (
                step >= len(positions) * 40 + 10
                and len(pruned(engine.legal_actions(state, seat))) > 1
            ):
                positions.append(state)
                if len(positions) == 3:
                    break
        positions = positions or [state]
        spent = 0.0
        for position in positions:
            seat = engine.to_act(position)[0]
            legal = engine.legal_actions(position, seat)
            start = time.perf_counter()
            probe.search(engine, position, seat, legal, rnd, PROBE_ITERATIONS)
            spent += (time.perf_counter() - start) / PROBE_ITERATIONS
        _PER_ITERATION[key] = max(spent / len(positions), 1e-5)
    return _PER_ITERATION[key]


def iterations_for(kind: str, seconds: float, players: int = 3, engine=None, probe=None) -> int:
    """The ``hard`` iterations that fit in ``seconds`` for this game and player count."""
    per = calibrate(kind, players, engine, probe)
    return max(MIN_ITERATIONS, min(MAX_ITERATIONS, int(seconds * BUDGET_SHARE / per)))
