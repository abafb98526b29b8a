"""Korrigans: one test per rule on hand-built states, map validation, hidden information.

``scenario(...)`` builds a known state in one line; ``play`` applies one action through
Engine.apply (so legality is checked) and returns the new state and its events. News is checked
as message ids and parameters (``news``/``said``); the English is the renderer's business
(tests/engines/test_korrigans_text.py, tests/golden/korrigans.txt).
"""

from __future__ import annotations

import copy
import json

import pytest

from engines import GameError, IllegalAction
from engines.korrigans import ENGINE
from engines.korrigans.engine import V1_KEYS
from engines.korrigans.maps import MapError, load_map, validate
from engines.korrigans.moves import destinations
from engines.korrigans.rainbow import cauldron_fields
from engines.korrigans.render import MOVES_LEGEND
from engines.korrigans.scoring import breakdown, winners
from engines.korrigans.words import msg

M = load_map("standard")
F = M.idx  # letter -> field index


def scenario(
    n=2,
    pos=("A", "N", "C", "O"),
    hidden=None,
    shown=None,
    tokens=None,
    men=None,
    step=None,
    phase="play",
    **extra,
) -> dict:
    """A state in the movement phase with the given positions and tokens.

    pos: a field letter (or None) per Korrigan, seat 0's two first; hidden/shown: token lists per
    seat; tokens/men: {letter: tokens} / {letter: menhir} for the fields named (others keep the
    seeded setup); step: the pending decision (default: seat 0 must move).
    """
    st = ENGINE.new_game(n, 7)
    st["phase"] = phase
    st["pi"] = 2 * n
    st["pos"] = [None if x is None else F[x] for x in pos]
    st["hidden"] = [sorted(h) for h in (hidden or [[] for _ in range(n)])]
    st["shown"] = [sorted(h) for h in (shown or [[] for _ in range(n)])]
    for letter, kinds in (tokens or {}).items():
        st["tokens"][F[letter]] = sorted(kinds)
    for letter, kind in (men or {}).items():
        st["men"][F[letter]] = kind
    st["stack"] = [step or {"k": "move", "s": 0, "x": 0}]
    st["mover"] = 1
    st["holder"] = 1
    st.update(extra)
    return st


def play(st, seat, action):
    return ENGINE.apply(st, seat, action)


def news(events):
    """The public events as (id without "korrigans.", params)."""
    return [
        (e.message.key.partition(".")[2], e.message.params) for e in events if e.audience is None
    ]


def said(events, seat):
    """The events only ``seat`` gets, as (id, params)."""
    return [
        (e.message.key.partition(".")[2], e.message.params) for e in events if e.audience == (seat,)
    ]


def ids(events):
    return [key for key, _ in news(events)]


def dests(field, comp, troll=None):
    return sorted(M.letters[j] for j in destinations(M, troll, F[field], comp))


# --- the map and every Companion --------------------------------------------------------------
def test_map_loads_with_rulings_layout():
    assert M.rows == 7 and M.cols == 6
    assert M.letters == list("ABCDEFGHIJKLMNOPV")
    assert sum(M.clovers) == 48
    assert M.border_kind["b-c"] == "bridge" and M.border_kind["a-b"] == "gate"
    assert M.border_kind["c-f"] == "river" and M.border_kind["a-d"] == "open"


def test_hare_crosses_open_borders_only():
    assert dests("A", "hare") == ["D", "E"]  # A-B is a gate
    assert dests("F", "hare") == ["B", "V"]  # C-F, F-G are river banks
    assert dests("C", "hare") == ["G"]  # B-C is a bridge


def test_squirrel_crosses_gates():
    assert dests("A", "squirrel") == ["B"]
    assert dests("M", "squirrel") == ["K", "P"]
    assert dests("C", "squirrel") == []


def test_mouse_crosses_bridges():
    assert dests("B", "mouse") == ["C"]
    assert dests("V", "mouse") == ["G"]
    assert dests("L", "mouse") == ["N"]
    assert dests("A", "mouse") == []


def test_bird_same_colour_anywhere_and_not_from_village():
    assert dests("A", "bird") == ["G", "M"]
    assert dests("C", "bird") == ["J", "K", "P"]
    assert dests("V", "bird") == []


def test_mole_sand_to_sand():
    assert dests("A", "mole") == ["I", "K", "P"]
    assert dests("B", "mole") == []


def test_frog_pontoon_to_pontoon():
    assert dests("C", "frog") == ["F", "G", "L", "N", "P"]
    assert dests("A", "frog") == []


def test_troll_blocks_hare_squirrel_mouse_not_bird_mole_frog():
    assert dests("A", "hare", troll="a-d") == ["E"]
    assert dests("D", "hare", troll="a-d") == ["E"]
    assert dests("A", "squirrel", troll="a-b") == []
    assert dests("B", "mouse", troll="b-c") == []
    assert dests("A", "bird", troll="a-d") == ["G", "M"]
    assert dests("A", "mole", troll="a-d") == ["I", "K", "P"]
    assert dests("C", "frog", troll="c-g") == ["F", "G", "L", "N", "P"]


def test_troll_blocking_in_legal_actions():
    st = scenario(hidden=[["hare"], []], troll="a-d")
    assert ENGINE.legal_actions(st, 0) == [
        "backup:hare",
        "backup:squirrel",
        "mv:1:hare:e",
        "mv:2:hare:i",
    ]


