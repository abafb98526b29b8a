"""Korrigans: the text players read (board and private panel), issue 12."""

from __future__ import annotations

import re

from engines.korrigans import ENGINE
from engines.korrigans.data import RAINBOW, RAINBOW_MARK
from engines.korrigans.render import MOVES_LEGEND, grid_text
from engines.korrigans.words import msg
from engines.words import render
from tests.engines.test_korrigans import F, M, scenario


def board(st):
    return ENGINE.board_text(ENGINE.view(st, None))


def hand(st, seat):
    return ENGINE.hand_text(ENGINE.view(st, seat))


def test_pawn_marks_never_read_as_a_field():
    assert len(set(RAINBOW_MARK)) == len(RAINBOW)
    assert all(len(m) == 2 and m.islower() for m in RAINBOW_MARK)
    # every colour on the grid: each margin shows its pawn's mark, none is a field's name
    st = scenario(suns=[0, 1, 2, 3, 4, 5, 6], clouds=[6, 5, None, None, None, None])
    lines = grid_text(ENGINE.view(st, None)).splitlines()
    cloud_marks = lines[1].split()
    sun_marks = [line.split()[1] for line in lines[2:]]
    assert sun_marks == list(RAINBOW_MARK)
    assert cloud_marks == ["vi", "in", ".", ".", ".", "."]
    assert not set(cloud_marks + sun_marks) & set(M.letters)
    # the Village is V, the violet pawn is not
    assert re.search(r"^S7 vi ", "\n".join(lines), re.M) and "V" in lines[4]
    text = board(st)
    assert "vi violet" in text and "in indigo" in text


def test_board_explains_every_border_kind_and_the_river():
    text = board(scenario())
    assert MOVES_LEGEND in text
    assert "river border cannot be crossed on foot" in text
    for word in ("open border", "gate", "bridge", "sand", "pontoon", "same colour", "Troll"):
        assert word in MOVES_LEGEND
    kinds = {b["kind"] for b in ENGINE.view(scenario(), None)["map"]["borders"]}
    assert kinds == {"river", "gate", "bridge"}


def test_first_player_is_marked_on_the_board():
    text = board(scenario(n=3, pos=("A", "N", "C", "O", "D", "I")))
    assert "{p0} (first player):" in text
    assert "{p1} (first player)" not in text and "{p2} (first player)" not in text


def _over(shown, backup=None):
    st = scenario(
        n=3,
        phase="over",
        pos=("A", "B", "C", "D", "E", "F"),
        hidden=[["g4"], ["g4"], ["g1"]],
        shown=shown,
        cauldron=F["V"],
        backup=backup or [None, None, None],
    )
    st["stack"] = []
    return st


def test_final_scores_show_companions_left_when_they_break_a_tie():
    st = _over([["hare", "bird"], ["mole"], ["frog"]])
    view = ENGINE.view(st, None)
    assert view["tie_break"] == "companions" and view["winners"] == [0]
    text = ENGINE.board_text(view)
    lines = {line.split(":")[0]: line for line in text.splitlines() if line.startswith("{p")}
    assert "Companions left: 2" in lines["{p0} (first player)"]
    assert "Companions left: 1" in lines["{p1}"]
    assert "Companions left" not in lines["{p2}"]  # 1 gold: not in the tie
    assert "**Winner: {p0}** (tied on gold: most Companions left wins)" in text


def test_final_scores_name_turn_order_when_companions_tie_too():
    st = _over([["hare"], ["mole"], ["frog"]])
    view = ENGINE.view(st, None)
    assert view["tie_break"] == "turn_order" and view["winners"] == [1]
    assert (
        "**Winner: {p1}** (tied on gold and Companions left: the later player in turn order wins)"
    ) in ENGINE.board_text(view)


def test_final_scores_without_a_tie_say_nothing_about_companions():
    st = _over([["hare"], ["mole"], ["frog"]])
    st["hidden"][1] = ["g3"]
    view = ENGINE.view(st, None)
    assert view["tie_break"] is None
    text = ENGINE.board_text(view)
    assert "Companions left" not in text and "**Winner: {p0}**\n" not in text
    assert text.endswith("**Winner: {p0}**")


