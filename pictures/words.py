"""The words drawn in the board pictures: message ids of the ``pictures`` catalog (gettext
domain ``pictures``, ``locale/<lang>/LC_MESSAGES/pictures.po``), rendered in the language of the
picture being drawn.

``picture()`` sets the language for the drawing (``drawing_in``); the layouts ask ``tr(id,
**params)`` for a label and ``name(game, table, value)`` for a card or component name from the
game's own name tables (``engines/<game>/words.py``: Korrigans' and Henchmania's names
translated, Wichtel's German card names as printed). The language lives in a ``ContextVar``:
each worker thread drawing a board has its own. Pure: no discord, asyncio or storage.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from engines import translations, words
from engines.words import Msg, render

GAME = "pictures"
_LANG: ContextVar[str] = ContextVar("picture_lang", default="en")

TEMPLATES = {
    "player": "Player {n}",
    "game_over": "Game over. Winner: {names}",
    "last": "Last move: {news}",
    # Herr der Ziegen
    "z.pen": "pen",
    "z.dog": "Dog",
    "z.milk": "Milk",
    "z.shake": "shake",
    "z.head": "{size}x{size} pasture · doubling: {doubling}",
    "z.breakdown": "pen {pen} · other {other} · milk {milk}",
    "z.hand": "hand {hand} · {played} played",
    "z.draw": "Draw pile: {n}",
    "z.box": "box {box} · discard {discard}",
    "z.scored": "Scored sets:",
    "z.more": "+{n} more",
    "z.hand_only": "hand: {hand} cards",
    "z.race": "Majorities: the goats each player has played",
    "z.race_help": "Letter: the set on the pasture cards. A set scores at 8 points played, or "
    "at its 4th goat played (highest sum).",
    "z.scored_by": "scored: {name}",
    "z.milk_race": "Milk shakes played, cards (sum):",
    "z.milk_count": "{n} ({sum})",
    # Korrigans
    "k.village": "Village",
    "k.menhir": "Menhir",
    "k.tokens": "tokens",
    "k.river": "river",
    "k.bridge": "bridge",
    "k.gate": "gate",
    "k.troll": "Troll",
    "k.cauldron_may": "Cauldron may appear",
    "k.head": "round {round} · bag {bag} pawns (held by {holder})",
    "k.gold": "{n} gold",
    "k.gold_hidden": "{n} + ? gold",
    "k.gold_note": "Gold: what everyone sees (Menhirs, Elf +2, Goblin -2, open tokens); "
    '"+ ?": the gold behind a screen.',
    "k.behind": "{n} behind screen",
    "k.open": "open: {tokens}",
    "k.nothing": "nothing",
    "k.none": "none",
    "k.backup": "Backup {animal}",
    "k.menhirs": "Menhirs {names}",
    "k.companions": "Companions: {names}",
    "k.breakdown": "tokens {tokens}, Menhirs {menhirs}, Elf/Gob. {elf_goblin}, Cauldron {cauldron}",
    "k.troll_at": "Troll: {border}",
    "k.beside": "beside the board",
    "k.elf": "Elf: {owners} (supply {n})",
    "k.goblin": "Goblin: {owners} (supply {n})",
    "k.nobody": "nobody",
    "k.cauldron_on": "Cauldron of Gold on {field}",
    "k.set_aside": "Set aside: {cards}",
    "k.chain": "Draws chain (5 Clouds)",
    "k.elf_mark": "E",  # the letter on a Korrigan carrying the Elf
    "k.goblin_mark": "G",  # ... the Goblin
    # Henchmania
    "h.spots": "{n}/{spots} spots",
    "h.no_majority": "no majority",
    "h.dominant": "Dominant",
    "h.deck": "deck {n}",
    "h.discard": "discard {n}",
    "h.top": "top: {card}",
    "h.no_duel": "No duel in progress.",
    "h.last_duel": "No duel in progress. Last duel: {attacker} against {defender}.",
    "h.tie_duel": "Tie duel",
    "h.duel": "Duel",
    "h.bare_hands": "bare hands",
    "h.choosing": "choosing a weapon",
    "h.attacks": "attacks · {arms}",
    "h.defends": "defends · {arms}",
    "h.hits_on": "hits on {n}+",
    "h.parries_on": "parries on {n}+",
    "h.hits.one": "{n} hit",
    "h.hits.other": "{n} hits",
    "h.unparried": "{n} unparried",
    "h.pts": "pts",
    "h.passed": "passed",
    "h.to_place": "{n} to place",
    "h.holds": "holds {names}",
    "h.badge": "Badge of Honor",
    "h.hand": "hand {n}",
    "h.trump": "Trump: {card}",
    "h.reserve": "Reserve: {cards}",
    "h.head": "Day {day} of {days} · first to {target} points",
    "h.discards": "Discard piles (anyone may look at them):",
    # a site's initial on the backs of a player's hand cards
    "h.initial.tavern": "T",
    "h.initial.castle": "C",
    "h.initial.square": "S",
    "h.initial.church": "Ch",
    "h.initial.armory": "A",
    "h.head_badge": "Day {day} of {days} · first to {target} points · Badge of Honor: {name}",
    # Der Herr der Wichtel
    "w.draw": "draw",
    "w.discard": "discard",
    "w.gap": "gap",
    "w.place": "place {n}",
    "w.enlisting": "enlisting",
    "w.walk_right": "walk to the right",
    "w.walk_left": "walk to the left",
    "w.reverses": "next walk reverses",
    "w.skipped": "next walk skipped",
    "w.tied": "tied up: no round end",
    "w.free": "free: the round may end",
    "w.enlists": "{name} enlists {card}",
    "w.bribes": "bribes: {bribes}",
    "w.none": "none",
    "w.rolled": "rolled {rolls} (needs {need}+)",
    "w.exchange": "exchange: {giver} ⇄ {taker}",
    "w.events_used": "events used: {events}",
    "w.last_scoring": "last scoring (round {n})",
    "w.no_round": "no round scored yet",
    "w.events": "{n} events",
    "w.score": "score {score}{title} · bonus {bonus} → total {total}",
    "w.dealer_mark": "D",  # the dealer's badge
    "w.head": "round {round} · play to {target}",
    "w.head_dealer": "round {round} · play to {target} · dealer {name}",
}

words.catalog(GAME, TEMPLATES)


def lang() -> str:
    """The language of the picture being drawn."""
    return _LANG.get()


@contextmanager
def drawing_in(language: str | None) -> Iterator[None]:
    """Draw the pictures inside the block in ``language`` (unknown or None: English)."""
    token = _LANG.set(translations.language(language))
    try:
        yield
    finally:
        _LANG.reset(token)


def tr(key: str, /, **params: Any) -> str:
    """A picture label (an id of this catalog) in the drawing's language."""
    return render(Msg(f"{GAME}.{key}", **params), lang())


def show(message: Any) -> str:
    """An engine message (or its JSON form, or a plain string) in the drawing's language."""
    return render(message, lang())


def name(game: str, table: str, value: Any) -> str:
    """A card or component name from a game's name table, in the drawing's language (a fixed
    table, such as Wichtel's German card names, as it is); an unknown value as it is."""
    names = words.NAMES.get(game, {}).get(table)
    if not isinstance(names, Mapping) or value not in names:
        return str(value)
    shown = names[value]
    if not isinstance(shown, str):
        return render(shown, lang())
    if table in words.FIXED.get(game, ()):
        return shown
    return translations.translate(game, words.name_context(game, table, value), shown, lang())


__all__ = ["drawing_in", "lang", "name", "show", "tr"]
