"""Phase 3: take a card from the line next to your large goat; the gap is refilled from the draw
pile (a goat of a scored set gets its owner's small goat at once, ruling 6). Then the scoring."""
from __future__ import annotations

from engines.base import Event
from engines.steps import Step

from . import data, geometry
from .common import EMPTY, mover, parse_int, short, takeable


def legal(state: dict, seat: int) -> list[str]:
    return sorted({f"take:{c}" for c in takeable(state, seat)})


def take_card(state: dict, seat: int, action: str, events: list[Event]) -> None:
    cell = parse_int(action, "take")
    grid = state["grid"]
    card = grid[cell]
    grid[cell] = EMPTY
    state["hands"][seat].append(card)
    state["hands"][seat].sort()
    state["took"] = cell
    size = state["size"]
    events.append(Event(f"{{p{seat}}} takes {data.card_name(card)} "
                        f"({geometry.cell_label(size, cell)})."))
    if state["draw"]:
        new = state["draw"].pop()
        grid[cell] = new
        events.append(Event(f"{data.card_name(new)} is turned up from the draw pile into the gap."))
        place_reserved(state, cell, events)
    state["phase"] = "score"


def place_reserved(state: dict, cell: int, events: list[Event]) -> None:
    """A goat of a scored set coming out of the draw pile gets its owner's small goat at once."""
    card = state["grid"][cell]
    s = data.GOAT_SET[card]
    if s >= 0 and state["owner"][s] >= 0:
        owner = state["owner"][s]
        state["mark"][cell] = owner
        events.append(Event(f"{{p{owner}}} places a reserved small goat on {data.card_name(card)}."))


def label(state: dict, seat: int, action: str) -> str:
    cell = parse_int(action, "take")
    return f"Take {data.card_name(state['grid'][cell])} ({short(state['size'], cell)})"


def prompt(state: dict, seat: int) -> str:
    line = geometry.line_label(state["size"], state["goats"][state["turn"]])
    return f"{{p{state['turn']}}} takes a card from {line}."


TAKE = Step(actors=mover, legal=legal, apply=take_card, label=label, prompt=prompt)
