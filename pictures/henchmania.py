"""Henchmania: the five sites with their spots, pawns, who dominates, deck sizes and discard tops;
per player their points, Reserve and Trump; the duel in progress; the day and the target.

Drawn from the spectator view alone (``engines/henchmania/views.py``): hands show only as counts
of card backs per site.
"""

from __future__ import annotations

from engines.henchmania.data import CARDS

from .draw import Canvas, fill_names, names_for
from .palette import EMPTY, INK, MUTED, PANEL, RULE
from .words import name, tr

# --- layout (pixels) -----------------------------------------------------------------------------
WIDTH = 960
PLAYER_ROW = 64
MARGIN = 12
SITE_Y = 52
SITE_H = 262
SITE_W = (WIDTH - 2 * MARGIN) // 5
SPOT_R = 16
SPOTS_PER_ROW = 4
DUEL_Y = SITE_Y + SITE_H + 8
DUEL_H = 80
PLAYERS_Y = DUEL_Y + DUEL_H + 8
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


def _draw_site(cv: Canvas, site: dict, x: int, names: list[str]) -> None:
    w = SITE_W - 8
    colour = SITE_COLOURS.get(site["site"], EMPTY)
    cv.rect((x, SITE_Y, x + w, SITE_Y + SITE_H), PANEL, RULE, 1, radius=8)
    cv.rect((x, SITE_Y, x + w, SITE_Y + 34), colour, RULE, 1, radius=8)
    cv.text(
        (x + w / 2, SITE_Y + 17),
        name("henchmania", "site", site["site"]),
        20,
        INK,
        bold=True,
        anchor="mm",
        width=w - 8,
    )
    order = site.get("order", [])
    spots = max(site.get("spots", 0), len(order))
    gap = (w - SPOTS_PER_ROW * 2 * SPOT_R) / (SPOTS_PER_ROW + 1)
    for i in range(spots):
        row, col = divmod(i, SPOTS_PER_ROW)
        cx = x + gap + SPOT_R + col * (2 * SPOT_R + gap)
        cy = SITE_Y + 60 + row * (2 * SPOT_R + 10)
        if i < len(order):
            cv.token(cx, cy, SPOT_R - 1, order[i])
        else:
            cv.ellipse(
                (cx - SPOT_R + 2, cy - SPOT_R + 2, cx + SPOT_R - 2, cy + SPOT_R - 2), EMPTY, RULE, 1
            )
    y = SITE_Y + 60 + 2 * (2 * SPOT_R + 10) - 8
    cv.text((x + 8, y), tr("h.spots", n=len(order), spots=site.get("spots", 0)), 16, MUTED)
    y += 24
    dom = site.get("dominant")
    if dom is None:
        cv.text((x + 8, y), tr("h.no_majority"), 16, MUTED)
    else:
        wd = cv.text((x + 8, y), tr("h.dominant"), 16, INK, bold=True)
        cv.token(x + wd + 24, y + 10, 10, dom)
        cv.text((x + wd + 38, y), names[dom], 16, INK, width=w - wd - 42)
    y += 26
    cv.rect((x + 8, y, x + 26, y + 24), colour, INK, 1, radius=3)
    cv.text((x + 32, y + 3), tr("h.deck", n=site.get("deck", 0)), 17, INK, bold=True)
    y += 30
    discard = site.get("discard", [])
    cv.text((x + 8, y), tr("h.discard", n=len(discard)), 16, MUTED)
    if discard:
        cv.text((x + 8, y + 20), tr("h.top", card=_name(discard[-1])), 16, INK, width=w - 12)


def _draw_duel(cv: Canvas, view: dict, names: list[str]) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN - 8
    duel = view.get("duel")
    cv.rect((x0, DUEL_Y, x1, DUEL_Y + DUEL_H), PANEL, RULE, 1, radius=8)
    if not duel:
        last = view.get("last_duel")
        text = tr("h.no_duel")
        if last:
            text = tr(
                "h.last_duel", attacker=names[last["attacker"]], defender=names[last["defender"]]
            )
        cv.text((x0 + 12, DUEL_Y + DUEL_H / 2), text, 18, MUTED, anchor="lm", width=x1 - x0 - 24)
        return
    stage = duel.get("stage")
    head = tr("h.tie_duel") if duel.get("tie_duel") else tr("h.duel")
    cv.text((x0 + 12, DUEL_Y + 8), head, 20, INK, bold=True)
    half = (x1 - x0 - 90) // 2
    for side, (who, weapon, value, dice, verb) in enumerate(
        (
            (
                duel["attacker"],
                duel.get("attack_weapon"),
                duel.get("attack_value"),
                duel.get("attack_dice", []),
                "h.hits_on",
            ),
            (
                duel["defender"],
                duel.get("defence_weapon"),
                duel.get("defence_value"),
                duel.get("defence_dice", []),
                "h.parries_on",
            ),
        )
    ):
        x = x0 + 90 + side * half
        cv.token(x + 14, DUEL_Y + 20, 13, who)
        chosen = not (stage in ("guard", "aw") or (side == 1 and stage == "dw"))
        arms = (_name(weapon) if weapon else tr("h.bare_hands")) if chosen else tr("h.choosing")
        label = tr("h.attacks" if side == 0 else "h.defends", arms=arms)
        if chosen and value is not None:
            label += " · " + tr(verb, n=value)
        cv.text((x + 34, DUEL_Y + 9), names[who], 18, INK, bold=True, width=half - 40)
        cv.text((x + 34, DUEL_Y + 31), label, 15, INK, width=half - 40)
        dx = x + 34
        for d in dice[:8]:
            cv.die(dx, DUEL_Y + 52, 26, int(d))
            dx += 31
        if side == 0 and dice and stage != "w1":
            hits = duel.get("hits", 0)
            hit_text = tr("h.hits.one" if hits == 1 else "h.hits.other", n=hits)
            cv.text((dx + 6, DUEL_Y + 65), hit_text, 17, INK, bold=True, anchor="lm")
        if side == 1 and duel.get("unparried") is not None:
            cv.text(
                (dx + 6, DUEL_Y + 65),
                tr("h.unparried", n=duel["unparried"]),
                17,
                INK,
                bold=True,
                anchor="lm",
            )
    if side_sep := x0 + 90 + half - 6:
        cv.line([(side_sep, DUEL_Y + 8), (side_sep, DUEL_Y + DUEL_H - 8)], RULE, 1)