# --- moving -----------------------------------------------------------------------------------
def test_first_use_reveals_the_companion_and_it_stays_usable():
    st = scenario(hidden=[["hare", "g2"], []], tokens={"D": ["g1", "g3"]})
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["shown"][0] == ["hare"] and st2["hidden"][0] == ["g2"]
    assert ("reveals", {"p": 0, "comp": "hare"}) in news(ev)
    assert st2["pos"][0] == F["D"]
    # the gathering waits for seat 0's pick
    assert ENGINE.to_act(st2) == [0] and ENGINE.legal_actions(st2, 0) == ["take:g1", "take:g3"]


def test_revealed_companion_is_used_before_a_hidden_one():
    st = scenario(hidden=[["hare"], []], shown=[["hare"], []], tokens={"D": ["g1", "g3"]})
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["hidden"][0] == ["hare"] and st2["shown"][0] == ["hare"]
    assert "reveals" not in ids(ev)


def test_move_is_mandatory_no_pass_offered():
    st = scenario(hidden=[["bird"], []])
    assert "pass" not in ENGINE.legal_actions(st, 0)
    assert "mv:1:bird:g" in ENGINE.legal_actions(st, 0)


def test_no_move_at_all_skips_the_turn():
    # Korrigans on V and B with only a Frog and no token to sacrifice for a Backup
    st = scenario(pos=("V", "B", "C", "O"), shown=[["frog"], ["hare"]], step={"k": "turn", "s": 0})
    st["stack"] = []
    st["mover"] = 0
    events = []
    ENGINE.advance(st, events)
    assert ("no_move", {"p": 0}) in news(events)
    assert ENGINE.to_act(st) == [1]


def test_no_companion_forces_the_backup_with_a_useful_side():
    st = scenario(pos=("C", "N", "A", "O"), hidden=[["g1", "g2"], []])
    # C: Hare goes to G; no gate from C or N (N-I open, L-N bridge, N-P river): Hare side only
    assert ENGINE.legal_actions(st, 0) == ["backup:hare"]


def test_backup_sacrifice_is_secret_and_gives_a_fixed_side():
    st = scenario(hidden=[["g1", "g4", "mole"], []], tokens={"D": ["g1", "g2"], "E": ["g1", "g2"]})
    st2, ev = play(st, 0, "backup:squirrel")
    assert ENGINE.legal_actions(st2, 0) == ["sac:g1", "sac:g4", "sac:mole"]
    st3, ev = play(st2, 0, "sac:g4")
    assert st3["backup"][0] == "squirrel" and st3["hidden"][0] == ["g1", "mole"]
    assert st3["sacrificed"][0] == ["g4"] and st3["bk_supply"] == 4
    assert news(ev) == [("sacrifice_unseen", {"p": 0, "side": "squirrel"})]
    assert said(ev, 0) == [("sacrificed", {"token": "g4"})]
    # squirrel side: A-B gate only; never as a hare
    assert ENGINE.legal_actions(st3, 0) == [
        "mv:1:backup:b",
        "mv:1:mole:i",
        "mv:1:mole:k",
        "mv:1:mole:p",
    ]


def test_backup_only_once_per_game():
    st = scenario(hidden=[["g1", "hare"], []], backup=["hare", None])
    assert not any(a.startswith("backup:") for a in ENGINE.legal_actions(st, 0))


def test_backup_with_one_token_sacrifices_it_at_once():
    st = scenario(hidden=[["g3"], []])
    st2, ev = play(st, 0, "backup:hare")
    assert st2["sacrificed"][0] == ["g3"] and st2["backup"][0] == "hare"
    assert ENGINE.legal_actions(st2, 0) == ["mv:1:backup:d", "mv:1:backup:e", "mv:2:backup:i"]


def test_backup_not_after_the_cauldron():
    st = scenario(
        phase="final",
        hidden=[["g1", "g2"], []],
        shown=[["hare"], []],
        step={"k": "final", "s": 0},
        cauldron=F["V"],
    )
    assert not any(a.startswith("backup") for a in ENGINE.legal_actions(st, 0))


def test_backup_sacrifice_leaving_no_move_skips():
    # the only Companion (a hidden Bird) is sacrificed for a useless Squirrel side (C has no gate)
    st = scenario(pos=("C", "N", "A", "O"), hidden=[["bird", "g1"], []])
    st2, _ = play(st, 0, "backup:squirrel")
    st3, ev = play(st2, 0, "sac:bird")
    assert news(ev)[1] == ("no_move_left", {"p": 0})
    assert ENGINE.to_act(st3) == [1]


# --- the gathering and Menhirs ----------------------------------------------------------------
def test_gathering_keeps_one_secretly_and_remembers_the_rest():
    st = scenario(hidden=[["hare"], []], tokens={"D": ["g1", "g3", "bird"]})
    st2, _ = play(st, 0, "mv:1:hare:d")
    v = ENGINE.view(st2, 0)
    assert v["you"]["looking_at"] == {"field": "D", "tokens": ["bird", "g1", "g3"]}
    assert "looking_at" not in ENGINE.view(st2, 1)["you"]
    st3, ev = play(st2, 0, "take:g3")
    assert st3["hidden"][0] == ["g3"] and st3["tokens"][F["D"]] == ["bird", "g1"]
    assert st3["seen"][0] == {"d": "bird,g1"}
    assert news(ev)[0] == ("looks", {"p": 0, "f": "D"})
    assert "g3" not in json.dumps(news(ev))
    assert said(ev, 0) == [("kept", {"token": "g3", "f": "D", "left": ["bird", "g1"]})]
    assert ENGINE.view(st3, 0)["you"]["seen"] == {"D": ["bird", "g1"]}
    assert ENGINE.view(st3, 1)["you"]["seen"] == {}


