"""Herr der Ziegen: the pasture grid with every card, pens in their owner's colour, claimed goats
marked with their owner, the large goats on their edges, and a score panel.

Drawn from the spectator view alone (``engines/ziegen/views.py``); card names come from the
game's data tables.
"""

from __future__ import annotations

from engines.ziegen import data, geometry

from .draw import Canvas, fill_names, names_for, wrap
from .palette import EMPTY, INK, MUTED, PANEL, RULE, SEAT_TEXT, SEAT_TINTS, seat_colour
from .words import name, tr

# --- layout (pixels) -----------------------------------------------------------------------------
WIDTH, HEIGHT = 960, 660
GRID = 532  # side of the pasture
LABEL = 22  # row / column numbers
MARGIN = 38  # band around the pasture where the large goats stand
LEFT = 14 + LABEL + MARGIN
TOP = 8 + LABEL + MARGIN
PANEL_X = LEFT + GRID + MARGIN + 12
PANEL_W = WIDTH - PANEL_X - 12
GOAT_R = 14  # radius of a large goat token
DOG_FILL = (222, 203, 172)
MILK_INK = (0, 90, 140)  # milk shakes: white cards, their label in blue
CARD_FILL = (255, 255, 255)
FOCUS = (0, 0, 0)  # the cells a dog move is about / the line being taken from


def _cell_box(size: int, cell: int) -> tuple[float, float, float, float]:
    step = GRID / size
    r, c = divmod(cell, size)
    return LEFT + c * step, TOP + r * step, LEFT + (c + 1) * step, TOP + (r + 1) * step


def _draw_cell(cv: Canvas, view: dict, cell: int) -> None:
    size = view["size"]
    x0, y0, x1, y1 = _cell_box(size, cell)
    w = x1 - x0
    cx = (x0 + x1) / 2
    card = view["grid"][cell]
    box = (x0 + 2, y0 + 2, x1 - 2, y1 - 2)
    if card == data.PEN:  # a pen: the owner's colour, shape and letter
        seat = view["pens"].index(cell)
        cv.rect(box, seat_colour(seat), INK, 2)
        cv.token(cx, (y0 + y1) / 2 - 6, w * 0.24, seat)
        cv.text((cx, y1 - 8), tr("z.pen"), 15, SEAT_TEXT[seat], bold=True, anchor="ms")
        return
    if card is data.EMPTY:
        cv.rect(box, EMPTY, RULE, 1)
        return
    owner = view["mark"][cell]
    kind = data.KIND[card]
    fill = DOG_FILL if kind == "d" else CARD_FILL
    if owner >= 0:
        fill = SEAT_TINTS[owner]
    cv.rect(box, fill, seat_colour(owner) if owner >= 0 else RULE, 5 if owner >= 0 else 1)
    vx = cx + (8 if owner >= 0 else 0)  # room for the claim marker
    if kind == "g":
        set_name = name("ziegen", "set", data.GOAT_SET[card])
        for i, line in enumerate(wrap(set_name, int(w - 12), 14, 2)):
            cv.text((cx, y0 + 7 + 15 * i), line, 14, INK, anchor="ma")
        cv.text((vx, y1 - 7), str(data.VALUE[card]), 30, INK, bold=True, anchor="ms")
    elif kind == "d":
        cv.text((cx, y0 + w * 0.5), tr("z.dog"), 22, INK, bold=True, anchor="mm", width=int(w - 6))
    else:
        cv.text((cx, y0 + 7), tr("z.milk"), 16, MILK_INK, bold=True, anchor="ma", width=int(w - 6))
        cv.text((cx, y0 + 25), tr("z.shake"), 13, MILK_INK, anchor="ma", width=int(w - 6))
        cv.text((vx, y1 - 7), str(data.VALUE[card]), 30, MILK_INK, bold=True, anchor="ms")
    if owner >= 0:  # the claim marker: the owner's token in the lower left corner
        cv.token(x0 + 16, y1 - 16, 10, owner)


def _edge_point(size: int, pos: int, slot: int, count: int) -> tuple[float, float]:
    side, idx, _cell = geometry.edge_info(size)[pos]
    step = GRID / size
    along = (idx + 0.5) * step + (slot - (count - 1) / 2) * (GOAT_R * 2 + 2)
    if side == "top":
        return LEFT + along, TOP - MARGIN / 2
    if side == "bottom":
        return LEFT + along, TOP + GRID + MARGIN / 2
    if side == "left":
        return LEFT - MARGIN / 2, TOP + along
    return LEFT + GRID + MARGIN / 2, TOP + along


