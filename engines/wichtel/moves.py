"""The mover's steps: before the walk ("prewalk"), calling / exchanging / enlisting ("main"),
the exchange picks ("exchange"), filling a gap ("fill"), the round-end offer ("endround") and
the end of the move ("end"), with the village cards. Enlisting hands over to step "enlist"."""

from __future__ import annotations

from ..base import Event, own
from ..words import Msg
from .data import PREWALK_CARDS, VILLAGE_CARDS
from .flow import end_round, enter_end, next_move, received
from .walk import discard_stack, draw_card, walk
from .words import msg


# --- prewalk: "Stehenbleiben!" / "Komm mal zurück!" before the opening walk ------------------
def prewalk_legal(s: dict, seat: int) -> list[str]:
    return sorted(["walk"] + ["play:" + c for c in set(s["ev"][seat]) if c in PREWALK_CARDS])


def prewalk_act(s: dict, seat: int, action: str, events: list) -> None:
    if action.startswith("play:"):
        play_village(s, seat, action[5:], events)  # the mover still says "walk" afterwards
        return
    s["phase"] = "main"
    walk(s, events)


def prewalk_prompt(s: dict, seat: int | None) -> Msg:
    return msg("prompt.prewalk", p=s["active"])


# --- main: the three moves, and village cards at the start of the move --------------------------
def main_legal(s: dict, seat: int) -> list[str]:
    n, a = s["n"], s["active"]
    acts = ["call:" + c for c in set(s["ret"][a])]
    acts += [f"exchange:{t}" for t in range(n) if t != a]
    acts += [f"enlist:{i}" for i in range(len(s["square"]))]
    acts += ["play:" + c for c in set(s["ev"][a]) if c in VILLAGE_CARDS]
    return sorted(acts)


def main_act(s: dict, seat: int, action: str, events: list) -> None:
    kind, _, arg = action.partition(":")
    if kind == "play":
        play_village(s, seat, arg, events)
    elif kind == "call":
        retinue = own(s, "ret", seat)
        retinue.remove(arg)
        discard_stack(s).append(arg)
        card = draw_card(s, events)
        retinue.append(card)
        events.append(Event(msg("call", p=seat)))
        events.append(Event(msg("called", card=arg, drawn=card), (seat,)))
        received(s, [seat], events)
    elif kind == "exchange":
        target = int(arg)
        s["ex"] = {"to": target, "picks": [None] * s["n"]}
        s["phase"] = "exchange"
        events.append(Event(msg("exchange", p=seat, to=target)))
    elif kind == "enlist":
        s["enl"] = {"pos": int(arg)}  # step "enlist" puts the die on it
        s["phase"] = "enlist"


def main_prompt(s: dict, seat: int | None) -> Msg:
    return msg("prompt.main", p=s["active"])


def play_village(s: dict, seat: int, card: str, events: list) -> None:
    own(s, "ev", seat).remove(card)
    own(s, "ev_used").append(card)
    events.append(Event(msg("play_" + card, p=seat)))
    if card == "kh":
        walk(s, events)
    elif card == "kz":
        s["back"] = True
    else:
        s["stand"] = True


# --- exchange: both pick a card face down ----------------------------------------------------
def exchange_seats(s: dict) -> list[int]:
    picks = s["ex"]["picks"]
    return sorted(i for i in (s["active"], s["ex"]["to"]) if picks[i] is None)


def exchange_legal(s: dict, seat: int) -> list[str]:
    return sorted("give:" + c for c in set(s["ret"][seat]))


def exchange_act(s: dict, seat: int, action: str, events: list) -> None:
    card = action.partition(":")[2]
    ex = s["ex"]  # a deep key (``setup.LAYOUT``): the state's own copy
    ex["picks"][seat] = card
    events.append(Event(msg("hand_over", card=card), (seat,)))
    a, t = s["active"], ex["to"]
    if ex["picks"][a] is None or ex["picks"][t] is None:
        return
    give, back = ex["picks"][a], ex["picks"][t]
    own(s, "ret", a).remove(give)
    own(s, "ret", t).remove(back)
    s["ret"][a].append(back)
    s["ret"][t].append(give)
    s["ex"] = None
    events.append(Event(msg("exchanged", p=a, to=t)))
    events.append(Event(msg("received_from", card=back, p=t), (a,)))
    events.append(Event(msg("received_from", card=give, p=a), (t,)))
    received(s, [a, t], events)


def exchange_prompt(s: dict, seat: int | None) -> Msg:
    return msg("prompt.exchange", p=s["active"], to=s["ex"]["to"])


# --- fill: whoever received a square card puts another one into the gap ------------------------
def fill_seat(s: dict) -> list[int]:
    return [s["fill"]["seat"]]


def fill_legal(s: dict, seat: int) -> list[str]:
    fill = s["fill"]
    hand = list(s["ret"][seat])
    hand.remove(fill["card"])  # the card just received may not go back
    return sorted("fill:" + c for c in set(hand))


def fill_act(s: dict, seat: int, action: str, events: list) -> None:
    card = action.partition(":")[2]
    fill = s["fill"]
    own(s, "ret", seat).remove(card)
    s["square"][fill["pos"]] = card
    s["fill"] = None
    events.append(Event(msg("fill", p=seat, card=card, place=fill["pos"] + 1)))
    received(s, [seat], events)


def fill_prompt(s: dict, seat: int | None) -> Msg:
    return msg("prompt.fill", p=s["fill"]["seat"])


# --- round-end offer ----------------------------------------------------------------------------
def endround_seat(s: dict) -> list[int]:
    return [s["offer"][0]]


def endround_legal(s: dict, seat: int) -> list[str]:
    return ["continue", "endround"]


def endround_act(s: dict, seat: int, action: str, events: list) -> None:
    if action == "endround":
        end_round(s, seat, events)
        return
    own(s, "offer").pop(0)
    if not s["offer"]:
        enter_end(s, events)


def endround_prompt(s: dict, seat: int | None) -> Msg:
    return msg("prompt.endround", p=s["offer"][0])


# --- end of the move -----------------------------------------------------------------------
def end_legal(s: dict, seat: int) -> list[str]:
    acts = ["done"]
    if s["wahlleiter"] == "tied":
        acts.append("free")
    acts += ["play:" + c for c in set(s["ev"][seat]) if c in VILLAGE_CARDS]
    return sorted(acts)


def end_act(s: dict, seat: int, action: str, events: list) -> None:
    if action.startswith("play:"):
        play_village(s, seat, action[5:], events)
        return
    if action == "free":
        s["wahlleiter"] = "free"
        events.append(Event(msg("free", p=seat)))
    next_move(s, events)


def end_prompt(s: dict, seat: int | None) -> Msg:
    return msg("prompt.end_tied" if s["wahlleiter"] == "tied" else "prompt.end", p=s["active"])
