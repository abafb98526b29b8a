"""Der Herr der Wichtel scoring: values, every title, careers, joker, discard, Witwe, bonuses."""

from __future__ import annotations

import pytest

from engines.wichtel import breakdown, score_retinue
from engines.wichtel.data import VALUE
from engines.wichtel.scoring import round_bonuses


def S(cards: str) -> int:
    return score_retinue(cards.split())


def test_card_values_are_the_rulings_table():
    assert VALUE == {
        "fa": 0,
        "hs": 1,
        "ks": 2,
        "hf": 3,
        "sw": 4,
        "va": 5,
        "ww": 6,
        "hw": 7,
        "me": 8,
        "ge": 9,
        "hd": 10,
    }


def test_codes_are_case_insensitive():
    assert score_retinue(["KS", "KS", "HS", "HW"]) == score_retinue(["ks", "ks", "hs", "hw"])


@pytest.mark.parametrize(
    "cards, title, score",
    [
        ("FA FA FA FA", "Family Assessor", 0 - 5),
        ("HS HS FA FA", "Wood cutter", 2 + 3),
        ("HS FA FA FA", "Wood cutter", 1 + 3),
        ("HF HS FA HF", "Foreman", 7 + 8),
        ("VA HF HS HS", "Master", 10 + 13),
        ("VA HF HF HF", "Master", 14 + 13),
        ("ME VA VA HF", "Power behind the throne", 21 + 23),
        ("KS KS FA FA", "Spear Thrower", 4 + 5),
        ("SW KS FA KS", "Sergeant", 8 + 10),
        ("WW SW SW KS", "General", 16 + 15),
        ("GE WW WW SW", "Wood Marshal", 25 + 25),
        ("HW HD ME VA", "Wood-Chief", 70),
        ("HW HD GE WW", "War-Chief", 77),
        ("HW HD ME GE", "Chieftain", 99),
    ],
)
def test_every_title(cards, title, score):
    row = breakdown(cards.split())
    assert row["title"] == title
    assert row["score"] == score == S(cards)


def test_chieftain_is_99_the_target():
    assert S("HD HW GE ME") == 99


def test_a_card_outside_compulsory_and_rest_breaks_the_title():
    # Rulebook: a Familie or Keulenschwinger beside Vorarbeiter and Holzfäller: no title at all.
    assert breakdown("VA HF HS FA".split())["title"] is None
    assert S("VA HF HS FA") == 9
    assert breakdown("VA HF HS KS".split())["title"] is None


def test_only_the_best_title_counts():
    # SW SW KS KS meets Sergeant (+10) only; SW SW SW KS too: one title, not two.
    assert breakdown("SW SW SW KS".split())["title_value"] == 10


def test_hexendoktor_is_a_joker_worth_10():
    row = breakdown("HD HF HS HS".split())  # HD as Vorarbeiter -> Master
    assert (row["joker"], row["title"], row["score"]) == ("va", "Master", 10 + 3 + 1 + 1 + 13)
    row = breakdown("FA FA FA HD".split())  # best stand-in: Speerwerfer -> Sergeant
    assert (row["joker"], row["title"], row["score"]) == ("sw", "Sergeant", 20)
    row = breakdown("ME HD HF HF".split())  # HD as VA -> Power behind the throne
    assert row["title"] == "Power behind the throne" and row["score"] == 24 + 23


def test_hexendoktor_is_no_joker_in_a_career():
    # HW HD ME HF is no career; the Witwe counts as Familie, which breaks every title.
    row = breakdown("HW HD ME HF".split())
    assert row["career"] is None and row["title"] is None
    assert row["score"] == -(0 + 10 + 8 + 3)


def test_meister_and_general_discard_cards_worth_less_than_3():
    row = breakdown("ME VA HF FA".split())
    assert row["removed"] == ["fa"] and row["title"] == "Power behind the throne"
    assert row["score"] == 8 + 5 + 3 + 23
    row = breakdown("GE KS KS SW".split())
    assert row["removed"] == ["ks", "ks"] and row["score"] == 13 and row["title"] is None
    assert S("ME FA HS KS") == 8


def test_discard_keeps_hexendoktor_and_witwe():
    row = breakdown("GE HD HW FA".split())
    assert row["removed"] == ["fa"]
    assert row["score"] == -(9 + 10 + 0)  # Witwe kept as Familie: no title, flipped


def test_witwe_rulebook_example():
    row = breakdown("KS KS HS HW".split())
    assert (row["subtotal"], row["witwe"], row["score"]) == (5, "flip", -5)


def test_witwe_doubles_a_negative_result():
    row = breakdown("FA FA FA HW".split())  # Family Assessor -5, doubled
    assert (row["title"], row["witwe"], row["score"]) == ("Family Assessor", "double", -10)


def test_witwe_counts_as_familie_for_titles():
    row = breakdown("HW HS HS HS".split())  # Wood cutter with a "Familie": 3 + 3, flipped
    assert row["title"] == "Wood cutter" and row["score"] == -6


def test_witwe_keeps_zero_at_zero():
    from engines.wichtel.scoring import _witwe

    assert _witwe(0) == 0 and _witwe(4) == -4 and _witwe(-5) == -10


def test_hexendoktor_with_witwe_picks_the_least_bad_stand_in():
    # HW HD FA FA: no title gives 10 -> -10; the Hexendoktor as Familie makes a Family
    # Assessor: 10 - 5 = 5 -> -5, the better final score.
    row = breakdown("HW HD FA FA".split())
    assert (row["joker"], row["title"], row["score"]) == ("fa", "Family Assessor", -5)
    # HW HD SW KS: as Speerwerfer -> Sergeant would give 16+10 -> -26; no title -> -16.
    row = breakdown("HW HD SW KS".split())
    assert row["title"] is None and row["score"] == -16


def test_round_bonuses_best_5_worst_1_ties_share():
    assert round_bonuses([10, 3, 7]) == [5, 1, 0]
    assert round_bonuses([10, 10, 3, 3]) == [5, 5, 1, 1]
    assert round_bonuses([4, 4, 4]) == [5, 5, 5]  # ruling: all equal -> nobody is "worst"
