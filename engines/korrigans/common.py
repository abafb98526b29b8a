"""Small helpers shared by the rules modules (no phase module is imported here): the map of a
state, the decision stack's top, Korrigan ids, secret events."""

from __future__ import annotations

from engines.base import Event, own
from engines.words import Msg

from .maps import LOADED, Map, load_map


def mapof(st: dict) -> Map:
    # asked several times a move: the cache first, without a call (``load_map`` fills it)
    return LOADED.get(st["map"]) or load_map(st["map"])


def top(st: dict) -> dict:
    """The pending decision on top of ``st["stack"]`` (the current step's entry)."""
    return st["stack"][-1]


def own_top(st: dict) -> dict:
    """``top``, made the state's own so that it may be changed: the stack and its entries are
    kept (``setup.LAYOUT``), shared with the state before the move."""
    stack = own(st, "stack")
    entry = stack[-1] = stack[-1].copy()  # its lists are never changed in place
    return entry


def top_seat(st: dict) -> list[int]:
    """The actors of a stack step: the one seat named by its entry."""
    return [st["stack"][-1]["s"]]


def kid_id(kid: int) -> str:
    """A Korrigan as an action-id part: p1k2 (player 1, Korrigan 2), both counted from 1."""
    return "p%dk%d" % (kid // 2 + 1, kid % 2 + 1)


def parse_kid(text: str) -> int:
    seat, k = text[1:].split("k")
    return (int(seat) - 1) * 2 + int(k) - 1


def secret(
    st: dict, seat: int, public: Msg, private: Msg, open_text: Msg, events: list[Event]
) -> None:
    """News about something behind ``seat``'s screen: everyone sees ``open_text`` if the screen
    is gone, else others get ``public`` and the seat gets ``private``."""
    if st["screen"][seat]:
        events.append(Event(public))
        events.append(Event(private, (seat,)))
    else:
        events.append(Event(open_text))
