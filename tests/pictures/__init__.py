"""The board pictures' tests; ``played`` is the boards they draw move after move."""

from __future__ import annotations

import random

from engines import REGISTRY


def played(kind: str, players: int, seed: int, moves: int) -> list[dict]:
    """The spectator views at the start and after each of the first ``moves`` moves of a
    seeded random game of ``kind``."""
    engine = REGISTRY[kind]
    rnd = random.Random(seed)
    state = engine.new_game(players, seed)
    shown = [engine.view(state, None)]
    while not engine.is_over(state) and len(shown) <= moves:
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        shown.append(engine.view(state, None))
    return shown
