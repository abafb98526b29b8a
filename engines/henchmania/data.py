"""Henchmania rules as data: the five site decks, counts, values and scoring tables.

Every number the rules give lives here, so that a correction to the printed cards is a one-line
change. Card keys are short ids (they appear in action ids and in the state).
"""

from __future__ import annotations

# The five sites, in the order they are shown and in which majority draws are made.
SITES = ("tavern", "castle", "square", "church", "armory")
SITE_NAMES = {
    "tavern": "Tavern",
    "castle": "Castle",
    "square": "Main Square",
    "church": "Church",
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
    # --- The Additional Cards (optional module; effects are the project's rulings) ----------
    # The animals: one per site pile (27 cards each); the Armory has two candidates, the Mule
    # and the Ox, and each game deals one of them (seeded RNG), the other stays in the box.
    "vermin": ("Vermin", "tavern", 1, ACTION, 0, 0, 0),
    "torecat": ("Torecat", "castle", 1, RESERVE, 1, 0, 0),
    "mutt": ("Mutt", "square", 1, RESERVE, 1, 0, 0),
    "pigeon": ("Pigeon", "church", 1, ACTION, 0, 0, 0),
    "mule": ("Mule", "armory", 1, RESERVE, 1, 0, 0),
    "ox": ("Ox", "armory", 1, RESERVE, 1, 0, 0),
    # The alternative Gloves: each one added replaces one basic Glove (12 Gloves in all).
    "falconer": ("Falconer Glove", "square", 1, ACTION, 0, 0, 0),
    "gauntlet": ("Gauntlet", "square", 1, ACTION, 0, 0, 0),
    "silk": ("Silk Glove", "square", 1, ACTION, 0, 0, 0),
    "velvet": ("Velvet Glove", "square", 1, ACTION, 0, 0, 0),
    "hunting": ("Hunting Glove", "square", 1, ACTION, 0, 0, 0),
    # The alternative Henchmen: each one added replaces one copy of its base card (ALT_HENCHMEN).
    "porter2": ("Porter (alt)", "square", 1, RESERVE, 1, 0, 0),
    "gossip2": ("Gossip (alt)", "tavern", 1, ACTION, 0, 0, 0),
    "traitor2": ("Traitor (alt)", "tavern", 1, ACTION, 0, 0, 0),
    "drunk2": ("Drunkard (alt)", "tavern", 1, ACTION, 0, 0, 0),
    "helm": ("Helm", "armory", 1, ARMORY, 0, 5, 3),
    "mace": ("Mace", "armory", 1, ARMORY, 0, 3, 5),
    "rshield": ("Round shield", "armory", 1, ARMORY, 0, 3, 3),
    "mail2": ("Coat of mail (alt)", "armory", 1, ARMORY, 0, 4, 3),
}

# The Additional Cards' effects are the project's own rulings (the rulebook prints none): every
# text that describes one starts with this, so players see it wherever they read the card.
HOUSE = "House rule: "

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
    "vermin": HOUSE + "An opponent discards a random card from his hand.",
    "torecat": HOUSE + "End of day: +1 point if you have a Performance.",
    "mutt": HOUSE + "When you lose a duel as the Defender, you lose 1 point less.",
    "pigeon": HOUSE + "Draw a card at a site where you have a Henchman.",
    "mule": HOUSE + "At your turn, rotate: draw a card at the Armory.",
    "ox": HOUSE + "Bare-handed, you attack and defend on 5+ instead of 6+.",
    "falconer": HOUSE + "Challenge to a duel: you roll 4 attack dice instead of 3.",
    "gauntlet": HOUSE + "Challenge to a duel: your attack value is 1 better (at best 1+).",
    "silk": HOUSE + "Challenge to a courteous duel: the loser loses no points.",
    "velvet": HOUSE + "Challenge to a duel that no Guard can cancel.",
    "hunting": HOUSE + "Challenge the opponent with the most points: +2 more if you win.",
    "porter2": HOUSE + "When placing, rotate (once a day): place on a full site.",
    "gossip2": HOUSE + "An opponent with more points than you loses 2, you earn 2.",
    "traitor2": HOUSE + "Move an opponent's Henchman to another site (one Traitor a day).",
    "drunk2": HOUSE + "Discard two cards (chosen by their backs) from an opponent's hand.",
    "helm": HOUSE + "Attack 5+, Defence 3+; as the Defender, one unparried hit is cancelled.",
    "mace": HOUSE + "Attack 3+, Defence 5+.",
    "rshield": HOUSE + "Attack 3+, Defence 3+.",
    "mail2": HOUSE + "Attack 4+, Defence 3+.",
}

