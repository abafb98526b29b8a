"""Korrigans in English: the template of every message id and the name tables.

Rule code says what happened as ``msg("arrives", kid=3, f="N")`` (a ``words.Msg`` with the id
``"korrigans.arrives"``); ``engines.words.render`` makes the English. Placeholders: ``{p:seat}``
a seat; ``{kid:kor}`` a Korrigan (seat * 2 + k, shown "{p1}'s Korrigan 2"); ``{token:token}`` a
Clover token or Companion kind; ``{kind:menhir}`` a Menhir (and the Elf/Goblin tokens);
``{c:colour}`` a Rainbow pawn (its index in ``data.RAINBOW``); ``{kind:border}`` a border kind;
``{comps:tokens}`` / ``{left:tokens_or_nothing}`` a list of token kinds ("none" / "nothing" when
empty); ``{gold:golds}`` a list of [seat, gold]; ``{used:msg}`` a nested message.
Fields (``{f}``, ``{src}``, ``{dst}``) and borders (``{border}``) are given by the names the map
prints (a letter, "A-B"), shown as they are.

Ids: events have plain ids, ``prompt.*`` says what is being decided now, ``label.*`` is the
button text of an action; ``board.*``, ``hand.*`` and ``note.*`` are the renderer's phrases
(render.py keeps only the layout: the grid, the field table's columns, Markdown).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.words import Joined, Msg, catalog, messages, render

from .common import parse_kid
from .data import BORDER_KINDS, MENHIR_NAME, RAINBOW, TOKEN_NAME

GAME = "korrigans"


msg = messages(GAME)


class _Shown:
    """A name table computed by ``show``: the value's name is a message of its own (shown in the
    reader's language)."""

    def __init__(self, show: Callable[[Any], Msg]) -> None:
        self.show = show

    def __getitem__(self, value: Any) -> Msg:
        return self.show(value)


class _AsIs(dict):
    """A translatable name table that shows an unknown key as it is (a map's own colours)."""

    def __missing__(self, key: str) -> str:
        return key


