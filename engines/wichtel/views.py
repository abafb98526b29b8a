"""What each seat may see: one function of (state, seat). The spectator (None) sees only the
public board; a seat adds its own retinue, event hand, face-down bribe and exchange pick. Who
acts and the prompt come from the step table (``WichtelEngine.to_act`` / ``prompt``)."""

from __future__ import annotations

from ..words import Msg
from .data import LEP_NAME, RETINUE_SIZE, SPECIAL_CARDS, WAHLLEITER_SIDE
from .flow import bribe_order, last_rows
from .scoring import breakdown
from .words import msg


def _stack(s: dict, side: str) -> dict:
    drawing = (s["dir"] == 1) == (side == "left")
    return {"role": "draw" if drawing else "discard", "count": len(s[side + "_stack"])}


def public_events(s: dict, seat: int) -> int:
    """Event cards a seat is seen to hold: a face-down bribe still counts (it may be a pass)."""
    count = len(s["ev"][seat])
    enl = s["enl"]
    if enl and enl["bids"] and enl["bids"][seat]:
        count += 1
    return count


def view(s: dict, seat: int | None, to_act: list[int], prompt: Msg | None) -> dict:
    """``to_act`` and ``prompt`` (what is being decided now) are the step table's; the view
    holds the prompt's JSON form."""
    n = s["n"]
    if s["over"]:
        prompt = msg("prompt.over", p=s["totals"].index(max(s["totals"])))
    left, right = _stack(s, "left"), _stack(s, "right")
    v = {
        "game": "wichtel",
        "seat": seat,
        "num_players": n,
        "round": s["round"],
        "dealer": s["dealer"],
        "active": s["active"],
        "phase": s["phase"],
        "to_act": list(to_act),
        "prompt": prompt.to_json() if prompt is not None else None,
        "target": s["target"],
        "scores": list(s["totals"]),
        "totals": list(s["totals"]),
        "square": list(s["square"]),
        "square_names": [LEP_NAME[c] if c else None for c in s["square"]],
        "walk_direction": "right" if s["dir"] == 1 else "left",
        "left_stack": left,
        "right_stack": right,
        "draw_count": left["count"] if left["role"] == "draw" else right["count"],
        "discard_count": right["count"] if left["role"] == "draw" else left["count"],
        "pending_walk": {"reverse": s["back"], "stand_still": s["stand"]},
        "wahlleiter": s["wahlleiter"],
        "wahlleiter_side": WAHLLEITER_SIDE[s["wahlleiter"]],
        "retinue_sizes": [len(r) for r in s["ret"]],
        "event_counts": [public_events(s, i) for i in range(n)],
        "events_used": list(s["ev_used"]),
        "events_aside": len(s["ev_aside"]),
        "exchange": None,
        "enlist": None,
        "fill": s["fill"] and dict(s["fill"]),
        "offer": s["offer"][0] if s["phase"] == "endround" else None,
        "last_round": s["last"]
        and {
            "round": s["last"]["round"],
            "ended_by": s["last"]["ended_by"],
            "rows": last_rows(s["last"]),
        },
        "over": s["over"],
        "winners": [s["totals"].index(max(s["totals"]))] if s["over"] else [],
        "bribe_mode": s["bribes"],
    }
    if s["ex"]:
        picks = s["ex"]["picks"]
        v["exchange"] = {
            "from": s["active"],
            "to": s["ex"]["to"],
            "decided": [i for i in range(n) if picks[i] is not None],
        }
    enl = s["enl"]
    if enl:
        v["enlist"] = {
            "enlister": s["active"],
            "pos": enl["pos"],
            "card": enl["card"],
            "card_name": LEP_NAME[enl["card"]],
            "decided": (
                [i for i, b in enumerate(enl["bids"]) if b is not None and i != s["active"]]
                if enl["bids"]
                else None
            ),
            "bribes": enl["shown"],
            "top": enl["top"],
            "top_card": enl["top_card"],
            "nixda": enl["nixda"],
            "rolls": list(enl["rolls"]),
            "need": enl["need"],
            "order": bribe_order(s),
            # in turns the table sees who laid a card face down (not which); together it does not
            "laid": (
                [i for i in bribe_order(s) if enl["bids"][i]]
                if enl["bids"] and s["bribes"] == "turns"
                else None
            ),
        }
    if seat is not None:
        v["retinue"] = sorted(s["ret"][seat])
        v["events"] = sorted(s["ev"][seat])
        v["my_bribe"] = enl["bids"][seat] if enl and enl["bids"] else None
        v["my_pick"] = s["ex"]["picks"][seat] if s["ex"] else None
        # what the retinue would score if the round ended now (None while it holds 5 cards)
        own = s["ret"][seat]
        v["retinue_score"] = breakdown(own) if len(own) == RETINUE_SIZE else None
        # special scoring cards this seat can see: in its retinue or on the square
        seen = set(own) | {c for c in s["square"] if c}
        v["special_cards"] = [c for c in SPECIAL_CARDS if c in seen]
    return v
