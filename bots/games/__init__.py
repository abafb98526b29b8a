"""Per-game bot knowledge, one module per game: ``value(state)`` (a number per seat, higher is
better, roughly in game points), ``SCALE`` (points that make a clear lead), ``HARD`` (the
``hard`` search's settings) and optionally ``AVOID`` (what ``easy`` shuns),
``rollout_options`` (what a rollout picks from) or ``rollout_action`` (a rollout's whole
choice), and ``deep_value`` (``hard``'s evaluation of a cut-off position, if it differs from
``value``, which ``normal`` uses).

A registered game's module is found by its name (``Engine.part("bot")``:
``bots/games/<game>.py``); a new game's bot starts with a new module here. A game that declares
it has none (``parts = {"bot": None}``) is played by the generic bots alone; a registered game
whose module is missing is an error (``check``, at start-up), not a silently weaker bot.
"""

from __future__ import annotations

from types import ModuleType

_LOADED: dict[str, ModuleType] = {}  # module path -> module (the bots ask in their inner loops)


def knowledge(kind: str) -> ModuleType | None:
    """The bot knowledge of the game ``kind``; None for a game that declares it has none, or
    an engine that is not registered (a test's own engine)."""
    from engines import REGISTRY

    engine = REGISTRY.get(kind)
    name = None if engine is None else engine.part("bot")
    if name is None:
        return None
    found = _LOADED.get(name)
    if found is None:
        found = _LOADED[name] = engine.load_part("bot")
    return found


def check() -> None:
    """Every registered game's bot knowledge is there (start-up, ``bot.check_games``)."""
    from engines import REGISTRY

    for kind in REGISTRY:
        knowledge(kind)
