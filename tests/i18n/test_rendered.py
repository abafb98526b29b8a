"""Random games of every title with translated words, read in every language with catalogs
(German and Spanish at least): the board, every seat's hand, every action label and every event
contain no English sentence.

Two checks on every text, against its English rendering:
* a text that comes out exactly as in English must hold no words but proper names (card names
  kept in their original language, like Wichtel's German ones, and names the catalogs keep as
  they are, like "Elvis") and codes;
* no English word may appear that the language's own catalog never uses (after taking the
  proper names out): a nested English fragment in a translated sentence fails too.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from engines import REGISTRY, translations, words
from engines.words import render
from i18n import catalogs

LANGS = translations.languages()[1:]  # every language with catalogs
WORD = re.compile(r"[^\W\d_]{3,}")
SEEDS = (1, 2)
SAMPLE_EVERY = 3  # board and hands every few moves (labels and events at every move)
MAX_MOVES = 400
LABEL_MAX = 80  # a Discord button label (before the table service fills in names)


def translated(game: str, lang: str, context: str, english: str) -> str | None:
    """The catalog's own translation (None when it has none: no English fallback here)."""
    return translations.entries(lang, game).get((context, english))


@cache
def proper_names(game: str, lang: str) -> tuple[str, ...]:
    """Names shown the same in this language as in English, longest first: the fixed tables
    and the names a catalog translates as themselves."""
    names = set()
    fixed = words.FIXED.get(game, set())
    for table_name, table in words.NAMES[game].items():
        if table_name in fixed and isinstance(table, dict):
            names.update(str(v) for v in table.values())
    for context, english in catalogs.source_entries(game):
        if ".names." in context and translated(game, lang, context, english) == english:
            names.add(english)
    return tuple(sorted(names, key=len, reverse=True))


def strip_names(text: str, game: str, lang: str) -> str:
    for name in proper_names(game, lang):
        text = text.replace(name, " ")
    return text


@cache
def english_only_words(game: str, lang: str) -> frozenset[str]:
    """Words of the English texts that the language's own texts never use."""
    english, theirs = set(), set()
    for context, text in catalogs.source_entries(game):
        english.update(w.lower() for w in WORD.findall(strip_names(text, game, lang)))
        shown = translated(game, lang, context, text) or ""
        theirs.update(w.lower() for w in WORD.findall(strip_names(shown, game, lang)))
    return frozenset(english - theirs)


def check(game: str, lang: str, shown: str, english: str, what: str) -> list[str]:
    found = []
    rest = strip_names(shown, game, lang)
    if shown == english and WORD.search(rest):
        found.append(f"{game} {lang} {what}: untranslated: {shown!r}")
    stray = sorted({w for w in WORD.findall(rest) if w.lower() in english_only_words(game, lang)})
    if stray:
        found.append(f"{game} {lang} {what}: English words {stray} in {shown!r}")
    return found


def texts(engine, state, lang: str, with_panels: bool) -> list[tuple[str, str]]:
    """(what, text) of everything a player reads about this state, in ``lang``."""
    out = []
    n = len(engine.scores(state))
    if with_panels:
        out.append(("board", engine.board_text(engine.view(state, None), lang)))
        for seat in range(n):
            out.append((f"hand {seat}", engine.hand_text(engine.view(state, seat), lang)))
    if not engine.is_over(state):
        for seat in engine.to_act(state):
            for action in engine.legal_actions(state, seat):
                # the whole label (describe cuts it at a button's length, hiding an overlong one)
                label = (
                    render(engine.label(state, seat, action), lang)
                    if hasattr(engine, "label")
                    else engine.describe(state, seat, action, lang)
                )
                out.append((f"label {action}", label))
    return out


def play(game: str, players: int, seed: int) -> tuple[int, list[str]]:
    engine = REGISTRY[game]
    rnd = random.Random(seed)
    state = engine.new_game(players, seed)
    problems: list[str] = []
    moves = 0
    events: list = []
    while True:
        panels = moves % SAMPLE_EVERY == 0 or engine.is_over(state)
        english = texts(engine, state, "en", panels)
        for lang in LANGS:
            for (what, en), (_, shown) in zip(english, texts(engine, state, lang, panels)):
                problems += check(game, lang, shown, en, what)
                if what.startswith("label") and len(shown) > LABEL_MAX:
                    problems.append(f"{game} {lang} {what}: longer than a button: {shown!r}")
            for event in events:
                problems += check(
                    game,
                    lang,
                    render(event.message, lang),
                    event.text,
                    f"event {event.message.key}",
                )
        if engine.is_over(state) or moves >= MAX_MOVES:
            return moves, problems
        seat = rnd.choice(engine.to_act(state))
        state, events = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        moves += 1


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", [g for g in catalogs.games() if g in REGISTRY])
def test_random_games_read_in_german_and_spanish(game, seed):
    engine = REGISTRY[game]
    players = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
    moves, problems = play(game, players, seed)
    assert moves > 10
    problems = list(dict.fromkeys(problems))
    assert not problems, "\n".join(problems[:20])


def test_the_check_finds_an_untranslated_sentence_and_a_stray_english_word():
    english = "{p0} plays Elvis 3."
    assert check("ziegen", "de", english, english, "x")  # not translated at all
    assert not check("ziegen", "de", "{p0} spielt Elvis 3 aus.", english, "x")
    assert check("ziegen", "de", "{p0} spielt Elvis 3 aus (row 2).", english, "x")
    assert not check("ziegen", "de", "Elvis 3", "Elvis 3", "x")  # a name stays a name
    assert not check("wichtel", "es", "{p0}: Komm mal zurück!", "{p0}: Komm mal zurück!", "x")
