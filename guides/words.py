"""The few words of the guides that are built in code, per language: the loader's own labels
(the options page, "continued", copies). A game's own words (its facts lines) live in its
``guides/<game>.py``, beside its guides; an option's help is the game's catalog's
(``Engine.option_text``), the same the lobby shows.

The guides' text itself is Markdown (``guides/<lang>/``); these are only the pieces assembled
around it. A language missing here, or an id missing in a language, falls back to English.
Names from the engines' tables (sites, tokens, menhirs, "when" reminders) come from the games'
own catalogs (``engines.translations``), so a name reads the same in the guide as on the board.
"""

from __future__ import annotations

from engines import translations
from engines.words import name_context

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "options": "Options",
        "continued": "{title} (continued)",
        "every_option": "**Every option of this game:**",
        "option": "- `{key}` (default `{value}`{shown}): {help}",
        "choices": "; choices: {choices}",
        "copies.one": "1 copy",
        "copies.other": "{n} copies",
    },
    "de": {
        "options": "Optionen",
        "continued": "{title} (Fortsetzung)",
        "every_option": "**Alle Optionen dieses Spiels:**",
        "option": "- `{key}` (Standard `{value}`{shown}): {help}",
        "choices": "; Auswahl: {choices}",
        "copies.one": "1 Exemplar",
        "copies.other": "{n} Exemplare",
    },
    "es": {
        "options": "Opciones",
        "continued": "{title} (continuación)",
        "every_option": "**Todas las opciones de este juego:**",
        "option": "- `{key}` (por defecto `{value}`{shown}): {help}",
        "choices": "; valores: {choices}",
        "copies.one": "1 copia",
        "copies.other": "{n} copias",
    },
}


def said(words: dict[str, dict[str, str]], lang: str, word: str, /, **params) -> str:
    """The word ``word`` of a table ``words`` (language -> id -> template) in ``lang`` (English
    when missing), formatted."""
    template = words.get(lang, {}).get(word) or words["en"][word]
    return template.format(**params)


def w(lang: str, word: str, /, **params) -> str:
    """The guide word ``word`` in ``lang`` (English when missing), formatted."""
    return said(WORDS, lang, word, **params)


def copies(lang: str, n: int) -> str:
    return w(lang, "copies.one") if n == 1 else w(lang, "copies.other", n=n)


def name(lang: str, game: str, table: str, key: str, english: str) -> str:
    """An engine's name (e.g. a site) as that game's catalog shows it in ``lang``."""
    return translations.translate(game, name_context(game, table, key), english, lang)


def option_help(lang: str, game: str, key: str) -> str:
    """An option's help in ``lang``: the game's catalog (``Engine.option_text``), the same
    message the lobby shows."""
    from engines import REGISTRY

    return REGISTRY[game].option_text(key, lang)
