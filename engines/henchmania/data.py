"""Henchmania rules as data: the five site decks, counts, values and scoring tables.

Every number the rules give lives here, so that a correction to the printed cards is a one-line
change. Card keys are short ids (they appear in action ids and in the state).
"""
from __future__ import annotations

# The five sites, in the order they are shown and in which majority draws are made.
SITES = ("tavern", "castle", "square", "church", "armory")
SITE_NAMES = {
    "tavern": "Tavern", "castle": "Castle", "square": "Main Square", "church": "Church",
    "armory": "Armory",
}

# Card kinds.
ACTION, RESERVE, TRUMP, ARMORY = "action", "reserve", "trump", "armory"

# key: (name, site, count, kind, reserve maximum, attack value, defence value)
# Reserve maximum (RULINGS, data): 2 for cards with 4 or more copies, 1 otherwise.
CARDS: dict[str, tuple] = {
    # The Tavern
    "gossip": ("Gossip", "tavern", 8, ACTION, 0, 0, 0),
    "trick": ("Trick", "tavern", 4, ACTION, 0, 0, 0),
    "bella": ("Belladonna root", "tavern", 4, ACTION, 0, 0, 0),
    "drunk": ("Drunkard", "tavern", 4, ACTION, 0, 0, 0),
    "traitor": ("Traitor", "tavern", 3, ACTION, 0, 0, 0),
    "brawl": ("Brawl", "tavern", 1, ACTION, 0, 0, 0),
    "boss": ("Boss Lady", "tavern", 1, RESERVE, 1, 0, 0),
    "influence": ("Influence", "tavern", 1, TRUMP, 0, 0, 0),
    # The Castle
    "minstrel": ("Minstrel Performance", "castle", 6, RESERVE, 2, 0, 0),
    "troubadour": ("Troubadour Performance", "castle", 6, RESERVE, 2, 0, 0),
    "jester": ("Jester Performance", "castle", 6, RESERVE, 2, 0, 0),
    "beartamer": ("Bear Tamer", "castle", 3, ACTION, 0, 0, 0),
    "guard": ("Guard", "castle", 2, ACTION, 0, 0, 0),
    "intrigue": ("Intrigue", "castle", 1, RESERVE, 1, 0, 0),
    "courtesan": ("Courtesan", "castle", 1, RESERVE, 1, 0, 0),
    "eloquence": ("Eloquence", "castle", 1, TRUMP, 0, 0, 0),
    # The Main Square
    "glove": ("Glove", "square", 12, ACTION, 0, 0, 0),
    "porter": ("Porter", "square", 3, RESERVE, 1, 0, 0),
    "bawler": ("Public bawler", "square", 3, ACTION, 0, 0, 0),
    "nosy": ("Nosy parker", "square", 2, RESERVE, 1, 0, 0),
    "apoth": ("Apothecary", "square", 2, RESERVE, 1, 0, 0),
    "pillory": ("Pillory", "square", 2, ACTION, 0, 0, 0),
    "oldlady": ("Old Lady", "square", 1, RESERVE, 1, 0, 0),
    "bravery": ("Bravery", "square", 1, TRUMP, 0, 0, 0),
    # The Church
    "prayer": ("Prayer", "church", 5, RESERVE, 2, 0, 0),
    "holy": ("Holy water", "church", 5, RESERVE, 2, 0, 0),
    "choir": ("Choir boys", "church", 5, RESERVE, 2, 0, 0),
    "grave": ("Gravedigger", "church", 4, ACTION, 0, 0, 0),
    "penitent": ("Penitent", "church", 4, RESERVE, 2, 0, 0),
    "inquisition": ("Inquisition", "church", 1, RESERVE, 1, 0, 0),
    "bigots": ("Bigots", "church", 1, RESERVE, 1, 0, 0),
    "providence": ("Providence", "church", 1, TRUMP, 0, 0, 0),
    # The Armory
    "dagger": ("Dagger", "armory", 5, ARMORY, 0, 5, 5),
    "cudgel": ("Cudgel", "armory", 4, ARMORY, 0, 4, 5),
    "axe": ("Axe", "armory", 4, ARMORY, 0, 2, 5),
    "sword": ("Sword", "armory", 1, ARMORY, 0, 1, 4),
    "mail": ("Coat of mail", "armory", 5, ARMORY, 0, 4, 4),
    "shield": ("Iron shield", "armory", 4, ARMORY, 0, 4, 2),
    "armor": ("Complete armor", "armory", 1, ARMORY, 0, 4, 1),
    "damsel": ("Damsel", "armory", 1, RESERVE, 1, 0, 0),
    "confidence": ("Confidence", "armory", 1, TRUMP, 0, 0, 0),
}

