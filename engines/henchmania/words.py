"""Henchmania's English: the template of every message id, and the name tables they use.

Rule code says what happened as ``Msg("henchmania.<id>", ...)`` (``engines/words.py``); this
module is the only place where those become English. Templates use ``{<param>:seat}`` for a
seat, and these name tables (a translation keeps the placeholders and translates the tables):

- ``card``: a card's name ("Belladonna root"); ``cards``: a list of them, ", "-joined;
- ``card_house``: a card's name with " (house rule)" for an Additional Card; ``card_label``: the
  same plus an Armory card's values ("Helm (house rule) (A 5+ / D 3+)");
- ``site``: a site's name ("Main Square"); ``a_site``: with its article ("an Armory");
  ``the_site``: with its article as a verb's object ("dominates the Armory"); ``at_site`` /
  ``from_site`` / ``to_site``: with its preposition ("at the Armory", "from ...", "to ..."), one
  table per preposition, since other languages join or choose it per site ("beim Marktplatz",
  "in der Taverne", "del Castillo");
  ``backs``: a list of sites as "a Tavern card and an Armory card";
- ``a``: a die's value with its article ("an 8"); ``dice``: dice values, ", "-joined;
- ``seats_and``: seats joined by " and "; ``msgs``: nested messages (JSON form), ", "-joined;
- ``place_how`` / ``place_draw``: the extras of a placement button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..words import Joined, Msg, catalog, messages
from .data import ADDITIONAL, CARDS, SITE_NAMES, TEXT, WHEN

GAME = "henchmania"


msg = messages(GAME)


def a_an(word) -> str:
    """``word`` with its indefinite article: "an Armory", "a Tavern", "an 8"."""
    text = str(word)
    vowel = text[:1].lower() in "aeiou" or text == "8" or text in ("11", "18")
    return ("an " if vowel else "a ") + text


class _Shown:
    """A name table computed by ``show``: the value's name is a message of its own (shown in the
    reader's language)."""

    def __init__(self, show: Callable[[Any], Msg]) -> None:
        self.show = show

    def __getitem__(self, value: Any) -> Msg:
        return self.show(value)


def _card_house(card: str) -> Msg:
    """A card's name, with " (house rule)" for an Additional Card."""
    return msg("name.house" if card in ADDITIONAL else "name.plain", card=card)


def _card_label(card: str) -> Msg:
    """A card's name for a button: an Armory card with its values."""
    row = CARDS[card]
    if row[3] == "armory":
        return msg("name.armory", card=card, a=row[5], d=row[6])
    return _card_house(card)


# The names and reminders a player reads. Each of these dicts is translated entry by entry
# (``locale/``); the English is the rulebook's.
CARD_NAMES = {key: row[0] for key, row in CARDS.items()}
DIE_VALUES = range(0, 13)  # "a 5": a die's value with its article (modified dice too)

NAMES = {
    "card": CARD_NAMES,
    "cards": Joined("card"),
    "card_house": _Shown(_card_house),
    "card_label": _Shown(_card_label),
    "site": dict(SITE_NAMES),
    "the_site": {key: "the " + name for key, name in SITE_NAMES.items()},
    "at_site": {key: "at the " + name for key, name in SITE_NAMES.items()},
    "from_site": {key: "from the " + name for key, name in SITE_NAMES.items()},
    "to_site": {key: "to the " + name for key, name in SITE_NAMES.items()},
    "a_site": {key: a_an(name) for key, name in SITE_NAMES.items()},
    "backs": Joined(lambda site: msg("back", back=site), sep_id="and"),
    "a": {value: a_an(value) for value in DIE_VALUES},
    "dice": Joined(str),
    "seats_and": Joined(lambda seat: "{p%d}" % seat, sep_id="and"),
    "msgs": Joined("msg"),
    "parts": Joined("msg", "; "),
    "seats": Joined(lambda seat: "{p%d}" % seat),
    "place_how": {
        "place": "",
        "porter": " with a Porter",
        "porter2": " with the Porter (alt, house rule)",
    },
    "place_draw": {"": "", "inf": ", Influence: draw 2", "olinf": ", Old Lady's Influence: draw 2"},
    "phase": {"place": "place", "cards": "cards", "end": "end", "tie": "tie", "over": "over"},
    "text": dict(TEXT),
    "when": dict(WHEN),
    "pawns": Joined(lambda seat: msg("board.pawn_of", p=seat)),
    "back_counts": Joined(
        lambda sn: msg("board.back_count", site=sn[0], n=sn[1]), empty="board.empty"
    ),
}

