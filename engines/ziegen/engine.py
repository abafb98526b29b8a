"""The Engine subclass: declarations, the step table, and delegation to views and render."""

from __future__ import annotations

from engines.base import IllegalAction
from engines.steps import StepEngine, changed, last_move

from . import data, geometry, render, scoring, setup, upgrade, views
from .common import PEN
from .determinize import determinize
from .steps import STEPS


class ZiegenEngine(StepEngine):
    name = "ziegen"
    title = "Herr der Ziegen"
    min_players = 2
    max_players = 5
    options = {"doubling": "line"}
    option_help = {
        "doubling": "Which claimed cards score double at the end: 'line' = an unbroken straight "
        "run from your pen along its row/column (default); 'chain' = any orthogonal "
        "chain of your cards joined to your pen.",
    }
    option_choices = {"doubling": list(data.DOUBLING_CHOICES)}
    STEPS = STEPS
    layout = setup.LAYOUT
    # 2: stable card ids; 3: ``taken``, the cards each hand took from the pasture (upgrade.py)
    state_version = 3
    migrations = upgrade.MIGRATIONS

    def new_game(self, num_players, seed, options=None):
        opts = self.check_setup(num_players, options)
        state = setup.new_state(num_players, seed, opts)
        self.advance(state, [])
        return state

    def label(self, state, seat, action):
        try:
            return super().label(state, seat, action)
        except (ValueError, IndexError, KeyError, TypeError):
            raise IllegalAction(f"{action!r} is not an action of {self.title}.") from None

    def upgrade_action(self, action, from_version):
        return upgrade.upgrade_action(action, from_version)

    def view(self, state, seat):
        return {**views.view(state, seat), "last": last_move(state)}

    def last_marks(self, state):
        # Kept lists (``setup.LAYOUT``): a move changes them on a copy of its own (``own``),
        # never in place, so the lists themselves are the snapshot.
        return state["grid"], state["mark"], state["goats"]

    def last_at(self, marks, state):
        """``cells``: pasture cells whose card or small goat changed; ``goats``: seats whose
        large goat moved."""
        grid, mark, goats = marks
        now_grid, now_mark, now_goats = state["grid"], state["mark"], state["goats"]
        # A list a move did not change is the same object (``last_marks``): no comparing.
        if mark is now_mark:
            cells = [] if grid is now_grid else changed(grid, now_grid)
        elif grid is now_grid:
            cells = changed(mark, now_mark)
        else:
            cells = sorted({*changed(grid, now_grid), *changed(mark, now_mark)})
        return {"cells": cells, "goats": [] if goats is now_goats else changed(goats, now_goats)}

    def determinize(self, state, seat, rng):
        return determinize(state, seat, rng)

    def is_over(self, state):
        return state["phase"] == "over"

    def scores(self, state):
        return scoring.final_scores(state)

    def inventory(self, state):
        inv: dict[str, int] = {}
        zones = [state["grid"], state["draw"], state["box"], state["discard"]]
        zones += state["hands"] + state["played"]
        for zone in zones:
            for c in zone:
                if data.is_card(c):
                    key = f"card:{c}"
                    inv[key] = inv.get(key, 0) + 1
        inv["pen"] = sum(1 for c in state["grid"] if c == PEN)
        inv["large_goat"] = len(state["goats"])
        return inv

    def board_text(self, view, lang="en"):
        return render.board_text(view, lang)

    def hand_text(self, view, lang="en"):
        return render.hand_text(view, lang)


__all__ = ["ZiegenEngine", "geometry"]
