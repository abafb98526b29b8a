"""What a Korrigans bot knows: its position value and search settings.

``value`` (``normal``): gold now plus a little per Companion. ``deep_value`` (``hard``) adds
the game's biggest swing, the Cauldron of Gold of the final turn (10 gold for one Korrigan on
its field, 15 for both): each seat's expected bonus over the fields where the Cauldron can
still appear, counting only the fields its Korrigans can reach with its Companions used once
each (``expected_bonus``; the reach search is memoised, so the value stays cheap). A pending
pick counts its best token, so a move is judged with what it gathers.
"""

from __future__ import annotations

from functools import lru_cache

from engines import State
from engines.korrigans.data import CAULDRON_BONUS, COMPANIONS
from engines.korrigans.maps import Map, load_map
from engines.korrigans.scoring import companions_left, score

# Points that make a clear lead (the search's rewards are smooth within about this much).
SCALE = 4.0
# ``hard``: the one-step look-ahead (with ``deep_value``) in 6 worlds seeds every root action
# (all of them: ``normal``'s ranking would drop Cauldron moves) with 5 virtual visits; no
# rollout (random steps only blur the Cauldron estimate). At 0.05 s (24 iterations) this took
# 3-player hard v normal from 45% to 58% (60 games, the arena's seeds). At 2 players the prior
# also looks at the seat's own next step (the pick after a move, a Fairy's extra move): 2-player
# hard v normal, 400 games at 24 iterations: 67% -> 72% alone, 79% with CAULDRON_WEIGHT 0.5;
# and it weighs 15 visits, so that it still counts in a 1 s search (200 games at 1 s: 74% with
# 5, 78% with 15).
HARD = {
    "prior_worlds": 6,
    "prior_weight": 5,
    "top": 0,
    "rollout": 0,
    "by_players": {2: {"prior_depth": 2, "prior_weight": 15}},
}
# How much of the expected Cauldron bonus counts, by player count (else 1): all of it once the
# Cauldron is placed; before, from EARLY (no pawn drawn: Korrigans and Companions will still
# change a lot) rising to all of it with the sixth colour. At 2 players less of it keeps more
# gold (400 games of hard v normal at 24 iterations: 67% with 1.0 or 1.3, 72% with 0.75; with
# the deeper prior 77% with 0.75, 79% with 0.5).
CAULDRON_WEIGHT = {2: 0.5}
EARLY = 0.5
COMPANION_WEIGHT = 0.4


def value(state: State) -> list[float]:
    return [
        score(state, s) + COMPANION_WEIGHT * companions_left(state, s) for s in range(state["n"])
    ]


def deep_value(state: State) -> list[float]:
    """``value`` plus the expected Cauldron bonus; a pending pick (the gathering after a move)
    already counts its best token for the picker, so a move is judged with what it gathers."""
    out = _with_cauldron(state)
    stack = state["stack"]
    if stack and stack[-1]["k"] == "pick":
        step = stack[-1]
        seat = step["s"]
        best = None
        for kind in sorted(set(state["tokens"][step["f"]])):
            hidden = list(state["hidden"])
            hidden[seat] = hidden[seat] + [kind]
            v = _with_cauldron({**state, "hidden": hidden})[seat]
            best = v if best is None else max(best, v)
        if best is not None:
            out[seat] = best
    return out


def _with_cauldron(state: State) -> list[float]:
    base = value(state)
    bonus = expected_bonus(state)
    w = CAULDRON_WEIGHT.get(state["n"], 1.0)
    if state["cauldron"] is None:
        w *= EARLY + (1.0 - EARLY) * min(len(state["drawn"]), 6) / 6
    return [v + w * b for v, b in zip(base, bonus)]


# --- the Cauldron: where it may appear, what each seat's Korrigans can reach ---------------
KIND = {k: i for i, k in enumerate(COMPANIONS)}


# Companion counts are packed into one int, BITS bits per kind (at most CAP of a kind count:
# more is never needed to reach a field), with a guard bit per field, so that "every count of
# x is at most the one of y" is one subtraction (no field borrows from the next).
BITS = 5
CAP = 7
GUARD = sum(16 << (BITS * i) for i in range(len(COMPANIONS)))
ONE = [1 << (BITS * i) for i in range(len(COMPANIONS))]


def counts(state: dict, seat: int) -> int:
    """The seat's Companions, packed (the Backup Companion counted as its side)."""
    out = [0] * len(COMPANIONS)
    for k in state["shown"][seat]:
        out[KIND[k]] += 1
    for k in state["hidden"][seat]:
        i = KIND.get(k)
        if i is not None:
            out[i] += 1
    side = state["backup"][seat]
    if side in ("hare", "squirrel"):
        out[KIND[side]] += 1
    return sum(min(c, CAP) << (BITS * i) for i, c in enumerate(out))


