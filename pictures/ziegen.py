"""Herr der Ziegen: the pasture grid with every card, pens in their owner's colour, claimed goats
marked with their owner, the large goats on their edges; beside it each player's points; below
it the majority race: per goat set, each player's played goats (and who scored the set), and the
milk shakes each player played.

A pasture card shows its set's letter (the letters of the text board) and its value, big; the
race table below names every set once beside its letter. Drawn from the spectator view alone
(``engines/ziegen/views.py``); card names come from the game's data tables.
"""

from __future__ import annotations

from functools import lru_cache, partial

from engines.ziegen import data, geometry

from . import layers, tiles
from .draw import MIN_TEXT, WIDTH, Canvas, filled, names_for, text_width, wrap_parts, wrapped
from .palette import EMPTY, INK, INKS, MUTED, PANEL, RULE, SEAT_TEXT, SEAT_TINTS, seat_colour
from .words import labels, lang, name

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
FIRST_HEIGHT = 1600  # the canvas tried first (a 5-player board ends about 1,460 rows down)
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
PASTURE = (214, 228, 190)  # the pasture's ground
ACTING = (255, 244, 200)  # the panel of a player to act
ROW_FILL = (236, 231, 220)  # every other row of the race table
# This board's colours after the shared ones: each has the same palette index on every board
# from the start, so its tiles are pasted whatever the board drew first.
COLOURS = INKS + (PASTURE, DOG_FILL, MILK_INK, ACTING, ROW_FILL)

# --- tiles ---------------------------------------------------------------------------------------
# Every part that may stay the same from one move to the next is a tile (``tiles.tile``) keyed
# by what it shows: each pasture cell, each row of them (a move changes a cell or two, if any),
# each player's panel, the race table's head, each of its rows and the milk line. (Whole-pasture
# and whole-race tiles were measured slower: their big copies cost more than they saved, and
# they filled the tiles' memory.) What lies under each is the pasture's ground (a layer keyed
# by the size) or the background; no two boxes share a pixel but a row and its cells, and a
# player's panel and the one below it, which share a row (the frames of two players to act
# touch): the lower one's key names whether the upper one is framed. What marks the last move
# or the cells a move is about (rings, frames, stars, the large goats) lies over them, drawn
# after.


def _cell_box(size: int, cell: int) -> tuple[float, float, float, float]:
    step = GRID / size
    r, c = divmod(cell, size)
    return LEFT + c * step, TOP + r * step, LEFT + (c + 1) * step, TOP + (r + 1) * step


@lru_cache(maxsize=8)
def _cell_tiles(size: int) -> tuple[tuple[int, int, int, int], ...]:
    """Each cell's tile box: the whole cell, whole pixels (the card's frame lies inside it; no
    two cells share a pixel)."""
    boxes = []
    for cell in range(size * size):
        x0, y0, x1, y1 = _cell_box(size, cell)
        boxes.append((int(x0), int(y0), int(x1), int(y1)))
    return tuple(boxes)


def _cell_shows(view: dict, pens: dict[int, int], cell: int) -> tuple:
    """What a pasture cell shows, as a tile's key: ("pen", its seat), ("empty",) or ("card",
    the card, its owner's seat or -1)."""
    card = view["grid"][cell]
    if card == data.PEN:
        return ("pen", pens[cell])
    if card is data.EMPTY:
        return ("empty",)
    return ("card", card, view["mark"][cell])


def _draw_cell(cv: Canvas, size: int, cell: int, shows: tuple) -> None:
    """One pasture cell (``_cell_shows``), inside its box: a tile (``_draw_pasture``)."""
    x0, y0, x1, y1 = _cell_box(size, cell)
    w = x1 - x0
    cx = (x0 + x1) / 2
    box = (x0 + 2, y0 + 2, x1 - 2, y1 - 2)
    if shows[0] == "pen":  # a pen: the owner's colour, shape and letter
        seat = shows[1]
        cv.rect(box, seat_colour(seat), INK, 2, radius=6)
        cv.token(cx, y0 + w * 0.38, w * 0.25, seat)
        cv.text((cx, y1 - 4), tr("pen"), SMALL, SEAT_TEXT[seat], bold=True, anchor="md", box=box)
        return
    if shows[0] == "empty":
        cv.rect(box, EMPTY, RULE, 1, radius=6)
        return
    _, card, owner = shows
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
        PASTURE,
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


def _draw_row(cv: Canvas, size: int, row: int, shows: tuple) -> None:
    """A row of the pasture: each cell a tile."""
    boxes = _cell_tiles(size)
    for cell, what in enumerate(shows, row * size):
        tiles.tile(
            cv,
            ("ziegen.cell", size, cell, what),
            boxes[cell],
            partial(_draw_cell, size=size, cell=cell, shows=what),
        )


