"""Henchmania: end of day scoring, the end of the game, the tie duel, options."""

from __future__ import annotations

from engines.henchmania import ENGINE as E
from tests.engines.test_henchmania_helpers import ids, make, news, play, texts


def end_day(n=3, **kw):
    """Seat 0 passes with a card in hand: everyone is out, the day ends."""
    hands = kw.pop("hands", {})
    hands.setdefault(0, ["gossip"])
    st = make(n, hands=hands, **kw)
    return play(st, (0, "pass"))


def test_performances_score_1_3_5_for_different_ones():
    st, ev = end_day(
        4,
        res={
            0: ["minstrel"],
            1: ["minstrel", "jester"],
            2: ["minstrel", "troubadour", "jester"],
            3: ["jester", "jester"],
        },
    )
    assert st["score"] == [6, 8, 10, 6]


def test_choir_boys_add_one_per_performance_when_discarded():
    st, _ = end_day(2, res={0: ["minstrel", "minstrel", "jester", "choir", "choir"]})
    assert st["step"]["k"] == "choir" and E.to_act(st) == [0]
    assert E.legal_actions(st, 0) == ["choir:0", "choir:1", "choir:2"]
    st, _ = play(st, (0, "choir:2"))
    assert st["score"][0] == 5 + 3 + 2 * 3
    assert "choir" not in st["res"][0] and st["disc"]["church"].count("choir") == 2


def test_choir_boys_kept_score_nothing_and_stay():
    st, _ = end_day(2, res={0: ["minstrel", "choir"]})
    st, _ = play(st, (0, "choir:0"))
    assert st["score"][0] == 6 and "choir" in st["res"][0]


def test_choir_boys_not_asked_without_performances():
    st, _ = end_day(2, res={0: ["choir"]})
    assert st["day"] == 2 and st["score"] == [5, 5]


def test_choir_decisions_are_simultaneous_and_hidden():
    st, _ = end_day(2, res={0: ["minstrel", "choir"], 1: ["jester", "choir"]})
    assert sorted(E.to_act(st)) == [0, 1]
    st, _ = play(st, (1, "choir:1"))
    assert "choir_choice" not in E.view(st, None) and E.view(st, 0)["choir_choice"] == 0
    assert E.to_act(st) == [0]
    st, _ = play(st, (0, "choir:0"))
    assert st["score"] == [6, 7]


def test_eloquence_adds_two_with_a_performance():
    st, _ = end_day(2, res={0: ["minstrel"], 1: ["oldlady", "jester"]}, trumps={0: "eloquence"})
    # Seat 1 borrows Eloquence through the Old Lady.
    assert st["score"] == [8, 8]
    st, _ = end_day(2, trumps={0: "eloquence"})
    assert st["score"] == [5, 5]


def test_damsel_counts_pawns_on_a_site_not_dominated():
    st, _ = end_day(
        2,
        res={0: ["damsel"]},
        board={"tavern": [0, 0, 1, 1, 1], "castle": [0, 0, 0], "church": [0]},
    )
    assert st["score"][0] == 5 + 2


def test_intrigue_is_scored_last():
    st, ev = end_day(
        3, res={0: ["intrigue"], 1: ["minstrel"], 2: ["minstrel", "jester"]}, scores=[6, 5, 3]
    )
    # After Performances: 6, 6, 6 -> nobody is richer than seat 0.
    assert st["score"] == [6, 6, 6]
    st, ev = end_day(3, res={0: ["intrigue"], 1: ["minstrel"]}, scores=[5, 5, 9])
    assert st["score"] == [7, 5, 8]


def test_day_end_unrotates_returns_pawns_and_moves_the_badge():
    st, _ = end_day(
        2,
        res={0: ["bigots"]},
        rot={0: ["bigots"]},
        trumps={1: "bravery"},
        trot=[1],
        board={"tavern": [0, 1]},
    )
    assert st["rot"] == [[], []] and st["trot"] == [False, False]
    assert st["board"]["tavern"] == [] and st["supply"] == [8, 8]
    assert st["badge"] == 1 and st["day"] == 2 and E.to_act(st) == [1]


