"""The Engine subclass: dispatches each phase of a move to its rules module."""
from __future__ import annotations

from ..base import Engine, State
from . import enlist, moves, text, views
from .data import (BRIBE_MODES, BRIBES, EV_COUNT, LEP_COUNT, TARGET, TARGET_CHOICES, ev_label_en,
                   lep_label_en)
from .determinize import determinize as _determinize
from .setup import new_state


def _v1_to_v2(data: dict) -> dict:
    """Version 1 knew one way of bribing (everyone at once): such a game keeps it. The other
    version 2 rules (asking the mover before the opening walk, "Komm mal zurück!" as one
    reversed walk) need no new field and apply from the next step on."""
    data["bribes"] = "together"
    return data

# phase -> (legal actions of an acting seat, apply)
PHASES = {
    "prewalk": (moves.prewalk_legal, moves.prewalk_act),
    "main": (moves.main_legal, moves.main_act),
    "exchange": (moves.exchange_legal, moves.exchange_act),
    "fill": (moves.fill_legal, moves.fill_act),
    "endround": (moves.endround_legal, moves.endround_act),
    "end": (moves.end_legal, moves.end_act),
    "bribe": (enlist.bribe_legal, enlist.bribe_act),
    "respond": (enlist.respond_legal, enlist.respond_act),
    "reroll": (enlist.reroll_legal, enlist.reroll_act),
    "dbgive": (enlist.dbgive_legal, enlist.dbgive_act),
}


class WichtelEngine(Engine):
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
    state_version = 2
    migrations = {1: _v1_to_v2}

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> State:
        return new_state(num_players, seed, self.check_setup(num_players, options))

    def to_act(self, state: State) -> list[int]:
        return views.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        if seat not in views.to_act(state):
            return []
        return PHASES[state["phase"]][0](state, seat)

    def _apply(self, state: State, seat: int, action: str, events: list) -> None:
        PHASES[state["phase"]][1](state, seat, action, events)

    def describe(self, state: State, seat: int, action: str) -> str:
        kind, _, arg = action.partition(":")
        phase = state["phase"]
        if kind == "call":
            return f"Call: discard {lep_label_en(arg)}, draw a new one"
        if kind == "exchange":
            return f"Exchange a leprechaun with {{p{arg}}}"
        if kind == "enlist":
            code = state["sq"][int(arg)]
            return f"Enlist {lep_label_en(code)}, place {int(arg) + 1}"
        if kind == "play":
            when = " before this walk" if phase == "prewalk" else ""
            return f"Play {ev_label_en(arg)}{when}"
        if kind == "give":
            return f"Hand over {lep_label_en(arg)}"
        if kind == "fill":
            return f"Put {lep_label_en(arg)} into the gap"
        if kind == "bribe":
            return f"Bribe with {ev_label_en(arg)}"
        if kind == "to":
            return f"Give the leprechaun to {{p{arg}}}"
        labels = {
            "pass": "No bribe", "roll": "Roll the die", "nixda": f"Play {ev_label_en('nd')}",
            "reroll": f"Play {ev_label_en('ig')}: roll again", "endround": "End the round now",
            "walk": "Let the leprechauns walk",
            "continue": "Go on playing", "done": "End my move",
            "free": "Free the Wahlleiter and end my move",
            "accept": "Accept the roll" if phase == "reroll" else "Let the bribe stand",
        }
        return labels.get(action, action)

    def determinize(self, state, seat, rng):
        return _determinize(state, seat, rng)

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

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
        zones = [state["L"], state["R"], [c for c in state["sq"] if c]] + state["ret"]
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

    def board_text(self, view: dict) -> str:
        return text.board_text(view)

    def hand_text(self, view: dict) -> str:
        return text.hand_text(view)
