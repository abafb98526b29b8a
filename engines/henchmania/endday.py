"""Phase 3 of a day, the end of the game and the tie duel.

When everyone has passed: hands are discarded (a Nosy Parker holder keeps one card first),
Choir boys holders decide how many to discard, then every seat scores from its Reserve in order
from the Badge holder (Performances 1/3/5, Choir boys, Eloquence, Damsel), Intrigue last; cards
unrotate, Henchmen go home, and the game ends or the Badge moves on.
"""
from __future__ import annotations

from .common import (
    P, a_an, add_score, discard, dominant, own_trump_ready, old_lady_trump, pawn_counts,
    performance_cards, performance_kinds, pub, priv, res_discard, use_trump,
)
from .data import (
    CHOIR_BONUS, ELOQUENCE_BONUS, PERFORMANCE_POINTS, SITE_NAMES, SITES, TORECAT_POINTS, name,
)


def _order(state: dict) -> list[int]:
    n = state["n"]
    return [(state["badge"] + i) % n for i in range(n)]


def start_end(state: dict, events: list) -> None:
    state["phase"] = "end"
    pub(events, "Everyone has passed: the day ends.")
    nosy = []
    for seat in _order(state):
        if "nosy" in state["res"][seat] and state["hand"][seat]:
            nosy.append(seat)
        else:
            _discard_hand(state, seat, None, events)
    if nosy:
        state["step"] = {"k": "nosy", "s": nosy, "all": list(nosy), "keep": [None] * state["n"]}
        return
    _ask_choir(state, events)


def _discard_hand(state: dict, seat: int, keep, events: list) -> None:
    hand = state["hand"][seat]
    gone = list(hand)
    if keep is not None:
        gone.remove(keep)
    for card in gone:
        discard(state, card)
    state["hand"][seat] = [keep] if keep is not None else []
    if gone:
        pub(events, f"{P(seat)} discards {', '.join(name(c) for c in sorted(gone))}.")
    if keep is not None:
        from .data import CARDS
        pub(events, f"{P(seat)} keeps {a_an(SITE_NAMES[CARDS[keep][1]])} card with the Nosy parker.")
        priv(events, (seat,), f"You keep {name(keep)} for the next day.")


def nosy_legal(state: dict, seat: int) -> list[str]:
    return ["keep:none"] + ["keep:" + c for c in set(state["hand"][seat])]


def nosy_apply(state: dict, seat: int, action: str, events: list) -> None:
    """Choices stay secret until all are made, then hands are discarded in turn order."""
    step = state["step"]
    step["keep"][seat] = action[5:]
    step["s"].remove(seat)
    if step["s"]:
        return
    for s in step["all"]:
        card = step["keep"][s]
        _discard_hand(state, s, None if card == "none" else card, events)
    _ask_choir(state, events)


def _ask_choir(state: dict, events: list) -> None:
    seats = [s for s in _order(state)
             if "choir" in state["res"][s] and performance_cards(state, s)]
    if seats:
        state["step"] = {"k": "choir", "s": seats, "use": [0] * state["n"]}
        return
    score_day(state, [0] * state["n"], events)


def choir_legal(state: dict, seat: int) -> list[str]:
    return ["choir:%d" % k for k in range(state["res"][seat].count("choir") + 1)]


def choir_apply(state: dict, seat: int, action: str, events: list) -> None:
    step = state["step"]
    step["use"][seat] = int(action[6:])
    step["s"].remove(seat)
    if not step["s"]:
        score_day(state, step["use"], events)


def damsel_points(state: dict, seat: int) -> int:
    best = 0
    for site in SITES:
        if dominant(state, site) != seat:
            best = max(best, pawn_counts(state, site)[seat])
    return best


