"""Turn flow: mulligan, play, move, dog, take, score, end. Works in place on a private copy.

Phases (``state["phase"]``):

* ``mulligan``: every seat holding a Dog decides at once how many dogs to return (secret until
  all have decided, then resolved in seat order, so the order of decisions never matters);
* ``play``: the seat to move plays a card; the large goat moves;
* ``dog``: after a Dog, pick one of your marked cards to drive (or none);
* ``dog_tgt``: pick where it goes in its row/column (or back / none);
* ``consent``: the owner of a marked target card accepts or refuses the swap;
* ``take``: take a card from the line next to your large goat; then scoring; then the end check;
* ``over``.
"""
from __future__ import annotations

from engines import rng
from engines.base import Event

from . import data, geometry

PEN = -2
EMPTY = -1


# --- small queries ---------------------------------------------------------------------------------
def dogs_in_hand(state: dict, seat: int) -> int:
    return sum(1 for c in state["hands"][seat] if data.KIND[c] == "d")


def mulligan_seats(state: dict) -> list[int]:
    """Every seat is asked, with or without a dog, so that being asked reveals nothing."""
    return [s for s in range(state["n"]) if state["mull"][s] is None]


def takeable(state: dict, seat: int) -> list[int]:
    grid, mark = state["grid"], state["mark"]
    return [c for c in geometry.line_cells(state["size"], state["goats"][seat])
            if grid[c] >= 0 and mark[c] < 0]


def dog_targets(state: dict, seat: int, src: int) -> list[int]:
    """Cells a dog may drive ``seat``'s marked card on ``src`` to: any card or empty space in its
    row/column except pens and cells whose owner already refused this dog."""
    grid, refused = state["grid"], state["refused"]
    return [c for c in geometry.cross_cells(state["size"], src)
            if grid[c] != PEN and c not in refused]


def dog_sources(state: dict, seat: int) -> list[int]:
    mark = state["mark"]
    return [c for c in range(len(mark)) if mark[c] == seat and dog_targets(state, seat, c)]


def to_act(state: dict) -> list[int]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "mulligan":
        return mulligan_seats(state)
    if phase == "consent":
        return [state["mark"][state["dog_tgt"]]]
    return [state["turn"]]