def _draw_players(cv: Canvas, view: dict, names: list[str]) -> None:
    players = view.get("players", [])
    x0, x1 = MARGIN, WIDTH - MARGIN - 8
    row = PLAYER_ROW
    y = PLAYERS_Y
    for p in players:
        s = p["seat"]
        acting = s in view.get("to_act", [])
        cv.rect(
            (x0, y, x1, y + row - 4),
            ACTING if acting else PANEL,
            INK if acting else RULE,
            2 if acting else 1,
            radius=6,
        )
        cv.token(x0 + 20, y + 20, 13, s)
        cv.text((x0 + 40, y + 8), names[s], 19, INK, bold=True, width=150)
        cv.text((x0 + 250, y + 4), str(p.get("score", 0)), 28, INK, bold=True, anchor="ra")
        cv.text((x0 + 254, y + 16), tr("h.pts"), 14, MUTED)
        flags = []
        if p.get("passed"):
            flags.append(tr("h.passed"))
        if p.get("pawns_to_place"):
            flags.append(tr("h.to_place", n=p["pawns_to_place"]))
        if p.get("held_pawns"):
            flags.append(tr("h.holds", names=", ".join(names[o][:8] for o in p["held_pawns"])))
        if s == view.get("badge"):
            flags.insert(0, tr("h.badge"))
        cv.text((x0 + 40, y + 32), " · ".join(flags), 14, MUTED, width=240)
        # hand: backs per site
        hx = x0 + 296
        cv.text((hx, y + 6), tr("h.hand", n=p.get("hand_count", 0)), 16, INK, bold=True)
        bx = hx
        for site, count in (p.get("hand_backs") or {}).items():
            if not count:
                continue
            initial = tr(f"h.initial.{site}") if site in SITE_COLOURS else site[:1].upper()
            label = f"{initial}{count}"
            wdt = 8 + 9 * len(label)
            cv.rect((bx, y + 30, bx + wdt, y + 50), SITE_COLOURS.get(site, EMPTY), INK, 1, radius=3)
            cv.text((bx + wdt / 2, y + 40), label, 13, INK, bold=True, anchor="mm")
            bx += wdt + 4
        # Trump and Reserve
        rx = x0 + 510
        trump = "-"
        if p.get("trump"):
            trump = _name(p["trump"]) + (" ↻" if p.get("trump_rotated") else "")
        cv.text((rx, y + 6), tr("h.trump", card=trump), 16, INK, bold=True, width=x1 - rx - 8)
        rotated = list(p.get("rotated", []))
        items = []
        for card in p.get("reserve", []):
            mark = ""
            if card in rotated:
                rotated.remove(card)
                mark = " ↻"
            items.append(_name(card) + mark)
        cv.text(
            (rx, y + 30), tr("h.reserve", cards=", ".join(items) or "-"), 15, INK, width=x1 - rx - 8
        )
        y += row


def picture(view: dict, names: list[str] | None = None) -> bytes:
    """The public board as a PNG. ``names``: the seats' display names (public)."""
    n = view.get("players_count", len(view.get("players", [])))
    names = names_for(names, n)
    height = PLAYERS_Y + len(view.get("players", [])) * PLAYER_ROW + 36
    cv = Canvas(WIDTH, height)
    cv.text((MARGIN, 12), "Henchmania", 26, INK, bold=True)
    days = {"day": view.get("day"), "days": view.get("days"), "target": view.get("target")}
    badge = view.get("badge")
    if isinstance(badge, int) and 0 <= badge < n:
        head = tr("h.head_badge", name=names[badge], **days)
    else:
        head = tr("h.head", **days)
    cv.text((MARGIN + 170, 18), head, 18, INK, width=WIDTH - MARGIN - 180)
    for i, site in enumerate(view.get("sites", [])[:5]):
        _draw_site(cv, site, MARGIN + i * SITE_W, names)
    _draw_duel(cv, view, names)
    _draw_players(cv, view, names)
    if view.get("winners") and view.get("phase") == "over":
        prompt = tr("game_over", names=", ".join(names[s] for s in view["winners"]))
    else:
        prompt = fill_names(view.get("prompt") or "", names)  # the view holds a Msg
    cv.text(
        (MARGIN, height - 14), prompt, 18, INK, bold=True, anchor="ls", width=WIDTH - 2 * MARGIN
    )
    return cv.png()
