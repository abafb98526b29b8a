"""Text from a view: the board and a hand as Markdown for the Discord embeds (pure functions of a
view dict; they never see the full state).

The text grid: a cell is a set letter and value (``A5``, letters from ``data.SET_LETTERS``, which
share no letter with the seat colours), followed by the lower-case colour of its small goat
(``A5r``); ``dog`` a dog, ``m1``/``m2`` a milk shake, ``..`` an empty space, ``[R]`` Red's pen;
upper-case colour letters beside the grid are the large goats. Legends for both under the header.

Every phrase is a message of ``words`` (ids "board.*", "hand.*", "played.*", "spot"), shown in
the reader's language; only the layout (the grid, lines, Markdown) is made here.
"""

from __future__ import annotations

from engines import words
from engines.words import Msg

from . import data, geometry
from .words import CARD_NAMES, msg

CELL_W = 4


def _cell(view: dict, cell: int) -> str:
    card = view["grid"][cell]
    if card == data.PEN:
        seat = view["pens"].index(cell)
        return f"[{data.COLOUR_LETTERS[seat]}] "
    if card == data.EMPTY:
        return " .. "
    owner = view["mark"][cell]
    tag = data.COLOUR_LETTERS[owner].lower() if owner >= 0 else " "
    return f" {data.card_code(card)}{tag}"[:CELL_W]  # a dog ("dog") is never marked


def grid_text(view: dict) -> str:
    size = view["size"]
    info = geometry.edge_info(size)
    top = [""] * size
    bottom = [""] * size
    left = [""] * size
    right = [""] * size
    for seat, pos in enumerate(view["goats"]):
        side, idx, _ = info[pos]
        letter = data.COLOUR_LETTERS[seat]
        {"top": top, "bottom": bottom, "left": left, "right": right}[side][idx] += letter

    def margin(letters: str, width: int) -> str:
        return (letters if len(letters) <= width else letters[: width - 1] + "+").center(width)

    lines = ["     " + "".join(f"{c + 1:^{CELL_W}}" for c in range(size))]
    lines.append("     " + "".join(margin(t, CELL_W) for t in top))
    for r in range(size):
        row = "".join(_cell(view, r * size + c) for c in range(size))
        lines.append(f"{r + 1} {margin(left[r], 3)}{row} {right[r]}".rstrip())
    lines.append("     " + "".join(margin(b, CELL_W) for b in bottom))
    return "\n".join(line.rstrip() for line in lines)


def _spot(size: int, pos: int) -> Msg:
    """Where a large goat stands: "the left edge, row 6" (``geometry.spot_label`` in words)."""
    side, idx, _cell = geometry.edge_info(size)[pos]
    return msg("spot", side=side, line=_line(side), k=idx + 1)


def _line(side: str) -> str:
    return "column" if side in ("top", "bottom") else "row"


def _played(cards: list[str]) -> list:
    goats: dict[str, list[int]] = {}
    milk = []
    dogs = 0
    for c in cards:
        kind = data.KIND[c]
        if kind == "g":
            goats.setdefault(data.GOAT_SET[c], []).append(data.VALUE[c])
        elif kind == "m":
            milk.append(data.VALUE[c])
        else:
            dogs += 1
    parts = [
        msg("played.set", set=s, values="+".join(map(str, sorted(v))))
        for s, v in sorted(goats.items(), key=lambda item: data.SET_ORDER[item[0]])
    ]
    if milk:
        parts.append(msg("played.milk", values="+".join(map(str, sorted(milk))), n=len(milk)))
    if dogs:
        parts.append(msg("played.dogs", n=dogs))
    return [part.to_json() for part in parts or [msg("played.none")]]


class _Sayer:
    """Renders this game's messages in one language: ``say("hand.no_cards")``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, /, **params) -> str:
        return words.render(msg(key, **params), self.lang)


def _items(key: str, rows) -> list:
    return [msg(key, **row).to_json() for row in rows]


def board_text(view: dict, lang: str = "en") -> str:
    """The public board in ``lang`` (English by default)."""
    say = _Sayer(lang)
    size = view["size"]
    colours = _items(
        "board.colour", ({"letter": data.COLOUR_LETTERS[s], "p": s} for s in range(view["n"]))
    )
    out = [say("board.header", size=size, items=colours), "```", grid_text(view), "```"]
    shown = [
        s
        for s in data.SET_KEYS
        if any(data.is_card(c) and data.GOAT_SET[c] == s for c in view["grid"])
    ]
    keys = _items("board.set_key", ({"letter": data.SET_LETTERS[s], "set": s} for s in shown))
    out.append(say("board.cards", items=keys + [msg("board.other_cards").to_json()]))
    out.append("")
    for seat in range(view["n"]):
        b = view["breakdown"][seat]
        out.append(
            say(
                "board.seat",
                mark="▶ " if seat in view["to_act"] else "",
                p=seat,
                points=view["scores"][seat],
                pen=b["pen"],
                other=b["other"],
                milk=b["milk"],
                hand=view["hand_counts"][seat],
                spot=_spot(size, view["goats"][seat]).to_json(),
            )
        )
        out.append("  " + say("board.played", items=_played(view["played"][seat])))
    owner = view["owner"]
    scored = _items(
        "board.scored_set", ({"set": s, "p": owner[s]} for s in data.SET_KEYS if s in owner)
    )
    if scored:
        out.append(say("board.scored", items=scored))
    if view["reserved"]:
        out.append(
            say(
                "board.reserved",
                items=_items(
                    "board.reserved_set",
                    ({"p": o, "set": s, "k": k} for o, s, k in view["reserved"]),
                ),
            )
        )
    if view["revealed"]:
        out.append(
            say(
                "board.revealed",
                items=_items(
                    "board.revealed_card", ({"card": c, "p": s} for s, c in view["revealed"])
                ),
            )
        )
    out.append(
        say(
            "board.piles",
            draw=view["draw_count"],
            box=view["box_count"],
            discarded=len(view["discard"]),
            doubling=view["doubling"],
        )
    )
    if view["over"]:
        winners = view.get("winners", [])
        names = "{p%d}" % winners[0] if winners else ""
        for w in winners[1:]:
            names = say("and", a=names, b=w)
        out.append(say("board.over", names=names))
    else:
        out.append(f"*{words.render(view['prompt'], lang)}*")
    text = "\n".join(out)
    return text if len(text) <= 4000 else text[:3990] + "\n..."


def hand_text(view: dict, lang: str = "en") -> str:
    """A seat's hand in ``lang`` (English by default)."""
    say = _Sayer(lang)
    seat = view.get("seat")
    if seat is None:
        return say("hand.spectator")
    hand = view.get("hand", [])
    names = ", ".join(f"**{words.render(CARD_NAMES[c], lang)}**" for c in hand)
    out = [say("hand.cards", p=seat, names=names or say("hand.no_cards"))]
    size = view["size"]
    pos = view["goats"][seat]
    side, idx, _cell = geometry.edge_info(size)[pos]
    out.append(say("hand.goat", spot=_spot(size, pos).to_json(), line=_line(side), k=idx + 1))
    if view["phase"] == "mulligan" and view.get("mulligan_choice") is not None:
        out.append(say("hand.mulligan", n=view["mulligan_choice"]))
    if seat in view["to_act"]:
        out.append(say("hand.move", prompt=view["prompt"]))
    return "\n".join(out)
