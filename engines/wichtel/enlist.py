"""Enlisting: face-down bribes (one after another, or everyone at once: option ``bribes``), the
reveal, "Nix da!", the die roll, "Ich guck nochmal!", "Der bin der Beste!" and who receives the
leprechaun."""
from __future__ import annotations

from .. import rng
from ..base import Event
from .data import (BRIBE_NEED, BRIBE_RANK, DIE_SIDES, EV_NAME, GIVE_AWAY, LEP_NAME, NIX_DA,
                   NO_BRIBE_NEED, REROLL, TAKE_BRIBES)
from .flow import enter_end, take_from_square


def start_enlist(s: dict, seat: int, pos: int, events: list) -> None:
    n = s["n"]
    card = s["sq"][pos]
    # "" = no bribe from this seat: the enlister, and seats without any event card (public).
    bids = [None if i != seat and s["ev"][i] else "" for i in range(n)]
    s["enl"] = {"pos": pos, "card": card, "bids": bids, "shown": None, "top": None,
                "top_card": None, "nixda": False, "rolls": [], "need": None, "rerolled": False}
    s["phase"] = "bribe"
    how = ("one after another from the left" if s["bribes"] == "turns" else "all at once")
    events.append(Event(f"{{p{seat}}} puts the die on {LEP_NAME[card]} (place {pos + 1}) to "
                        f"enlist it. The others may offer a bribe face down, {how}."))
    if None not in bids:
        reveal(s, events)


# --- bribes: face down, in turn (rulebook) or all at once --------------------------------------
def bribe_order(s: dict) -> list[int]:
    """The other seats clockwise from the enlister's left: the order of play and of ties."""
    a, n = s["active"], s["n"]
    return [(a + k) % n for k in range(1, n)]


def bribe_seats(s: dict) -> list[int]:
    """Who decides now: in turns the first undecided seat in order; together all undecided."""
    bids = s["enl"]["bids"]
    waiting = [i for i in bribe_order(s) if bids[i] is None]
    if s["bribes"] == "turns":
        return waiting[:1]
    return sorted(waiting)


def bribe_legal(s: dict, seat: int) -> list[str]:
    return sorted(["pass"] + ["bribe:" + c for c in set(s["ev"][seat]) if c in BRIBE_RANK])


def bribe_act(s: dict, seat: int, action: str, events: list) -> None:
    bids = s["enl"]["bids"]
    turns = s["bribes"] == "turns"
    if action == "pass":
        bids[seat] = ""
        events.append(Event("You offer no bribe.", (seat,)))
        if turns:       # the table sees that no card was laid
            events.append(Event(f"{{p{seat}}} lays no card."))
    else:
        card = action.partition(":")[2]
        s["ev"][seat].remove(card)
        bids[seat] = card
        events.append(Event(f"You offer {EV_NAME[card]} face down.", (seat,)))
        if turns:       # the table sees that a card was laid, not which
            events.append(Event(f"{{p{seat}}} lays a card face down."))
    if None not in bids:
        reveal(s, events)


def top_bribe(bids: list, enlister: int) -> int | None:
    """The seat of the highest bribe; on equal cards the one played last (clockwise order)."""
    n = len(bids)
    top = None
    for k in range(1, n):
        i = (enlister + k) % n
        bid = bids[i]
        if bid and (top is None or BRIBE_RANK[bid] >= BRIBE_RANK[bids[top]]):
            top = i
    return top


def reveal(s: dict, events: list) -> None:
    enl, a, n = s["enl"], s["active"], s["n"]
    bids = enl["bids"]
    top = top_bribe(bids, a)
    enl["shown"] = list(bids)
    enl["bids"] = None
    for i, bid in enumerate(bids):
        if bid and i != top:
            s["ev"][i].append(bid)          # not the top bribe: back to its owner's hand
    enl["top"] = top
    enl["top_card"] = bids[top] if top is not None else None
    parts = []
    for k in range(1, n):
        i = (a + k) % n
        parts.append(f"{{p{i}}}: {EV_NAME[bids[i]] if bids[i] else 'no bribe'}")
    if top is None:
        events.append(Event("Bribes revealed: nobody offers a bribe (" + "; ".join(parts) + ")."))
        roll(s, events)
        return
    events.append(Event("Bribes revealed: " + "; ".join(parts)
                        + f". Top bribe: {EV_NAME[bids[top]]} from {{p{top}}}."))
    if s["ev"][a]:
        s["phase"] = "respond"      # asked whenever he holds any event card: reveals nothing
    else:
        proceed(s, events)


