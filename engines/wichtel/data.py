"""Der Herr der Wichtel as data: cards, counts, values, titles, bribes, flow constants.

Every number the rulebook or RULINGS.md marks as data lives here, so a corrected card value or a
different bribe mix is a one-line change. Card codes are the rulebook's corner shorthands in
lower case (``fa`` = Familie ...); event codes are ours.
"""

from __future__ import annotations

# --- leprechauns ----------------------------------------------------------------------------------
# code: (count in the deck, value "Wert", German name, English name)
LEPRECHAUNS: dict[str, tuple[int, int, str, str]] = {
    "fa": (6, 0, "Familie", "Family"),
    "hs": (6, 1, "Holzschieber", "Wood hauler"),
    "hf": (4, 3, "Holzfäller", "Wood cutter"),
    "va": (2, 5, "Vorarbeiter", "Foreman"),
    "me": (1, 8, "Meister", "Master"),
    "ks": (5, 2, "Keulenschwinger", "Club swinger"),
    "sw": (3, 4, "Speerwerfer", "Spear thrower"),
    "ww": (2, 6, "Waldwebel", "Sergeant"),
    "ge": (1, 9, "General", "General"),
    "hd": (1, 10, "Hexendoktor", "Witch doctor"),
    "hw": (1, 7, "Häuptlingswitwe", "Chieftain's widow"),
}
LEP_COUNT = {code: row[0] for code, row in LEPRECHAUNS.items()}
VALUE = {code: row[1] for code, row in LEPRECHAUNS.items()}
LEP_NAME = {code: row[2] for code, row in LEPRECHAUNS.items()}
LEP_EN = {code: row[3] for code, row in LEPRECHAUNS.items()}
LEP_CODES = tuple(LEPRECHAUNS)

# --- special scoring cards ------------------------------------------------------------------------
WITWE = "hw"  # counts as WITWE_AS outside a chieftain career, then flips the sign
WITWE_AS = "fa"
JOKER = "hd"  # stands in for any other card when titles are checked
JOKER_AS = ("fa", "hs", "hf", "va", "me", "ks", "sw", "ww", "ge")
DISCARDERS = ("me", "ge")  # with one of these, cards worth less than DISCARD_BELOW are removed
DISCARD_BELOW = 3

# --- titles: (key, name, compulsory, rest, value); at most one per retinue ---------------------
TITLES: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], int], ...] = (
    ("family_assessor", "Family Assessor", ("fa",), ("fa",), -5),
    ("wood_cutter", "Wood cutter", ("hs",), ("hs", "fa"), 3),
    ("foreman", "Foreman", ("hf",), ("hf", "hs", "fa"), 8),
    ("master", "Master", ("va", "hf"), ("hf", "hs"), 13),
    ("power", "Power behind the throne", ("me", "va"), ("va", "hf"), 23),
    ("spear_thrower", "Spear Thrower", ("ks",), ("ks", "fa"), 5),
    ("sergeant", "Sergeant", ("sw",), ("sw", "ks", "fa"), 10),
    ("general", "General", ("ww", "sw"), ("sw", "ks"), 15),
    ("wood_marshal", "Wood Marshal", ("ge", "ww"), ("ww", "sw"), 25),
)
# Chieftain careers: exactly these four cards (the Hexendoktor in person, no joker).
CAREERS: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("wood_chief", "Wood-Chief", ("hw", "hd", "me", "va"), 40),
    ("war_chief", "War-Chief", ("hw", "hd", "ge", "ww"), 45),
    ("chieftain", "Chieftain", ("hw", "hd", "me", "ge"), 65),
)

# --- events ---------------------------------------------------------------------------------------
# code: (count, name). RULINGS.md: 15 Rindentaler (3 each of 2..6) plus 7 named cards (22 events;
# the rulebook's component list says 21).
EVENTS: dict[str, tuple[int, str]] = {
    "r2": (3, "2 Rindentaler"),
    "r3": (3, "3 Rindentaler"),
    "r4": (3, "4 Rindentaler"),
    "r5": (3, "5 Rindentaler"),
    "r6": (3, "6 Rindentaler"),
    "ib": (1, "Ich bin der Beste!"),
    "db": (1, "Der bin der Beste!"),
    "kh": (1, "Komm mal her!"),
    "kz": (1, "Komm mal zurück!"),
    "st": (1, "Stehenbleiben!"),
    "ig": (1, "Ich guck nochmal!"),
    "nd": (1, "Nix da!"),
}
EV_COUNT = {code: row[0] for code, row in EVENTS.items()}
EV_NAME = {code: row[1] for code, row in EVENTS.items()}
# English names, as the rulebook's translation gives them.
EV_EN = {
    "r2": "2 bark coins",
    "r3": "3 bark coins",
    "r4": "4 bark coins",
    "r5": "5 bark coins",
    "r6": "6 bark coins",
    "ib": "I'm the best!",
    "db": "He's the best!",
    "kh": "Come here!",
    "kz": "Come back!",
    "st": "Stand still!",
    "ig": "I'll have another look!",
    "nd": "No way!",
}

# Bribes, lowest to highest rank (ties: the one played last ranks highest).
BRIBE_RANK = {"r2": 1, "r3": 2, "r4": 3, "r5": 4, "r6": 5, "ib": 6, "db": 7}
# Pips the enlister must roll (or more) against a Rindentaler bribe; without a bribe he fails on 1.
BRIBE_NEED = {"r2": 2, "r3": 3, "r4": 4, "r5": 5, "r6": 6}
NO_BRIBE_NEED = 2
TAKE_BRIBES = ("ib", "db")  # win the leprechaun without a roll
GIVE_AWAY = "db"  # ...but must hand it to another player
VILLAGE_CARDS = ("kh", "kz", "st")  # walk modifiers, played by the player whose move it is
PREWALK_CARDS = ("kz", "st")  # ...these two also before the opening walk of the move
NIX_DA = "nd"
REROLL = "ig"
DIE_SIDES = 6

# --- flow -----------------------------------------------------------------------------------------
RETINUE_SIZE = 4
EVENTS_DEALT = 4
DISCARD_START = 1  # face-down leprechauns starting the discard stack
TARGET = 99  # a total of at least this ends the game
BEST_BONUS = 5
WORST_BONUS = 1
TARGET_CHOICES = (50, 75, 99, 150)
# Bribes: "turns" = one after another clockwise from the enlister's left, each seeing whether the
# earlier ones laid a card (the rulebook); "together" = everyone at once (faster async play).
BRIBE_MODES = ("turns", "together")
BRIBES = "turns"

# Cards with special scoring rules, reminded of in the private panel (the English reminders are
# ``words.SPECIAL_RULES``).
SPECIAL_CARDS = ("hw", "hd", "me", "ge")

WAHLLEITER_SIDE = {"tied": "Wo isser denn?", "free": "Da isser ja!"}
