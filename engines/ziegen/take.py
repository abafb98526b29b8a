"""Phase 3: take a card from the line next to your large goat; the gap is refilled from the draw
pile (a goat of a scored set gets its owner's small goat at once, ruling 6). Then the scoring."""

from __future__ import annotations

from engines.base import Event, own
from engines.steps import Step

from . import data
from .common import EMPTY, line_of, mover, parse_int, rc, takeable
from .words import Msg, msg


def legal(state: dict, seat: int) -> list[str]:
    return sorted({f"take:{c}" for c in takeable(state, seat)})


def take_card(state: dict, seat: int, action: str, events: list[Event]) -> None:
    cell = parse_int(action, "take")
    grid = own(state, "grid")
    card = grid[cell]
    grid[cell] = EMPTY
    hand = own(state, "hands", seat)
    hand.append(card)
    data.sort_cards(hand)
    taken = own(state, "taken", seat)
    taken.append(card)  # everyone saw it go into that hand
    data.sort_cards(taken)
    state["took"] = cell
    events.append(Event(msg("takes", p=seat, card=card, **rc(state["size"], cell))))
    if state["draw"]:
        new = own(state, "draw").pop()
        grid[cell] = new
        events.append(Event(msg("turned_up", card=new)))
        place_reserved(state, cell, events)
    state["phase"] = "score"


def place_reserved(state: dict, cell: int, events: list[Event]) -> None:
    """A goat of a scored set coming out of the draw pile gets its owner's small goat at once."""
    card = state["grid"][cell]
    s = data.GOAT_SET[card]
    if s in state["owner"]:
        owner = state["owner"][s]
        own(state, "mark")[cell] = owner
        events.append(Event(msg("reserved", p=owner, card=card)))


def label(state: dict, seat: int, action: str) -> Msg:
    cell = parse_int(action, "take")
    return msg("label.take", card=state["grid"][cell], **rc(state["size"], cell))


def prompt(state: dict, seat: int) -> Msg:
    turn = state["turn"]
    return msg("prompt.take", p=turn, **line_of(state["size"], state["goats"][turn]))


# The gap is refilled from the draw pile, a card nobody knew: never undoable.
TAKE = Step(actors=mover, legal=legal, apply=take_card, label=label, prompt=prompt, reveals=True)
