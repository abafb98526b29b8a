"""The English words of Herr der Ziegen: every message id's template and the name tables.

Rule code says what happened as ``Msg("ziegen.<id>", **params)``; the text lives here (see
``engines.words``). Seats are ``{p:seat}``; a card is ``{card:card}`` (its name), a list of
cards ``{cards:cards}``; a goat set ``{set:set}``; a row/column ``{line:line} {k}`` (1-based);
the edge a large goat stands on ``{side:side}``; a cell ``{at:msg}`` (an ``at.*`` message).
"""

from __future__ import annotations

from engines.words import Joined, Msg, catalog, messages

from . import data

GAME = "ziegen"


msg = messages(GAME)


def count(key: str, n: int, /, **params) -> Msg:
    """``key.one`` when ``n`` is 1, else ``key.other`` (``n`` passed on)."""
    return msg(f"{key}.{'one' if n == 1 else 'other'}", n=n, **params)


class _Scores:
    """A name table for a score list: "{p0} 12, {p1} 9"."""

    def __getitem__(self, scores) -> str:
        return ", ".join(f"{{p{seat}}} {points}" for seat, points in enumerate(scores))


def _card_msg(card: str) -> Msg:
    """A card's name as a message: "Elvis 5" (the set's name in the reader's language), "Dog",
    "Milk Shake 2"."""
    kind = data.KIND[card]
    if kind == "g":
        return msg("card.goat", set=data.GOAT_SET[card], v=data.VALUE[card])
    return msg("card.dog") if kind == "d" else msg("card.milk", v=data.VALUE[card])


CARD_NAMES = {card: _card_msg(card) for card in data.CARDS}
SET_NAME = dict(data.SET_NAMES)
END_WHY = {
    "row": "the last card of a row has been taken",
    "column": "the last card of a column has been taken",
    "blocked": "a player cannot take any card",
}

