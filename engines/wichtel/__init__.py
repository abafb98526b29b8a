"""Der Herr der Wichtel (3-5 players): gather the best retinue of four leprechauns.

Rules: ../shared/rules/wichtel.txt and the Wichtel part of ../shared/rules/RULINGS.md.
Where to look (the same file names mean the same in every game package):
- ``data``: rules as data (cards, counts, values, titles, careers, bribe ranks, German and
  English names: every number and name);
- ``setup``: a new game, and the automatic steps "deal" (a round's deal) and "move" (the start of
  a move);
- ``steps``: the ``STEPS`` table (step key -> who acts, legal actions, apply, label, prompt, or
  an automatic stage) and the action labels; ``engines.steps.StepEngine.advance`` is the loop;
- phase modules, each defining its steps and never importing another: ``moves`` ("prewalk",
  "main", "exchange", "fill", "endround", "end": calling, exchanging, village cards, filling a
  gap, the round-end offer, the end of a move) and ``enlist`` ("enlist", "bribe", "respond",
  "reroll", "dbgive": bribes, Nix da!, the die, Ich guck nochmal!, Der bin der Beste!);
- helpers the phase modules share: ``walk`` (Leprechaun Walk, the stacks), ``flow`` (who
  moves, receiving a leprechaun, the end of a move, round scoring), ``scoring`` (one retinue,
  round bonuses);
- ``words``: every English sentence as a message id's template (events, labels, prompts, the
  board's and the hand panel's phrases, the special-card reminders) and the name tables;
- ``views``: what a seat may see; ``render``: the board and hand text from a view;
- ``engine``: the ``WichtelEngine`` declarations (options, state version, migrations).

A move: step "prewalk" (the mover may play "Stehenbleiben!" / "Komm mal zurück!", then lets the
leprechauns walk; skipped when nobody could hold either card, see below); the opening walk;
step "main" (call / exchange / enlist, or a village card); then the steps the move needs
(exchange picks, bribes, answer to the top bribe, re-roll, Der bin der Beste! receiver, filling
the gap, round-end offers); step "end" (free the Wahlleiter, village cards, done). A step hands
over by setting ``state["phase"]`` to the next step's key; the automatic steps ("deal", "move",
"enlist") run before ``apply`` returns, so a stored state always waits on a decision (its
layout is unchanged by issue 9).

Rulings made here where the rulebook and RULINGS.md are silent (each covered by a test):
- Events: 22 cards as RULINGS.md lists them (the rulebook's component list says 21).
- Round 1 is dealt by the last seat, so {p0} moves first; the deal then passes left.
- "Komm mal her!", "Komm mal zurück!" and "Stehenbleiben!" are played only by the player whose
  move it is, at the start of the move (after its opening walk, before calling / exchanging /
  enlisting) or at its end. CHANGED (v2, RULINGS.md): "Stehenbleiben!" and "Komm mal zurück!"
  may also be played before the opening walk of the mover's own move, so that they affect that
  walk ("Komm mal her!" is not offered there: before or after the opening walk is the same walk).
- CHANGED (v2): who is asked before the opening walk. Asking only holders would tell the table
  that the mover holds one of these two single cards, so the step is offered to every mover who
  might hold one as far as the table can see: one who holds any event card (the count is
  public) while at least one of the two cards is not yet in the public discard. Weighed against
  async speed: it costs the mover one extra click ("Let the leprechauns walk") but no waiting on
  anybody else, and the step disappears once both cards are spent or the hand is empty. After
  playing one of the cards the mover still says "walk" (going on by itself would tell whether he
  holds the other).
- CHANGED (v2, RULINGS.md): "Komm mal zurück!" makes ONE walk go the other way: the top of the
  discard stack walks back into the square at the discard end and the card at the drawing end
  goes face down onto the drawing stack; the stacks keep their roles and the walks after it go on
  in the old direction (v1 turned the stacks around for good). If the discard stack is empty at
  that moment the card has no effect and the walk is a normal one. A pending effect carries over
  to later moves of the same round and is dropped when a new round is dealt (RULINGS.md resets
  them).
- "Stehenbleiben!": the next walk does not happen, be it a move's opening walk or a "Komm mal
  her!" walk; a pending "Komm mal zurück!" then waits for the next walk that happens.
- The walk also turns around when a call empties the drawing stack, so a drawing stack is never
  empty when a card must be drawn.
- Freeing the Wahlleiter is the last act of a move (village cards may be played before it), so
  no round can end in the move that freed him.
- Exchange: the mover names the partner, then both choose their card face down at the same time
  (neither sees the other's card); the partner cannot refuse.
- CHANGED (v2, rulebook and RULINGS.md): option ``bribes``. ``turns`` (default, the rulebook):
  the other players decide one after another, clockwise from the enlister's left; each decision
  is public as "lays a card face down" / "lays no card" (never which card), so later players
  know whether earlier ones laid a card. ``together`` (v1's only way, for faster asynchronous
  play): one simultaneous secret decision of every other player, so even a pass stays secret
  until the reveal. In both, rank on equal cards follows the clockwise play order from the
  enlister's left, a player with no event card at all (public) is not asked, one with event
  cards but no bribe card is asked and can only pass, and a face-down bribe still counts in its
  owner's public event count until the reveal.
- The enlister is asked after the reveal ("Roll the die" / "Let the bribe stand" / "Nix da!")
  whenever there is a top bribe and he holds any event card, and after a failed roll ("Accept" /
  "Ich guck nochmal!") whenever he holds any event card, so these prompts never reveal whether
  he holds "Nix da!" or "Ich guck nochmal!".
- "Nix da!" can cancel any top bribe, "Ich bin der Beste!" and "Der bin der Beste!" included
  (they are in the bribe ranking); the other bribes still go back to their owners.
- "Ich guck nochmal!" also works after a roll of 1 without any bribe (a failed roll).
- "Der bin der Beste!": the leprechaun may be given to any other player, the enlister included.
- Filling the gap: any card the receiver held before receiving; a twin of the card just received
  is a different card and may be put down.
- Scoring: a Hexendoktor stand-in is only used when it gives the better final score (so with the
  Witwe he may avoid a title, or make a Family Assessor); a stand-in never triggers the
  Meister/General discard. When every round score is equal, everyone gets +5 and nobody +1.
- The private panel shows what the seat's retinue would score if the round ended now (the same
  breakdown as the round scoring), reminders for the special cards (Häuptlingswitwe,
  Hexendoktor, Meister, General) that are in its retinue or on the square, and English names
  beside the German ones.
- The end-of-move step is skipped only when nothing can be decided there and skipping reveals
  nothing (Wahlleiter already free and no event card in hand).
- Option ``target`` (50, 75, 99, 150; rulebook 99): the total that ends the game.

State versions (``WichtelEngine.state_version``/``migrations``): v2 added the state field
``bribes`` and the phase "prewalk". A game stored at v1 keeps ``bribes`` = ``together``, the
only mode it was opened with (it may even be stored in the middle of a simultaneous bribe); the
prewalk question and the one-walk "Komm mal zurück!" apply to it from its next step on (a
"Komm mal zurück!" pending at the upgrade gives one reversed walk).
v3 renamed the state keys ``L``/``R`` (the leprechaun stacks), ``sq`` and ``wl`` to
``left_stack``/``right_stack``, ``square`` and ``wahlleiter``; nothing else changed, and a v2 game
plays on exactly as before. Action ids never changed.
"""

from .engine import WichtelEngine
from .scoring import breakdown, score_retinue

ENGINE = WichtelEngine()

__all__ = ["ENGINE", "WichtelEngine", "breakdown", "score_retinue"]
