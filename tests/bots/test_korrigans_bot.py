"""The Korrigans bot's knowledge (bots/games/korrigans.py): the Cauldron reach search, the
expected Cauldron bonus in ``deep_value``, and ``hard`` using it in hand-built positions."""

from __future__ import annotations

import random

import pytest

from bots import HardPolicy
from bots.games import korrigans as K
from engines.korrigans import ENGINE
from engines.korrigans.maps import load_map

M = load_map("standard")
F = M.idx


def pack(**kinds: int) -> int:
    return sum(n << (K.BITS * K.KIND[k]) for k, n in kinds.items())


def state(pos, hidden, cauldron=None, phase="play", suns=None, clouds=None, shown=None):
    """A 2-player position: Korrigans on ``pos`` (letters), tokens ``hidden`` per seat."""
    st = ENGINE.new_game(2, 7)
    st["phase"] = phase
    st["pi"] = 4
    st["pos"] = [F[x] for x in pos]
    st["hidden"] = [sorted(h) for h in hidden]
    st["shown"] = [sorted(h) for h in (shown or [[], []])]
    st["cauldron"] = cauldron
    if suns is not None:
        st["suns"] = suns
    if clouds is not None:
        st["clouds"] = clouds
    st["drawn"] = sorted({x for x in st["suns"] if x is not None})
    st["stack"] = [{"k": "move", "s": 0, "x": 0}]
    st["mover"] = 1
    st["holder"] = 1
    return st


def test_reach_uses_each_companion_once():
    # A -> E -> V takes a Hare then a Squirrel (the gate E-V); one Hare alone stops at E.
    need = K.needs("standard", None, F["A"], pack(hare=1, squirrel=1))
    assert F["V"] in need and need[F["V"]] == [pack(hare=1, squirrel=1)]
    assert F["V"] not in K.needs("standard", None, F["A"], pack(hare=1))
    # Two Hares go two open borders, one Hare only one.
    two = K.needs("standard", None, F["A"], pack(hare=2))
    assert F["H"] not in K.needs("standard", None, F["A"], pack(hare=1))
    assert F["H"] in two  # A -> D -> H is a gate; A -> E -> H: both open
    # The Troll's border blocks the Hare.
    troll = M.border_id(F["A"], F["E"])
    assert F["E"] not in K.needs("standard", troll, F["A"], pack(hare=1))


def test_both_korrigans_need_companions_of_their_own():
    # Korrigans on D and H (a gate between): one Squirrel brings one onto the other's field
    # (10), not both onto a third field.
    one = K.bonus_map("standard", None, F["D"], F["H"], pack(squirrel=1))
    assert one[F["D"]] == 15 and one[F["H"]] == 15  # one moves onto the other
    # A and N with a single Frog: only N can move (N -> any pontoon), so C scores 10.
    frog = K.bonus_map("standard", None, F["A"], F["N"], pack(frog=1))
    assert frog[F["C"]] == 10 and frog[F["A"]] == 10
    both = K.bonus_map("standard", None, F["C"], F["N"], pack(frog=2))
    assert both[F["P"]] == 15


def test_deep_value_counts_a_reachable_cauldron_and_value_does_not():
    # Only row 1 and column 1 free (six colours drawn): the Cauldron can only appear on A.
    suns = [None, 0, 1, 2, 3, 4, 5]
    clouds = [None] + [1] * 5
    near = state(("E", "O", "C", "N"), [["hare"], ["hare"]], suns=suns, clouds=clouds)
    far = state(("P", "O", "C", "N"), [["hare"], ["hare"]], suns=suns, clouds=clouds)
    assert K.cauldron_odds(near) == {F["A"]: 1.0}
    weight = K.CAULDRON_WEIGHT.get(2, 1.0)  # these are 2-player positions
    assert 0 < weight <= 1
    assert K.deep_value(near)[0] == pytest.approx(K.value(near)[0] + weight * 10)
    assert K.deep_value(far)[0] == K.value(far)[0]
    assert K.value(near) == K.value(far)
    # With no colour drawn yet the guess counts half (EARLY).
    early = state(("E", "O", "C", "N"), [["hare"], ["hare"]], suns=[None] * 7, clouds=clouds)
    bonus = K.expected_bonus(early)[0]
    assert bonus > 0
    assert K.deep_value(early)[0] == pytest.approx(K.value(early)[0] + weight * K.EARLY * bonus)


def test_final_turn_bonus_is_not_counted_twice():
    st = state(("V", "V", "C", "N"), [[], []], cauldron=F["V"], phase="final")
    st["fi"] = 1
    st["stack"] = [{"k": "final", "s": 0}]
    assert K.expected_bonus(st)[0] == 0.0  # the score already holds the 15


def test_hard_walks_to_the_cauldron_in_the_final_turn():
    # Seat 0: Korrigans on A and O, a Hare and a Squirrel; the Cauldron on V (A -> E -> V).
    st = state(
        ("A", "O", "C", "N"),
        [["g1"], []],
        cauldron=F["V"],
        phase="final",
        shown=[["hare", "squirrel"], []],
    )
    st["fi"] = 1
    st["stack"] = [{"k": "final", "s": 0}]
    legal = ENGINE.legal_actions(st, 0)
    assert "mv:1:hare:e" in legal
    choice = HardPolicy(iterations=24, **K.HARD).choose(ENGINE, st, 0, legal, random.Random(3))
    assert choice == "mv:1:hare:e"


def test_a_pending_pick_counts_its_best_token():
    st = state(("E", "O", "C", "N"), [[], []])
    st["tokens"][F["E"]] = ["g1", "g4"]
    st["stack"] = [{"k": "pick", "s": 0, "kid": 0, "f": F["E"]}]
    before = K.value(st)[0]
    assert K.deep_value(st)[0] >= before + 4  # the Gold 4 is as good as taken
    assert K.deep_value(st)[1] == K._with_cauldron(st)[1]  # the others are untouched
