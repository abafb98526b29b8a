"""Korrigans (Matagot, 2017), 2-5 players.

Rules: ../shared/rules/korrigans.en.txt and ../shared/rules/RULINGS.md (map, token and Menhir
mixes); the rulings below where they are silent.

Where to look (the same file names mean the same thing in every game package):
- data.py: rules as data (token and Menhir mixes, Companions, rainbow, scoring, names);
  maps.py + maps/*.json: the map, validated on load; setup.py: ``new_state``.
- steps.py: the turn flow as data, the ``STEPS`` table (step key -> ``engines.steps.Step``)
  and ``step_of``: the kind of the entry on top of the decision stack ``st["stack"]``, or, when
  the stack is empty, the phase's automatic step ("next_placement", "next_turn",
  "next_final_turn"); a final turn with no move left reads "final_end". Also ``label`` (the
  button text of every action).
- Phase modules (each defines its steps; none imports another; a step hands over by pushing
  or popping stack entries or setting ``st["phase"]``): placement.py ("next_placement",
  "place"), moving.py ("turn", "move", "sac", "goblin", "elf"), gathering.py ("gather",
  "pick", "lep", "troll"; Menhir effects), rainbow.py ("next_turn" and the draw; "sun",
  "cloud", "cauldron"), final.py ("next_final_turn", "final", "final_end"; the game's end).
- Helpers the phase modules share (they import no phase module): common.py (map of a state,
  stack top, Korrigan ids, secret news), moves.py (Companion moves, making a move, the split
  of long move lists), carry.py (Elf/Goblin: receiving one, the handovers of an arrival),
  scoring.py (gold, tie-breaks).
- words.py: the English template of every message id (events, ``prompt.*``, ``label.*``) and
  the name tables; rule code only makes ``Msg``s.
- views.py: what a seat may see; render.py: board and hand text from a view;
  engine.py: the Engine subclass (declarations, inventory).

Rulings made here where the rulebook and RULINGS.md are silent (or spelling out how they apply):
1. Seat 0 is the first player; turn order and "later in turn order" count from seat 0.
2. Placement is not a move: no Elf/Goblin handover when a Korrigan is placed. Taking the last
   token while placing (possible with advanced placement) takes the Menhir as usual.
3. The gathering asks for a choice whenever 2+ tokens lie on the field (even all alike, so the
   timing leaks nothing); a single token is taken at once; an empty field gives nothing.
4. A move is mandatory: if no Companion gives a move but the Backup Companion would, the player
   must take it (only the sides that give a move are offered); with no move at all he skips.
   With a move available the Backup may still be taken (either side) before moving. If the
   sacrifice leaves no move, the move is skipped. The Backup may be taken in a Fairy move and
   during the placement rounds' Fairy moves, never in the final turn.
5. Using a Companion behind the screen reveals one token of that kind; one already revealed is
   used first (no second reveal).
6. Fairy: the extra move is optional ("pass"), needs a Companion as usual, gathers, and may
   trigger another Fairy (chains allowed).
7. Elf and Goblin, against the rulebook's "a Korrigan cannot carry 2 tokens: one that gets
   another loses the original, which leaves the game" (changed by issue 12: a Korrigan that
   carried an Elf used to ignore an opponent's Elf):
   a. An Elf carrier that moves onto an opponent's Elf takes it; its own first Elf leaves the
      game. With several opponents' Elves on the field, the mover picks which one.
   b. An Elf carrier that moves onto an opponent's Goblin gets nothing: a Goblin passes only
      when its own carrier moves.
   c. A Goblin carrier that moves onto opponents' Korrigans hands it to the one its owner
      picks; an Elf or a Goblin that one carried leaves the game.
   d. A Goblin carrier that moves onto an opponent's Elf: both handovers come from the same
      arrival and happen together, as a swap (the Goblin leaves the mover as the Elf leaves its
      carrier), so nobody ever holds two tokens and nothing leaves the game. If the Goblin goes
      to another Korrigan that carries a token, (c) applies to that one.
   e. Handovers also happen in the final turn (they are movement effects, not gathering), and
      come before the gathering of the field they happen on.
8. Any token a Korrigan receives from a Menhir replaces the one it carried (an Elf for an Elf
   too), which leaves the game. An Elf/Goblin Menhir with no token left in the supply does
   nothing. A token that leaves the game lies in a public "out of the game" pile (``out``),
   never to return; the board shows it.
9. Leprechaun: only players whose screen is still up can be chosen; if none, nothing happens;
   if one, he is chosen automatically. Once a screen is gone, that player's picks and sacrifices
   are public news.
10. Troll: a new Troll Menhir must place it (chosen in two steps: a field, then one of its
   borders); choosing its current border leaves it there. River banks cannot hold it.
11. The Cauldron may go on the Village; the placer must avoid fields with his own Korrigans
   when any eligible field has none. Korrigans already on its field score without moving; a
   Korrigan may leave it again in the final turn.
12. Tie-break "Companions left" counts unused Companion tokens and an unused Backup Companion.
   The winner after both tie-breaks is unique.
13. The number of tokens behind each screen is public; sacrificed tokens are never shown
   (their number is public); revealed Menhirs put back in the box are public.
14. A player's memory of a field ("seen") is what he left there after his pick.
15. Labels (``describe``) of secret steps (keep/sacrifice) name the token: they are for the
   acting seat's own buttons, and read only what that seat sees; public news comes only from
   events, which never name hidden tokens.
16. (Interface, not a rule) A move step with more than 25 choices first asks which Korrigan
   ("kor:1"/"kor:2", "kor:back" to return), then that Korrigan's moves.

State versions (``KorrigansEngine.state_version``/``migrations``): v2 renamed the state keys
``tok``, ``hid`` and ``sac`` to ``tokens`` (face down on each field), ``hidden`` (behind each
screen) and ``sacrificed``; nothing else changed, and a v1 game plays on exactly as before. The
"sac" step and action ids never changed.
"""

from __future__ import annotations

from .engine import KorrigansEngine

ENGINE = KorrigansEngine()

__all__ = ["ENGINE", "KorrigansEngine"]
