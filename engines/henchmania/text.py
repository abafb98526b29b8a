"""Words for players: button labels (describe) and the Markdown board and hand."""
from __future__ import annotations

from .common import P, a_an
from .data import (
    ADDITIONAL, BARE_HANDS, CARDS, GOSSIP2_POINTS, OX_BARE_HANDS, SITE_NAMES, SITES, TEXT, WHEN,
    name,
)
from .duel import glove_rule
from . import placing

HOUSE_MARK = " (house rule)"   # after the name of an Additional Card on a button


def _card_label(card: str) -> str:
    row = CARDS[card]
    house = HOUSE_MARK if card in ADDITIONAL else ""
    if row[3] == "armory":
        return f"{row[0]}{house} (A {row[5]}+ / D {row[6]}+)"
    return row[0] + house


def _fight_label(state: dict, seat: int, weapon) -> str:
    """A weapon button with the value it really gives this duellist in this duel: the Attacker's
    hit value (a Gauntlet makes it better), the Defender's parry value; bare hands count the
    Ox."""
    duel = state["duel"]
    ox = weapon is None and "ox" in state["res"][seat]
    if seat == duel["a"]:
        value = CARDS[weapon][5] if weapon else (OX_BARE_HANDS if ox else BARE_HANDS)
        value = max(1, value - glove_rule(duel, "attack_bonus", 0))
        what = f"hits on {value}+"
    else:
        value = CARDS[weapon][6] if weapon else (OX_BARE_HANDS if ox else BARE_HANDS)
        what = f"parries on {value}+"
    if weapon is None:
        return f"Fight bare-handed ({what}" + (", Ox)" if ox else ")")
    return f"Fight with {name(weapon)}" + (HOUSE_MARK if weapon in ADDITIONAL else "") + \
        f" ({what})"


def _arg_label(state: dict, step: dict, tok: str) -> str:
    card, k = step["c"], len(step["a"])
    if tok.startswith("p") and tok[1:].isdigit():
        return f"{name(card)}: target {P(int(tok[1:]))}"
    if tok == "boss":
        worth = GOSSIP2_POINTS + 2 if card == "gossip2" else 3
        return f"Rotate Boss Lady: Gossip worth {worth}"
    if tok == "plain":
        return "Plain Gossip (keep Boss Lady ready)"
    if tok in SITE_NAMES:
        if card == "traitor":
            return f"Take their Henchman at the {SITE_NAMES[tok]}"
        if card == "traitor2":
            if k == 1:
                return f"Move their Henchman from the {SITE_NAMES[tok]}"
            return f"Move it to the {SITE_NAMES[tok]}"
        if card == "pigeon":
            return f"Pigeon: draw at the {SITE_NAMES[tok]}"
        if card == "grave":
            return f"Search the {SITE_NAMES[tok]} discards"
        return f"{name(card)}: {a_an(SITE_NAMES[tok])} card"
    if card == "grave":
        return f"Take {name(tok)}"
    if card in ("beartamer", "pillory"):
        return f"Discard their {name(tok)}"
    if k == 0:
        return f"Discard {name(tok)} from your Reserve to make room"
    return name(tok)


def describe(state: dict, seat: int, action: str) -> str:
    step = state["step"] or {}
    kind = step.get("k")
    head, _, rest = action.partition(":")
    if head in ("place", "porter", "porter2"):
        return placing.describe(state, seat, action)
    if action == "pass":
        return "Pass for the rest of the day" if kind == "turn" else "Pass (no reaction)"
    if head == "play":
        return f"Play {_card_label(rest)}"
    if head == "use":
        if rest == "inquisition":
            return "Inquisition: opponents' Trumps to the discards"
        if rest == "mule":
            return "Mule (house rule): draw at the Armory"
        return f"Bigots: draw at the {SITE_NAMES[rest.split(':')[1]]}"
    if head == "arg":
        return _arg_label(state, step, rest)[:80]
    if action == "back":
        return "Back (choose another card)"
    if action == "accept":
        return "Take up the duel" if kind == "guard" else "Accept the effect"
    if head == "counter":
        return {"penitent": "Discard Penitent: cancel it",
                "bravery": "Rotate Bravery: cancel it",
                "oldlady": "Rotate Old Lady, use Bravery: cancel it"}[rest]
    if head in ("give", "trim", "drop"):
        verb = "Give" if head == "give" else "Discard"
        return f"{verb} {name(rest)}"
    if action == "guard":
        return "Play Guard: cancel the Glove"
    if action == "bare":
        return _fight_label(state, seat, None)
    if head == "weapon":
        return _fight_label(state, seat, rest)
    duel = state.get("duel") or {}
    dice = duel.get("ad") if duel.get("st") == "w1" else duel.get("dd")
    if head in ("prayer", "holy", "court"):
        i = int(rest)
        value = dice[i] if dice and i < len(dice) else "?"
        what = {"prayer": "Prayer: reroll", "holy": "Holy water: +1 to",
                "court": "Courtesan: force a reroll of"}[head]
        return f"{what} die {i + 1} ({value})"
    if head in ("prov", "olprov"):
        dice_txt = ", ".join(str(int(c) + 1) for c in rest)
        via = " (Old Lady)" if head == "olprov" else ""
        noun = "die" if len(rest) == 1 else "dice"
        return f"Providence{via}: reroll {noun} {dice_txt}"
    if head in ("conf", "olconf"):
        return "Confidence" + (" (Old Lady)" if head == "olconf" else "") + ": +1 to each die"
    if head == "apoth":
        return "Apothecary: cancel an unparried hit"
    if head == "keep":
        return "Keep no card" if rest == "none" else f"Keep {name(rest)} for tomorrow"
    if head == "choir":
        return "Keep the Choir boys" if rest == "0" else f"Discard {rest} Choir boys for points"
    return action


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
        lines.append(f"> {view['prompt']}")
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
