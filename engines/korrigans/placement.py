"""Placement (phase "place"): two rounds in turn order, each player places one Korrigan per
round (package docstring, ruling 2). Steps: "place" (automatic while the stack is empty: the
next placement, or the start of the movement) and the decision "place:<field>"."""

from __future__ import annotations

from engines.base import Event, own
from engines.words import Msg

from .common import mapof, top
from .words import msg


def placement_fields(st: dict, kid: int) -> list[int]:
    m = mapof(st)
    if st["adv"]:
        return list(range(len(m.letters)))
    seat = kid // 2
    mine = {st["pos"][seat * 2], st["pos"][seat * 2 + 1]}
    return [f for f in m.start[seat] if f not in mine]


def do_place(st: dict, kid: int, field: int, events: list[Event]) -> None:
    """Put Korrigan ``kid`` on ``field``; the gathering follows (step "gather")."""
    own(st, "pos")[kid] = field
    events.append(Event(msg("arrives", kid=kid, f=mapof(st).letters[field])))
    own(st, "stack").append({"k": "gather", "s": kid // 2, "kid": kid, "f": field})


def next_placement(st: dict, events: list[Event]) -> None:
    """Automatic (phase "place", empty stack): ask for the next placement, place a Korrigan
    with a single possible field at once, or start the movement (phase "play")."""
    n = st["n"]
    if st["pi"] < 2 * n:
        seat, rnd = st["pi"] % n, st["pi"] // n
        st["pi"] += 1
        kid = seat * 2 + rnd
        fields = placement_fields(st, kid)
        if len(fields) == 1:
            do_place(st, kid, fields[0], events)
        else:
            own(st, "stack").append({"k": "place", "s": seat, "kid": kid})
    else:
        st["phase"] = "play"
        st["mover"] = n


def place_legal(st: dict, seat: int) -> list[str]:
    m = mapof(st)
    return sorted({"place:" + m.ids[f] for f in placement_fields(st, top(st)["kid"])})


def place_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = own(st, "stack").pop()
    do_place(st, step["kid"], mapof(st).by_id[action.partition(":")[2]], events)


def place_prompt(st: dict, seat: int | None) -> Msg:
    step = top(st)
    return msg("prompt.place", p=step["s"], k=step["kid"] % 2 + 1)
