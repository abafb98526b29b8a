"""A new game: removals per player count, the shuffled pasture with pens, draw pile, hands."""

from __future__ import annotations

from engines import rng
from engines.base import Layout

from . import data, geometry
from .common import EMPTY, PEN


def removed_cards(state: dict, num_players: int) -> list[str]:
    """Pick the cards that go back to the box, by the seeded RNG (whole sets, dogs, milk shakes)."""
    sets_out, dogs_out, milk1_out, milk2_out = data.REMOVALS[num_players]
    sets = list(data.SET_KEYS)
    rng.shuffle(state, sets)
    out: list[str] = []
    for s in sets[:sets_out]:
        out += data.SET_CARDS[s]
    for pool, count in (
        (list(data.DOG_IDS), dogs_out),
        ([c for c in data.MILK_IDS if data.VALUE[c] == 1], milk1_out),
        ([c for c in data.MILK_IDS if data.VALUE[c] == 2], milk2_out),
    ):
        rng.shuffle(state, pool)
        out += pool[:count]
    return data.sorted_cards(out)


# How the state nests (``engines.base.Layout``): what ``apply`` copies for a move.
LAYOUT = Layout(
    atoms=("rng", "n", "size", "doubling", "turn", "phase", "pending", "dog_src", "dog_tgt")
    + ("took", "end"),
    shared=("hands", "played", "taken"),
    # Replaced whole, or changed on the state's own copy (``own``): a move changes few of them.
    kept=("grid", "mark", "pens", "goats", "draw", "box", "discard", "owner", "revealed")
    + ("mull", "refused", "lastmove"),
)


def new_state(num_players: int, seed: int, options: dict) -> dict:
    size = data.GRID_SIZE[num_players]
    state: dict = {"rng": rng.seed_state(seed)}
    box = removed_cards(state, num_players)
    boxed = set(box)
    deck = [c for c in data.CARDS if c not in boxed]
    rng.shuffle(state, deck)
    border = geometry.border_cells(size)
    pens = [border[i] for i in data.PEN_BORDER_CELLS[num_players]]
    grid = [EMPTY] * (size * size)
    for cell in pens:
        grid[cell] = PEN
    for cell in range(size * size):
        if grid[cell] == EMPTY:
            grid[cell] = deck.pop()
    hands = [[] for _ in range(num_players)]
    for _ in range(data.HAND_SIZE):
        for seat in range(num_players):
            hands[seat].append(deck.pop())
    for hand in hands:
        data.sort_cards(hand)
    state.update(
        {
            "n": num_players,
            "size": size,
            "doubling": options["doubling"],
            "grid": grid,
            "mark": [-1] * (size * size),  # owner seat of the small goat on a cell, -1 none
            "pens": pens,
            "goats": [geometry.pen_start(size, cell) for cell in pens],
            "draw": deck,  # face down; the top card is the last one
            "hands": hands,
            "played": [[] for _ in range(num_players)],  # goats, milk shakes, dogs in front
            "box": box,  # removed at setup, face down
            "discard": [],  # goats discarded by scoring (back in the box)
            "owner": {},  # set key -> the seat that scored it
            "revealed": [],  # cards in hands shown at a scoring
            "taken": [[] for _ in range(num_players)],  # cards in hands taken from the pasture
            "turn": 0,
            "phase": "mulligan",
            "mull": [None] * num_players,  # secret mulligan choices until all decided
            "pending": None,  # the goat played this turn, scored after the take
            "dog_src": -1,
            "dog_tgt": -1,
            "refused": [],
            "took": -1,  # the cell taken from this turn
            "end": "",  # why the game ended, "" while it runs
        }
    )
    return state
