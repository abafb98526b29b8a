"""Phase 1 of a day: setting the Henchmen one at a time, each with an immediate draw, then the
majority draw at every site.

Steps: ``day`` (automatic: a day begins), ``place`` (a Henchman to set); then it hands over to
``cards`` (phase 2).

Actions: ``place:<site>``, ``porter:<site>`` (a full site, discarding a Porter) or
``porter2:<site>`` (a full site, rotating the Porter (alt), an Additional Card), optionally
``:p<seat>`` to set a pawn taken with a Traitor (it counts for that seat), and ``:inf`` (own
Influence) or ``:olinf`` (an opponent's Influence through the Old Lady) to draw 2 cards.
"""

from __future__ import annotations

from ..base import own, own_row
from .common import (
    dominant,
    draw,
    hand_over,
    res_discard,
    res_ready,
    say,
    step_seats,
    trump_modes,
    use_trump,
)
from .data import DRAW_PER_PAWN, INFLUENCE_DRAW, SITES, SPOTS
from .words import msg


def pawns_left(state: dict, seat: int) -> int:
    return state["supply"][seat] + len(state["held"][seat])


def start_day(state: dict, events: list) -> None:
    """The automatic step ``day``: a day begins with setting the Henchmen."""
    state["phase"] = "place"
    state["passed"] = [False] * state["n"]
    state["traitor"] = [False] * state["n"]
    state["lastduel"] = None
    tie_break = state["day"] > state["days"]
    say(
        events,
        "day_begins_tie" if tie_break else "day_begins",
        day=state["day"],
        seat=state["badge"],
    )
    _next_placer(state, state["badge"], events)


def _next_placer(state: dict, start: int, events: list) -> None:
    n = state["n"]
    for i in range(n):
        seat = (start + i) % n
        if pawns_left(state, seat):
            state["turn"] = seat
            state["step"] = {"k": "place", "s": [seat]}
            return
    _majorities(state, events)


def _majorities(state: dict, events: list) -> None:
    for site in SITES:
        seat = dominant(state, site)
        if seat is not None:
            say(events, "dominates", seat=seat, site=site)
            draw(state, seat, site, events)
    hand_over(state, "cards")


PLACE = ("place",)  # the verb of a site that is not full


def legal(state: dict, seat: int) -> list[str]:
    kinds = [""] if state["supply"][seat] else []
    if state["held"][seat]:
        kinds += [":p%d" % o for o in sorted(set(state["held"][seat]))]
    draws = [""] + [
        ":inf" if m == "own" else ":olinf" for m in trump_modes(state, seat, "influence")
    ]
    full_verbs = ["porter"] if "porter" in state["res"][seat] else []
    if res_ready(state, seat, "porter2"):
        full_verbs.append("porter2")
    out = []
    board, spots = state["board"], SPOTS[state["n"]]
    for site in SITES:
        verbs = PLACE if len(board[site]) < spots else full_verbs  # ``is_full``, inlined
        for verb in verbs:
            for k in kinds:
                for d in draws:
                    out.append(f"{verb}:{site}{k}{d}")
    return out


def label(state: dict, seat: int, action: str):
    """``place:castle`` -> "Henchman to the Castle"; a Traitor's pawn, a Porter and Influence
    add to it."""
    parts = action.split(":")
    color = next((int(p[1:]) for p in parts[2:] if p.startswith("p")), None)
    draw_with = parts[-1] if parts[-1] in ("inf", "olinf") else ""
    if color is None:
        return msg("label.place", site=parts[1], how=parts[0], draw=draw_with)
    return msg("label.place_traitor", color=color, site=parts[1], how=parts[0], draw=draw_with)


def prompt(state: dict, seat):
    return msg("prompt.place", who=step_seats(state), day=state["day"])


def apply(state: dict, seat: int, action: str, events: list) -> None:
    parts = action.split(":")
    verb, site = parts[0], parts[1]
    color = seat
    count = DRAW_PER_PAWN
    for part in parts[2:]:
        if part.startswith("p"):
            color = int(part[1:])
        elif part == "inf":
            use_trump(state, seat, "influence", False)
            count = INFLUENCE_DRAW
        elif part == "olinf":
            use_trump(state, seat, "influence", True)
            count = INFLUENCE_DRAW
    if verb == "porter":
        res_discard(state, seat, "porter")
        say(events, "porter", seat=seat, site=site)
    elif verb == "porter2":
        own_row(state, "rot", seat).append("porter2")
        say(events, "porter2", seat=seat, site=site)
    if color == seat:
        state["supply"][seat] -= 1
        say(events, "sets", seat=seat, site=site)
    else:
        own_row(state, "held", seat).remove(color)
        say(events, "sets_betrayed", seat=seat, color=color, site=site)
    own(state, "board", site).append(color)
    if count > 1:
        say(events, "influence_ol" if parts[-1] == "olinf" else "influence", seat=seat)
    draw(state, seat, site, events, count)
    _next_placer(state, (seat + 1) % state["n"], events)