TEMPLATES = {
    # --- names --------------------------------------------------------------------------------
    "korrigan": "{p:seat}'s Korrigan {k}",
    "gold_of": "{p:seat} {gold}",
    "none": "none",
    "nothing": "nothing",
    "companion": "{comp:token}",
    "backup_companion": "Backup Companion ({side:token})",
    # --- placement (placement.py) ----------------------------------------------------------
    "arrives": "{kid:kor} arrives on {f}.",
    # --- moving (moving.py, moves.py, carry.py) ----------------------------------------------
    "fairy_unusable": "{p:seat} cannot use the Fairy's extra move.",
    "no_move": "{p:seat} has no Companion move and skips the move.",
    "no_move_left": "{p:seat} has no Companion move left and skips the move.",
    "fairy_passed": "{p:seat} does not use the Fairy's extra move.",
    "sacrifice_unseen": "{p:seat} sacrifices a token unseen and takes a Backup Companion, "
    "{side:token} side.",
    "sacrificed": "You sacrificed your {token:token}.",
    "sacrifice_open": "{p:seat} sacrifices a {token:token} and takes a Backup Companion, "
    "{side:token} side.",
    "reveals": "{p:seat} reveals a {comp:token}.",
    "moved": "{kid:kor} goes from {src} to {dst} with the {used:msg}.",
    "moved_final": "{kid:kor} goes from {src} to {dst} with the {used:msg} (discarded).",
    "carried_leaves": "The {kind:menhir} that {kid:kor} carried before leaves the game.",
    "elf_passes": "The Elf passes from {src:kor} to {kid:kor}.",
    "goblin_handed": "{kid:kor} hands the Goblin to {dst:kor}.",
    # --- gathering and Menhirs (gathering.py) ----------------------------------------------
    "field_empty": "No Clover token is left on field {f}.",
    "looks": "{p:seat} looks at the Clover tokens on {f} and keeps one.",
    "kept": "You keep a {token:token} from {f} (left there: {left:tokens_or_nothing}).",
    "kept_open": "{p:seat} keeps a {token:token} from {f} (no screen).",
    "menhir_turned": "{p:seat} takes the last token on {f} and turns the Menhir over: "
    "{kind:menhir}!",
    "supply_empty": "No {kind:menhir} token is left: nothing happens.",
    "goes_under": "{kind:menhir} goes under {kid:kor}.",
    "leprechaun_leaves": "Every other screen is already gone: the Leprechaun leaves.",
    "fairy": "The Fairy lets {p:seat} make an extra move.",
    "screen_removed": "The Leprechaun removes {p:seat}'s screen. Behind it: "
    "{held:tokens_or_nothing}.",
    "troll_placed": "{p:seat} puts the Troll on the {kind:border} border {border}.",
    # --- the Rainbow (rainbow.py) ------------------------------------------------------------
    "draw_aside": "{p:seat} draws {c:colour} again: the pawn is set aside.",
    "draw_cloud": "{p:seat} draws {c:colour} again: it goes on a Cloud.",
    "draw_last": "{p:seat} draws {c:colour}, the last colour of the rainbow: the Cauldron of "
    "Gold appears!",
    "draw_sun": "{p:seat} draws {c:colour}, a new colour: it goes on a Sun.",
    "on_sun": "{p:seat} puts {c:colour} on Sun {n}: no Cauldron in that row.",
    "on_cloud": "{p:seat} puts {c:colour} on Cloud {n}: no Cauldron in that column.",
    "chain": "Five pawns lie on Clouds: from now on the bag goes round without moves until the "
    "last colour comes out.",
    "cauldron_placed": "{p:seat} puts the Cauldron of Gold on {f}. Final turn: each player "
    "reveals all Companions and may use each once to reach it.",
    # --- the final turn (final.py) -----------------------------------------------------------
    "final_turn": "{p:seat}'s final turn. Companions: {comps:tokens}.",
    "final_turn_backup": "{p:seat}'s final turn. Companions: {comps:tokens}, Backup "
    "({side:token}).",
    "final_done": "{p:seat} ends the final turn.",
    "final_stuck": "{p:seat} has no move left: final turn over.",
    "game_over": "Game over. Gold: {gold:golds}. {p:seat} wins!",
    # --- confirmations: asked before a decision that cannot be taken back (Step.confirm) ---
    "confirm.pass": "Skip the Fairy's extra move? This cannot be undone.",
    "confirm.done": "End your final turn? You cannot move again, and it cannot be undone.",
    # --- prompts: what is being decided now -----------------------------------------------
    "prompt.place": "{p:seat} places Korrigan {k}.",
    "prompt.pick": "{p:seat} looks at the Clover tokens on {f} and keeps one.",
    "prompt.sun": "{p:seat} puts the {c:colour} pawn on a free Sun.",
    "prompt.cloud": "{p:seat} puts the {c:colour} pawn on a free Cloud.",
    "prompt.cauldron": "{p:seat} places the Cauldron of Gold.",
    "prompt.move": "{p:seat} moves a Korrigan with a Companion.",
    "prompt.move_fairy": "{p:seat} may make the Fairy's extra move.",
    "prompt.sac": "{p:seat} sacrifices a token for a Backup Companion ({side:token} side).",
    "prompt.lep": "{p:seat} chooses whose screen the Leprechaun removes.",
    "prompt.troll": "{p:seat} chooses where the Troll goes (first a field next to it).",
    "prompt.troll_border": "{p:seat} puts the Troll on a border of {f}.",
    "prompt.goblin": "{p:seat} chooses which Korrigan gets the Goblin.",
    "prompt.elf": "{p:seat} chooses which Elf to take.",
    "prompt.final": "{p:seat} plays the final turn: each Companion once, to reach the Cauldron.",
    "prompt.over": "Game over: {p:seat} wins.",
    # --- action labels (button text) --------------------------------------------------------
    "label.mv": "Korrigan {k}: {comp:token} to {f}",
    "label.mv_backup": "Korrigan {k}: Backup {side:token} to {f}",
    "label.backup": "Sacrifice a token: Backup {side:token}",
    "label.sac": "Sacrifice {token:token}",
    "label.kor": "Move Korrigan {k} (on {f})",
    "label.kor_back": "Back: choose another Korrigan",
    "label.pass": "Skip the Fairy's extra move",
    "label.done": "End my final turn",
    "label.take": "Keep {token:token}",
    "label.place": "Place Korrigan on {f}",
    "label.sun": "Pawn on Sun {n}",
    "label.cloud": "Pawn on Cloud {n}",
    "label.cauldron": "Cauldron on {f}",
    "label.lep": "Remove {p:seat}'s screen",
    "label.troll": "Troll next to {f}",
    "label.troll_border": "Troll on {border} ({kind:border})",
    "label.goblin": "Goblin to {kid:kor}",
    "label.elf": "Take the Elf of {kid:kor}",
    # --- the board (render.py) ----------------------------------------------------------------
    "board.title": "**Korrigans** - {prompt:msg}",
    "board.grid_legend": "S = Sun rows, C = Cloud columns. Pawns on them: {marks:marks}. * = the "
    "Cauldron can still appear there, $ = the Cauldron.",
    "board.mark": "{mark} {colour:rainbow}",
    "board.bag": "Bag: {n} pawns, held by {p:seat}",
    "board.set_aside": "set aside: {colours:rainbows}",
    "board.chain": "draws chain (5 Clouds)",
    "board.cauldron": "Cauldron of Gold on **{f}**.",
    "board.cauldron_possible": "Cauldron can still appear on: {fields:names}.",
    "board.col_field": "Field",
    "board.col_colour": "colour",
    "board.col_tokens": "tokens",
    "board.col_rest": "Menhir, symbols, Korrigans",
    "board.carrying": " ({kind:menhir})",
    "board.sand": " sand",
    "board.pontoon": " pontoon",
    "board.kor": "{p:seat} K{k}",
    "board.field_colour": "{c:field_colour}",
    "board.borders": "Borders (others open): {borders:borders}.",
    "board.border": "{border} {kind:border}",
    "board.moves_legend": "How Korrigans move: Hare over an open border (any border not listed), "
    "Squirrel through a gate, Mouse over a bridge. A river border cannot be "
    "crossed on foot: only the Bird (to a field of the same colour), the "
    "Mole (sand to sand) and the Frog (pontoon to pontoon) get past it. The "
    "Troll blocks one open border, gate or bridge for Hare, Squirrel and "
    "Mouse.",
    "board.troll": "Troll: {border}",
    "board.troll_beside": "Troll: beside the board",
    "board.elf": "Elf: {kids:kids}",
    "board.goblin": "Goblin: {kids:kids}",
    "board.out": "Out of the game: {out:out}",
    "board.out_item": "{n} {kind:menhir}",
    "board.player": "{p:seat}: {held:msg}; Companions: {comps:tokens}",
    "board.player_first": "{p:seat} (first player): {held:msg}; Companions: {comps:tokens}",
    "board.screen": "{n} behind screen",
    "board.no_screen": "screen removed, {n} tokens open",
    "board.backup": "; Backup: {side:backup}",
    "board.menhirs": "; Menhirs: {kinds:menhirs}",
    "board.tokens": "; tokens: {kinds:tokens}",
    "board.gold": "; **gold {total}** (tokens {tokens}, Menhirs {menhirs}, Elf/Goblin "
    "{elf_goblin}, Cauldron {cauldron})",
    "board.companions_left": "; Companions left: {n}",
    "board.visible_gold": "; visible gold {n}",
    "board.winner": "**Winner: {p:seat}**",
    "board.winner_why": "**Winner: {p:seat}** ({why:msg})",
    "board.tie.companions": "tied on gold: most Companions left wins",
    "board.tie.turn_order": "tied on gold and Companions left: the later player in turn order wins",
    # --- under the final scores (render.result_note) -----------------------------------------
    "note.companions": "Tied on {gold} gold: most Companions left wins ({left:lefts}).",
    "note.turn_order": "Tied on {gold} gold and on Companions left ({left:lefts}): the later "
    "player in turn order wins.",
    "note.left_of": "{p:seat} {n}",
    # --- a seat's panel (render.hand_text) ----------------------------------------------------
    "hand.title": "**Your Korrigans** ({p:seat})",
    "hand.behind": "Behind your screen: {kinds:tokens}",
    "hand.front": "In front of it: {kinds:tokens}",
    "hand.front_backup": "In front of it: {kinds:tokens}; Backup: {side:backup}",
    "hand.stand": "Your Korrigans stand on: {items:places}",
    "hand.on": "K{k} on {f}",
    "hand.nowhere": "K{k} on -",
    "hand.carry.elf": "K{k} carries the Elf ({points:+d} gold; an opponent who moves onto its "
    "field takes it).",
    "hand.carry.goblin": "K{k} carries the Goblin ({points:+d} gold; move it onto an opponent's "
    "Korrigan to hand it over).",
    "hand.gold": "Gold now: {total} (tokens {tokens}, Menhirs {menhirs}, Elf/Goblin "
    "{elf_goblin}, Cauldron {cauldron})",
    "hand.sacrificed": "Sacrificed: {kinds:tokens}",
    "hand.looking": "**On {f} you see:** {kinds:tokens}",
    "hand.seen": "Fields you have seen (what you left there):",
    "hand.seen_field": "- {f}: {kinds:tokens}",
}


