"""The pasture's geometry: cells, border numbering, the large goats' edge positions, lines.

A cell is ``row * size + col``. Border cells are numbered clockwise from the top-left corner = 0
(RULINGS). The large goats walk on ``4 * size`` edge positions, also clockwise: ``0..size-1``
above columns ``0..size-1``, then the right side top to bottom, the bottom right to left, the left
side bottom to top. A corner cell has two edge positions. From the top or bottom side a goat takes
from the column it stands at; from the left or right side, from the row.

Everything is computed once per grid size and cached.
"""

from __future__ import annotations

from functools import cache


@cache
def border_cells(size: int) -> tuple[int, ...]:
    """Border cells in clockwise order starting at the top-left corner."""
    cells = [c for c in range(size)]  # top row
    cells += [r * size + size - 1 for r in range(1, size)]  # right column
    cells += [(size - 1) * size + c for c in range(size - 2, -1, -1)]  # bottom row
    cells += [r * size for r in range(size - 2, 0, -1)]  # left column
    return tuple(cells)


@cache
def edge_info(size: int) -> tuple[tuple[str, int, int], ...]:
    """Per edge position: (side, index of its row/column, the cell it stands next to).

    side is "top", "right", "bottom" or "left"; for top/bottom the index is a column, else a row.
    """
    out = []
    for p in range(4 * size):
        side_no, k = divmod(p, size)
        if side_no == 0:
            out.append(("top", k, k))
        elif side_no == 1:
            out.append(("right", k, k * size + size - 1))
        elif side_no == 2:
            col = size - 1 - k
            out.append(("bottom", col, (size - 1) * size + col))
        else:
            row = size - 1 - k
            out.append(("left", row, row * size))
    return tuple(out)


@cache
def line_cells(size: int, pos: int) -> tuple[int, ...]:
    """The cells of the row/column a large goat at edge position ``pos`` takes from."""
    side, idx, _cell = edge_info(size)[pos]
    if side in ("top", "bottom"):
        return tuple(r * size + idx for r in range(size))
    return tuple(idx * size + c for c in range(size))


def line_label(size: int, pos: int) -> str:
    """The line a large goat at ``pos`` takes from: "column 3", "row 6"."""
    side, idx, _cell = edge_info(size)[pos]
    return f"column {idx + 1}" if side in ("top", "bottom") else f"row {idx + 1}"


def spot_label(size: int, pos: int) -> str:
    """Where a large goat stands, edge and line: "the left edge, row 6" (a corner cell has a goat
    spot on two edges, so the line alone is not enough)."""
    return f"the {edge_info(size)[pos][0]} edge, {line_label(size, pos)}"


@cache
def pen_start(size: int, cell: int) -> int:
    """The edge position a large goat starts on: beside its pen, on the edge from which clockwise
    movement leaves the pen's cell (RULINGS)."""
    info = edge_info(size)
    n = 4 * size
    for p in range(n):
        if info[p][2] == cell and info[(p + 1) % n][2] != cell:
            return p
    raise ValueError(f"cell {cell} is not on the border")


@cache
def cross_cells(size: int, cell: int) -> tuple[int, ...]:
    """Every other cell in the same row or column as ``cell`` (where a dog may drive it)."""
    r, c = divmod(cell, size)
    same_row = [r * size + cc for cc in range(size) if cc != c]
    same_col = [rr * size + c for rr in range(size) if rr != r]
    return tuple(sorted(same_row + same_col))


@cache
def neighbours(size: int, cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, size)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < size and 0 <= cc < size:
            out.append(rr * size + cc)
    return tuple(out)


@cache
def rays(size: int, cell: int) -> tuple[tuple[int, ...], ...]:
    """The four straight runs of cells leaving ``cell`` (up, right, down, left), nearest first."""
    r, c = divmod(cell, size)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        run = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < size and 0 <= cc < size:
            run.append(rr * size + cc)
            rr, cc = rr + dr, cc + dc
        out.append(tuple(run))
    return tuple(out)