def test_single_token_is_taken_without_a_choice_and_empty_field_gives_nothing():
    st = scenario(hidden=[["hare"], []], tokens={"D": ["g2"]}, men={"D": "m3"})
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["hidden"][0] == ["g2"] and st2["kept"][0] == ["m3"]
    st = scenario(hidden=[["hare"], []], tokens={"D": []}, men={"D": None})
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert ("field_empty", {"f": "D"}) in news(ev)


def test_gold_menhir_is_kept_and_scores():
    st = scenario(hidden=[["hare"], []], tokens={"D": ["g2", "g1"]}, men={"D": "m4"})
    st2, _ = play(st, 0, "mv:1:hare:d")
    st3, ev = play(st2, 0, "take:g2")
    # seat 0 picked g2 and left g1: not the last token, Menhir stays
    assert st3["men"][F["D"]] == "m4"
    st = scenario(hidden=[["hare"], []], tokens={"D": ["g1", "g2"]}, men={"D": "m4"})
    st["tokens"][F["D"]] = ["g2"]
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["kept"][0] == ["m4"] and st2["men"][F["D"]] is None
    assert breakdown(st2, 0)["menhirs"] == 4
    assert ("menhir_turned", {"p": 0, "f": "D", "kind": "m4"}) in news(ev)


def test_elf_menhir_goes_under_the_korrigan_and_menhir_to_box():
    st = scenario(hidden=[["hare"], []], tokens={"D": ["g1"]}, men={"D": "elf"})
    st2, _ = play(st, 0, "mv:1:hare:d")
    assert st2["carry"][0] == "elf" and st2["supply"]["elf"] == 1
    assert st2["gone_men"] == ["elf"] and breakdown(st2, 0)["elf_goblin"] == 2


def test_goblin_menhir_replaces_an_elf_which_leaves_the_game():
    st = scenario(
        hidden=[["hare"], []],
        tokens={"D": ["g1"]},
        men={"D": "goblin"},
        carry=["elf", None, None, None],
        supply={"elf": 1, "goblin": 2},
    )
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["carry"][0] == "goblin" and st2["out"]["elf"] == 1
    assert breakdown(st2, 0)["elf_goblin"] == -2


def test_elf_passes_to_an_opponent_moving_onto_its_field():
    st = scenario(
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1", "g2"]},
        carry=[None, None, "elf", None],
    )
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["carry"][0] == "elf" and st2["carry"][2] is None
    assert ("elf_passes", {"src": 2, "kid": 0}) in news(ev)


