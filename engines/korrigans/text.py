"""Markdown for Discord: ``board_text`` (spectator view) and ``hand_text`` (a seat's view)."""
from __future__ import annotations

from .data import CARRY_POINTS, MENHIR_NAME, RAINBOW, RAINBOW_MARK, TOKEN_NAME

_SHORT = dict(zip(RAINBOW, RAINBOW_MARK))

# --- text for people ---------------------------------------------------------------------------
GRID_LEGEND = ("S = Sun rows, C = Cloud columns. Pawns on them: %s. * = the Cauldron can still "
               "appear there, $ = the Cauldron."
               % ", ".join("%s %s" % (m, c) for c, m in zip(RAINBOW, RAINBOW_MARK)))
MOVES_LEGEND = (
    "How Korrigans move: Hare over an open border (any border not listed), Squirrel through a "
    "gate, Mouse over a bridge. A river border cannot be crossed on foot: only the Bird (to a "
    "field of the same colour), the Mole (sand to sand) and the Frog (pontoon to pontoon) get "
    "past it. The Troll blocks one open border, gate or bridge for Hare, Squirrel and Mouse.")
CARRY_NOTE = {
    "elf": "carries the Elf (%+d gold; an opponent who moves onto its field takes it)"
           % CARRY_POINTS["elf"],
    "goblin": "carries the Goblin (%+d gold; move it onto an opponent's Korrigan to hand it "
              "over)" % CARRY_POINTS["goblin"],
}
TIE_BREAK = {
    "companions": "tied on gold: most Companions left wins",
    "turn_order": "tied on gold and Companions left: the later player in turn order wins",
}


def _p(seat: int) -> str:
    return "{p%d}" % seat


def _kid(text: str) -> str:
    seat, k = text[1:].split("k")
    return "%s K%s" % (_p(int(seat) - 1), k)


def _backup(side: str) -> str:
    return "used up" if side == "spent" else side.capitalize()


def _tokens(kinds: list[str]) -> str:
    return ", ".join(TOKEN_NAME[k] for k in kinds) or "none"


def _out_of_game(out: dict[str, int]) -> str:
    return ", ".join("%d %s" % (n, MENHIR_NAME[k]) for k, n in sorted(out.items()) if n)


def grid_text(view: dict) -> str:
    """The map on the Sun/Cloud grid. * = Cauldron can still appear there, $ = the Cauldron."""
    grid = view["map"]["grid"]
    suns, clouds = view["suns"], view["clouds"]
    possible = set(view["cauldron_possible"])
    lines = ["       " + "".join("C%-2d" % (c + 1) for c in range(len(clouds))),
             "       " + "".join("%-3s" % (_SHORT[x] if x else ".") for x in clouds)]
    for r, row in enumerate(grid):
        cells = []
        for c, ch in enumerate(row):
            mark = " "
            if view["cauldron"] == ch:
                mark = "$"
            elif ch in possible and suns[r] is None and clouds[c] is None:
                mark = "*"
            cells.append(ch + mark + " ")
        lines.append("S%d %-3s %s" % (r + 1, _SHORT[suns[r]] if suns[r] else ".", "".join(cells)))
    return "\n".join(lines)


