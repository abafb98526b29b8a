"""What a Der Herr der Wichtel bot knows: its position value and search settings.

``value`` (``normal`` and ``hard``): totals + what each retinue would score if the round ended
now, with the round bonuses, + half a point per event card in hand.

``deep_value`` (``hard``'s cut-off evaluation) looks at the round's likely outcome instead
(section "the round's outlook" below): a retinue is worth its score now moved part of the way
towards its potential (the best score one swap with a Village Square card reaches), more so
while the Wahlleiter is still tied (nobody can end the round yet); a freshly dealt round is worth
the same to everyone, so ending a round is worth the lead it locks in; a pending enlistment
counts for its enlister. ``rollout_action`` is a cheap greedy player for the search's rollouts
(section "rollouts" below): it ends a round or frees the Wahlleiter only when ahead.
"""

from __future__ import annotations

import random

from engines import Engine, State
from engines.wichtel.data import BRIBE_RANK, DISCARD_START, LEP_COUNT, RETINUE_SIZE
from engines.wichtel.scoring import round_bonuses, score_retinue

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 10.0
# ``hard``: root prior worlds (the one-step look-ahead as virtual visits), the number of
# candidate actions searched (0: all: normal's look-ahead undervalues enlisting), the rollout
# steps after the tree and the UCB exploration (low: ~24 iterations must pick by the means).
HARD = {"prior_worlds": 8, "prior_weight": 4, "top": 0, "rollout": 8, "explore": 0.3}


def value(state: State) -> list[float]:
    out = [float(t) for t in state["totals"]]
    if state["over"]:
        return out
    now = [retinue_score(r) for r in state["ret"]]
    bonus = round_bonuses(now)
    for seat in range(state["n"]):
        out[seat] += now[seat] + bonus[seat] + 0.5 * len(state["ev"][seat])
    return out


# --- the round's outlook ------------------------------------------------------------
# Der Herr der Wichtel: what a round will likely bring (``hard``'s ``deep_value``).
#
# A retinue's potential is the best score it reaches by swapping one card for a card on the
# Village Square (the leprechauns a player can aim at: enlisting, or a card's owner filling a
# gap). Until the round ends its owner can still improve, so the expected round score lies between
# the score now and that potential: far towards it while the Wahlleiter is tied (no round can end
# before he is freed and one more move is made), less once he is free (any player who receives a
# leprechaun may end it). A round just dealt (nobody moved yet) is worth the same to everyone:
# its retinues are luck still to be played out, so they do not count, and ending a round is then
# worth exactly the lead it locked in; they count more as the round goes on (leprechauns drawn).
# While the die lies on a square card its enlister counts the leprechaun at his odds of getting
# it (so the search's one-step prior sees what enlisting is for). Whoever just ended a round pays a
# small penalty in the search: the hidden retinues it judged by random samples are in truth better
# (their owners have been improving them), so ending needs a clear lead.

# How far towards its potential a retinue's expected round score lies (Wahlleiter tied / free).
TOWARDS_TIED = 0.3
TOWARDS_FREE = 0.1
# How likely an enlister gets the leprechaun the die lies on (bribes and the die against him).
ENLIST_ODDS = 0.6
# Event cards in hand: a bribe wins leprechauns, "Ich bin der Beste!" one without a roll.
EVENT_WORTH = {"ib": 1.5, "db": 1.0, "nd": 0.8, "r6": 0.8, "r5": 0.7}
EVENT_DEFAULT = 0.5
# Leprechauns drawn after which a round's retinues count fully (a few moves in).
SETTLED_AFTER = 6
# What ending a round costs its ender in a search (see ``deep_value``).
ENDER_PENALTY = 3.0
DECK = sum(LEP_COUNT.values())

_SCORES: dict[tuple, int] = {}


def retinue_score(cards: list[str]) -> int:
    """A retinue's score, remembered (scoring a retinue tries every title)."""
    key = tuple(sorted(cards))
    got = _SCORES.get(key)
    if got is None:
        if len(_SCORES) > 100_000:
            _SCORES.clear()
        got = _SCORES[key] = score_retinue(list(key))
    return got


def settled(cards: list[str], keep: str | None = None) -> int:
    """The score of a retinue of four, or of five (a gap to fill) after the best card other
    than ``keep`` (the one just received) goes back to the square."""
    if len(cards) <= RETINUE_SIZE:
        return retinue_score(cards)
    best = None
    for i, c in enumerate(cards):
        if c == keep and keep is not None:
            continue
        s = retinue_score(cards[:i] + cards[i + 1 :])
        if best is None or s > best:
            best = s
    return best if best is not None else retinue_score(cards[:RETINUE_SIZE])


def potential(cards: list[str], square: list[str], now: int) -> int:
    """The best score one swap of a retinue card for a square card reaches (at least ``now``)."""
    best = now
    seen = set()
    for q in square:
        if not q or q in seen:
            continue
        seen.add(q)
        for i in range(len(cards)):
            if cards[i] == q:
                continue
            s = retinue_score(cards[:i] + cards[i + 1 :] + [q])
            if s > best:
                best = s
    return best


def fresh(state: State) -> bool:
    """The round was just dealt: its first mover has not acted yet (at most the opening walk)."""
    n = state["n"]
    start = DECK - n * RETINUE_SIZE - n - DISCARD_START
    return (
        state["phase"] in ("prewalk", "main")
        and not state["ev_used"]
        and state["wahlleiter"] == "tied"
        and state["dir"] == 1
        and state["active"] == (state["dealer"] + 1) % n
        and len(state["left_stack"]) >= start - 1
    )


