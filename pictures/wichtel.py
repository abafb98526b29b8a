"""Der Herr der Wichtel: the Village Square walk (its cards, both stacks, the walk direction), the
Wahlleiter, each player's card backs and event count, totals, and the last round's scoring.

Drawn from the spectator view alone (``engines/wichtel/views.py``): retinues show as backs,
bribes only once shown.
"""

from __future__ import annotations

from engines.wichtel.data import VALUE

from .draw import Canvas, fill_names, names_for, text_width, wrap
from .palette import EMPTY, INK, MUTED, PANEL, RULE
from .words import name, tr

# --- layout (pixels) -----------------------------------------------------------------------------
WIDTH = 960
MARGIN = 12
SQUARE_Y = 50
CARD_H = 150
STACK_W = 104
PLAYERS_Y = SQUARE_Y + CARD_H + 104
ROW_H = 52
BACK = (70, 110, 80)
BACK_EDGE = (30, 60, 40)
CARD = (255, 255, 255)
ACTING = (255, 244, 200)
NAME_SIZE = 17


def _arrow(cv: Canvas, x0: float, x1: float, y: float, right: bool) -> None:
    cv.line([(x0, y), (x1, y)], INK, 4)
    tip, back = (x1, x1 - 16) if right else (x0, x0 + 16)
    cv.polygon([(tip, y), (back, y - 10), (back, y + 10)], INK, INK)


def _stack(cv: Canvas, x: float, y: float, stack: dict) -> None:
    count = stack.get("count", 0)
    for k in range(min(3, count), 0, -1):
        cv.rect(
            (x + 4 * k, y + 4 * k, x + STACK_W - 16 + 4 * k, y + CARD_H - 16 + 4 * k),
            BACK,
            BACK_EDGE,
            2,
            radius=8,
        )
    if not count:
        cv.rect((x, y, x + STACK_W - 16, y + CARD_H - 16), EMPTY, RULE, 1, radius=8)
    cx = x + (STACK_W - 16) / 2 + 4
    cv.text(
        (cx, y + CARD_H / 2 - 16),
        str(count),
        30,
        (255, 255, 255) if count else MUTED,
        bold=True,
        anchor="mm",
    )
    label = tr("w.draw") if stack.get("role") == "draw" else tr("w.discard")
    cv.text((cx, y + CARD_H + 4), label, 17, INK, bold=True, anchor="ma", width=STACK_W + 8)


def _name_lines(name: str, width: int) -> list[str]:
    """A card name in at most three lines; a word too long for the card is hyphenated."""
    words = []
    for word in name.split():
        while text_width(word, NAME_SIZE, True) > width and len(word) > 4:
            cut = len(word) - 1
            while cut > 3 and text_width(word[:cut] + "-", NAME_SIZE, True) > width:
                cut -= 1
            words.append(word[:cut] + "-")
            word = word[cut:]
        words.append(word)
    lines: list[str] = []
    for word in words:
        if (
            lines
            and not lines[-1].endswith("-")
            and text_width(lines[-1] + " " + word, NAME_SIZE, True) <= width
        ):
            lines[-1] += " " + word
        else:
            lines.append(word)
    return wrap(" ".join(lines), width, NAME_SIZE, 3, bold=True) if len(lines) > 3 else lines


def _card(cv: Canvas, x: float, y: float, w: float, code: str | None, number: int) -> None:
    if not code:
        cv.rect((x, y, x + w, y + CARD_H), EMPTY, RULE, 2, radius=8)
        cv.text((x + w / 2, y + CARD_H / 2), tr("w.gap"), 20, MUTED, anchor="mm", width=int(w))
    else:
        cv.rect((x, y, x + w, y + CARD_H), CARD, INK, 2, radius=8)
        cv.text((x + 10, y + 6), str(VALUE.get(code, "?")), 34, INK, bold=True)
        lines = _name_lines(name("wichtel", "lep", code), int(w - 10))
        for i, line in enumerate(lines):
            cv.text(
                (x + w / 2, y + 70 + (NAME_SIZE + 4) * i),
                line,
                NAME_SIZE,
                INK,
                bold=True,
                anchor="ma",
            )
    cv.text(
        (x + w / 2, y + CARD_H + 4), tr("w.place", n=number), 15, MUTED, anchor="ma", width=int(w)
    )