TEMPLATES = {
    # --- card names (the name table "card") ---
    "card.goat": "{set:set} {v}",
    "card.dog": "Dog",
    "card.milk": "Milk Shake {v}",
    # --- action labels (buttons; at most 80 characters) ---
    "label.keep": "Keep my cards",
    "label.mull.one": "Return 1 dog and draw 1 new card",
    "label.mull.other": "Return {n} dogs and draw {n} new cards",
    "label.play": "Play {card:card}",
    "label.dog.none": "Drive no goat",
    "label.dog.back": "Pick another goat to drive",
    "label.dog.pick": "Drive {card:card} (r{r} c{c})",
    "label.swap.empty": "Move to the empty space (r{r} c{c})",
    "label.swap.card": "Swap with {card:card} (r{r} c{c})",
    "label.swap.ask": "Ask {owner:seat}: swap with {card:card} (r{r} c{c})",
    "label.consent.yes": "Allow the swap (r{r} c{c} with r{r2} c{c2})",
    "label.consent.no": "Refuse the swap (r{r} c{c} with r{r2} c{c2})",
    "label.take": "Take {card:card} (r{r} c{c})",
    # --- prompts (what is being decided now) ---
    "prompt.over": "The game is over.",
    "prompt.mulligan": "Players holding a Dog may return it and draw a replacement.",
    "prompt.play": "{p:seat} plays a card.",
    "prompt.dog": "{p:seat} may drive one of their claimed goats with the dog.",
    "prompt.dog_tgt": "{p:seat} drives {src:msg}: where to?",
    "prompt.consent": "{owner:seat} decides whether {p:seat} may swap {src:msg} with {tgt:msg}.",
    "prompt.take": "{p:seat} takes a card from {line:line} {k}.",
    # --- a cell and what is on it (nested in other messages) ---
    "at.card": "{card:card} (row {r}, col {c})",
    "at.empty": "the empty space (row {r}, col {c})",
    # --- the mulligan ---
    "returns": "{p:seat} returns {dogs:msg} and draws {cards:msg}.",
    "n_dogs.one": "1 dog",
    "n_dogs.other": "{n} dogs",
    "n_new_cards.one": "1 new card",
    "n_new_cards.other": "{n} new cards",
    "drew": "You drew {cards:cards}.",
    "shuffled": "The returned dogs are shuffled back into the draw pile.",
    "start": "The goats are loose! {p:seat} starts.",
    # --- play and move ---
    "plays": "{p:seat} plays {card:card}.",
    "plays_scored": "{p:seat} plays {card:card}; its set is already scored, so it goes back "
    "to the box.",
    "moves.one": "{p:seat}'s large goat moves 1 space to the {side:side} edge, {line:line} {k}.",
    "moves.other": "{p:seat}'s large goat moves {n} spaces to the {side:side} edge, "
    "{line:line} {k}.",
    # --- dogs ---
    "dog_idle": "{p:seat}'s dog finds no claimed goat of theirs to drive.",
    "dog_none": "{p:seat}'s dog drives no goat.",
    "ask": "{p:seat} asks {owner:seat} to let the dog swap {src:msg} with {tgt:msg}.",
    "agrees": "{p:seat} agrees.",
    "refuses": "{p:seat} refuses the swap.",
    "drives": "{p:seat}'s dog drives {src:msg} to {tgt:msg}.",
    # --- take ---
    "blocked": "{p:seat} cannot take a card from {line:line} {k}.",
    "takes": "{p:seat} takes {card:card} (row {r}, col {c}).",
    "turned_up": "{card:card} is turned up from the draw pile into the gap.",
    "reserved": "{p:seat} places a reserved small goat on {card:card}.",
    # --- scoring during play ---
    "score_a": "Scoring! {p:seat}'s {set:set} cards total {total}: {p:seat} claims every "
    "{set:set} card left.",
    "score_b": "Scoring! The 4th {set:set} card is played: {p:seat} has the majority ({total}) "
    "and wins the last {set:set} card.",
    "marks": "{p:seat} puts a small goat on {card:card}.",
    "set_aside.one": "{p:seat} sets aside 1 small goat for {set:set} cards still in the draw pile.",
    "set_aside.other": "{p:seat} sets aside {n} small goats for {set:set} cards still in the "
    "draw pile.",
    "reveals": "{p:seat} reveals {card:card} from their hand and keeps it: nobody scores it.",
    "discards": "{p:seat} discards {cards:cards}.",
    # --- the end ---
    "over": "Game over: {why:end}. Scores: {scores:scores}.",
    # --- where a large goat stands (board and hand) ---
    "spot": "the {side:side} edge, {line:line} {k}",
    # --- the board (render.board_text) ---
    "board.header": "**Pasture** ({size}x{size}) - colours: {items:commas}. `[R]` Red's pen, "
    "`A5r` a goat with Red's small goat, `R` beside the grid Red's large goat.",
    "board.colour": "{letter} {p:colour}",
    "board.cards": "Cards: {items:commas}",
    "board.set_key": "{letter} {set:set}",
    "board.other_cards": "dog = Dog, m1/m2 = Milk Shake",
    "board.seat": "{mark}**{p:seat}** ({p:colour}) - {points} pts (pen {pen}, other {other}, "
    "milk {milk}); hand {hand}; large goat at {spot:msg}",
    "board.played": "played: {items:commas}",
    "played.set": "{set:set} {values}",
    "played.milk": "Milk {values} ({n})",
    "played.dogs": "Dogs x{n}",
    "played.none": "nothing yet",
    "board.scored": "Scored sets: {items:commas}",
    "board.scored_set": "{set:set} ({p:seat})",
    "board.reserved": "Reserved small goats: {items:commas}",
    "board.reserved_set": "{p:seat} {k}x {set:set}",
    "board.revealed": "Revealed in hands: {items:commas}",
    "board.revealed_card": "{card:card} ({p:seat})",
    "board.piles": "Draw pile: {draw} cards; box: {box} removed at setup + {discarded} "
    "discarded. Doubling: {doubling:doubling}.",
    "board.over": "**Game over** - winner: {names}",
    "and": "{a} and {b:seat}",
    # --- a seat's hand (render.hand_text) ---
    "hand.spectator": "Spectators hold no cards.",
    "hand.cards": "Hand ({p:colour}): {names}",
    "hand.no_cards": "no cards",
    "hand.goat": "Your large goat stands at {spot:msg}: you take from {line:line} {k}.",
    "hand.mulligan": "You chose to return {n} dog(s); waiting for the others.",
    "hand.move": "*Your move: {prompt:msg}*",
}

NAMES = {
    "card": CARD_NAMES,
    "cards": Joined("card"),
    "colour": dict(enumerate(data.COLOURS)),
    "doubling": {"line": "line", "chain": "chain"},
    "commas": Joined("msg"),
    "set": SET_NAME,
    "end": END_WHY,
    "line": {"row": "row", "column": "column"},
    "side": {"top": "top", "right": "right", "bottom": "bottom", "left": "left"},
    "scores": _Scores(),
}

catalog(GAME, TEMPLATES, names=NAMES)
