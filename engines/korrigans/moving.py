"""The movement: each player's turn moves one Korrigan with a Companion (package docstring,
rulings 4-7). Steps: "turn" (automatic: offer the move or skip it), "move" (mv / backup / kor /
pass), "sac" (the token sacrificed for a Backup Companion), and the handover choices "goblin"
and "elf" (they also come up in the final turn)."""

from __future__ import annotations

from engines.base import Event, own, own_row
from engines.words import Msg

from .carry import give_goblin, take_elf
from .common import kid_id, mapof, own_top, parse_kid, top
from .data import BACKUP_SIDES
from .moves import (
    choose_korrigan,
    has_any_move,
    has_move_with,
    move_actions,
    play_move,
    split_moves,
)
from .words import msg


# --- what a mover may do ----------------------------------------------------------------------
def backup_actions(st: dict, seat: int, need_move: bool) -> list[str]:
    if (
        st["phase"] in ("final", "over")
        or st["backup"][seat] is not None
        or st["bk_supply"] == 0
        or not st["hidden"][seat]
    ):
        return []
    m = mapof(st)
    return [
        "backup:" + side
        for side in BACKUP_SIDES
        if not need_move or has_move_with(m, st, seat, side)
    ]


def move_step_actions(st: dict, seat: int, extra: int) -> list[str]:
    acts = move_actions(mapof(st), st, seat)
    bk = backup_actions(st, seat, need_move=not acts)
    if not acts and not bk:
        return []
    out = acts + bk
    if extra:
        out.append("pass")
    return out


def can_move(st: dict, seat: int) -> bool:
    """Whether ``move_step_actions`` offers the seat anything (without listing it): a move, or
    a Backup Companion that gives one."""
    return has_any_move(mapof(st), st, seat) or bool(backup_actions(st, seat, need_move=True))


# --- "turn" (automatic) -----------------------------------------------------------------------
def start_turn(st: dict, events: list[Event]) -> None:
    """A turn (or the Fairy's extra move, ``x``) on top: offer the move, or skip it."""
    stack = own(st, "stack")
    entry = stack.pop()
    step = {"k": "move", "s": entry["s"], "x": entry.get("x", 0)}
    if can_move(st, step["s"]):
        stack.append(step)
    elif step["x"]:
        events.append(Event(msg("fairy_unusable", p=step["s"])))
    else:
        events.append(Event(msg("no_move", p=step["s"])))


# --- "move" -----------------------------------------------------------------------------------
def move_legal(st: dict, seat: int) -> list[str]:
    step = top(st)
    return sorted(set(split_moves(step, move_step_actions(st, seat, step["x"]))))


def move_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    head, _, arg = action.partition(":")
    if head == "mv":
        own(st, "stack").pop()
        play_move(st, seat, arg, events)
    elif head == "backup":
        sac = {"k": "sac", "s": seat, "side": arg}
        if len(st["hidden"][seat]) == 1:
            sacrifice(st, seat, sac, st["hidden"][seat][0], events)
        else:
            own(st, "stack").append(sac)
    elif head == "kor":
        choose_korrigan(own_top(st), arg)
    else:  # "pass"
        own(st, "stack").pop()
        events.append(Event(msg("fairy_passed", p=seat)))


def move_prompt(st: dict, seat: int | None) -> Msg:
    step = top(st)
    return msg("prompt.move_fairy" if step["x"] else "prompt.move", p=step["s"])


# --- "sac" ------------------------------------------------------------------------------------
def sac_legal(st: dict, seat: int) -> list[str]:
    return sorted({"sac:" + t for t in st["hidden"][seat]})


def sac_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = own(st, "stack").pop()
    sacrifice(st, seat, step, action.partition(":")[2], events)


def sacrifice(st: dict, seat: int, step: dict, kind: str, events: list[Event]) -> None:
    """Give up ``kind`` for the Backup Companion (side ``step["side"]``); the "move" step below
    is skipped if no move remains after the sacrifice (ruling 4)."""
    own(st, "hidden", seat).remove(kind)
    sacrificed = own_row(st, "sacrificed", seat)
    sacrificed.append(kind)
    sacrificed.sort()
    own(st, "backup")[seat] = step["side"]
    st["bk_supply"] -= 1
    side = step["side"]
    if st["screen"][seat]:
        events.append(Event(msg("sacrifice_unseen", p=seat, side=side)))
        events.append(Event(msg("sacrificed", token=kind), (seat,)))
    else:
        events.append(Event(msg("sacrifice_open", p=seat, token=kind, side=side)))
    move = top(st)
    if not move_step_actions(st, seat, move["x"]):
        own(st, "stack").pop()
        events.append(Event(msg("no_move_left", p=seat)))


def sac_prompt(st: dict, seat: int | None) -> Msg:
    step = top(st)
    return msg("prompt.sac", p=step["s"], side=step["side"])


# --- "goblin" and "elf": the handover choices of an arrival -----------------------------------
def goblin_legal(st: dict, seat: int) -> list[str]:
    return sorted({"goblin:" + kid_id(o) for o in top(st)["to"]})


def goblin_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = own(st, "stack").pop()
    give_goblin(st, step["kid"], parse_kid(action.partition(":")[2]), events)


def goblin_prompt(st: dict, seat: int | None) -> Msg:
    return msg("prompt.goblin", p=top(st)["s"])


def elf_legal(st: dict, seat: int) -> list[str]:
    return sorted({"elf:" + kid_id(o) for o in top(st)["from"]})


def elf_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = own(st, "stack").pop()
    take_elf(st, step["kid"], parse_kid(action.partition(":")[2]), events)


def elf_prompt(st: dict, seat: int | None) -> Msg:
    return msg("prompt.elf", p=top(st)["s"])
