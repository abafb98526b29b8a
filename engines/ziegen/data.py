"""Herr der Ziegen as data: the cards, the removals per player count, the pasture layouts.

Every number the rules print (or RULINGS.md fixes as "(data)") lives here, so a correction to the
printed components is a one-line change. Card ids are small ints:

* goats ``0..89``: set ``id // 5``, value ``id % 5 + 1``;
* dogs ``90..104``;
* milk shakes ``105..120``: ``105..112`` are worth 1, ``113..120`` worth 2.
"""
from __future__ import annotations

# --- goat sets (RULINGS: 18 sets; "Elvis" and "Pool Goat" are printed, the rest are ours) -----
SET_NAMES: list[str] = [
    "Elvis", "Pool Goat", "Goathe", "Vincent van Goat", "Goatzilla", "Heidi",
    "Billy the Kid", "Kid Rock", "Yoga Goat", "Disco Goat", "Sir Bleats-a-Lot", "Capricorn",
    "Hairy Potter", "Nanny Gruff", "G.O.A.T.", "Feta Cheesy", "Summit Steve", "Goatee",
]
# One letter per set for the pasture grid in text (legend printed under the grid). No letter of
# a seat colour (COLOUR_LETTERS: pens, small and large goats), nor I/O (read as 1/0), nor M
# (milk shakes are m1/m2), so no cell can be read two ways.
SET_LETTERS: str = "ACDEFHJKLNQSTUVWXZ"
NUM_SETS = len(SET_NAMES)
SET_VALUES: list[int] = [1, 2, 3, 4, 5]          # one goat of each value per set
SET_SIZE = len(SET_VALUES)

NUM_DOGS = 15
MILK_VALUES: list[int] = [1] * 8 + [2] * 8       # 16 milk shakes

GOAT_IDS = range(0, NUM_SETS * SET_SIZE)
FIRST_DOG = NUM_SETS * SET_SIZE                   # 90
DOG_IDS = range(FIRST_DOG, FIRST_DOG + NUM_DOGS)  # 90..104
FIRST_MILK = FIRST_DOG + NUM_DOGS                 # 105
MILK_IDS = range(FIRST_MILK, FIRST_MILK + len(MILK_VALUES))  # 105..120
NUM_CARDS = FIRST_MILK + len(MILK_VALUES)         # 121

# Kind of each card: "g" goat, "d" dog, "m" milk shake; and its value (dogs 0: the large goat
# does not move).
KIND: list[str] = ["g"] * len(GOAT_IDS) + ["d"] * NUM_DOGS + ["m"] * len(MILK_VALUES)
VALUE: list[int] = (
    [SET_VALUES[i % SET_SIZE] for i in GOAT_IDS] + [0] * NUM_DOGS + list(MILK_VALUES)
)
GOAT_SET: list[int] = [i // SET_SIZE if KIND[i] == "g" else -1 for i in range(NUM_CARDS)]

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
    2: [0, 10],               # top-left and bottom-right corners of the 6x6 pasture
    3: [0, 8, 16],
    4: [0, 6, 12, 18],        # the four corners (sourced)
    5: [0, 5, 10, 14, 19],
}

# --- scoring -------------------------------------------------------------------------------------
PEN_MULTIPLIER = 2            # marked cards joined to their owner's pen score double
GOAT_THRESHOLD = 8            # scoring A: a set of your played goats totals this or more
FOURTH_CARD = 4               # scoring B: the 4th goat of a set played
# Milk shakes: most cards -> full sum of their values; second most -> half, rounded up.
MILK_SHARES: list[tuple[int, int]] = [(1, 1), (1, 2)]   # (numerator, denominator) per place

# --- table options ---------------------------------------------------------------------------------
DOUBLING_CHOICES: list[str] = ["line", "chain"]

# --- seat colours (text only; seats are still named {p0}.. in every sentence) ---------------------
COLOURS: list[str] = ["Red", "Yellow", "Blue", "Green", "Purple"]
COLOUR_LETTERS: str = "RYBGP"


def card_name(card: int) -> str:
    kind = KIND[card]
    if kind == "g":
        return f"{SET_NAMES[GOAT_SET[card]]} {VALUE[card]}"
    if kind == "d":
        return "Dog"
    return f"Milk Shake {VALUE[card]}"


def card_code(card: int) -> str:
    """A code for the grid: set letter + value ("A5"), "dog" for a dog (never marked, so it may
    take the mark's place), "m1"/"m2" for milk shakes (lower case, so they never look like a goat
    of a set)."""
    kind = KIND[card]
    if kind == "g":
        return f"{SET_LETTERS[GOAT_SET[card]]}{VALUE[card]}"
    if kind == "d":
        return "dog"
    return f"m{VALUE[card]}"
