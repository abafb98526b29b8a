"""Korrigans' turn flow as data: step key -> ``Step`` (see ``engines/steps.py``).

The state keeps its pending decisions on a stack (``st["stack"]``, top last; each entry names
its kind ``k`` and its seat ``s``). ``step_of`` reads the current step:

- the game is over: "over";
- the stack is empty: the phase's automatic step (``PHASE_STEP``: "next_placement",
  "next_turn", "next_final_turn") that moves the game on (the next placement, the next mover or
  the Rainbow draw, the next final turn or the end) by pushing the next entry or changing the
  phase;
- else the top entry's kind, except that a "final" turn with no move left reads "final_end".

Decisions (one seat: the entry's ``s``): "place" (placement), "move", "sac", "goblin", "elf"
(moving), "pick", "lep", "troll" (gathering), "sun", "cloud", "cauldron" (rainbow), "final"
(final). Automatic entries: "turn" (offer a move or skip it), "gather" (ask for a pick or take
the only token), "final_end". They never stay in a stored state: ``StepEngine.advance`` runs
them before ``apply`` returns. A step hands over by pushing or popping entries (or setting the
phase); the phase modules never import each other (shared helpers: common, moves, carry).
"""

from __future__ import annotations

from engines.steps import Step
from engines.words import Msg

from . import final, gathering, moving, placement, rainbow
from .common import mapof, parse_kid, top_seat
from .words import msg

PHASE_STEP = {"place": "next_placement", "play": "next_turn", "final": "next_final_turn"}


def step_of(st: dict) -> str:
    if st["phase"] == "over":
        return "over"
    stack = st["stack"]
    if not stack:
        return PHASE_STEP[st["phase"]]
    entry = stack[-1]
    if entry["k"] == "final" and final.is_stuck(st, entry):
        return "final_end"
    return entry["k"]


def label(st: dict, seat: int, action: str) -> Msg | str:
    """The button text of an action: it reads the action, the map and what the acting seat
    sees (its own Backup side, its Korrigans' fields)."""
    m = mapof(st)
    head, _, arg = action.partition(":")
    if head == "mv":
        kk, comp, fid = arg.split(":")
        f = m.letters[m.by_id[fid]]
        if comp == "backup":
            return msg("label.mv_backup", k=int(kk), side=st["backup"][seat] or "hare", f=f)
        return msg("label.mv", k=int(kk), comp=comp, f=f)
    if head in ("backup", "sac", "take"):
        return msg("label." + head, **{"side" if head == "backup" else "token": arg})
    if head == "kor":
        if arg == "back":
            return msg("label.kor_back")
        return msg("label.kor", k=int(arg), f=m.letters[st["pos"][seat * 2 + int(arg) - 1]])
    if head in ("pass", "done"):
        return msg("label." + head)
    if head in ("place", "cauldron"):
        return msg("label." + head, f=m.letters[m.by_id[arg]])
    if head in ("sun", "cloud"):
        return msg("label." + head, n=int(arg))
    if head == "lep":
        return msg("label.lep", p=int(arg[1:]) - 1)
    if head == "troll":
        if "-" in arg:
            return msg("label.troll_border", border=m.border_label(arg), kind=m.border_kind[arg])
        return msg("label.troll", f=m.letters[m.by_id[arg]])
    if head in ("goblin", "elf"):
        return msg("label." + head, kid=parse_kid(arg))
    return action


def _decision(legal, apply, prompt, **undo) -> Step:
    return Step(actors=top_seat, legal=legal, apply=apply, label=label, prompt=prompt, **undo)


# --- undo: what reveals something (see engines/steps.py). Unmarked steps reveal (default). ---
def _move_reveals(before: dict, seat: int, action: str, after: dict, events: list) -> bool:
    """Narrowing a long move list to one Korrigan ("kor:<k>", "kor:back") changes nothing on
    the board; taking the Backup asks which token to give up ("sac") before anything is shown.
    A move, a pass (the next turn may draw) and a sacrifice reveal (conservatively)."""
    head = action.partition(":")[0]
    if head == "kor":
        return False
    if head == "backup":
        stack = after["stack"]
        return not (stack and stack[-1]["k"] == "sac")
    return True


def _final_reveals(before: dict, seat: int, action: str, after: dict, events: list) -> bool:
    return not action.startswith("kor:")


def _confirm(key: str, action_id: str):
    return lambda st, seat, action: msg(key) if action == action_id else None


STEPS: dict[str, Step] = {
    # automatic: the phases, when the stack is empty
    "next_placement": Step(auto=placement.next_placement),
    "next_turn": Step(auto=rainbow.next_turn),
    "next_final_turn": Step(auto=final.next_final_turn),
    # automatic stack entries
    "turn": Step(auto=moving.start_turn),
    "gather": Step(auto=gathering.start_gather),
    "final_end": Step(auto=final.end_final_turn),
    # decisions (stack entries)
    "place": _decision(placement.place_legal, placement.place_apply, placement.place_prompt),
    "move": _decision(
        moving.move_legal,
        moving.move_apply,
        moving.move_prompt,
        reveals=_move_reveals,
        confirm=_confirm("confirm.pass", "pass"),
    ),
    "sac": _decision(moving.sac_legal, moving.sac_apply, moving.sac_prompt),
    "goblin": _decision(moving.goblin_legal, moving.goblin_apply, moving.goblin_prompt),
    "elf": _decision(moving.elf_legal, moving.elf_apply, moving.elf_prompt),
    "pick": _decision(gathering.pick_legal, gathering.pick_apply, gathering.pick_prompt),
    "lep": _decision(gathering.lep_legal, gathering.lep_apply, gathering.lep_prompt),
    "troll": _decision(gathering.troll_legal, gathering.troll_apply, gathering.troll_prompt),
    "sun": _decision(rainbow.sun_legal, rainbow.sun_apply, rainbow.sun_prompt),
    "cloud": _decision(rainbow.cloud_legal, rainbow.cloud_apply, rainbow.cloud_prompt),
    "cauldron": _decision(rainbow.cauldron_legal, rainbow.cauldron_apply, rainbow.cauldron_prompt),
    "final": _decision(
        final.final_legal,
        final.final_apply,
        final.final_prompt,
        reveals=_final_reveals,
        confirm=_confirm("confirm.done", "done"),
    ),
}
