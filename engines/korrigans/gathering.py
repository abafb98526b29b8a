"""The gathering and the Menhirs (package docstring, rulings 3, 8-10, 14). Steps: "gather"
(automatic: ask for a pick, or take the only token), "pick" (take:<token>), the Leprechaun's
"lep" (lep:p<n>) and the Troll's "troll" (a field, then one of its borders)."""

from __future__ import annotations

from engines.base import Event, own, own_row
from engines.words import Msg

from .carry import give_token
from .common import mapof, own_top, secret, top
from .data import MENHIR_GOLD
from .words import msg


# --- "gather" (automatic) and "pick" ----------------------------------------------------------
def start_gather(st: dict, events: list[Event]) -> None:
    entry = own(st, "stack").pop()
    gather(st, entry["s"], entry["kid"], entry["f"], events)


def gather(st: dict, seat: int, kid: int, field: int, events: list[Event]) -> None:
    """The automatic part of the gathering: ask for a pick, or take the only token."""
    n = len(st["tokens"][field])
    if n == 0:
        events.append(Event(msg("field_empty", f=mapof(st).letters[field])))
    elif n == 1:
        take(st, seat, kid, field, st["tokens"][field][0], events)
    else:
        own(st, "stack").append({"k": "pick", "s": seat, "kid": kid, "f": field})


def pick_legal(st: dict, seat: int) -> list[str]:
    return sorted({"take:" + t for t in st["tokens"][top(st)["f"]]})


def pick_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = own(st, "stack").pop()
    take(st, seat, step["kid"], step["f"], action.partition(":")[2], events)


def pick_prompt(st: dict, seat: int | None) -> Msg:
    step = top(st)
    return msg("prompt.pick", p=step["s"], f=mapof(st).letters[step["f"]])


def take(st: dict, seat: int, kid: int, field: int, kind: str, events: list[Event]) -> None:
    m = mapof(st)
    pile = own(st, "tokens", field)
    pile.remove(kind)
    hidden = own(st, "hidden", seat)
    hidden.append(kind)
    hidden.sort()
    own(st, "seen", seat)[m.ids[field]] = ",".join(pile)
    letter = m.letters[field]
    secret(
        st,
        seat,
        msg("looks", p=seat, f=letter),
        msg("kept", token=kind, f=letter, left=list(pile)),
        msg("kept_open", p=seat, token=kind, f=letter),
        events,
    )
    if not pile and st["men"][field] is not None:
        menhir = st["men"][field]
        own(st, "men")[field] = None
        events.append(Event(msg("menhir_turned", p=seat, f=letter, kind=menhir)))
        menhir_effect(st, seat, kid, menhir, events)


# --- Menhirs ----------------------------------------------------------------------------------
def menhir_effect(st: dict, seat: int, kid: int, menhir: str, events: list[Event]) -> None:
    if menhir in MENHIR_GOLD:
        kept = own_row(st, "kept", seat)
        kept.append(menhir)
        kept.sort()
        return
    gone = own(st, "gone_men")
    gone.append(menhir)
    gone.sort()
    if menhir in ("elf", "goblin"):
        if st["supply"][menhir] == 0:
            events.append(Event(msg("supply_empty", kind=menhir)))
            return
        own(st, "supply")[menhir] -= 1
        events.append(Event(msg("goes_under", kind=menhir, kid=kid)))
        give_token(st, kid, menhir, events)
    elif menhir == "leprechaun":
        targets = [s for s in range(st["n"]) if s != seat and st["screen"][s]]
        if not targets:
            events.append(Event(msg("leprechaun_leaves")))
        elif len(targets) == 1:
            remove_screen(st, targets[0], events)
        else:
            own(st, "stack").append({"k": "lep", "s": seat, "to": targets})
    elif menhir == "troll":
        own(st, "stack").append({"k": "troll", "s": seat})
    elif menhir == "fairy":
        events.append(Event(msg("fairy", p=seat)))
        own(st, "stack").append({"k": "turn", "s": seat, "x": 1})


# --- "lep" ------------------------------------------------------------------------------------
def lep_legal(st: dict, seat: int) -> list[str]:
    return sorted({"lep:p%d" % (s + 1) for s in top(st)["to"]})


def lep_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    own(st, "stack").pop()
    remove_screen(st, int(action.partition(":")[2][1:]) - 1, events)


def lep_prompt(st: dict, seat: int | None) -> Msg:
    return msg("prompt.lep", p=top(st)["s"])


def remove_screen(st: dict, target: int, events: list[Event]) -> None:
    own(st, "screen")[target] = False
    events.append(Event(msg("screen_removed", p=target, held=list(st["hidden"][target]))))


# --- "troll" ----------------------------------------------------------------------------------
def troll_borders(m, f: int) -> list[tuple[int, str]]:
    return sorted(
        ((j, b) for kind in ("open", "gate", "bridge") for j, b in m.nb[f][kind]),
        key=lambda x: x[1],
    )


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
        own(st, "stack").pop()
        place_troll(st, seat, arg, events)
    else:
        own_top(st)["f"] = mapof(st).by_id[arg]


def troll_prompt(st: dict, seat: int | None) -> Msg:
    step = top(st)
    if "f" in step:
        return msg("prompt.troll_border", p=step["s"], f=mapof(st).letters[step["f"]])
    return msg("prompt.troll", p=step["s"])


def place_troll(st: dict, seat: int, bid: str, events: list[Event]) -> None:
    m = mapof(st)
    st["troll"] = bid
    events.append(
        Event(msg("troll_placed", p=seat, kind=m.border_kind[bid], border=m.border_label(bid)))
    )
