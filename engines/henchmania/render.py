"""Text from a view: the Markdown board (a spectator's view) and hand panel (a seat's view).

Pure functions of a view (``views.py``) and the card data: they never see the state, so they
can show nothing a seat may not see. Every phrase is a message of ``words`` (ids "board.*",
"duel.*", "hand.*"; card names, effects and timings are its name tables), shown in the reader's
language; only the layout (the site table, lines, Markdown) is made here."""

from __future__ import annotations

from ..words import render
from .data import CARDS, SITES
from .words import msg


def P(seat: int) -> str:
    """A seat as the Discord layer's name placeholder."""
    return "{p%d}" % seat


class _Sayer:
    """Renders this game's messages in one language: ``say("board.empty")``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, /, **params) -> str:
        return render(msg(key, **params), self.lang)


def _name(say: _Sayer, card: str, rotated: bool = False) -> str:
    return say("board.card_rotated" if rotated else "board.card", card=card)


def _res_line(say: _Sayer, p: dict) -> str:
    items = [_name(say, card, card in p["rotated"]) for card in p["reserve"]]
    return ", ".join(items) if items else "-"


def duel_lines(view: dict, lang: str = "en") -> list[str]:
    """The duel in progress, step by step (public): on the board and in the private panels."""
    say = _Sayer(lang)
    duel = view.get("duel")
    if not duel:
        return []
    lines = []
    stage = duel["stage"]
    if stage in ("guard", "aw"):
        aw = say("duel.choosing" if stage == "aw" else "duel.not_chosen")
    else:
        weapon = _name(say, duel["attack_weapon"]) if duel["attack_weapon"] else say("duel.bare")
        aw = say("duel.hits_on", weapon=weapon, n=duel["attack_value"])
    if stage in ("guard", "aw", "dw"):
        dw = say("duel.choosing" if stage == "dw" else "duel.not_chosen")
    else:
        weapon = _name(say, duel["defence_weapon"]) if duel["defence_weapon"] else say("duel.bare")
        dw = say("duel.parries_on", weapon=weapon, n=duel["defence_value"])
    lines.append(
        say(
            "duel.tie_head" if duel["tie_duel"] else "duel.head",
            a=duel["attacker"],
            aw=aw,
            d=duel["defender"],
            dw=dw,
        )
    )
    if duel["attack_dice"]:
        lines.append(
            "  "
            + (
                say("duel.attack_hits", dice=str(duel["attack_dice"]), n=duel["hits"])
                if duel["stage"] != "w1"
                else say("duel.attack", dice=str(duel["attack_dice"]))
            )
        )
    if duel["defence_dice"]:
        lines.append(
            "  "
            + (
                say("duel.defence_unparried", dice=str(duel["defence_dice"]), n=duel["unparried"])
                if duel["unparried"] is not None
                else say("duel.defence", dice=str(duel["defence_dice"]))
            )
        )
    return lines


def day_label(day: int, days: int, lang: str = "en") -> str:
    """ "day 2 of 4"; past the last day (three or more players tied for the lead play on, day by
    day, until the tie breaks) "day 5, tie-break (after day 4)"."""
    if day > days:
        return _Sayer(lang)("board.day_tie", day=day, days=days)
    return _Sayer(lang)("board.day", day=day, days=days)


def board_text(view: dict, lang: str = "en") -> str:
    """The public board in ``lang`` (English by default)."""
    say = _Sayer(lang)
    lines = [
        say(
            "board.title",
            day=day_label(view["day"], view["days"], lang),
            phase=view["phase"],
            target=view["target"],
        )
    ]
    lines.append(say("board.badge", p=view["badge"]))
    if view.get("additional_cards"):
        lines.append(say("board.additional", cards=view["additional_cards"]))
    n = view["players_count"]
    grid = [say("board.grid_head", players=" ".join(f"P{s + 1}" for s in range(n)))]
    for site in view["sites"]:
        dom = "-" if site["dominant"] is None else f"P{site['dominant'] + 1}"
        pawns = " ".join(f"{c:>2}" for c in site["pawns"])
        grid.append(
            f"{say('board.site', site=site['site']):<12} "
            f"{len(site['order']):>2}/{site['spots']:<2} {site['deck']:>3} {pawns}  {dom}"
        )
    lines.append("```\n" + "\n".join(grid) + "\n```")
    lines.append("  ".join(f"P{s + 1} = {P(s)}" for s in range(n)))
    for p in view["players"]:
        s = p["seat"]
        trump = "-"
        if p["trump"]:
            trump = _name(say, p["trump"], p["trump_rotated"])
        flags = []
        if p["passed"]:
            flags.append(msg("board.passed").to_json())
        if p["held_pawns"]:
            flags.append(msg("board.holds", pawns=list(p["held_pawns"])).to_json())
        points = "board.points." + ("one" if p["score"] == 1 else "other")
        lines.append(
            say(points, p=s, n=p["score"]) + (say("board.flags", items=flags) if flags else "")
        )
        backs = [[k, v] for k, v in p["hand_backs"].items() if v]
        lines.append("  " + say("board.hand", n=p["hand_count"], backs=backs, trump=trump))
        lines.append("  " + say("board.reserve", cards=_res_line(say, p)))
    lines += duel_lines(view, lang)
    discards = []
    for site in view["sites"]:
        if site["discard"]:
            discards.append(
                msg(
                    "board.discard_top",
                    site=site["site"],
                    n=len(site["discard"]),
                    card=site["discard"][-1],
                ).to_json()
            )
        else:
            discards.append(msg("board.discard", site=site["site"], n=0).to_json())
    lines.append(say("board.discards", items=discards))
    if view["winners"]:
        lines.append(say("board.winner", seats=view["winners"]))
    if view["prompt"]:
        lines.append(f"> {render(view['prompt'], lang)}")
    text = "\n".join(lines)
    return text[:4000]


def reserve_reminders(reserve: list[str], lang: str = "en") -> list[str]:
    """One line per different Reserve card: what it does (TEXT) and when (WHEN)."""
    say = _Sayer(lang)
    return [
        say("hand.reminder", card=card)
        for card in sorted(set(reserve), key=lambda c: (SITES.index(CARDS[c][1]), c))
    ]


def hand_text(view: dict, lang: str = "en") -> str:
    """A seat's own panel in ``lang`` (English by default)."""
    say = _Sayer(lang)
    lines = [say("hand.title")]
    hand = view.get("hand") or []
    if not hand:
        lines.append(say("hand.empty"))
    for card in sorted(set(hand), key=lambda c: (SITES.index(CARDS[c][1]), c)):
        lines.append(say("hand.card", n=hand.count(card), card=card, site=CARDS[card][1]))
    seat = view.get("seat")
    if seat is not None:
        me = view["players"][seat]
        lines.append(say("hand.reserve", n=len(me["reserve"]), cards=_res_line(say, me)))
        lines += reserve_reminders(me["reserve"], lang)
        if me["trump"]:
            lines.append(
                say(
                    "hand.trump",
                    name=_name(say, me["trump"], me["trump_rotated"]),
                    card=me["trump"],
                )
            )
    playing = view.get("playing")
    if playing:
        lines.append(say("hand.playing", card=playing["card"]))
    lines += duel_lines(view, lang)
    return "\n".join(lines)[:4000]
