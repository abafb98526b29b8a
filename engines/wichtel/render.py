"""Text from a view: the board and a seat's hand panel as Markdown for Discord.

Pure functions of a view (``views.view``): they never see the full state, so they cannot show
what the seat may not know. Every phrase is a message of ``words`` (ids "board.*", "hand.*" and
the scoring details shared with the round report); only the layout (lines, arrows, card backs,
Markdown) is made here. The seat markers ``{pN}`` are filled in by the table service.
"""

from __future__ import annotations

from ..words import render
from .data import VALUE, WAHLLEITER_SIDE
from .words import msg


class _Sayer:
    """Renders this game's messages in one language: ``say("board.gap")``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, /, **params) -> str:
        return render(msg(key, **params), self.lang)


def _card(say: _Sayer, code: str | None) -> str:
    return say("board.card", card=code, value=VALUE[code]) if code else say("board.gap")


def _stack_line(say: _Sayer, stack: dict) -> str:
    return say("board.stack_" + stack["role"], n=stack["count"])


def _enlist_line(v: dict, n: int, lang: str) -> str:
    enl = v["enlist"]
    parts = [msg("board.enlisting", p=enl["enlister"], card=enl["card"], place=enl["pos"] + 1)]
    if enl["bribes"] is not None:
        # turn order from the enlister's left, the order that decides ties
        order = [(enl["enlister"] + k) % n for k in range(1, n)]
        offered = [
            msg("board.bribe", p=i, card=enl["bribes"][i]).to_json()
            for i in order
            if enl["bribes"][i]
        ]
        parts.append(msg("board.bribes", items=offered) if offered else msg("board.bribes_none"))
        if enl["top"] is not None:
            parts.append(msg("board.top", p=enl["top"]))
    elif enl.get("laid") is not None:
        # bribing in turns: the table sees who laid a card face down, never which card
        so_far = [
            msg("board.laid" if i in enl["laid"] else "board.not_laid", p=i).to_json()
            for i in enl["order"]
            if i in enl["decided"]
        ]
        if so_far:
            parts.append(msg("board.so_far", items=so_far))
    if enl["nixda"]:
        parts.append(msg("board.nixda"))
    if enl["rolls"]:
        parts.append(msg("board.rolled", rolls=", ".join(map(str, enl["rolls"])), need=enl["need"]))
    return "; ".join(render(part, lang) for part in parts)


def board_text(v: dict, lang: str = "en") -> str:
    """The public board in ``lang`` (English by default)."""
    say = _Sayer(lang)
    n = v["num_players"]
    lines = [say("board.title", round=v["round"], dealer=v["dealer"], target=v["target"])]
    arrow = "↓" if v["walk_direction"] == "right" else "↑"
    grid = [_stack_line(say, v["left_stack"])]
    for i, code in enumerate(v["square"]):
        marker = say("board.die") if v["enlist"] and v["enlist"]["pos"] == i else ""
        grid.append(f" {arrow} {i + 1}. {_card(say, code)}{marker}")
    grid.append(_stack_line(say, v["right_stack"]))
    lines.append(say("board.square_" + v["walk_direction"]))
    lines.append("```\n" + "\n".join(grid) + "\n```")
    pending = []
    if v["pending_walk"]["reverse"]:
        pending.append(msg("board.pending_back").to_json())
    if v["pending_walk"]["stand_still"]:
        pending.append(msg("board.pending_stand").to_json())
    if pending:
        lines.append(say("board.pending", items=pending))
    lines.append(say("board.wahlleiter_" + v["wahlleiter"], side=WAHLLEITER_SIDE[v["wahlleiter"]]))
    for i in range(n):
        backs = "🂠" * v["retinue_sizes"][i]  # public: 5 while a gap is being filled
        lines.append(
            say(
                "board.seat",
                mark="▶" if i == v["active"] else " ",
                p=i,
                backs=backs,
                events=v["event_counts"][i],
                points=v["totals"][i],
            )
        )
    if v["events_used"]:
        lines.append(say("board.events_used", cards=v["events_used"]))
    if v["enlist"]:
        lines.append(_enlist_line(v, n, lang))
    if v["exchange"]:
        lines.append(say("board.exchange", p=v["exchange"]["from"], to=v["exchange"]["to"]))
    last = v["last_round"]
    if last:
        lines.append(say("board.last", round=last["round"]))
        for row in last["rows"]:
            title = (
                msg("board.last_title", title=row["title"], value=row["title_value"]).to_json()
                if row["title"]
                else None
            )
            lines.append(
                say(
                    "board.last_row",
                    p=row["seat"],
                    cards=row["cards"],
                    score=row["score"],
                    title=title,
                    bonus=row["bonus"],
                    total=row["total"],
                )
            )
    lines.append(f"*{render(v['prompt'], lang)}*")
    return "\n".join(lines)[:4000]


def score_line(row: dict, lang: str = "en") -> str:
    """How a retinue would score now, with the title it earns: one line."""
    details = []
    if row["removed"]:
        details.append(msg("removed", cards=list(row["removed"])))
    details.append(msg("card_points", n=row["card_points"]))
    if row["title"] and row["joker"]:
        details.append(
            msg("title_joker", title=row["title"], value=row["title_value"], joker=row["joker"])
        )
    elif row["title"]:
        details.append(msg("title", title=row["title"], value=row["title_value"]))
    else:
        details.append(msg("hand.no_title"))
    if row["witwe"]:
        details.append(msg("witwe_" + row["witwe"], subtotal=row["subtotal"], score=row["score"]))
    return _Sayer(lang)(
        "hand.score_now", score=row["score"], details=[d.to_json() for d in details]
    )


def hand_text(v: dict, lang: str = "en") -> str:
    """A seat's own panel in ``lang`` (English by default)."""
    say = _Sayer(lang)
    if v.get("seat") is None:
        return ""
    lines = [say("hand.retinue", p=v["seat"])]
    lines += [say("hand.item", card=c) for c in v["retinue"]]
    if v.get("retinue_score"):
        lines.append(score_line(v["retinue_score"], lang))
    elif v.get("retinue_score", 0) is None:
        lines.append(say("hand.score_waits"))
    lines.append(say("hand.events", cards=v["events"]) if v["events"] else say("hand.events_none"))
    if v.get("my_bribe"):
        lines.append(say("hand.my_bribe", card=v["my_bribe"]))
    elif v.get("my_bribe") == "" and v["phase"] == "bribe":
        if v["enlist"] and v["enlist"]["enlister"] == v["seat"]:
            lines.append(
                say("hand.others_deciding", seats=v["to_act"])
                if v["to_act"]
                else say("hand.others_decided")
            )
        else:
            lines.append(say("offer_none"))
    if v.get("my_pick"):
        lines.append(say("hand.my_pick", card=v["my_pick"]))
    if v.get("special_cards"):
        lines.append(say("hand.special"))
        lines += [say("hand.special_card", card=c) for c in v["special_cards"]]
    if v["seat"] in v["to_act"]:
        lines.append(say("hand.decision", prompt=v["prompt"]))
    return "\n".join(lines)[:4000]
