"""Older states and move logs: the migrations to the current state version.

Version 1 numbered the cards by their place in ranges (goats ``0..89`` set by set, dogs
``90..104``, milk shakes ``105..120``), so adding a set would have renumbered the dogs and milk
shakes inside stored games and their logs. Version 2 names every card by a stable id (see
``data``). Version 3 adds ``taken`` (the cards each hand took from the pasture). The version 1
numbering is frozen here, written out from the printed components rather than derived from
``data`` (which a new set extends).
"""

from __future__ import annotations

# The 18 sets of version 1, in their version 1 order (goat ``i`` was set ``i // 5``,
# value ``i % 5 + 1``), then 15 dogs, 8 milk shakes worth 1 and 8 worth 2.
V1_SETS: tuple[str, ...] = (
    "elvis",
    "pool",
    "goathe",
    "vangoat",
    "goatzilla",
    "heidi",
    "billy",
    "kidrock",
    "yoga",
    "disco",
    "bleats",
    "capricorn",
    "potter",
    "nanny",
    "goat",
    "feta",
    "steve",
    "goatee",
)
V1_CARDS: tuple[str, ...] = (
    tuple(f"{s}.{v}" for s in V1_SETS for v in range(1, 6))
    + tuple(f"dog.{k}" for k in range(1, 16))
    + tuple(f"milk1.{k}" for k in range(1, 9))
    + tuple(f"milk2.{k}" for k in range(1, 9))
)
V1_EMPTY, V1_PEN = -1, -2


def v1_to_v2(state: dict) -> dict:
    """Card numbers become card ids in every zone; the grid's -1/-2 become None/"pen"; the
    scored sets' owners (a list by set number, -1 not scored) become a dict set key -> seat; the
    pending goat -1 becomes None."""
    cards = V1_CARDS
    state["grid"] = [
        None if c == V1_EMPTY else "pen" if c == V1_PEN else cards[c] for c in state["grid"]
    ]
    for key in ("draw", "box", "discard", "revealed"):
        state[key] = [cards[c] for c in state[key]]
    for key in ("hands", "played"):
        state[key] = [[cards[c] for c in zone] for zone in state[key]]
    state["pending"] = None if state["pending"] < 0 else cards[state["pending"]]
    state["owner"] = {V1_SETS[s]: seat for s, seat in enumerate(state["owner"]) if seat >= 0}
    return state


def v2_to_v3(state: dict) -> dict:
    """Version 3 remembers which cards in each hand were taken from the pasture (everyone saw
    them go there; bots determinize around them). A game stored at version 2 starts remembering
    from its next take."""
    state["taken"] = [[] for _ in range(state["n"])]
    return state


MIGRATIONS = {1: v1_to_v2, 2: v2_to_v3}


def upgrade_action(action: str, from_version: int) -> str:
    """A version 1 ``play:<number>`` names its card by id; every other action is unchanged (they
    name cells, counts or choices). Idempotent on version 2 ids (a card id is never a number), so
    a log whose early moves are version 1 and later ones version 2 upgrades move by move."""
    verb, sep, arg = action.partition(":")
    if from_version < 2 and verb == "play" and arg.isdigit() and int(arg) < len(V1_CARDS):
        return f"play:{V1_CARDS[int(arg)]}"
    return action
