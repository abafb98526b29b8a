"""Phases 1 and 2: play a card from the hand; the large goat moves by its value. A Dog hands over
to the dog steps, anything else to the take."""

from __future__ import annotations

from engines.base import Event, own
from engines.steps import Step

from . import data
from .common import card_of, dog_sources, mover, parse, spot_of, start_take
from .words import Msg, count, msg


def legal(state: dict, seat: int) -> list[str]:
    return sorted({f"play:{c}" for c in state["hands"][seat]})


def play_card(state: dict, seat: int, action: str, events: list[Event]) -> None:
    card = parse(action, "play")
    own(state, "hands", seat).remove(card)
    if card in state["taken"][seat]:
        own(state, "taken", seat).remove(card)
    kind = data.KIND[card]
    if card in state["revealed"]:
        own(state, "revealed").remove(card)
    if kind == "g" and data.GOAT_SET[card] in state["owner"]:
        # Ruling: a goat of a set already scored cannot score any more; it goes back to the box.
        own(state, "discard").append(card)
        events.append(Event(msg("plays_scored", p=seat, card=card)))
        state["pending"] = None
    else:
        played = own(state, "played", seat)
        played.append(card)
        data.sort_cards(played)
        events.append(Event(msg("plays", p=seat, card=card)))
        state["pending"] = card if kind == "g" else None
    steps = data.VALUE[card]
    if steps:
        goats = own(state, "goats")
        goats[seat] = (goats[seat] + steps) % (4 * state["size"])
        events.append(
            Event(count("moves", steps, p=seat, **spot_of(state["size"], state["goats"][seat])))
        )
    if kind == "d":
        state["refused"] = []
        if dog_sources(state, seat):
            state["phase"] = "dog"
            return
        events.append(Event(msg("dog_idle", p=seat)))
    start_take(state, seat, events)


def label(state: dict, seat: int, action: str) -> Msg:
    return msg("label.play", card=card_of(parse(action, "play")))


def prompt(state: dict, seat: int) -> Msg:
    return msg("prompt.play", p=state["turn"])


# Playing a card from the hand shows it: never undoable (the default, said here for the reader).
PLAY = Step(actors=mover, legal=legal, apply=play_card, label=label, prompt=prompt, reveals=True)
