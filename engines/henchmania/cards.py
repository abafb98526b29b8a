"""Phase 2 of a day: playing cards one at a time, clockwise from the Badge holder.

A turn is ``play:<card>`` (then one ``arg:<token>`` step per choice the card needs: an opponent
``p<seat>``, a card back / site, a card in a Reserve or a discard pile; ``back`` returns to the
turn), an "At your turn" Reserve ability (``use:bigots:<site>``, ``use:inquisition``,
``use:mule``) or ``pass``.
A card aimed at a seat that holds a counter (Penitent against Tavern cards, Bravery against cards
affecting its hand or Reserve) first opens a ``counter`` decision for that seat.

Steps: ``cards`` (automatic: the phase begins), ``turn``, ``arg``, ``counter``, ``give``,
``trim``, ``brawl`` and ``finish`` (automatic: the card played has resolved, the next seat
plays). A Glove hands over to ``duel``; when everyone has passed, to ``end`` (phase 3).
"""

from __future__ import annotations

from .. import rng
from ..base import Event, own, own_row
from .common import (
    add_score,
    apply_counter,
    can_draw,
    can_receive,
    counters,
    discard,
    dominant,
    draw,
    hand_over,
    hand_remove,
    is_full,
    opponents,
    own_step,
    res_discard,
    res_full,
    res_ready,
    res_remove,
    say,
    say_n,
    step_seats,
    tell,
    tied_sites,
)
from .data import (
    ARMORY,
    CARDS,
    DRUNK2_CARDS,
    GLOVE_RULES,
    GLOVES,
    GOSSIP2_POINTS,
    PERFORMANCES,
    RESERVE,
    RESERVE_LIMIT,
    SITE_NAMES,
    SITES,
    TRUMP,
)
from .words import msg

NO_TURN_PLAY = ("guard",)  # played only as a reaction


def start_cards(state: dict, events: list) -> None:
    """The automatic step ``cards``: phase 2 begins with the Badge holder."""
    state["phase"] = "cards"
    say(events, "cards_begin", seat=state["badge"])
    next_turn(state, state["badge"], events)


def abilities(state: dict, seat: int) -> list[str]:
    out = []
    if res_ready(state, seat, "bigots"):
        out += [f"use:bigots:{s}" for s in tied_sites(state, seat) if can_draw(state, s)]
    if "inquisition" in state["res"][seat] and any(
        state["trump"][o] for o in opponents(state, seat)
    ):
        out.append("use:inquisition")
    if res_ready(state, seat, "mule") and can_draw(state, "armory"):
        out.append("use:mule")
    return out


def next_turn(state: dict, start: int, events: list) -> None:
    n = state["n"]
    for i in range(n):
        seat = (start + i) % n
        if state["passed"][seat]:
            continue
        if not state["hand"][seat] and not abilities(state, seat):
            own(state, "passed")[seat] = True
            say(events, "out_of_cards", seat=seat)
            continue
        state["turn"] = seat
        state["step"] = {"k": "turn", "s": [seat]}
        return
    hand_over(state, "end")


def finish_turn(state: dict, events: list) -> None:
    """The card played this turn has resolved: its cards go to their discard piles (also the
    automatic step ``finish``, which a duel hands over to)."""
    for card in state["limbo"]:
        discard(state, card)
    state["limbo"] = []
    if state["duel"]:
        state["lastduel"] = state["duel"]
        state["duel"] = None
    next_turn(state, (state["turn"] + 1) % state["n"], events)


# --- what a card needs --------------------------------------------------------------------
def _seat(tok: str) -> int:
    return int(tok[1:])


def _gossip(state: dict, seat: int, card: str, args: list[str]):
    k = len(args)
    if k == 0:
        opps = opponents(state, seat)
        if card == "gossip2":
            return ["p%d" % o for o in opps if state["score"][o] > state["score"][seat]]
        return ["p%d" % o for o in opps]
    if k == 1 and res_ready(state, seat, "boss"):
        return ["boss", "plain"]
    return None


def _trick(state: dict, seat: int, card: str, args: list[str]):
    k = len(args)
    if k == 0:
        return ["p%d" % o for o in opponents(state, seat) if state["hand"][o]]
    if k == 1:
        return sorted({CARDS[c][1] for c in state["hand"][_seat(args[0])]})
    return None


def _drunk2(state: dict, seat: int, card: str, args: list[str]):
    k = len(args)
    if k == 0:
        return ["p%d" % o for o in opponents(state, seat) if state["hand"][o]]
    left = list(state["hand"][_seat(args[0])])
    for back in args[1:]:
        left.remove(next(c for c in left if CARDS[c][1] == back))
    if k > DRUNK2_CARDS or not left:
        return None
    return sorted({CARDS[c][1] for c in left})