def within(small: int, big: int) -> bool:
    """Every count of ``small`` is at most the one of ``big`` (counts up to 2 * CAP)."""
    return ((big | GUARD) - small) & GUARD == GUARD


@lru_cache(maxsize=100_000)
def needs(name: str, troll: str | None, start: int, have: int) -> dict[int, list[int]]:
    """Field -> the minimal packed Companion counts (within ``have``, each Companion used once)
    that take a Korrigan from ``start`` there. A count that covers another reaching the same
    field is dropped (whatever it leads on to, the smaller one does too): the search stays
    small."""
    m: Map = load_map(name)
    kinds = [
        (ONE[i], (have >> (BITS * i)) & ((1 << BITS) - 1), i, m.reach[kind])
        for i, kind in enumerate(COMPANIONS)
    ]
    kinds = [k for k in kinds if k[1]]
    best: dict[int, list[int]] = {start: [0]}
    todo = [(start, 0)]
    while todo:
        f, used = todo.pop()
        if used not in best[f]:
            continue  # dropped meanwhile for a smaller one
        for one, limit, i, table in kinds:
            if (used >> (BITS * i)) & ((1 << BITS) - 1) >= limit:
                continue
            more = used + one
            for j, bid in table[f]:
                if bid == troll:
                    continue
                known = best.get(j)
                if known is None:
                    best[j] = [more]
                else:
                    if any(((more | GUARD) - x) & GUARD == GUARD for x in known):
                        continue
                    known[:] = [x for x in known if ((x | GUARD) - more) & GUARD != GUARD]
                    known.append(more)
                todo.append((j, more))
    return best


@lru_cache(maxsize=100_000)
def bonus_map(name: str, troll: str | None, a: int, b: int, have: int) -> dict[int, int]:
    """Field -> the Cauldron bonus a seat with Korrigans on ``a`` and ``b`` and Companions
    ``have`` (packed) can make sure of if the Cauldron appears there (10 for one Korrigan, 15
    for two)."""
    na = needs(name, troll, a, have)
    nb = needs(name, troll, b, have) if b != a else na
    one, two = CAULDRON_BONUS[1], CAULDRON_BONUS[2]
    out: dict[int, int] = {}
    for f in set(na) | set(nb):
        ua, ub = na.get(f), nb.get(f)
        both = (
            ua is not None and ub is not None and any(within(u + v, have) for u in ua for v in ub)
        )
        out[f] = two if both else one
    return out


def cauldron_odds(state: dict) -> dict[int, float]:
    """Field -> the chance the Cauldron appears there: its share of the cells that lie in a
    free Sun row and a free Cloud column (the last free row and columns are not known yet)."""
    if state["cauldron"] is not None:
        return {state["cauldron"]: 1.0}
    m = load_map(state["map"])
    rows = [r for r, x in enumerate(state["suns"]) if x is None]
    cols = [c for c, x in enumerate(state["clouds"]) if x is None]
    cells: dict[int, int] = {}
    total = 0
    for r in rows:
        line = m.grid[r]
        for c in cols:
            f = m.idx[line[c]]
            cells[f] = cells.get(f, 0) + 1
            total += 1
    return {f: k / total for f, k in cells.items()} if total else {}


def expected_bonus(state: dict) -> list[float]:
    """Each seat's expected Cauldron bonus still to come from its final turn."""
    n = state["n"]
    out = [0.0] * n
    if state["phase"] == "over":
        return out
    odds = cauldron_odds(state)
    if not odds:
        return out
    name, troll, pos = state["map"], state["troll"], state["pos"]
    final = state["phase"] == "final"
    for s in range(n):
        a, b = pos[2 * s], pos[2 * s + 1]
        if a is None or b is None:
            continue
        if final and s < state["fi"] - (1 if state["stack"] else 0):
            continue  # its final turn is over: the score already holds its bonus
        have = counts(state, s)
        table = bonus_map(name, troll, min(a, b), max(a, b), have)
        out[s] = sum(p * table.get(f, 0) for f, p in odds.items())
        if final:
            # The score already counts Korrigans standing on the Cauldron.
            on = sum(1 for x in (a, b) if x == state["cauldron"])
            out[s] -= CAULDRON_BONUS[on]
            out[s] = max(out[s], 0.0)
    return out
