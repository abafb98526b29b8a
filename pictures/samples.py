"""Seeded random game states for examples, tests and the benchmark (uses the pure engines).

``sample_state(kind, players, seed)`` plays a random legal game to about ``fraction`` of its
length; the same arguments always give the same state.
"""

from __future__ import annotations

import random

from engines import REGISTRY


def _play(engine, state, rnd: random.Random, limit: int):
    moves = 0
    while moves < limit and not engine.is_over(state):
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        moves += 1
    return state, moves


def sample_state(
    kind: str, players: int, seed: int, fraction: float = 0.5, options: dict | None = None
):
    """A state ``fraction`` of the way through a seeded random game (1.0: the finished game)."""
    engine = REGISTRY[kind]
    _, total = _play(engine, engine.new_game(players, seed, options), random.Random(seed), 10**6)
    state, _ = _play(
        engine, engine.new_game(players, seed, options), random.Random(seed), int(total * fraction)
    )
    return state


def sample_view(
    kind: str, players: int, seed: int, fraction: float = 0.5, options: dict | None = None
) -> dict:
    """The spectator view of ``sample_state``."""
    return REGISTRY[kind].view(sample_state(kind, players, seed, fraction, options), None)
