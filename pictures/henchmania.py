"""Henchmania: the five sites with their spots, pawns, who dominates and deck sizes; the duel in
progress; per player their points, hand (card backs per site), Trump and Reserve; every site's
discard pile (public: "at any time, the players can look at the discarded cards"); the day and
the target.

Drawn from the spectator view alone (``engines/henchmania/views.py``): hands show only as counts
of card backs per site.

Only what moved is drawn (``tiles``): the heading, each site, each side of the duel (or the
line saying there is none), each player's panel and the discard piles are tiles, each keyed by
exactly what it shows (a small tuple: ``_site_part``, ``_player_part``, ...), so after a move
the parts it did not touch are pasted as they were. Every tile lies on the background (nothing
is drawn under one); the last move's rings and stars are drawn over them afterwards. The
layouts (lines wrapped, heights) are remembered per what they show and the language.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engines.henchmania.data import CARDS

from . import palette, tiles
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
from .palette import EMPTY, INK, MUTED, PANEL, RULE
from .words import labels, lang, name

# The words of this board picture: ids of the game's own catalog, ``<game>.pic.<id>``
# (translated in ``locale/<lang>/LC_MESSAGES/henchmania.po``); ``tr`` also knows the shared ones.
LABELS = {
    "spots": "{n}/{spots} spots",
    "no_majority": "no majority",
    "dominant": "Dominant",
    "deck": "deck {n}",
    "discard": "discard {n}",
    "top": "top: {card}",
    "no_duel": "No duel in progress.",
    "last_duel": "No duel in progress. Last duel: {attacker} against {defender}.",
    "tie_duel": "Tie duel",
    "duel": "Duel",
    "bare_hands": "bare hands",
    "choosing": "choosing a weapon",
    "attacks": "attacks · {arms}",
    "defends": "defends · {arms}",
    "hits_on": "hits on {n}+",
    "parries_on": "parries on {n}+",
    "hits.one": "{n} hit",
    "hits.other": "{n} hits",
    "unparried": "{n} unparried",
    "pts": "pts",
    "passed": "passed",
    "to_place": "{n} to place",
    "holds": "holds {names}",
    "badge": "Badge of Honor",
    "hand": "hand {n}",
    "trump": "Trump: {card}",
    "reserve": "Reserve: {cards}",
    "head": "Day {day} of {days} · first to {target} points",
    "discards": "Discard piles (anyone may look at them):",
    "initial.tavern": "T",
    "initial.castle": "C",
    "initial.square": "S",
    "initial.church": "Ch",
    "initial.armory": "A",
    "head_badge": "Day {day} of {days} · first to {target} points · Badge of Honor: {name}",
}
tr = labels("henchmania", LABELS)

# --- layout (pixels) -----------------------------------------------------------------------------
HEIGHT = 2400  # the canvas; the picture ends below its last line
SHORT = 1600  # ... first drawn on a canvas this tall (every board seen so far fits in 1500 rows;
# a blank canvas costs by its size): a taller board is drawn again on the tall one
MARGIN = 10
SITE_Y = 60
SITE_W = (WIDTH - 2 * MARGIN) // 5
SITE_HEAD = 40
SPOT_R = 19
SPOTS_PER_ROW = 4
SMALL = MIN_TEXT  # the smallest words: 22 px at 1040 wide, 11 px as Discord shows it
SITE_COLOURS = {
    "tavern": (196, 150, 100),
    "castle": (150, 170, 200),
    "square": (210, 190, 130),
    "church": (190, 170, 215),
    "armory": (160, 160, 160),
}
ACTING = (255, 244, 200)
# every colour of the board, in the canvas's palette from the start (the same index each board)
INKS = palette.INKS + tuple(SITE_COLOURS.values()) + (ACTING,)
LEFT_W = 470  # a player's panel: its left column (name, points, flags, hand)


def _name(card: str) -> str:
    return name("henchmania", "card", card) if card in CARDS else str(card)


def _spots_y(row: int) -> float:
    return SITE_Y + SITE_HEAD + 26 + row * (2 * SPOT_R + 8)


# --- layouts, remembered per what they show (and the language, where words are looked up) -------
@lru_cache(maxsize=4096)
def _parts(text: str, width: int, sep: str = " · ") -> tuple[str, ...]:
    """``wrap_parts`` of a SMALL text (widths only: no language)."""
    return tuple(wrap_parts(text, width, SMALL, sep=sep))


# --- the heading ---------------------------------------------------------------------------------
def _draw_head(cv: Canvas, head: str) -> None:
    x, w = MARGIN + 10, WIDTH - 2 * MARGIN - 20

    def paint(cv: Canvas) -> None:
        tw = cv.text((x, 12), "Henchmania", 32, INK, bold=True)
        lines = _parts(head, w - tw - 20)
        for i, line in enumerate(lines[:2]):  # (the head fits two lines in every language)
            y = 2 + 28 * i + (12 if len(lines) == 1 else 0)
            cv.text((x + tw + 20, y), line, SMALL, INK)

    tiles.tile(cv, ("henchmania.head", head), (0, 0, WIDTH, SITE_Y), paint)


# --- a site --------------------------------------------------------------------------------------
def _site_part(site: dict, names: list[str]) -> tuple:
    """What a site shows: its name, pawns in order, spots, who dominates, deck and discards."""
    dom = site.get("dominant")
    return (
        site["site"],
        tuple(site.get("order", [])),
        site.get("spots", 0),
        dom,
        None if dom is None else names[dom],
        site.get("deck", 0),
        len(site.get("discard", [])),
    )


def _draw_site(cv: Canvas, part: tuple, x: int, height: int) -> tuple[int, int, int, int]:
    """A site (a tile: ``part`` and the sites' height name all it shows); returns its box."""
    w = SITE_W - 8
    box = (x, SITE_Y, x + w, SITE_Y + height)
    tiles.tile(
        cv,
        ("henchmania.site", part, height),
        (x, SITE_Y, x + w + 1, SITE_Y + height + 1),
        lambda cv: _paint_site(cv, part, x, height),
    )
    return box


def _paint_site(cv: Canvas, part: tuple, x: int, height: int) -> None:
    """A site: its frame (a tile of its own: the same all game long), then its spots and lines
    (most often what moved)."""
    site, order, spots_n, dom, dom_name, deck, discarded = part
    w = SITE_W - 8
    box = (x, SITE_Y, x + w, SITE_Y + height)
    tiles.tile(
        cv,
        ("henchmania.site_frame", site, height),
        (x, SITE_Y, x + w + 1, SITE_Y + height + 1),
        lambda cv: _paint_site_frame(cv, site, x, height),
    )
    spots = max(spots_n, len(order))
    rows = max(2, (spots + SPOTS_PER_ROW - 1) // SPOTS_PER_ROW)
    _paint_spots(cv, order, spots, x)
    y = _spots_y(rows) - SPOT_R + 4
    lines = (len(order), spots_n, dom, dom_name, deck, discarded)
    _paint_site_lines(cv, site, lines, x, y, box)


def _paint_site_frame(cv: Canvas, site: str, x: int, height: int) -> None:
    w = SITE_W - 8
    box = (x, SITE_Y, x + w, SITE_Y + height)
    cv.rect(box, PANEL, RULE, 1, radius=8)
    colour = SITE_COLOURS.get(site, EMPTY)
    cv.rect((x, SITE_Y, x + w, SITE_Y + SITE_HEAD), colour, RULE, 1, radius=8)
    label = name("henchmania", "site", site)
    size = 24 if text_width(label, 24, True) <= w - 10 else SMALL
    cv.text((x + w / 2, SITE_Y + SITE_HEAD / 2), label, size, INK, bold=True, anchor="mm", box=box)


def _paint_spots(cv: Canvas, order: tuple, spots: int, x: int) -> None:
    w = SITE_W - 8
    gap = (w - SPOTS_PER_ROW * 2 * SPOT_R) / (SPOTS_PER_ROW + 1)
    for i in range(spots):
        row, col = divmod(i, SPOTS_PER_ROW)
        cx = x + gap + SPOT_R + col * (2 * SPOT_R + gap)
        cy = _spots_y(row)
        if i < len(order):
            cv.token(cx, cy, SPOT_R - 1, order[i])
        else:
            r = SPOT_R - 3
            cv.ellipse((cx - r, cy - r, cx + r, cy + r), EMPTY, RULE, 1)


def _paint_site_lines(cv: Canvas, site: str, lines: tuple, x: int, y: int, box) -> None:
    placed, spots_n, dom, dom_name, deck, discarded = lines
    w = SITE_W - 8
    tx = x + 10
    cv.text((tx, y), tr("spots", n=placed, spots=spots_n), SMALL, MUTED, box=box)
    y += 30
    if dom is None:
        cv.text((tx, y), tr("no_majority"), SMALL, MUTED, box=box)
    else:
        cv.token(tx + 12, y + 13, 12, dom)
        cv.text((tx + 30, y), dom_name, SMALL, INK, bold=True, width=w - 44, box=box)
    y += 30
    cv.rect((tx, y, tx + 20, y + 26), SITE_COLOURS.get(site, EMPTY), INK, 1, radius=3)
    cv.text((tx + 28, y), tr("deck", n=deck), SMALL, INK, bold=True, box=box)
    y += 30
    cv.text((tx, y), tr("discard", n=discarded), SMALL, MUTED, box=box)


def _site_height(view: dict) -> int:
    rows = max(
        [2] + [(max(s.get("spots", 0), len(s.get("order", []))) + 3) // 4 for s in view["sites"]]
    )
    return int(_spots_y(rows) - SPOT_R + 4 + 4 * 30 + 6 - SITE_Y)


# --- the duel ------------------------------------------------------------------------------------
DUEL_HALF = (WIDTH - 2 * MARGIN - 24) // 2


def _duel_sides(duel: dict, names: list[str]) -> list[tuple]:
    """Per side what it shows: (side, seat, name, label, dice, result)."""
    stage = duel.get("stage")
    sides = []
    for side, (who, weapon, value, dice, verb) in enumerate(
        (
            (
                duel["attacker"],
                duel.get("attack_weapon"),
                duel.get("attack_value"),
                duel.get("attack_dice", []),
                "hits_on",
            ),
            (
                duel["defender"],
                duel.get("defence_weapon"),
                duel.get("defence_value"),
                duel.get("defence_dice", []),
                "parries_on",
            ),
        )
    ):
        chosen = not (stage in ("guard", "aw") or (side == 1 and stage == "dw"))
        arms = (_name(weapon) if weapon else tr("bare_hands")) if chosen else tr("choosing")
        label = tr("attacks" if side == 0 else "defends", arms=arms)
        if chosen and value is not None:
            label += " · " + tr(verb, n=value)
        result = None
        if dice:
            if side == 0 and stage != "w1":
                hits = duel.get("hits", 0)
                result = tr("hits.one" if hits == 1 else "hits.other", n=hits)
            if side == 1 and duel.get("unparried") is not None:
                result = tr("unparried", n=duel["unparried"])
        shown = tuple(int(d) for d in dice[:8]) if dice else ()
        sides.append((side, who, names[who], label, shown, result))
    return sides


def _side_height(part: tuple) -> int:
    return 36 + 28 * len(_parts(part[3], DUEL_HALF - 44)) + (42 if part[4] else 0)


def _paint_side(cv: Canvas, part: tuple, x: int, y: int) -> None:
    _side, who, who_name, label, dice, result = part
    cv.token(x + 16, y + 16, 16, who)
    cv.text((x + 40, y), who_name, 26, INK, bold=True, width=DUEL_HALF - 44)
    y += 36
    for line in _parts(label, DUEL_HALF - 44):
        cv.text((x + 40, y), line, SMALL, INK)
        y += 28
    if dice:
        dx = x + 40
        for d in dice:
            cv.die(dx, y + 2, 34, d)
            dx += 40
        if result:
            cv.text((dx + 6, y + 19), result, SMALL, INK, bold=True, anchor="lm")


def _draw_duel(cv: Canvas, view: dict, names: list[str], y0: float) -> float:
    x0, x1 = MARGIN, WIDTH - MARGIN
    y0 = int(y0)
    duel = view.get("duel")
    if not duel:
        last = view.get("last_duel")
        text = tr("no_duel")
        if last:
            text = tr(
                "last_duel", attacker=names[last["attacker"]], defender=names[last["defender"]]
            )
        lines = wrapped(text, x1 - x0 - 24, SMALL)
        bottom = y0 + 10 + 29 * len(lines) + 4

        def paint(cv: Canvas) -> None:
            cv.lines(x0 + 12, y0 + 10, lines, SMALL, MUTED)
            cv.rect((x0, y0, x1, bottom), None, RULE, 1, radius=8)

        tiles.tile(cv, ("henchmania.no_duel", text), (x0, y0, x1 + 1, bottom + 1), paint)
        return bottom
    half = DUEL_HALF
    mid = x0 + 12 + half + 6
    bottom = y0 + 44
    for part in _duel_sides(duel, names):
        x = x0 + 12 + part[0] * (half + 12)
        y = y0 + 44
        end = y + _side_height(part)
        # between the frame and the middle line (a triangle token reaches left of ``x`` and
        # above ``y``), under the heading: all three drawn after it (over it where they meet;
        # they do not)
        left, right = (x0 + 1, mid) if part[0] == 0 else (mid + 1, x1)
        tiles.tile(
            cv,
            ("henchmania.duel", part),
            (left, y - 3, right, end),
            lambda cv, part=part, x=x, y=y: _paint_side(cv, part, x, y),
        )
        bottom = max(bottom, end)
    head = tr("tie_duel") if duel.get("tie_duel") else tr("duel")
    cv.text((x0 + 12, y0 + 8), head, 26, INK, bold=True)
    cv.line([(mid, y0 + 44), (mid, bottom - 4)], RULE, 1)
    cv.rect((x0, y0, x1, bottom + 4), None, RULE, 1, radius=8)
    return bottom + 4


# --- a player's panel ----------------------------------------------------------------------------
def _player_part(view: dict, p: dict, names: list[str]) -> tuple:
    """What a player's panel shows (hands as counts of backs per site only)."""
    s = p["seat"]
    return (
        s,
        names[s],
        str(p.get("score", 0)),
        s in view.get("to_act", []),
        p.get("trump") or None,
        bool(p.get("trump") and p.get("trump_rotated")),
        tuple(p.get("reserve", [])),
        tuple(p.get("rotated", [])),
        s == view.get("badge"),
        bool(p.get("passed")),
        p.get("pawns_to_place") or 0,
        tuple(names[o] for o in p.get("held_pawns") or ()),
        p.get("hand_count", 0),
        tuple((site, count) for site, count in (p.get("hand_backs") or {}).items() if count),
    )


@lru_cache(maxsize=2048)
def _player_layout(part: tuple, language: str) -> tuple:
    """(flag lines, Trump lines, Reserve lines, height) of a panel (in ``language``, the
    drawing's: ``tr`` reads it)."""
    _s, _name_, _score, _acting, trump, rotated_trump, reserve, rotated_cards = part[:8]
    badge, passed, to_place, held = part[8:12]
    rx = MARGIN + LEFT_W + 10
    right_w = WIDTH - MARGIN - rx - 12
    shown = "-"
    if trump:
        shown = _name(trump) + (" ↻" if rotated_trump else "")
    rotated = list(rotated_cards)
    items = []
    for card in reserve:
        mark = ""
        if card in rotated:
            rotated.remove(card)
            mark = " ↻"
        items.append(_name(card) + mark)
    right = _parts(tr("trump", card=shown), right_w, ", ")
    kept = _parts(tr("reserve", cards=", ".join(items) or "-"), right_w, ", ")
    flags = []
    if badge:
        flags.append(tr("badge"))
    if passed:
        flags.append(tr("passed"))
    if to_place:
        flags.append(tr("to_place", n=to_place))
    if held:
        flags.append(tr("holds", names=", ".join(held)))
    flag_lines = _parts(" · ".join(flags), LEFT_W - 50) if flags else ()
    left_h = 40 + 28 * len(flag_lines) + 36
    right_h = 8 + 28 * (len(right) + len(kept))
    return flag_lines, right, kept, max(left_h, right_h) + 10


def _draw_player(cv: Canvas, view: dict, p: dict, names: list[str], y0: float) -> float:
    part = _player_part(view, p, names)
    layout = _player_layout(part, lang())
    x0, x1 = MARGIN, WIDTH - MARGIN
    y0 = int(y0)
    height = layout[3]
    tiles.tile(
        cv,
        ("henchmania.player", part),
        (x0, y0, x1 + 1, y0 + height + 1),
        lambda cv: _paint_player(cv, part, layout, y0),
    )
    s = part[0]
    last = view.get("last") or {}
    if s in last.get("scores", []) or s == last.get("seat"):
        cv.star(x0 + 24, y0 + 58, 12)
    return y0 + height + 6


def _paint_player(cv: Canvas, part: tuple, layout: tuple, y0: int) -> None:
    """A panel: its frame (a tile of its own: whose turn it is and the height only), then its
    name and points, its flags and hand, and its Trump and Reserve."""
    s, who, score, acting = part[:4]
    flag_lines, right, reserve, height = layout
    frame = (acting, height)
    tiles.tile(
        cv,
        ("henchmania.panel", frame),
        (MARGIN, y0, WIDTH - MARGIN + 1, y0 + height + 1),
        lambda cv: _paint_panel(cv, frame, y0),
    )
    _paint_who(cv, s, who, score, y0)
    _paint_hand(cv, (flag_lines, part[12], part[13]), y0)
    _paint_cards(cv, right, reserve, y0)


def _paint_panel(cv: Canvas, frame: tuple, y0: int) -> None:
    acting, height = frame
    x0, x1 = MARGIN, WIDTH - MARGIN
    cv.rect(
        (x0, y0, x1, y0 + height),
        ACTING if acting else PANEL,
        INK if acting else RULE,
        2 if acting else 1,
        radius=6,
    )
    rx = x0 + LEFT_W + 10
    cv.line([(rx - 6, y0 + 6), (rx - 6, y0 + height - 6)], RULE, 1)


def _paint_who(cv: Canvas, s: int, who: str, score: str, y0: int) -> None:
    x0 = MARGIN
    cv.token(x0 + 24, y0 + 22, 16, s)
    pts = tr("pts")
    pts_w = text_width(pts, SMALL)
    sw = text_width(score, 32, True) + pts_w + 6
    cv.text((x0 + 48, y0 + 6), who, 26, INK, bold=True, width=LEFT_W - 60 - sw)
    pts_x = x0 + LEFT_W - pts_w
    cv.text((pts_x - 6, y0 + 2), score, 32, INK, bold=True, anchor="ra")
    cv.text((pts_x, y0 + 12), pts, SMALL, MUTED)


def _paint_hand(cv: Canvas, hand: tuple, y0: int) -> None:
    """The flags, then the hand: its size and its backs per site."""
    flag_lines, hand_count, backs = hand
    x0 = MARGIN
    y = y0 + 40
    for line in flag_lines:
        cv.text((x0 + 48, y), line, SMALL, MUTED)
        y += 28
    bx = x0 + 48 + cv.text((x0 + 48, y + 2), tr("hand", n=hand_count), SMALL, INK, bold=True) + 10
    for site, count in backs:
        initial = tr(f"initial.{site}") if site in SITE_COLOURS else site[:1].upper()
        label = f"{initial}{count}"
        wdt = 12 + text_width(label, SMALL, True)
        cv.rect((bx, y, bx + wdt, y + 30), SITE_COLOURS.get(site, EMPTY), INK, 1, radius=4)
        cv.text((bx + wdt / 2, y + 15), label, SMALL, INK, bold=True, anchor="mm")
        bx += wdt + 5


def _paint_cards(cv: Canvas, right: tuple, reserve: tuple, y0: int) -> None:
    """The Trump and the Reserve (the right column)."""
    rx = MARGIN + LEFT_W + 10
    y = y0 + 6
    for i, line in enumerate(right):
        cv.text((rx, y), line, SMALL, INK, bold=i == 0)
        y += 28
    for line in reserve:
        cv.text((rx, y), line, SMALL, INK)
        y += 28


# --- the discard piles ---------------------------------------------------------------------------
def _discards_part(view: dict) -> tuple:
    """Every site's discard pile (the cards in any order: each is shown with its count)."""
    return tuple(
        (site["site"], tuple(sorted(site["discard"])))
        for site in view.get("sites", [])
        if site.get("discard")
    )


@lru_cache(maxsize=1024)
def _discards_layout(part: tuple, language: str) -> tuple:
    """(heading lines, (x, y offset, line) per line of the piles, height) in ``language``."""
    x0, x1 = MARGIN, WIDTH - MARGIN
    heading = wrapped(tr("discards"), x1 - x0 - 24, SMALL, True)
    top = 8 + 29 * len(heading)
    y = top
    rows = []
    for site, pile in part:
        counts = Counter(pile)
        cards = ", ".join(
            (f"{n}× " if n > 1 else "") + _name(c)
            for c, n in sorted(counts.items(), key=lambda kv: _name(kv[0]))
        )
        text = f"{name('henchmania', 'site', site)}: {cards}"
        for line in wrap_parts(text, x1 - x0 - 44, SMALL, sep=", "):
            rows.append((x0 + 12 if line == text[: len(line)] else x0 + 32, y, line))
            y += 28
    return heading, tuple(rows), y + 6


def _draw_discards(cv: Canvas, view: dict, y0: float) -> float:
    """Every site's discard pile (public), each card name once with its count."""
    part = _discards_part(view)
    heading, rows, height = _discards_layout(part, lang())
    x0, x1 = MARGIN, WIDTH - MARGIN
    y0 = int(y0)

    def paint(cv: Canvas) -> None:
        cv.lines(x0 + 12, y0 + 8, heading, SMALL, INK, bold=True)
        for x, dy, line in rows:
            cv.text((x, y0 + dy), line, SMALL, INK)
        cv.rect((x0, y0, x1, y0 + height), None, RULE, 1, radius=8)

    tiles.tile(cv, ("henchmania.discards", part), (x0, y0, x1 + 1, y0 + height + 1), paint)
    return y0 + height


def _names(names, n: int) -> list[str]:
    """``names_for``, remembered per names, count and language (its default names)."""
    try:
        return list(_names_for(tuple(names or ()), n, lang()))
    except TypeError:  # a name that cannot be a key
        return names_for(names, n)


@lru_cache(maxsize=256)
def _names_for(names: tuple, n: int, language: str) -> tuple[str, ...]:
    return tuple(names_for(list(names), n))


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    n = view.get("players_count", len(view.get("players", [])))
    names = _names(names, n)
    cv = Canvas(WIDTH, SHORT, inks=INKS)
    y = _draw(cv, view, names, n)
    if y + 12 > SHORT:  # the board reached below the short canvas: all of it on the tall one
        cv = Canvas(WIDTH, HEIGHT, inks=INKS)
        y = _draw(cv, view, names, n)
    return cv.png(y + 12)


def _draw(cv: Canvas, view: dict, names: list[str], n: int) -> int:
    """The board drawn on ``cv``; returns its bottom."""
    x, w = MARGIN + 10, WIDTH - 2 * MARGIN - 20
    days = {"day": view.get("day"), "days": view.get("days"), "target": view.get("target")}
    badge = view.get("badge")
    if isinstance(badge, int) and 0 <= badge < n:
        head = tr("head_badge", name=names[badge], **days)
    else:
        head = tr("head", **days)
    _draw_head(cv, head)
    height = _site_height(view)
    last = (view.get("last") or {}).get("sites", [])
    for i, site in enumerate(view.get("sites", [])[:5]):
        box = _draw_site(cv, _site_part(site, names), MARGIN + i * SITE_W, height)
        if site["site"] in last:
            cv.ring(box)
    y = SITE_Y + height + 10
    y = _draw_duel(cv, view, names, y) + 10
    for p in view.get("players", []):
        y = _draw_player(cv, view, p, names, y)
    y = _draw_discards(cv, view, y + 4) + 12
    y = cv.last_caption(x, y, w, view, names)
    if view.get("winners") and view.get("phase") == "over":
        prompt = tr("game_over", names=", ".join(names[s] for s in view["winners"]))
        lines = wrapped(prompt, w, 24, True)
    else:  # the view holds a Msg (its JSON form)
        lines = wrapped(filled(view.get("prompt") or "", names), w, 24, True)
    return int(cv.lines(x, y, lines, 24, INK, bold=True))


for _cache in (_parts, _player_layout, _discards_layout, _names_for):
    _CLEARS.append(_cache.cache_clear)  # draw.clear_caches(): these are cold again too
