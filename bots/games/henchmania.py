"""What a Henchmania bot knows: its position value, search settings and rollout habits."""

from __future__ import annotations

from engines import State
from engines.henchmania.common import dominant, performance_cards, performance_kinds
from engines.henchmania.data import (
    ALT_GLOVES,
    ARMORY,
    CARDS,
    CHOIR_BONUS,
    ELOQUENCE_BONUS,
    PERFORMANCE_POINTS,
    PERFORMANCES,
    SITES,
)

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 4.0
# ``hard``: root prior worlds (the one-step look-ahead as virtual visits), the number of
# candidate actions searched (0: all) and the rollout steps after the tree.
HARD = {"prior_worlds": 2, "top": 0, "rollout": 12}
# Actions a beginner (``easy``) avoids while anything else is legal: passing ends your day.
AVOID = ("pass",)


def rollout_options(options: list[str], rnd) -> list[str]:
    """A rollout's choices: a random player passes far too early (passing is for the day)."""
    if len(options) > 1 and "pass" in options and rnd.random() < 0.85:
        return [a for a in options if a != "pass"]
    return options


def value(state: State) -> list[float]:
    n = state["n"]
    out = [float(x) for x in state["score"]]
    if state["phase"] == "over":
        return out
    for seat in range(n):
        out[seat] += 0.25 * len(state["hand"][seat]) + 0.3 * len(state["res"][seat])
        out[seat] += 0.6 * performance_kinds(state, seat)
        if state["trump"][seat]:
            out[seat] += 0.4
    for site in SITES:
        d = dominant(state, site)
        if isinstance(d, int) and d >= 0:
            out[d] += 0.5
    return out


# --- ``hard``'s longer view (``deep_value``) -------------------------------------------------
# What a card in hand is worth while it can still be played (a day's hand is discarded at the
# day's end, and a seat that passed plays nothing more but Guards and weapons in a duel).
GLOVES = frozenset(("glove",) + ALT_GLOVES)
HAND_WORTH = {"gossip": 1.5, "gossip2": 2.0, "bawler": 1.0, "grave": 0.8, "trick": 0.8}
# Later end-of-day scorings count for less: the Reserve may be raided (Bear Tamer, Pillory,
# Brawl, Belladonna) and the game may end early at the target.
LATER = 0.6


def _scorings(state: State) -> float:
    """How many end-of-day scorings a Reserve will still see (this day's if not yet scored),
    the later ones discounted."""
    left = state["days"] - state["day"] + 1
    if left <= 0:
        left = 1  # a tie-break day
    return 1.0 + LATER * (left - 1)


def _weapon(card: str) -> float:
    """A weapon's worth in hand: a good attack value wins duels for a Glove, a good defence
    value holds them."""
    att, dfn = CARDS[card][5], CARDS[card][6]
    return 0.25 * (6 - att) + 0.2 * (6 - dfn)


def _hand_worth(state: State, seat: int) -> float:
    res = state["res"][seat]
    passed = state["passed"][seat] if state["phase"] == "cards" else False
    total = 0.0
    perf_new = set()
    gloves = 0
    best_weapon = 0.0
    for card in state["hand"][seat]:
        kind = CARDS[card][3]
        if kind == ARMORY:
            best_weapon = max(best_weapon, _weapon(card))
        elif passed:
            if card == "guard":
                total += 0.5
        elif card in GLOVES:
            gloves += 1
        elif card in PERFORMANCES:
            if card not in res and card not in perf_new:
                perf_new.add(card)
            else:
                total += 0.3
        else:
            total += HAND_WORTH.get(card, 0.5)
    # Gloves are worth more with a weapon behind them.
    total += gloves * (1.0 + 0.8 * best_weapon) + 0.6 * best_weapon
    if perf_new and not passed:
        kinds = performance_kinds(state, seat)
        gain = PERFORMANCE_POINTS[min(3, kinds + len(perf_new))] - PERFORMANCE_POINTS[kinds]
        total += 0.7 * gain * _scorings(state)
    return total


def deep_value(state: State) -> list[float]:
    """Points now plus what the position should still bring: every end-of-day scoring the
    Reserve will see (Performances, Choir boys, Eloquence, Damsel, Intrigue), the cards in hand
    that can still be played, and during the placing the sites' majority draws."""
    n = state["n"]
    out = [float(x) for x in state["score"]]
    if state["phase"] == "over":
        return out
    times = _scorings(state)
    scored_today = state["phase"] == "end" and state.get("step") is None
    for seat in range(n):
        res = state["res"][seat]
        kinds = performance_kinds(state, seat)
        perf_cards = performance_cards(state, seat)
        day = float(PERFORMANCE_POINTS[kinds])
        if kinds and state["trump"][seat] == "eloquence":
            day += ELOQUENCE_BONUS
        if "damsel" in res:
            day += 1.5
        v = day * times
        choirs = res.count("choir")
        if choirs:
            v += CHOIR_BONUS * choirs * max(perf_cards, 0.5)
        # Spare Performances insure against raids; other Reserve cards help in duels or
        # against Tavern cards.
        v += 0.4 * (perf_cards - kinds)
        v += 0.35 * sum(1 for c in res if c not in PERFORMANCES and c != "choir")
        if state["trump"][seat]:
            v += 0.5
        if "intrigue" in res:
            v += 0.7 * sum(1 for o in range(n) if state["score"][o] > state["score"][seat])
        if not scored_today:
            v += _hand_worth(state, seat)
        out[seat] += v
    if state["phase"] == "place":
        for site in SITES:
            d = dominant(state, site)
            if d is not None:
                out[d] += 0.6
    return out
