"""Slash command names and descriptions in German and Spanish (cogs/translator.py)."""

from __future__ import annotations

import pytest
from discord.app_commands import TranslationContextLocation as Where

from cogs.translator import NAME_RE, descriptions, localize
from engines import REGISTRY
from engines.translations import languages
from tables.words import WORDS

LANGS = languages()[1:]  # every language with catalogs (de and es at least)


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_name_has_a_valid_translation(lang):
    for key in (k for k in WORDS if k.startswith("cmd.")):
        english = key.removeprefix("cmd.")
        name = localize(english, lang, Where.command_name)
        # None would mean Discord shows the English name: the translation broke Discord's rule
        assert name is not None and NAME_RE.match(name) and name == name.lower(), (key, name)


@pytest.mark.parametrize("lang", LANGS)
def test_every_description_is_translated_within_discords_limit(lang):
    for english in descriptions():
        local = localize(english, lang, Where.command_description)
        assert local and local != english and len(local) <= 100, english
    group = localize(
        f"{REGISTRY['ziegen'].title}: moves, rules and cards", lang, Where.group_description
    )
    assert group is not None and group.startswith("Herr der Ziegen: ")


def test_english_and_unknown_strings_get_no_localization():
    assert localize("play", "en", Where.command_name) is None
    assert localize("not a command", "de", Where.command_name) is None
    assert localize("Some text we never wrote", "de", Where.parameter_description) is None
    assert localize("game", "de", Where.parameter_name) is None  # parameters keep names
