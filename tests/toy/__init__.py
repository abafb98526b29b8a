"""A tiny game for testing the platform without a real game's rules, kept complete as a real
game is: the path a new game takes (``docs/new-game.md``) stays open.

"Secret Nim": everyone first picks a secret number at the same time (1 or 2), then players take
1 or 2 stones in turn; whoever takes the last stone scores their secret number, others 0.

Its parts are the ones every game has, found the same way (``Engine.part``), only kept here,
in ``tests/toy/``, so that the bot never offers it (``parts``): its board picture
(``picture.py``, with its labels), its guide and card reference (``toy.md``, ``toy_cards.md``)
and their facts (``guide.py``), its slash-command cog (``cog.py``); it declares that it has no
bot knowledge (the generic bots play it). ``registered()`` puts it in ``engines.REGISTRY`` for a
test, as ``engines/__init__.py`` registers a real game, and takes it out again.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import engines
from engines import Engine, Event, rng


class ToyEngine(Engine):
    name = "toy"
    title = "Secret Nim"
    min_players = 2
    max_players = 4
    options = {"pile": 7, "secrets": True}
    option_help = {"pile": "stones at the start", "secrets": "pick secret numbers first"}
    parts = {
        "picture": "tests.toy.picture",
        "bot": None,  # no game knowledge: the generic bots play it
        "guides": "tests.toy",
        "facts": "tests.toy.guide",
        "cog": "tests.toy.cog",
    }

    def new_game(self, num_players, seed, options=None):
        opts = self.check_setup(num_players, options)
        state = {
            "n": num_players,
            "rng": rng.seed_state(seed),
            "pile": opts["pile"],
            "secret": [None if opts["secrets"] else 1] * num_players,
            "turn": 0,
            "winner": None,
        }
        state["turn"] = rng.randbelow(state, num_players)
        return state

    def to_act(self, state):
        if state["winner"] is not None:
            return []
        waiting = [s for s, v in enumerate(state["secret"]) if v is None]
        return waiting or [state["turn"]]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state["secret"][seat] is None:
            return ["secret:1", "secret:2"]
        return [f"take:{k}" for k in (1, 2) if k <= state["pile"]]

    def describe(self, state, seat, action, lang="en"):
        kind, k = action.split(":")
        return f"Pick secret {k}" if kind == "secret" else f"Take {k}"

    def _apply(self, state, seat, action, events):
        kind, k = action.split(":")
        if kind == "secret":
            state["secret"][seat] = int(k)
            events.append(Event(f"You picked {k}.", (seat,)))
            events.append(Event("{p%d} picked a secret number." % seat))
            return
        state["pile"] -= int(k)
        events.append(Event("{p%d} took %s." % (seat, k)))
        if state["pile"] == 0:
            state["winner"] = seat
            events.append(Event("{p%d} took the last stone." % seat))
        else:
            state["turn"] = (seat + 1) % state["n"]

    def view(self, state, seat):
        over = state["winner"] is not None
        picking = any(v is None for v in state["secret"])
        v = {
            "game": self.name,
            "seat": seat,
            "to_act": self.to_act(state),
            "phase": "over" if over else "secret" if picking else "take",
            "prompt": "",
            "scores": self.scores(state) if over else [0] * state["n"],
            "last": None,
            "pile": state["pile"],
            "picked": [s is not None for s in state["secret"]],
        }
        if seat is not None:
            v["secret"] = state["secret"][seat]
        if state["winner"] is not None:  # every secret, as (seat, number) pairs
            v["secret_all"] = [[s, n] for s, n in enumerate(state["secret"])]
        return v

    def determinize(self, state, seat, rng):
        """Other seats' secrets (hidden until the end) are re-drawn; the RNG word too."""
        new = dict(state, secret=list(state["secret"]))
        if state["winner"] is None:
            for s, v in enumerate(state["secret"]):
                if s != seat and v is not None:
                    new["secret"][s] = rng.choice((1, 2))
        new["rng"] = rng.getrandbits(64)
        return new

    def is_over(self, state):
        return state["winner"] is not None

    def scores(self, state):
        return [(state["secret"][s] if s == state["winner"] else 0) for s in range(state["n"])]

    def inventory(self, state):
        """Each seat has two secret tokens, 1 and 2 (one of them picked)."""
        return {f"secret:{s},{n}": 1 for s in range(state["n"]) for n in (1, 2)}

    def spelled(self, component):
        """A secret token ``secret:<seat>,<n>`` is written ``[seat, n]`` in the views."""
        seat, n = component.partition(":")[2].split(",")
        return {component, (int(seat), int(n))}

    def board_text(self, view, lang="en"):
        return f"Pile: {view['pile']} stones"

    def hand_text(self, view, lang="en"):
        return f"Your secret: {view.get('secret')}"


TOY = ToyEngine()


@contextmanager
def registered(engine: Engine = TOY) -> Iterator[Engine]:
    """The toy game in ``engines.REGISTRY`` (and its words in the catalogs) inside the block."""
    engines.register(engine)
    picture = sys.modules.get("tests.toy.picture")
    if picture is not None:  # drawn before, its labels went with an earlier registration
        from pictures.words import labels

        labels(engine.name, picture.LABELS)
    try:
        yield engine
    finally:
        engines.unregister(engine.name)