def _draw_square(cv: Canvas, view: dict, names: list[str]) -> None:
    square = view.get("square", [])
    x0, x1 = MARGIN, WIDTH - MARGIN - 250
    cv.rect((x0, SQUARE_Y - 8, x1, SQUARE_Y + CARD_H + 72), PANEL, RULE, 1, radius=8)
    _stack(cv, x0 + 10, SQUARE_Y, view.get("left_stack", {}))
    _stack(cv, x1 - STACK_W, SQUARE_Y, view.get("right_stack", {}))
    inner0, inner1 = x0 + 10 + STACK_W + 6, x1 - STACK_W - 6
    n = max(1, len(square))
    gap = 10
    w = min(140, (inner1 - inner0 - gap * (n - 1)) / n)
    start = inner0 + (inner1 - inner0 - (w * n + gap * (n - 1))) / 2
    enl = view.get("enlist") or {}
    for i, code in enumerate(square):
        x = start + i * (w + gap)
        _card(cv, x, SQUARE_Y, w, code, i + 1)
        if enl and enl.get("pos") == i:
            cv.rect(
                (x - 3, SQUARE_Y - 3, x + w + 3, SQUARE_Y + CARD_H + 3), None, INK, 4, radius=10
            )
            rolls = enl.get("rolls") or []
            if rolls:
                cv.die(x + w - 32, SQUARE_Y + 8, 26, int(rolls[-1]))
            cv.text(
                (x + w / 2, SQUARE_Y + CARD_H - 8),
                tr("w.enlisting"),
                15,
                INK,
                bold=True,
                anchor="ms",
                width=int(w),
            )
    right = view.get("walk_direction") == "right"
    y = SQUARE_Y + CARD_H + 32
    _arrow(cv, inner0 + 20, inner1 - 20, y, right)
    y += 20
    note = tr("w.walk_right") if right else tr("w.walk_left")
    pend = view.get("pending_walk") or {}
    if pend.get("reverse"):
        note += " · " + tr("w.reverses")
    if pend.get("stand_still"):
        note += " · " + tr("w.skipped")
    mid = (inner0 + inner1) / 2
    cv.text((mid, y), note, 16, INK, bold=True, anchor="mm")


def _draw_side(cv: Canvas, view: dict, names: list[str]) -> None:
    x0, x1 = WIDTH - MARGIN - 240, WIDTH - MARGIN
    y = SQUARE_Y - 8
    cv.rect((x0, y, x1, SQUARE_Y + CARD_H + 72), PANEL, RULE, 1, radius=8)
    x = x0 + 12
    w = x1 - x0 - 24
    tied = view.get("wahlleiter") == "tied"
    cv.text((x, y + 10), "Wahlleiter", 18, MUTED, bold=True)
    cv.rect(
        (x, y + 36, x + w, y + 74), (230, 215, 240) if tied else (215, 240, 220), INK, 2, radius=6
    )
    cv.text(
        (x + w / 2, y + 55),
        view.get("wahlleiter_side") or "?",
        20,
        INK,
        bold=True,
        anchor="mm",
        width=w - 8,
    )
    cv.text((x, y + 80), tr("w.tied") if tied else tr("w.free"), 15, INK, width=w)
    y += 110
    lines = []
    enl = view.get("enlist")
    if enl:
        lines.append(tr("w.enlists", name=names[enl["enlister"]], card=enl.get("card_name", "")))
        bribes = enl.get("bribes")
        if bribes:
            shown = [f"{names[i]}: {name('wichtel', 'ev', b)}" for i, b in enumerate(bribes) if b]
            lines.append(tr("w.bribes", bribes=", ".join(shown) or tr("w.none")))
        if enl.get("rolls"):
            lines.append(
                tr("w.rolled", rolls=", ".join(map(str, enl["rolls"])), need=enl.get("need"))
            )
    ex = view.get("exchange")
    if ex:
        lines.append(tr("w.exchange", giver=names[ex["from"]], taker=names[ex["to"]]))
    used = view.get("events_used") or []
    if used:
        lines.append(
            tr("w.events_used", events=", ".join(name("wichtel", "ev", c) for c in used[-3:]))
        )
    out = [part for line in lines for part in wrap(line, w, 15, 2)]
    for line in out[:5]:
        cv.text((x, y), line, 15, INK)
        y += 19


