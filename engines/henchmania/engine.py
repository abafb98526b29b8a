"""The Henchmania Engine: declarations; the turn flow is the ``STEPS`` table (steps.py)."""

from __future__ import annotations

from ..base import GameError
from ..steps import StepEngine, changed, last_move
from .common import hand_over, refill
from .data import (
    ALT_CHOICES,
    ALT_GLOVES,
    ALT_HENCHMEN,
    CARDS,
    DAY_CHOICES,
    DAYS,
    TARGET,
    TARGET_CHOICES,
)
from .determinize import determinize as _determinize
from .render import board_text as _board_text
from .render import hand_text as _hand_text
from .setup import LAYOUT, new_state
from .steps import STEPS
from .steps import prompt as _prompt
from .views import view as _view

# The rulebook names the Additional Cards but prints none of their effects: ours are house rules.
HOUSE_RULES = "Additional Cards, house rule (our effects, not the printed cards): "


class HenchmaniaEngine(StepEngine):
    name = "henchmania"
    title = "Henchmania"
    min_players = 2
    max_players = 5
    options = {
        "days": DAYS,
        "target": TARGET,
        "animals": False,
        "alt_gloves": "none",
        "alt_henchmen": "none",
    }
    STEPS = STEPS
    layout = LAYOUT
    option_help = {
        "days": "Number of days (3 for a quick game, 5 for a long one).",
        "target": "Score that ends the game at the end of a day (30, or 25 for a shorter game).",
        "animals": HOUSE_RULES + "one animal card in every site deck (27 cards a site).",
        "alt_gloves": HOUSE_RULES + "alternative Gloves replacing basic ones: none, all, "
        "random, or the ones you pick joined by + (" + "+".join(ALT_GLOVES) + ").",
        "alt_henchmen": HOUSE_RULES + "alternative Henchmen replacing their base cards: "
        "none, all, random, or the ones you pick joined by + (" + "+".join(ALT_HENCHMEN) + ").",
    }
    option_choices = {
        "days": DAY_CHOICES,
        "target": TARGET_CHOICES,
        "alt_gloves": ALT_CHOICES + list(ALT_GLOVES),
        "alt_henchmen": ALT_CHOICES + list(ALT_HENCHMEN),
    }
    # Options whose value may also be several of their cards joined by "+".
    CARD_PICKS = {"alt_gloves": tuple(ALT_GLOVES), "alt_henchmen": tuple(ALT_HENCHMEN)}

    def check_setup(self, num_players, options):
        """As the base class, plus hand-picked Additional Cards: e.g. alt_gloves=silk+velvet."""
        plain = dict(options or {})
        picks = {
            key: plain.pop(key)
            for key in self.CARD_PICKS
            if isinstance(plain.get(key), str) and "+" in plain[key]
        }
        merged = super().check_setup(num_players, plain)
        for key, value in picks.items():
            allowed = self.CARD_PICKS[key]
            chosen = value.split("+")
            unknown = [c for c in chosen if c not in allowed]
            if unknown or len(set(chosen)) != len(chosen):
                raise GameError(
                    f"Option {key!r}: pick cards from {', '.join(allowed)}, each once, joined by +."
                )
            merged[key] = "+".join(c for c in allowed if c in chosen)
        return merged

    def new_game(self, num_players, seed, options=None):
        opts = self.check_setup(num_players, options)
        state = new_state(num_players, seed, opts)
        hand_over(state, "day")
        self.advance(state, [])
        return state

    def step_of(self, state):
        """Henchmania keeps its step as ``state["step"]["k"]`` (the stored states' layout);
        no step (None) between two days' scoring and at the end of the game."""
        if state["phase"] == "over" or not state["step"]:
            return None
        return state["step"]["k"]

    def describe(self, state, seat, action, lang="en"):
        return super().describe(state, seat, action, lang)[:80]

    def prompt(self, state, seat):
        """What is being decided now (the same for every seat; who won, once it is over)."""
        return _prompt(state)

    def _play(self, state, seat, action, events, trail=None):
        super()._play(state, seat, action, events, trail)
        refill(state, events)

    def last_marks(self, state):
        # The board's rows are shared rows and the scores are kept whole (``setup.LAYOUT``): a
        # move replaces what it changes, never changes it in place, so they are the snapshot.
        return state["board"].copy(), state["score"]

    def last_at(self, marks, state):
        """``sites``: the sites whose pawns changed; ``scores``: seats whose points changed."""
        board, score = marks
        now, now_score = state["board"], state["score"]
        sites = []  # a plain loop: every move asks this (a comprehension costs a call)
        for site, order in board.items():
            if order is not now[site] and order != now[site]:
                sites.append(site)
        return {
            "sites": sites,
            # the same list: no score changed (it is replaced when one does)
            "scores": [] if score is now_score else changed(score, now_score),
        }

    def determinize(self, state, seat, rng):
        return _determinize(state, seat, rng)

    def view(self, state, seat):
        return {**_view(state, seat), "last": last_move(state)}

    def is_over(self, state):
        return state["phase"] == "over"

    def scores(self, state):
        return list(state["score"])

    def winners(self, state):
        if not self.is_over(state):
            return []
        return list(state["result"])

    def inventory(self, state):
        inv = {key: 0 for key in CARDS}
        zones = [state["limbo"]]
        zones += list(state["deck"].values()) + list(state["disc"].values())
        zones += state["hand"] + state["res"]
        zones.append([t for t in state["trump"] if t])
        for zone in zones:
            for card in zone:
                inv[card] += 1
        for seat in range(state["n"]):
            inv["pawn:%d" % seat] = state["supply"][seat]
        for site_pawns in state["board"].values():
            for color in site_pawns:
                inv["pawn:%d" % color] += 1
        for held in state["held"]:
            for color in held:
                inv["pawn:%d" % color] += 1
        return inv

    def board_text(self, view, lang="en"):
        return _board_text(view, lang)

    def hand_text(self, view, lang="en"):
        return _hand_text(view, lang)


ENGINE = HenchmaniaEngine()