# One-line card texts, for help and hand display.
TEXT = {
    "gossip": "An opponent loses 1 point and you earn 1.",
    "trick": "Take a card (chosen by its back) from an opponent's hand.",
    "bella": "An opponent puts a card of his Reserve into yours.",
    "drunk": "Discard a card (chosen by its back) from an opponent's hand.",
    "traitor": "Take an opponent's Henchman pawn for the next day (one Traitor a day).",
    "brawl": "Every opponent discards a card from his Reserve.",
    "boss": "Rotate when you play a Gossip: its effects are raised by 2.",
    "influence": "After placing a Henchman, rotate: draw 2 cards instead of 1.",
    "minstrel": "End of day: Performances score 1/3/5 for 1/2/3 different.",
    "troubadour": "End of day: Performances score 1/3/5 for 1/2/3 different.",
    "jester": "End of day: Performances score 1/3/5 for 1/2/3 different.",
    "beartamer": "Discard a Performance from an opponent's Reserve.",
    "guard": "Cancel a Glove played against you (even after passing).",
    "intrigue": "End of day, last: every player with more points gives you 1.",
    "courtesan": "Rotate: force an opponent to reroll one die in a duel.",
    "eloquence": "End of day: +2 to your Performances.",
    "glove": "Challenge an opponent to a duel.",
    "porter": "When placing, discard: place on a full site.",
    "bawler": "Draw a card at every site you dominate.",
    "nosy": "Keep one card in hand for the next day.",
    "apoth": "Discard: cancel an unparried hit against you in a duel.",
    "pillory": "Discard a card from an opponent's Reserve.",
    "oldlady": "Rotate: use another player's Trump effect.",
    "bravery": "Rotate: cancel a card affecting your hand or Reserve.",
    "prayer": "Discard: reroll one of your dice.",
    "holy": "Discard: add 1 to one of your dice.",
    "choir": "End of day, discard: +1 point per Performance card.",
    "grave": "Take a card from a discard pile into your hand.",
    "penitent": "Discard: cancel a Tavern card targeting you.",
    "inquisition": "At your turn, discard: opponents' Trumps go to the discards.",
    "bigots": "At your turn, rotate: draw at a site where you tie for most pawns.",
    "providence": "Rotate: reroll one or several of your dice.",
    "dagger": "Attack 5+, Defence 5+.",
    "cudgel": "Attack 4+, Defence 5+.",
    "axe": "Attack 2+, Defence 5+.",
    "sword": "Attack 1+, Defence 4+.",
    "mail": "Attack 4+, Defence 4+.",
    "shield": "Attack 4+, Defence 2+.",
    "armor": "Attack 4+, Defence 1+.",
    "damsel": "End of day: points = your pawns on a site you don't dominate.",
    "confidence": "Rotate: +1 to each of your dice in a roll.",
}

PERFORMANCES = ("minstrel", "troubadour", "jester")
# Performance points by number of different Performances (0, 1, 2, 3).
PERFORMANCE_POINTS = (0, 1, 3, 5)
CHOIR_BONUS = 1          # per Performance card, per Choir boys discarded
ELOQUENCE_BONUS = 2

# Spots per site by player count.
SPOTS = {2: 4, 3: 5, 4: 7, 5: 8}
HENCHMEN = 8             # pawns per player (sourced)
START_SCORE = 5
RESERVE_LIMIT = 8        # Trumps do not count
DRAW_PER_PAWN = 1
INFLUENCE_DRAW = 2

# Duels.
ATTACK_DICE = 3
BARE_HANDS = 6           # attack and defence value without a weapon
WIN_ATTACKER = 5         # attacker wins: +5 ...
LOSS_PER_HIT = 1         # ... and the defender loses 1 per unparried hit
WIN_DEFENDER = 2         # defender wins: +2 ...
LOSS_ATTACKER = 1        # ... and the attacker loses 1

# End of the game.
DAYS = 4
TARGET = 30
DAY_CHOICES = [3, 4, 5]
TARGET_CHOICES = [25, 30]

# Which cards a counter may cancel.
TAVERN_TARGETED = ("gossip", "trick", "bella", "drunk", "traitor", "brawl")   # Penitent
HAND_OR_RESERVE = ("trick", "drunk", "bella", "brawl", "beartamer", "pillory")  # Bravery


def name(key: str) -> str:
    return CARDS[key][0]


def site_of(key: str) -> str:
    return CARDS[key][1]


def kind(key: str) -> str:
    return CARDS[key][3]


def reserve_max(key: str) -> int:
    return CARDS[key][4]


def full_deck() -> dict[str, list[str]]:
    decks: dict[str, list[str]] = {s: [] for s in SITES}
    for key, row in CARDS.items():
        decks[row[1]].extend([key] * row[2])
    return decks
