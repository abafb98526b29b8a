"""Der Herr der Wichtel: the Village Square as a market of cards (each card with its career's
colour band, its value large and its name below), the two stacks and the walk direction under
it, the Wahlleiter and the enlisting in progress, and the seats around the square (clockwise:
the top row left to right, the bottom row right to left), each with its card backs, event
count, total and last round's scoring.

Drawn from the spectator view alone (``engines/wichtel/views.py``): retinues show as backs,
bribes only once shown.

Only what moved is drawn (``tiles``): the header, each seat's panel, the square's ground, each
card with its place, the walk and the Wahlleiter are tiles, each keyed by exactly what it shows
(and its place), so after a move the parts that stayed the same are pasted. Each lies on the
background or on the square's plain grass (clear of its rounded corners); the last move's ring
and stars and the enlisting's marks are drawn over them afterwards, as before, and the notes,
the last move's caption and the prompt are drawn each time.
"""

from __future__ import annotations

from functools import lru_cache

from engines.wichtel.data import VALUE

from . import tiles
from .draw import (
    _CLEARS,
    MIN_TEXT,
    WIDTH,
    Canvas,
    filled,
    names_for,
    text_width,
    wrap_parts,
    wrap_words,
)
from .palette import EMPTY, INK, INKS, MUTED, PANEL, RULE
from .words import labels, lang, name

# The words of this board picture: ids of the game's own catalog, ``<game>.pic.<id>``
# (translated in ``locale/<lang>/LC_MESSAGES/wichtel.po``); ``tr`` also knows the shared ones.
LABELS = {
    "draw": "draw",
    "discard": "discard",
    "gap": "gap",
    "place": "place {n}",
    "enlisting": "enlisting",
    "walk_right": "walk to the right",
    "walk_left": "walk to the left",
    "reverses": "next walk reverses",
    "skipped": "next walk skipped",
    "tied": "tied up: no round end",
    "free": "free: the round may end",
    "enlists": "{name} enlists {card}",
    "bribes": "bribes: {bribes}",
    "none": "none",
    "rolled": "rolled {rolls} (needs {need}+)",
    "exchange": "exchange: {giver} ⇄ {taker}",
    "events_used": "events used: {events}",
    "last_scoring": "last scoring (round {n})",
    "no_round": "no round scored yet",
    "events": "{n} events",
    "score": "score {score}{title} · bonus {bonus} → total {total}",
    "dealer_mark": "D",  # the dealer's badge
    "head": "round {round} · play to {target}",
    "head_dealer": "round {round} · play to {target} · dealer {name}",
}
tr = labels("wichtel", LABELS)

# --- layout (pixels) -----------------------------------------------------------------------------
HEIGHT = 2400  # the canvas; the picture ends below its last line
FIRST_HEIGHT = 1280  # ... drawn first on a shorter one (boards are 800-1,200 px tall: quicker)
MARGIN = 10
CARD_H = 168
CARD_MAX_W = 200
BAND_H = 50
BACK = (70, 110, 80)
BACK_EDGE = (30, 60, 40)
CARD = (255, 255, 255)
SQUARE = (214, 226, 190)  # the village square's grass
ACTING = (255, 244, 200)
SHADOW = (170, 170, 150)  # under a card
TIED = (230, 215, 240)  # the Wahlleiter tied up
FREE = (215, 240, 220)  # ... or free
SMALL = MIN_TEXT  # the smallest words: 22 px at 1040 wide, 11 px as Discord shows it
# a card's colour band by career: wood (Holz...), war (Keulen...), family, the two specials
BANDS = {
    "fa": (130, 130, 130),
    "hs": (150, 100, 50),
    "hf": (150, 100, 50),
    "va": (150, 100, 50),
    "me": (150, 100, 50),
    "ks": (190, 60, 45),
    "sw": (190, 60, 45),
    "ww": (190, 60, 45),
    "ge": (190, 60, 45),
    "hd": (110, 60, 160),
    "hw": (40, 40, 40),
}
UNKNOWN_BAND = (120, 120, 120)
# The palette: the shared colours, then this board's own (each the same index move after move,
# so that the tiles are pasted again)
COLOURS = (
    INKS
    + tuple(
        dict.fromkeys((BACK, BACK_EDGE, CARD, SQUARE, ACTING, SHADOW, TIED, FREE, UNKNOWN_BAND))
    )
    + tuple(dict.fromkeys(BANDS.values()))
)


