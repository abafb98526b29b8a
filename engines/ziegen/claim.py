"""Phase 4, scoring during play (rulings 3-5): the goat played this turn may claim its set,
by A (your played goats of the set total 8+) or else B (the 4th goat of the set is played).
An automatic step; it hands over to the end check."""

from __future__ import annotations

from engines.base import Event, own
from engines.steps import Step

from . import data
from .words import count, msg


def score(state: dict, events: list[Event]) -> None:
    if state["pending"] is not None:
        score_played(state, state["turn"], state["pending"], events)
    state["pending"] = None
    state["phase"] = "end"


def score_played(state: dict, mover: int, card: str, events: list[Event]) -> None:
    s = data.GOAT_SET[card]
    if s in state["owner"]:
        return
    n = state["n"]
    sums = [0] * n
    counts = [0] * n
    cards, value = data.SET_CARD_SET[s], data.VALUE
    for seat in range(n):
        values = [value[c] for c in state["played"][seat] if c in cards]
        sums[seat] = sum(values)
        counts[seat] = len(values)
    if sums[mover] >= data.GOAT_THRESHOLD:
        events.append(Event(msg("score_a", p=mover, set=s, total=sums[mover]), highlight=True))
        claim_set(state, s, mover, events)
    elif sum(counts) >= data.FOURTH_CARD:
        # Highest sum, then most cards, then the player who triggered the scoring.
        order = [(mover + k) % n for k in range(n)]
        winner = max(order, key=lambda p: (sums[p], counts[p], p == mover))
        events.append(Event(msg("score_b", p=winner, set=s, total=sums[winner]), highlight=True))
        claim_set(state, s, winner, events)


def claim_set(state: dict, s: str, winner: int, events: list[Event]) -> None:
    """Mark the set's goats in the pasture, reserve tokens for those in the draw pile, reveal
    those in hands (kept by their holders, worth nothing to the winner) and discard the other
    players' played goats of the set."""
    own(state, "owner")[s] = winner
    grid, mark = state["grid"], own(state, "mark")
    revealed = own(state, "revealed")
    for cell, card in enumerate(grid):
        if data.is_card(card) and data.GOAT_SET[card] == s:
            mark[cell] = winner
            events.append(Event(msg("marks", p=winner, card=card)))
    in_draw = sum(1 for c in state["draw"] if data.GOAT_SET[c] == s)
    if in_draw:
        events.append(Event(count("set_aside", in_draw, p=winner, set=s)))
    for seat in range(state["n"]):
        for c in state["hands"][seat]:
            if data.GOAT_SET[c] == s and c not in revealed:
                revealed.append(c)
                events.append(Event(msg("reveals", p=seat, card=c)))
        if seat == winner:
            continue
        lost = [c for c in state["played"][seat] if data.GOAT_SET[c] == s]
        if lost:
            played, discard = own(state, "played", seat), own(state, "discard")
            for c in lost:
                played.remove(c)
                discard.append(c)
            events.append(Event(msg("discards", p=seat, cards=lost)))
    data.sort_cards(revealed)


SCORE = Step(auto=score)
