"""A new game, the deal at the start of every round (step "deal") and the start of a move
(step "move"): both are automatic steps."""

from __future__ import annotations

from .. import rng
from ..base import Event, Layout
from .data import DISCARD_START, EV_COUNT, EVENTS_DEALT, LEP_COUNT, PREWALK_CARDS, RETINUE_SIZE
from .walk import walk
from .words import msg

# How the state nests (``engines.base.Layout``): what ``apply`` copies for a move.
LAYOUT = Layout(
    atoms=("n", "target", "bribes", "rng", "round", "dealer", "active", "over", "phase", "dir")
    + ("wahlleiter", "back", "stand"),
    flat=("left_stack", "right_stack", "square"),  # the walk changes them on most moves
    shared=("ret", "ev"),
    deep=("ex", "enl"),
    # What few moves change: replaced whole, or changed on the state's own copy (``own``).
    kept=("last", "lastmove", "totals", "ev_used", "ev_aside", "offer", "fill"),
)


def new_state(num_players: int, seed: int, options: dict) -> dict:
    """A new game, before its first deal (the engine's ``advance`` deals it)."""
    return {
        "n": num_players,
        "target": options["target"],
        "bribes": options["bribes"],
        "rng": rng.seed_state(seed),
        "round": 0,
        "dealer": num_players - 1,
        "active": 0,
        "totals": [0] * num_players,
        "over": False,
        "last": None,
        "phase": "deal",
        "left_stack": [],
        "right_stack": [],
        "dir": 1,
        "square": [],
        "ret": [],
        "ev": [],
        "ev_used": [],
        "ev_aside": [],
        "wahlleiter": "tied",
        "back": False,
        "stand": False,
        "ex": None,
        "enl": None,
        "fill": None,
        "offer": [],
    }


def deal(s: dict, events: list) -> None:
    """Step "deal": shuffle both stacks, deal retinues, square, discard start and events; the
    player left of the dealer moves first."""
    n = s["n"]
    s["round"] += 1
    s["dealer"] = (s["dealer"] + 1) % n if s["round"] > 1 else s["dealer"]
    leps = [code for code, count in LEP_COUNT.items() for _ in range(count)]
    evs = [code for code, count in EV_COUNT.items() for _ in range(count)]
    rng.shuffle(s, leps)
    rng.shuffle(s, evs)
    s["ret"] = [leps[i * RETINUE_SIZE : (i + 1) * RETINUE_SIZE] for i in range(n)]
    pos = n * RETINUE_SIZE
    s["square"] = leps[pos : pos + n]
    pos += n
    s["right_stack"] = leps[pos : pos + DISCARD_START]
    s["left_stack"] = leps[pos + DISCARD_START :]
    s["dir"] = 1
    s["ev"] = [evs[i * EVENTS_DEALT : (i + 1) * EVENTS_DEALT] for i in range(n)]
    s["ev_aside"] = evs[n * EVENTS_DEALT :]
    s["ev_used"] = []
    s["wahlleiter"] = "tied"
    s["back"] = s["stand"] = False
    s["ex"] = s["enl"] = s["fill"] = None
    s["offer"] = []
    events.append(Event(msg("dealt", round=s["round"], dealer=s["dealer"])))
    s["active"] = (s["dealer"] + 1) % n
    s["phase"] = "move"


def start_move(s: dict, events: list) -> None:
    """Step "move": a move begins with the Leprechaun Walk; first the mover may play
    "Stehenbleiben!" or "Komm mal zurück!" for that walk (step "prewalk", see
    ``prewalk_asked``)."""
    seat = s["active"]
    events.append(Event(msg("move", p=seat)))
    if prewalk_asked(s, seat):
        s["phase"] = "prewalk"
        return
    s["phase"] = "main"
    walk(s, events)


def prewalk_asked(s: dict, seat: int) -> bool:
    """Whether the mover is asked before the opening walk. Asking only the holders of
    "Stehenbleiben!" / "Komm mal zurück!" would tell the table who holds them, so everyone is
    asked who might hold one as far as the table can see: a player with any event card, while
    at least one of the two cards is not yet in the public discard."""
    return bool(s["ev"][seat]) and not all(c in s["ev_used"] for c in PREWALK_CARDS)
