"""Korrigans: the map with field colours, the Village, rivers, bridges, gates, pontoons, sand,
clover numbers, face-down token counts, Menhirs, every Korrigan in its player's colour, the Troll
on its border, Elf/Goblin carriers, the Cauldron, and the rainbow (Suns and Clouds).

Drawn from the spectator view alone (``engines/korrigans/views.py``). Clover numbers are printed
on the map itself: read from the view's field if present, else from the map file it names.
"""

from __future__ import annotations

from engines.korrigans.data import RAINBOW
from engines.korrigans.maps import load_map

from .draw import Canvas, fill_names, names_for, wrap
from .palette import GOLD, INK, MUTED, PANEL, RULE
from .words import name, tr

# --- layout (pixels) -----------------------------------------------------------------------------
WIDTH, HEIGHT = 960, 700
CELL = 86
RAIN = 40  # the Sun column (left) and Cloud row (top)
MAP_X = 12 + RAIN + 6
MAP_Y = 8 + RAIN + 6
PANEL_X = MAP_X + 6 * CELL + 16
PANEL_W = WIDTH - PANEL_X - 10
SLOT = CELL // 2  # each cell holds 2x2 slots for pieces
PIECE_R = 14

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
    cv.ellipse((cx - 15, cy - 3, cx + 13, cy + 15), (200, 220, 190), INK, 1)
    cv.ellipse((cx - 13, cy - 15, cx + 15, cy + 5), CLOVER, INK, 2)
    cv.text((cx + 1, cy - 5), str(count), 18, (255, 255, 255), bold=True, anchor="mm")


def _cauldron(cv: Canvas, cx: float, cy: float) -> None:
    cv.ellipse((cx - 15, cy - 9, cx + 15, cy + 15), (40, 40, 40), INK, 2)
    cv.ellipse((cx - 13, cy - 12, cx + 13, cy - 2), GOLD, INK, 2)
    cv.text((cx, cy + 5), "$", 14, GOLD, bold=True, anchor="mm")


def _pontoon(cv: Canvas, cx: float, cy: float) -> None:
    cv.rect((cx - 16, cy - 6, cx + 16, cy + 6), WOOD, INK, 1)
    for k in (-8, 0, 8):
        cv.line([(cx + k, cy - 6), (cx + k, cy + 6)], INK, 1)
    cv.line([(cx - 12, cy + 6), (cx - 12, cy + 14)], WOOD, 3)
    cv.line([(cx + 12, cy + 6), (cx + 12, cy + 14)], WOOD, 3)


def _carrier_badge(cv: Canvas, cx: float, cy: float, carry: str) -> None:
    fill, ink = (ELF, INK) if carry == "elf" else (GOBLIN, (255, 255, 255))
    cv.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill, INK, 2)
    mark = tr("k.elf_mark") if carry == "elf" else tr("k.goblin_mark")
    cv.text((cx, cy), mark, 12, ink, bold=True, anchor="mm")


def _pawn(cv: Canvas, cx: float, cy: float, colour: str | None, label: str, r: int = 14) -> None:
    if colour is None:
        cv.ellipse((cx - r, cy - r, cx + r, cy + r), (245, 242, 235), RULE, 1)
        cv.text((cx, cy), label, 12, MUTED, anchor="mm")
        return
    rgb = RAINBOW_RGB.get(colour, (200, 200, 200))
    cv.ellipse((cx - r, cy - r, cx + r, cy + r), rgb, INK, 2)
    cv.text(
        (cx, cy),
        _SHORT.get(colour, "?"),
        16,
        RAINBOW_TEXT.get(colour, (255, 255, 255)),
        bold=True,
        anchor="mm",
    )


