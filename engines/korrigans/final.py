"""The final turn (phase "final", once the Cauldron is placed): each player in turn order
reveals all Companions and may use each once to reach it; no gathering (package docstring,
rulings 4, 7e, 11). Steps: "final" (automatic while the stack is empty: the next player's final
turn, or the game's end), the decision "final" (mv / kor / done) and "final_end" (automatic: a
final turn with no move left ends)."""

from __future__ import annotations

from engines.base import Event, own
from engines.words import Msg

from .common import mapof, own_top, top
from .data import BACKUP_SIDES, COMPANIONS
from .moves import choose_korrigan, has_any_move, move_actions, play_move, split_moves
from .scoring import score, winners
from .words import msg


def next_final_turn(st: dict, events: list[Event]) -> None:
    """Automatic (phase "final", empty stack): the next player's final turn, or the end."""
    n = st["n"]
    if st["fi"] < n:
        seat = st["fi"]
        st["fi"] += 1
        reveal_all(st, seat, events)
        own(st, "stack").append({"k": "final", "s": seat})
    else:
        st["phase"] = "over"
        screen = own(st, "screen")
        for s in range(n):
            screen[s] = False
        gold = [[s, score(st, s)] for s in range(n)]
        events.append(Event(msg("game_over", gold=gold, p=winners(st)[0])))


def reveal_all(st: dict, seat: int, events: list[Event]) -> None:
    comps = [k for k in st["hidden"][seat] if k in COMPANIONS]
    hidden = own(st, "hidden", seat)
    for k in comps:
        hidden.remove(k)
    st["shown"][seat] = sorted(st["shown"][seat] + comps)
    comps = list(st["shown"][seat])
    side = st["backup"][seat]
    if side in BACKUP_SIDES:
        events.append(Event(msg("final_turn_backup", p=seat, comps=comps, side=side)))
    else:
        events.append(Event(msg("final_turn", p=seat, comps=comps)))


def final_actions(st: dict, step: dict) -> list[str]:
    return sorted(set(split_moves(step, move_actions(mapof(st), st, step["s"]) + ["done"])))


def is_stuck(st: dict, step: dict) -> bool:
    """A final turn with nothing left to do but "done" ends by itself (step "final_end"):
    ``final_actions`` is ["done"] exactly when no Korrigan was chosen (a chosen one offers
    "kor:back") and the seat has no move at all. ``step_of`` asks this several times a move,
    so it stops at the first move found instead of listing them all."""
    return "kor" not in step and not has_any_move(mapof(st), st, step["s"])


def final_legal(st: dict, seat: int) -> list[str]:
    return final_actions(st, top(st))


def final_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    head, _, arg = action.partition(":")
    if head == "mv":
        own_top(st).pop("kor", None)
        play_move(st, seat, arg, events)
    elif head == "kor":
        choose_korrigan(own_top(st), arg)
    else:  # "done"
        own(st, "stack").pop()
        events.append(Event(msg("final_done", p=seat)))


def final_prompt(st: dict, seat: int | None) -> Msg:
    return msg("prompt.final", p=top(st)["s"])


def end_final_turn(st: dict, events: list[Event]) -> None:
    """Automatic ("final_end"): the final turn on top has no move left."""
    step = own(st, "stack").pop()
    events.append(Event(msg("final_stuck", p=step["s"])))


def over_prompt(st: dict) -> Msg:
    return msg("prompt.over", p=winners(st)[0])
