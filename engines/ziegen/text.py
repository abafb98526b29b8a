"""Markdown for the Discord embeds: pure functions of a view dict.

The text grid: a cell is a set letter and value (``A5``, letters from ``data.SET_LETTERS``, which
share no letter with the seat colours), followed by the lower-case colour of its small goat
(``A5r``); ``dog`` a dog, ``m1``/``m2`` a milk shake, ``..`` an empty space, ``[R]`` Red's pen;
upper-case colour letters beside the grid are the large goats. Legends for both under the header.
"""
from __future__ import annotations

from . import data, geometry

CELL_W = 4


def _cell(view: dict, cell: int) -> str:
    card = view["grid"][cell]
    if card == -2:
        seat = view["pens"].index(cell)
        return f"[{data.COLOUR_LETTERS[seat]}] "
    if card == -1:
        return " .. "
    owner = view["mark"][cell]
    tag = data.COLOUR_LETTERS[owner].lower() if owner >= 0 else " "
    return f" {data.card_code(card)}{tag}"[:CELL_W]     # a dog ("dog") is never marked


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


def _played_text(cards: list[int]) -> str:
    goats: dict[int, list[int]] = {}
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
    parts = [f"{data.SET_NAMES[s]} {'+'.join(map(str, sorted(v)))}"
             for s, v in sorted(goats.items())]
    if milk:
        parts.append(f"Milk {'+'.join(map(str, sorted(milk)))} ({len(milk)})")
    if dogs:
        parts.append(f"Dogs x{dogs}")
    return ", ".join(parts) if parts else "nothing yet"


def board_text(view: dict) -> str:
    size = view["size"]
    colours = ", ".join(f"{data.COLOUR_LETTERS[s]} {data.COLOURS[s]}" for s in range(view["n"]))
    out = [f"**Pasture** ({size}x{size}) - colours: {colours}. `[R]` Red's pen, `A5r` a goat "
           "with Red's small goat, `R` beside the grid Red's large goat.",
           "```", grid_text(view), "```"]
    shown = sorted({data.GOAT_SET[c] for c in view["grid"] if c >= 0 and data.KIND[c] == "g"})
    out.append("Cards: " + "".join(f"{data.SET_LETTERS[s]} {data.SET_NAMES[s]}, "
                                   for s in shown) + "dog = Dog, m1/m2 = Milk Shake")
    out.append("")
    for seat in range(view["n"]):
        b = view["breakdown"][seat]
        spot = geometry.spot_label(size, view["goats"][seat])
        marker = "▶ " if seat in view["to_act"] else ""
        out.append(f"{marker}**{{p{seat}}}** ({data.COLOURS[seat]}) - {view['scores'][seat]} pts "
                   f"(pen {b['pen']}, other {b['other']}, milk {b['milk']}); hand "
                   f"{view['hand_counts'][seat]}; large goat at {spot}")
        out.append(f"  played: {_played_text(view['played'][seat])}")
    scored = [f"{data.SET_NAMES[s]} ({{p{o}}})" for s, o in enumerate(view["owner"]) if o >= 0]
    if scored:
        out.append("Scored sets: " + ", ".join(scored))
    if view["reserved"]:
        out.append("Reserved small goats: " + ", ".join(
            f"{{p{o}}} {k}x {data.SET_NAMES[s]}" for o, s, k in view["reserved"]))
    if view["revealed"]:
        out.append("Revealed in hands: " + ", ".join(
            f"{data.card_name(c)} ({{p{s}}})" for s, c in view["revealed"]))
    out.append(f"Draw pile: {view['draw_count']} cards; box: {view['box_count']} removed at "
               f"setup + {len(view['discard'])} discarded. Doubling: {view['doubling']}.")
    if view["over"]:
        names = " and ".join(f"{{p{w}}}" for w in view.get("winners", []))
        out.append(f"**Game over** - winner: {names}")
    else:
        out.append(f"*{view['prompt']}*")
    text = "\n".join(out)
    return text if len(text) <= 4000 else text[:3990] + "\n..."


def hand_text(view: dict) -> str:
    seat = view.get("seat")
    if seat is None:
        return "Spectators hold no cards."
    hand = view.get("hand", [])
    names = ", ".join(f"**{data.card_name(c)}**" for c in hand) or "no cards"
    out = [f"Your hand ({data.COLOURS[seat]}): {names}"]
    size = view["size"]
    pos = view["goats"][seat]
    out.append(f"Your large goat stands at {geometry.spot_label(size, pos)}: you take from "
               f"{geometry.line_label(size, pos)}.")
    if view["phase"] == "mulligan" and view.get("mulligan_choice") is not None:
        out.append(f"You chose to return {view['mulligan_choice']} dog(s); waiting for the others.")
    if seat in view["to_act"]:
        out.append(f"*Your move: {view['prompt']}*")
    return "\n".join(out)
