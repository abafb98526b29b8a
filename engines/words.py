"""Words out of the rules: a message is an id and parameters; its text lives in a catalog.

Rule code never builds a sentence. It says *what* happened as a ``Msg``::

    Msg("wichtel.receive", p=2, card="hf")

and each game's ``words.py`` holds the English template of every id, registered here with
``catalog``::

    catalog("wichtel", {"receive": "{p:seat} receives {card:lep} from the Village Square."},
            names={"lep": LEP_NAME})

A template is a ``str.format`` template whose format spec may name how a parameter is shown:
``{p:seat}`` is a seat (drawn as the ``{pN}`` marker the table service fills with the player's
name), ``{card:lep}`` looks the value up in the game's name table ``lep``, ``{n}`` is shown as
it is. A translation (see the languages issue) keeps the same placeholders, so only the template
changes. ``render`` turns a message, a plain string or a message's JSON form into English.

A message's JSON form (for views, which must be JSON-able) is ``["wichtel.receive", {...}]``.
"""
from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any, Mapping

# game -> message id -> English template; game -> name table -> value -> name
TEMPLATES: dict[str, dict[str, str]] = {}
NAMES: dict[str, dict[str, Mapping[Any, str]]] = {}


@dataclass(frozen=True, slots=True)
class Msg:
    """A message id (``"<game>.<id>"``) and its parameters (JSON-able values)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, /, **params: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)

    @property
    def game(self) -> str:
        return self.key.partition(".")[0]

    def to_json(self) -> list:
        return [self.key, dict(self.params)]

    def __str__(self) -> str:
        return render(self)


def plural(key: str, n: int, /, **params: Any) -> Msg:
    """``key.one`` when ``n`` is 1, else ``key.other`` (``n`` is passed on as a parameter)."""
    return Msg(f"{key}.{'one' if n == 1 else 'other'}", n=n, **params)


def catalog(game: str, templates: Mapping[str, str],
            names: Mapping[str, Mapping[Any, str]] | None = None) -> None:
    """Register a game's English templates (ids without the game prefix) and name tables."""
    TEMPLATES.setdefault(game, {}).update(templates)
    NAMES.setdefault(game, {}).update(names or {})


class _Formatter(string.Formatter):
    def __init__(self, game: str) -> None:
        self.game = game

    def format_field(self, value: Any, spec: str) -> str:
        if spec == "seat":
            return "{p%d}" % value
        if spec == "seats":
            return ", ".join("{p%d}" % seat for seat in value)
        if spec == "msg":
            return render(value)
        table = NAMES.get(self.game, {}).get(spec)
        if table is not None:
            return table[value]
        return super().format_field(value, spec)


def render(message: Msg | str | list | tuple | None) -> str:
    """English text of a message, its JSON form or a plain string ("" for None)."""
    if message is None:
        return ""
    if isinstance(message, str):
        return message
    if isinstance(message, (list, tuple)):
        message = Msg(message[0], **message[1])
    game, _, key = message.key.partition(".")
    template = TEMPLATES.get(game, {}).get(key)
    if template is None:
        raise KeyError(f"no template for message {message.key!r}")
    return _Formatter(game).vformat(template, (), message.params)


__all__ = ["Msg", "NAMES", "TEMPLATES", "catalog", "plural", "render"]
