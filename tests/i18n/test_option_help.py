"""Every game option's help (the lobby's Options field and the guide's options page) is one
message of the game's own catalog (``<game>.option.<key>``), English as the engine says it,
translated into every other language."""

from __future__ import annotations

import pytest

import engines
from engines.words import TEMPLATES
from guides import option_lines
from tables.words import option_help

OPTIONS = [
    (kind, key) for kind, engine in sorted(engines.REGISTRY.items()) for key in engine.option_help
]


@pytest.mark.parametrize(("kind", "key"), OPTIONS)
def test_option_help_is_a_message_in_every_language(kind, key):
    english = engines.REGISTRY[kind].option_help[key]
    assert TEMPLATES[kind][f"option.{key}"] == english
    assert option_help(kind, key, "en") == english
    for lang in ("de", "es"):
        shown = option_help(kind, key, lang)
        assert shown != english, (lang, kind, key)
        assert any(shown in line for line in option_lines(kind, lang)), "the guide says the same"


def test_seat_suffixes_are_shown_in_the_readers_language():
    from tables.words import seat_name

    assert seat_name("Botty (bot)", "de") == "Botty (Bot)"
    assert seat_name("Ann (resigned)", "es") == "Ann (abandonó)"
    assert seat_name("Ann (was replaced)", "de") == "Ann (ersetzt)"
    assert seat_name("Ann (resigned)", "en") == "Ann (resigned)"
    assert seat_name("Ann", "de") == "Ann"
