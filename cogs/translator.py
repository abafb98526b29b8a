"""Slash commands in the user's language: discord.py's ``app_commands.Translator`` over the
``tavern`` catalog (``tables.words``), installed with ``bot.tree.set_translator``.

When the command tree is synced, discord.py asks for every command name, description,
parameter description and choice name in every Discord locale; Discord then shows each user
the ones of their client's language. A command's name is the message ``cmd.<name>``, a
description the message whose English text it is (``desc.*``); a game's command group is
described by ``desc.group``. Parameter names stay as they are; a choice name is translated
when it is a ``choice.*`` message (/settings' notify), the others (game titles and language
names) are the same in every language. A locale we have no catalog for, or a
string with no message, gets no localization: Discord shows the English.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

import engines
from engines.translations import SOURCE, language
from tables.words import WORDS, t

NAME_RE = re.compile(r"^[-_\w]{1,32}$")  # Discord's rule for a command name (lower case too)
NAMES = (Where.command_name, Where.group_name)
DESCRIPTIONS = (Where.command_description, Where.group_description, Where.parameter_description)


@cache
def descriptions() -> dict[str, tuple[str, dict[str, Any]]]:
    """English description (as shown: ``{/away}`` is "/away") -> (message id, parameters)."""
    found: dict[str, tuple[str, dict[str, Any]]] = {
        t(SOURCE, key): (key, {})
        for key in WORDS
        if key.startswith("desc.") and key != "desc.group"
    }
    for engine in engines.REGISTRY.values():
        english = WORDS["desc.group"].format(title=engine.title)
        found[english] = ("desc.group", {"title": engine.title})
    return found


def localize(message: str, lang: str, where: Where) -> str | None:
    """The text of a command's ``message`` (name or description) in ``lang``, or None."""
    if lang == SOURCE:
        return None
    if where in NAMES:
        key = f"cmd.{message}"
        if key not in WORDS:
            return None
        name = t(lang, key)
        return name if NAME_RE.match(name) and name == name.lower() else None
    if where in DESCRIPTIONS and message in descriptions():
        key, params = descriptions()[message]
        return t(lang, key, **params)[:100]
    if where == Where.choice_name and message in choice_names():
        return t(lang, choice_names()[message])[:100]
    return None


@cache
def choice_names() -> dict[str, str]:
    """English choice name -> message id (``choice.*``; the other choices, game titles and
    language names, stay as they are)."""
    return {english: key for key, english in WORDS.items() if key.startswith("choice.")}


class TavernTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        return localize(string.message, language(locale.value), context.location)
