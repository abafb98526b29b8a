"""Position values: a number per seat, higher is better, roughly in game points (each game's
``value`` in ``bots.games``; the current scores for a game without one)."""

from __future__ import annotations

from engines import Engine, State

from .games import knowledge

DEFAULT_SCALE = 5.0


def values(engine: Engine, state: State) -> list[float]:
    """The game's value function, or its current scores for a game without one."""
    game = knowledge(engine.name)
    return game.value(state) if game else [float(x) for x in engine.scores(state)]


def scale(engine: Engine) -> float:
    """How many points make a clear lead in this game."""
    game = knowledge(engine.name)
    return game.SCALE if game else DEFAULT_SCALE


def search_values(engine: Engine, state: State) -> list[float]:
    """``hard``'s evaluation of a cut-off position: the game's ``deep_value`` if it has one
    (longer-range terms, e.g. what a position will be worth at the game's end), else its
    ``value``."""
    game = knowledge(engine.name)
    deep = getattr(game, "deep_value", None)
    return deep(state) if deep else values(engine, state)