def _kor(kid_id: str) -> Msg:
    """A Korrigan's id in a view ("p1k2") on the board: "{p0} K2"."""
    kid = parse_kid(kid_id)
    return msg("board.kor", p=kid // 2, k=kid % 2 + 1)


def korrigan(kid_id: str, lang: str = "en") -> str:
    """A Korrigan's id in a view ("p1k2") on the board, as text: "{p0} K2"."""
    return render(_kor(kid_id), lang)


# The colours of the fields on the bundled maps (a map may name others: shown as they are).
FIELD_COLOURS = (
    "green",
    "yellow",
    "grey",
    "purple",
    "brown",
    "blue",
    "red",
    "orange",
    "white",
    "black",
    "pink",
    "village",
)

NAMES = {
    "token": TOKEN_NAME,
    "menhir": MENHIR_NAME,
    "colour": dict(enumerate(RAINBOW)),
    "rainbow": {name: name for name in RAINBOW},
    "field_colour": _AsIs({name: name for name in FIELD_COLOURS}),
    "border": {kind: kind for kind in BORDER_KINDS},
    "kor": _Shown(lambda kid: msg("korrigan", p=kid // 2, k=kid % 2 + 1)),
    "tokens": Joined("token", empty="none"),
    "tokens_or_nothing": Joined("token", empty="nothing"),
    "golds": Joined(lambda sg: msg("gold_of", p=sg[0], gold=sg[1]), empty="none"),
    # the board and the panel
    "names": Joined(lambda name: name, empty="none"),
    "rainbows": Joined("rainbow", empty="none"),
    "marks": Joined(lambda mc: msg("board.mark", mark=mc[0], colour=mc[1]), empty="none"),
    "borders": Joined(lambda bk: msg("board.border", border=bk[0], kind=bk[1]), empty="none"),
    "kids": Joined(_kor, empty="none"),
    "out": Joined(lambda kn: msg("board.out_item", kind=kn[0], n=kn[1]), empty="none"),
    "menhirs": Joined("menhir", empty="none"),
    "backup": {"hare": "Hare", "squirrel": "Squirrel", "spent": "used up"},
    "lefts": Joined(lambda sn: msg("note.left_of", p=sn[0], n=sn[1]), empty="none"),
    "places": Joined("msg", empty="none"),
}

catalog(GAME, TEMPLATES, names=NAMES)

__all__ = ["GAME", "NAMES", "TEMPLATES", "korrigan", "msg"]
