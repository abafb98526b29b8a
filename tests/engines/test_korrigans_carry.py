"""Korrigans: Elf and Goblin handovers against the rulebook's one-token sentence.

"Si un Korrigan con una ficha adquiere otra ficha, la ficha original se retira del juego y se
reemplaza por la nueva" (../shared/rules/korrigans.es.txt; RULINGS.md, Elf/Goblin). Every case
of ruling 7/8 in the package docstring, from hand-made states; each also checks that no token
is created or lost (``inventory``) and that a token leaving the game lands in ``out``.
"""

from __future__ import annotations

from engines.korrigans import ENGINE
from engines.korrigans.scoring import breakdown
from tests.engines.test_korrigans import F, _final, ids, news, play, scenario


def carrying(n, carry, **kw):
    """A scenario whose Elf/Goblin supply holds what the Korrigans do not carry (2 of each)."""
    supply = {k: 2 - sum(1 for c in carry if c == k) for k in ("elf", "goblin")}
    return scenario(n=n, carry=list(carry), supply=supply, **kw)


def moved(st, seat, action):
    st2, ev = play(st, seat, action)
    assert ENGINE.inventory(st2) == ENGINE.inventory(st)
    return st2, ev


# a. An Elf carrier that moves onto an opponent's Elf takes it; its own Elf leaves the game.
def test_elf_carrier_takes_an_opponents_elf_and_its_own_leaves_the_game():
    st = carrying(
        2,
        ["elf", None, "elf", None],
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1", "g2"]},
    )
    st2, ev = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"] == ["elf", None, None, None]
    assert st2["out"] == {"elf": 1, "goblin": 0} and st2["supply"] == {"elf": 0, "goblin": 2}
    assert news(ev)[-2:] == [
        ("elf_passes", {"src": 2, "kid": 0}),
        ("carried_leaves", {"kind": "elf", "kid": 0}),
    ]
    assert breakdown(st2, 0)["elf_goblin"] == 2 and breakdown(st2, 1)["elf_goblin"] == 0
    # the public view and the board say where it went
    view = ENGINE.view(st2, None)
    assert view["out_of_game"] == {"elf": 1, "goblin": 0} and view["elf"] == ["p1k1"]
    assert "Out of the game: 1 Elf" in ENGINE.board_text(view)
    # then the gathering goes on as usual
    assert ENGINE.legal_actions(st2, 0) == ["take:g1", "take:g2"]


