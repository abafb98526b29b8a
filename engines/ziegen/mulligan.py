"""The opening mulligan (ruling 2): every seat decides at once, in secret, how many of its dogs
to return; once all have decided, the ``deal`` step resolves the choices in seat order."""

from __future__ import annotations

from engines import rng
from engines.base import Event, own
from engines.steps import Step

from . import data
from .common import dogs_in_hand, parse_int
from .words import Msg, count, msg


def undecided(state: dict) -> list[int]:
    """Every seat is asked, with or without a dog, so that being asked reveals nothing."""
    return [s for s in range(state["n"]) if state["mull"][s] is None]


def legal(state: dict, seat: int) -> list[str]:
    return [f"mull:{k}" for k in range(dogs_in_hand(state, seat) + 1)]


def choose(state: dict, seat: int, action: str, events: list[Event]) -> None:
    own(state, "mull")[seat] = parse_int(action, "mull")
    if not undecided(state):
        state["phase"] = "deal"


def label(state: dict, seat: int, action: str) -> Msg:
    k = parse_int(action, "mull")
    return msg("label.keep") if k == 0 else count("label.mull", k)


def prompt(state: dict, seat: int) -> Msg:
    return msg("prompt.mulligan")


def deal(state: dict, events: list[Event]) -> None:
    """Resolve the mulligan in seat order (replacements from the top of the draw pile), shuffle
    the returned dogs into the draw pile and start play."""
    returned: list[int] = []
    draw = own(state, "draw")
    for seat in range(state["n"]):
        k = state["mull"][seat] or 0
        if not k:
            continue
        hand = own(state, "hands", seat)
        dogs = [c for c in hand if data.KIND[c] == "d"][:k]
        drawn = []
        for dog in dogs:
            hand.remove(dog)
            returned.append(dog)
            if draw:
                card = draw.pop()
                hand.append(card)
                drawn.append(card)
        data.sort_cards(hand)
        events.append(
            Event(
                msg(
                    "returns",
                    p=seat,
                    dogs=count("n_dogs", k).to_json(),
                    cards=count("n_new_cards", len(drawn)).to_json(),
                )
            )
        )
        if drawn:
            events.append(Event(msg("drew", cards=drawn), (seat,)))
    if returned:
        draw += returned
        rng.shuffle(state, draw)
        events.append(Event(msg("shuffled")))
    state["mull"] = [None] * state["n"]
    state["phase"] = "play"
    events.append(Event(msg("start", p=state["turn"])))


# A secret choice stays secret until every seat has chosen: undoable until then (the last
# choice runs the ``deal``, which draws and shuffles: revealing, like every automatic step).
DECIDE = Step(
    actors=undecided, legal=legal, apply=choose, label=label, prompt=prompt, reveals=False
)
DEAL = Step(auto=deal)
