"""The end of a turn (ruling 8): the game ends when the take emptied a row or column of cards,
or when nothing could be taken; else the next seat plays. An automatic step."""

from __future__ import annotations

from engines.base import Event
from engines.steps import Step

from .data import is_card
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
    row_empty = not any(is_card(grid[r * size + k]) for k in range(size))
    col_empty = not any(is_card(grid[k * size + c]) for k in range(size))
    if row_empty or col_empty:
        end_game(state, "row" if row_empty else "column", events)
        return
    state["turn"] = (state["turn"] + 1) % state["n"]
    state["phase"] = "play"


def end_game(state: dict, reason: str, events: list[Event]) -> None:
    state["phase"] = "over"
    state["end"] = reason
    state["dog_src"] = state["dog_tgt"] = -1
    state["refused"] = []
    events.append(Event(msg("over", why=reason, scores=final_scores(state))))


END = Step(auto=end_check)