def _vermin(state: dict, seat: int, card: str, args: list[str]):
    if args:
        return None
    return ["p%d" % o for o in opponents(state, seat) if state["hand"][o]]


def _pigeon(state: dict, seat: int, card: str, args: list[str]):
    if args:
        return None
    return [s for s in SITES if seat in state["board"][s] and can_draw(state, s)]


def _traitor2(state: dict, seat: int, card: str, args: list[str]):
    k = len(args)
    if k == 0:
        if state["traitor"][seat]:
            return []
        return ["p%d" % o for o in opponents(state, seat) if _moves_from(state, o)]
    if k == 1:
        return _moves_from(state, _seat(args[0]))
    if k == 2:
        return [s for s in SITES if s != args[1] and not is_full(state, s)]
    return None


def _bella(state: dict, seat: int, card: str, args: list[str]):
    if args:
        return None
    return [
        "p%d" % o
        for o in opponents(state, seat)
        if any(can_receive(state, seat, c) for c in state["res"][o])
    ]


def _traitor(state: dict, seat: int, card: str, args: list[str]):
    k = len(args)
    if k == 0:
        if state["traitor"][seat]:
            return []
        return [
            "p%d" % o for o in opponents(state, seat) if any(o in state["board"][s] for s in SITES)
        ]
    if k == 1:
        o = _seat(args[0])
        return [s for s in SITES if o in state["board"][s]]
    return None


def _nothing(state: dict, seat: int, card: str, args: list[str]):
    return None


def _beartamer(state: dict, seat: int, card: str, args: list[str]):
    k = len(args)
    if k == 0:
        return [
            "p%d" % o
            for o in opponents(state, seat)
            if any(c in PERFORMANCES for c in state["res"][o])
        ]
    if k == 1:
        return sorted({c for c in state["res"][_seat(args[0])] if c in PERFORMANCES})
    return None


def _pillory(state: dict, seat: int, card: str, args: list[str]):
    k = len(args)
    if k == 0:
        return ["p%d" % o for o in opponents(state, seat) if state["res"][o]]
    if k == 1:
        return sorted(set(state["res"][_seat(args[0])]))
    return None


def _glove(state: dict, seat: int, card: str, args: list[str]):
    if args:
        return None
    opps = opponents(state, seat)
    if GLOVE_RULES[card].get("leader_only"):
        top = max(state["score"][o] for o in opps)
        return ["p%d" % o for o in opps if state["score"][o] == top]
    return ["p%d" % o for o in opps]


def _grave(state: dict, seat: int, card: str, args: list[str]):
    k = len(args)
    if k == 0:
        return [s for s in SITES if state["disc"][s]]
    if k == 1:
        return sorted(set(state["disc"][args[0]]))
    return None


def _reserve(state: dict, seat: int, card: str, args: list[str]):
    if not args and res_full(state, seat):
        return sorted(set(state["res"][seat]))  # the Reserve card to discard for room
    return None


# What each card asks for next (``arg_options``): named cards first, then the Gloves, then any
# other Reserve card (room in a full Reserve); every other card asks for nothing.
ASKS = {
    "gossip": _gossip,
    "gossip2": _gossip,
    "trick": _trick,
    "drunk": _trick,
    "drunk2": _drunk2,
    "vermin": _vermin,
    "pigeon": _pigeon,
    "traitor2": _traitor2,
    "bella": _bella,
    "traitor": _traitor,
    "brawl": _nothing,
    "beartamer": _beartamer,
    "pillory": _pillory,
    "grave": _grave,
}
ASKS.update({card: _glove for card in GLOVES if card not in ASKS})
ASKS.update({card: _reserve for card, c in CARDS.items() if c[3] == RESERVE and card not in ASKS})


def arg_options(state: dict, seat: int, card: str, args: list[str]):
    """The tokens for the next choice ``card`` needs, or None when nothing more is needed."""
    ask = ASKS.get(card)
    return None if ask is None else ask(state, seat, card, args)


def _moves_from(state: dict, o: int) -> list[str]:
    """Sites holding a pawn of ``o`` that the Traitor (alt) could move to another, open site."""
    return [
        s
        for s in SITES
        if o in state["board"][s] and any(t != s and not is_full(state, t) for t in SITES)
    ]