def progress(state: State) -> float:
    """How far the round has gone, 0 (just dealt) to 1 (as far as a round usually goes
    before it can end): the leprechauns drawn from the stack since the deal."""
    if state["dir"] != 1 or state["wahlleiter"] == "free":
        return 1.0
    n = state["n"]
    drawn = DECK - n * RETINUE_SIZE - n - DISCARD_START - len(state["left_stack"])
    return min(1.0, drawn / SETTLED_AFTER)


def round_outlook(state: State) -> list[float]:
    """Each seat's expected score of the current round, bonuses included: the retinues of a
    round that has just begun are mostly luck still to be played out, so they count less."""
    n = state["n"]
    if fresh(state):
        return [0.0] * n
    weight = progress(state)
    fill = state["fill"]
    enl = state["enl"] if state["enl"] and state["enl"].get("card") else None
    square = state["square"]
    towards = TOWARDS_TIED if state["wahlleiter"] == "tied" else TOWARDS_FREE
    exp = []
    for seat in range(n):
        cards = state["ret"][seat]
        if fill and fill["seat"] == seat:
            now = settled(cards, fill["card"])
            exp.append(float(now))
            continue
        now = retinue_score(cards)
        gain = towards * (potential(cards, square, now) - now)
        if enl and seat == state["active"]:
            # The die lies on a square card: the enlister most likely gets it.
            gain = max(gain, ENLIST_ODDS * (potential(cards, [enl["card"]], now) - now))
        exp.append(now + gain)
    bonus = round_bonuses(exp)
    return [weight * (e + b) for e, b in zip(exp, bonus)]


def deep_value(state: State) -> list[float]:
    out = [float(t) for t in state["totals"]]
    if state["over"]:
        return out
    outlook = round_outlook(state)
    fresh_round = fresh(state)
    for seat in range(state["n"]):
        out[seat] += outlook[seat]
        if not fresh_round:
            out[seat] += sum(EVENT_WORTH.get(c, EVENT_DEFAULT) for c in state["ev"][seat])
    last = state["last"]
    if last and last["round"] == state["round"] - 1:
        # Whoever ended the last round judged hidden retinues by random samples, which are
        # weaker than retinues their owners have been improving: ending needs a clear lead.
        out[last["ended_by"]] -= ENDER_PENALTY * (1.0 - progress(state))
    return out


# --- rollouts ------------------------------------------------------------
# Der Herr der Wichtel: a cheap greedy player for ``hard``'s rollouts.
#
# It runs inside a determinized world, so it may look at every retinue there. It ends a round
# when it leads by the scores the round would give now, frees the Wahlleiter when it leads,
# enlists the square card that improves its retinue most (else calls its weakest card), bribes
# with its cheapest bribe only for a card it really wants, and fills gaps / gives away the card
# whose loss hurts least.

WANT = 4  # a square card worth bribing for improves the retinue by at least this much


def _lead(state: State, seat: int) -> float:
    """The seat's total after the round ended now minus the best other seat's."""
    now = [retinue_score(r) for r in state["ret"]]
    bonus = round_bonuses(now)
    tot = [t + s + b for t, s, b in zip(state["totals"], now, bonus)]
    return tot[seat] - max(t for i, t in enumerate(tot) if i != seat)


def _without(cards: list[str], card: str) -> list[str]:
    out = list(cards)
    out.remove(card)
    return out


def _gain(cards: list[str], card: str) -> int:
    """How much taking ``card`` (and dropping the best card to drop) improves the retinue."""
    now = retinue_score(cards)
    return potential(cards, [card], now) - now


def rollout_action(
    engine: Engine, state: State, seat: int, options: list[str], rnd: random.Random
) -> str:
    phase = state["phase"]
    ret = state["ret"][seat]
    if phase == "endround":
        return "endround" if _lead(state, seat) > 0 else "continue"
    if phase == "fill":
        keep = state["fill"]["card"]
        fills = [a for a in options if a.startswith("fill:")]
        return max(fills, key=lambda a: (retinue_score(_without(ret, a[5:])), a != "fill:" + keep))
    if phase == "exchange":
        return max(options, key=lambda a: retinue_score(_without(ret, a[5:])))
    if phase == "end":
        if "free" in options and _lead(state, seat) > 0:
            return "free"
        return "done"
    if phase == "prewalk":
        return "walk"
    if phase == "bribe":
        card = state["enl"]["card"]
        bribes = [a for a in options if a.startswith("bribe:")]
        if bribes and _gain(ret, card) >= WANT:
            return min(bribes, key=lambda a: BRIBE_RANK[a[6:]])
        return "pass"
    if phase == "respond":
        return "nixda" if "nixda" in options else options[0]
    if phase == "reroll":
        return "reroll" if "reroll" in options else "accept"
    if phase == "dbgive":
        card = state["enl"]["card"]
        return min(options, key=lambda a: _gain(state["ret"][int(a[3:])], card))
    if phase == "main":
        now = retinue_score(ret)
        best, best_gain = None, 0
        for a in options:
            if a.startswith("enlist:"):
                g = potential(ret, [state["square"][int(a[7:])]], now) - now
                if g > best_gain:
                    best, best_gain = a, g
        if best:
            return best
        calls = [a for a in options if a.startswith("call:")]
        if calls and rnd.random() < 0.7:
            return max(calls, key=lambda a: retinue_score(_without(ret, a[5:])))
    return rnd.choice(options)
