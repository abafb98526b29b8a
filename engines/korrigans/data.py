"""Korrigans rules as data: token and Menhir mixes, companions, rainbow, scoring.

Change a count here and the whole engine follows; nothing below is repeated in code.
"""

from __future__ import annotations

# --- Clover tokens (RULINGS.md: token mix) ---------------------------------------------------
COMPANIONS = ("hare", "bird", "squirrel", "mouse", "mole", "frog")
GOLD_TOKENS = ("g1", "g2", "g3", "g4")
TOKEN_KINDS = COMPANIONS + GOLD_TOKENS
GOLD_VALUE = {"g1": 1, "g2": 2, "g3": 3, "g4": 4}

# The 48 base tokens: 4 of each Companion, gold 8x1, 7x2, 5x3, 4x4.
BASE_TOKENS = {
    "hare": 4,
    "bird": 4,
    "squirrel": 4,
    "mouse": 4,
    "mole": 4,
    "frog": 4,
    "g1": 8,
    "g2": 7,
    "g3": 5,
    "g4": 4,
}
# The 17 yellow-bordered tokens for 4-5 players: 1 of each Companion + 1 more Hare, Squirrel,
# Mouse; gold 3x1, 3x2, 1x3, 1x4.
EXTRA_TOKENS = {
    "hare": 2,
    "bird": 1,
    "squirrel": 2,
    "mouse": 2,
    "mole": 1,
    "frog": 1,
    "g1": 3,
    "g2": 3,
    "g3": 1,
    "g4": 1,
}
EXTRA_FROM_PLAYERS = 4  # the extra tokens (and one more token per field) from this count on

# --- Menhirs (16): what is engraved under each ------------------------------------------------
MENHIRS = {
    "elf": 2,
    "goblin": 2,
    "leprechaun": 2,
    "troll": 2,
    "fairy": 2,
    "m2": 2,
    "m3": 2,
    "m4": 2,
}
MENHIR_GOLD = {"m2": 2, "m3": 3, "m4": 4}  # gold Menhirs are kept by the player

# --- Elf and Goblin tokens, Backup Companions, Troll -------------------------------------------
CARRY_TOKENS = {"elf": 2, "goblin": 2}
CARRY_POINTS = {"elf": 2, "goblin": -2}
BACKUP_TOKENS = 5
BACKUP_SIDES = ("hare", "squirrel")

# --- Companion moves: which border kind each crosses (None: not a border move) ----------------
BORDER_COMPANION = {"hare": "open", "squirrel": "gate", "mouse": "bridge"}
BORDER_KINDS = ("open", "gate", "bridge", "river")
TROLL_BORDERS = ("open", "gate", "bridge")  # the Troll never sits on a river bank

# --- Rainbow: 7 colours x 2 pawns ------------------------------------------------------------
RAINBOW = ("red", "orange", "yellow", "green", "blue", "indigo", "violet")
# Two lower-case letters per pawn colour in text: never one of a map's one-character field names.
RAINBOW_MARK = ("rd", "or", "ye", "gn", "bl", "in", "vi")
PAWNS_PER_COLOUR = 2
CAULDRON_COLOURS = 7  # the 7th different colour makes the Cauldron appear
CHAIN_CLOUDS = 5  # once this many pawns lie on Clouds, draws chain without movement

# --- Final scoring ---------------------------------------------------------------------------
CAULDRON_BONUS = {0: 0, 1: 10, 2: 15}

# --- Names for text --------------------------------------------------------------------------
TOKEN_NAME = {
    "hare": "Hare",
    "bird": "Bird",
    "squirrel": "Squirrel",
    "mouse": "Mouse",
    "mole": "Mole",
    "frog": "Frog",
    "g1": "Gold 1",
    "g2": "Gold 2",
    "g3": "Gold 3",
    "g4": "Gold 4",
    "backup": "Backup",
}
MENHIR_NAME = {
    "elf": "Elf",
    "goblin": "Goblin",
    "leprechaun": "Leprechaun",
    "troll": "Troll",
    "fairy": "Fairy",
    "m2": "2 gold",
    "m3": "3 gold",
    "m4": "4 gold",
}
