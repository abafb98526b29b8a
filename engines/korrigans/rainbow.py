"""The round (phase "play"): the players' turns in order, then the Rainbow draw; Sun and Cloud
placement, the draw chain, and the Cauldron's appearance. Steps: "play" (automatic while the
stack is empty: the next player's turn, or the draw), "sun", "cloud" and "cauldron"."""

from __future__ import annotations

from engines import rng
from engines.base import Event, own
from engines.words import Msg

from .common import mapof, top
from .data import CAULDRON_COLOURS, CHAIN_CLOUDS
from .words import msg


def next_turn(st: dict, events: list[Event]) -> None:
    """Automatic (phase "play", empty stack): the next mover's turn (step "turn"); after the
    last one, a new round and the draw (during the chain, draws follow each other)."""
    if st["mover"] < st["n"]:
        seat = st["mover"]
        st["mover"] += 1
        own(st, "stack").append({"k": "turn", "s": seat})
    else:
        st["round"] += 1
        if not st["chain"]:
            st["mover"] = 0
        draw(st, events)


def draw(st: dict, events: list[Event]) -> None:
    """The bag holder draws one pawn and passes the bag left."""
    seat = st["holder"]
    st["holder"] = (seat + 1) % st["n"]
    bag = own(st, "bag")
    pawn = bag.pop(rng.randbelow(st, len(bag)))
    if pawn in st["drawn"]:
        if st["chain"]:
            own(st, "aside").append(pawn)
            events.append(Event(msg("draw_aside", p=seat, c=pawn)))
            return
        events.append(Event(msg("draw_cloud", p=seat, c=pawn)))
        _place_or_ask(st, seat, pawn, "cloud", events)
        return
    own(st, "drawn").append(pawn)
    if len(st["drawn"]) == CAULDRON_COLOURS:
        own(st, "aside").append(pawn)
        events.append(Event(msg("draw_last", p=seat, c=pawn), highlight=True))
        start_cauldron(st, seat, events)
        return
    events.append(Event(msg("draw_sun", p=seat, c=pawn)))
    _place_or_ask(st, seat, pawn, "sun", events)


def _place_or_ask(st: dict, seat: int, pawn: int, kind: str, events: list[Event]) -> None:
    """Put the pawn on the only free Sun (Cloud), or ask the drawer which one."""
    free = [i for i, x in enumerate(st["suns" if kind == "sun" else "clouds"]) if x is None]
    if len(free) == 1:
        (place_sun if kind == "sun" else place_cloud)(st, seat, free[0], pawn, events)
    else:
        st["held"] = pawn
        own(st, "stack").append({"k": kind, "s": seat, "c": pawn})


def place_sun(st: dict, seat: int, row: int, pawn: int, events: list[Event]) -> None:
    own(st, "suns")[row] = pawn
    st["held"] = None
    events.append(Event(msg("on_sun", p=seat, c=pawn, n=row + 1)))


def place_cloud(st: dict, seat: int, col: int, pawn: int, events: list[Event]) -> None:
    own(st, "clouds")[col] = pawn
    st["held"] = None
    events.append(Event(msg("on_cloud", p=seat, c=pawn, n=col + 1)))
    if sum(x is not None for x in st["clouds"]) >= CHAIN_CLOUDS and not st["chain"]:
        st["chain"] = True
        st["mover"] = st["n"]
        events.append(Event(msg("chain")))


def cauldron_fields(st: dict) -> list[int]:
    """Fields with a cell in a free Sun row and a free Cloud column."""
    m = mapof(st)
    rows = {r for r, x in enumerate(st["suns"]) if x is None}
    cols = {c for c, x in enumerate(st["clouds"]) if x is None}
    return [i for i, cells in enumerate(m.cells) if any(r in rows and c in cols for r, c in cells)]


def cauldron_choices(st: dict, seat: int) -> list[int]:
    """Where ``seat`` may put the Cauldron: if possible, a field without its own Korrigans."""
    fields = cauldron_fields(st)
    own = {st["pos"][seat * 2], st["pos"][seat * 2 + 1]}
    free = [f for f in fields if f not in own]
    return free or fields


def start_cauldron(st: dict, seat: int, events: list[Event]) -> None:
    choices = cauldron_choices(st, seat)
    if len(choices) == 1:
        place_cauldron(st, seat, choices[0], events)
    else:
        own(st, "stack").append({"k": "cauldron", "s": seat})


def place_cauldron(st: dict, seat: int, field: int, events: list[Event]) -> None:
    st["cauldron"] = field
    st["phase"] = "final"
    st["fi"] = 0
    events.append(Event(msg("cauldron_placed", p=seat, f=mapof(st).letters[field]), highlight=True))


# --- "sun", "cloud" and "cauldron" ------------------------------------------------------------
def sun_legal(st: dict, seat: int) -> list[str]:
    return sorted({"sun:%d" % (r + 1) for r, x in enumerate(st["suns"]) if x is None})


def sun_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = own(st, "stack").pop()
    place_sun(st, seat, int(action.partition(":")[2]) - 1, step["c"], events)


def sun_prompt(st: dict, seat: int | None) -> Msg:
    step = top(st)
    return msg("prompt.sun", p=step["s"], c=step["c"])


def cloud_legal(st: dict, seat: int) -> list[str]:
    return sorted({"cloud:%d" % (c + 1) for c, x in enumerate(st["clouds"]) if x is None})


def cloud_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    step = own(st, "stack").pop()
    place_cloud(st, seat, int(action.partition(":")[2]) - 1, step["c"], events)


def cloud_prompt(st: dict, seat: int | None) -> Msg:
    step = top(st)
    return msg("prompt.cloud", p=step["s"], c=step["c"])


def cauldron_legal(st: dict, seat: int) -> list[str]:
    m = mapof(st)
    return sorted({"cauldron:" + m.ids[f] for f in cauldron_choices(st, seat)})


def cauldron_apply(st: dict, seat: int, action: str, events: list[Event]) -> None:
    own(st, "stack").pop()
    place_cauldron(st, seat, mapof(st).by_id[action.partition(":")[2]], events)


def cauldron_prompt(st: dict, seat: int | None) -> Msg:
    return msg("prompt.cauldron", p=top(st)["s"])