def test_private_panel_says_which_korrigan_carries_what():
    st = scenario(carry=[None, "elf", "goblin", None], supply={"elf": 1, "goblin": 1})
    mine = hand(st, 0)
    assert "K2 carries the Elf (+2 gold" in mine and "K1 carries" not in mine
    theirs = hand(st, 1)
    assert "K1 carries the Goblin (-2 gold" in theirs and "carries the Elf" not in theirs
    assert "carries" not in hand(scenario(), 0)


def test_out_of_game_tokens_are_counted_on_the_board():
    st = scenario(out={"elf": 1, "goblin": 2})
    assert "Out of the game: 1 Elf, 2 Goblin" in board(st)
    assert "Out of the game" not in board(scenario())


def test_result_note_under_the_final_scores_explains_a_tie_break():
    st = _over([["hare", "bird"], ["mole"], ["frog"]])
    assert ENGINE.result_note(st) == ("Tied on 4 gold: most Companions left wins ({p0} 2, {p1} 1).")
    st = _over([["hare"], ["mole"], ["frog"]])
    assert ENGINE.result_note(st) == (
        "Tied on 4 gold and on Companions left ({p0} 1, {p1} 1): "
        "the later player in turn order wins."
    )
    st["hidden"][1] = ["g3"]
    assert ENGINE.result_note(st) == ""
    st = scenario()
    assert ENGINE.result_note(st) == ""  # not over: nothing to explain


# --- the English of messages (rule tests check ids and parameters; these check the words) ---
def test_event_sentences_in_english():
    assert (
        render(msg("kept", token="g3", f="D", left=["bird", "g1"]))
        == "You keep a Gold 3 from D (left there: Bird, Gold 1)."
    )
    assert (
        render(msg("kept", token="g3", f="D", left=[]))
        == "You keep a Gold 3 from D (left there: nothing)."
    )
    assert (
        render(
            msg(
                "moved",
                kid=3,
                src="A",
                dst="B",
                used=msg("backup_companion", side="squirrel").to_json(),
            )
        )
        == "{p1}'s Korrigan 2 goes from A to B with the Backup Companion (Squirrel)."
    )
    assert (
        render(
            msg(
                "moved_final",
                kid=0,
                src="D",
                dst="H",
                used=msg("companion", comp="squirrel").to_json(),
            )
        )
        == "{p0}'s Korrigan 1 goes from D to H with the Squirrel (discarded)."
    )
    assert render(msg("final_turn", p=1, comps=[])) == "{p1}'s final turn. Companions: none."
    assert (
        render(msg("final_turn_backup", p=0, comps=["hare", "mole"], side="hare"))
        == "{p0}'s final turn. Companions: Hare, Mole, Backup (Hare)."
    )
    assert (
        render(msg("game_over", gold=[[0, 12], [1, 8]], p=0))
        == "Game over. Gold: {p0} 12, {p1} 8. {p0} wins!"
    )
    assert render(msg("draw_aside", p=0, c=1)) == "{p0} draws orange again: the pawn is set aside."
    assert (
        render(msg("troll_placed", p=0, kind="gate", border="A-B"))
        == "{p0} puts the Troll on the gate border A-B."
    )
    assert (
        render(msg("carried_leaves", kind="elf", kid=0))
        == "The Elf that {p0}'s Korrigan 1 carried before leaves the game."
    )


def test_labels_and_prompts_in_english():
    st = scenario(hidden=[["hare", "g1"], []], backup=["squirrel", None])
    assert ENGINE.describe(st, 0, "mv:2:backup:i") == "Korrigan 2: Backup Squirrel to I"
    assert ENGINE.describe(st, 0, "troll:a-b") == "Troll on A-B (gate)"
    assert ENGINE.describe(st, 0, "kor:2") == "Move Korrigan 2 (on N)"
    assert ENGINE.describe(st, 0, "sun:3") == "Pawn on Sun 3"
    assert render(ENGINE.prompt(st, None)) == "{p0} moves a Korrigan with a Companion."
    st = scenario(step={"k": "sac", "s": 1, "side": "hare"})
    assert (
        render(ENGINE.view(st, 0)["prompt"])
        == "{p1} sacrifices a token for a Backup Companion (Hare side)."
    )
    assert board(st).startswith(
        "**Korrigans** - {p1} sacrifices a token for a Backup Companion (Hare side).\n"
    )
