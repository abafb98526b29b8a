"""Henchmania duels: Guard, weapons, dice, every reaction window and the outcome points."""

from __future__ import annotations

from engines.henchmania import ENGINE as E
from tests.engines.test_henchmania_helpers import make, news, play


def duel(n=2, hands=None, res=None, trumps=None, scores=None, passed=None, rot=None):
    """Seat 0 has a Glove and a turn (the tests fix the duel's dice with the ``dice`` fixture)."""
    hands = {s: list((hands or {}).get(s, [])) + ["choir"] for s in range(n)}
    hands[0].append("glove")  # "choir" keeps everyone in the day (not a Castle card)
    return make(n, hands=hands, res=res, trumps=trumps, scores=scores, passed=passed, rot=rot)


def test_guard_cancels_the_glove_even_after_passing():
    st = duel(hands={1: ["guard"]}, passed=[1])
    st, ev = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.to_act(st) == [1] and E.legal_actions(st, 1) == ["accept", "guard"]
    st, ev = play(st, (1, "guard"))
    assert st["duel"] is None and st["score"] == [5, 5]
    assert "glove" in st["disc"]["square"] and "guard" in st["disc"]["castle"]
    assert st["lastduel"]["st"] == "cancelled"


def test_guard_window_opens_for_any_castle_card_and_reveals_nothing():
    st = duel(hands={1: ["jester"]})
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.legal_actions(st, 1) == ["accept"]
    st2 = duel(hands={1: ["dagger"]})
    st2, _ = play(st2, (0, "play:glove"), (0, "arg:p1"))
    assert st2["step"]["k"] == "weapon" and E.to_act(st2) == [0] or E.to_act(st2) == [1]


def test_bare_hands_attacker_wins_plus_five_minus_one_per_hit(dice):
    st = duel(hands={1: ["prayer"]})
    dice(6, 6, 1, 6, 2)
    st, ev = play(st, (0, "play:glove"), (0, "arg:p1"))
    # Nobody holds an Armory card: both bare-handed, dice rolled, no reaction possible.
    assert st["duel"] is None
    assert st["lastduel"]["ad"] == [6, 6, 1] and st["lastduel"]["dd"] == [6, 2]
    assert st["score"] == [10, 4]
    assert "glove" in st["disc"]["square"]
    assert ("bare", {"seat": 0}) in news(ev) and ("bare", {"seat": 1}) in news(ev)
    assert ("attacker_wins.one", {"n": 1, "a": 0, "d": 1, "gain": 5, "lost": 1}) in news(ev)


def test_all_hits_missed_defender_wins_without_rolling(dice):
    st = duel()
    dice(1, 2, 5)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert st["lastduel"]["dd"] == [] and st["score"] == [4, 7]


def test_all_hits_parried_defender_wins(dice):
    st = duel()
    dice(6, 6, 6, 6, 6, 6)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert st["score"] == [4, 7]