def test_elf_does_not_pass_between_own_korrigans():
    # (an Elf carrier moving onto an opponent's Elf: tests/engines/test_korrigans_carry.py)
    st = scenario(
        pos=("A", "D", "C", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1", "g2"]},
        carry=[None, "elf", None, None],
    )
    st2, _ = play(st, 0, "mv:1:hare:d")
    assert st2["carry"][:2] == [None, "elf"]


def test_goblin_passes_when_its_carrier_moves_onto_an_opponent():
    st = scenario(
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1", "g2"]},
        carry=["goblin", None, None, None],
    )
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["carry"][0] is None and st2["carry"][2] == "goblin"
    # the goblin does not move to a Korrigan that moves onto the carrier
    st = scenario(
        pos=("A", "N", "D", "O"),
        hidden=[[], ["hare"]],
        tokens={"A": ["g1", "g2"]},
        carry=["goblin", None, None, None],
        step={"k": "move", "s": 1, "x": 0},
    )
    st2, ev = play(st, 1, "mv:1:hare:a")
    assert st2["carry"][0] == "goblin"


def test_goblin_receiver_is_chosen_by_the_carrier_and_swap_with_elf():
    st = scenario(
        n=3,
        pos=("A", "N", "D", "O", "D", "I"),
        hidden=[["hare"], [], []],
        tokens={"D": ["g1", "g2"]},
        carry=["goblin", None, "elf", None, None, None],
    )
    st2, ev = play(st, 0, "mv:1:hare:d")
    # the Elf came to the mover at once; now seat 0 chooses who gets the Goblin
    assert st2["carry"][0] == "elf" and st2["carry"][2] is None
    assert ENGINE.legal_actions(st2, 0) == ["goblin:p2k1", "goblin:p3k1"]
    st3, ev = play(st2, 0, "goblin:p2k1")
    assert st3["carry"][2] == "goblin" and st3["out"] == {"elf": 0, "goblin": 0}
    # then the gathering
    assert ENGINE.legal_actions(st3, 0) == ["take:g1", "take:g2"]


def test_two_elves_on_the_field_mover_chooses():
    st = scenario(
        n=3,
        pos=("A", "N", "D", "O", "D", "I"),
        hidden=[["hare"], [], []],
        tokens={"D": ["g1", "g2"]},
        carry=[None, None, "elf", None, "elf", None],
    )
    st2, _ = play(st, 0, "mv:1:hare:d")
    assert ENGINE.legal_actions(st2, 0) == ["elf:p2k1", "elf:p3k1"]
    st3, _ = play(st2, 0, "elf:p3k1")
    assert st3["carry"][0] == "elf" and st3["carry"][4] is None and st3["carry"][2] == "elf"


def test_leprechaun_removes_a_chosen_screen():
    st = scenario(
        n=3,
        pos=("A", "N", "C", "O", "D", "I"),
        hidden=[["hare"], ["g4"], ["bird"]],
        tokens={"D": ["g1"]},
        men={"D": "leprechaun"},
    )
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert ENGINE.legal_actions(st2, 0) == ["lep:p2", "lep:p3"]
    st3, ev = play(st2, 0, "lep:p2")
    assert st3["screen"] == [True, False, True]
    assert news(ev) == [("screen_removed", {"p": 1, "held": ["g4"]})]
    spectator = ENGINE.view(st3, None)
    assert spectator["players"][1]["tokens"] == ["g4"]
    assert "tokens" not in spectator["players"][2]


def test_leprechaun_two_players_target_forced_and_none_left():
    st = scenario(hidden=[["hare"], ["g4"]], tokens={"D": ["g1"]}, men={"D": "leprechaun"})
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["screen"] == [True, False]
    st = scenario(
        hidden=[["hare"], ["g4"]],
        tokens={"D": ["g1"]},
        men={"D": "leprechaun"},
        screen=[True, False],
    )
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert ("leprechaun_leaves", {}) in news(ev)


def test_screenless_player_picks_in_public():
    st = scenario(hidden=[["hare"], []], tokens={"D": ["g1", "g3"]}, screen=[False, True])
    st2, _ = play(st, 0, "mv:1:hare:d")
    st3, ev = play(st2, 0, "take:g3")
    assert news(ev)[0] == ("kept_open", {"p": 0, "token": "g3", "f": "D"}) and not said(ev, 0)


def test_troll_menhir_places_the_troll_in_two_steps_and_moves_it():
    st = scenario(hidden=[["hare"], []], tokens={"D": ["g1"]}, men={"D": "troll"}, troll="l-n")
    st2, _ = play(st, 0, "mv:1:hare:d")
    first = ENGINE.legal_actions(st2, 0)
    assert "troll:a" in first and len(first) <= 25
    st3, _ = play(st2, 0, "troll:a")
    assert ENGINE.legal_actions(st3, 0) == ["troll:a-b", "troll:a-d", "troll:a-e"]
    st4, ev = play(st3, 0, "troll:a-b")
    assert st4["troll"] == "a-b"
    assert news(ev)[0] == ("troll_placed", {"p": 0, "kind": "gate", "border": "A-B"})
    assert ENGINE.view(st4, None)["troll"] == "A-B"


def test_troll_never_on_a_river_bank():
    st = scenario(hidden=[["hare"], []], step={"k": "troll", "s": 0, "f": F["F"]})
    assert ENGINE.legal_actions(st, 0) == ["troll:b-f", "troll:f-v"]


def test_fairy_gives_an_optional_extra_move_with_either_korrigan():
    st = scenario(
        hidden=[["hare", "frog"], []], tokens={"D": ["g1"], "L": ["g2", "g3"]}, men={"D": "fairy"}
    )
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert ENGINE.to_act(st2) == [0]
    acts = ENGINE.legal_actions(st2, 0)
    assert "pass" in acts and "mv:2:frog:l" in acts and "mv:1:hare:e" in acts
    st3, _ = play(st2, 0, "mv:2:frog:l")
    assert ENGINE.legal_actions(st3, 0) == ["take:g2", "take:g3"]
    st4, _ = play(st2, 0, "pass")
    assert ENGINE.to_act(st4) == [1]


# --- placement --------------------------------------------------------------------------------
def test_placement_rounds_standard():
    st = ENGINE.new_game(3, 1)
    assert ENGINE.to_act(st) == [0] and ENGINE.legal_actions(st, 0) == ["place:a", "place:n"]
    st, ev = play(st, 0, "place:n")
    assert ENGINE.legal_actions(st, 0)[0].startswith("take:")
    st, _ = play(st, 0, ENGINE.legal_actions(st, 0)[0])
    assert ENGINE.legal_actions(st, 1) == ["place:c", "place:o"]
    st, _ = play(st, 1, "place:c")
    st, _ = play(st, 1, ENGINE.legal_actions(st, 1)[0])
    st, _ = play(st, 2, "place:i")
    st, ev = play(st, 2, ENGINE.legal_actions(st, 2)[0])
    # second round, same order, each on the other field of his number
    assert st["pos"][1] == F["A"]
    assert ("arrives", {"kid": 1, "f": "A"}) in news(ev)
    assert ENGINE.to_act(st) == [0]


def test_placement_advanced_any_field_even_occupied():
    st = ENGINE.new_game(2, 1, {"placement": "advanced"})
    assert len(ENGINE.legal_actions(st, 0)) == 17
    st, _ = play(st, 0, "place:v")
    st, _ = play(st, 0, ENGINE.legal_actions(st, 0)[0])
    assert "place:v" in ENGINE.legal_actions(st, 1)


def test_four_players_one_more_token_per_field():
    st2 = ENGINE.new_game(2, 3)
    st4 = ENGINE.new_game(4, 3)
    assert [len(t) for t in st4["tokens"]] == [c + 1 for c in M.clovers]
    assert [len(t) for t in st2["tokens"]] == M.clovers
    assert len(st2["box_tok"]) == 17 and st4["box_tok"] == []
    assert sum(1 for x in st4["men"] if x) == 16 and st4["men"][M.village] is None


def test_bad_options_rejected():
    with pytest.raises(GameError, match="'placement' must be one of standard, advanced"):
        ENGINE.new_game(2, 1, {"placement": "anywhere"})
    with pytest.raises(GameError, match="Korrigans is for 2 to 5 players, not 6"):
        ENGINE.new_game(6, 1)
    with pytest.raises(GameError, match="no option called 'speed'"):
        ENGINE.new_game(2, 1, {"speed": 3})


# --- the rainbow ------------------------------------------------------------------------------
def _round_start(**kw):
    st = scenario(**kw)
    st["stack"] = []
    st["mover"] = st["n"]
    return st


def _advance(st):
    events = []
    ENGINE.advance(st, events)
    return events


def test_new_colour_goes_on_a_free_sun_and_bag_passes_left():
    st = _round_start(holder=1, bag=[2, 2])
    events = _advance(st)
    assert news(events) == [("draw_sun", {"p": 1, "c": 2})]
    assert st["holder"] == 0 and ENGINE.to_act(st) == [1]
    assert ENGINE.legal_actions(st, 1) == ["sun:%d" % i for i in range(1, 8)]
    st2, ev = play(st, 1, "sun:4")
    assert st2["suns"][3] == 2 and ENGINE.to_act(st2) == [0]  # then movement, first player
    assert ENGINE.view(st2, None)["suns"][3] == "yellow"


def test_repeated_colour_goes_on_a_free_cloud():
    st = _round_start(
        bag=[2],
        drawn=[2],
        suns=[2, None, None, None, None, None, None],
        hidden=[["hare"], ["hare"]],
    )
    _advance(st)
    assert ENGINE.legal_actions(st, 1) == ["cloud:%d" % i for i in range(1, 7)]
    st2, _ = play(st, 1, "cloud:6")
    assert st2["clouds"][5] == 2


def test_fifth_cloud_starts_the_chain_without_moves():
    from engines.korrigans.rainbow import draw

    st = _round_start(
        n=3,
        pos=("A", "N", "C", "O", "D", "I"),
        hidden=[["hare"]] * 3,
        holder=1,
        bag=[0],
        drawn=[0, 1, 2, 3],
        suns=[0, 1, 2, 3, None, None, None],
        clouds=[0, 1, 2, 3, None, None],
    )
    _advance(st)
    assert ENGINE.to_act(st) == [1]
    st["bag"] = [4]
    st2, ev = play(st, 1, "cloud:5")
    assert st2["chain"] and ids(ev)[:2] == ["on_cloud", "chain"]
    # no movement: the next player (2) draws at once and places his new colour
    assert news(ev)[2:] == [("draw_sun", {"p": 2, "c": 4})]
    assert ENGINE.to_act(st2) == [2] and ENGINE.legal_actions(st2, 2)[0] == "sun:5"
    # during the chain a repeated colour is set aside
    st3 = copy.deepcopy(st2)
    st3["stack"], st3["held"], st3["bag"] = [], None, [1]
    events = []
    draw(st3, events)
    assert events[0].message == msg("draw_aside", p=0, c=1)
    assert st3["aside"] == [1] and st3["clouds"][5] is None and st3["holder"] == 1


def test_seventh_colour_makes_the_cauldron_appear():
    st = _round_start(
        holder=0,
        bag=[6, 6],
        drawn=[0, 1, 2, 3, 4, 5],
        suns=[0, 1, 2, None, 3, 4, 5],
        clouds=[0, 1, None, None, None, None],
        pos=("A", "N", "H", "O"),
    )
    events = _advance(st)
    assert news(events) == [("draw_last", {"p": 0, "c": 6})] and events[0].highlight
    assert st["aside"] == [6]
    # free Sun 4 (H H V V G I) and Clouds 3-6: V, G, I; seat 0 has no Korrigan there
    assert ENGINE.legal_actions(st, 0) == ["cauldron:g", "cauldron:i", "cauldron:v"]
    assert ENGINE.view(st, None)["cauldron_possible"] == ["G", "I", "V"]


def test_cauldron_avoids_the_placers_korrigans_if_possible():
    base = dict(
        holder=0,
        bag=[6],
        drawn=[0, 1, 2, 3, 4, 5],
        suns=[0, 1, 2, None, 3, 4, 5],
        clouds=[0, 1, None, None, None, None],
    )
    st = _round_start(pos=("G", "V", "A", "O"), **copy.deepcopy(base))
    _advance(st)
    assert st["cauldron"] == F["I"]  # the only choice: placed at once
    st = _round_start(pos=("G", "V", "G", "I"), **copy.deepcopy(base))
    _advance(st)
    assert ENGINE.legal_actions(st, 0) == ["cauldron:i"] or st["cauldron"] == F["I"]
    # every eligible field holds one of his Korrigans: any eligible field
    base["clouds"] = [0, 1, 2, 3, None, None]  # free Clouds 5-6 on Sun 4: G and I
    st = _round_start(pos=("G", "I", "A", "O"), **copy.deepcopy(base))
    _advance(st)
    assert ENGINE.legal_actions(st, 0) == ["cauldron:g", "cauldron:i"]


def test_cauldron_fields_intersection_rule():
    st = scenario(suns=[0, 1, None, 2, 3, 4, 5], clouds=[0, 1, 2, 3, None, None])
    # free Sun 3 (D E V V G G) and Clouds 5-6: only G
    assert [M.letters[f] for f in cauldron_fields(st)] == ["G"]


# --- the final turn and scoring ---------------------------------------------------------------
def _final(**kw):
    st = scenario(phase="final", **kw)
    st["stack"] = []
    st["fi"] = 0
    _advance(st)
    return st


def test_final_turn_reveals_all_and_spends_each_token_once():
    st = _final(
        pos=("A", "N", "C", "O"),
        hidden=[["hare", "hare", "g3"], ["bird"]],
        shown=[["squirrel"], []],
        cauldron=F["H"],
        tokens={"D": ["g1", "g2"]},
        backup=["squirrel", None],
    )
    assert st["shown"][0] == ["hare", "hare", "squirrel"] and st["hidden"][0] == ["g3"]
    assert ENGINE.to_act(st) == [0]
    acts = ENGINE.legal_actions(st, 0)
    assert "done" in acts and "mv:1:hare:d" in acts and "mv:1:backup:b" in acts
    st, ev = play(st, 0, "mv:1:hare:d")
    assert st["tokens"][F["D"]] == ["g1", "g2"] and st["hidden"][0] == ["g3"]  # no gathering
    assert st["disc"][0] == ["hare"] and st["shown"][0] == ["hare", "squirrel"]
    st, ev = play(st, 0, "mv:1:squirrel:h")
    assert st["pos"][0] == F["H"] and st["shown"][0] == ["hare"]
    assert st["disc"][0] == ["hare", "squirrel"]
    assert news(ev) == [
        (
            "moved_final",
            {
                "kid": 0,
                "src": "D",
                "dst": "H",
                "used": ["korrigans.companion", {"comp": "squirrel"}],
            },
        )
    ]
    st, ev = play(st, 0, "done")
    assert ENGINE.to_act(st) == [1]
    assert news(ev) == [("final_done", {"p": 0}), ("final_turn", {"p": 1, "comps": ["bird"]})]


def test_final_turn_no_menhir_and_game_ends_after_everyone():
    st = _final(
        pos=("A", "N", "C", "O"),
        hidden=[["hare"], []],
        cauldron=F["D"],
        tokens={"D": ["g1"]},
        men={"D": "m4"},
    )
    st, ev = play(st, 0, "mv:1:hare:d")
    assert st["men"][F["D"]] == "m4" and st["kept"][0] == []
    # seat 0 has nothing left: his final turn ends; seat 1 has nothing: game over
    assert ENGINE.is_over(st)
    assert ENGINE.scores(st)[0] == 10


def test_final_scoring_gold_elf_goblin_menhirs_cauldron():
    st = scenario(
        phase="over",
        pos=("H", "H", "H", "O"),
        hidden=[["g4", "g2", "hare"], ["g3"]],
        kept=[["m3"], []],
        carry=["elf", None, "goblin", None],
        cauldron=F["H"],
    )
    st["stack"] = []
    assert breakdown(st, 0) == {
        "tokens": 6,
        "menhirs": 3,
        "elf_goblin": 2,
        "cauldron": 15,
        "total": 26,
    }
    assert breakdown(st, 1) == {
        "tokens": 3,
        "menhirs": 0,
        "elf_goblin": -2,
        "cauldron": 10,
        "total": 11,
    }
    assert ENGINE.scores(st) == [26, 11] and ENGINE.winners(st) == [0]


def test_ties_most_companions_then_later_player():
    st = scenario(
        n=3,
        phase="over",
        pos=("A", "B", "C", "D", "E", "F"),
        hidden=[["g4"], ["g4"], ["g4"]],
        shown=[["hare", "bird"], ["mole"], ["frog"]],
        cauldron=F["V"],
    )
    st["stack"] = []
    assert ENGINE.scores(st) == [4, 4, 4]
    assert winners(st) == [0]
    st["shown"][0] = ["hare"]
    assert winners(st) == [2]  # all have one Companion: the later player wins
    st["backup"] = [None, "hare", None]
    assert winners(st) == [1]  # an unused Backup Companion counts


# --- map validation ---------------------------------------------------------------------------
def _map_data():
    with open(M_PATH) as fh:
        return json.load(fh)


M_PATH = __import__("os").path.join(
    __import__("os").path.dirname(__import__("engines.korrigans.maps", fromlist=["x"]).__file__),
    "maps",
    "standard.json",
)


@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda d: d["fields"].pop("P"), "grid letter 'P' has no entry"),
        (lambda d: d["borders"]["gate"].append("A-P"), "do not touch"),
        (lambda d: d["borders"]["gate"].append("B-C"), "listed twice"),
        (lambda d: d["borders"].update(wall=["A-D"]), "unknown border kind"),
        (lambda d: d["start"].update({"5": ["J", "J"]}), "start 5"),
        (lambda d: d["start"].update({"5": ["J", "A"]}), "already a start field"),
        (lambda d: d["grid"].pop(), "at least 7 Sun rows"),
        (lambda d: d["fields"]["A"].update(clovers=0), "clovers"),
        (lambda d: d["fields"]["A"].update(clovers=20), "more than the 48"),
        (lambda d: d.update(village="Z"), "village"),
        (lambda d: d["grid"].__setitem__(6, "OOMPPA"), "not connected"),
        (lambda d: d["grid"].__setitem__(0, "AABBC"), "same length"),
        (lambda d: d["fields"]["A"].update(sand="yes"), "'sand' must be true or false"),
    ],
)
def test_map_validation_rejects_broken_maps(breakage, message):
    data = _map_data()
    validate(data)
    breakage(data)
    with pytest.raises(MapError, match=message):
        validate(data, "broken.json")


