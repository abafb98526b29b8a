"""The players' guides (guides/): complete, within Discord's limits, tied to the engines' data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import guides
from cogs import guide as guide_cog
from engines import REGISTRY

GAMES = sorted(REGISTRY)
RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
RULEBOOKS = {
    "wichtel": ["wichtel.txt"],
    "henchmania": ["henchmania.txt"],
    "ziegen": ["ziegen.txt"],
    "korrigans": ["korrigans.en.txt"],
}
SECTIONS = ("Overview", "Setup", "Options", "A worked example")


def test_every_game_has_a_guide_and_a_card_reference():
    guides.check()  # every registered game's guide, card reference and facts are found
    for kind in GAMES:
        assert guides.guide(kind) and guides.cards(kind)


@pytest.mark.parametrize("kind", GAMES)
def test_guide_pages_fit_discord(kind):
    pages = guides.guide(kind)
    assert len(pages) <= guide_cog.MAX_OPTIONS  # every page is in the "jump to" menu
    for n, page in enumerate(pages):
        assert page.body.strip() and len(page.body) <= guides.PAGE_LIMIT
        embed = guide_cog.guide_embed(kind, n)
        assert len(embed.description) <= 4096 and len(embed.title) <= 256
        assert len(embed) <= 6000
        view = guide_cog.guide_view(kind, n)
        ids = [item.custom_id for item in view.children]
        assert len(set(ids)) == 3 and all(len(i) <= 100 for i in ids)
        menu = view.children[2].item
        assert [o.value for o in menu.options] == [str(i) for i in range(len(pages))]
        assert [o.default for o in menu.options].index(True) == n
        assert all(len(o.label) <= 100 for o in menu.options)
    # Back is off on the first page, Next on the last.
    assert [i.item.disabled for i in guide_cog.guide_view(kind, 0).children][0]
    assert [i.item.disabled for i in guide_cog.guide_view(kind, len(pages) - 1).children][1]


@pytest.mark.parametrize("kind", GAMES)
def test_guide_has_the_sections_players_need(kind):
    titles = [p.title for p in guides.guide(kind)]
    for section in SECTIONS:
        assert section in titles, f"{kind}: no {section!r} page"
    text = "\n".join(p.body for p in guides.guide(kind)).lower()
    assert "scor" in text and "turn" in text


@pytest.mark.parametrize("kind", GAMES)
def test_every_engine_option_is_explained_on_the_options_page(kind):
    engine = REGISTRY[kind]
    options = "\n".join(p.body for p in guides.guide(kind) if p.title.startswith("Options"))
    for key in engine.options:
        assert f"`{key}`" in options
        if engine.option_help.get(key):
            assert engine.option_help[key] in options


def test_a_long_section_is_split_at_paragraphs_and_code_blocks_survive():
    body = "\n\n".join(f"Paragraph {i} " + "word " * 150 for i in range(12))
    parts = guides._split(body, 1000)
    assert len(parts) > 1 and all(len(p) <= 1000 for p in parts)
    assert "\n\n".join(parts) == body
    text = "A wrapped\nline.\n\n```\nAB\nCD\n```\n- item\n  continued"
    assert guides.reflow(text) == "A wrapped line.\n\n```\nAB\nCD\n```\n- item continued"


def _wichtel() -> set[str]:
    from engines.wichtel import data

    return set(data.LEPRECHAUNS) | set(data.EVENTS)


def _henchmania() -> set[str]:
    from engines.henchmania import data

    return set(data.CARDS)


def _ziegen() -> set[str]:
    from engines.ziegen import data

    kinds = {data.GOAT_SET[c] for c in data.GOAT_IDS}
    return kinds | {"dog"} | {f"milk{data.VALUE[c]}" for c in data.MILK_IDS}


def _korrigans() -> set[str]:
    from engines.korrigans import data

    return set(data.TOKEN_KINDS) | set(data.MENHIRS)


# A second, independent list of a game's components, straight from its engine's data tables
# (the facts module is the first); a game without one is checked against its facts alone.
COMPONENTS = {
    "wichtel": _wichtel,
    "henchmania": _henchmania,
    "ziegen": _ziegen,
    "korrigans": _korrigans,
}


def _components(kind: str) -> set[str]:
    """Every component of a game, from its data tables (else its facts: no other game's)."""
    listed = COMPONENTS.get(kind)
    return listed() if listed is not None else set(guides.facts(kind))


@pytest.mark.parametrize("kind", GAMES)
def test_every_component_has_a_card_entry(kind):
    keys = [c.key for c in guides.cards(kind)]
    assert len(keys) == len(set(keys))
    missing = _components(kind) - set(keys)
    assert not missing, f"{kind}: no card entry for {sorted(missing)}"
    assert set(guides.facts(kind)) == set(keys)
    for entry in guides.cards(kind):
        assert entry.text.strip() and entry.facts.strip(), entry.key
        embed = guide_cog.card_embed(kind, entry)
        assert len(embed) <= 6000 and len(embed.description) <= 4096


def test_a_card_file_naming_an_unknown_component_is_refused(tmp_path, monkeypatch):
    (tmp_path / "wichtel_cards.md").write_text("## zz | Nobody\nNothing.\n", encoding="utf-8")
    monkeypatch.setattr(guides, "HERE", tmp_path)
    guides.cards.cache_clear()
    try:
        with pytest.raises(ValueError, match="zz"):
            guides.cards("wichtel")
    finally:
        guides.cards.cache_clear()


def test_card_facts_come_from_the_data_tables():
    from engines.henchmania import data as hm
    from engines.wichtel import data as wi
    from engines.ziegen import data as zi

    assert f"value {wi.VALUE['hd']}" in guides.card("wichtel", "hd").facts
    assert f"{wi.LEP_COUNT['fa']} copies" in guides.card("wichtel", "fa").facts
    dagger = guides.card("henchmania", "dagger").facts
    assert f"Attack {hm.CARDS['dagger'][5]}+" in dagger
    assert f"{hm.CARDS['dagger'][2]} copies" in dagger
    assert f"{zi.NUM_DOGS} with 5 players" in guides.card("ziegen", "dog").facts
    for key, when in getattr(hm, "WHEN", {}).items():
        assert when in guides.card("henchmania", key).facts


def test_wichtel_cards_show_the_german_name_with_the_english_one():
    from engines.wichtel import data

    for code, (_count, _value, german, english) in data.LEPRECHAUNS.items():
        assert guides.card("wichtel", code).name == f"{german} ({english})"
    english = data.EV_EN
    for code, (_count, german) in data.EVENTS.items():
        name = guides.card("wichtel", code).name
        assert re.fullmatch(re.escape(german) + r" \([^()]+\)", name), name
        if code in english:  # the same English name as the game's own panel
            assert name == f"{german} ({english[code]})"


def test_henchmania_additional_cards_say_house_rule():
    from engines.henchmania import data

    for key in data.ADDITIONAL:
        entry = guides.card("henchmania", key)
        assert "house rule" in entry.text.lower() and "house rule" in entry.facts
    for key in set(data.CARDS) - set(data.ADDITIONAL):
        assert "house rule" not in guides.card("henchmania", key).facts


@pytest.mark.parametrize("kind", GAMES)
def test_card_autocomplete_stays_within_discord_limits(kind):
    every = guides.cards(kind)
    for typed in ("", "a", "e", "x", "zzzz"):
        choices = guide_cog.card_choices(kind, typed)
        assert len(choices) <= 25
        for choice in choices:
            assert 1 <= len(choice.name) <= 100 and 1 <= len(choice.value) <= 100
    assert guide_cog.card_choices(kind, "zzzz") == []
    for entry in every:  # every card can be found by typing its name, and looked up by value
        assert entry.key in [c.value for c in guide_cog.card_choices(kind, entry.name)]
        assert guides.card(kind, entry.key) == entry
        assert guides.card(kind, entry.name.upper()) == entry


def test_card_lookup_by_other_names():
    assert guides.card("wichtel", "no way").key == "nd"
    assert guides.card("wichtel", "Komm mal zurueck").key == "kz"
    assert guides.card("korrigans", "pot of gold").key == "cauldron"
    assert guides.card("henchmania", "nothing like this") is None


def _words(text: str) -> list[str]:
    return re.findall(r"[a-zäöüß0-9']+", text.lower())


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks are not beside the project")
@pytest.mark.parametrize("kind", GAMES)
def test_guides_are_in_our_own_words(kind):
    """No run of 12 words is copied from the rulebook."""
    n = 12
    book = " ".join(
        " ".join(_words((RULES / name).read_text(encoding="utf-8"))) for name in RULEBOOKS[kind]
    )
    ours = [p.body for p in guides.guide(kind)] + [c.text for c in guides.cards(kind)]
    for text in ours:
        words = _words(text)
        for i in range(len(words) - n + 1):
            run = " ".join(words[i : i + n])
            assert run not in book, f"{kind}: copied from the rulebook: {run!r}"


def test_every_goat_card_finds_its_set():
    from engines.ziegen import data

    for card in data.GOAT_IDS:
        entry = guides.card("ziegen", data.card_name(card))
        assert entry is not None and entry.key == data.GOAT_SET[card]
