"""Phase 1 of a day: setting the Henchmen one at a time, each with an immediate draw, then the
majority draw at every site.

Actions: ``place:<site>``, ``porter:<site>`` (a full site, discarding a Porter) or
``porter2:<site>`` (a full site, rotating the Porter (alt), an Additional Card), optionally
``:p<seat>`` to set a pawn taken with a Traitor (it counts for that seat), and ``:inf`` (own
Influence) or ``:olinf`` (an opponent's Influence through the Old Lady) to draw 2 cards.
"""
from __future__ import annotations

from .common import P, dominant, draw, pub, res_discard, res_ready, trump_modes, use_trump
from .data import DRAW_PER_PAWN, INFLUENCE_DRAW, SITE_NAMES, SITES, SPOTS


def pawns_left(state: dict, seat: int) -> int:
    return state["supply"][seat] + len(state["held"][seat])


def start_day(state: dict, events: list) -> None:
    state["phase"] = "place"
    state["passed"] = [False] * state["n"]
    state["traitor"] = [False] * state["n"]
    state["lastduel"] = None
    extra = ", a tie-break day," if state["day"] > state["days"] else ""
    pub(events, f"Day {state['day']}{extra} begins. {P(state['badge'])} holds the Badge of "
                "Honor.")
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
            pub(events, f"{P(seat)} dominates the {SITE_NAMES[site]} and draws a card there.")
            draw(state, seat, site, events)
    from .cards import start_cards
    start_cards(state, events)


def is_full(state: dict, site: str) -> bool:
    return len(state["board"][site]) >= SPOTS[state["n"]]


def legal(state: dict, seat: int) -> list[str]:
    kinds = [""] if state["supply"][seat] else []
    kinds += [":p%d" % o for o in sorted(set(state["held"][seat]))]
    draws = [""] + [":inf" if m == "own" else ":olinf" for m in trump_modes(state, seat, "influence")]
    full_verbs = ["porter"] if "porter" in state["res"][seat] else []
    if res_ready(state, seat, "porter2"):
        full_verbs.append("porter2")
    out = []
    for site in SITES:
        verbs = ["place"] if not is_full(state, site) else full_verbs
        for verb in verbs:
            for k in kinds:
                for d in draws:
                    out.append(f"{verb}:{site}{k}{d}")
    return out


def describe(state: dict, seat: int, action: str) -> str:
    parts = action.split(":")
    text = f"Henchman to the {SITE_NAMES[parts[1]]}"
    for part in parts[2:]:
        if part.startswith("p"):
            text = f"{P(int(part[1:]))}'s Henchman (Traitor) to the {SITE_NAMES[parts[1]]}"
    if parts[0] == "porter":
        text += " with a Porter"
    elif parts[0] == "porter2":
        text += " with the Porter (alt, house rule)"
    if action.endswith(":inf"):
        text += ", Influence: draw 2"
    elif action.endswith(":olinf"):
        text += ", Old Lady's Influence: draw 2"
    return text


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
        pub(events, f"{P(seat)} discards a Porter to set a Henchman on the full "
                    f"{SITE_NAMES[site]}.")
    elif verb == "porter2":
        state["rot"][seat].append("porter2")
        pub(events, f"{P(seat)} rotates the Porter (alt) to set a Henchman on the full "
                    f"{SITE_NAMES[site]}.")
    if color == seat:
        state["supply"][seat] -= 1
        pub(events, f"{P(seat)} sets a Henchman at the {SITE_NAMES[site]}.")
    else:
        state["held"][seat].remove(color)
        pub(events, f"{P(seat)} sets {P(color)}'s betrayed Henchman at the {SITE_NAMES[site]} "
                    f"(it counts for {P(color)}).")
    state["board"][site].append(color)
    if count > 1:
        pub(events, f"{P(seat)} uses Influence{' through the Old Lady' if parts[-1] == 'olinf' else ''}"
                    " to draw 2 cards.")
    draw(state, seat, site, events, count)
    _next_placer(state, (seat + 1) % state["n"], events)
