"""The gathering and the Menhirs (package docstring, rulings 3, 8-10, 14). Steps: "gather"
(automatic: ask for a pick, or take the only token), "pick" (take:<token>), the Leprechaun's
"lep" (lep:p<n>) and the Troll's "troll" (a field, then one of its borders)."""
from __future__ import annotations

from engines.base import Event

from .carry import give_token
from .common import kname, mapof, p, secret, tname, top
from .data import MENHIR_GOLD, MENHIR_NAME


# --- "gather" (automatic) and "pick" ----------------------------------------------------------
def start_gather(st: dict, events: list[Event]) -> None:
    entry = st["stack"].pop()
    gather(st, entry["s"], entry["kid"], entry["f"], events)


def gather(st: dict, seat: int, kid: int, field: int, events: list[Event]) -> None:
    """The automatic part of the gathering: ask for a pick, or take the only token."""
    n = len(st["tok"][field])
    if n == 0:
        events.append(Event("No Clover token is left on field %s." % mapof(st).letters[field]))
    elif n == 1:
        take(st, seat, kid, field, st["tok"][field][0], events)
    else:
        st["stack"].append({"k": "pick", "s": seat, "kid": kid, "f": field})


def pick_legal(st: dict, seat: int) -> list[str]:
    return sorted({"take:" + t for t in st["tok"][top(st)["f"]]})


def pick_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = st["stack"].pop()
    take(st, seat, step["kid"], step["f"], action.partition(":")[2], events)


def pick_prompt(st: dict, seat: int | None) -> str:
    step = top(st)
    return "%s looks at the Clover tokens on %s and keeps one." % (
        p(step["s"]), mapof(st).letters[step["f"]])


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


# --- "lep" ------------------------------------------------------------------------------------
def lep_legal(st: dict, seat: int) -> list[str]:
    return sorted({"lep:p%d" % (s + 1) for s in top(st)["to"]})


def lep_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    st["stack"].pop()
    remove_screen(st, int(action.partition(":")[2][1:]) - 1, events)


def lep_prompt(st: dict, seat: int | None) -> str:
    return "%s chooses whose screen the Leprechaun removes." % p(top(st)["s"])


def remove_screen(st: dict, target: int, events: list[Event]) -> None:
    st["screen"][target] = False
    held = ", ".join(tname(k) for k in st["hid"][target]) or "nothing"
    events.append(Event("The Leprechaun removes %s's screen. Behind it: %s." % (p(target), held)))


# --- "troll" ----------------------------------------------------------------------------------
def troll_borders(m, f: int) -> list[tuple[int, str]]:
    return sorted(((j, b) for kind in ("open", "gate", "bridge") for j, b in m.nb[f][kind]),
                  key=lambda x: x[1])


def troll_legal(st: dict, seat: int) -> list[str]:
    m = mapof(st)
    step = top(st)
    if "f" in step:
        return sorted({"troll:" + b for j, b in troll_borders(m, step["f"])})
    return sorted({"troll:" + m.ids[f] for f in range(len(m.letters)) if troll_borders(m, f)})


def troll_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = top(st)
    arg = action.partition(":")[2]
    if "f" in step:
        st["stack"].pop()
        place_troll(st, seat, arg, events)
    else:
        step["f"] = mapof(st).by_id[arg]


def troll_prompt(st: dict, seat: int | None) -> str:
    step = top(st)
    if "f" in step:
        return "%s puts the Troll on a border of %s." % (p(step["s"]), mapof(st).letters[step["f"]])
    return "%s chooses where the Troll goes (first a field next to it)." % p(step["s"])


def place_troll(st: dict, seat: int, bid: str, events: list[Event]) -> None:
    m = mapof(st)
    st["troll"] = bid
    events.append(Event("%s puts the Troll on the %s border %s." % (
        p(seat), m.border_kind[bid], m.border_label(bid))))
