"""What the Henchmania bot knows (``bots.games.henchmania``): pure, no timing, no arena."""

from __future__ import annotations

import copy

from bots.games import henchmania as knowledge
from bots.heuristics import search_values
from engines import REGISTRY

ENGINE = REGISTRY["henchmania"]


def fresh(players: int = 2) -> dict:
    state = ENGINE.new_game(players, 5)
    for seat in range(players):
        state["hand"][seat] = []
        state["res"][seat] = []
    return state


def test_hard_uses_deep_value():
    state = fresh()
    assert search_values(ENGINE, state) == knowledge.deep_value(state)


def test_performances_count_for_every_day_still_to_score():
    """Three different Performances on day 1 score 5 at each end of day: worth far more than
    the one scoring that ``value`` sees, and more on day 1 than on the last day."""
    early = fresh()
    early["res"][0] = ["minstrel", "troubadour", "jester"]
    early["res"][1] = ["minstrel"]
    deep = knowledge.deep_value(early)
    assert deep[0] - deep[1] > 2 * (5 - 1)
    late = copy.deepcopy(early)
    late["day"] = late["days"]
    assert knowledge.deep_value(late)[0] < deep[0]
    assert knowledge.deep_value(late)[0] - knowledge.deep_value(late)[1] >= 5 - 1


def test_a_new_performance_kind_in_hand_beats_a_duplicate():
    state = fresh()
    state["phase"] = "cards"
    state["res"][0] = ["minstrel"]
    state["res"][1] = ["minstrel"]
    state["hand"][0] = ["jester"]
    state["hand"][1] = ["minstrel"]
    deep = knowledge.deep_value(state)
    assert deep[0] > deep[1] + 1


def test_a_passed_hand_is_worth_nothing_but_its_duel_cards():
    state = fresh()
    state["phase"] = "cards"
    state["hand"][0] = ["gossip", "gossip", "glove"]
    state["hand"][1] = ["gossip", "gossip", "glove"]
    state["passed"][1] = True
    deep = knowledge.deep_value(state)
    assert deep[0] > deep[1] + 3
    state["hand"][1].append("axe")
    assert knowledge.deep_value(state)[1] > deep[1]


def test_a_glove_is_worth_more_with_a_weapon():
    state = fresh()
    state["phase"] = "cards"
    state["hand"][0] = ["glove", "axe"]
    state["hand"][1] = ["glove", "dagger"]
    deep = knowledge.deep_value(state)
    assert deep[0] > deep[1]


def test_a_finished_game_is_worth_its_scores():
    state = fresh()
    state["phase"] = "over"
    state["score"] = [31, 20]
    assert knowledge.deep_value(state) == [31.0, 20.0]
    assert knowledge.value(state) == [31.0, 20.0]
