"""Herr der Ziegen: the pasture grid with every card, pens in their owner's colour, claimed goats
marked with their owner, the large goats on their edges; beside it each player's points; below
it the majority race: per goat set, each player's played goats (and who scored the set), and the
milk shakes each player played.

A pasture card shows its set's letter (the letters of the text board) and its value, big; the
race table below names every set once beside its letter. Drawn from the spectator view alone
(``engines/ziegen/views.py``); card names come from the game's data tables.
"""

from __future__ import annotations

from engines.ziegen import data, geometry

from . import layers
from .draw import MIN_TEXT, WIDTH, Canvas, fill_names, names_for, text_width, wrap_parts
from .palette import EMPTY, INK, MUTED, PANEL, RULE, SEAT_TEXT, SEAT_TINTS, seat_colour
from .words import labels, name

# The words of this board picture: ids of the game's own catalog, ``<game>.pic.<id>``
# (translated in ``locale/<lang>/LC_MESSAGES/ziegen.po``); ``tr`` also knows the shared ones.
LABELS = {
    "pen": "pen",
    "dog": "Dog",
    "milk": "Milk",
    "shake": "shake",
    "head": "{size}x{size} pasture · doubling: {doubling}",
    "breakdown": "pen {pen} · other {other} · milk {milk}",
    "hand": "hand {hand} · {played} played",
    "draw": "Draw pile: {n}",
    "box": "box {box} · discard {discard}",
    "scored": "Scored sets:",
    "more": "+{n} more",
    "hand_only": "hand: {hand} cards",
    "race": "Majorities: the goats each player has played",
    "race_help": "Letter: the set on the pasture cards. A set scores at 8 points played, "
    "or at its 4th goat played (highest sum).",
    "scored_by": "scored: {name}",
    "milk_race": "Milk shakes played, cards (sum):",
    "milk_count": "{n} ({sum})",
}
tr = labels("ziegen", LABELS)

# --- layout (pixels) -----------------------------------------------------------------------------
HEIGHT = 2000  # the canvas; the picture ends below its last line
GRID = 616  # side of the pasture
LABEL = 28  # row / column numbers
MARGIN = 46  # band around the pasture where the large goats stand
LEFT = 10 + LABEL + MARGIN
TOP = 10 + LABEL + MARGIN
PANEL_X = LEFT + GRID + MARGIN + 10
PANEL_W = WIDTH - PANEL_X - 10
GOAT_R = 19  # radius of a large goat token
SMALL = MIN_TEXT  # the smallest words: 22 px at 1040 wide, 11 px as Discord shows it
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
        cv.rect(box, seat_colour(seat), INK, 2, radius=6)
        cv.token(cx, y0 + w * 0.38, w * 0.25, seat)
        cv.text((cx, y1 - 4), tr("pen"), SMALL, SEAT_TEXT[seat], bold=True, anchor="md", box=box)
        return
    if card is data.EMPTY:
        cv.rect(box, EMPTY, RULE, 1, radius=6)
        return
    owner = view["mark"][cell]
    kind = data.KIND[card]
    fill = DOG_FILL if kind == "d" else CARD_FILL
    if owner >= 0:
        fill = SEAT_TINTS[owner]
    cv.rect(box, fill, seat_colour(owner) if owner >= 0 else RULE, 5 if owner >= 0 else 1, radius=6)
    if kind == "g":
        cv.text((x0 + 9, y0 + 7), data.SET_LETTERS[data.GOAT_SET[card]], 26, MUTED, bold=True)
        cv.text((x1 - 10, y1 - 8), str(data.VALUE[card]), 44, INK, bold=True, anchor="rs")
    elif kind == "d":
        cv.text((cx, (y0 + y1) / 2), tr("dog"), 26, INK, bold=True, anchor="mm", box=box)
    else:
        cv.text((cx, y0 + 6), tr("milk"), SMALL, MILK_INK, bold=True, anchor="ma", box=box)
        cv.text((x1 - 10, y1 - 8), str(data.VALUE[card]), 40, MILK_INK, bold=True, anchor="rs")
    if owner >= 0:  # the claim marker: the owner's shape in the lower left corner
        cv.token(x0 + 17, y1 - 17, 10, owner)


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


def _pasture_ground(cv: Canvas, size: int) -> float:
    """The pasture's ground, its row and column numbers and the panel's title: the same for
    every move (a layer, ``layers``); every card, goat and mark lies over them. Returns the
    y below the title."""
    step = GRID / size
    cv.rect(
        (LEFT - MARGIN, TOP - MARGIN, LEFT + GRID + MARGIN, TOP + GRID + MARGIN),
        (214, 228, 190),
        RULE,
        1,
    )
    for i in range(size):
        cv.text(
            (LEFT + (i + 0.5) * step, TOP - MARGIN - 4),
            str(i + 1),
            SMALL,
            MUTED,
            bold=True,
            anchor="ms",
        )
        cv.text(
            (LEFT - MARGIN - 6, TOP + (i + 0.5) * step),
            str(i + 1),
            SMALL,
            MUTED,
            bold=True,
            anchor="rm",
        )
    return cv.paragraph(PANEL_X + 12, 18, "Herr der Ziegen", PANEL_W - 24, 30, INK, bold=True)


