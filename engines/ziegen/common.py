"""What several steps share: the grid's markers, small queries and the hand-over to the take.

Imports no phase module (the phase modules import this one), so no two phases know each other.
"""

from __future__ import annotations

from engines.base import Event, IllegalAction

from . import data, geometry
from .words import msg

EMPTY = data.EMPTY
PEN = data.PEN


def mover(state: dict) -> list[int]:
    """The seat whose turn it is (the actors of every step but the mulligan and the consent)."""
    return [state["turn"]]


def parse(action: str, verb: str) -> str:
    """The argument of ``verb:arg``, or IllegalAction when the action is not of that verb."""
    head, sep, arg = action.partition(":")
    if head != verb or not sep:
        raise IllegalAction(f"{action!r} is not an action of Herr der Ziegen.")
    return arg


def parse_int(action: str, verb: str) -> int:
    try:
        return int(parse(action, verb))
    except ValueError:
        raise IllegalAction(f"{action!r} is not an action of Herr der Ziegen.") from None


def card_of(card: str) -> str:
    """``card`` if it is a card of the game, else IllegalAction (for labels of unknown ids)."""
    if card not in data.KIND:
        raise IllegalAction(f"There is no card {card!r} in Herr der Ziegen.")
    return card


def rc(size: int, cell: int) -> dict[str, int]:
    """A cell's row and column, counted from 1, as message parameters ``r`` and ``c``."""
    r, c = divmod(cell, size)
    return {"r": r + 1, "c": c + 1}


def at(state: dict, cell: int) -> list:
    """A cell and what lies on it, as a nested message (JSON form): "Elvis 5 (row 4, col 4)"."""
    card = state["grid"][cell]
    if not data.is_card(card):
        return msg("at.empty", **rc(state["size"], cell)).to_json()
    return msg("at.card", card=card, **rc(state["size"], cell)).to_json()


def line_of(size: int, pos: int) -> dict:
    """The line a large goat at ``pos`` takes from, as parameters ``line`` and ``k``."""
    side, idx, _cell = geometry.edge_info(size)[pos]
    return {"line": "column" if side in ("top", "bottom") else "row", "k": idx + 1}


def spot_of(size: int, pos: int) -> dict:
    """Where a large goat stands: its edge (``side``) and line (``line``, ``k``)."""
    return {"side": geometry.edge_info(size)[pos][0], **line_of(size, pos)}


# --- small queries ---------------------------------------------------------------------------
def dogs_in_hand(state: dict, seat: int) -> int:
    return sum(1 for c in state["hands"][seat] if data.KIND[c] == "d")


def takeable(state: dict, seat: int) -> list[int]:
    grid, mark = state["grid"], state["mark"]
    out = []
    for c in geometry.line_cells(state["size"], state["goats"][seat]):
        card = grid[c]
        if card is not None and card != PEN and mark[c] < 0:  # ``data.is_card``, inlined
            out.append(c)
    return out


def dog_targets(state: dict, seat: int, src: int) -> list[int]:
    """Cells a dog may drive ``seat``'s marked card on ``src`` to: any card or empty space in its
    row/column except pens and cells whose owner already refused this dog."""
    grid, refused = state["grid"], state["refused"]
    return [
        c for c in geometry.cross_cells(state["size"], src) if grid[c] != PEN and c not in refused
    ]


def dog_sources(state: dict, seat: int) -> list[int]:
    mark = state["mark"]
    return [c for c in range(len(mark)) if mark[c] == seat and dog_targets(state, seat, c)]


# --- hand-over ---------------------------------------------------------------------------------
def start_take(state: dict, seat: int, events: list[Event]) -> None:
    """After the play (and the dog): the take, or, when the line offers nothing, straight to the
    scoring (``took`` -1 tells the end step that the game is blocked)."""
    state["dog_src"] = -1
    state["dog_tgt"] = -1
    state["refused"] = []
    if takeable(state, seat):
        state["phase"] = "take"
        return
    # End condition 2: nothing in the line can be taken. The played card still scores.
    events.append(Event(msg("blocked", p=seat, **line_of(state["size"], state["goats"][seat]))))
    state["took"] = -1
    state["phase"] = "score"