def legal_actions(state: dict, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "mulligan":
        return [f"mull:{k}" for k in range(dogs_in_hand(state, seat) + 1)]
    if phase == "play":
        acts = {f"play:{c}" for c in state["hands"][seat]}
    elif phase == "dog":
        acts = {f"dog:{c}" for c in dog_sources(state, seat)} | {"dog:none"}
    elif phase == "dog_tgt":
        acts = {f"swap:{c}" for c in dog_targets(state, seat, state["dog_src"])}
        acts |= {"dog:back", "dog:none"}
    elif phase == "consent":
        acts = {"consent:no", "consent:yes"}
    elif phase == "take":
        acts = {f"take:{c}" for c in takeable(state, seat)}
    else:
        acts = set()
    return sorted(acts)


# --- setup end: the mulligan ------------------------------------------------------------------------
def begin_play_if_ready(state: dict, events: list) -> None:
    """Once every seat with a dog has chosen, resolve the mulligan in seat order and start play."""
    if state["phase"] != "mulligan" or mulligan_seats(state):
        return
    returned: list[int] = []
    for seat in range(state["n"]):
        k = state["mull"][seat] or 0
        if not k:
            continue
        hand = state["hands"][seat]
        dogs = [c for c in hand if data.KIND[c] == "d"][:k]
        drawn = []
        for dog in dogs:
            hand.remove(dog)
            returned.append(dog)
            if state["draw"]:
                card = state["draw"].pop()
                hand.append(card)
                drawn.append(card)
        hand.sort()
        word = "dog" if k == 1 else "dogs"
        events.append(Event(f"{{p{seat}}} returns {k} {word} and draws {len(drawn)} "
                            f"new card{'s' if len(drawn) != 1 else ''}."))
        if drawn:
            names = ", ".join(data.card_name(c) for c in drawn)
            events.append(Event(f"You drew {names}.", (seat,)))
    if returned:
        state["draw"] += returned
        rng.shuffle(state, state["draw"])
        events.append(Event("The returned dogs are shuffled back into the draw pile."))
    state["mull"] = [None] * state["n"]
    state["phase"] = "play"
    events.append(Event(f"The goats are loose! {{p{state['turn']}}} starts."))


# --- applying moves -----------------------------------------------------------------------------------
def apply_action(state: dict, seat: int, action: str, events: list) -> None:
    verb, _, arg = action.partition(":")
    if verb == "mull":
        state["mull"][seat] = int(arg)
        begin_play_if_ready(state, events)
    elif verb == "play":
        play_card(state, seat, int(arg), events)
    elif verb == "dog":
        if arg == "none":
            events.append(Event(f"{{p{seat}}}'s dog drives no goat."))
            start_take(state, seat, events)
        elif arg == "back":
            state["phase"] = "dog"
            state["dog_src"] = -1
        else:
            state["dog_src"] = int(arg)
            state["phase"] = "dog_tgt"
    elif verb == "swap":
        target = int(arg)
        owner = state["mark"][target]
        if owner >= 0 and owner != seat:
            state["dog_tgt"] = target
            state["phase"] = "consent"
            events.append(Event(
                f"{{p{seat}}} asks {{p{owner}}} to let the dog swap "
                f"{_cell_card(state, state['dog_src'])} with {_cell_card(state, target)}."))
        else:
            do_swap(state, seat, state["dog_src"], target, events)
            start_take(state, seat, events)
    elif verb == "consent":
        mover = state["turn"]
        src, target = state["dog_src"], state["dog_tgt"]
        state["dog_tgt"] = -1
        if arg == "yes":
            events.append(Event(f"{{p{seat}}} agrees."))
            do_swap(state, mover, src, target, events)
            start_take(state, mover, events)
        else:
            events.append(Event(f"{{p{seat}}} refuses the swap."))
            state["refused"].append(target)
            state["dog_src"] = -1
            if dog_sources(state, mover):
                state["phase"] = "dog"
            else:
                start_take(state, mover, events)
    elif verb == "take":
        take_card(state, seat, int(arg), events)
    else:  # pragma: no cover - legality is checked before
        raise ValueError(action)


def _cell_card(state: dict, cell: int) -> str:
    card = state["grid"][cell]
    size = state["size"]
    if card < 0:
        return f"the empty space ({geometry.cell_label(size, cell)})"
    return f"{data.card_name(card)} ({geometry.cell_label(size, cell)})"


def play_card(state: dict, seat: int, card: int, events: list) -> None:
    state["hands"][seat].remove(card)
    if card in state["taken"][seat]:
        state["taken"][seat].remove(card)
    kind = data.KIND[card]
    name = data.card_name(card)
    if card in state["revealed"]:
        state["revealed"].remove(card)
    if kind == "g" and state["owner"][data.GOAT_SET[card]] >= 0:
        # Ruling: a goat of a set already scored cannot score any more; it goes back to the box.
        state["discard"].append(card)
        events.append(Event(f"{{p{seat}}} plays {name}; its set is already scored, so it goes "
                            f"back to the box."))
        state["pending"] = -1
    else:
        state["played"][seat].append(card)
        state["played"][seat].sort()
        events.append(Event(f"{{p{seat}}} plays {name}."))
        state["pending"] = card if kind == "g" else -1
    steps = data.VALUE[card]
    if steps:
        state["goats"][seat] = (state["goats"][seat] + steps) % (4 * state["size"])
        events.append(Event(f"{{p{seat}}}'s large goat moves {steps} "
                            f"space{'s' if steps != 1 else ''} to "
                            f"{geometry.spot_label(state['size'], state['goats'][seat])}."))
    if kind == "d":
        state["refused"] = []
        if dog_sources(state, seat):
            state["phase"] = "dog"
            return
        events.append(Event(f"{{p{seat}}}'s dog finds no claimed goat of theirs to drive."))
    start_take(state, seat, events)


def do_swap(state: dict, seat: int, src: int, target: int, events: list) -> None:
    grid, mark = state["grid"], state["mark"]
    text = f"{{p{seat}}}'s dog drives {_cell_card(state, src)} to {_cell_card(state, target)}"
    grid[src], grid[target] = grid[target], grid[src]
    mark[src], mark[target] = mark[target], mark[src]
    events.append(Event(text + "."))


def start_take(state: dict, seat: int, events: list) -> None:
    state["dog_src"] = -1
    state["dog_tgt"] = -1
    state["refused"] = []
    if takeable(state, seat):
        state["phase"] = "take"
        return
    # End condition 2: nothing in the line can be taken. The played card still scores.
    events.append(Event(f"{{p{seat}}} cannot take a card from "
                        f"{geometry.line_label(state['size'], state['goats'][seat])}."))
    state["took"] = -1
    finish_turn(state, seat, events, blocked=True)


def take_card(state: dict, seat: int, cell: int, events: list) -> None:
    grid = state["grid"]
    card = grid[cell]
    grid[cell] = EMPTY
    state["hands"][seat].append(card)
    state["hands"][seat].sort()
    state["taken"][seat].append(card)      # everyone saw it go into that hand
    state["taken"][seat].sort()
    state["took"] = cell
    size = state["size"]
    events.append(Event(f"{{p{seat}}} takes {data.card_name(card)} "
                        f"({geometry.cell_label(size, cell)})."))
    if state["draw"]:
        new = state["draw"].pop()
        grid[cell] = new
        events.append(Event(f"{data.card_name(new)} is turned up from the draw pile into the gap."))
        place_reserved(state, cell, events)
    finish_turn(state, seat, events, blocked=False)


def place_reserved(state: dict, cell: int, events: list) -> None:
    """A goat of a scored set coming out of the draw pile gets its owner's small goat at once."""
    card = state["grid"][cell]
    s = data.GOAT_SET[card]
    if s >= 0 and state["owner"][s] >= 0:
        owner = state["owner"][s]
        state["mark"][cell] = owner
        events.append(Event(f"{{p{owner}}} places a reserved small goat on {data.card_name(card)}."))


def finish_turn(state: dict, seat: int, events: list, blocked: bool) -> None:
    if state["pending"] >= 0:
        score_played(state, seat, state["pending"], events)
    state["pending"] = -1
    if blocked:
        end_game(state, "blocked", events)
        return
    cell = state["took"]
    state["took"] = -1
    size, grid = state["size"], state["grid"]
    r, c = divmod(cell, size)
    row_empty = all(grid[r * size + k] < 0 for k in range(size))
    col_empty = all(grid[k * size + c] < 0 for k in range(size))
    if row_empty or col_empty:
        end_game(state, "row" if row_empty else "column", events)
        return
    state["turn"] = (seat + 1) % state["n"]
    state["phase"] = "play"


# --- scoring during play --------------------------------------------------------------------------------
def score_played(state: dict, mover: int, card: int, events: list) -> None:
    s = data.GOAT_SET[card]
    if state["owner"][s] >= 0:
        return
    n = state["n"]
    sums = [0] * n
    counts = [0] * n
    for seat in range(n):
        for c in state["played"][seat]:
            if data.GOAT_SET[c] == s:
                sums[seat] += data.VALUE[c]
                counts[seat] += 1
    name = data.SET_NAMES[s]
    if sums[mover] >= data.GOAT_THRESHOLD:
        events.append(Event(f"Scoring! {{p{mover}}}'s {name} cards total {sums[mover]}: "
                            f"{{p{mover}}} claims every {name} card left.", highlight=True))
        claim_set(state, s, mover, events)
    elif sum(counts) >= data.FOURTH_CARD:
        # Highest sum, then most cards, then the player who triggered the scoring.
        order = [(mover + k) % n for k in range(n)]
        winner = max(order, key=lambda p: (sums[p], counts[p], p == mover))
        events.append(Event(f"Scoring! The 4th {name} card is played: {{p{winner}}} has the "
                            f"majority ({sums[winner]}) and wins the last {name} card.",
                            highlight=True))
        claim_set(state, s, winner, events)


def claim_set(state: dict, s: int, winner: int, events: list) -> None:
    """Mark the set's goats in the pasture, reserve tokens for those in the draw pile, reveal
    those in hands (kept by their holders, worth nothing to the winner) and discard the other
    players' played goats of the set."""
    state["owner"][s] = winner
    name = data.SET_NAMES[s]
    grid, mark = state["grid"], state["mark"]
    for cell, card in enumerate(grid):
        if card >= 0 and data.GOAT_SET[card] == s:
            mark[cell] = winner
            events.append(Event(f"{{p{winner}}} puts a small goat on {data.card_name(card)}."))
    in_draw = sum(1 for c in state["draw"] if data.GOAT_SET[c] == s)
    if in_draw:
        events.append(Event(f"{{p{winner}}} sets aside {in_draw} small goat"
                            f"{'s' if in_draw != 1 else ''} for {name} cards still in the "
                            f"draw pile."))
    for seat in range(state["n"]):
        for c in state["hands"][seat]:
            if data.GOAT_SET[c] == s and c not in state["revealed"]:
                state["revealed"].append(c)
                events.append(Event(f"{{p{seat}}} reveals {data.card_name(c)} from their hand "
                                    f"and keeps it: nobody scores it."))
        if seat == winner:
            continue
        lost = [c for c in state["played"][seat] if data.GOAT_SET[c] == s]
        if lost:
            for c in lost:
                state["played"][seat].remove(c)
                state["discard"].append(c)
            names = ", ".join(data.card_name(c) for c in lost)
            events.append(Event(f"{{p{seat}}} discards {names}."))
    state["revealed"].sort()


# --- the end ----------------------------------------------------------------------------------------------
def end_game(state: dict, reason: str, events: list) -> None:
    from .scoring import final_scores

    state["phase"] = "over"
    state["end"] = reason
    state["dog_src"] = state["dog_tgt"] = -1
    state["refused"] = []
    why = {
        "row": "the last card of a row has been taken",
        "column": "the last card of a column has been taken",
        "blocked": "a player cannot take any card",
    }[reason]
    scores = final_scores(state)
    table = ", ".join(f"{{p{s}}} {pts}" for s, pts in enumerate(scores))
    events.append(Event(f"Game over: {why}. Scores: {table}."))
