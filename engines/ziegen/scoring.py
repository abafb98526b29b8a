"""Points: marked pasture cards (doubled when joined to their owner's pen) and milk shakes.

Also used for the running scores shown during play (what the table would score right now).
"""

from __future__ import annotations

from . import data, geometry


def doubled_cells(state: dict, seat: int) -> set[int]:
    """Cells of ``seat``'s marked cards that score double.

    "line" (default, RULINGS): the unbroken straight runs of the owner's marked cards leaving the
    pen along its row and column, the first card adjacent to the pen.
    "chain" (table option): every marked card of the owner joined to the pen by an orthogonal
    chain of the owner's marked cards.
    """
    size, mark = state["size"], state["mark"]
    pen = state["pens"][seat]
    out: set[int] = set()
    if state["doubling"] == "chain":
        todo = [c for c in geometry.neighbours(size, pen) if mark[c] == seat]
        out.update(todo)
        while todo:
            cell = todo.pop()
            for nb in geometry.neighbours(size, cell):
                if mark[nb] == seat and nb not in out:
                    out.add(nb)
                    todo.append(nb)
        return out
    for ray in geometry.rays(size, pen):
        for cell in ray:
            if mark[cell] != seat:
                break
            out.add(cell)
    return out


def goat_points(state: dict, seat: int) -> tuple[int, int]:
    """(points from cards joined to the pen, already doubled; points from the other cards)."""
    doubled = doubled_cells(state, seat)
    near = far = 0
    for cell, owner in enumerate(state["mark"]):
        if owner == seat:
            value = data.VALUE[state["grid"][cell]]
            if cell in doubled:
                near += value * data.PEN_MULTIPLIER
            else:
                far += value
    return near, far


def milk_bonus(state: dict) -> list[int]:
    """Most milk shake cards: the sum of their values; second most: half of it, rounded up.
    Tied players each score their own share; "second most" is the next lower count
    (ruling: ties for first do not push the next count out of second place)."""
    n = state["n"]
    counts = [0] * n
    sums = [0] * n
    for seat in range(n):
        for c in state["played"][seat]:
            if data.KIND[c] == "m":
                counts[seat] += 1
                sums[seat] += data.VALUE[c]
    places = sorted({c for c in counts if c > 0}, reverse=True)
    bonus = [0] * n
    for place, (num, den) in enumerate(data.MILK_SHARES):
        if place >= len(places):
            break
        for seat in range(n):
            if counts[seat] == places[place]:
                bonus[seat] = -(-sums[seat] * num // den)
    return bonus


def final_scores(state: dict) -> list[int]:
    return [row["total"] for row in breakdown(state)]


def breakdown(state: dict) -> list[dict]:
    milk = milk_bonus(state)
    rows = []
    for seat in range(state["n"]):
        near, far = goat_points(state, seat)
        rows.append(
            {"pen": near, "other": far, "milk": milk[seat], "total": near + far + milk[seat]}
        )
    return rows
