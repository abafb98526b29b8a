"""Der Herr der Wichtel's turn flow as data: step key (``state["phase"]``) -> ``Step``.

Decisions: "prewalk", "main", "exchange", "fill", "endround", "end" (``moves``) and "bribe",
"respond", "reroll", "dbgive" (``enlist``). Automatic steps, run by ``StepEngine.advance``:
"deal" and "move" (``setup``), "enlist" (``enlist``). They never stay in a stored state: the loop
runs them before ``apply`` returns. "over" ends the game.
"""
from __future__ import annotations

from ..steps import Step
from . import enlist, moves, setup
from .data import ev_label_en, lep_label_en
from .flow import mover


def label(s: dict, seat: int, action: str) -> str:
    """The button text of an action (the same words in every step; it reads only the action,
    the step and the square, all public)."""
    kind, _, arg = action.partition(":")
    phase = s["phase"]
    if kind == "call":
        return f"Call: discard {lep_label_en(arg)}, draw a new one"
    if kind == "exchange":
        return f"Exchange a leprechaun with {{p{arg}}}"
    if kind == "enlist":
        code = s["sq"][int(arg)]
        return f"Enlist {lep_label_en(code)}, place {int(arg) + 1}"
    if kind == "play":
        when = " before this walk" if phase == "prewalk" else ""
        return f"Play {ev_label_en(arg)}{when}"
    if kind == "give":
        return f"Hand over {lep_label_en(arg)}"
    if kind == "fill":
        return f"Put {lep_label_en(arg)} into the gap"
    if kind == "bribe":
        return f"Bribe with {ev_label_en(arg)}"
    if kind == "to":
        return f"Give the leprechaun to {{p{arg}}}"
    labels = {
        "pass": "No bribe", "roll": "Roll the die", "nixda": f"Play {ev_label_en('nd')}",
        "reroll": f"Play {ev_label_en('ig')}: roll again", "endround": "End the round now",
        "walk": "Let the leprechauns walk",
        "continue": "Go on playing", "done": "End my move",
        "free": "Free the Wahlleiter and end my move",
        "accept": "Accept the roll" if phase == "reroll" else "Let the bribe stand",
    }
    return labels.get(action, action)


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
