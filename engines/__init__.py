"""Pure game engines. ``REGISTRY`` maps a short game name to its engine object.

No discord, asyncio, sqlite, clock or global random anywhere in this package: see ``base``.
"""

from __future__ import annotations

from .base import (
    ACTION_ID_RE,
    Engine,
    Event,
    GameError,
    IllegalAction,
    State,
    StateVersionError,
    clone,
)

REGISTRY: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    REGISTRY[engine.name] = engine
    return engine


def _load_all() -> None:
    # Each game package exports ENGINE; add a game here once its engine is complete.
    from .henchmania import ENGINE as henchmania
    from .korrigans import ENGINE as korrigans
    from .wichtel import ENGINE as wichtel
    from .ziegen import ENGINE as ziegen

    for engine in (ziegen, wichtel, korrigans, henchmania):
        register(engine)


_load_all()

__all__ = [
    "ACTION_ID_RE",
    "Engine",
    "Event",
    "GameError",
    "IllegalAction",
    "REGISTRY",
    "State",
    "StateVersionError",
    "clone",
    "register",
]