def _arrow(cv: Canvas, x0: float, x1: float, y: float, right: bool) -> None:
    cv.line([(x0, y), (x1, y)], INK, 5)
    tip, back = (x1, x1 - 22) if right else (x0, x0 + 22)
    cv.polygon([(tip, y), (back, y - 13), (back, y + 13)], INK, INK)


def _stack(cv: Canvas, x: float, y: float, stack: tuple, right: bool) -> float:
    """A stack (count, role) lying beside the walk: backs, its count and role; returns its
    width."""
    count, role = stack
    w, h = 62, 44
    if count:
        for k in range(min(3, count) - 1, -1, -1):
            cv.rect(
                (x + 4 * k, y - 4 * k, x + w + 4 * k, y + h - 4 * k), BACK, BACK_EDGE, 2, radius=6
            )
    else:
        cv.rect((x, y, x + w, y + h), EMPTY, RULE, 1, radius=6)
    cv.text(
        (x + w / 2, y + h / 2),
        str(count),
        26,
        (255, 255, 255) if count else MUTED,
        bold=True,
        anchor="mm",
    )
    label = tr("draw") if role == "draw" else tr("discard")
    if right:
        return w + 14 + cv.text((x - 10, y + h / 2), label, SMALL, INK, bold=True, anchor="rm")
    return w + 14 + cv.text((x + w + 20, y + h / 2), label, SMALL, INK, bold=True, anchor="lm")


def _card(cv: Canvas, x: float, y: float, w: float, code: str | None) -> tuple:
    box = (x, y, x + w, y + CARD_H)
    if not code:
        cv.rect(box, EMPTY, RULE, 2, radius=12)
        cv.text((x + w / 2, y + CARD_H / 2), tr("gap"), SMALL, MUTED, anchor="mm", box=box)
        return box
    band = BANDS.get(code, UNKNOWN_BAND)
    cv.rect((x + 3, y + 4, x + w + 3, y + CARD_H + 4), SHADOW, None, radius=12)
    cv.rect(box, CARD, INK, 2, radius=12)
    cv.rect((x + 2, y + 2, x + w - 2, y + BAND_H), band, None, radius=10)
    cv.rect((x + 2, y + BAND_H - 10, x + w - 2, y + BAND_H), band, None)
    cv.text(
        (x + 14, y + BAND_H / 2 + 2),
        str(VALUE.get(code, "?")),
        38,
        (255, 255, 255),
        bold=True,
        anchor="lm",
        box=box,
    )
    label = name("wichtel", "lep", code)
    bold = all(text_width(word, SMALL, True) <= w - 14 for word in label.split())
    lines = wrap_words(label, int(w - 14), SMALL, bold)
    ny = y + BAND_H + (CARD_H - BAND_H - 30 * len(lines)) / 2
    for line in lines:
        cv.text((x + w / 2, ny), line, SMALL, INK, bold=bold, anchor="ma", box=box)
        ny += 30
    return box


