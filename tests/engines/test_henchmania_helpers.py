"""Scenario builders for the Henchmania tests: a known state in one line."""

from __future__ import annotations

from engines.henchmania import ENGINE
from engines.henchmania.data import CARDS, SITES

E = ENGINE


def take(state, card):
    """Move one copy of ``card`` out of its site deck (or discard) and return it."""
    site = CARDS[card][1]
    for zone in (state["deck"][site], state["disc"][site]):
        if card in zone:
            zone.remove(card)
            return card
    raise AssertionError(f"no {card} left to take")


def make(
    n=3,
    seed=1,
    phase="cards",
    turn=0,
    hands=None,
    res=None,
    trumps=None,
    board=None,
    scores=None,
    disc=None,
    rot=None,
    trot=None,
    passed=None,
    badge=0,
    day=1,
    options=None,
    held=None,
):
    """A state in the card phase (or ``phase``) with exactly the given components.

    hands/res: {seat: [cards]}; trumps: {seat: card}; board: {site: [colours]};
    disc: {site: [cards]}; everything else empty. The inventory stays the real one.
    """
    st = E.new_game(n, seed, options)
    for s in range(n):
        for c in st["hand"][s]:
            st["deck"][CARDS[c][1]].append(c)
        st["hand"][s] = []
    st["board"] = {s: [] for s in SITES}
    st["supply"] = [8] * n
    for s, cards in (hands or {}).items():
        st["hand"][s] = [take(st, c) for c in cards]
    for s, cards in (res or {}).items():
        st["res"][s] = [take(st, c) for c in cards]
    for s, c in (trumps or {}).items():
        st["trump"][s] = take(st, c)
    for site, cards in (disc or {}).items():
        st["disc"][site] = [take(st, c) for c in cards]
    for site, colours in (board or {}).items():
        st["board"][site] = list(colours)
        for c in colours:
            st["supply"][c] -= 1
    for s, owners in (held or {}).items():
        st["held"][s] = list(owners)
        for o in owners:
            st["supply"][o] -= 1
    if scores:
        st["score"] = list(scores)
    for s, cards in (rot or {}).items():
        st["rot"][s] = list(cards)
    for s in trot or []:
        st["trot"][s] = True
    for s in passed or []:
        st["passed"][s] = True
    st["badge"] = badge
    st["day"] = day
    st["phase"] = phase
    st["turn"] = turn
    if phase == "cards":
        st["step"] = {"k": "turn", "s": [turn]}
    elif phase == "place":
        st["step"] = {"k": "place", "s": [turn]}
    return st


def play(state, *moves):
    """Apply (seat, action) moves in order; return the final state and all events."""
    events = []
    for seat, action in moves:
        state, ev = E.apply(state, seat, action)
        events += ev
    return state, events


def texts(events, seat=None):
    """Texts of the events a seat (None: everyone) sees."""
    return [e.text for e in events if e.visible_to(seat)]


def news(events, seat=None):
    """(message id without "henchmania.", parameters) of the events a seat (None: everyone)
    sees: what rule tests assert, rather than English prose."""
    return [
        (e.message.key.removeprefix("henchmania."), e.message.params)
        for e in events
        if e.visible_to(seat)
    ]


def ids(events, seat=None):
    """The message ids (without "henchmania.") of the events a seat sees."""
    return [key for key, _params in news(events, seat)]
