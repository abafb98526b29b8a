"""What each seat may see. Public: sites, pawns, scores, Reserves, Trumps, the backs of every
hand (their sites), discard piles, the duel. Private: a seat's own hand, its half-made choice of a
card to play, its Nosy parker / Choir boys decision in progress."""
from __future__ import annotations

from .common import P, dominant, hand_backs, pawn_counts
from .data import SITE_NAMES, SITES, SPOTS, name
from .duel import attack_value, defence_value, unparried


def _duel_view(duel):
    if not duel:
        return None
    return {
        "attacker": duel["a"], "defender": duel["d"],
        "attack_weapon": duel["aw"], "defence_weapon": duel["dw"],
        "attack_value": attack_value(duel), "defence_value": defence_value(duel),
        "attack_dice": list(duel["ad"]), "defence_dice": list(duel["dd"]),
        "hits": duel["hits"], "cancelled": duel["ap"],
        "unparried": unparried(duel) if duel["st"] in ("w2", "done") else None,
        "stage": duel["st"], "tie_duel": duel["tie"], "wounds": duel.get("wounds"),
    }


def prompt(state: dict) -> str:
    step = state["step"]
    if state["phase"] == "over":
        won = state["result"] or []
        return "The game is over: " + " and ".join(P(s) for s in won) + " won."
    if not step:
        return ""
    k = step["k"]
    seats = step["s"]
    who = ", ".join(P(s) for s in seats)
    duel = state["duel"]
    if k == "place":
        return f"{who} sets a Henchman on a site (day {state['day']})."
    if k == "turn":
        return f"{who} plays a card or passes."
    if k == "arg":
        return f"{who} is playing a card."
    if k == "counter":
        return f"{who} may counter the {name(step['c'])} played by {P(step['by'])}."
    if k == "give":
        return f"{who} chooses a Reserve card to give to {P(step['to'])} (Belladonna root)."
    if k == "trim":
        return f"{who} discards a card from an over-full Reserve."
    if k == "brawl":
        return f"Brawl: {who} must each discard a Reserve card."
    if k == "guard":
        return f"{who} may cancel {P(duel['a'])}'s Glove with a Guard, or take up the duel."
    if k == "weapon":
        return f"{who} chooses a weapon for the duel, or bare hands."
    if k == "react":
        roll = "attack" if duel["st"] == "w1" else "defence"
        return f"{who} may react to the {roll} dice ({P(duel['a'])} against {P(duel['d'])})."
    if k == "nosy":
        return f"{who} may keep one card with the Nosy parker."
    if k == "choir":
        return f"{who} decide{'s' if len(seats) == 1 else ''} how many Choir boys to discard."
    return ""


def view(state: dict, seat) -> dict:
    n = state["n"]
    step = state["step"]
    to_act = list(step["s"]) if step and state["phase"] != "over" else []
    sites = []
    for site in SITES:
        sites.append({
            "site": site, "name": SITE_NAMES[site], "spots": SPOTS[n],
            "pawns": pawn_counts(state, site), "order": list(state["board"][site]),
            "dominant": dominant(state, site), "deck": len(state["deck"][site]),
            "discard": list(state["disc"][site]),
        })
    players = []
    for s in range(n):
        players.append({
            "seat": s, "score": state["score"][s],
            "reserve": sorted(state["res"][s]), "rotated": sorted(state["rot"][s]),
            "trump": state["trump"][s], "trump_rotated": state["trot"][s],
            "hand_count": len(state["hand"][s]), "hand_backs": hand_backs(state["hand"][s]),
            "passed": state["passed"][s], "pawns_to_place": state["supply"][s]
            if state["phase"] == "place" else 0,
            "held_pawns": list(state["held"][s]), "played_traitor": state["traitor"][s],
        })
    pstep = None
    if step:
        pstep = {"kind": step["k"], "seats": list(step["s"])}
        for key, out in (("by", "by"), ("c", "card"), ("a", "args"), ("to", "to")):
            if key in step and step["k"] != "arg":
                pstep[out] = step[key]
    v = {
        "game": "henchmania", "players_count": n, "day": state["day"], "days": state["days"],
        "target": state["target"], "phase": state["phase"], "badge": state["badge"],
        "turn": state["turn"], "scores": list(state["score"]), "sites": sites,
        "players": players, "duel": _duel_view(state["duel"]),
        "last_duel": _duel_view(state["lastduel"]),
        "tie": dict(state["tie"]) if state["tie"] else None,
        "step": pstep, "to_act": to_act, "prompt": prompt(state),
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
                v["my_choice"] = step[key][seat]   # a simultaneous decision already made
    return v