def playable(state: dict, seat: int, card: str) -> bool:
    kind = CARDS[card][3]
    if kind == ARMORY or card in NO_TURN_PLAY:
        return False
    if kind == RESERVE and state["res"][seat].count(card) >= CARDS[card][4]:  # not can_receive
        return False
    if card == "brawl":
        return any(state["res"][o] for o in opponents(state, seat))
    if card == "bawler":
        return any(dominant(state, s) == seat and can_draw(state, s) for s in SITES)
    ask = ASKS.get(card)
    if ask is None or ask is _reserve:  # asks nothing, or only which card makes room: playable
        return True
    opts = ask(state, seat, card, [])  # ``arg_options``
    return opts is None or bool(opts)


def turn_legal(state: dict, seat: int) -> list[str]:
    out = ["pass"] + abilities(state, seat)
    out += ["play:" + c for c in set(state["hand"][seat]) if playable(state, seat, c)]
    return out


def arg_legal(state: dict, seat: int) -> list[str]:
    step = state["step"]
    opts = arg_options(state, seat, step["c"], step["a"]) or []
    return ["back"] + ["arg:" + t for t in opts]


# --- applying ----------------------------------------------------------------------------
def turn_apply(state: dict, seat: int, action: str, events: list) -> None:
    if action == "pass":
        own(state, "passed")[seat] = True
        say(events, "passes", seat=seat)
        next_turn(state, (seat + 1) % state["n"], events)
        return
    if action.startswith("use:bigots:"):
        site = action.split(":")[2]
        own_row(state, "rot", seat).append("bigots")
        say(events, "bigots", seat=seat, site=site)
        draw(state, seat, site, events)
        finish_turn(state, events)
        return
    if action == "use:mule":
        own_row(state, "rot", seat).append("mule")
        say(events, "mule", seat=seat)
        draw(state, seat, "armory", events)
        finish_turn(state, events)
        return
    if action == "use:inquisition":
        res_discard(state, seat, "inquisition")
        say(events, "inquisition", seat=seat)
        for o in opponents(state, seat):
            if state["trump"][o]:
                say(events, "loses_trump", seat=o, card=state["trump"][o])
                discard(state, state["trump"][o])
                own(state, "trump")[o] = None
                own(state, "trot")[o] = False
        finish_turn(state, events)
        return
    card = action.split(":")[1]
    if arg_options(state, seat, card, []) is None:
        commit(state, seat, card, [], events)
    else:
        state["step"] = {"k": "arg", "s": [seat], "c": card, "a": []}


def arg_apply(state: dict, seat: int, action: str, events: list) -> None:
    if action == "back":
        state["step"] = {"k": "turn", "s": [seat]}
        return
    step = own_step(state)
    step["a"].append(action[4:])
    if arg_options(state, seat, step["c"], step["a"]) is None:
        commit(state, seat, step["c"], step["a"], events)


def commit(state: dict, seat: int, card: str, args: list[str], events: list) -> None:
    hand_remove(state, seat, card)
    kind = CARDS[card][3]
    if kind == RESERVE:
        if args:
            res_discard(state, seat, args[0])
            say(events, "makes_room", seat=seat, card=args[0])
        own(state, "res", seat).append(card)
        say(events, "to_reserve", seat=seat, card=card)
        finish_turn(state, events)
        return
    if kind == TRUMP:
        old = state["trump"][seat]
        if old:
            discard(state, old)
            say(events, "trump_gone", seat=seat, card=old)
        own(state, "trump")[seat] = card
        own(state, "trot")[seat] = False
        say(events, "trump_taken", seat=seat, card=card)
        finish_turn(state, events)
        return
    own(state, "limbo").append(card)
    events.append(Event(_play_msg(seat, card, args)))
    if card in ("traitor", "traitor2"):
        own(state, "traitor")[seat] = True
    if card in ("gossip", "gossip2") and len(args) > 1 and args[1] == "boss":
        own_row(state, "rot", seat).append("boss")
        say(events, "boss", seat=seat, n=_gossip_points(card, args))
    if args and args[0].startswith("p") and card not in GLOVES:
        target = _seat(args[0])
        if counters(state, target, card):
            state["step"] = {"k": "counter", "s": [target], "by": seat, "c": card, "a": args}
            return
    resolve(state, seat, card, args, events)


