"""The words drawn in the board pictures, rendered in the language of the picture being drawn:
the few shared by every game's picture (``TEMPLATES``: the ``pictures`` catalog, gettext domain
``pictures``, ``locale/<lang>/LC_MESSAGES/pictures.po``), and each game's own labels, kept in its
picture module (``pictures/<game>.py``: ``LABELS``, registered with ``labels``) and translated in
the game's own catalog (ids ``<game>.pic.<id>``).

``picture()`` sets the language for the drawing (``drawing_in``); the layouts ask ``tr(id,
**params)`` for a label and ``name(game, table, value)`` for a card or component name from the
game's own name tables (``engines/<game>/words.py``: Korrigans' and Henchmania's names
translated, Wichtel's German card names as printed). The language lives in a ``ContextVar``:
each worker thread drawing a board has its own. Pure: no discord, asyncio or storage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from engines import translations, words
from engines.words import Msg, render

GAME = "pictures"
_LANG: ContextVar[str] = ContextVar("picture_lang", default="en")

TEMPLATES = {
    "player": "Player {n}",
    "game_over": "Game over. Winner: {names}",
    "last": "Last move: {news}",
}

words.catalog(GAME, TEMPLATES)


def lang() -> str:
    """The language of the picture being drawn."""
    return _LANG.get()


@contextmanager
def drawing_in(language: str | None) -> Iterator[None]:
    """Draw the pictures inside the block in ``language`` (unknown or None: English)."""
    token = _LANG.set(translations.language(language))
    try:
        yield
    finally:
        _LANG.reset(token)


def _label(key: str, params: dict[str, Any]) -> str:
    """A label (a full message id) with ``params`` in the drawing's language; the catalogs are
    fixed once loaded, so a label with plain parameters is rendered once and remembered."""
    try:
        # each value with its type: 1, 1.0 and True are equal keys but are not shown alike
        return _rendered(key, tuple((k, type(v), v) for k, v in params.items()), lang())
    except TypeError:  # a parameter that cannot be a key (a list, a message's JSON form)
        return render(Msg(key, **params), lang())


@lru_cache(maxsize=4096)
def _rendered(key: str, params: tuple, language: str) -> str:
    return render(Msg(key, **{k: v for k, _, v in params}), language)


def tr(key: str, /, **params: Any) -> str:
    """A shared picture label (an id of this catalog) in the drawing's language."""
    return _label(f"{GAME}.{key}", params)


def labels(game: str, templates: Mapping[str, str]) -> Callable[..., str]:
    """Register a game's picture labels in its own catalog (ids ``pic.<id>``) and return its
    ``tr``: a label of the game, or a shared one (``TEMPLATES``), in the drawing's language."""
    words.catalog(game, {f"pic.{key}": text for key, text in templates.items()})

    def tr_game(key: str, /, **params: Any) -> str:
        if key in templates:
            return _label(f"{game}.pic.{key}", params)
        return tr(key, **params)

    return tr_game


def show(message: Any) -> str:
    """An engine message (or its JSON form, or a plain string) in the drawing's language."""
    return render(message, lang())


def name(game: str, table: str, value: Any) -> str:
    """A card or component name from a game's name table, in the drawing's language (a fixed
    table, such as Wichtel's German card names, as it is); an unknown value as it is."""
    names = words.NAMES.get(game, {}).get(table)
    if not isinstance(names, Mapping) or value not in names:
        return str(value)
    shown = names[value]
    if not isinstance(shown, str):
        return render(shown, lang())
    if table in words.FIXED.get(game, ()):
        return shown
    return translations.translate(game, words.name_context(game, table, value), shown, lang())


__all__ = ["drawing_in", "labels", "lang", "name", "show", "tr"]
