"""The end of a turn (ruling 8): the game ends when the take emptied a row or column of cards,
or when nothing could be taken; else the next seat plays. An automatic step."""

from __future__ import annotations

from engines.base import Event
from engines.steps import Step

from .data import EMPTY, PEN
from .scoring import final_scores
from .words import msg


def end_check(state: dict, events: list[Event]) -> None:
    cell = state["took"]
    if cell < 0:
        end_game(state, "blocked", events)
        return
    state["took"] = -1
    size, grid = state["size"], state["grid"]
    r, c = divmod(cell, size)
    row_empty = _no_card(grid[r * size : (r + 1) * size])
    col_empty = _no_card(grid[c::size])
    if row_empty or col_empty:
        end_game(state, "row" if row_empty else "column", events)
        return
    state["turn"] = (state["turn"] + 1) % state["n"]
    state["phase"] = "play"


def _no_card(cells: list) -> bool:
    """Whether no cell of a row or column holds a card (``data.is_card``): every one is an
    empty space or a pen (counted in C: this runs after every take)."""
    return cells.count(EMPTY) + cells.count(PEN) == len(cells)


def end_game(state: dict, reason: str, events: list[Event]) -> None:
    state["phase"] = "over"
    state["end"] = reason
    state["dog_src"] = state["dog_tgt"] = -1
    state["refused"] = []
    events.append(Event(msg("over", why=reason, scores=final_scores(state))))


END = Step(auto=end_check)