TEMPLATES = {
    # --- names (name tables "card_house", "card_label", "backs", "seats_and") --------------
    "name.plain": "{card:card}",
    "name.house": "{card:card} (house rule)",
    "name.armory": "{card:card_house} (A {a}+ / D {d}+)",
    "back": "{back:a_site} card",
    "and": " and ",
    # --- the board (render.board_text) ----------------------------------------------------
    "board.title": "**Henchmania** - {day} - {phase:phase} - first to {target}",
    "board.day": "day {day} of {days}",
    "board.day_tie": "day {day}, tie-break (after day {days})",
    "board.badge": "Badge of Honor: {p:seat}",
    "board.additional": "Additional Cards: {cards:cards} (house rules: our effects, not the "
    "printed cards)",
    "board.grid_head": "Site         Spots Deck {players}  Dominant",
    "board.site": "{site:site}",
    "board.card": "{card:card}",
    "board.card_rotated": "{card:card} (rotated)",
    "board.points.one": "**{p:seat}** - {n} point",
    "board.points.other": "**{p:seat}** - {n} points",
    "board.flags": " ({items:parts})",
    "board.passed": "passed",
    "board.holds": "holds {pawns:pawns}",
    "board.pawn_of": "{p:seat}'s pawn",
    "board.hand": "Hand: {n} ({backs:back_counts}) | Trump: {trump}",
    "board.back_count": "{site:site} {n}",
    "board.empty": "empty",
    "board.reserve": "Reserve: {cards}",
    "board.discards": "Discards: {items:msgs}",
    "board.discard": "{site:site} {n}",
    "board.discard_top": "{site:site} {n} (top: {card:card})",
    "board.winner": "**Winner:** {seats:seats}",
    # --- a duel (render.duel_lines) --------------------------------------------------------
    "duel.head": "**Duel:** {a:seat} ({aw}) vs {d:seat} ({dw})",
    "duel.tie_head": "**Tie duel:** {a:seat} ({aw}) vs {d:seat} ({dw})",
    "duel.choosing": "choosing a weapon",
    "duel.not_chosen": "weapon not chosen yet",
    "duel.bare": "bare hands",
    "duel.hits_on": "{weapon}, hits on {n}+",
    "duel.parries_on": "{weapon}, parries on {n}+",
    "duel.attack": "Attack dice: {dice}",
    "duel.attack_hits": "Attack dice: {dice} - {n} hits",
    "duel.defence": "Defence dice: {dice}",
    "duel.defence_unparried": "Defence dice: {dice} - unparried {n}",
    # --- a seat's panel (render.hand_text) ---------------------------------------------------
    "hand.title": "**Your hand**",
    "hand.empty": "(empty)",
    "hand.card": "- {n}x **{card:card}** ({site:site}): {card:text}",
    "hand.reserve": "**Your Reserve** ({n}/8): {cards}",
    "hand.reminder": "- {card:card}: {card:text} *{card:when}*",
    "hand.trump": "**Your Trump:** {name} - {card:text} *{card:when}*",
    "hand.playing": "Playing: {card:card}",
    # --- drawing, counters (common.py) ---------------------------------------------------
    "pile_empty": "The {site:site} has no cards left to draw.",
    "reshuffle": "The {site:site} discards are shuffled into a new pile.",
    "you_drew": "You drew {card:card}.",
    "draws.one": "{seat:seat} draws {n} card {site:at_site}.",
    "draws.other": "{seat:seat} draws {n} cards {site:at_site}.",
    "counter.penitent": "{seat:seat} discards a Penitent: the {card:card} has no effect on them.",
    "counter.bravery": "{seat:seat} rotates Bravery: the {card:card} has no effect on them.",
    "counter.oldlady": "{seat:seat} rotates the Old Lady to use Bravery: the {card:card} has no "
    "effect on them.",
    # --- phase 1: setting the Henchmen (placing.py) ---------------------------------------
    "day_begins": "Day {day} begins. {seat:seat} holds the Badge of Honor.",
    "day_begins_tie": "Day {day}, a tie-break day, begins. {seat:seat} holds the Badge of Honor.",
    "dominates": "{seat:seat} dominates {site:the_site} and draws a card there.",
    "porter": "{seat:seat} discards a Porter to set a Henchman on the full {site:site}.",
    "porter2": "{seat:seat} rotates the Porter (alt) to set a Henchman on the full {site:site}.",
    "sets": "{seat:seat} sets a Henchman {site:at_site}.",
    "sets_betrayed": "{seat:seat} sets {color:seat}'s betrayed Henchman {site:at_site} "
    "(it counts for {color:seat}).",
    "influence": "{seat:seat} uses Influence to draw 2 cards.",
    "influence_ol": "{seat:seat} uses Influence through the Old Lady to draw 2 cards.",
    # --- phase 2: playing cards (cards.py) ------------------------------------------------
    "cards_begin": "Everyone plays cards, starting with {seat:seat}.",
    "out_of_cards": "{seat:seat} has no cards left and passes.",
    "passes": "{seat:seat} passes for the rest of the day.",
    "bigots": "{seat:seat} rotates the Bigots to draw {site:at_site}, where they share the "
    "most Henchmen.",
    "mule": "{seat:seat} rotates the Mule to fetch a card from the Armory.",
    "inquisition": "{seat:seat} discards the Inquisition: every opponent's Trump goes to the "
    "discards.",
    "loses_trump": "{seat:seat} loses {card:card}.",
    "makes_room": "{seat:seat} discards {card:card} from their full Reserve.",
    "to_reserve": "{seat:seat} puts {card:card} into their Reserve.",
    "trump_gone": "{seat:seat} discards the Trump {card:card}.",
    "trump_taken": "{seat:seat} takes the Trump {card:card}.",
    "plays": "{seat:seat} plays {card:card}.",
    "plays_at": "{seat:seat} plays {card:card} against {target:seat}.",
    "plays_back": "{seat:seat} plays {card:card} against {target:seat}, choosing "
    "{back:a_site} card.",
    "plays_backs": "{seat:seat} plays {card:card} against {target:seat}, choosing {backs:backs}.",
    "plays_pigeon": "{seat:seat} plays {card:card}, drawing {site:at_site}.",
    "plays_traitor2": "{seat:seat} plays {card:card} against {target:seat}, moving a Henchman "
    "{src:from_site} {dst:to_site}.",
    "plays_traitor": "{seat:seat} plays {card:card} against {target:seat}, taking a Henchman "
    "{site:from_site}.",
    "plays_aim": "{seat:seat} plays {card:card} against {target:seat}, aiming at {aim:card}.",
    "plays_grave": "{seat:seat} plays {card:card}, taking {taken:card} from the discards "
    "{site:at_site}.",
    "boss": "{seat:seat} rotates the Boss Lady: this Gossip is worth {n}.",
    "gossip.one": "{target:seat} loses {n} point, {seat:seat} earns {amount}.",
    "gossip.other": "{target:seat} loses {n} points, {seat:seat} earns {amount}.",
    "takes_back": "{seat:seat} takes {back:a_site} card from {target:seat}.",
    "taken_was": "The card taken was {card:card}.",
    "hand_discard": "{seat:seat} discards {card:card} from their hand.",
    "vermin": "Vermin get into {seat:seat}'s things: they discard {card:card}.",
    "moves_henchman": "{seat:seat} moves one of {target:seat}'s Henchmen {src:from_site} "
    "{dst:to_site}.",
    "takes_henchman": "{seat:seat} takes one of {target:seat}'s Henchmen {site:from_site} "
    "for the next day.",
    "res_discarded": "{seat:seat}'s {card:card} is discarded.",
    "gives": "{seat:seat} gives {card:card} from their Reserve to {to:seat}.",
    "trims": "{seat:seat} discards {card:card} from their Reserve (at most {n}).",
    "brawl_drop": "{seat:seat} discards {card:card} from their Reserve in the Brawl.",
    # --- duels (duel.py) ------------------------------------------------------------------
    "challenge": "{a:seat} challenges {d:seat} to a duel.",
    "challenge_glove": "{a:seat} challenges {d:seat} to a duel with the {glove:card}.",
    "guard": "{seat:seat} plays a Guard: the Glove is cancelled, no duel.",
    "takes_up": "{seat:seat} takes up the challenge.",
    "bare": "{seat:seat} fights bare-handed.",
    "bare_ox": "{seat:seat} fights bare-handed, with the Ox's strength ({n}+).",
    "weapon": "{seat:seat} takes up {card:card} (attack {attack}+, defence {defence}+).",
    "attacks": "{seat:seat} attacks: {dice:dice} (hits on {n}+).",
    "prayer": "{seat:seat} discards a Prayer and rerolls a die: {n}.",
    "holy": "{seat:seat} discards Holy water: a die becomes {n}.",
    "prov.one": "{seat:seat} uses Providence to reroll {n} die: {dice:dice}.",
    "prov.other": "{seat:seat} uses Providence to reroll {n} dice: {dice:dice}.",
    "olprov.one": "{seat:seat} uses Providence through the Old Lady to reroll {n} die: "
    "{dice:dice}.",
    "olprov.other": "{seat:seat} uses Providence through the Old Lady to reroll {n} dice: "
    "{dice:dice}.",
    "conf": "{seat:seat} uses Confidence: +1 to every die: {dice:dice}.",
    "olconf": "{seat:seat} uses Confidence through the Old Lady: +1 to every die: {dice:dice}.",
    "court": "{seat:seat} rotates the Courtesan: {roller:seat} must reroll {old:a}: {n}.",
    "apoth": "{seat:seat} discards the Apothecary and cancels a hit.",
    "hits.one": "{seat:seat} scores {n} hit.",
    "hits.other": "{seat:seat} scores {n} hits.",
    "defends": "{seat:seat} defends: {dice:dice} (parries on {n}+).",
    "tie_wounds.one": "{a:seat} inflicts {n} wound on {d:seat}.",
    "tie_wounds.other": "{a:seat} inflicts {n} wounds on {d:seat}.",
    "mutt": "{seat:seat}'s Mutt spares them {n} point.",
    "attacker_wins.one": "{a:seat} wins the duel with {n} unparried hit: +{gain} for {a:seat}, "
    "-{lost} for {d:seat}.",
    "attacker_wins.other": "{a:seat} wins the duel with {n} unparried hits: +{gain} for {a:seat}, "
    "-{lost} for {d:seat}.",
    "defender_wins": "{d:seat} wins the duel: +{gain} for {d:seat}, -{lost} for {a:seat}.",
    "defender_wins_silk": "{d:seat} wins the duel: +{gain} for {d:seat}, -{lost} for {a:seat} "
    "(Silk Glove: the loser loses nothing).",
    # --- phase 3, the end of the game (endday.py) -----------------------------------------
    "day_ends": "Everyone has passed: the day ends.",
    "discards_hand": "{seat:seat} discards {cards:cards}.",
    "nosy_keeps": "{seat:seat} keeps {back:a_site} card with the Nosy parker.",
    "you_keep": "You keep {card:card} for the next day.",
    "scores_day": "{seat:seat} scores {n} ({parts:msgs}).",
    "part.performances": "Performances {n}",
    "part.choir": "Choir boys {n}",
    "part.eloquence": "Eloquence {n}",
    "part.eloquence_ol": "Eloquence (Old Lady) {n}",
    "part.torecat": "Torecat {n}",
    "part.damsel": "Damsel {n}",
    "intrigue": "Intrigue: {richer:seats} each give 1 point to {seat:seat}.",
    "tied_two": "{a:seat} and {b:seat} are tied with {n} points: they fight a duel each way.",
    "tied_more": "{count} players are tied with {n} points: the game goes on for another day.",
    "duel_again.one": "Both inflicted {n} wound: they duel again.",
    "duel_again.other": "Both inflicted {n} wounds: they duel again.",
    "bailiff": "{seat:seat} becomes the new Bailiff of Montfleury with {n} points!",
    # --- confirmations: asked before a decision that cannot be taken back (Step.confirm) ---
    "confirm.pass_day": "Pass for the rest of the day? You play no more cards today, and once "
    "the next player has acted it cannot be undone.",
    # --- prompts (Step.prompt; the view holds them in JSON form) -------------------------
    "prompt.over": "The game is over: {won:seats_and} won.",
    "prompt.place": "{who:seats} sets a Henchman on a site (day {day}).",
    "prompt.turn": "{who:seats} plays a card or passes.",
    "prompt.arg": "{who:seats} is playing a card.",
    "prompt.counter": "{who:seats} may counter the {card:card} played by {by:seat}.",
    "prompt.give": "{who:seats} chooses a Reserve card to give to {to:seat} (Belladonna root).",
    "prompt.trim": "{who:seats} discards a card from an over-full Reserve.",
    "prompt.brawl": "Brawl: {who:seats} must each discard a Reserve card.",
    "prompt.guard": "{who:seats} may cancel {a:seat}'s Glove with a Guard, or take up the duel.",
    "prompt.weapon": "{who:seats} chooses a weapon for the duel, or bare hands.",
    "prompt.react_attack": "{who:seats} may react to the attack dice ({a:seat} against {d:seat}).",
    "prompt.react_defence": "{who:seats} may react to the defence dice ({a:seat} against "
    "{d:seat}).",
    "prompt.nosy": "{who:seats} may keep one card with the Nosy parker.",
    "prompt.choir.one": "{who:seats} decides how many Choir boys to discard.",
    "prompt.choir.other": "{who:seats} decide how many Choir boys to discard.",
    # --- button labels (Step.label) -------------------------------------------------------
    "label.place": "Henchman {site:to_site}{how:place_how}{draw:place_draw}",
    "label.place_traitor": "{color:seat}'s Henchman (Traitor) {site:to_site}{how:place_how}"
    "{draw:place_draw}",
    "label.pass_day": "Pass for the rest of the day",
    "label.play": "Play {card:card_label}",
    "label.inquisition": "Inquisition: opponents' Trumps to the discards",
    "label.mule": "Mule (house rule): draw at the Armory",
    "label.bigots": "Bigots: draw {site:at_site}",
    "label.back": "Back (choose another card)",
    "label.target": "{card:card}: target {target:seat}",
    "label.boss": "Rotate Boss Lady: Gossip worth {n}",
    "label.plain": "Plain Gossip (keep Boss Lady ready)",
    "label.traitor_site": "Take their Henchman {site:at_site}",
    "label.traitor2_from": "Move their Henchman {site:from_site}",
    "label.traitor2_to": "Move it {site:to_site}",
    "label.pigeon_site": "Pigeon: draw {site:at_site}",
    "label.grave_site": "Search the discards {site:at_site}",
    "label.back_card": "{card:card}: {back:a_site} card",
    "label.grave_card": "Take {card:card}",
    "label.aim": "Discard their {card:card}",
    "label.make_room": "Discard {card:card} from your Reserve to make room",
    "label.card": "{card:card}",
    "label.accept": "Accept the effect",
    "label.counter.penitent": "Discard Penitent: cancel it",
    "label.counter.bravery": "Rotate Bravery: cancel it",
    "label.counter.oldlady": "Rotate Old Lady, use Bravery: cancel it",
    "label.give": "Give {card:card}",
    "label.discard": "Discard {card:card}",
    "label.take_up": "Take up the duel",
    "label.guard": "Play Guard: cancel the Glove",
    "label.bare_hits": "Fight bare-handed (hits on {n}+)",
    "label.bare_hits_ox": "Fight bare-handed (hits on {n}+, Ox)",
    "label.bare_parries": "Fight bare-handed (parries on {n}+)",
    "label.bare_parries_ox": "Fight bare-handed (parries on {n}+, Ox)",
    "label.weapon_hits": "Fight with {card:card_house} (hits on {n}+)",
    "label.weapon_parries": "Fight with {card:card_house} (parries on {n}+)",
    "label.pass_react": "Pass (no reaction)",
    "label.prayer": "Prayer: reroll die {i} ({value})",
    "label.holy": "Holy water: +1 to die {i} ({value})",
    "label.court": "Courtesan: force a reroll of die {i} ({value})",
    "label.prov.one": "Providence: reroll die {dice:dice}",
    "label.prov.other": "Providence: reroll dice {dice:dice}",
    "label.olprov.one": "Providence (Old Lady): reroll die {dice:dice}",
    "label.olprov.other": "Providence (Old Lady): reroll dice {dice:dice}",
    "label.conf": "Confidence: +1 to each die",
    "label.olconf": "Confidence (Old Lady): +1 to each die",
    "label.apoth": "Apothecary: cancel an unparried hit",
    "label.keep_none": "Keep no card",
    "label.keep": "Keep {card:card} for tomorrow",
    "label.choir_keep": "Keep the Choir boys",
    "label.choir_use": "Discard {n} Choir boys for points",
}

catalog(GAME, TEMPLATES, names=NAMES)
