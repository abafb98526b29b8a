"""Phase 3 after a Dog (ruling 7): pick one of your claimed cards (``dog``), where it goes in its
row or column (``dog_tgt``), and, for a card claimed by another player, that player's consent
(``consent``). Every way out hands over to the take."""

from __future__ import annotations

from engines.base import Event, own
from engines.steps import Step

from . import data
from .common import at, dog_sources, dog_targets, mover, parse, rc, start_take
from .words import Msg, msg


# --- dog: which claimed card ---------------------------------------------------------------------
def pick_legal(state: dict, seat: int) -> list[str]:
    return sorted({f"dog:{c}" for c in dog_sources(state, seat)} | {"dog:none"})


def no_drive(state: dict, seat: int, events: list[Event]) -> None:
    events.append(Event(msg("dog_none", p=seat)))
    start_take(state, seat, events)


def pick(state: dict, seat: int, action: str, events: list[Event]) -> None:
    arg = parse(action, "dog")
    if arg == "none":
        no_drive(state, seat, events)
    else:
        state["dog_src"] = int(arg)
        state["phase"] = "dog_tgt"


def dog_label(state: dict, seat: int, action: str) -> Msg:
    arg = parse(action, "dog")
    if arg in ("none", "back"):
        return msg(f"label.dog.{arg}")
    cell = int(arg)
    return msg("label.dog.pick", card=state["grid"][cell], **rc(state["size"], cell))


def pick_prompt(state: dict, seat: int) -> Msg:
    return msg("prompt.dog", p=state["turn"])


# --- dog_tgt: where to -----------------------------------------------------------------------
def target_legal(state: dict, seat: int) -> list[str]:
    acts = {f"swap:{c}" for c in dog_targets(state, seat, state["dog_src"])}
    return sorted(acts | {"dog:back", "dog:none"})


def do_swap(state: dict, seat: int, src: int, target: int, events: list[Event]) -> None:
    news = msg("drives", p=seat, src=at(state, src), tgt=at(state, target))
    grid, mark = own(state, "grid"), own(state, "mark")
    grid[src], grid[target] = grid[target], grid[src]
    mark[src], mark[target] = mark[target], mark[src]
    events.append(Event(news))


def target(state: dict, seat: int, action: str, events: list[Event]) -> None:
    if action == "dog:none":
        no_drive(state, seat, events)
        return
    if action == "dog:back":
        state["phase"] = "dog"
        state["dog_src"] = -1
        return
    cell = int(parse(action, "swap"))
    owner = state["mark"][cell]
    if owner >= 0 and owner != seat:
        state["dog_tgt"] = cell
        state["phase"] = "consent"
        events.append(
            Event(
                msg(
                    "ask", p=seat, owner=owner, src=at(state, state["dog_src"]), tgt=at(state, cell)
                )
            )
        )
    else:
        do_swap(state, seat, state["dog_src"], cell, events)
        start_take(state, seat, events)


def target_label(state: dict, seat: int, action: str) -> Msg:
    if action.startswith("dog:"):
        return dog_label(state, seat, action)
    cell = int(parse(action, "swap"))
    where = rc(state["size"], cell)
    card = state["grid"][cell]
    if not data.is_card(card):
        return msg("label.swap.empty", **where)
    owner = state["mark"][cell]
    if owner >= 0 and owner != seat:
        return msg("label.swap.ask", owner=owner, card=card, **where)
    return msg("label.swap.card", card=card, **where)


def target_prompt(state: dict, seat: int) -> Msg:
    return msg("prompt.dog_tgt", p=state["turn"], src=at(state, state["dog_src"]))


# --- consent: the other owner decides ------------------------------------------------------------
def owner_of_target(state: dict) -> list[int]:
    return [state["mark"][state["dog_tgt"]]]


def consent_legal(state: dict, seat: int) -> list[str]:
    return ["consent:no", "consent:yes"]


def consent(state: dict, seat: int, action: str, events: list[Event]) -> None:
    arg = parse(action, "consent")
    turn = state["turn"]
    src, cell = state["dog_src"], state["dog_tgt"]
    state["dog_tgt"] = -1
    if arg == "yes":
        events.append(Event(msg("agrees", p=seat)))
        do_swap(state, turn, src, cell, events)
        start_take(state, turn, events)
        return
    events.append(Event(msg("refuses", p=seat)))
    own(state, "refused").append(cell)
    state["dog_src"] = -1
    if dog_sources(state, turn):
        state["phase"] = "dog"
    else:
        start_take(state, turn, events)


def consent_label(state: dict, seat: int, action: str) -> Msg:
    arg = parse(action, "consent")
    if arg not in ("yes", "no"):
        raise ValueError(action)
    size = state["size"]
    r2c2 = rc(size, state["dog_tgt"])
    return msg(f"label.consent.{arg}", **rc(size, state["dog_src"]), r2=r2c2["r"], c2=r2c2["c"])


def consent_prompt(state: dict, seat: int) -> Msg:
    src, tgt = state["dog_src"], state["dog_tgt"]
    return msg(
        "prompt.consent",
        owner=state["mark"][tgt],
        p=state["turn"],
        src=at(state, src),
        tgt=at(state, tgt),
    )


# The Dog's drive moves public cards between public places: it reveals nothing (undoable). The
# take that follows is a decision of its own; an automatic step reached meanwhile marks itself.
PICK = Step(
    actors=mover, legal=pick_legal, apply=pick, label=dog_label, prompt=pick_prompt, reveals=False
)
TARGET = Step(
    actors=mover,
    legal=target_legal,
    apply=target,
    label=target_label,
    prompt=target_prompt,
    reveals=False,
)
CONSENT = Step(
    actors=owner_of_target,
    legal=consent_legal,
    apply=consent,
    label=consent_label,
    prompt=consent_prompt,
    reveals=False,
)
