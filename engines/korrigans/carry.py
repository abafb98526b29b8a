"""Elf and Goblin tokens under Korrigans: receiving one, and the handovers of an arrival
(package docstring, rulings 7 and 8). Helpers for the phase modules; imports none of them."""

from __future__ import annotations

from engines.base import Event, own

from .words import msg


def give_token(st: dict, kid: int, kind: str, events: list[Event]) -> None:
    """Put an Elf/Goblin under Korrigan ``kid``. A Korrigan carries one token at most: one it
    already carries leaves the game (``st["out"]``, public) and the new one replaces it."""
    old = st["carry"][kid]
    if old is not None:
        own(st, "out")[old] += 1
        events.append(Event(msg("carried_leaves", kind=old, kid=kid)))
    own(st, "carry")[kid] = kind


def take_elf(st: dict, kid: int, src: int, events: list[Event]) -> None:
    """Korrigan ``kid`` takes the Elf of ``src``; an Elf it already carried leaves the game."""
    own(st, "carry")[src] = None
    events.append(Event(msg("elf_passes", src=src, kid=kid)))
    give_token(st, kid, "elf", events)


def give_goblin(st: dict, kid: int, dst: int, events: list[Event]) -> None:
    events.append(Event(msg("goblin_handed", kid=kid, dst=dst)))
    give_token(st, dst, "goblin", events)


def arrive(st: dict, kid: int, field: int, events: list[Event]) -> None:
    """Handovers when Korrigan ``kid`` has just moved onto ``field`` (not on placement).

    The Goblin passes from the mover to an opponent's Korrigan there (the mover's owner picks:
    step "goblin"); the mover takes an opponent's Elf there (the mover picks if there are
    several: step "elf"), and an Elf it already carried leaves the game. Both on one arrival
    are a swap: the Goblin leaves the mover before the Elf arrives, and the Elf leaves its
    carrier before the Goblin could land on it, so neither knocks the other out of the game.
    """
    seat = kid // 2
    pos = st["pos"]
    others = [o for o in range(len(pos)) if o // 2 != seat and pos[o] == field]
    if not others:
        return
    carry = st["carry"]
    giving = carry[kid] == "goblin"
    if giving:
        carry = own(st, "carry")
        carry[kid] = None
    goblin_step = None
    if giving:
        if len(others) == 1:
            goblin_step = others[0]
        else:
            own(st, "stack").append({"k": "goblin", "s": seat, "kid": kid, "to": others})
    elves = [o for o in others if carry[o] == "elf"]
    if len(elves) == 1:
        take_elf(st, kid, elves[0], events)
    elif elves:
        own(st, "stack").append({"k": "elf", "s": seat, "kid": kid, "from": elves})
    if goblin_step is not None:
        give_goblin(st, kid, goblin_step, events)