def _draw_square(cv: Canvas, view: dict, names: list[str], y0: float) -> float:
    """The market: the cards, the stacks and walk, the Wahlleiter; returns the y below it.

    Tiles (``tiles``): the ground (by its height), each card with its place under it (by its
    code and place), the stacks with the walk, and the Wahlleiter: each lies on the square's
    plain grass, and the marks of the last move and of the enlisting lie over its card."""
    square = view.get("square", [])
    x0, x1 = MARGIN, WIDTH - MARGIN
    n = max(1, len(square))
    gap = 10
    w = min(CARD_MAX_W, (x1 - x0 - 24 - gap * (n - 1)) / n)
    start = (x0 + x1) / 2 - (w * n + gap * (n - 1)) / 2
    cy = y0 + 16
    # the square's ground first (its height known after the notes below are wrapped)
    notes = _notes(view, names, x1 - x0 - 40)
    height = 16 + CARD_H + 146 + 50 + 30 * len(notes) + 6
    tiles.tile(
        cv,
        ("ground", y0, height),
        (x0, int(y0), x1 + 1, int(y0 + height) + 1),
        lambda cv: cv.rect((x0, y0, x1, y0 + height), SQUARE, RULE, 1, radius=14),
    )
    enl = view.get("enlist") or {}
    marked = (view.get("last") or {}).get("square", [])
    for i, code in enumerate(square):
        x = start + i * (w + gap)
        tiles.tile(
            cv,
            ("card", i, code, x, cy, w),
            (int(x), int(cy), int(x + w) + 5, int(cy) + CARD_H + 38),
            lambda cv, i=i, code=code, x=x: _card_place(cv, i, x, cy, w, code),
        )
        box = (x, cy, x + w, cy + CARD_H)
        if i in marked:
            cv.ring(box, radius=12)
            cv.star(x + w - 16, cy + 16, 12)
        if enl and enl.get("pos") == i:
            cv.rect((x - 4, cy - 4, x + w + 4, cy + CARD_H + 4), None, INK, 4, radius=14)
            rolls = enl.get("rolls") or []
            if rolls:
                cv.die(x + w - 44, cy + 6, 38, int(rolls[-1]))
            cv.rect((x + 6, cy + CARD_H - 36, x + w - 6, cy + CARD_H - 6), ACTING, INK, 1, radius=6)
            cv.text(
                (x + w / 2, cy + CARD_H - 21),
                tr("enlisting"),
                SMALL,
                INK,
                bold=True,
                anchor="mm",
                box=box,
            )
    # the walk: the stacks at its ends, the arrow between them, what comes of it
    y = cy + CARD_H + 46
    left, right = view.get("left_stack", {}), view.get("right_stack", {})
    pend = view.get("pending_walk") or {}
    walk = (
        (left.get("count", 0), left.get("role")),
        (right.get("count", 0), right.get("role")),
        view.get("walk_direction") == "right",
        bool(pend.get("reverse")),
        bool(pend.get("stand_still")),
    )
    tiles.tile(
        cv,
        ("walk", y, walk),
        (x0 + 1, int(y) - 8, x1, int(y) + 100),
        lambda cv: _walk(cv, y, *walk),
    )
    y += 100
    # the Wahlleiter, as a card lying on its side
    leader = (view.get("wahlleiter") == "tied", view.get("wahlleiter_side") or "?")
    tiles.tile(
        cv,  # clear of the ground's rounded corners (just below it when there are no notes)
        ("wahlleiter", y, leader),
        (x0 + 15, int(y), x1 - 14, int(y) + 50),
        lambda cv: _wahlleiter(cv, y, *leader),
    )
    y += 50
    for line in notes:
        cv.text((x0 + 20, y), line, SMALL, INK)
        y += 30
    return y0 + height


def _card_place(cv: Canvas, i: int, x: float, y: float, w: float, code: str | None) -> None:
    """A card of the square and its place under it."""
    _card(cv, x, y, w, code)
    cv.text((x + w / 2, y + CARD_H + 8), tr("place", n=i + 1), SMALL, MUTED, anchor="ma")


def _walk(
    cv: Canvas, y: float, left: tuple, right: tuple, to_right: bool, reverse: bool, still: bool
) -> None:
    """The stacks (count, role) at the ends of the walk, the arrow between them and the note
    under it."""
    x0, x1 = MARGIN, WIDTH - MARGIN
    lw = _stack(cv, x0 + 20, y, left, False)
    rw = _stack(cv, x1 - 20 - 62, y, right, True)
    _arrow(cv, x0 + 20 + lw + 10, x1 - 20 - rw - 10, y + 22, to_right)
    note = tr("walk_right") if to_right else tr("walk_left")
    if reverse:
        note += " · " + tr("reverses")
    if still:
        note += " · " + tr("skipped")
    cv.text(((x0 + x1) / 2, y + 64), note, SMALL, INK, bold=True, anchor="ma")


def _wahlleiter(cv: Canvas, y: float, tied: bool, side: str) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    ww = text_width(side, 24, True) + 30
    cv.rect((x0 + 20, y, x0 + 20 + ww, y + 40), TIED if tied else FREE, INK, 2, radius=8)
    cv.text((x0 + 20 + ww / 2, y + 20), side, 24, INK, bold=True, anchor="mm")
    tx = x0 + 20 + ww + 14
    label = "Wahlleiter: " + (tr("tied") if tied else tr("free"))
    cv.text((tx, y + 20), label, SMALL, INK, anchor="lm", width=int(x1 - 20 - tx))


