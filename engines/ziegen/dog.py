"""Phase 3 after a Dog (ruling 7): pick one of your claimed cards (``dog``), where it goes in its
row or column (``dog_tgt``), and, for a card claimed by another player, that player's consent
(``consent``). Every way out hands over to the take."""
from __future__ import annotations

from engines.base import Event
from engines.steps import Step

from . import data, geometry
from .common import cell_card, dog_sources, dog_targets, mover, parse, short, start_take


# --- dog: which claimed card ---------------------------------------------------------------------
def pick_legal(state: dict, seat: int) -> list[str]:
    return sorted({f"dog:{c}" for c in dog_sources(state, seat)} | {"dog:none"})


def no_drive(state: dict, seat: int, events: list[Event]) -> None:
    events.append(Event(f"{{p{seat}}}'s dog drives no goat."))
    start_take(state, seat, events)


def pick(state: dict, seat: int, action: str, events: list[Event]) -> None:
    arg = parse(action, "dog")
    if arg == "none":
        no_drive(state, seat, events)
    else:
        state["dog_src"] = int(arg)
        state["phase"] = "dog_tgt"


def dog_label(state: dict, seat: int, action: str) -> str:
    arg = parse(action, "dog")
    if arg == "none":
        return "Drive no goat"
    if arg == "back":
        return "Pick another goat to drive"
    cell = int(arg)
    return f"Drive {data.card_name(state['grid'][cell])} ({short(state['size'], cell)})"


def pick_prompt(state: dict, seat: int) -> str:
    return f"{{p{state['turn']}}} may drive one of their claimed goats with the dog."


# --- dog_tgt: where to ------------------------------------------------------------------------------
def target_legal(state: dict, seat: int) -> list[str]:
    acts = {f"swap:{c}" for c in dog_targets(state, seat, state["dog_src"])}
    return sorted(acts | {"dog:back", "dog:none"})


def do_swap(state: dict, seat: int, src: int, target: int, events: list[Event]) -> None:
    grid, mark = state["grid"], state["mark"]
    text = f"{{p{seat}}}'s dog drives {cell_card(state, src)} to {cell_card(state, target)}"
    grid[src], grid[target] = grid[target], grid[src]
    mark[src], mark[target] = mark[target], mark[src]
    events.append(Event(text + "."))


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
        events.append(Event(
            f"{{p{seat}}} asks {{p{owner}}} to let the dog swap "
            f"{cell_card(state, state['dog_src'])} with {cell_card(state, cell)}."))
    else:
        do_swap(state, seat, state["dog_src"], cell, events)
        start_take(state, seat, events)


def target_label(state: dict, seat: int, action: str) -> str:
    if action.startswith("dog:"):
        return dog_label(state, seat, action)
    cell = int(parse(action, "swap"))
    size, card = state["size"], state["grid"][cell]
    if card < 0:
        return f"Move to the empty space ({short(size, cell)})"
    owner = state["mark"][cell]
    label = f"Swap with {data.card_name(card)} ({short(size, cell)})"
    if owner >= 0 and owner != seat:
        label = f"Ask {{p{owner}}}: s" + label[1:]
    return label[:80]


def target_prompt(state: dict, seat: int) -> str:
    src = state["dog_src"]
    return (f"{{p{state['turn']}}} drives {data.card_name(state['grid'][src])} "
            f"({geometry.cell_label(state['size'], src)}): where to?")


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
        events.append(Event(f"{{p{seat}}} agrees."))
        do_swap(state, turn, src, cell, events)
        start_take(state, turn, events)
        return
    events.append(Event(f"{{p{seat}}} refuses the swap."))
    state["refused"].append(cell)
    state["dog_src"] = -1
    if dog_sources(state, turn):
        state["phase"] = "dog"
    else:
        start_take(state, turn, events)


def consent_label(state: dict, seat: int, action: str) -> str:
    arg = parse(action, "consent")
    if arg not in ("yes", "no"):
        raise ValueError(action)
    size, src, tgt = state["size"], state["dog_src"], state["dog_tgt"]
    where = f" ({short(size, src)} with {short(size, tgt)})" if tgt >= 0 else ""
    return ("Allow the swap" if arg == "yes" else "Refuse the swap") + where


def consent_prompt(state: dict, seat: int) -> str:
    size, grid = state["size"], state["grid"]
    src, tgt = state["dog_src"], state["dog_tgt"]
    owner = state["mark"][tgt]
    return (f"{{p{owner}}} decides whether {{p{state['turn']}}} may swap "
            f"{data.card_name(grid[src])} ({geometry.cell_label(size, src)}) with "
            f"{data.card_name(grid[tgt])} ({geometry.cell_label(size, tgt)}).")


PICK = Step(actors=mover, legal=pick_legal, apply=pick, label=dog_label, prompt=pick_prompt)
TARGET = Step(actors=mover, legal=target_legal, apply=target, label=target_label,
              prompt=target_prompt)
CONSENT = Step(actors=owner_of_target, legal=consent_legal, apply=consent, label=consent_label,
               prompt=consent_prompt)
