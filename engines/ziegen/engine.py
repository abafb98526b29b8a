"""The Engine subclass: the shared API, delegating to the rules, views and text modules."""
from __future__ import annotations

from engines.base import Engine, IllegalAction

from . import data, geometry, rules, scoring, setup, text, views
from .determinize import determinize


def _short(size: int, cell: int) -> str:
    r, c = divmod(cell, size)
    return f"r{r + 1} c{c + 1}"


def _v1_to_v2(data: dict) -> dict:
    """Version 2 remembers which cards in each hand were taken from the pasture (everyone saw
    them go there). A game stored at version 1 starts remembering from its next take."""
    data["taken"] = [[] for _ in range(data["n"])]
    return data


class ZiegenEngine(Engine):
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
    # v2: ``taken`` (cards each hand took from the pasture, public)
    state_version = 2
    migrations = {1: _v1_to_v2}

    def new_game(self, num_players, seed, options=None):
        opts = self.check_setup(num_players, options)
        return setup.new_state(num_players, seed, opts)

    def to_act(self, state):
        return rules.to_act(state)

    def legal_actions(self, state, seat):
        return rules.legal_actions(state, seat)

    def describe(self, state, seat, action):
        verb, _, arg = action.partition(":")
        size, grid = state["size"], state["grid"]
        try:
            if verb == "mull":
                k = int(arg)
                return "Keep my cards" if k == 0 else (
                    f"Return {k} dog{'s' if k > 1 else ''} and draw {k} new card"
                    f"{'s' if k > 1 else ''}")
            if verb == "play":
                return f"Play {data.card_name(int(arg))}"
            if verb == "dog":
                if arg == "none":
                    return "Drive no goat"
                if arg == "back":
                    return "Pick another goat to drive"
                cell = int(arg)
                return f"Drive {data.card_name(grid[cell])} ({_short(size, cell)})"
            if verb == "swap":
                cell = int(arg)
                card = grid[cell]
                if card < 0:
                    return f"Move to the empty space ({_short(size, cell)})"
                owner = state["mark"][cell]
                label = f"Swap with {data.card_name(card)} ({_short(size, cell)})"
                if owner >= 0 and owner != seat:
                    label = f"Ask {{p{owner}}}: s" + label[1:]
                return label[:80]
            if verb == "consent" and arg in ("yes", "no"):
                src, tgt = state["dog_src"], state["dog_tgt"]
                where = f" ({_short(size, src)} with {_short(size, tgt)})" if tgt >= 0 else ""
                return ("Allow the swap" if arg == "yes" else "Refuse the swap") + where
            if verb == "take":
                cell = int(arg)
                return f"Take {data.card_name(grid[cell])} ({_short(size, cell)})"
        except (ValueError, IndexError):
            pass
        raise IllegalAction(f"{action!r} is not an action of {self.title}.")

    def _apply(self, state, seat, action, events):
        rules.apply_action(state, seat, action, events)

    def view(self, state, seat):
        return views.view(state, seat)

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
                if c >= 0:
                    key = f"card:{c}"
                    inv[key] = inv.get(key, 0) + 1
        pens = sum(1 for c in state["grid"] if c == rules.PEN)
        inv["pen"] = pens
        inv["large_goat"] = len(state["goats"])
        return inv

    def board_text(self, view):
        return text.board_text(view)

    def hand_text(self, view):
        return text.hand_text(view)


__all__ = ["ZiegenEngine", "geometry"]
