"""Korrigans: the map with field colours, the Village, rivers, bridges, gates, pontoons, sand,
clover numbers, face-down token counts, Menhirs, every Korrigan in its player's colour, the Troll
on its border, Elf/Goblin carriers, the Cauldron, and the rainbow (Suns and Clouds).

Drawn from the spectator view alone (``engines/korrigans/views.py``). Clover numbers are printed
on the map itself: read from the view's field if present, else from the map file it names.

After a move most of the board is what it was: the map and legend are a static layer
(``layers``), and the map's boxes and cells, the rainbow, the facts, the panel's head and each
seat are tiles (``tiles``) keyed by exactly what they show, so only what moved is drawn; what
changes with every move around them (the to-act frames under the seats, the last move's star
and the Troll over them, the caption) is drawn as it is, in the board's order.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from functools import lru_cache

from engines.korrigans.data import RAINBOW
from engines.korrigans.maps import load_map

from . import layers, tiles
from .draw import (
    _CLEARS,
    MIN_TEXT,
    WIDTH,
    Canvas,
    filled,
    names_for,
    text_width,
    wrap_parts,
    wrapped,
)
from .palette import GOLD, INK, INKS, MUTED, RULE, SEAT_SHAPES
from .words import labels, lang, name

# The words of this board picture: ids of the game's own catalog, ``<game>.pic.<id>``
# (translated in ``locale/<lang>/LC_MESSAGES/korrigans.po``); ``tr`` also knows the shared ones.
LABELS = {
    "village": "Village",
    "menhir": "Menhir",
    "tokens": "tokens",
    "river": "river",
    "bridge": "bridge",
    "gate": "gate",
    "troll": "Troll",
    "cauldron_may": "Cauldron may appear",
    "head": "round {round} · bag {bag} pawns (held by {holder})",
    "gold": "{n} gold",
    "gold_hidden": "{n} + ? gold",
    "gold_note": "Gold: what everyone sees (Menhirs, Elf +2, Goblin -2, open tokens); "
    '"+ ?": the gold behind a screen.',
    "behind": "{n} behind screen",
    "open": "open: {tokens}",
    "nothing": "nothing",
    "none": "none",
    "backup": "Backup {animal}",
    "menhirs": "Menhirs {names}",
    "companions": "Companions: {names}",
    "breakdown": "tokens {tokens}, Menhirs {menhirs}, Elf/Gob. {elf_goblin}, Cauldron {cauldron}",
    "troll_at": "Troll: {border}",
    "beside": "beside the board",
    "elf": "Elf: {owners} (supply {n})",
    "goblin": "Goblin: {owners} (supply {n})",
    "nobody": "nobody",
    "cauldron_on": "Cauldron of Gold on {field}",
    "set_aside": "Set aside: {cards}",
    "chain": "Draws chain (5 Clouds)",
    "elf_mark": "E",  # the letter on a Korrigan carrying the Elf
    "goblin_mark": "G",  # ... the Goblin
}
tr = labels("korrigans", LABELS)

# --- layout (pixels) -----------------------------------------------------------------------------
HEIGHT = 2000  # the canvas; the picture ends below its last line
# ... made shorter when the picture fits (most do: a smaller canvas is made faster), of one
# of a few heights (the shapes drawn are kept per canvas size: ``draw._outlined``)
HEIGHTS = (1280, 1600)
CELL = 92
RAIN = 46  # the Sun column (left) and Cloud row (top)
MAP_X = 10 + RAIN + 6
MAP_Y = 8 + RAIN + 6
PANEL_X = MAP_X + 6 * CELL + 14
PANEL_W = WIDTH - PANEL_X - 10
PANEL_TOP = 8
SLOT = CELL // 2  # each cell holds 2x2 slots for pieces
PIECE_R = 20
SMALL = MIN_TEXT  # the smallest words: 22 px at 1040 wide, 11 px as Discord shows it

FIELD_FILL = {
    "green": (190, 222, 160),
    "yellow": (247, 232, 150),
    "grey": (205, 205, 205),
    "purple": (214, 196, 232),
    "brown": (214, 182, 146),
    "village": (255, 255, 255),
}
FIELD_DEFAULT = (230, 230, 230)
SAND_DOT = (168, 128, 70)
WATER = (86, 180, 233)
WOOD = (120, 72, 30)
STONE = (128, 128, 136)
CLOVER = (40, 110, 50)
TROLL = (70, 90, 40)
ELF = (250, 250, 250)
GOBLIN = (60, 60, 60)
RAINBOW_RGB = {
    "red": (220, 30, 30),
    "orange": (255, 140, 0),
    "yellow": (255, 220, 0),
    "green": (40, 160, 60),
    "blue": (30, 110, 200),
    "indigo": (75, 30, 140),
    "violet": (170, 100, 210),
}
RAINBOW_TEXT = {"yellow": INK, "orange": INK}
RAINBOW_UNKNOWN = (200, 200, 200)
PAWN_EMPTY = (245, 242, 235)  # a rainbow place without its card
TOKEN_BACK = (200, 220, 190)  # the lower disc of a token stack
POT = (40, 40, 40)  # the Cauldron
TO_ACT = (255, 244, 200)  # a panel's seat that is to act
# Every colour of this board, in the palette from the start (after the shared ``INKS``): a
# colour keeps its index move after move, so the parts kept as tiles are pasted again.
OWN_INKS = tuple(
    dict.fromkeys(
        [*FIELD_FILL.values(), FIELD_DEFAULT, SAND_DOT, WATER, WOOD, STONE, CLOVER, TROLL]
        + [ELF, GOBLIN, *RAINBOW_RGB.values(), RAINBOW_UNKNOWN, PAWN_EMPTY, TOKEN_BACK, POT]
        + [TO_ACT]
    )
)

_SHORT = dict(zip(RAINBOW, "ROYGBIV"))  # a colour's letter beside its colour


def _cells(grid: list[str]) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            out.setdefault(ch, []).append((r, c))
    return out


def _clovers(view: dict) -> dict[str, int]:
    fields = view["fields"]
    if all("clovers" in f for f in fields):
        return {f["id"]: f["clovers"] for f in fields}
    try:
        m = load_map(view["map"]["name"])
    except Exception:  # an unknown map: no clover numbers rather than no picture
        return {}
    return dict(zip(m.letters, m.clovers))


def _xy(r: int, c: int) -> tuple[int, int]:
    return MAP_X + c * CELL, MAP_Y + r * CELL


def _segments(grid: list[str]):
    """(field a, field b, x0, y0, x1, y1) for every unit edge between two different fields."""
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            x, y = _xy(r, c)
            if c + 1 < len(row) and row[c + 1] != ch:
                yield ch, row[c + 1], x + CELL, y, x + CELL, y + CELL
            if r + 1 < len(grid) and grid[r + 1][c] != ch:
                yield ch, grid[r + 1][c], x, y + CELL, x + CELL, y + CELL


def _border_key(a: str, b: str) -> str:
    return "-".join(sorted((a.upper(), b.upper())))


def _draw_border(cv: Canvas, kind: str, x0, y0, x1, y1, marker: bool = True) -> None:
    """One unit edge of a border; ``marker``: also its bridge or gate (once per border)."""
    vertical = x0 == x1
    if kind == "river" or kind == "bridge":
        cv.line([(x0, y0), (x1, y1)], WATER, 9)
    else:
        cv.line([(x0, y0), (x1, y1)], INK, 2)
    if not marker:
        return
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if kind == "bridge":  # planks across the water
        if vertical:
            cv.rect((mx - 11, my - 14, mx + 11, my + 14), WOOD, INK, 1)
            for k in (-7, 0, 7):
                cv.line([(mx - 11, my + k), (mx + 11, my + k)], INK, 1)
        else:
            cv.rect((mx - 14, my - 11, mx + 14, my + 11), WOOD, INK, 1)
            for k in (-7, 0, 7):
                cv.line([(mx + k, my - 11), (mx + k, my + 11)], INK, 1)
    elif kind == "gate":  # a fence with a gap: two posts and rails
        for d in (-12, 12):
            px, py = (mx, my + d) if vertical else (mx + d, my)
            cv.rect((px - 4, py - 4, px + 4, py + 4), WOOD, INK, 1)
        if vertical:
            cv.line([(mx - 5, my - 12), (mx - 5, my + 12)], WOOD, 3)
            cv.line([(mx + 5, my - 12), (mx + 5, my + 12)], WOOD, 3)
        else:
            cv.line([(mx - 12, my - 5), (mx + 12, my - 5)], WOOD, 3)
            cv.line([(mx - 12, my + 5), (mx + 12, my + 5)], WOOD, 3)


def _menhir(cv: Canvas, cx: float, cy: float, s: float = 1.0) -> None:
    cv.polygon(
        [
            (cx - 8 * s, cy + 14 * s),
            (cx - 9 * s, cy - 6 * s),
            (cx - 3 * s, cy - 15 * s),
            (cx + 6 * s, cy - 12 * s),
            (cx + 9 * s, cy + 14 * s),
        ],
        STONE,
        INK,
        2,
    )


def _tokens(cv: Canvas, cx: float, cy: float, count: int) -> None:
    cv.ellipse((cx - 15, cy - 3, cx + 13, cy + 15), TOKEN_BACK, INK, 1)
    cv.ellipse((cx - 13, cy - 15, cx + 15, cy + 5), CLOVER, INK, 2)
    cv.text((cx + 1, cy - 5), str(count), SMALL, (255, 255, 255), bold=True, anchor="mm")


def _cauldron(cv: Canvas, cx: float, cy: float) -> None:
    cv.ellipse((cx - 15, cy - 9, cx + 15, cy + 15), POT, INK, 2)
    cv.ellipse((cx - 13, cy - 12, cx + 13, cy - 2), GOLD, INK, 2)
    cv.text((cx, cy + 3), "$", SMALL, GOLD, bold=True, anchor="mm")


def _pontoon(cv: Canvas, cx: float, cy: float) -> None:
    cv.rect((cx - 16, cy - 6, cx + 16, cy + 6), WOOD, INK, 1)
    for k in (-8, 0, 8):
        cv.line([(cx + k, cy - 6), (cx + k, cy + 6)], INK, 1)
    cv.line([(cx - 12, cy + 6), (cx - 12, cy + 14)], WOOD, 3)
    cv.line([(cx + 12, cy + 6), (cx + 12, cy + 14)], WOOD, 3)


def _carrier_badge(cv: Canvas, cx: float, cy: float, carry: str) -> None:
    fill, ink = (ELF, INK) if carry == "elf" else (GOBLIN, (255, 255, 255))
    cv.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill, INK, 2)
    mark = tr("elf_mark") if carry == "elf" else tr("goblin_mark")
    cv.text((cx, cy), mark, SMALL, ink, bold=True, anchor="mm")


def _pawn(cv: Canvas, cx: float, cy: float, colour: str | None, label: str, r: int = 20) -> None:
    if colour is None:
        cv.ellipse((cx - r, cy - r, cx + r, cy + r), PAWN_EMPTY, RULE, 1)
        cv.text((cx, cy), label, SMALL, MUTED, anchor="mm")
        return
    rgb = RAINBOW_RGB.get(colour, RAINBOW_UNKNOWN)
    cv.ellipse((cx - r, cy - r, cx + r, cy + r), rgb, INK, 2)
    cv.text(
        (cx, cy),
        _SHORT.get(colour, "?"),
        SMALL,
        RAINBOW_TEXT.get(colour, (255, 255, 255)),
        bold=True,
        anchor="mm",
    )


def _static(view: dict) -> dict:
    """What of the view the map's layer draws (``layers``): the map, the fields' colours and
    sand, the clover numbers; the same for every move of a game."""
    return {
        "map": view["map"],
        "fields": [
            {"id": f["id"], "colour": f.get("colour"), "sand": bool(f.get("sand"))}
            for f in view["fields"]
        ],
        "clovers": _clovers(view),
    }


def _static_key(static: dict) -> tuple:
    m = static["map"]
    return (
        "korrigans",
        tuple(m["grid"]),
        tuple((b["id"], b["kind"]) for b in m.get("borders", [])),
        tuple((f["id"], f["colour"], f["sand"]) for f in static["fields"]),
        tuple(sorted(static["clovers"].items())),
    )


def _map_ground(cv: Canvas, static: dict) -> None:
    """The fields' areas and sand: under everything else of the map."""
    grid = static["map"]["grid"]
    fields = {f["id"]: f for f in static["fields"]}
    for letter, places in _cells(grid).items():
        f = fields.get(letter, {})
        fill = FIELD_FILL.get(f.get("colour"), FIELD_DEFAULT)
        for r, c in places:
            x, y = _xy(r, c)
            cv.rect((x, y, x + CELL, y + CELL), fill)
            if f.get("sand"):
                for i in range(4):
                    for j in range(4):
                        dx, dy = x + 8 + i * 22 + (j % 2) * 11, y + 10 + j * 22
                        if dx < x + CELL - 4:
                            cv.rect((dx, dy, dx + 2, dy + 2), SAND_DOT)


