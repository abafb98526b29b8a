"""Text from a view: the Markdown board (a spectator's view) and hand panel (a seat's view).

Pure functions of a view (``views.py``) and the card data: they never see the state, so they
can show nothing a seat may not see. The view's prompt is a message in JSON form; ``render``
turns it into English (its catalog is ``words.py``)."""
from __future__ import annotations

from ..words import render
from .data import CARDS, SITE_NAMES, SITES, TEXT, WHEN, name
from . import words  # noqa: F401  (registers the catalog the prompt is rendered with)


def P(seat: int) -> str:
    """A seat as the Discord layer's name placeholder."""
    return "{p%d}" % seat


def _res_line(p: dict) -> str:
    items = []
    for card in p["reserve"]:
        mark = " (rotated)" if card in p["rotated"] else ""
        items.append(name(card) + mark)
    return ", ".join(items) if items else "-"


def duel_lines(view: dict) -> list[str]:
    """The duel in progress, step by step (public): on the board and in the private panels."""
    duel = view.get("duel")
    if not duel:
        return []
    lines = []
    head = "Tie duel" if duel["tie_duel"] else "Duel"
    stage = duel["stage"]
    if stage in ("guard", "aw"):
        aw = "choosing a weapon" if stage == "aw" else "weapon not chosen yet"
    else:
        aw = (name(duel["attack_weapon"]) if duel["attack_weapon"] else "bare hands") + \
            f", hits on {duel['attack_value']}+"
    if stage in ("guard", "aw", "dw"):
        dw = "choosing a weapon" if stage == "dw" else "weapon not chosen yet"
    else:
        dw = (name(duel["defence_weapon"]) if duel["defence_weapon"] else "bare hands") + \
            f", parries on {duel['defence_value']}+"
    lines.append(f"**{head}:** {P(duel['attacker'])} ({aw}) vs {P(duel['defender'])} ({dw})")
    if duel["attack_dice"]:
        lines.append(f"  Attack dice: {duel['attack_dice']}"
                     + (f" - {duel['hits']} hits" if duel["stage"] != "w1" else ""))
    if duel["defence_dice"]:
        lines.append(f"  Defence dice: {duel['defence_dice']}"
                     + (f" - unparried {duel['unparried']}" if duel["unparried"] is not None
                        else ""))
    return lines


def day_label(day: int, days: int) -> str:
    """ "day 2 of 4"; past the last day (three or more players tied for the lead play on, day by
    day, until the tie breaks) "day 5, tie-break (after day 4)"."""
    if day > days:
        return f"day {day}, tie-break (after day {days})"
    return f"day {day} of {days}"


def board_text(view: dict) -> str:
    lines = [f"**Henchmania** - {day_label(view['day'], view['days'])} - "
             f"{view['phase']} - first to {view['target']}"]
    lines.append(f"Badge of Honor: {P(view['badge'])}")
    if view.get("additional_cards"):
        lines.append("Additional Cards: " + ", ".join(name(c) for c in view["additional_cards"])
                     + " (house rules: our effects, not the printed cards)")
    n = view["players_count"]
    grid = ["Site         Spots Deck " + " ".join(f"P{s + 1}" for s in range(n)) + "  Dominant"]
    for site in view["sites"]:
        dom = "-" if site["dominant"] is None else f"P{site['dominant'] + 1}"
        pawns = " ".join(f"{c:>2}" for c in site["pawns"])
        grid.append(f"{site['name']:<12} {len(site['order']):>2}/{site['spots']:<2} "
                    f"{site['deck']:>3} {pawns}  {dom}")
    lines.append("```\n" + "\n".join(grid) + "\n```")
    lines.append("  ".join(f"P{s + 1} = {P(s)}" for s in range(n)))
    for p in view["players"]:
        s = p["seat"]
        backs = ", ".join(f"{SITE_NAMES[k]} {v}" for k, v in p["hand_backs"].items() if v)
        trump = "-"
        if p["trump"]:
            trump = name(p["trump"]) + (" (rotated)" if p["trump_rotated"] else "")
        flags = []
        if p["passed"]:
            flags.append("passed")
        if p["held_pawns"]:
            flags.append("holds " + ", ".join(P(o) + "'s pawn" for o in p["held_pawns"]))
        points = f"{p['score']} point" + ("" if p["score"] == 1 else "s")
        lines.append(f"**{P(s)}** - {points}" + (f" ({'; '.join(flags)})" if flags else ""))
        lines.append(f"  Hand: {p['hand_count']} ({backs or 'empty'}) | Trump: {trump}")
        lines.append(f"  Reserve: {_res_line(p)}")
    lines += duel_lines(view)
    discards = []
    for site in view["sites"]:
        top = f" (top: {name(site['discard'][-1])})" if site["discard"] else ""
        discards.append(f"{site['name']} {len(site['discard'])}{top}")
    lines.append("Discards: " + ", ".join(discards))
    if view["winners"]:
        lines.append("**Winner:** " + ", ".join(P(s) for s in view["winners"]))
    if view["prompt"]:
        lines.append(f"> {render(view['prompt'])}")
    text = "\n".join(lines)
    return text[:4000]


def reserve_reminders(reserve: list[str]) -> list[str]:
    """One line per different Reserve card: what it does (TEXT) and when (WHEN)."""
    return [f"- {name(card)}: {TEXT[card]} *{WHEN[card]}*"
            for card in sorted(set(reserve), key=lambda c: (SITES.index(CARDS[c][1]), c))]


def hand_text(view: dict) -> str:
    lines = ["**Your hand**"]
    hand = view.get("hand") or []
    if not hand:
        lines.append("(empty)")
    for card in sorted(set(hand), key=lambda c: (SITES.index(CARDS[c][1]), c)):
        count = hand.count(card)
        lines.append(f"- {count}x **{name(card)}** ({SITE_NAMES[CARDS[card][1]]}): "
                     f"{TEXT[card]}")
    seat = view.get("seat")
    if seat is not None:
        me = view["players"][seat]
        lines.append(f"**Your Reserve** ({len(me['reserve'])}/8): {_res_line(me)}")
        lines += reserve_reminders(me["reserve"])
        if me["trump"]:
            lines.append(f"**Your Trump:** {name(me['trump'])}"
                         + (" (rotated)" if me["trump_rotated"] else "") + f" - {TEXT[me['trump']]}"
                         + f" *{WHEN[me['trump']]}*")
    playing = view.get("playing")
    if playing:
        lines.append(f"Playing: {name(playing['card'])}")
    lines += duel_lines(view)
    return "\n".join(lines)[:4000]
