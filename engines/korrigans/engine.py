"""The Korrigans Engine subclass: declarations; the turn flow is the ``STEPS`` table of
``steps`` (``step_of``: the top of the decision stack, or the phase's automatic step)."""

from __future__ import annotations

from itertools import compress, count
from operator import is_not

from engines.base import State
from engines.steps import StepEngine, changed, last_move
from engines.words import Msg

from . import final, render, scoring, views
from .common import kid_id, mapof
from .data import RAINBOW
from .determinize import determinize as _determinize
from .maps import map_names
from .setup import LAYOUT, new_state
from .steps import STEPS, step_of

V1_KEYS = {"tok": "tokens", "hid": "hidden", "sac": "sacrificed"}


def _v1_to_v2(data: dict) -> dict:
    """Version 2 spells out version 1's short keys (``V1_KEYS``: the face-down tokens on each
    field, the tokens behind each screen, each seat's sacrificed tokens); each keeps its place
    in the dump, so an upgraded game dumps exactly like one started at version 2. The "sac"
    step and action ids are unchanged."""
    return {V1_KEYS.get(key, key): value for key, value in data.items()}


class KorrigansEngine(StepEngine):
    name = "korrigans"
    title = "Korrigans"
    min_players = 2
    max_players = 5
    summary = (
        "Gather Clover tokens with your two Korrigans, moving with the Companions you "
        "hold (Hare, Bird, Squirrel, Mouse, Mole, Frog). When the 7th colour of the "
        "rainbow is drawn the Cauldron of Gold appears: one last turn to reach it. Most "
        "gold wins."
    )
    options = {"placement": "standard", "map": "standard"}
    option_help = {
        "placement": "standard: each Korrigan starts on a field marked with your player number; "
        "advanced: place your Korrigans on any field (board side without icons).",
        "map": "which map file to play on.",
    }
    option_choices = {"placement": ["standard", "advanced"], "map": map_names()}
    STEPS = STEPS
    layout = LAYOUT
    state_version = 2
    migrations = {1: _v1_to_v2}

    step_of = staticmethod(step_of)  # asked several times a move: no extra call

    def new_game(self, num_players: int, seed: int, options: dict | None = None) -> State:
        opts = self.check_setup(num_players, options)
        st = new_state(num_players, seed, opts)
        self.advance(st, [])  # up to the first decision (a placement)
        return st

    def describe(self, state: State, seat: int, action: str, lang: str = "en") -> str:
        return super().describe(state, seat, action, lang)[:80]

    def prompt(self, state: State, seat: int | None) -> Msg | None:
        if self.is_over(state):
            return final.over_prompt(state)
        return super().prompt(state, seat)

    def determinize(self, state, seat, rng):
        return _determinize(state, seat, rng)

    def view(self, state: State, seat: int | None) -> dict:
        v = views.view(state, seat, self.to_act(state), self.prompt(state, seat))
        v["last"] = last_move(state)
        return v

    def last_marks(self, state: State):
        # The tokens' rows are shared rows (``setup.LAYOUT``): a move replaces the row of a
        # field it changes, never changes it in place, so the rows themselves are the snapshot.
        # The Korrigans' places are kept (replaced when one moves, ``own``): the list itself.
        return state["pos"], state["tokens"].copy(), state["troll"]

    def last_at(self, marks, state: State) -> dict:
        """``korrigans``: the Korrigans that moved; ``fields``: the fields they reached or
        whose face-down tokens changed in number; ``troll``: whether the Troll moved."""
        # Plain loops rather than comprehensions: every move asks this, for one or two places.
        pos, tokens, troll = marks
        now = state["pos"]
        korrigans: list[str] = []
        fields: set[int] = set()
        if pos is not now:
            for k in changed(pos, now):
                korrigans.append(kid_id(k))
                if now[k] is not None:
                    fields.add(now[k])
        piles = state["tokens"]
        # A field whose row is the same list as before kept its tokens (the rows are shared
        # rows, replaced when changed): only the replaced ones are compared.
        if tokens != piles:  # in C, each row's identity first: most moves replace none
            for f in compress(count(), map(is_not, tokens, piles)):
                if len(tokens[f]) != len(piles[f]):
                    fields.add(f)
        letters = mapof(state).letters
        return {
            "korrigans": korrigans,
            "fields": [letters[f] for f in sorted(fields)] if fields else [],
            "troll": troll != state["troll"],
        }

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        return [scoring.score(state, s) for s in range(state["n"])]

    def winners(self, state: State) -> list[int]:
        return scoring.winners(state) if self.is_over(state) else []

    def result_note(self, state: State, lang: str = "en") -> str:
        return render.result_note(self.view(state, None), lang) if self.is_over(state) else ""

    def inventory(self, state: State) -> dict[str, int]:
        inv: dict[str, int] = {}

        def add(key: str, n: int = 1) -> None:
            inv[key] = inv.get(key, 0) + n

        st = state
        for zone in (st["tokens"], st["hidden"], st["shown"], st["sacrificed"], st["disc"]):
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
            add(
                kind,
                st["supply"][kind]
                + st["out"][kind]
                + sum(1 for c in st["carry"] if c == kind)
                # a Goblin being handed over waits in its "goblin" step
                + sum(1 for step in st["stack"] if kind == "goblin" == step["k"]),
            )
        add("backup", st["bk_supply"] + sum(1 for b in st["backup"] if b is not None))
        placed = [x for x in st["suns"] + st["clouds"] + [st["held"]] if x is not None]
        for c in st["bag"] + st["aside"] + placed:
            add("pawn:" + RAINBOW[c])
        add("korrigan", len(st["pos"]))
        return inv

    def board_text(self, view: dict, lang: str = "en") -> str:
        return render.board_text(view, lang)

    def hand_text(self, view: dict, lang: str = "en") -> str:
        return render.hand_text(view, lang)