def _draw_pasture(cv: Canvas, view: dict) -> None:
    size = view["size"]
    for cell in range(size * size):
        _draw_cell(cv, view, cell)
    if view.get("phase") == "take" and 0 <= view.get("turn", -1) < len(view["goats"]):
        focus = list(geometry.line_cells(size, view["goats"][view["turn"]]))
        a, b = _cell_box(size, focus[0]), _cell_box(size, focus[-1])
        cv.rect((a[0] - 1, a[1] - 1, b[2] + 1, b[3] + 1), None, FOCUS, 3)
    for cell in (view.get("dog_src", -1), view.get("dog_tgt", -1)):
        if cell is not None and 0 <= cell < size * size:
            cv.rect(_cell_box(size, cell), None, FOCUS, 4)
    last = view.get("last") or {}
    for cell in last.get("cells", []):
        if 0 <= cell < size * size:
            x0, y0, x1, y1 = _cell_box(size, cell)
            cv.ring((x0 + 2, y0 + 2, x1 - 2, y1 - 2))
    spots: dict[tuple[str, int], list[int]] = {}
    info = geometry.edge_info(size)
    for seat, pos in enumerate(view["goats"]):
        side, idx, _ = info[pos]
        spots.setdefault((side, idx), []).append(seat)
    for seats in spots.values():
        for slot, seat in enumerate(seats):
            cx, cy = _edge_point(size, view["goats"][seat], slot, len(seats))
            r = GOAT_R if len(seats) < 3 else GOAT_R - 5
            if seat in last.get("goats", []):
                cv.ring((cx - r, cy - r, cx + r, cy + r), radius=r - 4)
            cv.token(cx, cy, r, seat)
    if last.get("cells") or last.get("goats"):
        cv.star(LEFT - MARGIN + 16, TOP - MARGIN + 16)


def _draw_players(cv: Canvas, view: dict, names: list[str], title: float) -> float:
    """The score panel beside the pasture; returns its bottom."""
    x, w = PANEL_X, PANEL_W
    top = 10
    x += 12
    w -= 24
    y = title  # the title is the layer's (``_pasture_ground``)
    head = tr("head", size=view["size"], doubling=name("ziegen", "doubling", view["doubling"]))
    y = cv.paragraph(x, y, head, w, SMALL, MUTED) + 8
    last_seat = (view.get("last") or {}).get("seat")
    for seat in range(view["n"]):
        b = view["breakdown"][seat]
        y0 = y
        breakdown = tr("breakdown", pen=b["pen"], other=b["other"], milk=b["milk"])
        lines = wrap_parts(breakdown, w - 40, SMALL)
        hand = tr("hand_only", hand=view["hand_counts"][seat])
        height = 40 + 28 * (len(lines) + 1) + 8
        if seat in view.get("to_act", []):
            cv.rect((x - 6, y - 4, x + w + 6, y + height - 4), (255, 244, 200), INK, 2, radius=6)
        cv.token(x + 16, y + 17, 17, seat)
        score = str(view["scores"][seat])
        sw = text_width(score, 32, True)
        cv.text((x + 40, y + 4), names[seat], 26, INK, bold=True, width=w - 48 - sw)
        cv.text((x + w, y), score, 32, INK, bold=True, anchor="ra")
        y += 40
        for line in lines:
            cv.text((x + 40, y), line, SMALL, INK)
            y += 28
        cv.text((x + 40, y), hand, SMALL, MUTED)
        if seat == last_seat:
            cv.star(x + w - 12, y + 12, 12)
        y = y0 + height
    y += 4
    cv.line([(x, y), (x + w, y)], RULE, 1)
    y += 10
    y = cv.paragraph(x, y, tr("draw", n=view["draw_count"]), w, SMALL, INK, bold=True)
    y = cv.paragraph(
        x, y, tr("box", box=view["box_count"], discard=len(view["discard"])), w, SMALL, MUTED
    )
    bottom = y + 10
    cv.rect((PANEL_X, top, PANEL_X + PANEL_W, bottom), None, RULE, 1, radius=8)
    return bottom


