"""The final turn (phase "final", once the Cauldron is placed): each player in turn order
reveals all Companions and may use each once to reach it; no gathering (package docstring,
rulings 4, 7e, 11). Steps: "final" (automatic while the stack is empty: the next player's final
turn, or the game's end), the decision "final" (mv / kor / done) and "final_end" (automatic: a
final turn with no move left ends)."""
from __future__ import annotations

from engines.base import Event

from .common import mapof, p, tname, top
from .data import BACKUP_SIDES, COMPANIONS
from .moves import choose_korrigan, move_actions, play_move, split_moves
from .scoring import score, winners


def next_final_turn(st: dict, events: list[Event]) -> None:
    """Automatic (phase "final", empty stack): the next player's final turn, or the end."""
    n = st["n"]
    if st["fi"] < n:
        seat = st["fi"]
        st["fi"] += 1
        reveal_all(st, seat, events)
        st["stack"].append({"k": "final", "s": seat})
    else:
        st["phase"] = "over"
        for s in range(n):
            st["screen"][s] = False
        scores = ", ".join("%s %d" % (p(s), score(st, s)) for s in range(n))
        events.append(Event("Game over. Gold: %s. %s wins!" % (scores, p(winners(st)[0]))))


def reveal_all(st: dict, seat: int, events: list[Event]) -> None:
    comps = [k for k in st["hid"][seat] if k in COMPANIONS]
    for k in comps:
        st["hid"][seat].remove(k)
    st["shown"][seat] = sorted(st["shown"][seat] + comps)
    have = ", ".join(tname(k) for k in st["shown"][seat]) or "none"
    if st["backup"][seat] in BACKUP_SIDES:
        have += ", Backup (%s)" % tname(st["backup"][seat])
    events.append(Event("%s's final turn. Companions: %s." % (p(seat), have)))


def final_actions(st: dict, step: dict) -> list[str]:
    return sorted(set(split_moves(step, move_actions(mapof(st), st, step["s"]) + ["done"])))


def is_stuck(st: dict, step: dict) -> bool:
    """A final turn with nothing left to do but "done" ends by itself (step "final_end")."""
    return final_actions(st, step) == ["done"]


def final_legal(st: dict, seat: int) -> list[str]:
    return final_actions(st, top(st))


def final_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = top(st)
    head, _, arg = action.partition(":")
    if head == "mv":
        step.pop("kor", None)
        play_move(st, seat, arg, events)
    elif head == "kor":
        choose_korrigan(step, arg)
    else:  # "done"
        st["stack"].pop()
        events.append(Event("%s ends the final turn." % p(seat)))


def final_prompt(st: dict, seat: int | None) -> str:
    return ("%s plays the final turn: each Companion once, to reach the Cauldron."
            % p(top(st)["s"]))


def end_final_turn(st: dict, events: list[Event]) -> None:
    """Automatic ("final_end"): the final turn on top has no move left."""
    step = st["stack"].pop()
    events.append(Event("%s has no move left: final turn over." % p(step["s"])))


def over_prompt(st: dict) -> str:
    return "Game over: %s wins." % p(winners(st)[0])
