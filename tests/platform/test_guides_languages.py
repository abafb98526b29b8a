"""The guides in other languages (guides/<lang>/): complete, the same shape as the English files,
within Discord's limits, with fallback to English and names matching the games' catalogs."""

from __future__ import annotations

import pytest

import guides
from cogs import guide as guide_cog
from engines import REGISTRY, translations
from engines.words import name_context
from guides import words as guide_words

GAMES = sorted(REGISTRY)
LANGS = [lang for lang in guides.languages() if lang != "en"]
FILES = [f"{kind}{suffix}.md" for kind in GAMES for suffix in ("", "_cards")]


def test_german_is_there():
    assert "de" in LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_folder_has_all_eight_files(lang):
    assert len(FILES) == 8
    missing = [name for name in FILES if not (guides.HERE / lang / name).is_file()]
    assert not missing, f"guides/{lang}/ lacks {missing}"


def _headings(path) -> list[str]:
    return [
        line[3:].strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("## ")
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", GAMES)
def test_same_sections_and_entries_as_english(lang, kind):
    english = _headings(guides.HERE / f"{kind}.md")
    local = _headings(guides.HERE / lang / f"{kind}.md")
    assert len(local) == len(english), f"{lang}/{kind}.md: {len(local)} sections"
    # The options page is where the English one is, under the language's own heading.
    assert local.index(guide_words.w(lang, "options")) == english.index("Options")
    # Card entries: the same keys in the same order, each with a name and a text.
    keys = [c.key for c in guides.cards(kind)]
    local_cards = guides.cards(kind, lang)
    assert [c.key for c in local_cards] == keys
    assert all(c.name and c.text.strip() for c in local_cards)
    # Facts lines are built in the reader's language, never the English ones.
    english_facts = guides.facts(kind)
    assert all(c.facts != english_facts[c.key] for c in local_cards)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", GAMES)
def test_every_page_and_card_fits_discord(lang, kind):
    pages = guides.guide(kind, lang)
    assert pages != guides.guide(kind)
    assert len(pages) <= guide_cog.MAX_OPTIONS
    for n, page in enumerate(pages):
        assert page.body.strip() and len(page.body) <= guides.PAGE_LIMIT
        embed = guide_cog.guide_embed(kind, n, lang)
        assert len(embed.description) <= 4096 and len(embed.title) <= 256
        assert len(embed) <= 6000
        menu = guide_cog.guide_view(kind, n, lang).children[2].item
        assert all(len(o.label) <= 100 for o in menu.options)
    for entry in guides.cards(kind, lang):
        embed = guide_cog.card_embed(kind, entry, lang)
        assert len(embed.description) <= 4096 and len(embed.title) <= 256
        assert len(embed) <= 6000 and len(embed.fields[0].value) <= 1024
        assert len(entry.text) <= guides.CARD_LIMIT


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", GAMES)
def test_every_option_is_on_the_options_page_in_the_language(lang, kind):
    engine = REGISTRY[kind]
    heading = guide_words.w(lang, "options")
    options = "\n".join(p.body for p in guides.guide(kind, lang) if p.title.startswith(heading))
    assert guide_words.w(lang, "every_option") in options
    for key in engine.options:
        assert f"`{key}`" in options
        help_text = engine.option_text(key, lang) if key in engine.option_help else ""
        assert help_text in options
        if lang != "en" and key in engine.option_help:  # the lobby's words, translated
            assert help_text != engine.option_help[key], f"{lang} {kind} {key}"


def test_unknown_languages_and_missing_files_fall_back_to_english(tmp_path, monkeypatch):
    assert guides.guide("ziegen", "fr") == guides.guide("ziegen")
    assert guides.cards("ziegen", "../de") == guides.cards("ziegen")
    assert guides.card("wichtel", "nd", "xx") == guides.card("wichtel", "nd")
    # A language folder holding only a rules guide: its cards are the English ones.
    (tmp_path / "de").mkdir()
    for name in ("wichtel.md", "wichtel_cards.md"):
        (tmp_path / name).write_text(
            (guides.HERE / name).read_text(encoding="utf-8"), encoding="utf-8"
        )
    (tmp_path / "de" / "wichtel.md").write_text("# W\n\n## Überblick\nHallo.\n", encoding="utf-8")
    monkeypatch.setattr(guides, "HERE", tmp_path)
    guides.guide.cache_clear()
    guides.cards.cache_clear()
    try:
        assert [p.title for p in guides.guide("wichtel", "de")] == ["Überblick"]
        assert guides.cards("wichtel", "de") == guides.cards("wichtel")
        assert guides.card("wichtel", "nd", "de").name == "Nix da! (No way!)"
    finally:
        guides.guide.cache_clear()
        guides.cards.cache_clear()


def test_german_card_lookup_and_autocomplete_know_both_languages():
    assert guides.card("wichtel", "Familie", "de").key == "fa"
    assert guides.card("wichtel", "Family", "de").key == "fa"  # the English name too
    assert guides.card("henchmania", "Klatsch", "de").key == "gossip"
    assert guides.card("henchmania", "Gossip", "de").key == "gossip"
    choices = guide_cog.card_choices("henchmania", "tollkirsch", "de")
    assert [(c.name, c.value) for c in choices] == [("Tollkirschenwurzel", "bella")]
    choices = guide_cog.card_choices("henchmania", "belladonna", "de")
    assert [(c.name, c.value) for c in choices] == [("Tollkirschenwurzel", "bella")]
    assert guide_cog.card_choices("ziegen", "Ziegoethe", "de")[0].value == "goathe"
    assert guide_cog.card_choices("ziegen", "Ziegoethe", "en") == []


def test_german_facts_come_from_the_data_tables_in_german():
    from engines.wichtel import data as wi
    from engines.ziegen import data as zi

    hd = guides.card("wichtel", "hd", "de").facts
    assert f"Wert {wi.VALUE['hd']}" in hd and "Exemplar" in hd
    assert f"{zi.NUM_DOGS} bei 5 Spielern" in guides.card("ziegen", "dog", "de").facts
    gossip = guides.card("henchmania", "gossip", "de").facts
    assert gossip.startswith("Taverne · Aktionskarte") and "Wann: In deinem Zug." in gossip
    for key in ("vermin", "helm"):
        entry = guides.card("henchmania", key, "de")
        assert "Hausregel" in entry.facts and "Hausregel" in entry.text


def _catalog(game: str, table: str, key: str, english: str, lang: str) -> str:
    return translations.translate(game, name_context(game, table, key), english, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_card_names_are_the_ones_the_games_show(lang):
    """A card reads the same in the guide as on the board: the games' catalogs name them."""
    from engines.henchmania import data as hm
    from engines.wichtel import data as wi
    from engines.ziegen import words as zw

    for key, row in hm.CARDS.items():
        assert guides.card("henchmania", key, lang).name == _catalog(
            "henchmania", "card", key, row[0], lang
        )
    for key, english in zw.NAMES["set"].items():
        local = _catalog("ziegen", "set", key, english, lang)
        matches = [c for c in guides.cards("ziegen", lang) if c.name.startswith(local + " (")]
        assert len(matches) == 1, (key, local)
    for code, (_count, _value, german, _english) in wi.LEPRECHAUNS.items():
        assert guides.card("wichtel", code, lang).name.startswith(german)  # printed names
    for code, (_count, german) in wi.EVENTS.items():
        assert guides.card("wichtel", code, lang).name.startswith(german)
