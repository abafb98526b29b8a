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
from .data import BRIBE_RANK, NIX_DA, REROLL
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
        return msg("label.enlist", card=s["square"][int(arg)], place=int(arg) + 1)
    if action == "nixda":
        return msg("label.play", card=NIX_DA)
    if action == "reroll":
        return msg("label.reroll", card=REROLL)
    if action == "accept":
        return msg("label.accept_roll" if phase == "reroll" else "label.accept_bribe")
    if action in PLAIN:
        return msg("label." + action)
    return action


# --- undo: what reveals something (see engines/steps.py). Unmarked steps reveal (default). ---
def _phase_is(*phases: str):
    """Revealing unless the action left the game in one of ``phases``: the step's hidden
    choices are still being collected, or the next decision came without any reveal."""
    return lambda before, seat, action, after, events: after["phase"] not in phases


def _main_reveals(before: dict, seat: int, action: str, after: dict, events: list) -> bool:
    """Calling draws a card and a village card leaves the hand face up; announcing an
    exchange, or putting the die on a square card (until the bribes are shown), reveals
    nothing."""
    kind = action.partition(":")[0]
    if kind == "exchange":
        return False
    if kind == "enlist":
        return after["phase"] != "bribe"
    return True


def _end_reveals(before: dict, seat: int, action: str, after: dict, events: list) -> bool:
    """ "done" / "free" end the move in public; a village card leaves the hand face up. The next
    move's start (``move``) marks itself: its opening walk turns cards."""
    return action.startswith("play:")


def _best_bribe(s: dict, seat: int, action: str) -> Msg | None:
    """Offering your best bribe card (the highest ranked in your hand) asks first."""
    kind, _, card = action.partition(":")
    if kind != "bribe":
        return None
    ranks = [BRIBE_RANK[c] for c in s["ev"][seat] if c in BRIBE_RANK]
    if BRIBE_RANK[card] == max(ranks):
        return msg("confirm.best_bribe", card=card)
    return None


def _endround_confirm(s: dict, seat: int, action: str) -> Msg | None:
    return msg("confirm.endround") if action == "endround" else None


STEPS: dict[str, Step] = {
    # automatic
    "deal": Step(auto=setup.deal),
    # a move's start: the opening walk turns cards, unless the mover is asked first ("prewalk")
    "move": Step(auto=setup.start_move, reveals=_phase_is("prewalk")),
    # the die on a square card: public; all bribes shown at once if nobody can bribe
    "enlist": Step(auto=enlist.start_enlist, reveals=_phase_is("bribe")),
    # the mover's move
    "prewalk": Step(mover, moves.prewalk_legal, moves.prewalk_act, label, moves.prewalk_prompt),
    "main": Step(
        mover, moves.main_legal, moves.main_act, label, moves.main_prompt, reveals=_main_reveals
    ),
    # a card picked face down: hidden until both have picked (then the swap tells each side)
    "exchange": Step(
        moves.exchange_seats,
        moves.exchange_legal,
        moves.exchange_act,
        label,
        moves.exchange_prompt,
        reveals=_phase_is("exchange"),
        echoes=("hand_over",),
    ),
    "fill": Step(moves.fill_seat, moves.fill_legal, moves.fill_act, label, moves.fill_prompt),
    "endround": Step(
        moves.endround_seat,
        moves.endround_legal,
        moves.endround_act,
        label,
        moves.endround_prompt,
        confirm=_endround_confirm,
    ),
    "end": Step(
        mover, moves.end_legal, moves.end_act, label, moves.end_prompt, reveals=_end_reveals
    ),
    # enlisting: a bribe lies face down until every bribe is in (then all are shown)
    "bribe": Step(
        enlist.bribe_seats,
        enlist.bribe_legal,
        enlist.bribe_act,
        label,
        enlist.bribe_prompt,
        reveals=_phase_is("bribe"),
        echoes=("offer", "offer_none"),
        confirm=_best_bribe,
    ),
    "respond": Step(mover, enlist.respond_legal, enlist.respond_act, label, enlist.respond_prompt),
    "reroll": Step(mover, enlist.reroll_legal, enlist.reroll_act, label, enlist.reroll_prompt),
    "dbgive": Step(
        enlist.dbgive_seat, enlist.dbgive_legal, enlist.dbgive_act, label, enlist.dbgive_prompt
    ),
}
