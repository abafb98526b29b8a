"""Der Herr der Wichtel in English: the template of every message id and the name tables.

Rule code says what happened as ``msg("walk", leaving="hd", arriving="ks")`` (a ``words.Msg``
with the id ``"wichtel.walk"``); ``engines.words.render`` makes the English. Placeholders:
``{p:seat}`` a seat, ``{card:lep}`` a leprechaun's German name, ``{card:lepx}`` its button label
("Holzfäller 3 (Wood cutter)"), ``{card:ev}`` / ``{card:evx}`` an event card likewise,
``{cards:leps}`` / ``{cards:evs}`` a list of leprechauns / event cards, ``{items:parts}`` /
``{items:commas}`` / ``{items:lines}`` a list of nested messages (JSON form) joined by "; " /
", " / new lines, ``{m:msg}`` one nested message (None shows nothing), ``{mode:how}`` the bribe
mode, ``{card:rule}`` a special card's scoring reminder.

Card names are German in every language (they are printed on the cards); the English names
beside them are the rulebook translation's (``data.LEP_EN`` / ``data.EV_EN``).
"""

from __future__ import annotations

from ..words import Joined, catalog, messages
from .data import CAREERS, EV_EN, EV_NAME, EVENTS, LEP_CODES, LEP_EN, LEP_NAME, TITLES, VALUE

GAME = "wichtel"


msg = messages(GAME)


def _lep_name_en(code: str) -> str:
    """German name and (when it differs) the English one: "Holzfäller (Wood cutter)"."""
    return LEP_NAME[code] + ("" if LEP_EN[code] == LEP_NAME[code] else f" ({LEP_EN[code]})")


def _lep_label(code: str) -> str:
    """German name, value and (when it differs) the English name: "Holzfäller 3 (Wood cutter)"."""
    en = "" if LEP_EN[code] == LEP_NAME[code] else f" ({LEP_EN[code]})"
    return f"{LEP_NAME[code]} {VALUE[code]}{en}"


def _ev_label(code: str) -> str:
    """German name and English name: "Komm mal zurück! (Come back!)"."""
    return f"{EV_NAME[code]} ({EV_EN[code]})"


