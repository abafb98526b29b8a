"""Arriving on a field: Elf and Goblin handovers, the gathering, and the Menhir effects."""
from __future__ import annotations

from engines.base import Event

from .common import kname, mapof, p, secret, tname
from .data import MENHIR_GOLD, MENHIR_NAME


# --- Elf and Goblin ---------------------------------------------------------------------------
def give_token(st: dict, kid: int, kind: str, events: list[Event]) -> None:
    """Put an Elf/Goblin under Korrigan ``kid``. A Korrigan carries one token at most: one it
    already carries leaves the game (``st["out"]``, public) and the new one replaces it."""
    old = st["carry"][kid]
    if old is not None:
        st["out"][old] += 1
        events.append(Event("The %s that %s carried before leaves the game."
                            % (MENHIR_NAME[old], kname(kid))))
    st["carry"][kid] = kind


def take_elf(st: dict, kid: int, src: int, events: list[Event]) -> None:
    """Korrigan ``kid`` takes the Elf of ``src``; an Elf it already carried leaves the game."""
    st["carry"][src] = None
    events.append(Event("The Elf passes from %s to %s." % (kname(src), kname(kid))))
    give_token(st, kid, "elf", events)


def give_goblin(st: dict, kid: int, dst: int, events: list[Event]) -> None:
    events.append(Event("%s hands the Goblin to %s." % (kname(kid), kname(dst))))
    give_token(st, dst, "goblin", events)


def arrive(st: dict, kid: int, field: int, events: list[Event]) -> None:
    """Handovers when Korrigan ``kid`` has just moved onto ``field`` (not on placement).

    The Goblin passes from the mover to an opponent's Korrigan there (the mover's owner picks);
    the mover takes an opponent's Elf there (the mover picks if there are several), and an Elf
    it already carried leaves the game. Both on one arrival are a swap: the Goblin leaves the
    mover before the Elf arrives, and the Elf leaves its carrier before the Goblin could land
    on it, so neither knocks the other out of the game.
    """
    seat = kid // 2
    pos = st["pos"]
    others = [o for o in range(len(pos)) if o // 2 != seat and pos[o] == field]
    if not others:
        return
    carry = st["carry"]
    giving = carry[kid] == "goblin"
    if giving:
        carry[kid] = None
    goblin_step = None
    if giving:
        if len(others) == 1:
            goblin_step = others[0]
        else:
            st["stack"].append({"k": "goblin", "s": seat, "kid": kid, "to": others})
    elves = [o for o in others if carry[o] == "elf"]
    if len(elves) == 1:
        take_elf(st, kid, elves[0], events)
    elif elves:
        st["stack"].append({"k": "elf", "s": seat, "kid": kid, "from": elves})
    if goblin_step is not None:
        give_goblin(st, kid, goblin_step, events)


# --- The gathering ----------------------------------------------------------------------------
def gather(st: dict, seat: int, kid: int, field: int, events: list[Event]) -> None:
    """The automatic part of the gathering: ask for a pick, or take the only token."""
    n = len(st["tok"][field])
    if n == 0:
        events.append(Event("No Clover token is left on field %s." % mapof(st).letters[field]))
    elif n == 1:
        take(st, seat, kid, field, st["tok"][field][0], events)
    else:
        st["stack"].append({"k": "pick", "s": seat, "kid": kid, "f": field})


def take(st: dict, seat: int, kid: int, field: int, kind: str, events: list[Event]) -> None:
    m = mapof(st)
    pile = st["tok"][field]
    pile.remove(kind)
    st["hid"][seat].append(kind)
    st["hid"][seat].sort()
    st["seen"][seat][m.ids[field]] = ",".join(pile)
    letter = m.letters[field]
    left = ", ".join(tname(k) for k in pile) or "nothing"
    secret(st, seat,
           "%s looks at the Clover tokens on %s and keeps one." % (p(seat), letter),
           "You keep a %s from %s (left there: %s)." % (tname(kind), letter, left),
           "%s keeps a %s from %s (no screen)." % (p(seat), tname(kind), letter), events)
    if not pile and st["men"][field] is not None:
        menhir = st["men"][field]
        st["men"][field] = None
        events.append(Event("%s takes the last token on %s and turns the Menhir over: %s!"
                            % (p(seat), letter, MENHIR_NAME[menhir])))
        menhir_effect(st, seat, kid, menhir, events)


# --- Menhirs ----------------------------------------------------------------------------------
def menhir_effect(st: dict, seat: int, kid: int, menhir: str, events: list[Event]) -> None:
    if menhir in MENHIR_GOLD:
        st["kept"][seat].append(menhir)
        st["kept"][seat].sort()
        return
    st["gone_men"].append(menhir)
    st["gone_men"].sort()
    if menhir in ("elf", "goblin"):
        if st["supply"][menhir] == 0:
            events.append(Event("No %s token is left: nothing happens." % MENHIR_NAME[menhir]))
            return
        st["supply"][menhir] -= 1
        events.append(Event("%s goes under %s." % (MENHIR_NAME[menhir], kname(kid))))
        give_token(st, kid, menhir, events)
    elif menhir == "leprechaun":
        targets = [s for s in range(st["n"]) if s != seat and st["screen"][s]]
        if not targets:
            events.append(Event("Every other screen is already gone: the Leprechaun leaves."))
        elif len(targets) == 1:
            remove_screen(st, targets[0], events)
        else:
            st["stack"].append({"k": "lep", "s": seat, "to": targets})
    elif menhir == "troll":
        st["stack"].append({"k": "troll", "s": seat})
    elif menhir == "fairy":
        events.append(Event("The Fairy lets %s make an extra move." % p(seat)))
        st["stack"].append({"k": "turn", "s": seat, "x": 1})


def remove_screen(st: dict, target: int, events: list[Event]) -> None:
    st["screen"][target] = False
    held = ", ".join(tname(k) for k in st["hid"][target]) or "nothing"
    events.append(Event("The Leprechaun removes %s's screen. Behind it: %s." % (p(target), held)))


def place_troll(st: dict, seat: int, bid: str, events: list[Event]) -> None:
    m = mapof(st)
    st["troll"] = bid
    events.append(Event("%s puts the Troll on the %s border %s." % (
        p(seat), m.border_kind[bid], m.border_label(bid))))
