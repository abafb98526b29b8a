"""Companion moves: where each Companion takes a Korrigan, the move actions of a seat, and
making a move (shared by the movement's "move" step and the final turn's "final" step).

Hare: an open border; Squirrel: a gate; Mouse: a bridge (these three are blocked by the Troll);
Bird: any other field of the same colour; Mole: sand grain to sand grain; Frog: pontoon to
pontoon. The Backup Companion moves as the side it was taken on (Hare or Squirrel).
A helper module: it imports no phase module.
"""

from __future__ import annotations

from engines.base import Event, own, own_row

from .carry import arrive
from .common import mapof
from .data import COMPANIONS
from .maps import Map
from .words import msg

_COMPANIONS = frozenset(COMPANIONS)
MAX_CHOICES = 25  # a step offering more is split in two (Discord select menus hold 25)


def destinations(m: Map, troll: str | None, field: int, comp: str) -> list[int]:
    """Fields a Korrigan on ``field`` reaches with Companion ``comp`` (never ``field`` itself).

    The Troll's border blocks only the border moves (Hare, Squirrel, Mouse)."""
    return [j for j, bid in m.reach[comp][field] if bid != troll]


def usable(st: dict, seat: int) -> list[str]:
    """Companion kinds the seat can use now ("backup" for its Backup Companion)."""
    kinds = set(st["shown"][seat])
    if st["phase"] != "final":
        kinds.update(_COMPANIONS.intersection(st["hidden"][seat]))
    if st["backup"][seat] in ("hare", "squirrel"):
        kinds.add("backup")
    return sorted(kinds)


def comp_moves_as(st: dict, seat: int, comp: str) -> str:
    return st["backup"][seat] if comp == "backup" else comp


# (map, Korrigan 0/1, companion as written, companion it moves as, field, the Troll's place) ->
# the move action ids, in the order of ``destinations``: the same in every game on a map, so
# each list is written once (``move_actions`` runs at every move). Shared: never changed.
_MOVES: dict[tuple[Map, int, str, str, int, str | None], list[str]] = {}


def _moves_from(m: Map, k: int, comp: str, side: str, field: int, troll: str | None) -> list[str]:
    key = (m, k, comp, side, field, troll)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = [
            "mv:%d:%s:%s" % (k + 1, comp, m.ids[j]) for j in destinations(m, troll, field, side)
        ]
    return found


def move_actions(m: Map, st: dict, seat: int) -> list[str]:
    """Every "mv:<k>:<companion>:<field>" the seat may play now (in the order of
    ``destinations``: Korrigan, companion, reach)."""
    out: list[str] = []
    comps = usable(st, seat)
    if not comps:
        return out
    troll, backup = st["troll"], st["backup"][seat]
    found = _MOVES.get
    for k in (0, 1):
        f = st["pos"][seat * 2 + k]
        if f is None:
            continue
        for comp in comps:
            side = backup if comp == "backup" else comp  # ``comp_moves_as``, without a call
            acts = found((m, k, comp, side, f, troll))
            out += _moves_from(m, k, comp, side, f, troll) if acts is None else acts
    return out


def has_any_move(m: Map, st: dict, seat: int) -> bool:
    """Whether ``move_actions`` would offer the seat any move (without listing them)."""
    comps = usable(st, seat)
    troll, backup = st["troll"], st["backup"][seat]
    found = _MOVES.get  # as in ``move_actions``: asked at every turn, mostly known already
    for k in (0, 1):
        f = st["pos"][seat * 2 + k]
        if f is None:
            continue
        for comp in comps:
            side = backup if comp == "backup" else comp  # ``comp_moves_as``, without a call
            acts = found((m, k, comp, side, f, troll))
            if acts is None:
                acts = _moves_from(m, k, comp, side, f, troll)
            if acts:
                return True
    return False


def has_move_with(m: Map, st: dict, seat: int, side: str) -> bool:
    """Would a Companion moving as ``side`` give the seat any move?"""
    for k in (0, 1):
        f = st["pos"][seat * 2 + k]
        if f is not None and destinations(m, st["troll"], f, side):
            return True
    return False


def split_moves(step: dict, acts: list[str]) -> list[str]:
    """Past MAX_CHOICES, first choose the Korrigan ("kor:<k>"), then its moves ("kor:back")."""
    if "kor" in step:
        prefix = "mv:%d:" % (step["kor"] + 1)
        return [a for a in acts if a.startswith(prefix)] + ["kor:back"]
    if len(acts) <= MAX_CHOICES:
        return acts
    return sorted({"kor:" + a.split(":")[1] if a.startswith("mv:") else a for a in acts})


def choose_korrigan(step: dict, arg: str) -> None:
    """ "kor:<k>" narrows a split move step to Korrigan k; "kor:back" widens it again."""
    if arg == "back":
        del step["kor"]
    else:
        step["kor"] = int(arg) - 1


def play_move(st: dict, seat: int, arg: str, events: list[Event]) -> None:
    """Play "mv:<arg>" (``arg`` = "<k>:<companion>:<field id>")."""
    kk, comp, fid = arg.split(":")
    do_move(st, seat, int(kk) - 1, comp, mapof(st).by_id[fid], events)


def do_move(st: dict, seat: int, k: int, comp: str, dest: int, events: list[Event]) -> None:
    """Move Korrigan ``k`` of ``seat``: reveal or discard the Companion, then the handovers
    (``carry.arrive``); outside the final turn the gathering follows (step "gather")."""
    m = mapof(st)
    kid = seat * 2 + k
    final = st["phase"] == "final"
    if comp == "backup":
        used = msg("backup_companion", side=st["backup"][seat])
        if final:
            own(st, "backup")[seat] = "spent"
    else:
        used = msg("companion", comp=comp)
        if final:
            own(st, "shown", seat).remove(comp)
            disc = own_row(st, "disc", seat)
            disc.append(comp)
            disc.sort()
        elif comp not in st["shown"][seat]:
            own(st, "hidden", seat).remove(comp)
            shown = own(st, "shown", seat)
            shown.append(comp)
            shown.sort()
            events.append(Event(msg("reveals", p=seat, comp=comp)))
    src = st["pos"][kid]
    own(st, "pos")[kid] = dest
    events.append(
        Event(
            msg(
                "moved_final" if final else "moved",
                kid=kid,
                src=m.letters[src],
                dst=m.letters[dest],
                used=used.to_json(),
            )
        )
    )
    if not final:
        own(st, "stack").append({"k": "gather", "s": seat, "kid": kid, "f": dest})
    arrive(st, kid, dest, events)