# --- the enlister answers the top bribe: "Nix da!" or go on ----------------------------------
def respond_legal(s: dict, seat: int) -> list[str]:
    acts = ["roll" if s["enl"]["top_card"] in BRIBE_NEED else "accept"]
    if NIX_DA in s["ev"][seat]:
        acts.append("nixda")
    return sorted(acts)


def respond_act(s: dict, seat: int, action: str, events: list) -> None:
    enl = s["enl"]
    if action == "nixda":
        s["ev"][seat].remove(NIX_DA)
        s["ev_used"] += [NIX_DA, enl["top_card"]]
        events.append(Event(f"{{p{seat}}} plays Nix da! against {EV_NAME[enl['top_card']]}: both "
                            "are discarded; only a 1 fails now."))
        enl["top_card"] = None
        enl["nixda"] = True
        roll(s, events)
        return
    proceed(s, events)


def proceed(s: dict, events: list) -> None:
    enl = s["enl"]
    card = enl["top_card"]
    if card in TAKE_BRIBES:
        s["ev_used"].append(card)
        enl["top_card"] = None
        if card == GIVE_AWAY:
            s["phase"] = "dbgive"
            events.append(Event(f"Der bin der Beste!: {{p{enl['top']}}} wins "
                                f"{LEP_NAME[enl['card']]} and must give it to another player."))
        else:
            events.append(Event(f"Ich bin der Beste!: {{p{enl['top']}}} wins "
                                f"{LEP_NAME[enl['card']]} without a roll."))
            finish(s, enl["top"], events)
        return
    roll(s, events)


# --- the die -------------------------------------------------------------------------------------
def roll(s: dict, events: list) -> None:
    enl, a = s["enl"], s["active"]
    card = enl["top_card"]
    need = BRIBE_NEED[card] if card else NO_BRIBE_NEED
    pips = rng.roll(s, DIE_SIDES)
    enl["rolls"].append(pips)
    enl["need"] = need
    ok = pips >= need
    events.append(Event(f"{{p{a}}} rolls {pips} (needs {need} or more): "
                        + ("success." if ok else "failed.")))
    if ok:
        spend_top(s)
        finish(s, a, events)
    elif s["ev"][a] and not enl["rerolled"]:
        s["phase"] = "reroll"       # asked whenever he holds any event card: reveals nothing
    else:
        failed(s, events)


def reroll_legal(s: dict, seat: int) -> list[str]:
    return ["accept", "reroll"] if REROLL in s["ev"][seat] else ["accept"]


def reroll_act(s: dict, seat: int, action: str, events: list) -> None:
    if action == "reroll":
        s["ev"][seat].remove(REROLL)
        s["ev_used"].append(REROLL)
        s["enl"]["rerolled"] = True
        events.append(Event(f"{{p{seat}}} plays Ich guck nochmal! and rolls again."))
        roll(s, events)
    else:
        failed(s, events)


def spend_top(s: dict) -> None:
    enl = s["enl"]
    if enl["top_card"]:
        s["ev_used"].append(enl["top_card"])
        enl["top_card"] = None


def failed(s: dict, events: list) -> None:
    enl = s["enl"]
    if enl["top_card"]:
        spend_top(s)
        finish(s, enl["top"], events)
        return
    events.append(Event(f"{LEP_NAME[enl['card']]} is insulted by the lousy offer and stays on "
                        "the Village Square."))
    s["enl"] = None
    enter_end(s, events)


def finish(s: dict, seat: int, events: list) -> None:
    pos = s["enl"]["pos"]
    s["enl"] = None
    take_from_square(s, seat, pos, events)


# --- "Der bin der Beste!": the winner names the receiver -----------------------------------
def dbgive_legal(s: dict, seat: int) -> list[str]:
    return [f"to:{t}" for t in range(s["n"]) if t != seat]


def dbgive_act(s: dict, seat: int, action: str, events: list) -> None:
    target = int(action.partition(":")[2])
    events.append(Event(f"{{p{seat}}} gives {LEP_NAME[s['enl']['card']]} to {{p{target}}}, who "
                        "cannot refuse."))
    finish(s, target, events)
