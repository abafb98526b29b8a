"""The Korrigans Engine subclass: glue between the contract and the rules modules."""
from __future__ import annotations

from engines.base import Engine, Event, State

from . import flow, scoring, text, views
from .data import RAINBOW
from .maps import map_names
from .determinize import determinize as _determinize
from .setup import new_state


class KorrigansEngine(Engine):
    name = "korrigans"
    title = "Korrigans"
    min_players = 2
    max_players = 5
    summary = ("Gather Clover tokens with your two Korrigans, moving with the Companions you "
               "hold (Hare, Bird, Squirrel, Mouse, Mole, Frog). When the 7th colour of the "
               "rainbow is drawn the Cauldron of Gold appears: one last turn to reach it. Most "
               "gold wins.")
    options = {"placement": "standard", "map": "standard"}
    option_help = {
        "placement": "standard: each Korrigan starts on a field marked with your player number; "
                     "advanced: place your Korrigans on any field (board side without icons).",
        "map": "which map file to play on.",
    }
    option_choices = {"placement": ["standard", "advanced"], "map": map_names()}

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> State:
        opts = self.check_setup(num_players, options)
        st = new_state(num_players, seed, opts)
        events: list[Event] = []
        flow.advance(st, events)
        return st

    def to_act(self, state: State) -> list[int]:
        return flow.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return flow.legal_actions(state, seat)

    def describe(self, state: State, seat: int, action: str) -> str:
        return flow.describe(state, seat, action)[:80]

    def _apply(self, state: State, seat: int, action: str, events: list[Event]) -> None:
        flow.apply_action(state, seat, action, events)

    def determinize(self, state, seat, rng):
        return _determinize(state, seat, rng)

    def view(self, state: State, seat: int | None) -> dict:
        return views.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        return [scoring.score(state, s) for s in range(state["n"])]

    def winners(self, state: State) -> list[int]:
        return scoring.winners(state) if self.is_over(state) else []

    def result_note(self, state: State) -> str:
        return text.result_note(views.view(state, None)) if self.is_over(state) else ""

    def inventory(self, state: State) -> dict[str, int]:
        inv: dict[str, int] = {}

        def add(key: str, n: int = 1) -> None:
            inv[key] = inv.get(key, 0) + n

        st = state
        for zone in (st["tok"], st["hid"], st["shown"], st["sac"], st["disc"]):
            for pile in zone:
                for k in pile:
                    add("token:" + k)
        for k in st["box_tok"]:
            add("token:" + k)
        for k in st["men"]:
            if k is not None:
                add("menhir:" + k)
        for pile in st["kept"]:
            for k in pile:
                add("menhir:" + k)
        for k in st["box_men"] + st["gone_men"]:
            add("menhir:" + k)
        for kind in ("elf", "goblin"):
            add(kind, st["supply"][kind] + st["out"][kind]
                + sum(1 for c in st["carry"] if c == kind)
                # a Goblin being handed over waits in its "goblin" step
                + sum(1 for step in st["stack"] if kind == "goblin" == step["k"]))
        add("backup", st["bk_supply"] + sum(1 for b in st["backup"] if b is not None))
        placed = [x for x in st["suns"] + st["clouds"] + [st["held"]] if x is not None]
        for c in st["bag"] + st["aside"] + placed:
            add("pawn:" + RAINBOW[c])
        add("korrigan", len(st["pos"]))
        return inv

    def board_text(self, view: dict) -> str:
        return text.board_text(view)

    def hand_text(self, view: dict) -> str:
        return text.hand_text(view)
