"""Every game option's help (the lobby's Options field) has a message id in the ``tavern``
catalog, English as the engine says it, translated into every other language."""

from __future__ import annotations

import pytest

import engines
from tables.words import WORDS, option_help

OPTIONS = [
    (kind, key) for kind, engine in sorted(engines.REGISTRY.items()) for key in engine.option_help
]


@pytest.mark.parametrize(("kind", "key"), OPTIONS)
def test_option_help_is_a_message_in_every_language(kind, key):
    english = engines.REGISTRY[kind].option_help[key]
    assert WORDS[f"option.{kind}.{key}"] == english
    assert option_help(kind, key, "en") == english
    for lang in ("de", "es"):
        assert option_help(kind, key, lang) != english, (lang, kind, key)


def test_seat_suffixes_are_shown_in_the_readers_language():
    from tables.words import seat_name

    assert seat_name("Botty (bot)", "de") == "Botty (Bot)"
    assert seat_name("Ann (resigned)", "es") == "Ann (abandonó)"
    assert seat_name("Ann (was replaced)", "de") == "Ann (ersetzt)"
    assert seat_name("Ann (resigned)", "en") == "Ann (resigned)"
    assert seat_name("Ann", "de") == "Ann"