def score_day(state: dict, choir_use: list[int], events: list) -> None:
    state["step"] = None
    for seat in _order(state):
        kinds = performance_kinds(state, seat)
        parts = []
        pts = 0
        if kinds:
            pts += PERFORMANCE_POINTS[kinds]
            parts.append(f"Performances {PERFORMANCE_POINTS[kinds]}")
        used = choir_use[seat]
        if used:
            bonus = used * CHOIR_BONUS * performance_cards(state, seat)
            for _ in range(used):
                res_discard(state, seat, "choir")
            pts += bonus
            parts.append(f"Choir boys {bonus}")
        if kinds:
            if own_trump_ready(state, seat, "eloquence"):
                use_trump(state, seat, "eloquence", False)
                pts += ELOQUENCE_BONUS
                parts.append(f"Eloquence {ELOQUENCE_BONUS}")
            elif old_lady_trump(state, seat, "eloquence"):
                use_trump(state, seat, "eloquence", True)
                pts += ELOQUENCE_BONUS
                parts.append(f"Eloquence (Old Lady) {ELOQUENCE_BONUS}")
        if kinds and "torecat" in state["res"][seat]:
            pts += TORECAT_POINTS
            parts.append(f"Torecat {TORECAT_POINTS}")
        if "damsel" in state["res"][seat]:
            dp = damsel_points(state, seat)
            pts += dp
            parts.append(f"Damsel {dp}")
        if pts:
            add_score(state, seat, pts)
            pub(events, f"{P(seat)} scores {pts} ({', '.join(parts)}).", highlight=True)
    for seat in _order(state):
        if "intrigue" in state["res"][seat]:
            richer = [o for o in range(state["n"]) if state["score"][o] > state["score"][seat]]
            for o in richer:
                add_score(state, o, -1)
                add_score(state, seat, 1)
            if richer:
                pub(events, f"Intrigue: {', '.join(P(o) for o in richer)} each give 1 point to "
                            f"{P(seat)}.")
    # Cards straighten up, Henchmen go home.
    state["rot"] = [[] for _ in range(state["n"])]
    state["trot"] = [False] * state["n"]
    for site in SITES:
        for color in state["board"][site]:
            state["supply"][color] += 1
        state["board"][site] = []
    _end_or_next(state, events)


def _end_or_next(state: dict, events: list) -> None:
    scores = state["score"]
    top = max(scores)
    if top >= state["target"] or state["day"] >= state["days"]:
        leaders = [s for s in _order(state) if scores[s] == top]
        if len(leaders) == 1:
            _game_over(state, leaders, events)
            return
        if len(leaders) == 2:
            pub(events, f"{P(leaders[0])} and {P(leaders[1])} are tied with {top} points: "
                        "they fight a duel each way.")
            state["phase"] = "tie"
            state["tie"] = {"p": leaders, "w": [0, 0], "i": 0}
            from .duel import start_duel
            start_duel(state, leaders[0], leaders[1], events, tie=True)
            return
        pub(events, f"{len(leaders)} players are tied with {top} points: the game goes on for "
                    "another day.")
    state["badge"] = (state["badge"] + 1) % state["n"]
    state["day"] += 1
    from .placing import start_day
    start_day(state, events)


def tie_duel_done(state: dict, wounds: int, events: list) -> None:
    tie = state["tie"]
    tie["w"][tie["i"]] = wounds
    tie["i"] += 1
    x, y = tie["p"]
    state["duel"] = None
    if tie["i"] == 1:
        from .duel import start_duel
        start_duel(state, y, x, events, tie=True)
        return
    wx, wy = tie["w"]
    if wx == wy:
        pub(events, f"Both inflicted {wx} wound{'s' if wx != 1 else ''}: they duel again.")
        tie["w"] = [0, 0]
        tie["i"] = 0
        from .duel import start_duel
        start_duel(state, x, y, events, tie=True)
        return
    _game_over(state, [x if wx > wy else y], events)


def _game_over(state: dict, winners: list[int], events: list) -> None:
    state["phase"] = "over"
    state["step"] = None
    state["duel"] = None
    state["result"] = winners
    pub(events, f"{P(winners[0])} becomes the new Bailiff of Montfleury with "
                f"{state['score'][winners[0]]} points!", highlight=True)
