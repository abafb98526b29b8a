"""The opening mulligan (ruling 2): every seat decides at once, in secret, how many of its dogs
to return; once all have decided, the ``deal`` step resolves the choices in seat order."""
from __future__ import annotations

from engines import rng
from engines.base import Event
from engines.steps import Step

from . import data
from .common import dogs_in_hand, parse_int


def undecided(state: dict) -> list[int]:
    """Every seat is asked, with or without a dog, so that being asked reveals nothing."""
    return [s for s in range(state["n"]) if state["mull"][s] is None]


def legal(state: dict, seat: int) -> list[str]:
    return [f"mull:{k}" for k in range(dogs_in_hand(state, seat) + 1)]


def choose(state: dict, seat: int, action: str, events: list[Event]) -> None:
    state["mull"][seat] = parse_int(action, "mull")
    if not undecided(state):
        state["phase"] = "deal"


def label(state: dict, seat: int, action: str) -> str:
    k = parse_int(action, "mull")
    return "Keep my cards" if k == 0 else (
        f"Return {k} dog{'s' if k > 1 else ''} and draw {k} new card{'s' if k > 1 else ''}")


def prompt(state: dict, seat: int) -> str:
    return "Players holding a Dog may return it and draw a replacement."


def deal(state: dict, events: list[Event]) -> None:
    """Resolve the mulligan in seat order (replacements from the top of the draw pile), shuffle
    the returned dogs into the draw pile and start play."""
    returned: list[int] = []
    for seat in range(state["n"]):
        k = state["mull"][seat] or 0
        if not k:
            continue
        hand = state["hands"][seat]
        dogs = [c for c in hand if data.KIND[c] == "d"][:k]
        drawn = []
        for dog in dogs:
            hand.remove(dog)
            returned.append(dog)
            if state["draw"]:
                card = state["draw"].pop()
                hand.append(card)
                drawn.append(card)
        hand.sort()
        word = "dog" if k == 1 else "dogs"
        events.append(Event(f"{{p{seat}}} returns {k} {word} and draws {len(drawn)} "
                            f"new card{'s' if len(drawn) != 1 else ''}."))
        if drawn:
            names = ", ".join(data.card_name(c) for c in drawn)
            events.append(Event(f"You drew {names}.", (seat,)))
    if returned:
        state["draw"] += returned
        rng.shuffle(state, state["draw"])
        events.append(Event("The returned dogs are shuffled back into the draw pile."))
    state["mull"] = [None] * state["n"]
    state["phase"] = "play"
    events.append(Event(f"The goats are loose! {{p{state['turn']}}} starts."))


DECIDE = Step(actors=undecided, legal=legal, apply=choose, label=label, prompt=prompt)
DEAL = Step(auto=deal)