def _notes(view: dict, names: list[str], width: int) -> list[str]:
    """The enlisting, exchange and events in play, wrapped into lines."""
    lines = []
    enl = view.get("enlist")
    if enl:
        lines.append(tr("enlists", name=names[enl["enlister"]], card=enl.get("card_name", "")))
        bribes = enl.get("bribes")
        if bribes:
            shown = [f"{names[i]}: {name('wichtel', 'ev', b)}" for i, b in enumerate(bribes) if b]
            lines.append(tr("bribes", bribes=", ".join(shown) or tr("none")))
        if enl.get("rolls"):
            lines.append(
                tr("rolled", rolls=", ".join(map(str, enl["rolls"])), need=enl.get("need"))
            )
    ex = view.get("exchange")
    if ex:
        lines.append(tr("exchange", giver=names[ex["from"]], taker=names[ex["to"]]))
    used = view.get("events_used") or []
    if used:
        lines.append(
            tr("events_used", events=", ".join(name("wichtel", "ev", c) for c in used[-4:]))
        )
    return [part for line in lines for part in wrap_parts(line, width, SMALL, sep=", ")]


def _seat_lines(view: dict, s: int, width: int) -> tuple[tuple[str, tuple], ...]:
    """The seat's cards and score of the last round scored, wrapped ``width`` wide."""
    last = view.get("last_round") or {}
    row = {r["seat"]: r for r in last.get("rows", [])}.get(s)
    if not row:
        return ()
    scored = (
        tuple(row.get("cards", [])),
        row.get("title"),
        row.get("title_value"),
        row["score"],
        row["bonus"],
        row["total"],
    )
    return _scored_lines(scored, width, lang())


@lru_cache(maxsize=1024)  # the same rows on every board until the next round is scored
def _scored_lines(scored: tuple, width: int, language: str) -> tuple[tuple[str, tuple], ...]:
    """``_seat_lines`` of a row (cards, title, its value, score, bonus, total) in ``language``
    (the drawing's: part of the key)."""
    cards_, title_, title_value, score_, bonus, total = scored
    cards = ", ".join(name("wichtel", "lep", c) for c in cards_)
    title = f", {name('wichtel', 'title', title_)} {title_value:+d}" if title_ else ""
    score = tr("score", score=score_, title=title, bonus=bonus, total=total)
    return tuple([(p, INK) for p in wrap_parts(cards, width, SMALL, sep=", ")]) + tuple(
        (p, MUTED) for p in wrap_parts(score, width, SMALL)
    )


_CLEARS.append(_scored_lines.cache_clear)  # draw.clear_caches() forgets them too


def _seat_height(view: dict, s: int, width: int) -> int:
    return 96 + 28 * len(_seat_lines(view, s, width - 24)) + 8


def _draw_seat(cv: Canvas, view: dict, names: list[str], s: int, box: tuple) -> None:
    """A seat's panel (a tile: by everything it shows), then the last move's star over it."""
    x0, y0, x1, y1 = box
    n = view.get("num_players", len(view.get("totals", [])))
    total = str(view.get("totals", [0] * n)[s])
    shown = (
        s,
        names[s],
        total,
        s in view.get("to_act", []),
        view.get("retinue_sizes", [0] * n)[s],
        view.get("event_counts", [0] * n)[s],
        s == view.get("dealer"),
        _seat_lines(view, s, int(x1 - x0 - 24)),
    )
    _, _, _, _, backs, events, dealer, _ = shown
    right = x0 + 14 + 30 * backs + 8 + text_width(tr("events", n=events), SMALL) + 12
    if right + (30 if dealer else 0) < x1:
        tiles.tile(
            cv,
            ("seat", box, shown),
            (int(x0), int(y0), int(x1) + 1, int(y1) + 1),
            lambda cv: _seat_panel(cv, box, *shown),
        )
    else:  # a row of backs wider than the panel (never seen): drawn as it comes, over its edge
        _seat_panel(cv, box, *shown)
    last = view.get("last") or {}
    if s == last.get("seat") or s in last.get("totals", []):
        cv.star(x1 - text_width(total, 32, True) - 30, y0 + 22, 12)