def test_broken_map_file_gives_a_clear_error(tmp_path):
    from engines.korrigans.maps import load_file

    path = tmp_path / "bad.json"
    path.write_text("{ not json")
    with pytest.raises(MapError, match="bad.json: cannot read JSON"):
        load_file(str(path))
    with pytest.raises(MapError, match="no map called"):
        load_map("nowhere")


# --- hidden information -----------------------------------------------------------------------
def test_spectator_and_other_seats_never_see_hidden_tokens():
    st = scenario(hidden=[["g4", "mole"], ["g1", "frog"]], shown=[["hare"], []])
    spec = ENGINE.view(st, None)
    assert "you" not in spec
    for pl in spec["players"]:
        assert "tokens" not in pl and "companions_left" not in pl
    assert spec["players"][0]["hidden_count"] == 2 and spec["players"][0]["companions"] == ["hare"]
    v1 = ENGINE.view(st, 1)
    assert v1["you"]["tokens"] == ["frog", "g1"] and "tokens" not in v1["players"][0]
    text = json.dumps(spec)
    assert "mole" not in text and "g4" not in text
    # field contents and Menhir kinds are never in a view
    assert all(
        set(f) == {"id", "colour", "sand", "pontoon", "tokens", "menhir", "korrigans"}
        for f in spec["fields"]
    )
    assert "leprechaun" not in text and "fairy" not in text
    board = ENGINE.board_text(spec)
    assert MOVES_LEGEND in board  # it names every Companion: look past it
    assert "Mole" not in board.replace(MOVES_LEGEND, "") and "Gold 4" not in board
    assert len(board) <= 4000
    hand = ENGINE.hand_text(ENGINE.view(st, 0))
    assert "Gold 4" in hand and "Mole" in hand and len(hand) <= 4000


