"""Pure game engines. ``REGISTRY`` maps a short game name to its engine object.

No discord, asyncio, sqlite, clock or global random anywhere in this package: see ``base``.
"""

from __future__ import annotations

import importlib
import pkgutil

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
    """Add a game to the registry, the one list of games: every other part of Tavern finds the
    game's parts from here (``Engine.part``, ``docs/new-game.md``). Its option help becomes
    messages of its own catalog (``<game>.option.<key>``, translated in ``<game>.po``)."""
    from . import words

    REGISTRY[engine.name] = engine
    words.catalog(engine.name, {f"option.{k}": text for k, text in engine.option_help.items()})
    return engine


def unregister(name: str) -> None:
    """Take a game out of the registry, its words with it (the tests' toy game, after its
    test)."""
    from . import words

    REGISTRY.pop(name, None)
    for table in (words.TEMPLATES, words.NAMES, words.FIXED):
        table.pop(name, None)


def _load_all() -> None:
    """Register every game package found in this folder: a package that exports ``ENGINE``.
    Adding a game is adding its package (``docs/new-game.md``); no list of games is kept by
    hand. A package without ``ENGINE`` (``words``, a helper) is not a game. Games register in
    name order, so the registry's order never depends on the file system's."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{info.name}")
        engine = getattr(package, "ENGINE", None)
        if isinstance(engine, Engine):
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
    "unregister",
]