# When each card is played or its effect used: one line per card, for the hand panel's
# reminders. Reserve cards are played into the Reserve at your turn; the line says when their
# effect works from there. "Rotate" effects (and Trumps) work once a day.
WHEN = {
    "gossip": "At your turn.",
    "trick": "At your turn.",
    "bella": "At your turn.",
    "drunk": "At your turn.",
    "traitor": "At your turn (one Traitor a day).",
    "brawl": "At your turn.",
    "boss": "From your Reserve: when you play a Gossip (once a day).",
    "influence": "Trump: when you place a Henchman (once a day).",
    "minstrel": "From your Reserve: scored at the end of each day.",
    "troubadour": "From your Reserve: scored at the end of each day.",
    "jester": "From your Reserve: scored at the end of each day.",
    "beartamer": "At your turn.",
    "guard": "When you are challenged with a Glove, even after passing.",
    "intrigue": "From your Reserve: end of each day, after all other points.",
    "courtesan": "From your Reserve: in any duel, after another player's roll (once a day).",
    "eloquence": "Trump: end of the day, if you score Performances (once a day).",
    "glove": "At your turn.",
    "porter": "From your Reserve: when you place a Henchman on a full site.",
    "bawler": "At your turn.",
    "nosy": "From your Reserve: end of each day, when hands are discarded.",
    "apoth": "From your Reserve: in a duel you defend, after the defence roll.",
    "pillory": "At your turn.",
    "oldlady": "From your Reserve: when another player's Trump could help you (once a day).",
    "bravery": "Trump: when a card targets your hand or Reserve (once a day).",
    "prayer": "From your Reserve: in a duel, after your own roll.",
    "holy": "From your Reserve: in a duel, after your own roll.",
    "choir": "From your Reserve: end of the day, before scoring.",
    "grave": "At your turn.",
    "penitent": "From your Reserve: when a Tavern card targets you.",
    "inquisition": "From your Reserve: at your turn, instead of playing a card.",
    "bigots": "From your Reserve: at your turn, instead of a card (once a day).",
    "providence": "Trump: in a duel, after your own roll (once a day).",
    "dagger": "In a duel you fight, as your weapon (even after passing).",
    "cudgel": "In a duel you fight, as your weapon (even after passing).",
    "axe": "In a duel you fight, as your weapon (even after passing).",
    "sword": "In a duel you fight, as your weapon (even after passing).",
    "mail": "In a duel you fight, as your weapon (even after passing).",
    "shield": "In a duel you fight, as your weapon (even after passing).",
    "armor": "In a duel you fight, as your weapon (even after passing).",
    "damsel": "From your Reserve: scored at the end of each day.",
    "confidence": "Trump: in a duel, after your own roll (once a day).",
    "vermin": "At your turn.",
    "torecat": "From your Reserve: scored at the end of each day.",
    "mutt": "From your Reserve: when you lose a duel as the Defender.",
    "pigeon": "At your turn.",
    "mule": "From your Reserve: at your turn, instead of a card (once a day).",
    "ox": "From your Reserve: in a duel, whenever you fight bare-handed.",
    "falconer": "At your turn.",
    "gauntlet": "At your turn.",
    "silk": "At your turn.",
    "velvet": "At your turn.",
    "hunting": "At your turn.",
    "porter2": "From your Reserve: when you place a Henchman on a full site (once a day).",
    "gossip2": "At your turn.",
    "traitor2": "At your turn (one Traitor a day).",
    "drunk2": "At your turn.",
    "helm": "In a duel you fight, as your weapon (even after passing).",
    "mace": "In a duel you fight, as your weapon (even after passing).",
    "rshield": "In a duel you fight, as your weapon (even after passing).",
    "mail2": "In a duel you fight, as your weapon (even after passing).",
}

PERFORMANCES = ("minstrel", "troubadour", "jester")
# Performance points by number of different Performances (0, 1, 2, 3).
PERFORMANCE_POINTS = (0, 1, 3, 5)
CHOIR_BONUS = 1  # per Performance card, per Choir boys discarded
ELOQUENCE_BONUS = 2

