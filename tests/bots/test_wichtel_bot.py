"""What the Der Herr der Wichtel bot knows (``bots.games.wichtel``): pure, no arena runs."""

from __future__ import annotations

import random

from bots import HardPolicy
from bots.games import wichtel
from bots.games.wichtel import potential
from engines.base import clone
from engines.wichtel import ENGINE


def _give(s: dict, seat: int, cards: list[str]) -> dict:
    """``seat``'s retinue becomes ``cards``, swapping them with wherever they lay (the
    engine's inventory stays whole)."""
    s = clone(s)
    zones = [s["left_stack"], s["right_stack"], s["square"]] + [
        r for i, r in enumerate(s["ret"]) if i != seat
    ]
    mine = s["ret"][seat]
    for k, card in enumerate(cards):
        if mine[k] == card:
            continue
        if card in mine[k + 1 :]:
            j = mine.index(card, k + 1)
            mine[k], mine[j] = mine[j], mine[k]
            continue
        zone = next(z for z in zones if card in z)
        zone[zone.index(card)] = mine[k]
        mine[k] = card
    return s


def _mid_round(seed: int = 3, players: int = 3) -> dict:
    """A position a few moves into the first round."""
    s = ENGINE.new_game(players, seed)
    rnd = random.Random(seed)
    for _ in range(6):
        seat = ENGINE.to_act(s)[0]
        legal = ENGINE.legal_actions(s, seat)
        calls = [a for a in legal if a.startswith("call:")] or legal
        s, _ = ENGINE.apply(s, seat, rnd.choice(calls))
    return s


def test_a_fresh_round_is_worth_the_same_to_everyone():
    s = ENGINE.new_game(4, 7)
    assert wichtel.deep_value(s) == [0.0] * 4
    assert wichtel.value(s) != [0.0] * 4  # ``normal`` still sees the dealt retinues


def test_the_potential_sees_one_swap_with_the_square():
    # Spear Thrower (KS,KS,KS,FA: 6 + 5) reaches Sergeant with a Speerwerfer from the square.
    assert potential(["ks", "ks", "ks", "fa"], ["sw", "hs"], 11) == 4 + 2 + 2 + 2 + 10
    assert potential(["ks", "ks", "ks", "fa"], ["hs", "fa"], 11) == 11


def test_deep_value_prefers_a_title_and_a_reachable_one():
    base = _mid_round()
    title = _give(base, 0, ["ge", "ww", "ww", "sw"])  # Wood Marshal
    junk = _give(base, 0, ["fa", "hs", "ks", "hf"])
    assert wichtel.deep_value(title)[0] > wichtel.deep_value(junk)[0] + 20
    near = _give(base, 0, ["ks", "ks", "ks", "fa"])
    near["square"][0] = "sw" if "sw" not in near["ret"][0] else near["square"][0]
    far = clone(near)
    far["square"] = ["hs"] * len(far["square"])  # not an inventory: only the value is looked at
    assert wichtel.deep_value(near)[0] > wichtel.deep_value(far)[0]


def _offer(s: dict, seat: int) -> dict:
    s = clone(s)
    s.update(wahlleiter="free", phase="endround", offer=[seat], active=seat)
    return s


def test_rollouts_end_a_round_only_when_ahead():
    base = _mid_round()
    ahead = _offer(_give(base, 0, ["ge", "ww", "ww", "sw"]), 0)
    behind = _offer(_give(base, 0, ["hw", "ks", "ks", "sw"]), 0)
    rnd = random.Random(1)
    legal = ["continue", "endround"]
    assert wichtel.rollout_action(ENGINE, ahead, 0, legal, rnd) == "endround"
    assert wichtel.rollout_action(ENGINE, behind, 0, legal, rnd) == "continue"


def test_hard_ends_the_round_with_a_chieftain_and_plays_on_with_a_widow():
    base = _mid_round(seed=11)
    chief = _offer(_give(base, 0, ["hw", "hd", "me", "ge"]), 0)  # 99: the game is won
    widow = _offer(_give(base, 0, ["hw", "va", "hf", "sw"]), 0)  # -12 if it ended now
    policy = HardPolicy(iterations=24, **wichtel.HARD)
    legal = ENGINE.legal_actions(chief, 0)
    assert policy.choose(ENGINE, chief, 0, legal, random.Random(2)) == "endround"
    assert policy.choose(ENGINE, widow, 0, legal, random.Random(2)) == "continue"


def test_an_enlister_counts_the_leprechaun_under_the_die():
    s = _give(_mid_round(), 0, ["ks", "ks", "ks", "fa"])
    s.update(active=0, phase="bribe")
    idle = clone(s)
    s["enl"] = {"pos": 0, "card": "sw"}  # Sergeant within reach: 20 instead of 11
    idle["enl"] = None
    assert wichtel.deep_value(s)[0] > wichtel.deep_value(idle)[0] + 3
