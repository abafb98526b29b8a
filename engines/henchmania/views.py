"""What each seat may see. Public: sites, pawns, scores, Reserves, Trumps, the backs of every
hand (their sites), discard piles, the duel. Private: a seat's own hand, its half-made choice of a
card to play, its Nosy parker / Choir boys decision in progress."""

from __future__ import annotations

from .common import dominant, hand_backs, pawn_counts
from .data import SITE_NAMES, SITES, SPOTS
from .duel import attack_value, defence_value, unparried
from .steps import prompt


def _json(message):
    """A message in the JSON form a view holds ("" when nothing is being decided)."""
    return message.to_json() if message is not None else ""


def _duel_view(duel):
    if not duel:
        return None
    return {
        "attacker": duel["a"],
        "defender": duel["d"],
        "attack_weapon": duel["aw"],
        "defence_weapon": duel["dw"],
        "attack_value": attack_value(duel),
        "defence_value": defence_value(duel),
        "attack_dice": list(duel["ad"]),
        "defence_dice": list(duel["dd"]),
        "hits": duel["hits"],
        "cancelled": duel["ap"],
        "unparried": unparried(duel) if duel["st"] in ("w2", "done") else None,
        "stage": duel["st"],
        "tie_duel": duel["tie"],
        "wounds": duel.get("wounds"),
    }


def view(state: dict, seat) -> dict:
    n = state["n"]
    step = state["step"]
    to_act = list(step["s"]) if step and state["phase"] != "over" else []
    sites = []
    for site in SITES:
        sites.append(
            {
                "site": site,
                "name": SITE_NAMES[site],
                "spots": SPOTS[n],
                "pawns": pawn_counts(state, site),
                "order": list(state["board"][site]),
                "dominant": dominant(state, site),
                "deck": len(state["deck"][site]),
                "discard": list(state["disc"][site]),
            }
        )
    players = []
    for s in range(n):
        players.append(
            {
                "seat": s,
                "score": state["score"][s],
                "reserve": sorted(state["res"][s]),
                "rotated": sorted(state["rot"][s]),
                "trump": state["trump"][s],
                "trump_rotated": state["trot"][s],
                "hand_count": len(state["hand"][s]),
                "hand_backs": hand_backs(state["hand"][s]),
                "passed": state["passed"][s],
                "pawns_to_place": state["supply"][s] if state["phase"] == "place" else 0,
                "held_pawns": list(state["held"][s]),
                "played_traitor": state["traitor"][s],
            }
        )
    pstep = None
    if step:
        pstep = {"kind": step["k"], "seats": list(step["s"])}
        for key, out in (("by", "by"), ("c", "card"), ("a", "args"), ("to", "to")):
            if key in step and step["k"] != "arg":
                pstep[out] = step[key]
    v = {
        "game": "henchmania",
        "players_count": n,
        "day": state["day"],
        "days": state["days"],
        "target": state["target"],
        "phase": state["phase"],
        "badge": state["badge"],
        "turn": state["turn"],
        "scores": list(state["score"]),
        "sites": sites,
        "players": players,
        "duel": _duel_view(state["duel"]),
        "last_duel": _duel_view(state["lastduel"]),
        "tie": dict(state["tie"]) if state["tie"] else None,
        "step": pstep,
        "to_act": to_act,
        "prompt": _json(prompt(state)),
        "winners": list(state["result"]) if state["result"] else [],
        "seat": seat,
        "additional_cards": list(state.get("extra", [])),
    }
    if seat is not None:
        v["hand"] = sorted(state["hand"][seat])
        if step and step["k"] == "arg" and seat in step["s"]:
            v["playing"] = {"card": step["c"], "args": list(step["a"])}
        if step and step["k"] == "choir":
            v["choir_choice"] = step["use"][seat]
        for key in ("pick", "keep", "use"):
            if step and key in step:
                v["my_choice"] = step[key][seat]  # a simultaneous decision already made
    return v
