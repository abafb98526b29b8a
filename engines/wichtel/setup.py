"""A new game and the deal at the start of every round."""
from __future__ import annotations

from .. import rng
from ..base import Event
from .data import (DISCARD_START, EV_COUNT, EVENTS_DEALT, LEP_COUNT, RETINUE_SIZE)
from .walk import walk


def new_state(num_players: int, seed: int, options: dict) -> dict:
    s = {
        "n": num_players, "target": options["target"], "rng": rng.seed_state(seed),
        "round": 0, "dealer": num_players - 1, "active": 0, "totals": [0] * num_players,
        "over": False, "last": None, "phase": "main",
        "L": [], "R": [], "dir": 1, "sq": [], "ret": [], "ev": [], "ev_used": [], "ev_aside": [],
        "wl": "tied", "back": False, "stand": False,
        "ex": None, "enl": None, "fill": None, "offer": [],
    }
    deal_round(s, [])
    return s


def deal_round(s: dict, events: list) -> None:
    """Shuffle both stacks, deal retinues, square, discard start and events; start the first move."""
    n = s["n"]
    s["round"] += 1
    s["dealer"] = (s["dealer"] + 1) % n if s["round"] > 1 else s["dealer"]
    leps = [code for code, count in LEP_COUNT.items() for _ in range(count)]
    evs = [code for code, count in EV_COUNT.items() for _ in range(count)]
    rng.shuffle(s, leps)
    rng.shuffle(s, evs)
    s["ret"] = [leps[i * RETINUE_SIZE:(i + 1) * RETINUE_SIZE] for i in range(n)]
    pos = n * RETINUE_SIZE
    s["sq"] = leps[pos:pos + n]
    pos += n
    s["R"] = leps[pos:pos + DISCARD_START]
    s["L"] = leps[pos + DISCARD_START:]
    s["dir"] = 1
    s["ev"] = [evs[i * EVENTS_DEALT:(i + 1) * EVENTS_DEALT] for i in range(n)]
    s["ev_aside"] = evs[n * EVENTS_DEALT:]
    s["ev_used"] = []
    s["wl"] = "tied"
    s["back"] = s["stand"] = False
    s["ex"] = s["enl"] = s["fill"] = None
    s["offer"] = []
    events.append(Event(f"Round {s['round']} is dealt ({{p{s['dealer']}}} deals); "
                        "the Wahlleiter is tied up."))
    start_move(s, (s["dealer"] + 1) % n, events)


def start_move(s: dict, seat: int, events: list) -> None:
    s["active"] = seat
    s["phase"] = "main"
    events.append(Event(f"{{p{seat}}}'s move."))
    walk(s, events)