def _play_msg(seat: int, card: str, args: list[str]):
    """The public news of a card played, with the choices made for it."""
    if card == "pigeon":
        return msg("plays_pigeon", seat=seat, card=card, site=args[0])
    if card == "grave":
        return msg("plays_grave", seat=seat, card=card, taken=args[1], site=args[0])
    if not (args and args[0].startswith("p")):
        return msg("plays", seat=seat, card=card)
    target = _seat(args[0])
    if card in ("trick", "drunk"):
        return msg("plays_back", seat=seat, card=card, target=target, back=args[1])
    if card == "drunk2":
        return msg("plays_backs", seat=seat, card=card, target=target, backs=args[1:])
    if card == "traitor2":
        return msg("plays_traitor2", seat=seat, card=card, target=target, src=args[1], dst=args[2])
    if card == "traitor":
        return msg("plays_traitor", seat=seat, card=card, target=target, site=args[1])
    if card in ("beartamer", "pillory"):
        return msg("plays_aim", seat=seat, card=card, target=target, aim=args[1])
    return msg("plays_at", seat=seat, card=card, target=target)


def counter_legal(state: dict, seat: int) -> list[str]:
    return ["accept"] + counters(state, seat, state["step"]["c"])


def counter_apply(state: dict, seat: int, action: str, events: list) -> None:
    step = state["step"]
    if action == "accept":
        resolve(state, step["by"], step["c"], step["a"], events)
        return
    apply_counter(state, seat, action, step["c"], events)
    finish_turn(state, events)


def _gossip_points(card: str, args: list[str]) -> int:
    amount = GOSSIP2_POINTS if card == "gossip2" else 1
    return amount + 2 if len(args) > 1 and args[1] == "boss" else amount


def resolve(state: dict, seat: int, card: str, args: list[str], events: list) -> None:
    """Carry out an Action card's effect (after any counter window)."""
    target = _seat(args[0]) if args and args[0].startswith("p") else None
    if card in ("gossip", "gossip2"):
        amount = _gossip_points(card, args)
        lost = -add_score(state, target, -amount)
        add_score(state, seat, amount)
        say_n(events, "gossip", lost, target=target, seat=seat, amount=amount)
    elif card in ("trick", "drunk"):
        backs = [c for c in state["hand"][target] if CARDS[c][1] == args[1]]
        if backs:
            taken = rng.choice(state, backs)
            own(state, "hand", target).remove(taken)
            if card == "trick":
                own(state, "hand", seat).append(taken)
                say(events, "takes_back", seat=seat, back=args[1], target=target)
                tell(events, (seat, target), "taken_was", card=taken)
            else:
                discard(state, taken)
                say(events, "hand_discard", seat=target, card=taken)
    elif card == "drunk2":
        for back in args[1:]:
            backs = [c for c in state["hand"][target] if CARDS[c][1] == back]
            if backs:
                taken = rng.choice(state, backs)
                own(state, "hand", target).remove(taken)
                discard(state, taken)
                say(events, "hand_discard", seat=target, card=taken)
    elif card == "vermin":
        if state["hand"][target]:
            taken = rng.choice(state, state["hand"][target])
            own(state, "hand", target).remove(taken)
            discard(state, taken)
            say(events, "vermin", seat=target, card=taken)
    elif card == "pigeon":
        draw(state, seat, args[0], events)
    elif card == "traitor2":
        src, dst = args[1], args[2]
        if target in state["board"][src] and not is_full(state, dst):
            own(state, "board", src).remove(target)
            own(state, "board", dst).append(target)
            say(events, "moves_henchman", seat=seat, target=target, src=src, dst=dst)
    elif card == "bella":
        if any(can_receive(state, seat, c) for c in state["res"][target]):
            state["step"] = {"k": "give", "s": [target], "to": seat}
            return
    elif card == "traitor":
        site = args[1]
        if target in state["board"][site]:
            own(state, "board", site).remove(target)
            own_row(state, "held", seat).append(target)
            say(events, "takes_henchman", seat=seat, target=target, site=site)
    elif card == "brawl":
        hit = [o for o in opponents(state, seat) if state["res"][o]]
        if hit:
            state["step"] = {"k": "brawl", "s": hit, "all": list(hit), "pick": [None] * state["n"]}
            return
    elif card in ("beartamer", "pillory"):
        if args[1] in state["res"][target]:
            res_discard(state, target, args[1])
            say(events, "res_discarded", seat=target, card=args[1])
    elif card in GLOVES:
        hand_over(state, "duel", a=seat, d=target, tie=False, glove=card)
        return
    elif card == "bawler":
        for site in SITES:
            if dominant(state, site) == seat:
                draw(state, seat, site, events)
    elif card == "grave":
        own(state, "disc", args[0]).remove(args[1])
        own(state, "hand", seat).append(args[1])
    finish_turn(state, events)


# --- Belladonna, full Reserve, Brawl ------------------------------------------------------
def give_legal(state: dict, seat: int) -> list[str]:
    to = state["step"]["to"]
    return ["give:" + c for c in set(state["res"][seat]) if can_receive(state, to, c)]