def board_text(view: dict) -> str:
    out = ["**Korrigans** - %s" % view["prompt"]]
    out.append("```\n" + grid_text(view) + "\n```")
    out.append(GRID_LEGEND)
    bits = ["Bag: %d pawns, held by %s" % (view["bag"], _p(view["bag_holder"]))]
    if view["set_aside"]:
        bits.append("set aside: " + ", ".join(view["set_aside"]))
    if view["chain"]:
        bits.append("draws chain (5 Clouds)")
    out.append("; ".join(bits) + ".")
    if view["cauldron"]:
        out.append("Cauldron of Gold on **%s**." % view["cauldron"])
    else:
        out.append("Cauldron can still appear on: %s." % (", ".join(view["cauldron_possible"])))
    rows = ["Field   colour  tokens Menhir, symbols, Korrigans"]
    marks = {k: " (Elf)" for k in view["elf"]}
    marks.update({k: " (Goblin)" for k in view["goblin"]})
    for f in view["fields"]:
        flags = "".join([" sand" if f["sand"] else "", " pontoon" if f["pontoon"] else ""])
        kor = ", ".join(_kid(k) + marks.get(k, "") for k in f["korrigans"])
        rows.append("%s       %-7s %d      %s%s %s" % (
            f["id"], f["colour"][:7], f["tokens"], "M" if f["menhir"] else "-", flags, kor))
    out.append("```\n" + "\n".join(rows) + "\n```")
    borders = ", ".join("%s %s" % (b["id"], b["kind"]) for b in view["map"]["borders"])
    out.append("Borders (others open): " + borders + ".")
    out.append(MOVES_LEGEND)
    extra = []
    extra.append("Troll: %s" % (view["troll"] or "beside the board"))
    extra.append("Elf: %s" % (", ".join(_kid(k) for k in view["elf"]) or "none"))
    extra.append("Goblin: %s" % (", ".join(_kid(k) for k in view["goblin"]) or "none"))
    out_of_game = _out_of_game(view["out_of_game"])
    if out_of_game:
        extra.append("Out of the game: " + out_of_game)
    out.append(" | ".join(extra))
    over = view["phase"] == "over"
    gold_ties = set()
    if over:
        totals = [b["total"] for b in view["breakdown"]]
        gold_ties = {s for s, t in enumerate(totals) if totals.count(t) > 1}
    for pl in view["players"]:
        s = pl["seat"]
        held = ("%d behind screen" % pl["hidden_count"] if pl["screen"]
                else "screen removed, %d tokens open" % pl["hidden_count"])
        first = " (first player)" if s == view["first_player"] else ""
        line = "%s%s: %s; Companions: %s" % (_p(s), first, held, _tokens(pl["companions"]))
        if pl["backup"]:
            line += "; Backup: %s" % _backup(pl["backup"])
        if pl["menhirs"]:
            line += "; Menhirs: %s" % ", ".join(MENHIR_NAME[x] for x in pl["menhirs"])
        if "tokens" in pl:
            line += "; tokens: %s" % _tokens(pl["tokens"])
        if view["phase"] == "over":
            b = view["breakdown"][s]
            line += ("; **gold %d** (tokens %d, Menhirs %d, Elf/Goblin %d, Cauldron %d)"
                     % (b["total"], b["tokens"], b["menhirs"], b["elf_goblin"], b["cauldron"]))
            if s in gold_ties:
                line += "; Companions left: %d" % pl["companions_left"]
        else:
            line += "; visible gold %d" % view["scores"][s]
        out.append(line)
    if over:
        why = TIE_BREAK.get(view["tie_break"])
        out.append("**Winner: %s**%s" % (_p(view["winners"][0]), " (%s)" % why if why else ""))
    text = "\n".join(out)
    return text[:4000]


def result_note(view: dict) -> str:
    """Under the final scores: how a tie on gold was broken ("" without a tie)."""
    why = view.get("tie_break")
    if why is None:
        return ""
    best = max(view["scores"])
    tied = [s for s, x in enumerate(view["scores"]) if x == best]
    left = ", ".join("%s %d" % (_p(s), view["players"][s]["companions_left"]) for s in tied)
    if why == "companions":
        return "Tied on %d gold: most Companions left wins (%s)." % (best, left)
    return ("Tied on %d gold and on Companions left (%s): the later player in turn order wins."
            % (best, left))


def hand_text(view: dict) -> str:
    you = view["you"]
    out = ["**Your Korrigans** (%s)" % _p(you["seat"])]
    out.append("Behind your screen: %s" % _tokens(you["tokens"]))
    me = view["players"][you["seat"]]
    backup = "; Backup: %s" % _backup(me["backup"]) if me["backup"] else ""
    out.append("In front of it: %s%s" % (_tokens(me["companions"]), backup))
    mine = [k for k in view["korrigans"] if k["seat"] == you["seat"]]
    if mine:
        out.append("Your Korrigans stand on: %s" % ", ".join(
            "K%d on %s" % (k["k"], k["field"] or "-") for k in mine))
        for k in mine:
            if k["carry"]:
                out.append("K%d %s." % (k["k"], CARRY_NOTE[k["carry"]]))
    g = you["gold"]
    out.append("Gold now: %d (tokens %d, Menhirs %d, Elf/Goblin %d, Cauldron %d)" % (
        g["total"], g["tokens"], g["menhirs"], g["elf_goblin"], g["cauldron"]))
    if you["sacrificed"]:
        out.append("Sacrificed: %s" % _tokens(you["sacrificed"]))
    if "looking_at" in you:
        la = you["looking_at"]
        out.append("**On %s you see:** %s" % (la["field"], _tokens(la["tokens"])))
    if you["seen"]:
        out.append("Fields you have seen (what you left there):")
        out.extend("- %s: %s" % (f, _tokens(t)) for f, t in you["seen"].items())
    return "\n".join(out)[:4000]
