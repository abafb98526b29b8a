"""Der Herr der Wichtel's turn flow as data: step key (``state["phase"]``) -> ``Step``.

Decisions: "prewalk", "main", "exchange", "fill", "endround", "end" (``moves``) and "bribe",
"respond", "reroll", "dbgive" (``enlist``). Automatic steps, run by ``StepEngine.advance``:
"deal" and "move" (``setup``), "enlist" (``enlist``). They never stay in a stored state: the loop
runs them before ``apply`` returns. "over" ends the game.
"""
from __future__ import annotations

from ..steps import Step
from ..words import Msg
from . import enlist, moves, setup
from .data import NIX_DA, REROLL
from .flow import mover
from .words import msg

# actions without an argument whose label id is "label.<action>"
PLAIN = ("pass", "roll", "endround", "walk", "continue", "done", "free")


def label(s: dict, seat: int, action: str) -> Msg | str:
    """The button text of an action (the same words in every step; it reads only the action,
    the step and the square, all public)."""
    kind, _, arg = action.partition(":")
    phase = s["phase"]
    if kind in ("call", "give", "fill"):
        return msg("label." + kind, card=arg)
    if kind in ("bribe", "play"):
        when = "_prewalk" if kind == "play" and phase == "prewalk" else ""
        return msg(f"label.{kind}{when}", card=arg)
    if kind in ("exchange", "to"):
        return msg("label." + kind, to=int(arg))
    if kind == "enlist":
        return msg("label.enlist", card=s["sq"][int(arg)], place=int(arg) + 1)
    if action == "nixda":
        return msg("label.play", card=NIX_DA)
    if action == "reroll":
        return msg("label.reroll", card=REROLL)
    if action == "accept":
        return msg("label.accept_roll" if phase == "reroll" else "label.accept_bribe")
    if action in PLAIN:
        return msg("label." + action)
    return action


STEPS: dict[str, Step] = {
    # automatic
    "deal": Step(auto=setup.deal),
    "move": Step(auto=setup.start_move),
    "enlist": Step(auto=enlist.start_enlist),
    # the mover's move
    "prewalk": Step(mover, moves.prewalk_legal, moves.prewalk_act, label, moves.prewalk_prompt),
    "main": Step(mover, moves.main_legal, moves.main_act, label, moves.main_prompt),
    "exchange": Step(moves.exchange_seats, moves.exchange_legal, moves.exchange_act, label,
                     moves.exchange_prompt),
    "fill": Step(moves.fill_seat, moves.fill_legal, moves.fill_act, label, moves.fill_prompt),
    "endround": Step(moves.endround_seat, moves.endround_legal, moves.endround_act, label,
                     moves.endround_prompt),
    "end": Step(mover, moves.end_legal, moves.end_act, label, moves.end_prompt),
    # enlisting
    "bribe": Step(enlist.bribe_seats, enlist.bribe_legal, enlist.bribe_act, label,
                  enlist.bribe_prompt),
    "respond": Step(mover, enlist.respond_legal, enlist.respond_act, label,
                    enlist.respond_prompt),
    "reroll": Step(mover, enlist.reroll_legal, enlist.reroll_act, label, enlist.reroll_prompt),
    "dbgive": Step(enlist.dbgive_seat, enlist.dbgive_legal, enlist.dbgive_act, label,
                   enlist.dbgive_prompt),
}
