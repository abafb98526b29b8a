"""Companion moves: where each Companion takes a Korrigan, and the move actions of a seat.

Hare: an open border; Squirrel: a gate; Mouse: a bridge (these three are blocked by the Troll);
Bird: any other field of the same colour; Mole: sand grain to sand grain; Frog: pontoon to
pontoon. The Backup Companion moves as the side it was taken on (Hare or Squirrel).
"""
from __future__ import annotations

from .data import COMPANIONS
from .maps import Map


def destinations(m: Map, troll: str | None, field: int, comp: str) -> list[int]:
    """Fields a Korrigan on ``field`` reaches with Companion ``comp`` (never ``field`` itself).

    The Troll's border blocks only the border moves (Hare, Squirrel, Mouse)."""
    return [j for j, bid in m.reach[comp][field] if bid != troll]


def usable(st: dict, seat: int) -> list[str]:
    """Companion kinds the seat can use now ("backup" for its Backup Companion)."""
    if st["phase"] == "final":
        kinds = set(st["shown"][seat])
    else:
        kinds = set(st["shown"][seat])
        kinds.update(k for k in st["hid"][seat] if k in COMPANIONS)
    if st["backup"][seat] in ("hare", "squirrel"):
        kinds.add("backup")
    return sorted(kinds)


def comp_moves_as(st: dict, seat: int, comp: str) -> str:
    return st["backup"][seat] if comp == "backup" else comp


def move_actions(m: Map, st: dict, seat: int) -> list[str]:
    """Every "mv:<k>:<companion>:<field>" the seat may play now."""
    out = []
    comps = usable(st, seat)
    if not comps:
        return out
    for k in (0, 1):
        f = st["pos"][seat * 2 + k]
        if f is None:
            continue
        for comp in comps:
            for j in destinations(m, st["troll"], f, comp_moves_as(st, seat, comp)):
                out.append("mv:%d:%s:%s" % (k + 1, comp, m.ids[j]))
    return out


def has_move_with(m: Map, st: dict, seat: int, side: str) -> bool:
    """Would a Companion moving as ``side`` give the seat any move?"""
    for k in (0, 1):
        f = st["pos"][seat * 2 + k]
        if f is not None and destinations(m, st["troll"], f, side):
            return True
    return False
