"""The translation catalogs: complete, up to date, and read as gettext reads them.

Every message id and every translatable name of every game with registered words must have a
German and a Spanish translation that is neither missing nor fuzzy and keeps the English
placeholders (``python -m i18n check`` reports the same list).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from engines import Event, translations, words
from engines.words import Msg, render
from i18n import catalogs
from i18n.__main__ import main

GAMES = catalogs.games()
REAL_LOCALE = translations.LOCALE_DIR
ROOT = Path(__file__).resolve().parents[2]
REQUIRED = ("de", "es")  # must exist; every language found is checked
LANGS = translations.languages()[1:]


def test_the_games_with_words_and_the_languages_are_known():
    assert {"ziegen", "wichtel"} <= set(GAMES)
    assert set(REQUIRED) <= set(translations.languages())
    assert translations.languages()[0] == "en"


@pytest.mark.parametrize("game", GAMES)
def test_the_template_is_up_to_date_with_the_english_words(game):
    # python -m i18n extract writes exactly this; a changed English text must be re-extracted
    assert catalogs.pot_path(game).read_bytes() == catalogs.dump(catalogs.template(game))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_catalog_is_complete(game, lang):
    assert catalogs.problems(lang, game) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_catalog_is_as_update_writes_it(game, lang):
    # nothing hand-edited out of shape: python -m i18n update would change nothing
    path = translations.po_path(lang, game)
    assert path.read_bytes() == catalogs.dump(catalogs.merged(lang, game))


def _rewrite(tmp_path, lang, game, change) -> list[str]:
    cat = catalogs.load(translations.po_path(lang, game), lang)
    change(cat)
    path = tmp_path / f"{game}.po"
    path.write_bytes(catalogs.dump(cat))
    return catalogs.problems(lang, game, path)


def test_the_check_fails_on_a_missing_fuzzy_stale_or_misplaced_entry(tmp_path):
    ctx = "ziegen.plays"
    english = words.TEMPLATES["ziegen"]["plays"]

    def drop(cat: Catalog):
        cat.delete(english, context=ctx)

    def fuzzy(cat: Catalog):
        cat.get(english, context=ctx).flags.add("fuzzy")

    def empty(cat: Catalog):
        cat.get(english, context=ctx).string = ""

    def placeholder(cat: Catalog):
        cat.get(english, context=ctx).string = "{p:seat} spielt {karte:card} aus."

    def lost(cat: Catalog):
        cat.get(english, context=ctx).string = "{p:seat} spielt eine Karte aus."

    def stale(cat: Catalog):
        message = cat.get(english, context=ctx)
        cat.delete(english, context=ctx)
        cat.add("{p:seat} plays the card {card:card}.", message.string, context=ctx)

    def extra(cat: Catalog):
        cat.add("Gone", "Weg", context="ziegen.gone")

    expected = {
        drop: "no entry",
        fuzzy: "fuzzy",
        empty: "not translated",
        placeholder: "placeholders",
        lost: "placeholders",
        stale: "older English",
        extra: "no such message",
    }
    for change, why in expected.items():
        found = _rewrite(tmp_path, "de", "ziegen", change)
        assert len(found) == 1 and why in found[0], (change.__name__, found)
    assert catalogs.problems("fr", "ziegen", tmp_path / "none.po")[0].endswith("missing")


def test_the_command_line_check_passes(capsys):
    assert main(["check"]) == 0
    assert main(["--help"]) == 0 and main(["-h"]) == 0
    assert "complete" in capsys.readouterr().out


# --- reading the catalogs at run time ---------------------------------------------------------
def test_the_same_message_reads_in_each_readers_language():
    message = Msg("ziegen.plays", p=1, card="pool.3")
    assert render(message) == "{p1} plays Pool Goat 3."
    assert render(message, "de") == "{p1} spielt Poolziege 3 aus."
    assert render(message, "es") == "{p1} juega Cabra de Piscina 3."
    event = Event(message)
    assert event.text == render(message, "en")  # the English default is unchanged


@pytest.mark.parametrize(
    "tag, lang",
    [
        ("de", "de"),
        ("de-DE", "de"),
        ("de_AT", "de"),
        ("DE", "de"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr", "en"),
        ("pt-BR", "en"),
        ("", "en"),
        (None, "en"),
        ("x-klingon", "en"),
    ],
)
def test_discord_locales_map_onto_our_languages_and_unknown_ones_onto_english(tag, lang):
    assert translations.language(tag) == lang
    assert (
        render(Msg("wichtel.label.roll"), tag)
        == {"de": "Würfeln", "es": "Tirar el dado", "en": "Roll the die"}[lang]
    )


def test_names_keep_the_original_language_with_a_translation_where_needed():
    # Wichtel's card names are German on every card; the Spanish label adds the translation
    label = Msg("wichtel.label.give", card="hf")
    assert render(label) == "Hand over Holzfäller 3 (Wood cutter)"
    assert render(label, "de") == "Holzfäller 3 abgeben"
    assert render(label, "es") == "Entregar Holzfäller 3 (Leñador)"
    news = Msg("wichtel.receive", p=0, card="hw")
    assert "Häuptlingswitwe" in render(news, "es") and "Häuptlingswitwe" in render(news, "de")
    # nested messages and lists are shown in the reader's language too
    assert (
        render(Msg("ziegen.drew", cards=["dog.1", "milk2.3"]), "de")
        == "Du hast Hund, Milchshake 2 gezogen."
    )


@pytest.fixture
def scratch_locale(tmp_path, monkeypatch):
    """An empty locale folder read instead of the real one (caches cleared around the test)."""
    monkeypatch.setattr(translations, "LOCALE_DIR", tmp_path)
    for cached in (translations.languages, translations.language, translations.entries):
        cached.cache_clear()
    yield tmp_path
    for cached in (translations.languages, translations.language, translations.entries):
        cached.cache_clear()


def test_a_fuzzy_or_out_of_date_entry_shows_the_english_as_gettext_does(scratch_locale):
    cat = catalogs.load(REAL_LOCALE / "de" / "LC_MESSAGES" / "ziegen.po", "de")
    cat.get(words.TEMPLATES["ziegen"]["agrees"], context="ziegen.agrees").flags.add("fuzzy")
    refuses = cat.get(words.TEMPLATES["ziegen"]["refuses"], context="ziegen.refuses")
    cat.delete(refuses.id, context="ziegen.refuses")
    cat.add("{p:seat} says no.", refuses.string, context="ziegen.refuses")  # older English
    path = scratch_locale / "de" / "LC_MESSAGES" / "ziegen.po"
    path.parent.mkdir(parents=True)
    path.write_bytes(catalogs.dump(cat))
    assert render(Msg("ziegen.agrees", p=0), "de") == "{p0} agrees."
    assert render(Msg("ziegen.refuses", p=0), "de") == "{p0} refuses the swap."
    assert render(Msg("ziegen.start", p=0), "de") == "Die Ziegen sind los! {p0} beginnt."


def test_update_keeps_translations_and_marks_changed_english_fuzzy(scratch_locale, monkeypatch):
    monkeypatch.setitem(words.TEMPLATES, "toy", {"hello": "Hello {p:seat}.", "bye": "Bye."})
    monkeypatch.setitem(words.NAMES, "toy", {"colour": {"r": "red"}, "card": {"x": "Xylo"}})
    monkeypatch.setitem(words.FIXED, "toy", {"card"})
    assert [c for c, _ in catalogs.source_entries("toy")] == [
        "toy.hello",
        "toy.bye",
        "toy.names.colour.r",
    ]  # the fixed table is not asked
    main(["init", "de"])
    path = translations.po_path("de", "toy")
    cat = catalogs.load(path, "de")
    assert catalogs.problems("de", "toy") == [
        "de toy.hello: not translated",
        "de toy.bye: not translated",
        "de toy.names.colour.r: not translated",
    ]
    for m in cat:
        m.string = {"Hello {p:seat}.": "Hallo {p:seat}.", "Bye.": "Tschüss.", "red": "rot"}.get(
            m.id, m.string
        )
    path.write_bytes(catalogs.dump(cat))
    assert catalogs.problems("de", "toy") == []
    assert render(Msg("toy.hello", p=2), "de-CH") == "Hallo {p2}."
    # the English changes: the old translation stays as a hint, fuzzy, and is not shown
    monkeypatch.setitem(words.TEMPLATES, "toy", {"hello": "Hello there, {p:seat}.", "new": "New."})
    main(["update", "de"])
    cat = catalogs.load(path, "de")
    hello = cat.get("Hello there, {p:seat}.", context="toy.hello")
    assert hello.fuzzy and hello.string == "Hallo {p:seat}."
    assert '#| msgid "Hello {p:seat}."' in path.read_text(encoding="utf-8")  # the old English
    assert cat.get("New.", context="toy.new").string == ""
    assert cat.get("Bye.", context="toy.bye") is None  # gone from the English: dropped
    translations.entries.cache_clear()
    assert render(Msg("toy.hello", p=2), "de") == "Hello there, {p2}."
    assert catalogs.problems("de", "toy") == ["de toy.hello: fuzzy", "de toy.new: not translated"]


def test_english_and_the_fairplay_verifier_need_no_babel():
    # python -m fairplay verify promises the standard library alone: Babel is read lazily
    code = (
        "import builtins\n"
        "real = builtins.__import__\n"
        "def guard(name, *a, **k):\n"
        "    if name.startswith('babel'):\n"
        "        raise ImportError('babel is not installed')\n"
        "    return real(name, *a, **k)\n"
        "builtins.__import__ = guard\n"
        "import engines, fairplay.verify\n"
        "from engines.words import Msg, render\n"
        "print(render(Msg('ziegen.agrees', p=0)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "{p0} agrees.\n"


def test_joined_lists_show_items_and_the_empty_message_in_the_language(monkeypatch):
    from engines.words import Joined

    monkeypatch.setitem(
        words.TEMPLATES, "ziegen", {**words.TEMPLATES["ziegen"], "toy.list": "{xs:toy_list}"}
    )
    monkeypatch.setitem(
        words.NAMES,
        "ziegen",
        {
            **words.NAMES["ziegen"],
            "toy_list": Joined(lambda seat: Msg("ziegen.agrees", p=seat), " / ", "hand.no_cards"),
        },
    )
    assert render(Msg("ziegen.toy.list", xs=[0, 1])) == "{p0} agrees. / {p1} agrees."
    assert render(Msg("ziegen.toy.list", xs=[0, 1]), "es") == "{p0} acepta. / {p1} acepta."
    assert render(Msg("ziegen.toy.list", xs=[]), "de") == "keine Karten"
