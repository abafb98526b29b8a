"""Henchmania: the five sites with their spots, pawns, who dominates and deck sizes; the duel in
progress; per player their points, hand (card backs per site), Trump and Reserve; every site's
discard pile (public: "at any time, the players can look at the discarded cards"); the day and
the target.

Drawn from the spectator view alone (``engines/henchmania/views.py``): hands show only as counts
of card backs per site.
"""

from __future__ import annotations

from collections import Counter

from engines.henchmania.data import CARDS

from .draw import MIN_TEXT, WIDTH, Canvas, fill_names, names_for, text_width, wrap_parts
from .palette import EMPTY, INK, MUTED, PANEL, RULE
from .words import labels, name

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


def _name(card: str) -> str:
    return name("henchmania", "card", card) if card in CARDS else str(card)


def _spots_y(row: int) -> float:
    return SITE_Y + SITE_HEAD + 26 + row * (2 * SPOT_R + 8)


def _draw_site(cv: Canvas, view: dict, site: dict, x: int, names: list[str], height: int) -> None:
    w = SITE_W - 8
    colour = SITE_COLOURS.get(site["site"], EMPTY)
    box = (x, SITE_Y, x + w, SITE_Y + height)
    cv.rect(box, PANEL, RULE, 1, radius=8)
    cv.rect((x, SITE_Y, x + w, SITE_Y + SITE_HEAD), colour, RULE, 1, radius=8)
    label = name("henchmania", "site", site["site"])
    size = 24 if text_width(label, 24, True) <= w - 10 else SMALL
    cv.text((x + w / 2, SITE_Y + SITE_HEAD / 2), label, size, INK, bold=True, anchor="mm", box=box)
    last = view.get("last") or {}
    if site["site"] in last.get("sites", []):
        cv.ring(box)
    order = site.get("order", [])
    spots = max(site.get("spots", 0), len(order))
    gap = (w - SPOTS_PER_ROW * 2 * SPOT_R) / (SPOTS_PER_ROW + 1)
    rows = max(2, (spots + SPOTS_PER_ROW - 1) // SPOTS_PER_ROW)
    for i in range(spots):
        row, col = divmod(i, SPOTS_PER_ROW)
        cx = x + gap + SPOT_R + col * (2 * SPOT_R + gap)
        cy = _spots_y(row)
        if i < len(order):
            cv.token(cx, cy, SPOT_R - 1, order[i])
        else:
            r = SPOT_R - 3
            cv.ellipse((cx - r, cy - r, cx + r, cy + r), EMPTY, RULE, 1)
    y = _spots_y(rows) - SPOT_R + 4
    tx = x + 10
    cv.text((tx, y), tr("spots", n=len(order), spots=site.get("spots", 0)), SMALL, MUTED, box=box)
    y += 30
    dom = site.get("dominant")
    if dom is None:
        cv.text((tx, y), tr("no_majority"), SMALL, MUTED, box=box)
    else:
        cv.token(tx + 12, y + 13, 12, dom)
        cv.text((tx + 30, y), names[dom], SMALL, INK, bold=True, width=w - 44, box=box)
    y += 30
    cv.rect((tx, y, tx + 20, y + 26), colour, INK, 1, radius=3)
    cv.text((tx + 28, y), tr("deck", n=site.get("deck", 0)), SMALL, INK, bold=True, box=box)
    y += 30
    cv.text((tx, y), tr("discard", n=len(site.get("discard", []))), SMALL, MUTED, box=box)


def _site_height(view: dict) -> int:
    rows = max(
        [2] + [(max(s.get("spots", 0), len(s.get("order", []))) + 3) // 4 for s in view["sites"]]
    )
    return int(_spots_y(rows) - SPOT_R + 4 + 4 * 30 + 6 - SITE_Y)


def _draw_duel(cv: Canvas, view: dict, names: list[str], y0: float) -> float:
    x0, x1 = MARGIN, WIDTH - MARGIN
    duel = view.get("duel")
    if not duel:
        last = view.get("last_duel")
        text = tr("no_duel")
        if last:
            text = tr(
                "last_duel", attacker=names[last["attacker"]], defender=names[last["defender"]]
            )
        y = cv.paragraph(x0 + 12, y0 + 10, text, x1 - x0 - 24, SMALL, MUTED)
        cv.rect((x0, y0, x1, y + 4), None, RULE, 1, radius=8)
        return y + 4
    stage = duel.get("stage")
    head = tr("tie_duel") if duel.get("tie_duel") else tr("duel")
    cv.text((x0 + 12, y0 + 8), head, 26, INK, bold=True)
    half = (x1 - x0 - 24) // 2
    bottom = y0 + 44
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
        x = x0 + 12 + side * (half + 12)
        y = y0 + 44
        cv.token(x + 16, y + 16, 16, who)
        chosen = not (stage in ("guard", "aw") or (side == 1 and stage == "dw"))
        arms = (_name(weapon) if weapon else tr("bare_hands")) if chosen else tr("choosing")
        label = tr("attacks" if side == 0 else "defends", arms=arms)
        if chosen and value is not None:
            label += " · " + tr(verb, n=value)
        cv.text((x + 40, y), names[who], 26, INK, bold=True, width=half - 44)
        y += 36
        for part in wrap_parts(label, half - 44, SMALL):
            cv.text((x + 40, y), part, SMALL, INK)
            y += 28
        if dice:
            dx = x + 40
            for d in dice[:8]:
                cv.die(dx, y + 2, 34, int(d))
                dx += 40
            result = None
            if side == 0 and stage != "w1":
                hits = duel.get("hits", 0)
                result = tr("hits.one" if hits == 1 else "hits.other", n=hits)
            if side == 1 and duel.get("unparried") is not None:
                result = tr("unparried", n=duel["unparried"])
            if result:
                cv.text((dx + 6, y + 19), result, SMALL, INK, bold=True, anchor="lm")
            y += 42
        bottom = max(bottom, y)
    mid = x0 + 12 + half + 6
    cv.line([(mid, y0 + 44), (mid, bottom - 4)], RULE, 1)
    cv.rect((x0, y0, x1, bottom + 4), None, RULE, 1, radius=8)
    return bottom + 4


def _draw_player(cv: Canvas, view: dict, p: dict, names: list[str], y0: float) -> float:
    x0, x1 = MARGIN, WIDTH - MARGIN
    s = p["seat"]
    last = view.get("last") or {}
    left_w = 470
    rx = x0 + left_w + 10
    right_w = x1 - rx - 12
    # the right column first, to know the row's height
    trump = "-"
    if p.get("trump"):
        trump = _name(p["trump"]) + (" ↻" if p.get("trump_rotated") else "")
    rotated = list(p.get("rotated", []))
    items = []
    for card in p.get("reserve", []):
        mark = ""
        if card in rotated:
            rotated.remove(card)
            mark = " ↻"
        items.append(_name(card) + mark)
    right = wrap_parts(tr("trump", card=trump), right_w, SMALL, sep=", ")
    reserve = wrap_parts(tr("reserve", cards=", ".join(items) or "-"), right_w, SMALL, sep=", ")
    flags = []
    if s == view.get("badge"):
        flags.append(tr("badge"))
    if p.get("passed"):
        flags.append(tr("passed"))
    if p.get("pawns_to_place"):
        flags.append(tr("to_place", n=p["pawns_to_place"]))
    if p.get("held_pawns"):
        flags.append(tr("holds", names=", ".join(names[o] for o in p["held_pawns"])))
    flag_lines = wrap_parts(" · ".join(flags), left_w - 50, SMALL) if flags else []
    left_h = 40 + 28 * len(flag_lines) + 36
    right_h = 8 + 28 * (len(right) + len(reserve))
    height = max(left_h, right_h) + 10
    acting = s in view.get("to_act", [])
    cv.rect(
        (x0, y0, x1, y0 + height),
        ACTING if acting else PANEL,
        INK if acting else RULE,
        2 if acting else 1,
        radius=6,
    )
    cv.token(x0 + 24, y0 + 22, 16, s)
    score = str(p.get("score", 0))
    sw = text_width(score, 32, True) + text_width(tr("pts"), SMALL) + 6
    cv.text((x0 + 48, y0 + 6), names[s], 26, INK, bold=True, width=left_w - 60 - sw)
    pts_x = x0 + left_w - text_width(tr("pts"), SMALL)
    cv.text((pts_x - 6, y0 + 2), score, 32, INK, bold=True, anchor="ra")
    cv.text((pts_x, y0 + 12), tr("pts"), SMALL, MUTED)
    if s in last.get("scores", []) or s == last.get("seat"):
        cv.star(x0 + 24, y0 + 58, 12)
    y = y0 + 40
    for line in flag_lines:
        cv.text((x0 + 48, y), line, SMALL, MUTED)
        y += 28
    # hand: backs per site
    bx = (
        x0
        + 48
        + cv.text((x0 + 48, y + 2), tr("hand", n=p.get("hand_count", 0)), SMALL, INK, bold=True)
        + 10
    )
    for site, count in (p.get("hand_backs") or {}).items():
        if not count:
            continue
        initial = tr(f"initial.{site}") if site in SITE_COLOURS else site[:1].upper()
        label = f"{initial}{count}"
        wdt = 12 + text_width(label, SMALL, True)
        cv.rect((bx, y, bx + wdt, y + 30), SITE_COLOURS.get(site, EMPTY), INK, 1, radius=4)
        cv.text((bx + wdt / 2, y + 15), label, SMALL, INK, bold=True, anchor="mm")
        bx += wdt + 5
    cv.line([(rx - 6, y0 + 6), (rx - 6, y0 + height - 6)], RULE, 1)
    y = y0 + 6
    for i, line in enumerate(right):
        cv.text((rx, y), line, SMALL, INK, bold=i == 0)
        y += 28
    for line in reserve:
        cv.text((rx, y), line, SMALL, INK)
        y += 28
    return y0 + height + 6


def _draw_discards(cv: Canvas, view: dict, y0: float) -> float:
    """Every site's discard pile (public), each card name once with its count."""
    x0, x1 = MARGIN, WIDTH - MARGIN
    y = cv.paragraph(x0 + 12, y0 + 8, tr("discards"), x1 - x0 - 24, SMALL, INK, bold=True)
    for site in view.get("sites", []):
        pile = site.get("discard", [])
        if not pile:
            continue
        counts = Counter(pile)
        cards = ", ".join(
            (f"{n}× " if n > 1 else "") + _name(c)
            for c, n in sorted(counts.items(), key=lambda kv: _name(kv[0]))
        )
        text = f"{name('henchmania', 'site', site['site'])}: {cards}"
        for line in wrap_parts(text, x1 - x0 - 44, SMALL, sep=", "):
            cv.text((x0 + 12 if line == text[: len(line)] else x0 + 32, y), line, SMALL, INK)
            y += 28
    cv.rect((x0, y0, x1, y + 6), None, RULE, 1, radius=8)
    return y + 6


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    n = view.get("players_count", len(view.get("players", [])))
    names = names_for(names, n)
    cv = Canvas(WIDTH, HEIGHT)
    x, w = MARGIN + 10, WIDTH - 2 * MARGIN - 20
    tw = cv.text((x, 12), "Henchmania", 32, INK, bold=True)
    days = {"day": view.get("day"), "days": view.get("days"), "target": view.get("target")}
    badge = view.get("badge")
    if isinstance(badge, int) and 0 <= badge < n:
        head = tr("head_badge", name=names[badge], **days)
    else:
        head = tr("head", **days)
    lines = wrap_parts(head, w - tw - 20, SMALL)
    for i, line in enumerate(lines[:2]):  # (the head fits two lines in every language)
        cv.text((x + tw + 20, 2 + 28 * i + (12 if len(lines) == 1 else 0)), line, SMALL, INK)
    height = _site_height(view)
    for i, site in enumerate(view.get("sites", [])[:5]):
        _draw_site(cv, view, site, MARGIN + i * SITE_W, names, height)
    y = SITE_Y + height + 10
    y = _draw_duel(cv, view, names, y) + 10
    for p in view.get("players", []):
        y = _draw_player(cv, view, p, names, y)
    y = _draw_discards(cv, view, y + 4) + 12
    y = cv.last_caption(x, y, w, view, names)
    if view.get("winners") and view.get("phase") == "over":
        prompt = tr("game_over", names=", ".join(names[s] for s in view["winners"]))
    else:
        prompt = fill_names(view.get("prompt") or "", names)  # the view holds a Msg
    y = cv.paragraph(x, y, prompt, w, 24, INK, bold=True)
    return cv.png(int(y) + 12)
