"""Herr der Ziegen as data: the cards, the removals per player count, the pasture layouts.

Every number the rules print (or RULINGS.md fixes as "(data)") lives here, so a correction to the
printed components is a one-line change.

Every card has a stable id that names it and never depends on the order of the tables, so a set
added later renumbers nothing inside stored games or their move logs (state version 2):

* a goat is ``<set key>.<value>``: ``elvis.5``, ``pool.3``;
* a dog is ``dog.<n>``, ``n`` 1..15;
* a milk shake is ``milk<value>.<n>``: ``milk1.1``..``milk1.8``, ``milk2.1``..``milk2.8``.

``CARDS`` lists them in a fixed order (``sort_cards``): hands and played areas are kept in it,
and the setup shuffles the deck from it. Version 1 numbered the cards by their place in that
order (see ``upgrade.py``).
"""

from __future__ import annotations

# --- goat sets (RULINGS: 18 sets; "Elvis" and "Pool Goat" are printed, the rest are ours) -----
# (stable key, name, letter in the text grid). A new set goes at the end with a new key.
# Letters: no letter of a seat colour (COLOUR_LETTERS: pens, small and large goats), nor I/O
# (read as 1/0), nor M (milk shakes are m1/m2), so no cell can be read two ways.
SETS: list[tuple[str, str, str]] = [
    ("elvis", "Elvis", "A"),
    ("pool", "Pool Goat", "C"),
    ("goathe", "Goathe", "D"),
    ("vangoat", "Vincent van Goat", "E"),
    ("goatzilla", "Goatzilla", "F"),
    ("heidi", "Heidi", "H"),
    ("billy", "Billy the Kid", "J"),
    ("kidrock", "Kid Rock", "K"),
    ("yoga", "Yoga Goat", "L"),
    ("disco", "Disco Goat", "N"),
    ("bleats", "Sir Bleats-a-Lot", "Q"),
    ("capricorn", "Capricorn", "S"),
    ("potter", "Hairy Potter", "T"),
    ("nanny", "Nanny Gruff", "U"),
    ("goat", "G.O.A.T.", "V"),
    ("feta", "Feta Cheesy", "W"),
    ("steve", "Summit Steve", "X"),
    ("goatee", "Goatee", "Z"),
]
SET_KEYS: list[str] = [key for key, _name, _letter in SETS]
SET_NAMES: dict[str, str] = {key: name for key, name, _letter in SETS}
SET_LETTERS: dict[str, str] = {key: letter for key, _name, letter in SETS}
SET_ORDER: dict[str, int] = {key: i for i, key in enumerate(SET_KEYS)}
NUM_SETS = len(SETS)
SET_VALUES: list[int] = [1, 2, 3, 4, 5]  # one goat of each value per set
SET_SIZE = len(SET_VALUES)

NUM_DOGS = 15
MILK_VALUES: list[int] = [1] * 8 + [2] * 8  # 16 milk shakes

GOAT_IDS: list[str] = [f"{s}.{v}" for s in SET_KEYS for v in SET_VALUES]
DOG_IDS: list[str] = [f"dog.{k}" for k in range(1, NUM_DOGS + 1)]
MILK_IDS: list[str] = [
    f"milk{v}.{MILK_VALUES[: i + 1].count(v)}" for i, v in enumerate(MILK_VALUES)
]
CARDS: list[str] = GOAT_IDS + DOG_IDS + MILK_IDS
NUM_CARDS = len(CARDS)  # 121
ORDER: dict[str, int] = {card: i for i, card in enumerate(CARDS)}

