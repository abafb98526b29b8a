"""Herr der Ziegen (Lord of the Goats), 2-5 players: claim majorities in goat sets, mark the
pasture's cards with your small goats, drive them next to your pen with dogs for double points.

Rules: ``../shared/rules/ziegen.txt`` and ``../shared/rules/RULINGS.md``.

Where to look:

- ``data``: the cards and their stable ids, removals per player count, pasture layouts,
  scoring numbers (rules as data);
- ``geometry``: cells, the border, the large goats' edge positions and lines;
- ``setup``: a new game (``new_state``);
- ``steps``: the turn flow as a table (step key -> ``engines.steps.Step``). The phase modules,
  none of which imports another: ``mulligan`` (``mulligan``, automatic ``deal``), ``play``
  (``play``), ``dog`` (``dog``, ``dog_tgt``, ``consent``), ``take`` (``take``), ``claim``
  (automatic ``score``: scoring A/B during play), ``end`` (automatic ``end``: end conditions,
  next turn); ``common``: what several steps share (grid markers, queries, the hand-over to the
  take);
- ``words``: every message id's English template and the name tables (cards, sets, ...);
- ``scoring``: final points (also the running scores on the board);
- ``views``: what each seat may see; ``render``: board and hand Markdown from a view;
- ``upgrade``: older states and move logs (state version 1 numbered the cards; version 2
  names them by stable ids such as ``elvis.5``, ``dog.3``, ``milk2.1``);
- ``engine``: the ``StepEngine`` subclass (declarations and delegation).

Rulings (where the rulebook and RULINGS.md are silent):

1. Seat 0 starts ("the youngest player": the Discord layer orders the seats).
2. Opening mulligan: every seat holding a Dog chooses at once how many of its dogs to return
   (``mull:0..2``); choices stay secret until all have chosen, then are resolved in seat order
   (replacements from the top of the draw pile; a replacement Dog is kept), and the returned dogs
   are shuffled into the draw pile. Every seat is asked (a seat without a Dog can only keep its
   cards), so that being asked does not reveal who holds a Dog.
3. Scoring happens in phase 4, after the take, for the goat played this turn: A (your played
   goats of the set total 8+) is checked first, else B (4th goat of the set played).
4. Case B ties: highest sum, then most cards, then the player who triggered the scoring (then,
   theoretically, clockwise from the trigger).
5. Goats of a scored set that are in a hand are revealed (public) and kept; nobody scores them.
   Scoring A does this as well as B. When such a goat (or any goat of an already scored set) is
   played later, it goes back to the box (discard); it still moves the large goat by its value
   and triggers no scoring.
6. A goat of a scored set turned up from the draw pile gets its owner's small goat at once.
   Small goats are unlimited (rulebook: substitute unused colours), so they are not counted.
7. Dogs: the swap is optional ("dog:none"). The marked card may swap with any other card in its
   row or column that is not claimed by another player (unclaimed goats, dogs and milk shakes,
   or the mover's own marked cards), with a card claimed by another player if that player
   accepts (a ``consent`` decision of that player), or move to an empty space. Pens never move.
   On a refusal the dog stays played; the mover may pick another swap (not the refused card
   again this turn) or none. Marks travel with their cards. A Dog played with no claimed card
   that could move has no effect.
8. End: after the take, if the taken card's row or column holds no card any more (pens do not
   count), the game ends once that turn's scoring is done. Only a take ends the game this way:
   a dog moving a card to an empty space never does (the rule says "taken"). If the line next to
   the large goat offers no card to take, the turn's scoring is still done and the game ends.
9. Milk shakes: "most"/"second most" count cards; tied seats each score their own sum (first)
   or half their own sum rounded up (second); second place is the next lower count held, even
   after a tie for first. Seats without milk shakes score none.
10. Final ties on points are shared wins (the rulebook has no tie-break).
11. Cards removed at setup stay face down (only their number is shown); discarded goats are
    public.
"""

from __future__ import annotations

from .engine import ZiegenEngine

ENGINE = ZiegenEngine()

__all__ = ["ENGINE", "ZiegenEngine"]
