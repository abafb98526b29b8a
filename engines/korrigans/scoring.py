"""Final scoring and tie-breaks."""

from __future__ import annotations

from .data import CARRY_POINTS, CAULDRON_BONUS, COMPANIONS, GOLD_VALUE, MENHIR_GOLD


def breakdown(st: dict, seat: int) -> dict[str, int]:
    tokens = sum(GOLD_VALUE.get(k, 0) for k in st["hidden"][seat])
    menhirs = sum(MENHIR_GOLD[k] for k in st["kept"][seat])
    carry = sum(CARRY_POINTS[c] for c in st["carry"][seat * 2 : seat * 2 + 2] if c)
    cauldron = 0
    if st["cauldron"] is not None:
        on = sum(1 for f in st["pos"][seat * 2 : seat * 2 + 2] if f == st["cauldron"])
        cauldron = CAULDRON_BONUS[on]
    return {
        "tokens": tokens,
        "menhirs": menhirs,
        "elf_goblin": carry,
        "cauldron": cauldron,
        "total": tokens + menhirs + carry + cauldron,
    }


def score(st: dict, seat: int) -> int:
    return breakdown(st, seat)["total"]


def public_points(st: dict, seat: int) -> int:
    """What everyone can count now: gold Menhirs, Elf/Goblin, visible gold tokens, Cauldron."""
    b = breakdown(st, seat)
    visible = b["total"] - b["tokens"]
    if not st["screen"][seat] or st["phase"] == "over":
        visible += b["tokens"]
    return visible


def companions_left(st: dict, seat: int) -> int:
    n = len(st["shown"][seat]) + sum(1 for k in st["hidden"][seat] if k in COMPANIONS)
    return n + (1 if st["backup"][seat] in ("hare", "squirrel") else 0)


def ranking_key(st: dict, seat: int) -> tuple[int, int, int]:
    """Most gold, then most Companions left, then the later player in turn order."""
    return (score(st, seat), companions_left(st, seat), seat)


def winners(st: dict) -> list[int]:
    return [max(range(st["n"]), key=lambda s: ranking_key(st, s))]


def tie_break(st: dict) -> str | None:
    """What decided the winner: None (most gold alone), "companions" (most Companions left
    among those tied on gold) or "turn_order" (still tied: the later player)."""
    best = max(score(st, s) for s in range(st["n"]))
    tied = [s for s in range(st["n"]) if score(st, s) == best]
    if len(tied) == 1:
        return None
    most = max(companions_left(st, s) for s in tied)
    if sum(1 for s in tied if companions_left(st, s) == most) == 1:
        return "companions"
    return "turn_order"
