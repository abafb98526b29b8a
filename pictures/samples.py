"""Seeded random game states for examples, tests and the benchmark (uses the pure engines).

``sample_state(kind, players, seed)`` plays a random legal game to about ``fraction`` of its
length; the same arguments always give the same state.
"""

from __future__ import annotations

import functools
import json
import random

from engines import REGISTRY


@functools.lru_cache(maxsize=256)
def _game(kind: str, players: int, seed: int, options: str) -> tuple[tuple[int, str], ...]:
    """The moves of the whole seeded random game (``options`` as JSON): found once, since
    choosing them (who acts, what is legal) costs far more than replaying them."""
    engine = REGISTRY[kind]
    state = engine.new_game(players, seed, json.loads(options))
    rnd = random.Random(seed)
    moves = []
    while not engine.is_over(state):
        seat = rnd.choice(engine.to_act(state))
        action = rnd.choice(engine.legal_actions(state, seat))
        state, _ = engine.apply(state, seat, action)
        moves.append((seat, action))
    return tuple(moves)


def sample_state(
    kind: str, players: int, seed: int, fraction: float = 0.5, options: dict | None = None
):
    """A state ``fraction`` of the way through a seeded random game (1.0: the finished game):
    the game's first ``int(len * fraction)`` moves, replayed on a new game."""
    engine = REGISTRY[kind]
    moves = _game(kind, players, seed, json.dumps(options, sort_keys=True))
    state = engine.new_game(players, seed, options)
    for seat, action in moves[: int(len(moves) * fraction)]:
        state, _ = engine.apply(state, seat, action)
    return state


def sample_view(
    kind: str, players: int, seed: int, fraction: float = 0.5, options: dict | None = None
) -> dict:
    """The spectator view of ``sample_state``."""
    return REGISTRY[kind].view(sample_state(kind, players, seed, fraction, options), None)
