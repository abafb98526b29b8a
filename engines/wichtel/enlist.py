"""Enlisting: the die on a square card (step "enlist"), face-down bribes (one after another, or
everyone at once: option ``bribes``; step "bribe"), the reveal, "Nix da!" (step "respond"), the
die roll, "Ich guck nochmal!" (step "reroll"), "Der bin der Beste!" (step "dbgive") and who
receives the leprechaun."""

from __future__ import annotations

from .. import rng
from ..base import Event, own
from ..words import Msg
from .data import (
    BRIBE_NEED,
    BRIBE_RANK,
    DIE_SIDES,
    GIVE_AWAY,
    NIX_DA,
    NO_BRIBE_NEED,
    REROLL,
    TAKE_BRIBES,
)
from .flow import bribe_order, enter_end, take_from_square
from .words import msg


def start_enlist(s: dict, events: list) -> None:
    """Step "enlist": the mover puts the die on the square card at ``s["enl"]["pos"]``."""
    n, seat, pos = s["n"], s["active"], s["enl"]["pos"]
    card = s["square"][pos]
    # "" = no bribe from this seat: the enlister, and seats without any event card (public).
    bids = [None if i != seat and s["ev"][i] else "" for i in range(n)]
    s["enl"] = {
        "pos": pos,
        "card": card,
        "bids": bids,
        "shown": None,
        "top": None,
        "top_card": None,
        "nixda": False,
        "rolls": [],
        "need": None,
        "rerolled": False,
    }
    s["phase"] = "bribe"
    events.append(Event(msg("enlist", p=seat, card=card, place=pos + 1, mode=s["bribes"])))
    if None not in bids:
        reveal(s, events)


# --- bribes: face down, in turn (rulebook) or all at once --------------------------------------
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
        events.append(Event(msg("offer_none"), (seat,)))
        if turns:  # the table sees that no card was laid
            events.append(Event(msg("lays_no_card", p=seat)))
    else:
        card = action.partition(":")[2]
        own(s, "ev", seat).remove(card)
        bids[seat] = card
        events.append(Event(msg("offer", card=card), (seat,)))
        if turns:  # the table sees that a card was laid, not which
            events.append(Event(msg("lays_card", p=seat)))
    if None not in bids:
        reveal(s, events)


def bribe_prompt(s: dict, seat: int | None) -> Msg:
    card, a = s["enl"]["card"], s["active"]
    if s["bribes"] == "turns":
        return msg("prompt.bribe_turns", p=bribe_seats(s)[0], card=card, enlister=a)
    return msg("prompt.bribe_together", card=card, enlister=a)


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
    enl, a = s["enl"], s["active"]
    bids = enl["bids"]
    top = top_bribe(bids, a)
    enl["shown"] = list(bids)
    enl["bids"] = None
    for i, bid in enumerate(bids):
        if bid and i != top:
            own(s, "ev", i).append(bid)  # not the top bribe: back to its owner's hand
    enl["top"] = top
    enl["top_card"] = bids[top] if top is not None else None
    parts = [
        (msg("bid", p=i, card=bids[i]) if bids[i] else msg("no_bid", p=i)).to_json()
        for i in bribe_order(s)
    ]
    if top is None:
        events.append(Event(msg("revealed_none", bids=parts)))
        roll(s, events)
        return
    events.append(Event(msg("revealed", bids=parts, card=bids[top], top=top)))
    if s["ev"][a]:
        s["phase"] = "respond"  # asked whenever he holds any event card: reveals nothing
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
        own(s, "ev", seat).remove(NIX_DA)
        own(s, "ev_used").extend([NIX_DA, enl["top_card"]])
        events.append(Event(msg("nixda", p=seat, card=enl["top_card"])))
        enl["top_card"] = None
        enl["nixda"] = True
        roll(s, events)
        return
    proceed(s, events)


def respond_prompt(s: dict, seat: int | None) -> Msg:
    enl = s["enl"]
    return msg("prompt.respond", p=s["active"], card=enl["top_card"], top=enl["top"])


def proceed(s: dict, events: list) -> None:
    enl = s["enl"]
    card = enl["top_card"]
    if card in TAKE_BRIBES:
        own(s, "ev_used").append(card)
        enl["top_card"] = None
        if card == GIVE_AWAY:
            s["phase"] = "dbgive"
            events.append(Event(msg("db_wins", p=enl["top"], card=enl["card"])))
        else:
            events.append(Event(msg("ib_wins", p=enl["top"], card=enl["card"])))
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
    events.append(Event(msg("roll_ok" if ok else "roll_failed", p=a, pips=pips, need=need)))
    if ok:
        spend_top(s)
        finish(s, a, events)
    elif s["ev"][a] and not enl["rerolled"]:
        s["phase"] = "reroll"  # asked whenever he holds any event card: reveals nothing
    else:
        failed(s, events)


def reroll_legal(s: dict, seat: int) -> list[str]:
    return ["accept", "reroll"] if REROLL in s["ev"][seat] else ["accept"]


def reroll_act(s: dict, seat: int, action: str, events: list) -> None:
    if action == "reroll":
        own(s, "ev", seat).remove(REROLL)
        own(s, "ev_used").append(REROLL)
        s["enl"]["rerolled"] = True
        events.append(Event(msg("reroll", p=seat)))
        roll(s, events)
    else:
        failed(s, events)


def reroll_prompt(s: dict, seat: int | None) -> Msg:
    enl = s["enl"]
    return msg("prompt.reroll", p=s["active"], pips=enl["rolls"][-1], need=enl["need"])


def spend_top(s: dict) -> None:
    enl = s["enl"]
    if enl["top_card"]:
        own(s, "ev_used").append(enl["top_card"])
        enl["top_card"] = None


def failed(s: dict, events: list) -> None:
    enl = s["enl"]
    if enl["top_card"]:
        spend_top(s)
        finish(s, enl["top"], events)
        return
    events.append(Event(msg("insulted", card=enl["card"])))
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
    events.append(Event(msg("gives", p=seat, card=s["enl"]["card"], to=target)))
    finish(s, target, events)


def dbgive_seat(s: dict) -> list[int]:
    return [s["enl"]["top"]]


def dbgive_prompt(s: dict, seat: int | None) -> Msg:
    return msg("prompt.dbgive", p=s["enl"]["top"], card=s["enl"]["card"])