def _seat_panel(
    cv: Canvas,
    box: tuple,
    s: int,
    who: str,
    total: str,
    acting: bool,
    backs: int,
    events: int,
    dealer: bool,
    lines: tuple,
) -> None:
    """A seat's panel: its token, name and total, its card backs, events and dealer's badge,
    and its lines of the last round scored."""
    x0, y0, x1, y1 = box
    cv.rect(
        box, ACTING if acting else PANEL, INK if acting else RULE, 2 if acting else 1, radius=10
    )
    cv.token(x0 + 24, y0 + 24, 17, s)
    tw = text_width(total, 32, True)
    cv.text((x0 + 48, y0 + 8), who, 26, INK, bold=True, width=int(x1 - x0 - 70 - tw))
    cv.text((x1 - 12, y0 + 4), total, 32, INK, bold=True, anchor="ra")
    y = y0 + 48
    bx = x0 + 14
    for _ in range(backs):
        cv.rect((bx, y, bx + 26, y + 36), BACK, BACK_EDGE, 1, radius=4)
        bx += 30
    bx += 8
    bx += cv.text((bx, y + 18), tr("events", n=events), SMALL, INK, anchor="lm") + 12
    if dealer:
        cv.ellipse((bx, y + 3, bx + 30, y + 33), (255, 255, 255), INK, 2)
        cv.text((bx + 15, y + 18), tr("dealer_mark"), SMALL, INK, bold=True, anchor="mm")
    y += 46
    for line, ink in lines:
        cv.text((x0 + 12, y), line, SMALL, ink)
        y += 28


def _draw_seats(cv: Canvas, view: dict, names: list[str], seats: list[int], y: float) -> float:
    if not seats:
        return y
    x0, x1 = MARGIN, WIDTH - MARGIN
    gap = 10
    w = (x1 - x0 - gap * (len(seats) - 1)) / len(seats)
    h = max(_seat_height(view, s, int(w)) for s in seats)
    for i, s in enumerate(seats):
        x = x0 + i * (w + gap)
        _draw_seat(cv, view, names, s, (x, y, x + w, y + h))
    return y + h


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    n = view.get("num_players", len(view.get("totals", [])))
    names = names_for(names, n)
    cv, y = _board(view, names, FIRST_HEIGHT)
    if int(y) + 12 > FIRST_HEIGHT:  # a board taller than most: drawn again on the tall canvas
        cv, y = _board(view, names, HEIGHT)
    return cv.png(int(y) + 12)


def _board(view: dict, names: list[str], canvas_height: int) -> tuple[Canvas, float]:
    """The board drawn on a canvas ``canvas_height`` tall; the y below its last line."""
    n = len(names)
    cv = Canvas(WIDTH, canvas_height, inks=COLOURS)
    x, w = MARGIN + 10, WIDTH - 2 * MARGIN - 20
    dealer = view.get("dealer")
    if isinstance(dealer, int) and dealer < n:
        head = tr(
            "head_dealer", round=view.get("round"), target=view.get("target"), name=names[dealer]
        )
    else:
        head = tr("head", round=view.get("round"), target=view.get("target"))
    tiles.tile(cv, ("head", head), (0, 0, WIDTH, 58), lambda cv: _head(cv, head))
    y = 62
    last = view.get("last_round")
    if last:  # what the seats' lines under their card backs are
        y = cv.paragraph(x, y - 4, tr("last_scoring", n=last["round"]), w, SMALL, MUTED) + 2
    top = list(range((n + 1) // 2))  # clockwise round the square: top row left to right,
    bottom = list(range(n - 1, (n + 1) // 2 - 1, -1))  # the bottom row right to left
    y = _draw_seats(cv, view, names, top, y) + 10
    y = _draw_square(cv, view, names, y) + 10
    y = _draw_seats(cv, view, names, bottom, y) + 12
    y = cv.last_caption(x, y, w, view, names)
    if view.get("over"):
        prompt = tr("game_over", names=", ".join(names[s] for s in view.get("winners", [])))
    else:
        prompt = filled(view.get("prompt") or "", names)
    return cv, cv.paragraph(x, y, prompt, w, 24, INK, bold=True)


def _head(cv: Canvas, head: str) -> None:
    """The game's name and the round's line (at most two lines) beside it."""
    x, w = MARGIN + 10, WIDTH - 2 * MARGIN - 20
    tw = cv.text((x, 10), "Der Herr der Wichtel", 32, INK, bold=True)
    lines = wrap_parts(head, w - tw - 20, SMALL)
    for i, line in enumerate(lines[:2]):
        cv.text((x + tw + 20, 2 + 28 * i + (14 if len(lines) == 1 else 0)), line, SMALL, INK)