def test_hands_are_discarded_but_nosy_parker_keeps_one_card():
    st, ev = end_day(
        2, hands={0: ["gossip", "glove"], 1: ["jester"]}, res={0: ["nosy"]}, passed=[1]
    )
    assert st["hand"][1] == [] and "jester" in st["disc"]["castle"]
    assert E.to_act(st) == [0]
    assert E.legal_actions(st, 0) == ["keep:glove", "keep:gossip", "keep:none"]
    st, ev = play(st, (0, "keep:glove"))
    assert st["hand"][0] == ["glove"] and "gossip" in st["disc"]["tavern"]
    assert not any("Glove" in t for t in texts(ev, None))
    assert ("nosy_keeps", {"seat": 0, "back": "square"}) in news(ev, None)
    assert ("you_keep", {"card": "glove"}) in news(ev, 0)
    assert ("you_keep", {"card": "glove"}) not in news(ev, None)


def test_game_ends_at_30_at_the_end_of_a_day():
    st, ev = end_day(2, res={0: ["minstrel"]}, scores=[29, 20])
    assert E.is_over(st) and E.winners(st) == [0] and st["score"] == [30, 20]
    assert E.to_act(st) == [] and E.legal_actions(st, 0) == []


def test_target_option_25():
    st, _ = end_day(2, res={0: ["minstrel"]}, scores=[24, 20], options={"target": 25})
    assert E.is_over(st)
    st, _ = end_day(2, res={0: ["minstrel"]}, scores=[24, 20])
    assert not E.is_over(st)


def test_game_ends_after_day_4_or_the_chosen_number_of_days():
    st, _ = end_day(3, scores=[5, 9, 7], day=4)
    assert E.is_over(st) and E.winners(st) == [1]
    st, _ = end_day(3, scores=[5, 9, 7], day=3, options={"days": 3})
    assert E.is_over(st)
    st, _ = end_day(3, scores=[5, 9, 7], day=4, options={"days": 5})
    assert not E.is_over(st) and st["day"] == 5


def test_three_tied_players_play_another_day():
    st, ev = end_day(3, scores=[9, 9, 9], day=4)
    assert not E.is_over(st) and st["day"] == 5 and st["phase"] == "place"


def test_two_tied_players_duel_both_ways(dice):
    st = make(3, hands={0: ["gossip"]}, scores=[9, 4, 9], day=4, badge=0)
    dice(
        6,
        6,
        1,
        6,
        1,  # seat 0 attacks: 2 hits, 1 parried -> 1 wound
        6,
        6,
        6,
        1,
        1,
        1,
    )  # seat 2 attacks: 3 hits, none parried -> 3 wounds
    st, ev = play(st, (0, "pass"))
    assert E.is_over(st) and E.winners(st) == [2]
    assert st["score"] == [9, 4, 9]  # tie duels score no points
    assert st["tie"]["w"] == [1, 3]


def test_tie_duel_with_equal_wounds_is_fought_again(dice):
    st = make(2, hands={0: ["gossip"]}, scores=[9, 9], day=4, badge=1)
    # seat 1 first (Badge holder): no hits; seat 0: no hits
    dice(1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1)  # again: seat 1 one wound, seat 0 none
    st, ev = play(st, (0, "pass"))
    assert ("duel_again.other", {"n": 0}) in news(ev)
    assert ids(ev)[-1] == "bailiff"
    assert E.winners(st) == [1]


def test_tie_duel_reactions_use_the_reserve(dice):
    st = make(2, hands={0: ["gossip"]}, scores=[9, 9], day=4, res={1: ["apoth"]})
    dice(6, 1, 1, 2)
    st, _ = play(st, (0, "pass"))
    assert st["phase"] == "tie" and E.to_act(st) == [1] and "apoth" in E.legal_actions(st, 1)
    v = E.view(st, None)
    assert v["duel"]["tie_duel"] and v["tie"]["p"] == [0, 1]


def test_nosy_parker_choices_are_secret_and_order_free():
    st, _ = end_day(
        3,
        hands={0: ["gossip", "glove"], 1: ["jester", "sword"]},
        res={0: ["nosy"], 1: ["nosy"]},
        passed=[1],
    )
    assert sorted(E.to_act(st)) == [0, 1]
    a1, ev = play(st, (0, "keep:glove"))
    assert "glove" not in str(E.view(a1, None)) and E.view(a1, 0)["my_choice"] == "glove"
    assert not texts(ev, None)
    a, _ = play(a1, (1, "keep:sword"))
    b, _ = play(st, (1, "keep:sword"), (0, "keep:glove"))
    a.pop("lastmove", None), b.pop("lastmove", None)  # who answered last may differ
    assert E.dump(a) == E.dump(b)
    assert a["hand"][0][:1] == ["glove"] or "glove" in a["hand"][0]
