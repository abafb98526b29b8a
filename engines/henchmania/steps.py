"""Henchmania's turn flow as data: step key -> ``Step`` (see ``engines/steps.py``).

The current step is ``state["step"]["k"]`` (``HenchmaniaEngine.step_of``); its deciding seats
are ``state["step"]["s"]`` and the rest of that dict is the step's own memory (the card being
played, the answers given so far). Automatic steps (no actors) are hand-overs between phases:
a phase module names the next one with ``common.hand_over`` and the shared loop runs it.

    day -> place ... -> cards -> turn / arg / counter / give / trim / brawl -> finish -> turn ...
                                 a Glove: duel -> guard / weapon / react -> finish
                                 all passed: end -> nosy / choir -> day (or duel ... tiedone)
"""

from __future__ import annotations

from collections.abc import Callable

from ..steps import Step
from . import cards, duel, endday, placing
from .common import step_seats
from .words import msg


def _sorted(legal: Callable[[dict, int], list[str]]) -> Callable[[dict, int], list[str]]:
    """Legal actions sorted and unique, as the engine contract wants them."""
    return lambda state, seat: sorted(set(legal(state, seat)))


def _decision(legal, apply, label, prompt, **undo) -> Step:
    return Step(
        actors=step_seats, legal=_sorted(legal), apply=apply, label=label, prompt=prompt, **undo
    )


# --- undo: what reveals something (see engines/steps.py). Unmarked steps reveal (default). ---
def _now(state: dict) -> str | None:
    step = state["step"]
    return step["k"] if step else None


def _turn_reveals(before: dict, seat: int, action: str, after: dict, events: list) -> bool:
    """Passing is public and the next player's turn reveals nothing (when everyone has passed,
    the automatic ``end`` marks itself). Choosing a card that needs arguments keeps it in the
    hand, seen by its holder only (the view's ``playing``). Everything else shows a card or
    draws."""
    if action == "pass":
        return _now(after) != "turn"
    return not (action.startswith("play:") and _now(after) == "arg")


def _arg_reveals(before: dict, seat: int, action: str, after: dict, events: list) -> bool:
    """An argument of a card still being chosen (or going back to the turn) reveals nothing;
    the last one plays the card."""
    if action == "back":
        return _now(after) != "turn"
    return _now(after) != "arg"


def _still(key: str):
    """A simultaneous secret choice: hidden until the last seat has chosen."""
    return lambda before, seat, action, after, events: _now(after) != key


def _pass_confirm(state: dict, seat: int, action: str):
    return msg("confirm.pass_day") if action == "pass" else None


STEPS: dict[str, Step] = {
    # Phase 1: setting the Henchmen (placing.py).
    "day": Step(auto=placing.start_day),
    "place": _decision(placing.legal, placing.apply, placing.label, placing.prompt),
    # Phase 2: playing cards (cards.py).
    "cards": Step(auto=cards.start_cards),
    "turn": _decision(
        cards.turn_legal,
        cards.turn_apply,
        cards.turn_label,
        cards.turn_prompt,
        reveals=_turn_reveals,
        confirm=_pass_confirm,
    ),
    "arg": _decision(
        cards.arg_legal, cards.arg_apply, cards.arg_label, cards.arg_prompt, reveals=_arg_reveals
    ),
    "counter": _decision(
        cards.counter_legal, cards.counter_apply, cards.counter_label, cards.counter_prompt
    ),
    "give": _decision(cards.give_legal, cards.give_apply, cards.give_label, cards.give_prompt),
    "trim": _decision(cards.trim_legal, cards.trim_apply, cards.discard_label, cards.trim_prompt),
    "brawl": _decision(
        cards.brawl_legal, cards.brawl_apply, cards.discard_label, cards.brawl_prompt
    ),
    "finish": Step(auto=cards.finish_turn),
    # Duels (duel.py).
    "duel": Step(auto=duel.begin),
    "guard": _decision(duel.guard_legal, duel.guard_apply, duel.guard_label, duel.guard_prompt),
    "weapon": _decision(
        duel.weapon_legal, duel.weapon_apply, duel.weapon_label, duel.weapon_prompt
    ),
    "react": _decision(duel.react_legal, duel.react_apply, duel.react_label, duel.react_prompt),
    # Phase 3 and the end of the game (endday.py).
    "end": Step(auto=endday.start_end),
    "nosy": _decision(
        endday.nosy_legal,
        endday.nosy_apply,
        endday.nosy_label,
        endday.nosy_prompt,
        reveals=_still("nosy"),
    ),
    "choir": _decision(
        endday.choir_legal,
        endday.choir_apply,
        endday.choir_label,
        endday.choir_prompt,
        reveals=_still("choir"),
    ),
    "tiedone": Step(auto=endday.tie_duel_done),
}


def prompt(state: dict):
    """What is being decided now, for everyone (a ``Msg``; None between steps)."""
    if state["phase"] == "over":
        return endday.over_prompt(state)
    step = state["step"]
    if not step or STEPS[step["k"]].auto is not None:
        return None
    return STEPS[step["k"]].prompt(state, None)
