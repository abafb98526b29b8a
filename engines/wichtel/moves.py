"""The active player's move: calling, exchanging, the village cards, filling a gap, the round-end
offer and the end of the move (freeing the Wahlleiter)."""
from __future__ import annotations

from ..base import Event
from .data import LEP_NAME, PREWALK_CARDS, VILLAGE_CARDS
from .enlist import start_enlist
from .flow import end_options, end_round, enter_end, next_move, received
from .walk import discard_stack, draw_card, walk


# --- prewalk: "Stehenbleiben!" / "Komm mal zurück!" before the opening walk ------------------
def prewalk_legal(s: dict, seat: int) -> list[str]:
    return sorted(["walk"] + ["play:" + c for c in set(s["ev"][seat]) if c in PREWALK_CARDS])


def prewalk_act(s: dict, seat: int, action: str, events: list) -> None:
    if action.startswith("play:"):
        play_village(s, seat, action[5:], events)   # the mover still says "walk" afterwards
        return
    s["phase"] = "main"
    walk(s, events)


# --- main: the three moves, and village cards at the start of the move --------------------------
def main_legal(s: dict, seat: int) -> list[str]:
    n, a = s["n"], s["active"]
    acts = ["call:" + c for c in set(s["ret"][a])]
    acts += [f"exchange:{t}" for t in range(n) if t != a]
    acts += [f"enlist:{i}" for i in range(len(s["sq"]))]
    acts += ["play:" + c for c in set(s["ev"][a]) if c in VILLAGE_CARDS]
    return sorted(acts)


def main_act(s: dict, seat: int, action: str, events: list) -> None:
    kind, _, arg = action.partition(":")
    if kind == "play":
        play_village(s, seat, arg, events)
    elif kind == "call":
        s["ret"][seat].remove(arg)
        discard_stack(s).append(arg)
        card = draw_card(s, events)
        s["ret"][seat].append(card)
        events.append(Event(f"{{p{seat}}} calls a leprechaun: one goes face down onto the "
                            "discard stack, one comes from the drawing stack."))
        events.append(Event(f"You discarded {LEP_NAME[arg]} and drew {LEP_NAME[card]}.",
                            (seat,)))
        received(s, [seat], events)
    elif kind == "exchange":
        target = int(arg)
        s["ex"] = {"to": target, "picks": [None] * s["n"]}
        s["phase"] = "exchange"
        events.append(Event(f"{{p{seat}}} exchanges a leprechaun with {{p{target}}}: "
                            "both choose a card face down."))
    elif kind == "enlist":
        start_enlist(s, seat, int(arg), events)


def play_village(s: dict, seat: int, card: str, events: list) -> None:
    s["ev"][seat].remove(card)
    s["ev_used"].append(card)
    if card == "kh":
        events.append(Event(f"{{p{seat}}} plays Komm mal her!: the leprechauns walk at once."))
        walk(s, events)
    elif card == "kz":
        s["back"] = True
        events.append(Event(f"{{p{seat}}} plays Komm mal zurück!: the next walk goes the "
                            "other way, once."))
    else:
        s["stand"] = True
        events.append(Event(f"{{p{seat}}} plays Stehenbleiben!: the next walk does not happen."))


# --- exchange: both pick a card face down ----------------------------------------------------
def exchange_seats(s: dict) -> list[int]:
    picks = s["ex"]["picks"]
    return sorted(i for i in (s["active"], s["ex"]["to"]) if picks[i] is None)


def exchange_legal(s: dict, seat: int) -> list[str]:
    return sorted("give:" + c for c in set(s["ret"][seat]))


def exchange_act(s: dict, seat: int, action: str, events: list) -> None:
    card = action.partition(":")[2]
    ex = s["ex"]
    ex["picks"][seat] = card
    events.append(Event(f"You hand over {LEP_NAME[card]} face down.", (seat,)))
    a, t = s["active"], ex["to"]
    if ex["picks"][a] is None or ex["picks"][t] is None:
        return
    give, back = ex["picks"][a], ex["picks"][t]
    s["ret"][a].remove(give)
    s["ret"][t].remove(back)
    s["ret"][a].append(back)
    s["ret"][t].append(give)
    s["ex"] = None
    events.append(Event(f"{{p{a}}} and {{p{t}}} have exchanged a leprechaun."))
    events.append(Event(f"You received {LEP_NAME[back]} from {{p{t}}}.", (a,)))
    events.append(Event(f"You received {LEP_NAME[give]} from {{p{a}}}.", (t,)))
    received(s, [a, t], events)


# --- fill: whoever received a square card puts another one into the gap ------------------------
def fill_legal(s: dict, seat: int) -> list[str]:
    fill = s["fill"]
    hand = list(s["ret"][seat])
    hand.remove(fill["card"])           # the card just received may not go back
    return sorted("fill:" + c for c in set(hand))


def fill_act(s: dict, seat: int, action: str, events: list) -> None:
    card = action.partition(":")[2]
    fill = s["fill"]
    s["ret"][seat].remove(card)
    s["sq"][fill["pos"]] = card
    s["fill"] = None
    events.append(Event(f"{{p{seat}}} puts {LEP_NAME[card]} into the gap on the Village Square "
                        f"(place {fill['pos'] + 1})."))
    received(s, [seat], events)


# --- round-end offer ----------------------------------------------------------------------------
def endround_legal(s: dict, seat: int) -> list[str]:
    return ["continue", "endround"]


def endround_act(s: dict, seat: int, action: str, events: list) -> None:
    if action == "endround":
        end_round(s, seat, events)
        return
    s["offer"].pop(0)
    if not s["offer"]:
        enter_end(s, events)


# --- end of the move -----------------------------------------------------------------------
def end_legal(s: dict, seat: int) -> list[str]:
    return end_options(s)


def end_act(s: dict, seat: int, action: str, events: list) -> None:
    if action.startswith("play:"):
        play_village(s, seat, action[5:], events)
        return
    if action == "free":
        s["wl"] = "free"
        events.append(Event(f"{{p{seat}}} frees the Wahlleiter: Da isser ja! From the next move "
                            "on, whoever receives a leprechaun may end the round."))
    next_move(s, events)
