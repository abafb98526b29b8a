"""Words out of the rules: a message is an id and parameters; its text lives in a catalog.

Rule code never builds a sentence. It says *what* happened as a ``Msg``::

    Msg("wichtel.receive", p=2, card="hf")

and each game's ``words.py`` holds the English template of every id, registered here with
``catalog``::

    catalog("wichtel", {"receive": "{p:seat} receives {card:lep} from the Village Square."},
            names={"lep": LEP_NAME}, fixed=("lep",))

A template is a ``str.format`` template whose format spec may name how a parameter is shown:
``{p:seat}`` is a seat (drawn as the ``{pN}`` marker the table service fills with the player's
name), ``{card:lep}`` looks the value up in the game's name table ``lep``, ``{n}`` is shown as
it is. A message's JSON form (for views, which must be JSON-able) is ``["wichtel.receive", {...}]``.

Languages: ``render(message, lang)`` shows a message in a language ("de", "es", a Discord locale
such as "es-ES"; an unknown one and "en" give English). The English templates here are the
source; the translations are gettext catalogs read by ``engines.translations`` (the message id is
the entry's context, the English template its msgid, so a translation keeps the placeholders and
only the words change). Name tables:

* a dict of English strings (``{"row": "row"}``) is translated entry by entry (context
  ``<game>.names.<table>.<key>``), unless ``catalog(..., fixed=...)`` names it: a fixed table is
  shown as it is in every language (Wichtel's German card names, printed on the cards);
* a table whose entry is a ``Msg`` (or its JSON form) shows that message in the language;
* ``Joined(show, sep, empty)`` shows a list, each item through the table ``show`` (or
  ``"msg"``, or a function returning a ``Msg``), and the message ``empty`` for an empty list;
* any other object is asked ``table[value]`` and shown as it is (language-neutral text only).

Slash commands: ``{/play}`` or ``{/wichtel card}`` in a template is that command shown with its
name in the reader's language ("/spielen", "/wichtel karte"), and ``{kind:/rules}`` the
subcommand ``rules`` of the game group ``kind`` (a parameter); each word is the ``tavern``
catalog's ``cmd.<word>`` (the names Discord shows, see ``cogs/translator.py``), or itself.

Plurals: ``plural(key, n)`` picks the id ``key.one`` or ``key.other``; both ids are translated
(German and Spanish have the same two forms as English).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from . import translations

# game -> message id -> English template; game -> name table -> value -> name;
# game -> name tables shown as they are in every language
TEMPLATES: dict[str, dict[str, str]] = {}
NAMES: dict[str, dict[str, Any]] = {}
FIXED: dict[str, set[str]] = {}


@dataclass(frozen=True, slots=True)
class Msg:
    """A message id (``"<game>.<id>"``) and its parameters (JSON-able values)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, /, **params: Any) -> None:
        _SET_KEY(self, key)  # the slots' setters, looked up once: a hot path
        _SET_PARAMS(self, params)

    @property
    def game(self) -> str:
        return self.key.partition(".")[0]

    def to_json(self) -> list:
        return [self.key, dict(self.params)]

    def __str__(self) -> str:
        return render(self)


_SET_KEY = Msg.key.__set__  # type: ignore[attr-defined]
_SET_PARAMS = Msg.params.__set__  # type: ignore[attr-defined]
_NEW = object.__new__


def messages(game: str) -> Callable[..., Msg]:
    """A game's message maker ``msg``: ``msg("walk", p=1)`` is ``Msg("<game>.walk", p=1)``,
    made in one call, its keyword parameters packed once (every move makes a few messages:
    a hot path)."""
    prefix = game + "."

    def msg(key: str, /, **params: Any) -> Msg:
        m = _NEW(Msg)
        _SET_KEY(m, prefix + key)
        _SET_PARAMS(m, params)
        return m

    msg.__doc__ = f'A message of {game}: ``msg("id", **params)`` is ``Msg("{prefix}id", ...)``.'
    return msg


@dataclass(frozen=True, slots=True)
class Joined:
    """A name table that shows a list: every item through ``show``, joined by ``sep``.

    ``show`` is a name table of the same game, ``"msg"`` (the items are messages), or a function
    of an item that returns a ``Msg`` (or a language-neutral string); ``empty`` is the id
    (without the game) of the message shown for an empty list ("" when None); ``sep_id``, when
    given, is the id of a message that is the separator (" and "), instead of ``sep``."""

    show: str | Callable[[Any], Msg | str]
    sep: str = ", "
    empty: str | None = None
    sep_id: str | None = None