def _draw_pasture(cv: Canvas, view: dict) -> None:
    size = view["size"]
    pens = {cell: seat for seat, cell in enumerate(view["pens"])}
    shows = tuple(_cell_shows(view, pens, cell) for cell in range(size * size))
    boxes = _cell_tiles(size)
    for row in range(size):  # each row a tile, made of its cells' tiles
        first, last = boxes[row * size], boxes[row * size + size - 1]
        part = shows[row * size : (row + 1) * size]
        tiles.tile(
            cv,
            ("ziegen.row", size, row, part),
            (first[0], first[1], last[2], last[3]),
            partial(_draw_row, size=size, row=row, shows=part),
        )
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


def _draw_seat(cv: Canvas, shows: tuple, box: tuple[int, int, int, int]) -> None:
    """One player's panel (``_draw_players``: ``shows``), inside ``box``."""
    seat, player, score, lines, hand, acting, _upper_acting = shows
    x, y = box[0] + 6, box[1] + 4
    w = box[2] - 7 - x
    height = 40 + 28 * (len(lines) + 1) + 8
    if acting:
        cv.rect((x - 6, y - 4, x + w + 6, y + height - 4), ACTING, INK, 2, radius=6)
    cv.token(x + 16, y + 17, 17, seat)
    sw = text_width(score, 32, True)
    cv.text((x + 40, y + 4), player, 26, INK, bold=True, width=w - 48 - sw)
    cv.text((x + w, y), score, 32, INK, bold=True, anchor="ra")
    y += 40
    for line in lines:
        cv.text((x + 40, y), line, SMALL, INK)
        y += 28
    cv.text((x + 40, y), hand, SMALL, MUTED)


@lru_cache(maxsize=1024)
def _breakdown(pen: int, other: int, milk: int, width: int, language: str) -> tuple[str, ...]:
    """A player's points, pen / other / milk, in lines ``width`` wide."""
    return tuple(wrap_parts(tr("breakdown", pen=pen, other=other, milk=milk), width, SMALL))


def _draw_players(cv: Canvas, view: dict, names: list[str], title: float) -> float:
    """The score panel beside the pasture; returns its bottom. Each player's panel is a tile:
    their name, points and hand, and whether they are to act."""
    x, w = PANEL_X, PANEL_W
    top = 10
    x += 12
    w -= 24
    y = title  # the title is the layer's (``_pasture_ground``)
    language = lang()
    head = tr("head", size=view["size"], doubling=name("ziegen", "doubling", view["doubling"]))
    y = cv.paragraph(x, y, head, w, SMALL, MUTED) + 8
    last_seat = (view.get("last") or {}).get("seat")
    to_act = view.get("to_act", [])
    upper_acting = False
    for seat in range(view["n"]):
        b = view["breakdown"][seat]
        lines = _breakdown(b["pen"], b["other"], b["milk"], w - 40, language)
        height = 40 + 28 * (len(lines) + 1) + 8
        acting = seat in to_act
        shows = (
            seat,
            names[seat],
            str(view["scores"][seat]),
            lines,
            tr("hand_only", hand=view["hand_counts"][seat]),
            acting,
            upper_acting,  # its frame's lower edge lies on this panel's top row
        )
        box = (x - 6, y - 4, x + w + 7, y + height - 3)
        tiles.tile(cv, ("ziegen.seat", shows), box, partial(_draw_seat, shows=shows, box=box))
        if seat == last_seat:
            cv.star(x + w - 12, y + 40 + 28 * len(lines) + 12, 12)
        upper_acting = acting
        y += height
    y += 4
    cv.line([(x, y), (x + w, y)], RULE, 1)
    y += 10
    y = cv.paragraph(x, y, tr("draw", n=view["draw_count"]), w, SMALL, INK, bold=True)
    discard = tr("box", box=view["box_count"], discard=len(view["discard"]))
    y = cv.paragraph(x, y, discard, w, SMALL, MUTED)
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


# the race table: two columns of sets, each a set's letter and name, then a column per player
RACE_X0, RACE_X1 = 10, WIDTH - 10
HALF = (RACE_X1 - RACE_X0 - 24) // 2
NAME_W = 190
ROW_H = 31


