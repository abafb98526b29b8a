"""``words.render`` fills a template's fields itself (its parts parsed once): the very text
``string.Formatter`` gives, for every message of every game's random playouts, in every
language, and for templates only ``string.Formatter`` reads (an index, a nested spec)."""

from __future__ import annotations

import random

import pytest

from engines import REGISTRY, translations, words
from engines.words import Msg, render


def _reference(message, lang: str) -> str:
    """The text as ``string.Formatter.vformat`` gives it (nested messages rendered alike)."""
    if isinstance(message, (list, tuple)):
        message = Msg(message[0], **message[1])
    game, _, key = message.key.partition(".")
    lang = translations.language(lang)
    template = translations.translate(game, message.key, words.TEMPLATES[game][key], lang)
    return words._Formatter(game, lang).vformat(template, (), message.params)


def _messages(kind: str, seed: int) -> list:
    engine = REGISTRY[kind]
    rnd = random.Random(seed)
    state = engine.new_game(engine.max_players, seed)
    found = []
    while not engine.is_over(state) and len(found) < 400:
        seat = rnd.choice(engine.to_act(state))
        state, events = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        found += [e.message for e in events if isinstance(e.message, Msg)]
        view = engine.view(state, None)
        found += [m for m in (view.get("last") or {}).get("news", []) if m]
        if view.get("prompt"):
            found.append(view["prompt"])
    return found


@pytest.mark.parametrize("kind", sorted(REGISTRY))
def test_every_message_reads_as_string_formatter_reads_it(kind):
    messages = _messages(kind, seed=3)
    assert messages
    for lang in translations.languages():
        for message in messages:
            if isinstance(message, str):
                continue
            assert render(message, lang) == _reference(message, lang), (message, lang)


def test_a_template_with_an_index_or_a_nested_spec_is_left_to_string_formatter():
    assert words._fields("{p:seat} has {n} {cards[0]}") is None
    assert words._fields("{n:{width}}") is None
    assert words._fields("{0} and {}") is None
    assert words._fields("{p:seat} plays {card:card}.") is not None
