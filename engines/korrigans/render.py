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


class _Sayer:
    """Renders this game's messages in one language: ``say("board.chain")``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, /, **params) -> str:
        return render(msg(key, **params), self.lang)


MARKS = [[m, c] for c, m in zip(RAINBOW, RAINBOW_MARK)]
# the two legends in English (other languages: ``_Sayer(lang)("board.moves_legend")``)
GRID_LEGEND = render(msg("board.grid_legend", marks=MARKS))
MOVES_LEGEND = render(msg("board.moves_legend"))


def grid_text(view: dict) -> str:
    """The map on the Sun/Cloud grid. * = Cauldron can still appear there, $ = the Cauldron."""
    grid = view["map"]["grid"]
    suns, clouds = view["suns"], view["clouds"]
    possible = set(view["cauldron_possible"])
    lines = [
        "       " + "".join("C%-2d" % (c + 1) for c in range(len(clouds))),
        "       " + "".join("%-3s" % (_SHORT[x] if x else ".") for x in clouds),
    ]
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


def _field_rows(view: dict, say: _Sayer) -> list[str]:
    """The field table: columns as wide as their title or longest entry in the reader's language
    (the English widths are 8, 8 and 7)."""
    titles = [say("board.col_" + c) for c in ("field", "colour", "tokens", "rest")]
    colours = [say("board.field_colour", c=f["colour"]) for f in view["fields"]]
    w_field = max(8, len(titles[0]) + 1)
    w_colour = max(8, len(titles[1]) + 1, *(len(c) + 1 for c in colours))
    w_tokens = max(7, len(titles[2]) + 1)
    rows = [
        titles[0].ljust(w_field) + titles[1].ljust(w_colour) + titles[2].ljust(w_tokens) + titles[3]
    ]
    marks = {k: say("board.carrying", kind="elf") for k in view["elf"]}
    marks.update({k: say("board.carrying", kind="goblin") for k in view["goblin"]})
    for f, colour in zip(view["fields"], colours):
        flags = (say("board.sand") if f["sand"] else "") + (
            say("board.pontoon") if f["pontoon"] else ""
        )
        kor = ", ".join(korrigan(k, say.lang) + marks.get(k, "") for k in f["korrigans"])
        rows.append(
            f["id"].ljust(w_field)
            + colour.ljust(w_colour)
            + str(f["tokens"])
            + " " * (w_tokens - 1)
            + ("M" if f["menhir"] else "-")
            + flags
            + " "
            + kor
        )
    return rows


def _player_line(view: dict, pl: dict, gold_ties: set[int], say: _Sayer) -> str:
    s = pl["seat"]
    held = (
        msg("board.screen", n=pl["hidden_count"])
        if pl["screen"]
        else msg("board.no_screen", n=pl["hidden_count"])
    )
    first = "_first" if s == view["first_player"] else ""
    line = say("board.player" + first, p=s, held=held.to_json(), comps=pl["companions"])
    if pl["backup"]:
        line += say("board.backup", side=pl["backup"])
    if pl["menhirs"]:
        line += say("board.menhirs", kinds=pl["menhirs"])
    if "tokens" in pl:
        line += say("board.tokens", kinds=pl["tokens"])
    if view["phase"] == "over":
        line += say("board.gold", **view["breakdown"][s])
        if s in gold_ties:
            line += say("board.companions_left", n=pl["companions_left"])
    else:
        line += say("board.visible_gold", n=view["scores"][s])
    return line


def board_text(view: dict, lang: str = "en") -> str:
    """The public board in ``lang`` (English by default)."""
    say = _Sayer(lang)
    out = [say("board.title", prompt=view["prompt"])]
    out.append("```\n" + grid_text(view) + "\n```")
    out.append(say("board.grid_legend", marks=MARKS))
    bits = [say("board.bag", n=view["bag"], p=view["bag_holder"])]
    if view["set_aside"]:
        bits.append(say("board.set_aside", colours=view["set_aside"]))
    if view["chain"]:
        bits.append(say("board.chain"))
    out.append("; ".join(bits) + ".")
    if view["cauldron"]:
        out.append(say("board.cauldron", f=view["cauldron"]))
    else:
        out.append(say("board.cauldron_possible", fields=view["cauldron_possible"]))
    out.append("```\n" + "\n".join(_field_rows(view, say)) + "\n```")
    out.append(say("board.borders", borders=[[b["id"], b["kind"]] for b in view["map"]["borders"]]))
    out.append(say("board.moves_legend"))
    extra = [
        say("board.troll", border=view["troll"]) if view["troll"] else say("board.troll_beside"),
        say("board.elf", kids=view["elf"]),
        say("board.goblin", kids=view["goblin"]),
    ]
    out_of_game = [[k, n] for k, n in sorted(view["out_of_game"].items()) if n]
    if out_of_game:
        extra.append(say("board.out", out=out_of_game))
    out.append(" | ".join(extra))
    over = view["phase"] == "over"
    gold_ties: set[int] = set()
    if over:
        totals = [b["total"] for b in view["breakdown"]]
        gold_ties = {s for s, t in enumerate(totals) if totals.count(t) > 1}
    out.extend(_player_line(view, pl, gold_ties, say) for pl in view["players"])
    if over:
        why = view["tie_break"]
        if why is None:
            out.append(say("board.winner", p=view["winners"][0]))
        else:
            out.append(
                say("board.winner_why", p=view["winners"][0], why=msg("board.tie." + why).to_json())
            )
    text = "\n".join(out)
    return text[:4000]


def result_note(view: dict, lang: str = "en") -> str:
    """Under the final scores: how a tie on gold was broken ("" without a tie), in ``lang``."""
    why = view.get("tie_break")
    if why is None:
        return ""
    best = max(view["scores"])
    tied = [s for s, x in enumerate(view["scores"]) if x == best]
    left = [[s, view["players"][s]["companions_left"]] for s in tied]
    return _Sayer(lang)("note." + why, gold=best, left=left)


def hand_text(view: dict, lang: str = "en") -> str:
    """A seat's own panel in ``lang`` (English by default)."""
    say = _Sayer(lang)
    you = view["you"]
    out = [say("hand.title", p=you["seat"])]
    out.append(say("hand.behind", kinds=you["tokens"]))
    me = view["players"][you["seat"]]
    if me["backup"]:
        out.append(say("hand.front_backup", kinds=me["companions"], side=me["backup"]))
    else:
        out.append(say("hand.front", kinds=me["companions"]))
    mine = [k for k in view["korrigans"] if k["seat"] == you["seat"]]
    if mine:
        out.append(
            say(
                "hand.stand",
                items=[
                    (
                        msg("hand.on", k=k["k"], f=k["field"])
                        if k["field"]
                        else msg("hand.nowhere", k=k["k"])
                    ).to_json()
                    for k in mine
                ],
            )
        )
        for k in mine:
            if k["carry"]:
                out.append(
                    say("hand.carry." + k["carry"], k=k["k"], points=CARRY_POINTS[k["carry"]])
                )
    out.append(say("hand.gold", **you["gold"]))
    if you["sacrificed"]:
        out.append(say("hand.sacrificed", kinds=you["sacrificed"]))
    if "looking_at" in you:
        la = you["looking_at"]
        out.append(say("hand.looking", f=la["field"], kinds=la["tokens"]))
    if you["seen"]:
        out.append(say("hand.seen"))
        out.extend(say("hand.seen_field", f=f, kinds=t) for f, t in you["seen"].items())
    return "\n".join(out)[:4000]
