"""Per-game bot knowledge, one module per game: ``value(state)`` (a number per seat, higher is
better, roughly in game points), ``SCALE`` (points that make a clear lead), ``HARD`` (the
``hard`` search's settings) and optionally ``AVOID`` (what ``easy`` shuns),
``rollout_options`` (what a rollout picks from) or ``rollout_action`` (a rollout's whole
choice), and ``deep_value`` (``hard``'s evaluation of a cut-off position, if it differs from
``value``, which ``normal`` uses). A new game's bot starts with a new module here.
"""

from __future__ import annotations

from types import ModuleType

from . import henchmania, korrigans, wichtel, ziegen

GAMES: dict[str, ModuleType] = {
    "ziegen": ziegen,
    "henchmania": henchmania,
    "wichtel": wichtel,
    "korrigans": korrigans,
}


def knowledge(kind: str) -> ModuleType | None:
    return GAMES.get(kind)
