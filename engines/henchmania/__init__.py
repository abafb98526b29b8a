"""Henchmania (2-5 players): Lords send Henchmen to five city sites to gather cards, then play
them: tricks in the Tavern, Performances at the Castle, duels on the Main Square, devotion at the
Church and weapons from the Armory. First to 30 at the end of a day, or best after day 4, wins.

Rules: ``../shared/rules/henchmania.txt`` and the Henchmania part of
``../shared/rules/RULINGS.md``.

Where to look (the same file names mean the same thing in every game package):
- ``data.py``: the rules as data (cards, counts, values, scoring tables, Additional Cards);
- ``setup.py``: a new game's state (``new_state``);
- ``steps.py``: the turn flow, the ``STEPS`` table (step key -> who acts, legal actions, apply,
  label, prompt, or an automatic stage), run by ``engines/steps.py``'s one loop. The current
  step is ``state["step"]["k"]`` (``HenchmaniaEngine.step_of``);
- the phase modules, each with its steps, never importing one another (a phase hands over by
  naming the next step, ``common.hand_over``): ``placing.py`` (phase 1, setting the Henchmen),
  ``cards.py`` (phase 2, playing cards), ``duel.py`` (Gloves and the tie duel), ``endday.py``
  (phase 3, scoring, the end of the game);
- ``common.py``: state helpers every phase shares (drawing, the Reserve, Trumps, sites, news:
  ``say`` / ``tell``);
- ``words.py``: the English of every event, button label and prompt (message ids + templates);
- ``views.py``: what each seat may see; ``render.py``: the board and hand text from a view;
- ``engine.py``: the Engine subclass (options, step_of, inventory; the rest is declared).

Rulings made here where the rulebook and RULINGS.md are silent:
- Seat 0 holds the Badge of Honor on day 1.
- "When a pile is empty, immediately mix the discards into a new pile": a site never has an
  empty pile while its discard pile holds cards (checked after every move), so Gravedigger can
  only search the discards of sites whose pile is not empty.
- The majority draw and Eloquence are always taken (they only help).
- A score never goes below 0 (the score meter); Gossip still gives its player the full amount.
- A card may be played only if its effect can happen (a legal target exists): e.g. no Pillory
  when no opponent has a Reserve card, no Public bawler without a dominated site to draw from.
- Trick and Drunkard choose a card by its back (site): the engine takes one card of that back at
  random, as a hand held face down would give.
- Traitor: each player may play at most one Traitor a day. The pawn is taken from a site of the
  player's choice (which can change dominance for the rest of the day: Damsel, Bigots, Public
  bawler). The next day its holder sets it like his own (it draws for him) but it counts for its
  colour's owner in majorities; its owner has one pawn fewer to set.
- A Traitor cancelled by a Penitent still counts as its player's Traitor of the day.
- Simultaneous answers (Brawl, Nosy parker, Choir boys) stay secret until all are given, then
  are carried out in turn order, so the order of answering never changes the result.
- Porter is used only to place on a site that is already full; it is discarded.
- Influence (and the Old Lady using an opponent's Influence) is declared with the placement.
- Playing a Reserve card into a full Reserve (8) means choosing an old Reserve card to discard;
  receiving a card with Belladonna root into a full Reserve makes the receiver discard one.
  Belladonna can only be aimed at an opponent holding a card the receiver may take (maximum).
- Inquisition is used "at your turn" instead of playing a card (it needs an opponent's Trump).
- Bigots: "an equality" is a site where the player shares the largest number of pawns.
- Penitent cancels a Tavern card aimed at its holder (Gossip, Trick, Belladonna, Drunkard,
  Traitor, Brawl); in a Brawl, discarding the Penitent is the same as discarding any card, so the
  Brawl simply asks for a card to discard (or Bravery). Bravery cancels Trick, Drunkard,
  Belladonna, Brawl, Bear Tamer and Pillory aimed at its holder; it cannot stop an Inquisition
  (Trumps are not the Reserve) nor Gossip (points, not cards). The target decides before the
  effect happens; the window is offered only when the target holds such a counter (public).
- The Guard window opens whenever the challenged player holds any Castle card (backs are
  public), so being asked reveals nothing; a player with no Armory card fights bare-handed
  without being asked.
- Dice reactions help their user only: a roller may reroll / raise a die that misses; a
  Courtesan forces the roller to reroll a die that succeeds; Confidence adds 1 to each die of
  the roll; Providence rerolls any set of missing dice; Apothecary (the defender, after the
  defence roll) cancels one unparried hit. Old Lady gives an opponent's Providence, Confidence,
  Bravery, Influence or Eloquence, rotating the Old Lady.
- Choir boys: +1 per Performance card (copies count) per Choir boys discarded; Performances
  score by the number of different ones. Eloquence (own or via the Old Lady) is used
  automatically when the player has a Performance (it unrotates right after anyway).
- Damsel scores the largest number of the player's pawns on one site the player does not
  dominate.
- End of day with Nosy parker: the holder keeps one card of his choice (its back is public).
- Tie duel: the two tied players duel both ways, first attacker the first of them from the Badge
  holder, with the cards they hold (usually bare hands) and their Reserves; no points are
  scored; most wounds wins, an equal count duels again.

The Additional Cards (optional module, table options, all off by default):

  *** THE EFFECTS BELOW ARE THE PROJECT'S RULINGS, NOT THE PRINTED CARDS. ***
  The rulebook names these cards but prints none of their effects. Each effect was designed as
  a player would expect from the card's name, its site and the base card it replaces, and lives
  as data in data.py (CARDS, TEXT, GLOVE_RULES, ALT_HENCHMEN and the numbers after them), so it
  can be corrected when the printed cards turn up. Players see it where they read them: each
  card's text starts "House rule:", its buttons say "(house rule)", the option help and the
  board's list of Additional Cards say so too.

- Options: ``animals`` (on/off), ``alt_gloves`` and ``alt_henchmen`` ("none", "all" or
  "random": a non-empty random subset, drawn with the game's seeded RNG at setup). The chosen
  cards are public (view "additional_cards"). The base game draws no random number for the
  module, so its seeds still give the same games.
- Animals: "added to the piles for each site, for a total of 27" is read as one animal in every
  site pile (26 + 1). Six animals for five sites: Vermin -> Tavern, Torecat -> Castle, Mutt ->
  Main Square, Pigeon -> Church, and the two beasts of burden, Mule and Ox, both belong to the
  Armory: each game deals one of them (seeded RNG), the other stays in the box.
  - Vermin (Action): an opponent discards a random card from his hand (Penitent and Bravery
    cancel it, like Drunkard).
  - Torecat (Reserve, max 1): end of day, +1 point if you have at least one Performance.
  - Mutt (Reserve, max 1): losing a duel as the Defender, you lose 1 point less.
  - Pigeon (Action): draw a card at a site where you have a Henchman.
  - Mule (Reserve, max 1): at your turn, rotate it to draw a card at the Armory (once a day).
  - Ox (Reserve, max 1): bare-handed, you attack and defend on 5+ instead of 6+.
- Alternative Gloves: one copy each; every one added removes a basic Glove (12 in all). Each is
  a Glove (a Guard cancels it, unless said otherwise) with one duel modifier:
  Falconer Glove: 4 attack dice. Gauntlet: the attack value is 1 better (never below 1+).
  Silk Glove: the loser loses no points. Velvet Glove: no Guard can cancel it (no Guard window).
  Hunting Glove: only at an opponent with the most points among the opponents; the Attacker
  who wins earns 2 more.
- Alternative Henchmen: one copy each, replacing one copy of the base card of the same name;
  the three the base game lacks replace their nearest Armory card: Helm -> Complete armor,
  Mace -> Cudgel, Round shield -> Iron shield.
  - Porter (alt) (Reserve, max 1): rotated instead of discarded: a full site once a day.
  - Gossip (alt): only at an opponent with more points than you: he loses 2, you earn 2
    (Boss Lady adds 2 to both; Penitent cancels it).
  - Traitor (alt): move an opponent's Henchman to another site that is not full, now (counts as
    the player's one Traitor of the day; Penitent cancels it).
  - Drunkard (alt): discard two cards, each chosen by its back, from an opponent's hand (one if
    he holds one).
  - Helm: Attack 5+, Defence 3+; worn by the Defender, one unparried hit is cancelled.
  - Mace: Attack 3+, Defence 5+. Round shield: Attack 3+, Defence 3+. Coat of mail (alt):
    Attack 4+, Defence 3+.
"""

from .engine import ENGINE, HenchmaniaEngine

__all__ = ["ENGINE", "HenchmaniaEngine"]