def give_apply(state: dict, seat: int, action: str, events: list) -> None:
    to = state["step"]["to"]
    card = action[5:]
    res_remove(state, seat, card)
    own(state, "res", to).append(card)
    say(events, "gives", seat=seat, card=card, to=to)
    if len(state["res"][to]) > RESERVE_LIMIT:
        state["step"] = {"k": "trim", "s": [to]}
        return
    finish_turn(state, events)


def trim_legal(state: dict, seat: int) -> list[str]:
    return ["trim:" + c for c in set(state["res"][seat])]


def trim_apply(state: dict, seat: int, action: str, events: list) -> None:
    card = action[5:]
    res_discard(state, seat, card)
    say(events, "trims", seat=seat, card=card, n=RESERVE_LIMIT)
    finish_turn(state, events)


def brawl_legal(state: dict, seat: int) -> list[str]:
    out = ["drop:" + c for c in set(state["res"][seat])]
    out += [c for c in counters(state, seat, "brawl") if c != "counter:penitent"]
    return out


def brawl_apply(state: dict, seat: int, action: str, events: list) -> None:
    """Answers are secret until everyone has answered, then carried out in seat order from the
    Brawl's player, so the order of answering never changes the result."""
    step = own_step(state)
    step["pick"][seat] = action
    step["s"].remove(seat)
    if step["s"]:
        return
    for s in step["all"]:
        answer = step["pick"][s]
        if answer.startswith("drop:"):
            card = answer[5:]
            res_discard(state, s, card)
            say(events, "brawl_drop", seat=s, card=card)
        else:
            apply_counter(state, s, answer, "brawl", events)
    finish_turn(state, events)


# --- what the buttons and the prompt say ------------------------------------------------
def turn_label(state: dict, seat: int, action: str):
    head, _, rest = action.partition(":")
    if action == "pass":
        return msg("label.pass_day")
    if head == "play":
        return msg("label.play", card=rest)
    if rest == "inquisition":
        return msg("label.inquisition")
    if rest == "mule":
        return msg("label.mule")
    return msg("label.bigots", site=rest.split(":")[1])


def arg_label(state: dict, seat: int, action: str):
    """A choice for the card being played: a target, a back, a site, a card."""
    if action == "back":
        return msg("label.back")
    step = state["step"]
    card, k, tok = step["c"], len(step["a"]), action[4:]
    if tok.startswith("p") and tok[1:].isdigit():
        return msg("label.target", card=card, target=int(tok[1:]))
    if tok == "boss":
        return msg("label.boss", n=GOSSIP2_POINTS + 2 if card == "gossip2" else 3)
    if tok == "plain":
        return msg("label.plain")
    if tok in SITE_NAMES:
        if card == "traitor":
            return msg("label.traitor_site", site=tok)
        if card == "traitor2":
            return msg("label.traitor2_from" if k == 1 else "label.traitor2_to", site=tok)
        if card == "pigeon":
            return msg("label.pigeon_site", site=tok)
        if card == "grave":
            return msg("label.grave_site", site=tok)
        return msg("label.back_card", card=card, back=tok)
    if card == "grave":
        return msg("label.grave_card", card=tok)
    if card in ("beartamer", "pillory"):
        return msg("label.aim", card=tok)
    if k == 0:
        return msg("label.make_room", card=tok)
    return msg("label.card", card=tok)


def counter_label(state: dict, seat: int, action: str):
    if action == "accept":
        return msg("label.accept")
    return msg("label." + action.replace(":", "."))


def give_label(state: dict, seat: int, action: str):
    return msg("label.give", card=action[5:])


def discard_label(state: dict, seat: int, action: str):
    """``trim:<card>`` (an over-full Reserve) and ``drop:<card>`` (a Brawl); a Brawl's counters
    read as at a counter window."""
    if action.startswith("counter:"):
        return counter_label(state, seat, action)
    return msg("label.discard", card=action[5:])


def turn_prompt(state: dict, seat):
    return msg("prompt.turn", who=step_seats(state))


def arg_prompt(state: dict, seat):
    return msg("prompt.arg", who=step_seats(state))


def counter_prompt(state: dict, seat):
    step = state["step"]
    return msg("prompt.counter", who=step_seats(state), card=step["c"], by=step["by"])


def give_prompt(state: dict, seat):
    return msg("prompt.give", who=step_seats(state), to=state["step"]["to"])


def trim_prompt(state: dict, seat):
    return msg("prompt.trim", who=step_seats(state))


def brawl_prompt(state: dict, seat):
    return msg("prompt.brawl", who=step_seats(state))
