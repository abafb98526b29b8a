"""Text from a view: Markdown for Discord, ``board_text`` (a spectator's view), ``hand_text``
(a seat's view) and ``result_note`` (under the final scores).

Pure functions of a view (JSON data): they never see the state, so they cannot show what the
view hides. Every phrase is a message of ``words`` (ids "board.*", "hand.*", "note.*"); only
the layout is made here (the Sun/Cloud grid, the field table's columns, lines and Markdown).
The seat markers ``{pN}`` are filled in by the table service.
"""
from __future__ import annotations

from engines.words import render

from .data import CARRY_POINTS, RAINBOW, RAINBOW_MARK
from .words import korrigan, msg

_SHORT = dict(zip(RAINBOW, RAINBOW_MARK))


def _say(key: str, /, **params) -> str:
    return render(msg(key, **params))


GRID_LEGEND = _say("board.grid_legend", marks=[[m, c] for c, m in zip(RAINBOW, RAINBOW_MARK)])
MOVES_LEGEND = _say("board.moves_legend")


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


def _field_rows(view: dict) -> list[str]:
    rows = [_say("board.fields")]
    marks = {k: _say("board.carrying", kind="elf") for k in view["elf"]}
    marks.update({k: _say("board.carrying", kind="goblin") for k in view["goblin"]})
    for f in view["fields"]:
        flags = ((_say("board.sand") if f["sand"] else "")
                 + (_say("board.pontoon") if f["pontoon"] else ""))
        kor = ", ".join(korrigan(k) + marks.get(k, "") for k in f["korrigans"])
        rows.append("%s       %-7s %d      %s%s %s" % (
            f["id"], f["colour"][:7], f["tokens"], "M" if f["menhir"] else "-", flags, kor))
    return rows


def _player_line(view: dict, pl: dict, gold_ties: set[int]) -> str:
    s = pl["seat"]
    held = (msg("board.screen", n=pl["hidden_count"]) if pl["screen"]
            else msg("board.no_screen", n=pl["hidden_count"]))
    first = "_first" if s == view["first_player"] else ""
    line = _say("board.player" + first, p=s, held=held.to_json(), comps=pl["companions"])
    if pl["backup"]:
        line += _say("board.backup", side=pl["backup"])
    if pl["menhirs"]:
        line += _say("board.menhirs", kinds=pl["menhirs"])
    if "tokens" in pl:
        line += _say("board.tokens", kinds=pl["tokens"])
    if view["phase"] == "over":
        line += _say("board.gold", **view["breakdown"][s])
        if s in gold_ties:
            line += _say("board.companions_left", n=pl["companions_left"])
    else:
        line += _say("board.visible_gold", n=view["scores"][s])
    return line


def board_text(view: dict) -> str:
    out = [_say("board.title", prompt=view["prompt"])]
    out.append("```\n" + grid_text(view) + "\n```")
    out.append(GRID_LEGEND)
    bits = [_say("board.bag", n=view["bag"], p=view["bag_holder"])]
    if view["set_aside"]:
        bits.append(_say("board.set_aside", colours=view["set_aside"]))
    if view["chain"]:
        bits.append(_say("board.chain"))
    out.append("; ".join(bits) + ".")
    if view["cauldron"]:
        out.append(_say("board.cauldron", f=view["cauldron"]))
    else:
        out.append(_say("board.cauldron_possible", fields=view["cauldron_possible"]))
    out.append("```\n" + "\n".join(_field_rows(view)) + "\n```")
    out.append(_say("board.borders",
                    borders=[[b["id"], b["kind"]] for b in view["map"]["borders"]]))
    out.append(MOVES_LEGEND)
    extra = [_say("board.troll", border=view["troll"]) if view["troll"]
             else _say("board.troll_beside"),
             _say("board.elf", kids=view["elf"]), _say("board.goblin", kids=view["goblin"])]
    out_of_game = [[k, n] for k, n in sorted(view["out_of_game"].items()) if n]
    if out_of_game:
        extra.append(_say("board.out", out=out_of_game))
    out.append(" | ".join(extra))
    over = view["phase"] == "over"
    gold_ties: set[int] = set()
    if over:
        totals = [b["total"] for b in view["breakdown"]]
        gold_ties = {s for s, t in enumerate(totals) if totals.count(t) > 1}
    out.extend(_player_line(view, pl, gold_ties) for pl in view["players"])
    if over:
        why = view["tie_break"]
        if why is None:
            out.append(_say("board.winner", p=view["winners"][0]))
        else:
            out.append(_say("board.winner_why", p=view["winners"][0],
                            why=msg("board.tie." + why).to_json()))
    text = "\n".join(out)
    return text[:4000]


def result_note(view: dict) -> str:
    """Under the final scores: how a tie on gold was broken ("" without a tie)."""
    why = view.get("tie_break")
    if why is None:
        return ""
    best = max(view["scores"])
    tied = [s for s, x in enumerate(view["scores"]) if x == best]
    left = [[s, view["players"][s]["companions_left"]] for s in tied]
    return _say("note." + why, gold=best, left=left)


def hand_text(view: dict) -> str:
    you = view["you"]
    out = [_say("hand.title", p=you["seat"])]
    out.append(_say("hand.behind", kinds=you["tokens"]))
    me = view["players"][you["seat"]]
    if me["backup"]:
        out.append(_say("hand.front_backup", kinds=me["companions"], side=me["backup"]))
    else:
        out.append(_say("hand.front", kinds=me["companions"]))
    mine = [k for k in view["korrigans"] if k["seat"] == you["seat"]]
    if mine:
        out.append(_say("hand.stand", items=[
            (msg("hand.on", k=k["k"], f=k["field"]) if k["field"]
             else msg("hand.nowhere", k=k["k"])).to_json() for k in mine]))
        for k in mine:
            if k["carry"]:
                out.append(_say("hand.carry." + k["carry"], k=k["k"],
                                points=CARRY_POINTS[k["carry"]]))
    out.append(_say("hand.gold", **you["gold"]))
    if you["sacrificed"]:
        out.append(_say("hand.sacrificed", kinds=you["sacrificed"]))
    if "looking_at" in you:
        la = you["looking_at"]
        out.append(_say("hand.looking", f=la["field"], kinds=la["tokens"]))
    if you["seen"]:
        out.append(_say("hand.seen"))
        out.extend(_say("hand.seen_field", f=f, kinds=t) for f, t in you["seen"].items())
    return "\n".join(out)[:4000]