def test_public_events_of_random_games_never_name_a_secret_pick():
    import random

    for n, seed in ((2, 1), (3, 2), (5, 3)):
        rnd = random.Random(seed)
        st = ENGINE.new_game(n, seed)
        while not ENGINE.is_over(st):
            seat = ENGINE.to_act(st)[0]
            action = rnd.choice(ENGINE.legal_actions(st, seat))
            screened = st["screen"][seat]
            new, events = ENGINE.apply(st, seat, action)
            head, _, kind = action.partition(":")
            if screened and head in ("take", "sac"):
                assert not {"kept_open", "sacrifice_open"} & set(ids(events))
                # only a Leprechaun's news (another screen removed) may name that kind of token
                shown = [params for key, params in news(events) if key != "screen_removed"]
                assert '"%s"' % kind not in json.dumps(shown)
                mine = said(events, seat)
                assert (mine[0][0], mine[0][1]["token"]) == (
                    ("kept" if head == "take" else "sacrificed"),
                    kind,
                )
            st = new


def test_illegal_action_is_refused():
    st = scenario(hidden=[["hare"], []])
    with pytest.raises(IllegalAction, match="not your turn"):
        play(st, 1, "mv:1:hare:d")
    with pytest.raises(IllegalAction, match="'mv:1:hare:b' is not a legal move"):
        play(st, 0, "mv:1:hare:b")
    over = scenario(phase="over")
    over["stack"] = []
    with pytest.raises(IllegalAction, match="game is over"):
        play(over, 0, "mv:1:hare:d")


