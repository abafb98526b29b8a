"""What each seat may see. One function of (state, seat); seat None is the spectator.

Hidden: the hands (except cards revealed at a scoring), the draw pile's order and content, the
cards removed at setup, and each seat's mulligan choice until everyone has chosen.
"""
from __future__ import annotations

from . import data, geometry
from .rules import legal_actions, to_act
from .scoring import breakdown


def prompt(state: dict) -> str:
    phase, turn, size = state["phase"], state["turn"], state["size"]
    if phase == "over":
        return "The game is over."
    if phase == "mulligan":
        return "Players holding a Dog may return it and draw a replacement."
    if phase == "play":
        return f"{{p{turn}}} plays a card."
    if phase == "dog":
        return f"{{p{turn}}} may drive one of their claimed goats with the dog."
    if phase == "dog_tgt":
        src = state["dog_src"]
        return (f"{{p{turn}}} drives {data.card_name(state['grid'][src])} "
                f"({geometry.cell_label(size, src)}): where to?")
    if phase == "consent":
        src, tgt = state["dog_src"], state["dog_tgt"]
        owner = state["mark"][tgt]
        return (f"{{p{owner}}} decides whether {{p{turn}}} may swap "
                f"{data.card_name(state['grid'][src])} ({geometry.cell_label(size, src)}) with "
                f"{data.card_name(state['grid'][tgt])} ({geometry.cell_label(size, tgt)}).")
    if phase == "take":
        line = geometry.line_label(size, state["goats"][turn])
        return f"{{p{turn}}} takes a card from {line}."
    return ""


def reserved(state: dict) -> list[list[int]]:
    """[seat, set, count] for small goats set aside for goats still in the draw pile."""
    counts: dict[int, int] = {}
    owner = state["owner"]
    for c in state["draw"]:
        s = data.GOAT_SET[c]
        if s >= 0 and owner[s] >= 0:
            counts[s] = counts.get(s, 0) + 1
    return [[owner[s], s, k] for s, k in sorted(counts.items())]


def view(state: dict, seat: int | None) -> dict:
    from .scoring import final_scores

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
        "owner": list(state["owner"]),
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