def _race_sets(view: dict) -> list[str]:
    """The goat sets anyone can see: on the pasture, played, scored or shown from a hand."""
    seen = {data.GOAT_SET[c] for c in view["grid"] if data.is_card(c)}
    for played in view["played"]:
        seen |= {data.GOAT_SET[c] for c in played}
    seen |= set(view["owner"])
    seen |= {data.GOAT_SET[c] for _s, c in view.get("revealed", [])}
    return [s for s in data.SET_KEYS if s in seen]


def _draw_race(cv: Canvas, view: dict, names: list[str], y: float) -> float:
    """Every set's majority race: each player's played goats of it (their values, their sum),
    or who scored it; and the milk shakes played. Returns the y below it."""
    n = view["n"]
    x0, x1 = 10, WIDTH - 10
    cv.rect((x0, y, x1, y + 8), PANEL, None)
    top = y
    y = cv.paragraph(x0 + 12, y + 8, tr("race"), x1 - x0 - 24, 26, INK, bold=True)
    y = cv.paragraph(x0 + 12, y, tr("race_help"), x1 - x0 - 24, SMALL, MUTED) + 4
    sets = _race_sets(view)
    half = (x1 - x0 - 24) // 2
    name_w = 190
    col_w = (half - 16 - 34 - name_w) / n
    # column heads: each player's shape (the colour and shape of the seat)
    for side in range(2):
        bx = x0 + 12 + side * (half + 12)
        for s in range(n):
            cv.token(bx + 34 + name_w + (s + 0.5) * col_w, y + 16, 14, s)
    y += 38
    row_h = 31
    rows = (len(sets) + 1) // 2
    played: list[dict[str, list[int]]] = [{} for _ in range(n)]
    for s in range(n):
        for c in view["played"][s]:
            if data.KIND[c] == "g":
                played[s].setdefault(data.GOAT_SET[c], []).append(data.VALUE[c])
    for i, key in enumerate(sets):
        side, row = divmod(i, rows) if rows else (0, 0)
        bx = x0 + 12 + side * (half + 12)
        ry = y + row * row_h
        if row % 2 == 0:
            cv.rect((bx - 4, ry - 2, bx + half, ry + row_h - 4), (236, 231, 220))
        cv.text((bx + 2, ry + 1), data.SET_LETTERS[key], SMALL, MUTED, bold=True)
        cv.text((bx + 34, ry + 1), name("ziegen", "set", key), SMALL, INK, width=name_w - 6)
        owner = view["owner"].get(key)
        if owner is not None:
            cv.token(bx + 34 + name_w + 14, ry + 14, 12, owner)
            label = tr("scored_by", name=names[owner])
            cv.text(
                (bx + 34 + name_w + 34, ry + 1),
                label,
                SMALL,
                INK,
                bold=True,
                width=int(half - name_w - 70),
            )
            continue
        for s in range(n):
            values = sorted(played[s].get(key, []), reverse=True)
            if values:
                cx = bx + 34 + name_w + (s + 0.5) * col_w
                cv.text(
                    (cx, ry + 1), " ".join(map(str, values)), SMALL, INK, bold=True, anchor="ma"
                )
    y += rows * row_h + 6
    # milk shakes: how many each played (their values' sum): the milk majority
    x = x0 + 12 + cv.text((x0 + 12, y), tr("milk_race"), SMALL, MILK_INK, bold=True) + 14
    for s in range(n):
        milk = [data.VALUE[c] for c in view["played"][s] if data.KIND[c] == "m"]
        label = tr("milk_count", n=len(milk), sum=sum(milk))
        wd = 30 + text_width(label, SMALL)
        if x + wd > x1 - 12:
            x = x0 + 12
            y += 32
        cv.token(x + 12, y + 13, 12, s)
        cv.text((x + 30, y), label, SMALL, INK)
        x += wd + 22
    y += 36
    cv.rect((x0, top, x1, y), None, RULE, 1, radius=8)
    return y


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    names = names_for(names, view["n"])
    size = view["size"]
    found = layers.layer(
        ("ziegen", size, WIDTH, HEIGHT), WIDTH, HEIGHT, lambda cv: _pasture_ground(cv, size)
    )
    cv = layers.canvas(found, WIDTH, HEIGHT)
    _draw_pasture(cv, view)
    bottom = _draw_players(cv, view, names, found.data)
    y = max(bottom, TOP + GRID + MARGIN) + 12
    y = _draw_race(cv, view, names, y) + 12
    x, w = 20, WIDTH - 40
    y = cv.last_caption(x, y, w, view, names)
    if view.get("over"):
        winners = ", ".join(names[s] for s in view.get("winners", []))
        prompt = tr("game_over", names=winners)
    else:
        prompt = fill_names(view.get("prompt", ""), names)
    y = cv.paragraph(x, y, prompt, w, 24, INK, bold=True)
    return cv.png(int(y) + 12)
