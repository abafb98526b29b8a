"""The Cauldron of Gold as a Korrigans bot sees it: where it may still appear, and which fields
a seat's Korrigans can reach in the final turn (each Companion used once, the Backup Companion
moving as its side; ../shared/rules/korrigans.en.txt, RULINGS.md "Cauldron").

Pure functions of a (determinized) state; the reach search is memoised by (map, Troll, start
field, Companion counts), so the value the search calls at every cut-off stays cheap.
"""

from __future__ import annotations

from functools import lru_cache

from engines.korrigans.data import CAULDRON_BONUS, COMPANIONS
from engines.korrigans.maps import Map, load_map

KIND = {k: i for i, k in enumerate(COMPANIONS)}


def counts(state: dict, seat: int) -> tuple[int, ...]:
    """The seat's Companions as counts per kind (the Backup Companion counted as its side)."""
    out = [0] * len(COMPANIONS)
    for k in state["shown"][seat]:
        out[KIND[k]] += 1
    for k in state["hid"][seat]:
        i = KIND.get(k)
        if i is not None:
            out[i] += 1
    side = state["backup"][seat]
    if side in ("hare", "squirrel"):
        out[KIND[side]] += 1
    return tuple(out)


def _covers(small: tuple[int, ...], big: tuple[int, ...]) -> bool:
    return all(a <= b for a, b in zip(small, big))


@lru_cache(maxsize=100_000)
def needs(name: str, troll: str | None, start: int, have: tuple[int, ...]) -> dict:
    """Field -> the minimal Companion counts (within ``have``, each Companion used once) that
    take a Korrigan from ``start`` there. A count that covers another reaching the same field
    is dropped (whatever it leads on to, the smaller one does too), so the search stays small."""
    m: Map = load_map(name)
    zero = (0,) * len(have)
    best: dict[int, list[tuple[int, ...]]] = {start: [zero]}
    todo = [(start, zero)]
    while todo:
        f, used = todo.pop()
        if used not in best.get(f, ()):
            continue  # dropped meanwhile for a smaller one
        for i, kind in enumerate(COMPANIONS):
            if used[i] >= have[i]:
                continue
            more = used[:i] + (used[i] + 1,) + used[i + 1 :]
            for j, bid in m.reach[kind][f]:
                if bid == troll:
                    continue
                known = best.setdefault(j, [])
                if any(_covers(x, more) for x in known):
                    continue
                known[:] = [x for x in known if not _covers(more, x)]
                known.append(more)
                todo.append((j, more))
    return best


@lru_cache(maxsize=100_000)
def bonus_map(
    name: str, troll: str | None, a: int, b: int, have: tuple[int, ...]
) -> dict[int, int]:
    """Field -> the Cauldron bonus a seat with Korrigans on ``a`` and ``b`` and Companions
    ``have`` can make sure of if the Cauldron appears there (10 for one Korrigan, 15 for two)."""
    na = needs(name, troll, a, have)
    nb = needs(name, troll, b, have)
    out: dict[int, int] = {}
    for f in set(na) | set(nb):
        both = f in na and f in nb and any(
            all(x + y <= h for x, y, h in zip(u, v, have)) for u in na[f] for v in nb[f]
        )
        out[f] = CAULDRON_BONUS[2 if both else 1]
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
        if final:
            have = _final_counts(state, s)
        table = bonus_map(name, troll, min(a, b), max(a, b), have)
        out[s] = sum(p * table.get(f, 0) for f, p in odds.items())
        if final:
            # The score already counts Korrigans standing on the Cauldron.
            on = sum(1 for x in (a, b) if x == state["cauldron"])
            out[s] -= CAULDRON_BONUS[on]
            out[s] = max(out[s], 0.0)
    return out


def _final_counts(state: dict, seat: int) -> tuple[int, ...]:
    """In the final turn: Companions still unused (revealed ones are ``shown``)."""
    return counts(state, seat)