def _draw_pasture(cv: Canvas, view: dict) -> None:
    size = view["size"]
    step = GRID / size
    cv.rect(
        (LEFT - MARGIN, TOP - MARGIN, LEFT + GRID + MARGIN, TOP + GRID + MARGIN),
        (214, 228, 190),
        RULE,
        1,
    )
    for i in range(size):
        cv.text(
            (LEFT + (i + 0.5) * step, TOP - MARGIN - 3),
            str(i + 1),
            17,
            MUTED,
            bold=True,
            anchor="ms",
        )
        cv.text(
            (LEFT - MARGIN - 5, TOP + (i + 0.5) * step),
            str(i + 1),
            17,
            MUTED,
            bold=True,
            anchor="rm",
        )
    for cell in range(size * size):
        _draw_cell(cv, view, cell)
    focus = []
    if view.get("phase") == "take" and 0 <= view.get("turn", -1) < len(view["goats"]):
        focus = list(geometry.line_cells(size, view["goats"][view["turn"]]))
        a, b = _cell_box(size, focus[0]), _cell_box(size, focus[-1])
        cv.rect((a[0] - 1, a[1] - 1, b[2] + 1, b[3] + 1), None, FOCUS, 3)
    for cell in (view.get("dog_src", -1), view.get("dog_tgt", -1)):
        if cell is not None and 0 <= cell < size * size:
            x0, y0, x1, y1 = _cell_box(size, cell)
            cv.rect((x0, y0, x1, y1), None, FOCUS, 4)
    spots: dict[tuple[str, int], list[int]] = {}
    info = geometry.edge_info(size)
    for seat, pos in enumerate(view["goats"]):
        side, idx, _ = info[pos]
        spots.setdefault((side, idx), []).append(seat)
    for seats in spots.values():
        for slot, seat in enumerate(seats):
            pos = view["goats"][seat]
            cx, cy = _edge_point(size, pos, slot, len(seats))
            cv.token(cx, cy, GOAT_R if len(seats) < 3 else GOAT_R - 3, seat)


def _draw_panel(cv: Canvas, view: dict, names: list[str]) -> None:
    x, w = PANEL_X, PANEL_W
    cv.rect((x, 8, x + w, HEIGHT - 8), PANEL, RULE, 1, radius=8)
    x += 12
    w -= 24
    cv.text((x, 16), "Herr der Ziegen", 24, INK, bold=True)
    cv.text(
        (x, 46),
        tr("z.head", size=view["size"], doubling=name("ziegen", "doubling", view["doubling"])),
        16,
        MUTED,
        width=w,
    )
    y = 76
    block = min(86, (HEIGHT - 230) // max(1, view["n"]))
    for seat in range(view["n"]):
        b = view["breakdown"][seat]
        if seat in view.get("to_act", []):
            cv.rect((x - 6, y - 4, x + w + 6, y + block - 8), (255, 244, 200), INK, 2, radius=6)
        cv.token(x + 14, y + 14, 13, seat)
        cv.text((x + 34, y + 3), names[seat], 20, INK, bold=True, width=w - 90)
        cv.text((x + w, y + 1), str(view["scores"][seat]), 26, INK, bold=True, anchor="ra")
        cv.text(
            (x + 34, y + 30),
            tr("z.breakdown", pen=b["pen"], other=b["other"], milk=b["milk"]),
            16,
            INK,
            width=w - 34,
        )
        cv.text(
            (x + 34, y + 50),
            tr("z.hand", hand=view["hand_counts"][seat], played=len(view["played"][seat])),
            16,
            MUTED,
            width=w - 34,
        )
        y += block
    y += 4
    cv.line([(x, y), (x + w, y)], RULE, 1)
    y += 10
    cv.text((x, y), tr("z.draw", n=view["draw_count"]), 18, INK, bold=True)
    cv.text(
        (x + w, y + 2),
        tr("z.box", box=view["box_count"], discard=len(view["discard"])),
        16,
        MUTED,
        anchor="ra",
    )
    y += 28
    if view.get("over"):
        winners = ", ".join(names[s] for s in view.get("winners", []))
        lines = wrap(tr("game_over", names=winners), w, 18, 2, bold=True)
    else:
        lines = wrap(fill_names(view.get("prompt", ""), names), w, 18, 3, bold=True)
    bottom = HEIGHT - 20 - 24 * len(lines)  # the prompt's place, kept free
    scored = [(s, view["owner"][s]) for s in data.SET_KEYS if s in view["owner"]]
    room = (bottom - 6 - (y + 22)) // 21  # lines left for the scored sets
    if scored and room >= 1:
        cv.text((x, y), tr("z.scored"), 16, MUTED)
        y += 22
        shown = scored if len(scored) <= room else scored[: max(0, room - 1)]
        for s, o in shown:
            cv.token(x + 9, y + 9, 8, o)
            cv.text((x + 24, y), name("ziegen", "set", s), 16, INK, width=w - 24)
            y += 21
        if len(shown) < len(scored):
            cv.text((x + 24, y), tr("z.more", n=len(scored) - len(shown)), 16, MUTED)
    y = bottom
    for line in lines:
        cv.text((x, y), line, 18, INK, bold=True)
        y += 24


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    cv = Canvas(WIDTH, HEIGHT)
    _draw_pasture(cv, view)
    _draw_panel(cv, view, names_for(names, view["n"]))
    return cv.png()