def test_describe_labels_are_short_and_use_placeholders():
    st = scenario(hidden=[["hare", "g1"], []])
    for a in ENGINE.legal_actions(st, 0):
        label = ENGINE.describe(st, 0, a)
        assert 0 < len(label) <= 80
    assert ENGINE.label(st, 0, "mv:1:hare:d") == msg("label.mv", k=1, comp="hare", f="D")
    assert ENGINE.label(st, 0, "lep:p2") == msg("label.lep", p=1)
    assert ENGINE.label(st, 0, "goblin:p2k1") == msg("label.goblin", kid=2)
    # rendered, with the {pN} markers the table service fills
    assert ENGINE.describe(st, 0, "mv:1:hare:d") == "Korrigan 1: Hare to D"
    assert ENGINE.describe(st, 0, "lep:p2") == "Remove {p1}'s screen"
    assert ENGINE.describe(st, 0, "goblin:p2k1") == "Goblin to {p1}'s Korrigan 1"


# --- rulings of this implementation (see the package docstring) ------------------------------
def test_ruling_handovers_also_happen_in_the_final_turn():
    st = _final(
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        cauldron=F["D"],
        carry=["goblin", None, "elf", None],
    )
    st2, ev = play(st, 0, "mv:1:hare:d")
    assert st2["carry"][:4] == ["elf", None, "goblin", None]
    assert ENGINE.is_over(st2)
    assert ENGINE.scores(st2) == [12, 8]  # both on the Cauldron: +10 each, Elf +2, Goblin -2