# Spots per site by player count.
SPOTS = {2: 4, 3: 5, 4: 7, 5: 8}
HENCHMEN = 8  # pawns per player (sourced)
START_SCORE = 5
RESERVE_LIMIT = 8  # Trumps do not count
DRAW_PER_PAWN = 1
INFLUENCE_DRAW = 2

# Duels.
ATTACK_DICE = 3
BARE_HANDS = 6  # attack and defence value without a weapon
WIN_ATTACKER = 5  # attacker wins: +5 ...
LOSS_PER_HIT = 1  # ... and the defender loses 1 per unparried hit
WIN_DEFENDER = 2  # defender wins: +2 ...
LOSS_ATTACKER = 1  # ... and the attacker loses 1

# End of the game.
DAYS = 4
TARGET = 30
DAY_CHOICES = [3, 4, 5]
TARGET_CHOICES = [25, 30]

# Which cards a counter may cancel.
TAVERN_TARGETED = (
    "gossip",
    "trick",
    "bella",
    "drunk",
    "traitor",
    "brawl",  # Penitent
    "gossip2",
    "traitor2",
    "drunk2",
    "vermin",
)
HAND_OR_RESERVE = (
    "trick",
    "drunk",
    "bella",
    "brawl",
    "beartamer",
    "pillory",  # Bravery
    "drunk2",
    "vermin",
)

# --- The Additional Cards (table options; every effect below is a project ruling) ---------
ANIMALS = ("vermin", "torecat", "mutt", "pigeon", "mule", "ox")
ARMORY_ANIMALS = ("mule", "ox")  # one of the two is dealt each game (27 cards at every site)
# Alternative Glove -> its duel modifiers (the defaults are the basic Glove's).
GLOVES = ("glove", "falconer", "gauntlet", "silk", "velvet", "hunting")
ALT_GLOVES = GLOVES[1:]
GLOVE_RULES = {
    "glove": {},
    "falconer": {"dice": 4},  # attack dice
    "gauntlet": {"attack_bonus": 1},  # attack value lowered by this (never below 1)
    "silk": {"no_loss": True},  # the loser of the duel loses no points
    "velvet": {"unguardable": True},  # no Guard can cancel it
    "hunting": {"leader_only": True, "win_bonus": 2},  # only at the leading opponent(s)
}
# Alternative Henchman -> the base card one copy of which it replaces.
ALT_HENCHMEN = {
    "porter2": "porter",
    "gossip2": "gossip",
    "traitor2": "traitor",
    "drunk2": "drunk",
    "helm": "armor",
    "mace": "cudgel",
    "rshield": "shield",
    "mail2": "mail",
}
ADDITIONAL = ANIMALS + ALT_GLOVES + tuple(ALT_HENCHMEN)
ALT_CHOICES = ["none", "all", "random"]
GOSSIP2_POINTS = 2  # Gossip (alt): the richer opponent loses 2 and you earn 2
DRUNK2_CARDS = 2  # Drunkard (alt): cards discarded
TORECAT_POINTS = 1  # Torecat: end of day, with at least one Performance
MUTT_SAVE = 1  # Mutt: points saved when losing a duel as the Defender
OX_BARE_HANDS = 5  # Ox: bare-hands attack and defence value
HELM_ABSORB = 1  # Helm: unparried hits cancelled when defending with it


def name(key: str) -> str:
    return CARDS[key][0]


def kind(key: str) -> str:
    return CARDS[key][3]


def reserve_max(key: str) -> int:
    return CARDS[key][4]


def full_deck(extra: tuple = ()) -> dict[str, list[str]]:
    """The site decks: the base cards, plus the Additional Cards in ``extra`` (each with its
    count); an alternative Glove replaces a basic Glove, an alternative Henchman one copy of its
    base card. Without ``extra`` this is the base game (26 cards a site)."""
    counts = {key: row[2] for key, row in CARDS.items() if key not in ADDITIONAL}
    for key in extra:
        counts[key] = CARDS[key][2]
        if key in ALT_GLOVES:
            counts["glove"] -= CARDS[key][2]
        elif key in ALT_HENCHMEN:
            counts[ALT_HENCHMEN[key]] -= CARDS[key][2]
    decks: dict[str, list[str]] = {s: [] for s in SITES}
    for key, count in counts.items():
        decks[CARDS[key][1]].extend([key] * count)
    return decks