TEMPLATES = {
    # --- the walk (walk.py) -------------------------------------------------------------------
    "walk": "Leprechaun Walk: {leaving:lep} leaves the Village Square, {arriving:lep} arrives.",
    "walk_back": "Komm mal zurück!: the leprechauns walk the other way: {leaving:lep} goes onto "
    "the drawing stack, {arriving:lep} comes back from the discard stack.",
    "turn_around": "The walk turns around: the discard stack is the new drawing stack.",
    "stand_still": "Stehenbleiben!: the leprechauns stand still this time.",
    "back_no_effect": "Komm mal zurück! has no effect: the discard stack is empty.",
    # --- the deal and the start of a move (setup.py) ---------------------------------------
    "dealt": "Round {round} is dealt ({dealer:seat} deals); the Wahlleiter is tied up.",
    "move": "{p:seat}'s move.",
    # --- the mover's steps (moves.py) --------------------------------------------------------
    "call": "{p:seat} calls a leprechaun: one goes face down onto the discard stack, one comes "
    "from the drawing stack.",
    "called": "You discarded {card:lep} and drew {drawn:lep}.",
    "exchange": "{p:seat} exchanges a leprechaun with {to:seat}: both choose a card face down.",
    "hand_over": "You hand over {card:lep} face down.",
    "exchanged": "{p:seat} and {to:seat} have exchanged a leprechaun.",
    "received_from": "You received {card:lep} from {p:seat}.",
    "play_kh": "{p:seat} plays Komm mal her!: the leprechauns walk at once.",
    "play_kz": "{p:seat} plays Komm mal zurück!: the next walk goes the other way, once.",
    "play_st": "{p:seat} plays Stehenbleiben!: the next walk does not happen.",
    "fill": "{p:seat} puts {card:lep} into the gap on the Village Square (place {place}).",
    "free": "{p:seat} frees the Wahlleiter: Da isser ja! From the next move on, whoever receives "
    "a leprechaun may end the round.",
    # --- receiving, the round's end (flow.py) -----------------------------------------------
    "receive": "{p:seat} receives {card:lep} from the Village Square.",
    "ends_round": "{p:seat} steps before the Wahlleiter and ends round {round}.",
    "scoring": "**Round {round} scoring** (ended by {ended_by:seat})\n{rows:lines}",
    "score_row": "- {p:seat}: {cards:leps} | {details:parts} | round {round_total:+d}, "
    "total {total}",
    "removed": "removed {cards:leps}",
    "card_points": "cards {n}",
    "title": "{title:title} {value:+d}",
    "title_joker": "{title:title} {value:+d} (Hexendoktor as {joker:lep})",
    "witwe_flip": "Witwe flips {subtotal} to {score}",
    "witwe_double": "Witwe doubles {subtotal} to {score}",
    "equals": "= {score}",
    "bonus": "bonus +{n}",
    "winner": "{p:seat} is the new Herr der Wichtel with {points} points!",
    "tie": "Tie at {points} points: another round is played.",
    # --- enlisting (enlist.py) ---------------------------------------------------------------
    "enlist": "{p:seat} puts the die on {card:lep} (place {place}) to enlist it. The others may "
    "offer a bribe face down, {mode:how}.",
    "offer_none": "You offer no bribe.",
    "lays_no_card": "{p:seat} lays no card.",
    "offer": "You offer {card:ev} face down.",
    "lays_card": "{p:seat} lays a card face down.",
    "revealed_none": "Bribes revealed: nobody offers a bribe ({bids:parts}).",
    "revealed": "Bribes revealed: {bids:parts}. Top bribe: {card:ev} from {top:seat}.",
    "bid": "{p:seat}: {card:ev}",
    "no_bid": "{p:seat}: no bribe",
    "nixda": "{p:seat} plays Nix da! against {card:ev}: both are discarded; only a 1 fails now.",
    "db_wins": "Der bin der Beste!: {p:seat} wins {card:lep} and must give it to another player.",
    "ib_wins": "Ich bin der Beste!: {p:seat} wins {card:lep} without a roll.",
    "roll_ok": "{p:seat} rolls {pips} (needs {need} or more): success.",
    "roll_failed": "{p:seat} rolls {pips} (needs {need} or more): failed.",
    "reroll": "{p:seat} plays Ich guck nochmal! and rolls again.",
    "insulted": "{card:lep} is insulted by the lousy offer and stays on the Village Square.",
    "gives": "{p:seat} gives {card:lep} to {to:seat}, who cannot refuse.",
    # --- action labels (steps.label) -----------------------------------------------------------
    "label.call": "Call: discard {card:lepx}, draw a new one",
    "label.exchange": "Exchange a leprechaun with {to:seat}",
    "label.enlist": "Enlist {card:lepx}, place {place}",
    "label.play": "Play {card:evx}",
    "label.play_prewalk": "Play {card:evx} before this walk",
    "label.give": "Hand over {card:lepx}",
    "label.fill": "Put {card:lepx} into the gap",
    "label.bribe": "Bribe with {card:evx}",
    "label.to": "Give the leprechaun to {to:seat}",
    "label.pass": "No bribe",
    "label.roll": "Roll the die",
    "label.reroll": "Play {card:evx}: roll again",
    "label.endround": "End the round now",
    "label.walk": "Let the leprechauns walk",
    "label.continue": "Go on playing",
    "label.done": "End my move",
    "label.free": "Free the Wahlleiter and end my move",
    "label.accept_roll": "Accept the roll",
    "label.accept_bribe": "Let the bribe stand",
    # --- confirmations: asked before a decision that cannot be taken back (Step.confirm) -------
    "confirm.endround": "End the round now? Everyone's leprechauns are scored, and this cannot "
    "be undone.",
    "confirm.best_bribe": "Bribe with {card:evx}, your best bribe card? Once every bribe is in "
    "they are shown, and it cannot be taken back.",
    # --- prompts: what is being decided now (Step.prompt) ---------------------------------------
    "prompt.prewalk": "{p:seat}'s move begins with the Leprechaun Walk; first {p:seat} may play "
    "Stehenbleiben! or Komm mal zurück! for it.",
    "prompt.main": "{p:seat} calls, exchanges or enlists a leprechaun.",
    "prompt.exchange": "{p:seat} and {to:seat} each choose a leprechaun to hand over face down.",
    "prompt.bribe_turns": "{p:seat} may lay a face-down bribe for {card:lep}, which "
    "{enlister:seat} tries to enlist.",
    "prompt.bribe_together": "The others may offer a face-down bribe for {card:lep}, which "
    "{enlister:seat} tries to enlist.",
    "prompt.respond": "{p:seat} answers the top bribe, {card:ev} from {top:seat}.",
    "prompt.reroll": "{p:seat} rolled {pips} (needed {need}) and decides whether to accept it.",
    "prompt.dbgive": "{p:seat} chooses who receives {card:lep} (Der bin der Beste!).",
    "prompt.fill": "{p:seat} fills the gap on the Village Square.",
    "prompt.endround": "{p:seat} may end the round now.",
    "prompt.end_tied": "{p:seat} ends the move and may free the Wahlleiter.",
    "prompt.end": "{p:seat} ends the move.",
    "prompt.over": "Game over: {p:seat} is the Herr der Wichtel.",
    # --- the board (render.board_text) ----------------------------------------------------------
    "board.title": "**Der Herr der Wichtel** · round {round} · dealer {dealer:seat} · "
    "play to {target}",
    "board.square_right": "Village Square (walk towards the bottom):",
    "board.square_left": "Village Square (walk towards the top):",
    "board.stack_draw": "[Drawing stack: {n}]",
    "board.stack_discard": "[Discard stack: {n}]",
    "board.card": "{card:lep} ({value})",
    "board.gap": "— gap —",
    "board.die": " ← die",
    "board.pending": "Pending: {items:commas}",
    "board.pending_back": "Komm mal zurück! (next walk reverses)",
    "board.pending_stand": "Stehenbleiben! (next walk skipped)",
    "board.wahlleiter_tied": "Wahlleiter: *{side}* (tied up)",
    "board.wahlleiter_free": "Wahlleiter: *{side}* (free: the round may end)",
    "board.seat": "{mark} {p:seat}: {backs} · {events} events · {points} pts",
    "board.events_used": "Events used: {cards:evs}",
    "board.enlisting": "Enlisting: {p:seat} → {card:lep} (place {place})",
    "board.bribes": "bribes: {items:commas}",
    "board.bribes_none": "bribes: none",
    "board.bribe": "{p:seat} {card:ev}",
    "board.top": "top: {p:seat}",
    "board.so_far": "face down so far: {items:commas}",
    "board.laid": "{p:seat} laid a card",
    "board.not_laid": "{p:seat} no card",
    "board.nixda": "Nix da! played",
    "board.rolled": "rolled {rolls} (needs {need}+)",
    "board.exchange": "Exchange: {p:seat} ⇄ {to:seat}",
    "board.last": "Last scoring (round {round}):",
    "board.last_row": "- {p:seat}: {cards:leps} → {score}{title:msg}, bonus {bonus} → {total}",
    "board.last_title": ", {title:title} {value:+d}",
    # --- a seat's own panel (render.hand_text) --------------------------------------------------
    "hand.retinue": "**Your retinue** ({p:seat}):",
    "hand.item": "- {card:lepx}",
    "hand.score_now": "**If the round ended now:** {score} points ({details:parts})",
    "hand.no_title": "no title",
    "hand.score_waits": "**If the round ended now:** first put one of your 5 leprechauns into "
    "the gap.",
    "hand.events": "**Your events:** {cards:evxs}",
    "hand.events_none": "**Your events:** none",
    "hand.my_bribe": "Your face-down bribe: {card:evx}",
    "hand.others_deciding": "The others are deciding on bribes for your enlistment (waiting "
    "for {seats:seats}).",
    "hand.others_decided": "The others are deciding on bribes for your enlistment.",
    "hand.my_pick": "You hand over: {card:lepx}",
    "hand.special": "**Special cards** (in your retinue or on the square):",
    "hand.special_card": "- {card:lepn}: {card:rule}",
    "hand.decision": "*Your decision: {prompt:msg}*",
}