def _draw_map(cv: Canvas, view: dict) -> None:
    grid = view["map"]["grid"]
    rows, cols = len(grid), len(grid[0])
    fields = {f["id"]: f for f in view["fields"]}
    cells = _cells(grid)
    clovers = _clovers(view)
    kinds = {b["id"].upper(): b["kind"] for b in view["map"].get("borders", [])}
    # rainbow: Clouds above the columns, Suns left of the rows
    for c, colour in enumerate(view.get("clouds", [])[:cols]):
        _pawn(cv, MAP_X + c * CELL + CELL / 2, 8 + RAIN / 2, colour, f"C{c + 1}", 16)
    for r, colour in enumerate(view.get("suns", [])[:rows]):
        _pawn(cv, 12 + RAIN / 2, MAP_Y + r * CELL + CELL / 2, colour, f"S{r + 1}", 16)
    # field areas
    for letter, places in cells.items():
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
    possible = set(view.get("cauldron_possible") or [])
    suns, clouds = view.get("suns", []), view.get("clouds", [])
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if (
                ch in possible
                and r < len(suns)
                and c < len(clouds)
                and suns[r] is None
                and clouds[c] is None
            ):
                x, y = _xy(r, c)
                cv.text((x + CELL - 4, y + CELL - 2), "*", 22, GOLD, bold=True, anchor="rs")
    by_border: dict[str, list[tuple]] = {}
    for a, b, *edge in _segments(grid):
        by_border.setdefault(_border_key(a, b), []).append(edge)
    for key, edges in by_border.items():
        for i, edge in enumerate(edges):
            _draw_border(cv, kinds.get(key, "open"), *edge, marker=i == len(edges) // 2)
    cv.rect((MAP_X, MAP_Y, MAP_X + cols * CELL, MAP_Y + rows * CELL), None, INK, 3)
    # pieces, slot by slot through each field's cells (the first slot holds the label)
    kor = {k["id"]: k for k in view.get("korrigans", [])}
    for letter, places in cells.items():
        f = fields.get(letter, {})
        slots = [
            (MAP_X + c * CELL + dx * SLOT + SLOT / 2, MAP_Y + r * CELL + dy * SLOT + SLOT / 2)
            for r, c in sorted(places)
            for dy in (0, 1)
            for dx in (0, 1)
        ]
        lx, ly = slots[0]
        village = f.get("colour") == "village"
        wide = cv.text((lx - SLOT / 2 + 5, ly - SLOT / 2 + 2), letter, 24, INK, bold=True)
        if letter in clovers:
            cv.text(
                (lx - SLOT / 2 + 7 + wide, ly - SLOT / 2 + 5),
                f"♣{clovers[letter]}",
                15,
                CLOVER,
                bold=True,
            )
        items = []
        if f.get("menhir"):
            items.append(("menhir", None))
        if f.get("tokens"):
            items.append(("tokens", f["tokens"]))
        if f.get("pontoon"):
            items.append(("pontoon", None))
        if view.get("cauldron") == letter:
            items.append(("cauldron", None))
        items += [("kor", kid) for kid in f.get("korrigans", [])]
        if village:
            cv.text(
                (lx - SLOT / 2 + 6, ly + SLOT / 2 - 12),
                tr("k.village"),
                15,
                INK,
                bold=True,
                anchor="lm",
                width=SLOT * 2,
            )
            items.insert(0, ("skip", None))
        elif f.get("colour"):  # the colour in words too (Bird moves between equal colours)
            colour = name("korrigans", "field_colour", f["colour"])
            cv.text(
                (lx - SLOT / 2 + 5, ly + SLOT / 2 - 2), colour, 12, INK, anchor="ls", width=SLOT + 4
            )
        free = slots[1:]
        if len(items) > len(free):
            items = items[: len(free) - 1] + [("more", len(items) - len(free) + 1)]
        for (what, arg), (cx, cy) in zip(items, free):
            if what == "skip":
                continue
            if what == "menhir":
                _menhir(cv, cx, cy)
            elif what == "tokens":
                _tokens(cv, cx, cy, arg)
            elif what == "pontoon":
                _pontoon(cv, cx, cy)
            elif what == "cauldron":
                _cauldron(cv, cx, cy)
            elif what == "more":
                cv.text((cx, cy), f"+{arg}", 18, INK, bold=True, anchor="mm")
            else:
                k = kor.get(arg, {})
                seat = k.get("seat", int(arg[1]) - 1 if arg[1:2].isdigit() else 0)
                cv.token(cx, cy, PIECE_R, seat)
                if k.get("carry") in ("elf", "goblin"):
                    _carrier_badge(cv, cx + 12, cy - 12, k["carry"])
    troll = view.get("troll")
    if troll:
        segs = [s for s in _segments(grid) if _border_key(s[0], s[1]) == troll.upper()]
        if segs:
            _, _, x0, y0, x1, y1 = segs[len(segs) // 2]
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            cv.rect((cx - 12, cy - 12, cx + 12, cy + 12), TROLL, INK, 3, radius=5)
            cv.text((cx, cy), "T", 18, (255, 255, 255), bold=True, anchor="mm")


def _legend(cv: Canvas) -> None:
    y = MAP_Y + 7 * CELL + 22
    x = MAP_X - 40
    _menhir(cv, x + 10, y, 0.7)
    x += 24 + cv.text((x + 24, y), tr("k.menhir"), 14, INK, anchor="lm")
    _tokens(cv, x + 26, y + 3, 2)
    x += 48 + cv.text((x + 48, y), tr("k.tokens"), 14, INK, anchor="lm")
    cv.line([(x + 14, y - 10), (x + 14, y + 10)], WATER, 8)
    x += 26 + cv.text((x + 26, y), tr("k.river"), 14, INK, anchor="lm")
    _draw_border(cv, "bridge", x + 14, y - 14, x + 14, y + 14)
    x += 30 + cv.text((x + 30, y), tr("k.bridge"), 14, INK, anchor="lm")
    _draw_border(cv, "gate", x + 14, y - 16, x + 14, y + 16)
    x += 30 + cv.text((x + 30, y), tr("k.gate"), 14, INK, anchor="lm")
    cv.rect((x + 8, y - 9, x + 26, y + 9), TROLL, INK, 2, radius=4)
    cv.text((x + 17, y), "T", 13, (255, 255, 255), bold=True, anchor="mm")
    x += 32 + cv.text((x + 32, y), tr("k.troll"), 14, INK, anchor="lm")
    cv.text((x + 14, y + 8), "*", 22, GOLD, bold=True, anchor="ms")
    cv.text((x + 26, y), tr("k.cauldron_may"), 14, INK, anchor="lm", width=PANEL_X - x - 34)


def _tokens_text(tokens: list[str]) -> str:
    return ", ".join(name("korrigans", "token", t) for t in tokens)


def _draw_panel(cv: Canvas, view: dict, names: list[str]) -> None:
    x, w = PANEL_X, PANEL_W
    cv.rect((x, 8, x + w, HEIGHT - 8), PANEL, RULE, 1, radius=8)
    x += 12
    w -= 24
    cv.text((x, 16), "Korrigans", 24, INK, bold=True)
    holder = view.get("bag_holder")
    holder_name = names[holder] if isinstance(holder, int) and holder < len(names) else "-"
    cv.text(
        (x, 46),
        tr("k.head", round=view.get("round", "?"), bag=view.get("bag", 0), holder=holder_name),
        16,
        MUTED,
        width=w,
    )
    players = view.get("players", [])
    y = 74
    block = min(96, (HEIGHT - 250) // max(1, len(players)))
    carriers = {k: "Elf" for k in view.get("elf", [])}
    carriers.update({k: "Goblin" for k in view.get("goblin", [])})
    for pl in players:
        s = pl["seat"]
        if s in view.get("to_act", []):
            cv.rect((x - 6, y - 4, x + w + 6, y + block - 8), (255, 244, 200), INK, 2, radius=6)
        cv.token(x + 14, y + 14, 13, s)
        cv.text((x + 34, y + 3), names[s], 20, INK, bold=True, width=w - 110)
        score = view.get("scores", [0] * len(players))[s]
        cv.text((x + w, y + 1), tr("k.gold", n=score), 22, INK, bold=True, anchor="ra")
        held = (
            tr("k.behind", n=pl["hidden_count"])
            if pl.get("screen")
            else tr("k.open", tokens=_tokens_text(pl.get("tokens", [])) or tr("k.nothing"))
        )
        cv.text((x + 34, y + 28), held, 15, INK, width=w - 34)
        comp = _tokens_text(pl.get("companions", [])) or tr("k.none")
        extra = []
        if pl.get("backup"):
            extra.append(tr("k.backup", animal=name("korrigans", "backup", pl["backup"])))
        if pl.get("menhirs"):
            extra.append(
                tr(
                    "k.menhirs",
                    names=", ".join(name("korrigans", "menhir", m) for m in pl["menhirs"]),
                )
            )
        cv.text((x + 34, y + 47), tr("k.companions", names=comp), 15, INK, width=w - 34)
        breakdown = view.get("breakdown")
        over = view.get("phase") == "over" and isinstance(breakdown, list) and s < len(breakdown)
        if over:
            b = breakdown[s]
            cv.text(
                (x + 34, y + 66),
                tr(
                    "k.breakdown",
                    tokens=b.get("tokens", 0),
                    menhirs=b.get("menhirs", 0),
                    elf_goblin=b.get("elf_goblin", 0),
                    cauldron=b.get("cauldron", 0),
                ),
                14,
                INK,
                width=w - 34,
            )
        elif extra:
            cv.text((x + 34, y + 66), " · ".join(extra), 15, MUTED, width=w - 34)
        y += block
    y += 2
    cv.line([(x, y), (x + w, y)], RULE, 1)
    y += 8
    lines = [tr("k.troll_at", border=view.get("troll") or tr("k.beside"))]
    for who in ("elf", "goblin"):
        held = [k for k in view.get(who, [])]
        owners = ", ".join(
            names[int(k[1]) - 1] for k in held if k[1:2].isdigit() and int(k[1]) - 1 < len(names)
        )
        lines.append(
            tr(f"k.{who}", owners=owners or tr("k.nobody"), n=view.get("supply", {}).get(who, 0))
        )
    if view.get("cauldron"):
        lines.append(tr("k.cauldron_on", field=view["cauldron"]))
    if view.get("set_aside"):
        lines.append(
            tr(
                "k.set_aside",
                cards=", ".join(name("korrigans", "rainbow", c) for c in view["set_aside"]),
            )
        )
    if view.get("chain"):
        lines.append(tr("k.chain"))
    if view.get("phase") == "over":
        winners = ", ".join(names[s] for s in view.get("winners", []) if s < len(names))
        prompt = tr("game_over", names=winners)
    else:
        prompt = fill_names(view.get("prompt", ""), names)
    wrapped = wrap(prompt, w, 18, 3, bold=True)
    bottom = HEIGHT - 20 - 24 * len(wrapped)  # the prompt's place, kept free
    if len(lines) > 3:  # two to a line where room is short
        pairs = [" · ".join(lines[i : i + 2]) for i in range(0, len(lines), 2)]
        lines = lines if y + 22 * len(lines) <= bottom - 4 else pairs
    for line in lines:
        if y + 22 > bottom - 4:
            break
        cv.text((x, y), line, 16, INK, width=w)
        y += 22
    y = bottom
    for line in wrapped:
        cv.text((x, y), line, 18, INK, bold=True)
        y += 24


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    cv = Canvas(WIDTH, HEIGHT)
    _draw_map(cv, view)
    _legend(cv)
    _draw_panel(cv, view, names_for(names, len(view.get("players", []))))
    return cv.png()
