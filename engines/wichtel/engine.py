"""The Engine subclass: dispatches each phase of a move to its rules module."""
from __future__ import annotations

from ..base import Engine, State
from . import enlist, moves, text, views
from .data import (EV_COUNT, EV_NAME, LEP_COUNT, LEP_NAME, TARGET, TARGET_CHOICES, VALUE)
from .determinize import determinize as _determinize
from .setup import new_state

# phase -> (legal actions of an acting seat, apply)
PHASES = {
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
    options = {"target": TARGET}
    option_help = {"target": "Total that ends the game after a round's scoring (rulebook: 99)."}
    option_choices = {"target": list(TARGET_CHOICES)}

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
            return f"Call: discard {LEP_NAME[arg]} {VALUE[arg]}, draw a new one"
        if kind == "exchange":
            return f"Exchange a leprechaun with {{p{arg}}}"
        if kind == "enlist":
            code = state["sq"][int(arg)]
            return f"Enlist {LEP_NAME[code]} {VALUE[code]} (place {int(arg) + 1})"
        if kind == "play":
            return f"Play {EV_NAME[arg]}"
        if kind == "give":
            return f"Hand over {LEP_NAME[arg]} {VALUE[arg]}"
        if kind == "fill":
            return f"Put {LEP_NAME[arg]} {VALUE[arg]} into the gap"
        if kind == "bribe":
            return f"Bribe with {EV_NAME[arg]}"
        if kind == "to":
            return f"Give the leprechaun to {{p{arg}}}"
        labels = {
            "pass": "No bribe", "roll": "Roll the die", "nixda": "Play Nix da!",
            "reroll": "Play Ich guck nochmal! (roll again)", "endround": "End the round now",
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