# One-line reminders of the cards with special scoring rules (``data.SPECIAL_CARDS``), for the
# private panel.
SPECIAL_RULES = {
    "hw": "counts as a Familie 0 outside a chieftain career and turns a positive result "
    "negative (a negative one doubles)",
    "hd": "stands in for any card when titles are checked (value stays 10); himself only in a "
    "chieftain career",
    "me": "every card worth less than 3 (not the Witwe or the Hexendoktor) is removed before "
    "scoring",
    "ge": "every card worth less than 3 (not the Witwe or the Hexendoktor) is removed before "
    "scoring",
}

NAMES = {
    "lep": LEP_NAME,
    "lepx": {code: _lep_label(code) for code in LEP_CODES},
    "ev": EV_NAME,
    "evx": {code: _ev_label(code) for code in EVENTS},
    "how": {"turns": "one after another from the left", "together": "all at once"},
    "lepn": {code: _lep_name_en(code) for code in LEP_CODES},
    "rule": SPECIAL_RULES,
    "title": {name: name for _key, name, *_rest in TITLES + CAREERS},
    "leps": Joined("lep"),
    "evs": Joined("ev"),
    "evxs": Joined("evx"),
    "parts": Joined("msg", "; "),
    "commas": Joined("msg", ", "),
    "lines": Joined("msg", "\n"),
}

# The German card names are printed on the cards: the same in every language. The other tables
# (the labels with the translated name beside it, the titles, the reminders) are translated.
catalog(GAME, TEMPLATES, names=NAMES, fixed=("lep", "ev"))

__all__ = ["GAME", "NAMES", "SPECIAL_RULES", "TEMPLATES", "msg"]
