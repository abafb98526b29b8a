"""The Engine subclass: declarations; the turn flow is the ``STEPS`` table of ``steps``."""

from __future__ import annotations

from ..base import State
from ..steps import StepEngine, changed, last_move
from . import render, views
from .data import BRIBE_MODES, BRIBES, EV_COUNT, LEP_COUNT, TARGET, TARGET_CHOICES
from .determinize import determinize as _determinize
from .setup import LAYOUT, new_state
from .steps import STEPS


def _v1_to_v2(data: dict) -> dict:
    """Version 1 knew one way of bribing (everyone at once): such a game keeps it. The other
    version 2 rules (asking the mover before the opening walk, "Komm mal zurück!" as one
    reversed walk) need no new field and apply from the next step on."""
    data["bribes"] = "together"
    return data


V2_KEYS = {"L": "left_stack", "R": "right_stack", "sq": "square", "wl": "wahlleiter"}


def _v2_to_v3(data: dict) -> dict:
    """Version 3 spells out version 2's short keys (``V2_KEYS``: the left and right leprechaun
    stacks, the Village Square, the Wahlleiter's side "tied"/"free"); each keeps its place in
    the dump, so an upgraded game dumps exactly like one started at version 3."""
    return {V2_KEYS.get(key, key): value for key, value in data.items()}


class WichtelEngine(StepEngine):
    name = "wichtel"
    title = "Der Herr der Wichtel"
    min_players = 3
    max_players = 5
    options = {"target": TARGET, "bribes": BRIBES}
    option_help = {
        "target": "Total that ends the game after a round's scoring (rulebook: 99).",
        "bribes": "turns: one player after another from the enlister's left, each seeing "
        "whether the earlier ones laid a card (rulebook); together: everyone decides "
        "at once, faster for asynchronous play.",
    }
    option_choices = {"target": list(TARGET_CHOICES), "bribes": list(BRIBE_MODES)}
    state_version = 3
    migrations = {1: _v1_to_v2, 2: _v2_to_v3}
    STEPS = STEPS
    layout = LAYOUT

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> State:
        state = new_state(num_players, seed, self.check_setup(num_players, options))
        self.advance(state, [])  # the first deal and the start of the first move
        return state

    def determinize(self, state, seat, rng):
        return _determinize(state, seat, rng)

    def view(self, state: State, seat: int | None) -> dict:
        v = views.view(state, seat, self.to_act(state), self.prompt(state, seat))
        v["last"] = last_move(state)
        return v

    def last_marks(self, state: State):
        # The totals are kept (``setup.LAYOUT``): a move that scores replaces them (``own``), so
        # the list itself is the snapshot; the walk changes the square in place.
        return state["square"].copy(), state["totals"]

    def last_at(self, marks, state: State) -> dict:
        """``square``: places of the Village Square whose card changed (none for a walk, which
        moves every card); ``totals``: seats whose total changed (a round's scoring)."""
        square, totals = marks
        now = state["square"]
        places = changed(square, now) if len(square) == len(now) else []
        walked = len(places) > 2 or len(square) != len(now)
        return {
            "square": [] if walked else places,
            "totals": [] if totals is state["totals"] else changed(totals, state["totals"]),
        }

    def is_over(self, state: State) -> bool:
        return state["over"]

    def scores(self, state: State) -> list[int]:
        return list(state["totals"])

    def winners(self, state: State) -> list[int]:
        if not state["over"]:
            return []
        return [state["totals"].index(max(state["totals"]))]

    def inventory(self, state: State) -> dict[str, int]:
        inv = {code: 0 for code in LEP_COUNT}
        inv.update({"ev_" + code: 0 for code in EV_COUNT})
        zones = [
            state["left_stack"],
            state["right_stack"],
            [c for c in state["square"] if c],
        ] + state["ret"]
        for zone in zones:
            for code in zone:
                inv[code] += 1
        ev_zones = state["ev"] + [state["ev_used"], state["ev_aside"]]
        enl = state["enl"]
        if enl:
            ev_zones.append([b for b in (enl["bids"] or []) if b])
            if enl["top_card"]:
                ev_zones.append([enl["top_card"]])
        for zone in ev_zones:
            for code in zone:
                inv["ev_" + code] += 1
        inv["wahlleiter"] = 1
        inv["die"] = 1
        return inv

    # text from a view lives in ``render``; these keep the Engine contract for the cogs
    def board_text(self, view: dict, lang: str = "en") -> str:
        return render.board_text(view, lang)

    def hand_text(self, view: dict, lang: str = "en") -> str:
        return render.hand_text(view, lang)