def test_weapons_attacker_then_defender_and_their_values(dice):
    st = duel(hands={0: ["axe"], 1: ["shield"]})
    dice(2, 3, 1, 2, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.to_act(st) == [0] and E.legal_actions(st, 0) == ["bare", "weapon:axe"]
    st, _ = play(st, (0, "weapon:axe"))
    assert E.to_act(st) == [1] and E.legal_actions(st, 1) == ["bare", "weapon:shield"]
    st, _ = play(st, (1, "weapon:shield"))
    d = st["lastduel"]
    assert d["ad"] == [2, 3, 1] and d["hits"] == 2 and d["dd"] == [2, 1]
    assert st["score"] == [10, 4]
    assert "axe" in st["disc"]["armory"] and "shield" in st["disc"]["armory"]


def test_passed_defender_may_still_use_an_armory_card(dice):
    st = duel(hands={1: ["armor"]}, passed=[1])
    dice(6, 6, 6, 1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"), (1, "weapon:armor"))
    assert st["score"] == [4, 7]  # Complete armor parries on 1+


def test_prayer_rerolls_a_missing_die_in_the_attack_window(dice):
    st = duel(res={0: ["prayer"]})
    dice(6, 1, 1, 6, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert st["step"]["k"] == "react" and E.to_act(st) == [0]
    assert E.legal_actions(st, 0) == ["pass", "prayer:1", "prayer:2"]
    st, ev = play(st, (0, "prayer:1"))
    assert st["lastduel"]["ad"] == [6, 6, 1] and "prayer" in st["disc"]["church"]
    # Two hits; defence rolls 1, 1: two wounds.
    assert st["score"] == [10, 3]


def test_holy_water_adds_one_to_a_die(dice):
    st = duel(res={0: ["holy"]})
    dice(5, 1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"), (0, "holy:0"))
    assert st["duel"] is None and st["lastduel"]["ad"] == [6, 1, 1]
    assert st["score"] == [10, 4]


def test_providence_rerolls_several_dice(dice):
    st = duel(trumps={0: "providence"})
    dice(1, 2, 6, 6, 6, 1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.legal_actions(st, 0) == ["pass", "prov:0", "prov:01", "prov:1"]
    st, _ = play(st, (0, "prov:01"))
    assert st["lastduel"]["ad"] == [6, 6, 6] and st["trot"][0]
    assert st["score"] == [10, 2]


def test_confidence_adds_one_to_every_die(dice):
    st = duel(trumps={0: "confidence"})
    dice(5, 5, 2, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"), (0, "conf"))
    assert st["lastduel"]["ad"] == [6, 6, 3]
    assert st["score"] == [10, 3]


def test_confidence_for_the_defender_in_the_defence_window(dice):
    st = duel(trumps={1: "confidence"})
    dice(6, 6, 6, 5, 5, 5)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.to_act(st) == [1] and st["duel"]["st"] == "w2"
    st, _ = play(st, (1, "conf"))
    assert st["score"] == [4, 7]


def test_courtesan_by_a_third_player_forces_a_reroll(dice):
    st = duel(n=3, res={2: ["courtesan"]})
    dice(6, 1, 1, 2)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    # The roller and the defender have nothing; the third player may intervene.
    assert E.to_act(st) == [2] and E.legal_actions(st, 2) == ["court:0", "pass"]
    st, ev = play(st, (2, "court:0"))
    assert st["lastduel"]["ad"] == [2, 1, 1] and st["score"] == [4, 7, 5]
    assert "courtesan" in st["res"][2] and "courtesan" in st["rot"][2]


def test_courtesan_by_the_defender_on_the_attack(dice):
    st = duel(res={1: ["courtesan"]})
    dice(6, 1, 1, 3)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"), (1, "court:0"))
    assert st["score"] == [4, 7]


def test_reaction_reopens_the_window_in_order(dice):
    # Attacker rerolls with Prayer, defender answers with the Courtesan, attacker prays again.
    st = duel(n=3, res={0: ["prayer", "prayer"], 1: ["courtesan"]})
    dice(6, 1, 1, 6, 4, 6, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.to_act(st) == [0]
    st, _ = play(st, (0, "prayer:1"))  # 6, 6, 1
    assert E.to_act(st) == [0]  # the roller first again
    st, _ = play(st, (0, "pass"))
    assert E.to_act(st) == [1]
    st, _ = play(st, (1, "court:0"))  # 4, 6, 1
    assert st["duel"]["ad"] == [4, 6, 1] and E.to_act(st) == [0]
    st, _ = play(st, (0, "prayer:0"))  # 6, 6, 1: nobody can react any more
    # Defender has no more reactions (Courtesan rotated): defence 1, 1.
    assert st["score"] == [10, 3, 5]


def test_apothecary_cancels_the_last_wound_and_the_defender_wins(dice):
    st = duel(res={1: ["apoth"]})
    dice(6, 1, 1, 2)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.to_act(st) == [1] and E.legal_actions(st, 1) == ["apoth", "pass"]
    st, _ = play(st, (1, "apoth"))
    assert st["score"] == [4, 7] and "apoth" in st["disc"]["square"]


def test_apothecary_not_offered_in_the_attack_window(dice):
    st = duel(res={1: ["apoth"]})
    dice(6, 1, 1, 6)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert st["duel"] is None and st["score"] == [4, 7]


def test_old_lady_lends_providence(dice):
    st = duel(n=3, res={0: ["oldlady"]}, trumps={2: "providence"})
    dice(1, 6, 6, 6, 1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert "olprov:0" in E.legal_actions(st, 0)
    st, _ = play(st, (0, "olprov:0"))
    assert st["score"] == [10, 2, 5]


def test_duel_view_step_by_step(dice):
    st = duel(res={0: ["prayer"]})
    dice(6, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    v = E.view(st, None)
    assert v["duel"]["attacker"] == 0 and v["duel"]["defender"] == 1
    assert v["duel"]["attack_dice"] == [6, 1, 1] and v["duel"]["stage"] == "w1"
    assert v["duel"]["attack_value"] == 6 and v["to_act"] == [0]
    assert v["prompt"] == ["henchmania.prompt.react_attack", {"who": [0], "a": 0, "d": 1}]
    assert "Duel" in E.board_text(v)
    assert "> {p0} may react to the attack dice ({p0} against {p1})." in E.board_text(v)


def test_a_passed_player_still_reacts_with_the_reserve(dice):
    st = duel(res={1: ["apoth"]}, passed=[1])
    dice(6, 1, 1, 2)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.to_act(st) == [1] and "apoth" in E.legal_actions(st, 1)


def test_the_roller_cannot_use_a_courtesan_on_their_own_dice(dice):
    st = duel(res={0: ["courtesan"]})
    dice(6, 1, 1, 1)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert st["duel"] is None  # no window: nobody could react


def test_providence_is_offered_only_for_missing_dice(dice):
    st = duel(trumps={0: "providence"})
    dice(6, 6, 2)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.legal_actions(st, 0) == ["pass", "prov:2"]


def test_old_lady_lends_confidence(dice):
    st = duel(n=3, res={1: ["oldlady"]}, trumps={2: "confidence"})
    dice(6, 6, 6, 5, 5, 5)
    st, _ = play(st, (0, "play:glove"), (0, "arg:p1"))
    assert E.legal_actions(st, 1) == ["olconf", "pass"]
    st, _ = play(st, (1, "olconf"))
    assert st["score"] == [4, 7, 5] and "oldlady" in st["rot"][1]