# Kind of each card: "g" goat, "d" dog, "m" milk shake; its value (dogs 0: the large goat does
# not move); the set of a goat (None for dogs and milk shakes).
KIND: dict[str, str] = {
    **{c: "g" for c in GOAT_IDS},
    **{c: "d" for c in DOG_IDS},
    **{c: "m" for c in MILK_IDS},
}
VALUE: dict[str, int] = {
    **{f"{s}.{v}": v for s in SET_KEYS for v in SET_VALUES},
    **{c: 0 for c in DOG_IDS},
    **{c: v for c, v in zip(MILK_IDS, MILK_VALUES)},
}
GOAT_SET: dict[str, str | None] = {
    c: (c.partition(".")[0] if KIND[c] == "g" else None) for c in CARDS
}
SET_CARDS: dict[str, list[str]] = {s: [f"{s}.{v}" for v in SET_VALUES] for s in SET_KEYS}
SET_CARD_SET: dict[str, frozenset[str]] = {s: frozenset(cards) for s, cards in SET_CARDS.items()}

# The grid holds a card id, or one of these.
EMPTY = None  # an empty space
PEN = "pen"  # a pen


def is_card(cell_value) -> bool:
    """Whether a grid value is a card (not an empty space or a pen)."""
    return cell_value is not None and cell_value != PEN


def sort_cards(cards: list[str]) -> None:
    """Sort cards in place in the fixed order of ``CARDS``."""
    cards.sort(key=ORDER.__getitem__)


def sorted_cards(cards) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


# --- setup removals per player count (rulebook "Game Setup") -----------------------------------
# players -> (goat sets removed, dogs removed, milk shakes of value 1 removed, of value 2 removed)
REMOVALS: dict[int, tuple[int, int, int, int]] = {
    5: (0, 0, 0, 0),
    4: (2, 2, 2, 0),
    3: (5, 5, 5, 0),
    2: (8, 8, 4, 4),
}

HAND_SIZE = 2

# --- the pasture (RULINGS) ----------------------------------------------------------------------
# Side of the square pasture per player count.
GRID_SIZE: dict[int, int] = {2: 6, 3: 7, 4: 7, 5: 7}
# Pen cells per player count, as border indices numbered clockwise from the top-left corner = 0.
# Seat i takes the i-th pen.
PEN_BORDER_CELLS: dict[int, list[int]] = {
    2: [0, 10],  # top-left and bottom-right corners of the 6x6 pasture
    3: [0, 8, 16],
    4: [0, 6, 12, 18],  # the four corners (sourced)
    5: [0, 5, 10, 14, 19],
}

# --- scoring -------------------------------------------------------------------------------------
PEN_MULTIPLIER = 2  # marked cards joined to their owner's pen score double
GOAT_THRESHOLD = 8  # scoring A: a set of your played goats totals this or more
FOURTH_CARD = 4  # scoring B: the 4th goat of a set played
# Milk shakes: most cards -> full sum of their values; second most -> half, rounded up.
MILK_SHARES: list[tuple[int, int]] = [(1, 1), (1, 2)]  # (numerator, denominator) per place

# --- table options --------------------------------------------------------------------------------
DOUBLING_CHOICES: list[str] = ["line", "chain"]

# --- seat colours (text only; seats are still named {p0}.. in every sentence) ---------------------
COLOURS: list[str] = ["Red", "Yellow", "Blue", "Green", "Purple"]
COLOUR_LETTERS: str = "RYBGP"


def card_name(card: str) -> str:
    kind = KIND[card]
    if kind == "g":
        return f"{SET_NAMES[GOAT_SET[card]]} {VALUE[card]}"
    if kind == "d":
        return "Dog"
    return f"Milk Shake {VALUE[card]}"


def card_code(card: str) -> str:
    """A code for the grid: set letter + value ("A5"), "dog" for a dog (never marked, so it may
    take the mark's place), "m1"/"m2" for milk shakes (lower case, so they never look like a goat
    of a set)."""
    kind = KIND[card]
    if kind == "g":
        return f"{SET_LETTERS[GOAT_SET[card]]}{VALUE[card]}"
    if kind == "d":
        return "dog"
    return f"m{VALUE[card]}"
