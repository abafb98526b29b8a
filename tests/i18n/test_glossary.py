"""One word for one game thing in a language, the same in the guides and in the catalogs, and
slash commands named as the reader's Discord names them.

``GLOSSARY`` lists, per language and game, the rulebook's terms (``use``: found in the game's
texts; ``both``: found in its guide *and* in its catalogs) and the words a native reader found
used for the same things (``never``: in none of them). A game's texts are its catalog, its
board pictures' words and its option help (all three in its own catalog), its facts lines
(``guides/<game>.py``) and its two guides.
"""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import guides
import tables.words  # noqa: F401  (registers the tavern catalog: the commands' names)
from engines import REGISTRY
from engines.translations import po_path
from engines.words import TEMPLATES, Msg, command, render
from tables.words import WORDS, t

GLOSSARY: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    # Der Herr der Wichtel: the rulebook's "Aktionskarte" (21 Events, "Aktionskarte")
    ("de", "wichtel"): {"both": ("Aktionskarte",), "never": ("Ereignis",)},
    # Henchmania: the tie-break duel
    ("de", "henchmania"): {"use": ("Stechduell",), "never": ("Stichduell",)},
    # Korrigans: its Spanish rulebook's words
    ("es", "korrigans"): {
        "both": ("primer jugador", "campo"),
        "never": ("jugador inicial", "casilla"),
    },
    ("de", "korrigans"): {"both": ("Startspieler",), "never": ("Anfangsspieler",)},
}


def _entries(lang: str, domain: str, prefix: str = "") -> list[str]:
    with po_path(lang, domain).open("rb") as f:
        return [m.string for m in read_po(f) if m.id and m.string and m.context.startswith(prefix)]


def catalog_texts(lang: str, game: str) -> list[str]:
    return [
        *_entries(lang, game),  # its messages, picture labels and option help
        *import_module(REGISTRY[game].part("facts")).WORDS.get(lang, {}).values(),
    ]


def guide_texts(lang: str, game: str) -> list[str]:
    folder = Path(guides.__file__).parent / lang
    return [(folder / f"{game}{part}.md").read_text() for part in ("", "_cards")]


def _found(term: str, texts: list[str]) -> list[str]:
    return [text for text in texts if term.lower() in text.lower()]


@pytest.mark.parametrize(("lang", "game"), sorted(GLOSSARY))
def test_a_game_thing_has_one_word_in_the_guides_and_the_catalogs(lang, game):
    terms = GLOSSARY[(lang, game)]
    guide, catalog = guide_texts(lang, game), catalog_texts(lang, game)
    for term in terms.get("never", ()):
        assert not _found(term, guide + catalog), (lang, game, term, _found(term, guide + catalog))
    for term in terms.get("both", ()):
        assert _found(term, guide) and _found(term, catalog), (lang, game, term)
    for term in terms.get("use", ()):
        assert _found(term, guide + catalog), (lang, game, term)


def test_the_spanish_seed_is_sealed_not_compromised():
    (text,) = [s for s in _entries("es", "tavern", "tavern.fair.commitment") if "SHA-256" in s]
    assert "comprometid" not in text and "compromiso criptográfico" in text


# --- slash commands ----------------------------------------------------------------------------

COMMANDS = sorted(key.removeprefix("cmd.") for key in WORDS if key.startswith("cmd."))
LITERAL = re.compile(r"(?<![\w{:])/(?:\{kind\}|<game>|(?:" + "|".join(COMMANDS) + r")\b)")


def test_a_command_is_shown_with_its_name_in_the_readers_language():
    assert command("play", "en") == "/play"
    assert command("play", "de") == "/spielen" and command("play", "es") == "/jugar"
    assert command("wichtel card", "de") == "/wichtel karte"
    assert command("/korrigans move", "es-ES") == "/korrigans jugada"
    assert t("de", "err.no_running") == "Du hast kein laufendes Spiel. Eröffne eines mit /spielen."
    welcome = t("es", "dm.welcome", title="Korrigans", kind="korrigans")
    assert "`/korrigans reglas`" in welcome and "`/korrigans carta`" in welcome
    assert "/history" in render(Msg("tavern.fair.commitment", commitment="c", verify="v", id=1))


@pytest.mark.parametrize("domain", sorted(TEMPLATES))
def test_no_text_names_a_command_by_its_english_name(domain):
    # a message names a command as {/play} or {kind:/rules}, so each reader sees their name
    found = [key for key, text in TEMPLATES[domain].items() if LITERAL.search(text)]
    assert not found, found
    for lang in ("de", "es"):
        found = [text for text in _entries(lang, domain) if LITERAL.search(text)]
        assert not found, (lang, found)


@pytest.mark.parametrize("lang", [lang for lang in guides.languages() if lang != "en"])
def test_the_guides_name_commands_as_their_readers_see_them(lang):
    names = {t(lang, f"cmd.{name}") for name in COMMANDS}
    folder = Path(guides.__file__).parent / lang
    seen = 0
    for path in sorted(folder.glob("*.md")):
        for first, sub in re.findall(r"`/(\w+)(?: (\w+))?", path.read_text(encoding="utf-8")):
            seen += 1
            if first in REGISTRY:
                assert not sub or sub in names, (path.name, first, sub)
            else:
                assert first in names, (path.name, first)
    assert seen
