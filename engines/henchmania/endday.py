"""Phase 3 of a day, the end of the game and the tie duel.

When everyone has passed: hands are discarded (a Nosy Parker holder keeps one card first),
Choir boys holders decide how many to discard, then every seat scores from its Reserve in order
from the Badge holder (Performances 1/3/5, Choir boys, Eloquence, Damsel), Intrigue last; cards
unrotate, Henchmen go home, and the game ends or the Badge moves on.

Steps: ``end`` (automatic: everyone has passed), ``nosy``, ``choir`` and ``tiedone``
(automatic: a tie duel is over). It hands over to ``day`` (the next day, phase 1) or to
``duel`` (the tie duel).
"""

from __future__ import annotations

from .common import (
    add_score,
    discard,
    dominant,
    hand_over,
    old_lady_trump,
    own_step,
    own_trump_ready,
    pawn_counts,
    performance_cards,
    performance_kinds,
    res_discard,
    say,
    say_n,
    step_seats,
    tell,
    use_trump,
)
from .data import CARDS, CHOIR_BONUS, ELOQUENCE_BONUS, PERFORMANCE_POINTS, SITES, TORECAT_POINTS
from .words import msg


def _order(state: dict) -> list[int]:
    n = state["n"]
    return [(state["badge"] + i) % n for i in range(n)]


def start_end(state: dict, events: list) -> None:
    """The automatic step ``end``: everyone has passed."""
    state["phase"] = "end"
    say(events, "day_ends")
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
        say(events, "discards_hand", seat=seat, cards=sorted(gone))
    if keep is not None:
        say(events, "nosy_keeps", seat=seat, back=CARDS[keep][1])
        tell(events, (seat,), "you_keep", card=keep)


def nosy_legal(state: dict, seat: int) -> list[str]:
    return ["keep:none"] + ["keep:" + c for c in set(state["hand"][seat])]


def nosy_apply(state: dict, seat: int, action: str, events: list) -> None:
    """Choices stay secret until all are made, then hands are discarded in turn order."""
    step = own_step(state)
    step["keep"][seat] = action[5:]
    step["s"].remove(seat)
    if step["s"]:
        return
    for s in step["all"]:
        card = step["keep"][s]
        _discard_hand(state, s, None if card == "none" else card, events)
    _ask_choir(state, events)


def _ask_choir(state: dict, events: list) -> None:
    seats = [s for s in _order(state) if "choir" in state["res"][s] and performance_cards(state, s)]
    if seats:
        state["step"] = {"k": "choir", "s": seats, "use": [0] * state["n"]}
        return
    score_day(state, [0] * state["n"], events)


def choir_legal(state: dict, seat: int) -> list[str]:
    return ["choir:%d" % k for k in range(state["res"][seat].count("choir") + 1)]


def choir_apply(state: dict, seat: int, action: str, events: list) -> None:
    step = own_step(state)
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
            parts.append(msg("part.performances", n=PERFORMANCE_POINTS[kinds]).to_json())
        used = choir_use[seat]
        if used:
            bonus = used * CHOIR_BONUS * performance_cards(state, seat)
            for _ in range(used):
                res_discard(state, seat, "choir")
            pts += bonus
            parts.append(msg("part.choir", n=bonus).to_json())
        if kinds:
            if own_trump_ready(state, seat, "eloquence"):
                use_trump(state, seat, "eloquence", False)
                pts += ELOQUENCE_BONUS
                parts.append(msg("part.eloquence", n=ELOQUENCE_BONUS).to_json())
            elif old_lady_trump(state, seat, "eloquence"):
                use_trump(state, seat, "eloquence", True)
                pts += ELOQUENCE_BONUS
                parts.append(msg("part.eloquence_ol", n=ELOQUENCE_BONUS).to_json())
        if kinds and "torecat" in state["res"][seat]:
            pts += TORECAT_POINTS
            parts.append(msg("part.torecat", n=TORECAT_POINTS).to_json())
        if "damsel" in state["res"][seat]:
            dp = damsel_points(state, seat)
            pts += dp
            parts.append(msg("part.damsel", n=dp).to_json())
        if pts:
            add_score(state, seat, pts)
            say(events, "scores_day", highlight=True, seat=seat, n=pts, parts=parts)
    for seat in _order(state):
        if "intrigue" in state["res"][seat]:
            richer = [o for o in range(state["n"]) if state["score"][o] > state["score"][seat]]
            for o in richer:
                add_score(state, o, -1)
                add_score(state, seat, 1)
            if richer:
                say(events, "intrigue", richer=richer, seat=seat)
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
            say(events, "tied_two", a=leaders[0], b=leaders[1], n=top)
            state["phase"] = "tie"
            state["tie"] = {"p": leaders, "w": [0, 0], "i": 0}
            hand_over(state, "duel", a=leaders[0], d=leaders[1], tie=True, glove="glove")
            return
        say(events, "tied_more", count=len(leaders), n=top)
    state["badge"] = (state["badge"] + 1) % state["n"]
    state["day"] += 1
    hand_over(state, "day")


def tie_duel_done(state: dict, events: list) -> None:
    """The automatic step ``tiedone``: one duel of the tie is over (``wounds`` inflicted)."""
    wounds = state["step"]["wounds"]
    tie = state["tie"]
    tie["w"][tie["i"]] = wounds
    tie["i"] += 1
    x, y = tie["p"]
    state["duel"] = None
    if tie["i"] == 1:
        hand_over(state, "duel", a=y, d=x, tie=True, glove="glove")
        return
    wx, wy = tie["w"]
    if wx == wy:
        say_n(events, "duel_again", wx)
        tie["w"] = [0, 0]
        tie["i"] = 0
        hand_over(state, "duel", a=x, d=y, tie=True, glove="glove")
        return
    _game_over(state, [x if wx > wy else y], events)


def _game_over(state: dict, winners: list[int], events: list) -> None:
    state["phase"] = "over"
    state["step"] = None
    state["duel"] = None
    state["result"] = winners
    say(events, "bailiff", highlight=True, seat=winners[0], n=state["score"][winners[0]])


# --- what the buttons and the prompt say ------------------------------------------------
def nosy_label(state: dict, seat: int, action: str):
    card = action[5:]
    return msg("label.keep_none") if card == "none" else msg("label.keep", card=card)


def choir_label(state: dict, seat: int, action: str):
    used = int(action[6:])
    return msg("label.choir_use", n=used) if used else msg("label.choir_keep")


def nosy_prompt(state: dict, seat):
    return msg("prompt.nosy", who=step_seats(state))


def choir_prompt(state: dict, seat):
    seats = step_seats(state)
    return msg("prompt.choir." + ("one" if len(seats) == 1 else "other"), who=seats)


def over_prompt(state: dict):
    """The game is over: who won (no step any more)."""
    return msg("prompt.over", won=list(state["result"] or []))