@lru_cache(maxsize=64)
def _race_head_height(language: str) -> int:
    """The height of the race table's head: its title, its help and the players' shapes."""
    w = RACE_X1 - RACE_X0 - 24
    title = len(wrapped(tr("race"), w, 26, True)) * (26 + 26 // 3)
    help_ = len(wrapped(tr("race_help"), w, SMALL, False)) * (SMALL + SMALL // 3)
    return 8 + title + help_ + 4 + 38


def _draw_race_head(cv: Canvas, n: int, top: int) -> None:
    x0, x1 = RACE_X0, RACE_X1
    cv.rect((x0, top, x1, top + 8), PANEL, None)
    y = cv.paragraph(x0 + 12, top + 8, tr("race"), x1 - x0 - 24, 26, INK, bold=True)
    y = cv.paragraph(x0 + 12, y, tr("race_help"), x1 - x0 - 24, SMALL, MUTED) + 4
    col_w = (HALF - 16 - 34 - NAME_W) / n
    # column heads: each player's shape (the colour and shape of the seat)
    for side in range(2):
        bx = x0 + 12 + side * (HALF + 12)
        for s in range(n):
            cv.token(bx + 34 + NAME_W + (s + 0.5) * col_w, y + 16, 14, s)


def _draw_race_row(cv: Canvas, shows: tuple, bx: int, ry: int) -> None:
    """One set's row: its letter and name, then who scored it or each player's goats of it."""
    n, key, shaded, scored = shows[:4]
    if shaded:
        cv.rect((bx - 4, ry - 2, bx + HALF, ry + ROW_H - 4), ROW_FILL)
    cv.text((bx + 2, ry + 1), data.SET_LETTERS[key], SMALL, MUTED, bold=True)
    cv.text((bx + 34, ry + 1), name("ziegen", "set", key), SMALL, INK, width=NAME_W - 6)
    if scored is not None:
        owner, label = scored
        cv.token(bx + 34 + NAME_W + 14, ry + 14, 12, owner)
        cv.text(
            (bx + 34 + NAME_W + 34, ry + 1),
            label,
            SMALL,
            INK,
            bold=True,
            width=int(HALF - NAME_W - 70),
        )
        return
    col_w = (HALF - 16 - 34 - NAME_W) / n
    for s, values in enumerate(shows[4]):
        if values:
            cx = bx + 34 + NAME_W + (s + 0.5) * col_w
            cv.text((cx, ry + 1), values, SMALL, INK, bold=True, anchor="ma")


@lru_cache(maxsize=256)
def _milk_layout(counts: tuple, language: str) -> tuple[int, tuple, tuple, int]:
    """The milk line: (its title's width, each player's label, each one's place (x, rows
    down), the rows it takes): ``counts`` is each player's (cards, sum)."""
    x0, x1 = RACE_X0, RACE_X1
    head = text_width(tr("milk_race"), SMALL, True)
    x = x0 + 12 + head + 14
    row = 0
    labels_, places = [], []
    for n, total in counts:
        label = tr("milk_count", n=n, sum=total)
        wd = 30 + text_width(label, SMALL)
        if x + wd > x1 - 12:
            x = x0 + 12
            row += 1
        labels_.append(label)
        places.append((x, row))
        x += wd + 22
    return head, tuple(labels_), tuple(places), row


def _draw_milk(cv: Canvas, layout: tuple, y: int) -> None:
    _head, labels_, places, _rows = layout
    cv.text((RACE_X0 + 12, y), tr("milk_race"), SMALL, MILK_INK, bold=True)
    for s, (label, (x, row)) in enumerate(zip(labels_, places)):
        ly = y + 32 * row
        cv.token(x + 12, ly + 13, 12, s)
        cv.text((x + 30, ly), label, SMALL, INK)


def _race_rows(view: dict, names: list[str], sets: list[str]) -> tuple:
    """What each row of the race table shows, in order: (players, the set, shaded or not,
    (the seat that scored it, the label) or None, then each player's goats of it if not
    scored)."""
    n = view["n"]
    rows = (len(sets) + 1) // 2
    played: list[dict[str, list[int]]] = [{} for _ in range(n)]
    for s in range(n):
        for c in view["played"][s]:
            if data.KIND[c] == "g":
                played[s].setdefault(data.GOAT_SET[c], []).append(data.VALUE[c])
    shown = [
        {key: " ".join(map(str, sorted(values, reverse=True))) for key, values in seat.items()}
        for seat in played
    ]
    owners = view["owner"]
    out = []
    for i, key in enumerate(sets):
        shaded = (i % rows if rows else 0) % 2 == 0
        owner = owners.get(key)
        if owner is not None:
            out.append((n, key, shaded, (owner, tr("scored_by", name=names[owner]))))
        else:
            out.append((n, key, shaded, None, tuple(seat.get(key, "") for seat in shown)))
    return tuple(out)


def _race_head_part(cv: Canvas, n: int, frame: tuple, end: int) -> int:
    """The race table's head (a tile) and its frame's rows down to ``end``; its last row."""
    x0, top, x1, _ = frame
    tiles.tile(
        cv, ("ziegen.race_head", n), (x0, top, x1 + 1, end), partial(_draw_race_head, n=n, top=top)
    )
    cv.rect(frame, None, RULE, 1, radius=8, rows=(top, end))
    return end - 1


def _race_line(cv: Canvas, line: tuple, frame: tuple, top: int) -> int:
    """One line of the race table from row ``top``: a set's row in each column (each a tile)
    and the frame's rows beside them; its last row."""
    for side, shows in enumerate(line):
        if shows is not None:
            bx = RACE_X0 + 12 + side * (HALF + 12)
            box = (bx - 4, top, bx + HALF + 1, top + ROW_H)
            paint = partial(_draw_race_row, shows=shows, bx=bx, ry=top + 2)
            tiles.tile(cv, ("ziegen.race_row", shows), box, paint)
    cv.rect(frame, None, RULE, 1, radius=8, rows=(top, top + ROW_H))
    return top + ROW_H - 1


def _race_milk_part(cv: Canvas, n: int, layout: tuple, frame: tuple, top: int) -> int:
    """The milk line (a tile) from row ``top`` to the bottom of the frame, and the frame's
    rows there; its last row."""
    x0, _, x1, bottom = frame
    y = top + 8  # the line's text
    tiles.tile(
        cv,
        ("ziegen.milk", n, layout),
        (x0 + 1, y - 4, x1, bottom),
        partial(_draw_milk, layout=layout, y=y),
    )
    cv.rect(frame, None, RULE, 1, radius=8, rows=(top, bottom + 1))
    return bottom


def _draw_race(cv: Canvas, view: dict, names: list[str], y: float) -> float:
    """Every set's majority race: each player's played goats of it (their values, their sum),
    or who scored it; and the milk shakes played. Returns the y below it.

    The table is cut into strips of whole rows (``tiles.strip``): its head, each line of two
    sets, the milk line, each with its part of the frame: a move changes one line at most, the
    rest is put in the PNG as it was. Inside them the head, each set's row and the milk line
    are tiles."""
    n = view["n"]
    language = lang()
    top = int(y)
    sets = _race_sets(view)
    rows = _race_rows(view, names, sets)
    milk: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        for c in view["played"][s]:
            if data.KIND[c] == "m":
                milk[s].append(data.VALUE[c])
    layout = _milk_layout(tuple((len(m), sum(m)) for m in milk), language)
    half = (len(rows) + 1) // 2
    first = top + _race_head_height(language) - 2  # the first line's top row
    milk_top = first + half * ROW_H
    bottom = milk_top + 8 + 32 * layout[3] + 36
    frame = (RACE_X0, top, RACE_X1, bottom)
    head = partial(_race_head_part, n=n, frame=frame, end=first)
    tiles.strip(cv, ("ziegen.race_head", n, frame), top, head)
    for i in range(half):
        line = (rows[i], rows[half + i] if half + i < len(rows) else None)
        at = first + i * ROW_H
        paint = partial(_race_line, line=line, frame=frame, top=at)
        tiles.strip(cv, ("ziegen.race_line", line, frame), at, paint)
    paint = partial(_race_milk_part, n=n, layout=layout, frame=frame, top=milk_top)
    return tiles.strip(cv, ("ziegen.race_milk", n, layout, frame), milk_top, paint)


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    names = names_for(names, view["n"])
    cv, y = _board(view, names, FIRST_HEIGHT)
    if int(y) + 12 > FIRST_HEIGHT:  # a board taller than most: drawn again on the tall canvas
        cv, y = _board(view, names, HEIGHT)
    data = cv.png(int(y) + 12)
    layers.done(cv)
    return data


def _board(view: dict, names: list[str], canvas_height: int) -> tuple[Canvas, float]:
    """The board drawn on a canvas ``canvas_height`` tall; the y below its last line."""
    size = view["size"]
    found = layers.layer(
        ("ziegen", size, WIDTH, HEIGHT),
        WIDTH,
        HEIGHT,
        lambda cv: _pasture_ground(cv, size),
        inks=COLOURS,
    )
    cv = layers.canvas(found, WIDTH, canvas_height)
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
        prompt = filled(view.get("prompt", ""), names)
    return cv, cv.paragraph(x, y, prompt, w, 24, INK, bold=True)