def _map_lines(cv: Canvas, static: dict) -> None:
    """The borders, the frame, each field's letter, clover number and the Village's name: over
    the Cauldron's marks, under the pieces (which keep to their own slots: slot 0 holds the
    label; a piece's ring or badge reaches at most 4 px into a neighbour, short of its label)."""
    grid = static["map"]["grid"]
    rows, cols = len(grid), len(grid[0])
    fields = {f["id"]: f for f in static["fields"]}
    clovers = static["clovers"]
    kinds = {b["id"].upper(): b["kind"] for b in static["map"].get("borders", [])}
    by_border: dict[str, list[tuple]] = {}
    for a, b, *edge in _segments(grid):
        by_border.setdefault(_border_key(a, b), []).append(edge)
    for key, edges in by_border.items():
        for i, edge in enumerate(edges):
            _draw_border(cv, kinds.get(key, "open"), *edge, marker=i == len(edges) // 2)
    cv.rect((MAP_X, MAP_Y, MAP_X + cols * CELL, MAP_Y + rows * CELL), None, INK, 3)
    for letter, places in _cells(grid).items():
        lx, ly = _slots(places)[0]
        cv.text((lx - SLOT / 2 + 5, ly - SLOT / 2 + 1), letter, 26, INK, bold=True)
        if letter in clovers:  # under the letter, inside the first slot
            cv.text(
                (lx - SLOT / 2 + 4, ly - SLOT / 2 + 25),
                f"♣{clovers[letter]}",
                SMALL,
                CLOVER,
                bold=True,
            )
        if fields.get(letter, {}).get("colour") == "village":
            cv.text((lx - SLOT / 2 + 6, ly + SLOT / 2 + 2), tr("village"), SMALL, INK, bold=True)


def _slots(places: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """A field's slots for pieces, 2x2 per cell, through its cells in order."""
    return [
        (MAP_X + c * CELL + dx * SLOT + SLOT / 2, MAP_Y + r * CELL + dy * SLOT + SLOT / 2)
        for r, c in sorted(places)
        for dy in (0, 1)
        for dx in (0, 1)
    ]


# --- the moving parts of the map, as tiles --------------------------------------------------------
# The map is cut into boxes of BLOCK cells, those at its edges reaching MARGIN past it (a piece
# in a slot at the map's edge reaches past it). What a box shows is the layer's ground and
# borders under it plus every element (a Cauldron mark, a piece) that reaches into it, drawn
# in the board's order: a box is a tile keyed by exactly those elements, drawn whole (a
# neighbour's piece too) with everything outside the box put back as it was (``_box_tile``).
# A move changes the few boxes its pieces reach; the others are pasted. (2x2 cells, 14 boxes:
# a tile pasted costs about what a piece drawn does; boxes of one cell, or boxes drawn from
# their cells' tiles, measured no faster after a move and slower with nothing kept.)
BLOCK = (2, 2)
MARGIN = 6  # px around the map a piece may reach (a badge: 5 past its cell)
# How far each element draws around its point (x0, y0, x1, y1, inclusive), one pixel to spare.
_REACH = {
    "star": (-14, -24, -1, -9),  # the Cauldron's "*" anchored on its cell's corner
    "menhir": (-11, -16, 11, 15),
    "tokens": (-16, -16, 16, 16),
    "tokens_ring": (-22, -22, 22, 22),
    "pontoon": (-17, -7, 17, 15),
    "cauldron": (-16, -13, 16, 16),
    "more": (-24, -12, 24, 12),
    "ring": (-26, -26, 26, 26),  # a Korrigan's last-move ring
    "badge": (0, -28, 28, 0),  # its Elf/Goblin badge
}
_TOKEN_REACH = {  # a Korrigan of each seat shape, radius PIECE_R
    "circle": (-21, -21, 21, 21),
    "square": (-19, -19, 19, 19),
    "triangle": (-24, -23, 24, 18),
    "diamond": (-25, -24, 25, 24),
    "hexagon": (-20, -21, 19, 21),
}


class _Grid:
    """A map's cells, slots and boxes (the same for every move of a game)."""

    def __init__(self, grid: tuple[str, ...]) -> None:
        self.grid = list(grid)
        self.rows, self.cols = len(grid), len(grid[0])
        self.cells = _cells(self.grid)
        self.slots = {letter: _slots(places) for letter, places in self.cells.items()}
        by_border: dict[str, list[tuple]] = {}
        for a, b, *edge in _segments(self.grid):
            by_border.setdefault(_border_key(a, b), []).append(edge)
        self.middles = {key: edges[len(edges) // 2] for key, edges in by_border.items()}
        self.blocks = _Boxes(self.rows, self.cols, BLOCK)


class _Boxes:
    """The map cut into boxes of ``block`` (rows, columns) cells, those at its edges
    reaching MARGIN past it."""

    def __init__(self, rows: int, cols: int, block: tuple[int, int]) -> None:
        self.xs = (
            MAP_X - MARGIN,
            *(MAP_X + c * CELL for c in range(block[1], cols, block[1])),
            MAP_X + cols * CELL + MARGIN,
        )
        self.ys = (
            MAP_Y - MARGIN,
            *(MAP_Y + r * CELL for r in range(block[0], rows, block[0])),
            MAP_Y + rows * CELL + MARGIN,
        )
        self._found: dict[tuple[int, int, int, int], tuple | None] = {}

    def touched(self, extent: tuple[int, int, int, int]) -> tuple | None:
        """The boxes an element drawn inside ``extent`` (inclusive) reaches into (None: it
        reaches past them)."""
        found = self._found.get(extent, False)
        if found is False:
            xs, ys = self.xs, self.ys
            x0, y0, x1, y1 = extent
            if x0 < xs[0] or y0 < ys[0] or x1 >= xs[-1] or y1 >= ys[-1]:
                found = None
            else:
                found = tuple(
                    (xs[j], ys[i], xs[j + 1], ys[i + 1])
                    for i in range(bisect_right(ys, y0) - 1, bisect_right(ys, y1))
                    for j in range(bisect_right(xs, x0) - 1, bisect_right(xs, x1))
                )
            if len(self._found) < 4096:  # (a map's slots and pieces: a few hundred)
                self._found[extent] = found
        return found


_GRIDS: dict[tuple[str, ...], _Grid] = {}
_LAYERS: dict[tuple, int] = {}  # a layer's key -> a short number naming it in the tiles' keys


def _grid(grid: list[str]) -> _Grid:
    key = tuple(grid)
    found = _GRIDS.get(key)
    if found is None:
        if len(_GRIDS) >= 64:
            _GRIDS.clear()
        found = _GRIDS[key] = _Grid(key)
    return found


def _layer_no(key: tuple) -> int:
    found = _LAYERS.get(key)
    if found is None:
        if len(_LAYERS) >= 1024:  # never in practice: a bound all the same
            _LAYERS.clear()  # (numbers go on rising: a number is never reused)
        found = _LAYERS[key] = next(_NUMBERS)
    return found


_NUMBERS = itertools.count()


def _elements(view: dict, g: _Grid) -> list[tuple[tuple, tuple[int, int, int, int]]]:
    """Every moving element of the map in the order the board draws it: (what, its extent).
    First the Cauldron's possible places (each star on its cell's corner: under the borders),
    then the pieces, slot by slot through each field's cells."""
    out = []
    possible = set(view.get("cauldron_possible") or [])
    suns, clouds = view.get("suns", []), view.get("clouds", [])
    if possible:
        for r, row in enumerate(g.grid):
            for c, ch in enumerate(row):
                if (
                    ch in possible
                    and r < len(suns)
                    and c < len(clouds)
                    and suns[r] is None
                    and clouds[c] is None
                ):
                    x, y = _xy(r, c)
                    out.append(_element(("star", x + CELL - 4, y + CELL + 4), _REACH["star"]))
    fields = {f["id"]: f for f in view["fields"]}
    kor = {k["id"]: k for k in view.get("korrigans", [])}
    last = view.get("last") or {}
    last_fields, last_kor = last.get("fields", []), last.get("korrigans", [])
    cauldron = view.get("cauldron")
    for letter, slots in g.slots.items():
        f = fields.get(letter, {})
        items = []
        if f.get("menhir"):
            items.append(("menhir", None))
        if f.get("tokens"):
            items.append(("tokens", f["tokens"]))
        if f.get("pontoon"):
            items.append(("pontoon", None))
        if cauldron == letter:
            items.append(("cauldron", None))
        items += [("kor", kid) for kid in f.get("korrigans", [])]
        if not items:
            continue
        free = [slots[1]] + slots[4:] if f.get("colour") == "village" else slots[1:]
        if len(items) > len(free):  # (the Village's name fills 2 slots)
            items = items[: len(free) - 1] + [("more", len(items) - len(free) + 1)]
        for (what, arg), (cx, cy) in zip(items, free):
            if what == "tokens":
                ringed = letter in last_fields
                reach = _REACH["tokens_ring" if ringed else "tokens"]
                out.append(_element(("tokens", cx, cy, arg, ringed), reach))
            elif what == "more":
                out.append(_element(("more", cx, cy, arg), _REACH["more"]))
            elif what != "kor":
                out.append(_element((what, cx, cy), _REACH[what]))
            else:
                k = kor.get(arg, {})
                seat = k.get("seat", int(arg[1]) - 1 if arg[1:2].isdigit() else 0)
                carry = k.get("carry") if k.get("carry") in ("elf", "goblin") else None
                ringed = arg in last_kor
                x0, y0, x1, y1 = _TOKEN_REACH[SEAT_SHAPES[seat % len(SEAT_SHAPES)]]
                for part, on in (("ring", ringed), ("badge", carry)):
                    if on:
                        a0, b0, a1, b1 = _REACH[part]
                        x0, y0, x1, y1 = min(x0, a0), min(y0, b0), max(x1, a1), max(y1, b1)
                out.append(_element(("kor", cx, cy, seat, carry, ringed), (x0, y0, x1, y1)))
    return out


def _element(what: tuple, reach: tuple[int, int, int, int]):
    x, y = int(what[1]), int(what[2])
    return what, (x + reach[0], y + reach[1], x + reach[2], y + reach[3])


def _draw_element(cv: Canvas, what: tuple) -> None:
    kind, cx, cy = what[:3]
    if kind == "star":
        cv.text((cx, cy), "*", 30, GOLD, bold=True, anchor="rs")
    elif kind == "menhir":
        _menhir(cv, cx, cy)
    elif kind == "tokens":
        if what[4]:
            cv.ring((cx - 16, cy - 16, cx + 16, cy + 16), radius=12)
        _tokens(cv, cx, cy, what[3])
    elif kind == "pontoon":
        _pontoon(cv, cx, cy)
    elif kind == "cauldron":
        _cauldron(cv, cx, cy)
    elif kind == "more":
        cv.text((cx, cy), f"+{what[3]}", SMALL, INK, bold=True, anchor="mm")
    else:  # a Korrigan
        _, _, _, seat, carry, ringed = what
        if ringed:
            cv.ring((cx - PIECE_R, cy - PIECE_R, cx + PIECE_R, cy + PIECE_R), radius=14)
        cv.token(cx, cy, PIECE_R, seat)
        if carry:
            _carrier_badge(cv, cx + 14, cy - 14, carry)


def _box_tile(found: layers.Layer, box: tuple[int, int, int, int], drawn: tuple):
    """The drawing of one box of the map: its elements (``drawn``, in the board's order: the
    stars, then the borders stamped over them again, then the pieces) drawn whole, then
    everything outside the box as it was before (a neighbour's piece reaches into the box: it
    is drawn here for its part inside, and in its own box for the rest)."""

    def paint(cv: Canvas) -> None:
        x0, y0, x1, y1 = box
        for _, (a0, b0, a1, b1) in drawn:
            x0, y0, x1, y1 = min(x0, a0), min(y0, b0), max(x1, a1 + 1), max(y1, b1 + 1)
        around = (max(0, x0), max(0, y0), min(cv.width, x1), min(cv.height, y1))
        before = None if around == box else cv.img.crop(around)
        stars = []
        for what, (a0, b0, a1, b1) in drawn:
            if what[0] == "star":
                _draw_element(cv, what)
                stars.append((a0, b0, a1 + 1, b1 + 1))
        if stars:  # the borders over them again
            layers.stamp_over(cv, found, stars)
        for what, _ in drawn:
            if what[0] != "star":
                _draw_element(cv, what)
        if before is not None:
            inside = cv.img.crop(box)
            cv.img.paste(before, around[:2])
            cv.img.paste(inside, box[:2])

    return paint


def _draw_pieces(cv: Canvas, view: dict, found: layers.Layer, layer_no: int, g: _Grid) -> None:
    """The Cauldron's marks and the pieces: box by box, each a tile (``BLOCK``)."""
    elements = _elements(view, g)
    if not elements:
        return
    boxes: dict[tuple[int, int, int, int], list] = {}
    for element in elements:
        touched = g.blocks.touched(element[1])
        if touched is None:  # past the boxes: never with today's pieces, but not lost
            return _draw_plain(cv, found, elements)
        for box in touched:
            boxes.setdefault(box, []).append(element)
    for box, drawn in boxes.items():
        key = ("korrigans.map", layer_no, tuple(what for what, _ in drawn))
        tiles.tile(cv, key, box, _box_tile(found, box, tuple(drawn)))


def _draw_plain(cv: Canvas, found: layers.Layer, elements: list) -> None:
    """The elements drawn straight on the board, in its order (no tiles)."""
    boxes = []
    for what, (x0, y0, x1, y1) in elements:
        if what[0] == "star":
            _draw_element(cv, what)
            boxes.append((x0, y0, x1 + 1, y1 + 1))
    layers.stamp_over(cv, found, boxes)
    for what, _ in elements:
        if what[0] != "star":
            _draw_element(cv, what)


def _draw_rainbow(cv: Canvas, view: dict, g: _Grid) -> None:
    """The Clouds above the columns and the Suns left of the rows: a tile each."""
    clouds = tuple(view.get("clouds", [])[: g.cols])
    suns = tuple(view.get("suns", [])[: g.rows])

    def paint_clouds(cv: Canvas) -> None:
        for c, colour in enumerate(clouds):
            _pawn(cv, MAP_X + c * CELL + CELL / 2, 8 + RAIN / 2, colour, f"C{c + 1}")

    def paint_suns(cv: Canvas) -> None:
        for r, colour in enumerate(suns):
            _pawn(cv, 10 + RAIN / 2, MAP_Y + r * CELL + CELL / 2, colour, f"S{r + 1}")

    # (a pawn reaches 20 px around its middle: inside its box, short of the map's margin)
    if clouds:
        tiles.tile(
            cv,
            ("korrigans.clouds", clouds),
            (MAP_X, 8, MAP_X + g.cols * CELL, 8 + RAIN),
            paint_clouds,
        )
    if suns:
        tiles.tile(
            cv, ("korrigans.suns", suns), (10, MAP_Y, 10 + RAIN, MAP_Y + g.rows * CELL), paint_suns
        )


def _draw_map(cv: Canvas, view: dict, found: layers.Layer, layer_no: int) -> None:
    """The moving parts of the map: the rainbow, the Cauldron's marks and the pieces (tiles),
    then the Troll on its border (over them)."""
    g = _grid(view["map"]["grid"])
    _draw_rainbow(cv, view, g)
    _draw_pieces(cv, view, found, layer_no, g)
    troll = view.get("troll")
    if troll:
        edge = g.middles.get(troll.upper())
        if edge:
            x0, y0, x1, y1 = edge
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            if (view.get("last") or {}).get("troll"):
                cv.ring((cx - 15, cy - 15, cx + 15, cy + 15), radius=5)
            cv.rect((cx - 15, cy - 15, cx + 15, cy + 15), TROLL, INK, 3, radius=5)
            cv.text((cx, cy), "T", SMALL, (255, 255, 255), bold=True, anchor="mm")


def _legend(cv: Canvas, view: dict, y: float) -> float:
    """What the map's marks mean, item by item in rows under the map; returns the y below."""
    x0, x1 = 10, PANEL_X - 12
    items = []

    def item(icon, label):
        items.append((icon, label))

    item(lambda x, y: _menhir(cv, x + 12, y, 0.8), tr("menhir"))
    item(lambda x, y: _tokens(cv, x + 14, y + 3, 2), tr("tokens"))
    item(lambda x, y: cv.line([(x + 12, y - 12), (x + 12, y + 12)], WATER, 9), tr("river"))
    item(lambda x, y: _draw_border(cv, "bridge", x + 12, y - 16, x + 12, y + 16), tr("bridge"))
    item(lambda x, y: _draw_border(cv, "gate", x + 12, y - 16, x + 12, y + 16), tr("gate"))

    def troll(x, y):
        cv.rect((x, y - 14, x + 28, y + 14), TROLL, INK, 2, radius=4)
        cv.text((x + 14, y), "T", SMALL, (255, 255, 255), bold=True, anchor="mm")

    item(troll, tr("troll"))
    item(
        lambda x, y: cv.text((x + 12, y + 16), "*", 30, GOLD, bold=True, anchor="ms"),
        tr("cauldron_may"),
    )
    colours = sorted({f.get("colour") for f in view["fields"]} & set(FIELD_FILL) - {"village"})
    for colour in colours:
        fill = FIELD_FILL[colour]
        item(
            lambda x, y, fill=fill: cv.rect((x, y - 12, x + 26, y + 12), fill, INK, 1),
            name("korrigans", "field_colour", colour),
        )
    x, row = x0 + 6, y + 18
    for icon, label in items:
        wd = 36 + text_width(label, SMALL)
        if x + wd > x1:
            x, row = x0 + 6, row + 38
        icon(x, row)
        cv.text((x + 34, row), label, SMALL, INK, anchor="lm")
        x += wd + 18
    return row + 24


def _tokens_text(tokens: list[str]) -> str:
    return ", ".join(name("korrigans", "token", t) for t in tokens)


def _gold(view: dict, pl: dict) -> str:
    """A player's gold as everyone can count it: the gold shown (Menhirs, Elf/Goblin, open
    tokens, the Cauldron) and, while a screen hides tokens, "+ ?" (their gold is secret)."""
    shown = view.get("scores", [0] * (pl["seat"] + 1))[pl["seat"]]
    hidden = pl.get("screen") and pl.get("hidden_count") and view.get("phase") != "over"
    return tr("gold_hidden", n=shown) if hidden else tr("gold", n=shown)


def _seat_part(view: dict, pl: dict, over: bool) -> tuple:
    """What a player's panel lists (besides name and gold), from the view: a key."""
    s = pl["seat"]
    breakdown = view.get("breakdown")
    b = None
    if over and isinstance(breakdown, list) and s < len(breakdown):
        b = tuple(breakdown[s].get(k, 0) for k in ("tokens", "menhirs", "elf_goblin", "cauldron"))
    tokens = pl.get("tokens")
    return (
        bool(pl.get("screen") and not over),
        pl.get("hidden_count"),
        None if tokens is None else tuple(tokens),
        tuple(pl.get("companions", [])),
        pl.get("backup"),
        tuple(pl.get("menhirs") or ()),
        b,
    )


@lru_cache(maxsize=1024)
def _seat_lines(part: tuple, width: int, language: str) -> tuple[tuple[str, tuple], ...]:
    """A player's panel lines ((text, ink), wrapped ``width`` wide) in ``language`` (the
    drawing's: a key)."""
    screened, hidden_count, tokens, companions, backup, menhirs, b = part
    lines: list[tuple[str, tuple]] = []
    if screened:
        lines.append((tr("behind", n=hidden_count), MUTED))
    elif tokens is not None:
        lines.append((tr("open", tokens=_tokens_text(tokens) or tr("nothing")), INK))
    lines.append((tr("companions", names=_tokens_text(companions) or tr("none")), INK))
    if backup:
        lines.append((tr("backup", animal=name("korrigans", "backup", backup)), INK))
    if menhirs:
        shown = ", ".join(name("korrigans", "menhir", m) for m in menhirs)
        lines.append((tr("menhirs", names=shown), INK))
    if b is not None:
        tokens_n, menhirs_n, elf_goblin, cauldron = b
        text = tr(
            "breakdown",
            tokens=tokens_n,
            menhirs=menhirs_n,
            elf_goblin=elf_goblin,
            cauldron=cauldron,
        )
        lines.append((text, MUTED))
    return tuple(
        (piece, ink) for text, ink in lines for piece in wrap_parts(text, width, SMALL, sep=", ")
    )


def _seat_tile(s: int, name_: str, gold: str, seat_lines: tuple, x: int, y: int, w: int):
    """The drawing of one player's token, name, gold and lines (a tile: its box lies inside
    its "to act" frame, drawn before it; the last move's star goes over it)."""

    def paint(cv: Canvas) -> None:
        cv.token(x + 16, y + 17, 17, s)
        gw = text_width(gold, 26, True)
        cv.text((x + 40, y + 4), name_, 26, INK, bold=True, width=w - 50 - gw)
        cv.text((x + w, y + 4), gold, 26, INK, bold=True, anchor="ra")
        ly = y + 42
        for part, ink in seat_lines:
            cv.text((x + 40, ly), part, SMALL, ink)
            ly += 28

    return paint


def _panel(view: dict, names: list[str]) -> tuple:
    """The panel's layout: (head's lines, each seat's (seat, name, gold, lines, y, height,
    to act, last move's star), its bottom)."""
    w = PANEL_W - 24
    holder = view.get("bag_holder")
    holder_name = names[holder] if isinstance(holder, int) and holder < len(names) else "-"
    head = tr("head", round=view.get("round", "?"), bag=view.get("bag", 0), holder=holder_name)
    head_lines = wrapped(head, w, SMALL)
    y = PANEL_TOP + 8 + 40 * len(wrapped("Korrigans", w, 30, True))
    y += 29 * len(head_lines) + 6
    last_seat = (view.get("last") or {}).get("seat")
    over = view.get("phase") == "over"
    to_act = view.get("to_act", [])
    language = lang()
    seats = []
    for pl in view.get("players", []):
        s = pl["seat"]
        seat_lines = _seat_lines(_seat_part(view, pl, over), w - 40, language)
        height = 42 + 28 * len(seat_lines) + 8
        seats.append(
            (s, names[s], _gold(view, pl), seat_lines, y, height, s in to_act, s == last_seat)
        )
        y += height
    return head_lines, tuple(seats), y + 8


def _draw_panel(cv: Canvas, panel: tuple) -> None:
    """Each player's gold, tokens and Companions beside the map (``_panel``), in its outline.
    Tiles: the outline's top rows, the head (its round and bag change often), each seat's
    token, name, gold and lines (inside its "to act" frame: two frames share a row), the
    outline's bottom rows; its sides are two lines, the frames and the last move's star drawn
    as they are."""
    head_lines, seats, bottom = panel
    if not seats:  # (never: a game has players) drawn as it is, no tiles
        return _draw_panel_plain(cv, panel)
    x, w = PANEL_X + 12, PANEL_W - 24
    top = PANEL_TOP
    outline = (PANEL_X, top, PANEL_X + PANEL_W, bottom)
    first, end = seats[0][4] - 4, bottom - 8 - 4  # the first frame's top row, the last's bottom

    def outlined(box):
        def paint(cv: Canvas) -> None:
            before = cv.img.crop((PANEL_X, top, PANEL_X + PANEL_W + 1, bottom + 1))
            cv.rect(outline, None, RULE, 1, radius=8)
            _keep_only(cv, box, before, (PANEL_X, top))

        return paint

    def head(cv: Canvas) -> None:
        y = cv.lines(x, top + 8, wrapped("Korrigans", w, 30, True), 30, INK, bold=True)
        cv.lines(x, y, head_lines, SMALL, MUTED)

    below = top + 10  # the outline's top rows (its corners: 8 rows), above the title's ink
    box = (PANEL_X, top, PANEL_X + PANEL_W + 1, below)
    tiles.tile(cv, ("korrigans.top", bottom - top), box, outlined(box))
    box = (PANEL_X + 1, below, PANEL_X + PANEL_W, first)
    tiles.tile(cv, ("korrigans.head", head_lines), box, head)
    for edge in (PANEL_X, PANEL_X + PANEL_W):  # the outline's straight sides
        cv.rect((edge, below, edge, end), RULE)
    for s, name_, gold, seat_lines, y, height, acting, starred in seats:
        if acting:
            cv.rect((x - 6, y - 4, x + w + 6, y + height - 4), TO_ACT, INK, 2, radius=6)
        box = (x - 6, y - 3, x + w + 7, y + height - 4)  # (the frame's rows but the 2 shared)
        key = ("korrigans.seat", s, name_, gold, seat_lines, acting, height)
        tiles.tile(cv, key, box, _seat_tile(s, name_, gold, seat_lines, x, y, w))
        if starred:
            cv.star(x + w - 12, y + height - 8 - 14, 12)
    box = (PANEL_X, end + 1, PANEL_X + PANEL_W + 1, bottom + 1)
    tiles.tile(cv, ("korrigans.bottom", bottom - top), box, outlined(box))


def _keep_only(cv: Canvas, box, before, at) -> None:
    """What was drawn since ``before`` (the canvas's pixels at ``at``) kept inside ``box``
    only: the rest as it was."""
    inside = cv.img.crop(box)
    cv.img.paste(before, at)
    cv.img.paste(inside, box[:2])


def _draw_panel_plain(cv: Canvas, panel: tuple) -> None:
    """``_draw_panel`` of a panel with no seats (never: a game has players): its heading and
    head lines in its outline, drawn as they are."""
    head_lines, _seats, bottom = panel
    x, w = PANEL_X + 12, PANEL_W - 24
    y = cv.lines(x, PANEL_TOP + 8, wrapped("Korrigans", w, 30, True), 30, INK, bold=True)
    cv.lines(x, y, head_lines, SMALL, MUTED)
    cv.rect((PANEL_X, PANEL_TOP, PANEL_X + PANEL_W, bottom), None, RULE, 1, radius=8)


def _facts(view: dict, names: list[str]) -> tuple[str, ...]:
    """The Troll, Elf, Goblin, Cauldron and rainbow news under the legend."""
    lines = [tr("troll_at", border=view.get("troll") or tr("beside"))]
    for who in ("elf", "goblin"):
        held = list(view.get(who, []))
        owners = ", ".join(
            names[int(k[1]) - 1] for k in held if k[1:2].isdigit() and int(k[1]) - 1 < len(names)
        )
        lines.append(
            tr(f"{who}", owners=owners or tr("nobody"), n=view.get("supply", {}).get(who, 0))
        )
    if view.get("cauldron"):
        lines.append(tr("cauldron_on", field=view["cauldron"]))
    if view.get("set_aside"):
        lines.append(
            tr(
                "set_aside",
                cards=", ".join(name("korrigans", "rainbow", c) for c in view["set_aside"]),
            )
        )
    if view.get("chain"):
        lines.append(tr("chain"))
    lines.append(tr("gold_note"))
    return tuple(lines)


def _draw_facts(cv: Canvas, facts: tuple, x: int, y: float, w: int, under) -> float:
    """The facts (``_facts``, each wrapped ``w`` wide) from (x, y) down, a tile (``under``:
    the layer below it); returns the y below."""
    bottom = y + 28 * sum(len(lines) for lines in facts)

    def paint(cv: Canvas) -> None:
        at = y
        for lines in facts:
            at = cv.lines(x, at, lines, SMALL, INK, line=28)

    # (from 6 px left of and above the first line to 4 px below the last: what lies under is
    # the layer's ground, below its legend; the panel is right of it, the caption far below)
    box = (x - 6, y - 6, x + w + 4, bottom + 4)
    tiles.tile(cv, ("korrigans.facts", under, facts), box, paint)
    return bottom


def _clear() -> None:
    """Forget what this module keeps (``draw.clear_caches``: tests draw with cold caches)."""
    _seat_lines.cache_clear()
    for kept in (_GRIDS, _LAYERS):
        kept.clear()


_CLEARS.append(_clear)


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    names = names_for(names, len(view.get("players", [])))
    static = _static(view)
    rows = len(view["map"]["grid"])

    def ground(cv: Canvas) -> float:
        """The fields and the legend (under nothing that moves: the legend is below the map,
        left of the panel)."""
        _map_ground(cv, static)
        return _legend(cv, static, MAP_Y + rows * CELL + 4)

    key = (*_static_key(static), lang(), WIDTH, HEIGHT)
    inks = INKS + OWN_INKS
    found = layers.layer(key, WIDTH, HEIGHT, ground, lambda cv: _map_lines(cv, static), inks)
    layer_no = _layer_no((key, inks))
    # the layout first (the canvas is made as tall as the picture needs: ``HEIGHTS``)
    facts_y, facts_w = found.data + 6, PANEL_X - 32  # (under the legend)
    facts = tuple(wrapped(line, facts_w, SMALL) for line in _facts(view, names))
    panel = _panel(view, names)
    below = max(facts_y + 28 * sum(len(lines) for lines in facts), panel[2]) + 12
    x, w = 20, WIDTH - 40
    if view.get("phase") == "over":
        winners = ", ".join(names[s] for s in view.get("winners", []) if s < len(names))
        prompt = tr("game_over", names=winners)
    else:
        prompt = filled(view.get("prompt", ""), names)
    prompt_lines = wrapped(prompt, w, 24, True)
    # the last move's caption: at most 3 lines of 29 px (and 4) but for a rare first sentence
    # longer than that: then drawn again on a canvas HEIGHT tall
    tall = int(below + 3 * 29 + 4 + 32 * len(prompt_lines)) + 12
    for height in [h for h in HEIGHTS if h >= tall] + [HEIGHT]:
        cv = layers.canvas(found, WIDTH, height)
        _draw_map(cv, view, found, layer_no)
        _draw_facts(cv, facts, 16, facts_y, facts_w, layer_no)
        _draw_panel(cv, panel)
        y = cv.last_caption(x, below, w, view, names)
        y = cv.lines(x, y, prompt_lines, 24, INK, bold=True)
        if int(y) + 12 <= height:
            break
    data = cv.png(int(y) + 12)
    layers.done(cv)
    return data
