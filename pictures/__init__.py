"""Board pictures: each game's public board as a PNG, drawn from the spectator view alone.

``picture(kind, view, names)`` -> PNG bytes; one module per game (``ziegen``, ``korrigans``,
``henchmania``, ``wichtel``) holds its layout. Pure: no discord, asyncio or storage; the only
inputs are the spectator view (``engine.view(state, None)``), the seats' public names and the
language of the labels (``words``: their catalog).
Colours, letters and shapes of the seats: ``palette``; shared drawing: ``draw``.
"""

from __future__ import annotations

from importlib import import_module

KINDS = ("ziegen", "korrigans", "henchmania", "wichtel")
FILENAME = "board.png"
MAX_BYTES = 300 * 1024


def supports(kind: str) -> bool:
    return kind in KINDS


def picture(kind: str, view: dict, names: list[str] | None = None, lang: str = "en") -> bytes:
    """The PNG of a game's public board, its words in ``lang`` ("de", "es", a Discord locale;
    unknown: English). ``view`` must be the spectator view (seat None)."""
    if kind not in KINDS:
        raise ValueError(f"no picture for {kind!r}")
    if view.get("seat") is not None:
        raise ValueError("a board picture is drawn from the spectator view only")
    from .words import drawing_in

    with drawing_in(lang):
        return import_module(f"{__name__}.{kind}").picture(view, names)