def test_elf_carrier_with_its_other_korrigan_on_the_elf_field_still_takes_only_the_opponents():
    st = carrying(
        2,
        [None, "elf", "elf", None],
        pos=("A", "D", "D", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1", "g2"]},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"] == ["elf", "elf", None, None] and st2["out"]["elf"] == 0


# b. An Elf carrier that moves onto an opponent's Goblin gets nothing.
def test_elf_carrier_moving_onto_a_goblin_carrier_gets_nothing():
    st = carrying(
        2,
        ["elf", None, "goblin", None],
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1", "g2"]},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"] == ["elf", None, "goblin", None]
    assert st2["out"] == {"elf": 0, "goblin": 0}


# c. A Goblin handed to a Korrigan that carries a token knocks that token out of the game.
def test_goblin_handed_to_a_goblin_carrier_replaces_its_goblin():
    st = carrying(
        2,
        ["goblin", None, "goblin", None],
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1", "g2"]},
    )
    st2, ev = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"] == [None, None, "goblin", None]
    assert st2["out"] == {"elf": 0, "goblin": 1}
    assert ("carried_leaves", {"kind": "goblin", "kid": 2}) in news(ev)
    assert breakdown(st2, 0)["elf_goblin"] == 0 and breakdown(st2, 1)["elf_goblin"] == -2


def test_goblin_handed_to_an_elf_carrier_the_mover_does_not_take_from_knocks_the_elf_out():
    # two opponents' Elves on the field: the mover takes one, the Goblin goes to the other
    st = carrying(
        3,
        ["goblin", None, "elf", None, "elf", None],
        pos=("A", "N", "D", "O", "D", "I"),
        hidden=[["hare"], [], []],
        tokens={"D": ["g1", "g2"]},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert ENGINE.legal_actions(st2, 0) == ["elf:p2k1", "elf:p3k1"]  # the Elf first
    st3, _ = moved(st2, 0, "elf:p2k1")
    assert st3["carry"][:6] == ["elf", None, None, None, "elf", None]
    assert ENGINE.legal_actions(st3, 0) == ["goblin:p2k1", "goblin:p3k1"]
    st4, ev = moved(st3, 0, "goblin:p3k1")
    assert st4["carry"] == ["elf", None, None, None, "goblin", None]
    assert st4["out"] == {"elf": 1, "goblin": 0}
    assert ("carried_leaves", {"kind": "elf", "kid": 4}) in news(ev)
    # or to the Korrigan that just gave its Elf away: nothing leaves the game
    st4, _ = moved(st3, 0, "goblin:p2k1")
    assert st4["carry"] == ["elf", None, "goblin", None, "elf", None]
    assert st4["out"] == {"elf": 0, "goblin": 0}


def test_goblin_with_a_single_receiver_carrying_a_goblin_is_handed_without_a_question():
    st = carrying(
        3,
        ["goblin", None, "goblin", None, None, None],
        pos=("A", "N", "D", "O", "C", "I"),
        hidden=[["hare"], [], []],
        tokens={"D": ["g1", "g2"]},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert ENGINE.legal_actions(st2, 0) == ["take:g1", "take:g2"]
    assert st2["carry"][:4] == [None, None, "goblin", None] and st2["out"]["goblin"] == 1


# d. A Goblin carrier moving onto an opponent's Elf: a swap, nothing leaves the game.
def test_goblin_carrier_onto_an_elf_is_a_swap():
    st = carrying(
        2,
        ["goblin", None, "elf", None],
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1", "g2"]},
    )
    st2, ev = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"] == ["elf", None, "goblin", None]
    assert st2["out"] == {"elf": 0, "goblin": 0}
    assert "carried_leaves" not in ids(ev)
    assert breakdown(st2, 0)["elf_goblin"] == 2 and breakdown(st2, 1)["elf_goblin"] == -2


def test_goblin_carrier_onto_an_elf_and_a_goblin_picks_who_gets_the_goblin():
    st = carrying(
        3,
        ["goblin", None, "elf", None, "goblin", None],
        pos=("A", "N", "D", "O", "D", "I"),
        hidden=[["hare"], [], []],
        tokens={"D": ["g1", "g2"]},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"][0] == "elf" and st2["carry"][2] is None  # the Elf came at once
    st3, _ = moved(st2, 0, "goblin:p3k1")
    assert st3["carry"] == ["elf", None, None, None, "goblin", None]
    assert st3["out"] == {"elf": 0, "goblin": 1}


# Menhirs: the token from the supply replaces the one carried, of either kind.
def test_elf_menhir_under_an_elf_carrier_replaces_its_elf():
    st = carrying(
        2, ["elf", None, None, None], hidden=[["hare"], []], tokens={"D": ["g1"]}, men={"D": "elf"}
    )
    st2, ev = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"][0] == "elf"
    assert st2["supply"]["elf"] == 0 and st2["out"] == {"elf": 1, "goblin": 0}
    assert ("carried_leaves", {"kind": "elf", "kid": 0}) in news(ev)


def test_goblin_menhir_under_a_goblin_carrier_replaces_its_goblin():
    st = carrying(
        2,
        ["goblin", None, None, None],
        hidden=[["hare"], []],
        tokens={"D": ["g1"]},
        men={"D": "goblin"},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"][0] == "goblin"
    assert st2["supply"]["goblin"] == 0 and st2["out"] == {"elf": 0, "goblin": 1}


def test_elf_menhir_under_a_goblin_carrier_removes_the_goblin():
    st = carrying(
        2,
        ["goblin", None, None, None],
        hidden=[["hare"], []],
        tokens={"D": ["g1"]},
        men={"D": "elf"},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"][0] == "elf" and st2["out"] == {"elf": 0, "goblin": 1}
    assert breakdown(st2, 0)["elf_goblin"] == 2


def test_handover_comes_before_the_gathering_menhir():
    # the mover takes the Elf on arrival, then empties the field: the Goblin Menhir replaces it
    st = carrying(
        2,
        [None, None, "elf", None],
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        tokens={"D": ["g1"]},
        men={"D": "goblin"},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"] == ["goblin", None, None, None]
    assert st2["out"] == {"elf": 1, "goblin": 0}


# e. The final turn: handovers still happen.
def test_elf_carrier_takes_an_elf_in_the_final_turn():
    st = _final(
        pos=("A", "N", "D", "O"),
        hidden=[["hare"], []],
        cauldron=F["D"],
        carry=["elf", None, "elf", None],
        supply={"elf": 0, "goblin": 2},
    )
    st2, _ = moved(st, 0, "mv:1:hare:d")
    assert st2["carry"] == ["elf", None, None, None] and st2["out"]["elf"] == 1
    assert ENGINE.is_over(st2)
    assert ENGINE.scores(st2) == [12, 10]  # both on the Cauldron: +10 each, Elf +2


def test_placement_hands_nothing_over():
    st = ENGINE.new_game(2, 3, {"placement": "advanced"})
    st["carry"] = [None, None, "elf", None]
    st["supply"] = {"elf": 1, "goblin": 2}
    st["pos"][2] = F["D"]
    st["tokens"][F["D"]] = ["g1", "g2"]
    st["stack"] = [{"k": "place", "s": 0, "kid": 1}]
    st2, _ = moved(st, 0, "place:d")
    assert st2["carry"] == [None, None, "elf", None]
