"""What each seat may see: ``view(state, seat)``; ``seat`` None is the spectator.

Public: the map, Korrigans, Menhirs left (not what is under them), token counts per field,
the Troll, Elf and Goblin holders, the Sun/Cloud grid, fields where the Cauldron can still
appear, revealed Companions, Backup Companions, gold Menhirs, how many tokens each screen hides,
and everything behind a screen the Leprechaun removed, the Elf/Goblin tokens out of the game,
the first player; at the end, each player's Companions left and what broke a tie
(``tie_break``: None, "companions" or "turn_order"). Private to a seat: its tokens, the fields
it has seen and what it left there, the tokens it sacrificed, the tokens it is looking at now.
"""

from __future__ import annotations

from . import rainbow
from .common import kid_id, mapof
from .data import RAINBOW
from .scoring import breakdown, companions_left, public_points, tie_break, winners


def static_map(m) -> dict:
    return {
        "name": m.name,
        "title": m.title,
        "grid": m.grid,
        "village": m.letters[m.village],
        "borders": [
            {"id": m.border_label(b), "kind": k}
            for b, k in sorted(m.border_kind.items())
            if k != "open"
        ],
    }


def view(st: dict, seat: int | None, to_act: list[int], prompt) -> dict:
    """``to_act`` and ``prompt`` (what is being decided now) come from the step table
    (``KorrigansEngine.to_act`` / ``prompt``)."""
    m = mapof(st)
    n = st["n"]
    over = st["phase"] == "over"
    fields = []
    for i, letter in enumerate(m.letters):
        fields.append(
            {
                "id": letter,
                "colour": m.colour[i],
                "sand": i in m.sand,
                "pontoon": i in m.pontoon,
                "tokens": len(st["tokens"][i]),
                "menhir": st["men"][i] is not None,
                "korrigans": [kid_id(k) for k, f in enumerate(st["pos"]) if f == i],
            }
        )
    korrigans = [
        {
            "id": kid_id(k),
            "seat": k // 2,
            "k": k % 2 + 1,
            "field": None if f is None else m.letters[f],
            "carry": st["carry"][k],
        }
        for k, f in enumerate(st["pos"])
    ]
    players = []
    for s in range(n):
        d = {
            "seat": s,
            "screen": st["screen"][s],
            "hidden_count": len(st["hidden"][s]),
            "companions": list(st["shown"][s]),
            "backup": st["backup"][s],
            "menhirs": list(st["kept"][s]),
            "discarded": list(st["disc"][s]),
            "sacrificed": len(st["sacrificed"][s]),
            "points": public_points(st, s),
        }
        if over:
            d["companions_left"] = companions_left(st, s)
        if not st["screen"][s]:
            d["tokens"] = list(st["hidden"][s])
        players.append(d)
    v = {
        "game": "korrigans",
        "phase": st["phase"],
        "round": st["round"],
        "to_act": list(to_act),
        "prompt": None if prompt is None else prompt.to_json(),
        "map": static_map(m),
        "fields": fields,
        "korrigans": korrigans,
        "players": players,
        "troll": None if st["troll"] is None else m.border_label(st["troll"]),
        "elf": [kid_id(k) for k, c in enumerate(st["carry"]) if c == "elf"],
        "goblin": [kid_id(k) for k, c in enumerate(st["carry"]) if c == "goblin"],
        "supply": {
            "elf": st["supply"]["elf"],
            "goblin": st["supply"]["goblin"],
            "backup": st["bk_supply"],
        },
        "out_of_game": dict(st["out"]),
        "menhirs_in_box": list(st["gone_men"]),
        "suns": [None if x is None else RAINBOW[x] for x in st["suns"]],
        "clouds": [None if x is None else RAINBOW[x] for x in st["clouds"]],
        "set_aside": [RAINBOW[x] for x in st["aside"]],
        "colours_drawn": [RAINBOW[x] for x in st["drawn"]],
        "bag": len(st["bag"]),
        "bag_holder": st["holder"],
        "chain": st["chain"],
        "cauldron": None if st["cauldron"] is None else m.letters[st["cauldron"]],
        "cauldron_possible": (
            []
            if st["cauldron"] is not None
            else [m.letters[f] for f in rainbow.cauldron_fields(st)]
        ),
        "first_player": 0,
        "seat": seat,  # the viewer (None: a spectator), as every game's view has it
    }
    if over:
        v["scores"] = [breakdown(st, s)["total"] for s in range(n)]
        v["breakdown"] = [breakdown(st, s) for s in range(n)]
        v["winners"] = winners(st)
        v["tie_break"] = tie_break(st)
    else:
        v["scores"] = [public_points(st, s) for s in range(n)]
    if seat is not None:
        you = {
            "seat": seat,
            "tokens": list(st["hidden"][seat]),
            "sacrificed": list(st["sacrificed"][seat]),
            "seen": {
                m.letters[m.by_id[f]]: t.split(",") if t else []
                for f, t in sorted(st["seen"][seat].items())
            },
            "gold": breakdown(st, seat),
        }
        top = st["stack"][-1] if st["stack"] else None
        if top is not None and top["k"] == "pick" and top["s"] == seat:
            you["looking_at"] = {
                "field": m.letters[top["f"]],
                "tokens": list(st["tokens"][top["f"]]),
            }
        v["you"] = you
    return v
