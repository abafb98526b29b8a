"""What each seat may see. One function of (state, seat); seat None is the spectator.

Hidden: the hands (except cards revealed at a scoring), the draw pile's order and content, the
cards removed at setup, and each seat's mulligan choice until everyone has chosen.
"""

from __future__ import annotations

from . import data
from .scoring import breakdown, final_scores
from .steps import STEPS
from .words import msg


def _step(state: dict):
    return None if state["phase"] == "over" else STEPS[state["phase"]]


def to_act(state: dict) -> list[int]:
    step = _step(state)
    return [] if step is None else list(step.actors(state))


def legal_actions(state: dict, seat: int) -> list[str]:
    step = _step(state)
    return step.legal(state, seat) if step is not None and seat in step.actors(state) else []


def prompt(state: dict) -> list:
    """What is being decided now, the same for every seat (public), a message's JSON form."""
    step = _step(state)
    message = msg("prompt.over") if step is None else step.prompt(state, state["turn"])
    return message.to_json()


def reserved(state: dict) -> list[list]:
    """[seat, set, count] for small goats set aside for goats still in the draw pile."""
    counts: dict[str, int] = {}
    owner = state["owner"]
    for c in state["draw"]:
        s = data.GOAT_SET[c]
        if s in owner:
            counts[s] = counts.get(s, 0) + 1
    return [[owner[s], s, counts[s]] for s in data.SET_KEYS if s in counts]


def view(state: dict, seat: int | None) -> dict:
    rows = breakdown(state)
    revealed = []
    for s, hand in enumerate(state["hands"]):
        for c in hand:
            if c in state["revealed"]:
                revealed.append([s, c])
    out = {
        "game": "ziegen",
        "seat": seat,
        "n": state["n"],
        "size": state["size"],
        "doubling": state["doubling"],
        "phase": state["phase"],
        "turn": state["turn"],
        "to_act": to_act(state),
        "prompt": prompt(state),
        "grid": list(state["grid"]),
        "mark": list(state["mark"]),
        "pens": list(state["pens"]),
        "goats": list(state["goats"]),
        "played": [list(p) for p in state["played"]],
        "hand_counts": [len(h) for h in state["hands"]],
        "draw_count": len(state["draw"]),
        "box_count": len(state["box"]),
        "discard": list(state["discard"]),
        "owner": dict(state["owner"]),
        "revealed": revealed,
        "reserved": reserved(state),
        "dog_src": state["dog_src"],
        "dog_tgt": state["dog_tgt"],
        "scores": [r["total"] for r in rows],
        "breakdown": rows,
        "over": state["phase"] == "over",
        "end": state["end"],
    }
    if out["over"]:
        scores = final_scores(state)
        best = max(scores)
        out["winners"] = [s for s, p in enumerate(scores) if p == best]
    if seat is not None:
        out["hand"] = list(state["hands"][seat])
        out["mulligan_choice"] = state["mull"][seat]
        out["legal"] = legal_actions(state, seat)
    return out