def plural(key: str, n: int, /, **params: Any) -> Msg:
    """``key.one`` when ``n`` is 1, else ``key.other`` (``n`` is passed on as a parameter)."""
    m = _NEW(Msg)  # ``Msg(key, n=n, **params)`` in one call: a hot path, as ``messages``
    _SET_KEY(m, f"{key}.{'one' if n == 1 else 'other'}")
    _SET_PARAMS(m, {"n": n, **params})
    return m


def catalog(
    game: str,
    templates: Mapping[str, str],
    names: Mapping[str, Any] | None = None,
    fixed: tuple[str, ...] = (),
) -> None:
    """Register a game's English templates (ids without the game prefix) and name tables;
    ``fixed`` names the tables shown as they are in every language."""
    TEMPLATES.setdefault(game, {}).update(templates)
    NAMES.setdefault(game, {}).update(names or {})
    FIXED.setdefault(game, set()).update(fixed)


def name_context(game: str, table: str, value: Any) -> str:
    """The catalog context of one entry of a translatable name table."""
    return f"{game}.names.{table}.{value}"


def command(path: str, lang: str | None = "en") -> str:
    """A slash command as a reader of ``lang`` sees it: ``command("wichtel card", "de")`` is
    "/wichtel karte" (every word through the ``tavern`` catalog's ``cmd.<word>``, the names
    Discord shows that reader; a word without one, such as a game's group, stays)."""
    lang = translations.language(lang)
    return "/" + " ".join(
        translations.translate(COMMANDS, f"{COMMANDS}.cmd.{word}", word, lang)
        for word in path.strip().lstrip("/").split()
    )


COMMANDS = "tavern"  # the catalog that names the slash commands (``tables/words.py``)


@dataclass(frozen=True, slots=True)
class _Command:
    path: str


class _Formatter(string.Formatter):
    def __init__(self, game: str, lang: str) -> None:
        self.game, self.lang = game, lang

    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        if isinstance(key, str) and key.startswith("/"):
            return _Command(key)
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, spec: str) -> str:
        if isinstance(value, _Command):
            return command(value.path, self.lang)
        if spec.startswith("/"):
            return command(f"{value} {spec[1:]}", self.lang)
        if spec == "seat":
            return "{p%d}" % value
        if spec == "seats":
            return ", ".join("{p%d}" % seat for seat in value)
        if spec == "msg":
            return render(value, self.lang)
        table = NAMES.get(self.game, {}).get(spec)
        if table is None:
            return super().format_field(value, spec)
        if isinstance(table, Joined):
            if not value and table.empty:
                return render(Msg(f"{self.game}.{table.empty}"), self.lang)
            sep = (
                render(Msg(f"{self.game}.{table.sep_id}"), self.lang) if table.sep_id else table.sep
            )
            if callable(table.show):
                return sep.join(render(table.show(item), self.lang) for item in value)
            return sep.join(self.format_field(item, table.show) for item in value)
        shown = table[value]
        if isinstance(shown, (Msg, list, tuple)):
            return render(shown, self.lang)
        if isinstance(table, Mapping) and spec not in FIXED.get(self.game, ()):
            return translations.translate(
                self.game, name_context(self.game, spec, value), shown, self.lang
            )
        return shown


def render(message: Msg | str | list | tuple | None, lang: str | None = "en") -> str:
    """The text of a message, its JSON form or a plain string ("" for None) in ``lang``
    (English when the language or the entry is unknown)."""
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
    lang = translations.language(lang)
    template = translations.translate(game, message.key, template, lang)
    formatter = _Formatter(game, lang)
    fields = _fields(template)
    if fields is None:  # a field ``string.Formatter`` alone reads (an index, a nested spec)
        return formatter.vformat(template, (), message.params)
    params = message.params
    out = []
    for literal, name, spec, conversion in fields:
        out.append(literal)
        if name is not None:
            value = formatter.get_value(name, (), params)
            if conversion:
                value = formatter.convert_field(value, conversion)
            out.append(formatter.format_field(value, spec))
    return "".join(out)


@lru_cache(maxsize=4096)
def _fields(template: str) -> tuple | None:
    """A template's parts as ``string.Formatter.parse`` gives them, when every field is a plain
    name with a plain spec (then ``render`` fills them in as ``vformat`` would, without parsing
    the template again); else None."""
    parts = tuple(string.Formatter().parse(template))
    for _, name, spec, _ in parts:
        if name is None:
            continue
        if not name or name.isdigit() or any(c in name for c in ".[") or "{" in (spec or ""):
            return None
    return parts


__all__ = [
    "FIXED",
    "Joined",
    "Msg",
    "NAMES",
    "TEMPLATES",
    "catalog",
    "command",
    "messages",
    "name_context",
    "plural",
    "render",
]
