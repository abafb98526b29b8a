"""The Leprechaun Walk and the two leprechaun stacks.

The square is a list from the left stack (index 0) to the right stack. ``dir`` 1: the left stack
is the drawing stack and leprechauns walk right, the one next to the right (discard) stack leaving
face down; ``dir`` -1: mirrored. When the drawing stack runs out the walk turns around: the discard
stack becomes the drawing stack as it lies (not reshuffled).

"Komm mal zurück!" makes ONE walk go the other way (RULINGS.md): the top of the discard stack
walks back into the square at the discard end, and the card at the drawing end goes face down
onto the drawing stack; the stacks keep their roles, so the walk after goes on as before.
"""

from __future__ import annotations

from ..base import Event
from .words import msg


def draw_stack(s: dict) -> list:
    return s["left_stack"] if s["dir"] == 1 else s["right_stack"]


def discard_stack(s: dict) -> list:
    return s["right_stack"] if s["dir"] == 1 else s["left_stack"]


def turn_around(s: dict, events: list) -> None:
    s["dir"] = -s["dir"]
    events.append(Event(msg("turn_around")))


def draw_card(s: dict, events: list) -> str:
    """Take the top of the drawing stack; turn the walk around if that emptied it."""
    stack = draw_stack(s)
    card = stack.pop()
    if not stack:
        turn_around(s, events)
    return card


def walk(s: dict, events: list) -> None:
    """One Leprechaun Walk, after pending "Stehenbleiben!" / "Komm mal zurück!" effects."""
    if s["stand"]:
        s["stand"] = False
        events.append(Event(msg("stand_still")))
        return
    if s["back"]:
        s["back"] = False
        if discard_stack(s):
            walk_back(s, events)
            return
        events.append(Event(msg("back_no_effect")))
    square = s["square"]
    if s["dir"] == 1:
        leaving = square.pop()
        s["right_stack"].append(leaving)
        arriving = draw_card(s, events)
        square.insert(0, arriving)
    else:
        leaving = square.pop(0)
        s["left_stack"].append(leaving)
        arriving = draw_card(s, events)
        square.append(arriving)
    events.append(Event(msg("walk", leaving=leaving, arriving=arriving)))


def walk_back(s: dict, events: list) -> None:
    """One walk the other way ("Komm mal zurück!"): the discard stack's top comes back into the
    square, the card at the drawing end goes face down onto the drawing stack."""
    square = s["square"]
    arriving = discard_stack(s).pop()
    if s["dir"] == 1:
        leaving = square.pop(0)
        square.append(arriving)
    else:
        leaving = square.pop()
        square.insert(0, arriving)
    draw_stack(s).append(leaving)
    events.append(Event(msg("walk_back", leaving=leaving, arriving=arriving)))