def test_ruling_fairy_can_chain_into_another_fairy():
    st = scenario(
        hidden=[["hare", "squirrel"], []],
        tokens={"D": ["g1"], "H": ["g2"]},
        men={"D": "fairy", "H": "fairy"},
    )
    st2, _ = play(st, 0, "mv:1:hare:d")
    st3, ev = play(st2, 0, "mv:1:squirrel:h")
    assert ("fairy", {"p": 0}) in news(ev)
    assert "pass" in ENGINE.legal_actions(st3, 0)


def test_ruling_first_player_draws_first_then_the_bag_goes_left():
    st = ENGINE.new_game(3, 9)
    while st["phase"] == "place":
        seat = ENGINE.to_act(st)[0]
        st, ev = play(st, seat, ENGINE.legal_actions(st, seat)[0])
    assert ids(ev)[-1].startswith("draw_") and news(ev)[-1][1]["p"] == 0
    assert st["holder"] == 1


def test_ruling_last_token_taken_while_placing_takes_the_menhir():
    st = ENGINE.new_game(2, 1, {"placement": "advanced"})
    st["tokens"][F["A"]] = ["g2"]
    st["men"][F["A"]] = "m3"
    st2, ev = play(st, 0, "place:a")
    assert st2["kept"][0] == ["m3"] and st2["hidden"][0] == ["g2"]


def test_ruling_troll_may_stay_on_its_border_and_blocks_both_ways():
    st = scenario(step={"k": "troll", "s": 0, "f": F["A"]}, troll="a-d")
    assert "troll:a-d" in ENGINE.legal_actions(st, 0)
    st2, _ = play(st, 0, "troll:a-d")
    assert st2["troll"] == "a-d"
    assert dests("D", "hare", troll="a-d") == ["E"]


def test_engine_metadata_for_the_lobby():
    assert ENGINE.name == "korrigans" and ENGINE.min_players == 2 and ENGINE.max_players == 5
    assert ENGINE.option_choices["placement"] == ["standard", "advanced"]
    assert "standard" in ENGINE.option_choices["map"]
    assert set(ENGINE.option_help) == set(ENGINE.options)
    assert ENGINE.summary


def test_more_than_25_moves_are_split_by_korrigan():
    st = _final(
        pos=("P", "C", "A", "O"),
        hidden=[["frog", "bird", "mole", "hare", "squirrel", "mouse"], []],
        cauldron=F["V"],
        backup=["hare", None],
    )
    acts = ENGINE.legal_actions(st, 0)
    assert acts == ["done", "kor:1", "kor:2"]
    assert ENGINE.describe(st, 0, "kor:1") == "Move Korrigan 1 (on P)"
    st2, _ = play(st, 0, "kor:1")
    acts = ENGINE.legal_actions(st2, 0)
    assert acts[0] == "kor:back" and all(a.startswith("mv:1:") for a in acts[1:])
    assert len(acts) <= 25 and "mv:1:frog:c" in acts
    st3, _ = play(st2, 0, "kor:back")
    assert ENGINE.legal_actions(st3, 0) == ["done", "kor:1", "kor:2"]
    st4, _ = play(st2, 0, "mv:1:frog:c")
    assert "kor" not in st4["stack"][-1]


# --- stored games from before version 2 ------------------------------------------------------
def as_version_1(dump):
    """A dump as version 1 stored it: the short keys of ``V1_KEYS`` in the same places, no
    version stamp."""
    short = {new: old for old, new in V1_KEYS.items()}
    return {short.get(key, key): value for key, value in dump.items() if key != "_v"}


def test_version_2_spells_out_the_short_keys_of_version_1():
    assert ENGINE.state_version == 2
    fresh = ENGINE.dump(ENGINE.new_game(3, 5))
    old = as_version_1(fresh)
    assert [k for k in old if k in V1_KEYS] == ["tok", "hid", "sac"]
    assert list(ENGINE.dump(ENGINE.load(old))) == list(fresh)
    assert ENGINE.load(old) == ENGINE.load(fresh)


def test_a_version_1_game_stored_mid_sacrifice_plays_on():
    """The "sac" step on the decision stack and the "sac:" action ids are not state keys: a
    game stored while a seat chooses its sacrifice finishes it after the upgrade."""
    st = scenario(hidden=[["g1", "g4", "mole"], []], tokens={"D": ["g1", "g2"], "E": ["g1", "g2"]})
    st, _ = play(st, 0, "backup:squirrel")
    old = as_version_1(ENGINE.dump(st))
    assert old["stack"][-1]["k"] == "sac" and old["hid"][0] == ["g1", "g4", "mole"]
    loaded = ENGINE.load(old)
    assert loaded == st and ENGINE.legal_actions(loaded, 0) == ["sac:g1", "sac:g4", "sac:mole"]
    loaded, _ = play(loaded, 0, "sac:g4")
    assert loaded["hidden"][0] == ["g1", "mole"] and loaded["sacrificed"][0] == ["g4"]


def test_the_stored_version_1_fixtures_load_with_readable_keys():
    from pathlib import Path

    for path in sorted(Path(__file__).parent.parent.glob("fixtures/states/korrigans-v1-*.json")):
        data = json.loads(path.read_text())["state"]
        assert "_v" not in data and set(V1_KEYS) <= set(data)
        state = ENGINE.load(data)
        assert not set(V1_KEYS) & set(state)
        for short, name in V1_KEYS.items():
            assert state[name] == data[short]
        assert list(ENGINE.dump(state)) == list(ENGINE.dump(ENGINE.new_game(data["n"], 0)))