def _draw_players(cv: Canvas, view: dict, names: list[str]) -> None:
    n = view.get("num_players", len(view.get("totals", [])))
    x0, x1 = MARGIN, WIDTH - MARGIN
    y = PLAYERS_Y
    last = view.get("last_round") or {}
    rows = {r["seat"]: r for r in last.get("rows", [])}
    cv.text(
        (x0 + 460, y - 24),
        tr("w.last_scoring", n=last["round"]) if last else tr("w.no_round"),
        15,
        MUTED,
    )
    for s in range(n):
        acting = s in view.get("to_act", [])
        cv.rect(
            (x0, y, x1, y + ROW_H - 4),
            ACTING if acting else PANEL,
            INK if acting else RULE,
            2 if acting else 1,
            radius=6,
        )
        cy = y + (ROW_H - 4) / 2
        cv.token(x0 + 20, cy, 13, s)
        cv.text((x0 + 40, cy), names[s], 19, INK, bold=True, anchor="lm", width=130)
        if s == view.get("dealer"):
            cv.rect((x0 + 176, cy - 11, x0 + 198, cy + 11), (255, 255, 255), INK, 1, radius=4)
            cv.text((x0 + 187, cy), tr("w.dealer_mark"), 14, INK, bold=True, anchor="mm")
        bx = x0 + 206
        for _ in range(view.get("retinue_sizes", [0] * n)[s]):
            cv.rect((bx, cy - 15, bx + 20, cy + 15), BACK, BACK_EDGE, 1, radius=3)
            bx += 24
        cv.text(
            (x0 + 330, cy),
            tr("w.events", n=view.get("event_counts", [0] * n)[s]),
            16,
            INK,
            anchor="lm",
            width=72,
        )
        cv.text(
            (x0 + 444, cy), str(view.get("totals", [0] * n)[s]), 26, INK, bold=True, anchor="rm"
        )
        row = rows.get(s)
        if row:
            cards = ", ".join(name("wichtel", "lep", c) for c in row.get("cards", []))
            title = (
                f", {name('wichtel', 'title', row['title'])} {row['title_value']:+d}"
                if row.get("title")
                else ""
            )
            cv.text((x0 + 460, cy - 9), cards, 14, INK, anchor="lm", width=x1 - x0 - 470)
            scoring = tr(
                "w.score", score=row["score"], title=title, bonus=row["bonus"], total=row["total"]
            )
            cv.text((x0 + 460, cy + 10), scoring, 14, MUTED, anchor="lm", width=x1 - x0 - 470)
        y += ROW_H


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    n = view.get("num_players", len(view.get("totals", [])))
    names = names_for(names, n)
    height = PLAYERS_Y + n * ROW_H + 40
    cv = Canvas(WIDTH, height)
    cv.text((MARGIN, 10), "Der Herr der Wichtel", 26, INK, bold=True)
    dealer = view.get("dealer")
    if isinstance(dealer, int) and dealer < n:
        head = tr(
            "w.head_dealer", round=view.get("round"), target=view.get("target"), name=names[dealer]
        )
    else:
        head = tr("w.head", round=view.get("round"), target=view.get("target"))
    cv.text((MARGIN + 290, 16), head, 18, INK, width=WIDTH - MARGIN - 300)
    _draw_square(cv, view, names)
    _draw_side(cv, view, names)
    _draw_players(cv, view, names)
    if view.get("over"):
        prompt = tr("game_over", names=", ".join(names[s] for s in view.get("winners", [])))
    else:
        prompt = fill_names(view.get("prompt") or "", names)
    cv.text(
        (MARGIN, height - 14), prompt, 18, INK, bold=True, anchor="ls", width=WIDTH - 2 * MARGIN
    )
    return cv.png()
