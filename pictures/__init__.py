"""Board pictures: each game's public board as a PNG, drawn from the spectator view alone.

``picture(kind, view, names)`` -> PNG bytes; one module per registered game holds its layout
and its labels: ``pictures/<game>.py`` (``Engine.part("picture")``), a ``picture(view, names)``
function. A game without one says so (``parts = {"picture": None}``: its board is text only);
a registered game whose module is missing is an error (``check``, at start-up), never a board
silently left without its picture. Pure: no discord, asyncio or storage; the only
inputs are the spectator view (``engine.view(state, None)``), the seats' public names and the
language of the labels (``words``: their catalog).
Colours, letters and shapes of the seats: ``palette``; shared drawing: ``draw``.
"""

from __future__ import annotations

FILENAME = "board.png"
MAX_BYTES = 300 * 1024


def kinds() -> list[str]:
    """The registered games that have a board picture, in the registry's order."""
    from engines import REGISTRY

    return [kind for kind, engine in REGISTRY.items() if engine.part("picture") is not None]


def supports(kind: str) -> bool:
    """Whether the game ``kind`` has a board picture (an unknown game has none)."""
    from engines import REGISTRY

    engine = REGISTRY.get(kind)
    return engine is not None and engine.part("picture") is not None


def module(kind: str):
    """The picture module of a game (``Engine.part("picture")``): a clear error when a
    registered game has neither the module nor a declaration that it has none."""
    from engines import REGISTRY

    found = REGISTRY[kind].load_part("picture")
    if found is None:
        raise ValueError(f"{kind!r} has no board picture (it says so: parts['picture'] is None)")
    if not callable(getattr(found, "picture", None)):
        raise LookupError(f"{found.__name__} has no picture(view, names) function")
    return found


def check() -> None:
    """Every registered game's picture module is there (start-up, ``bot.check_games``)."""
    for kind in kinds():
        module(kind)


def picture(kind: str, view: dict, names: list[str] | None = None, lang: str = "en") -> bytes:
    """The PNG of a game's public board, its words in ``lang`` ("de", "es", a Discord locale;
    unknown: English). ``view`` must be the spectator view (seat None)."""
    if not supports(kind):
        raise ValueError(f"no picture for {kind!r}")
    if view.get("seat") is not None:
        raise ValueError("a board picture is drawn from the spectator view only")
    from .words import drawing_in

    with drawing_in(lang):
        return module(kind).picture(view, names)
