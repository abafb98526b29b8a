"""Henchmania: setup, placing the Henchmen, the card phase and every non-duel card."""

from __future__ import annotations

import pytest

from engines import GameError, IllegalAction
from engines.henchmania import ENGINE as E
from engines.henchmania.data import CARDS, SITES, SPOTS, full_deck
from tests.engines.test_henchmania_helpers import ids, make, news, play, texts


# --- data and setup ---------------------------------------------------------------------
def test_deck_has_130_cards_26_per_site():
    decks = full_deck()
    assert sum(len(d) for d in decks.values()) == 130
    assert all(len(decks[s]) == 26 for s in SITES)


def test_reserve_maximum_is_two_for_four_or_more_copies():
    for key, (_n, _s, count, kind, maximum, _a, _d) in CARDS.items():
        if kind == "reserve":
            assert maximum == (2 if count >= 4 else 1), key


def test_new_game_setup():
    st = E.new_game(4, 7)
    assert st["score"] == [5, 5, 5, 5]
    assert st["supply"] == [8] * 4 and st["badge"] == 0
    assert E.to_act(st) == [0]
    assert "place:tavern" in E.legal_actions(st, 0)
    assert E.legal_actions(st, 1) == []
    inv = E.inventory(st)
    assert sum(v for k, v in inv.items() if not k.startswith("pawn")) == 130
    assert inv["pawn:3"] == 8


def test_options_and_choices():
    st = E.new_game(2, 1, {"days": 3, "target": 25})
    assert st["days"] == 3 and st["target"] == 25
    with pytest.raises(GameError, match="'days' must be one of 3, 4, 5"):
        E.new_game(2, 1, {"days": 6})
    with pytest.raises(GameError, match="'target' must be one of 25, 30"):
        E.new_game(2, 1, {"target": 20})
    with pytest.raises(GameError, match="for 2 to 5 players, not 6"):
        E.new_game(6, 1)


# --- placing the Henchmen ---------------------------------------------------------------
def test_place_draws_a_card_from_that_site_privately():
    st = E.new_game(3, 2)
    st2, ev = E.apply(st, 0, "place:church")
    assert st2["board"]["church"] == [0]
    assert len(st2["hand"][0]) == 1 and CARDS[st2["hand"][0][0]][1] == "church"
    drawn = ("you_drew", {"card": st2["hand"][0][0]})
    assert drawn in news(ev, 0) and drawn not in news(ev, None) and drawn not in news(ev, 1)
    assert ("draws.one", {"n": 1, "seat": 0, "site": "church"}) in news(ev, None)
    card_name = CARDS[st2["hand"][0][0]][0]  # and no public text names it
    assert not any(card_name in t for t in texts(ev, None))
    assert not any(card_name in t for t in texts(ev, 1))
    assert E.to_act(st2) == [1]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_spots_per_player_count(n):
    st = make(n, phase="place", board={"tavern": [1] * SPOTS[n]})
    legal = E.legal_actions(st, 0)
    assert "place:tavern" not in legal and "porter:tavern" not in legal
    assert "place:castle" in legal


def test_porter_places_on_full_site_and_is_discarded():
    st = make(2, phase="place", board={"tavern": [1, 1, 1, 1]}, res={0: ["porter"]})
    assert "porter:tavern" in E.legal_actions(st, 0)
    assert "porter:castle" not in E.legal_actions(st, 0)
    st, _ = play(st, (0, "porter:tavern"))
    assert st["board"]["tavern"] == [1, 1, 1, 1, 0]
    assert "porter" not in st["res"][0] and "porter" in st["disc"]["square"]


def test_influence_draws_two_and_rotates():
    st = make(2, phase="place", trumps={0: "influence"})
    st, _ = play(st, (0, "place:armory:inf"))
    assert len(st["hand"][0]) == 2 and st["trot"][0]
    assert not any(
        a.endswith(":inf")
        for a in E.legal_actions(make(2, phase="place", trumps={0: "influence"}, trot=[0]), 0)
    )


def test_old_lady_uses_an_opponents_influence_even_rotated():
    st = make(2, phase="place", trumps={1: "influence"}, trot=[1], res={0: ["oldlady"]})
    assert "place:castle:olinf" in E.legal_actions(st, 0)
    st, _ = play(st, (0, "place:castle:olinf"))
    assert len(st["hand"][0]) == 2 and "oldlady" in st["rot"][0]


def test_placement_order_skips_seats_without_pawns_and_majority_draw():
    # Seat 1 has no pawns left; seat 0 places its last pawn; then majorities are drawn.
    st = make(2, phase="place", board={"tavern": [0, 0, 1], "castle": [1, 0]})
    st["supply"] = [1, 0]
    st, ev = play(st, (0, "place:castle"))
    # Seat 0: 1 (placement) + tavern majority + castle majority (2 vs 1).
    assert len(st["hand"][0]) == 3
    assert len(st["hand"][1]) == 0
    assert st["phase"] == "cards" and E.to_act(st) == [0]


def test_tied_site_gives_no_majority_draw():
    st = make(2, phase="place", turn=1, board={"tavern": [0, 1], "castle": [0]})
    st["supply"] = [0, 1]
    st, _ = play(st, (1, "place:castle"))
    assert len(st["hand"][0]) == 0 and len(st["hand"][1]) == 1


def test_traitor_pawn_is_set_by_its_holder_but_counts_for_its_owner():
    st = make(2, phase="place", held={0: [1]})
    st["supply"] = [0, 7]
    assert "place:tavern:p1" in E.legal_actions(st, 0)
    assert "place:tavern" not in E.legal_actions(st, 0)
    st, _ = play(st, (0, "place:tavern:p1"))
    assert st["board"]["tavern"] == [1] and len(st["hand"][0]) == 1 and st["held"][0] == []


def test_empty_pile_reshuffles_its_discards():
    st = make(2, phase="place", disc={"church": ["prayer", "holy"]})
    st["disc"]["church"] += st["deck"]["church"]
    st["deck"]["church"] = []
    n_disc = len(st["disc"]["church"])
    st, ev = play(st, (0, "place:church"))
    assert len(st["deck"]["church"]) == n_disc - 1 and st["disc"]["church"] == []
    assert ("reshuffle", {"site": "church"}) in news(ev)


# --- the card phase ---------------------------------------------------------------------
def test_turn_passes_clockwise_and_pass_is_final():
    st = make(3, hands={0: ["minstrel"], 1: ["jester"], 2: ["choir"]})
    st, _ = play(st, (0, "pass"))
    assert E.to_act(st) == [1]
    st, _ = play(st, (1, "play:jester"))
    assert E.to_act(st) == [2]
    st, _ = play(st, (2, "pass"))
    # Seat 0 passed, seat 1 has an empty hand: everyone is done, the day ends.
    assert st["day"] == 2 and st["phase"] == "place"


def test_reserve_card_goes_to_reserve_and_maximum_is_enforced():
    st = make(2, hands={0: ["minstrel", "porter"]}, res={0: ["minstrel", "minstrel"]})
    legal = E.legal_actions(st, 0)
    assert "play:minstrel" not in legal and "play:porter" in legal


def test_full_reserve_discards_one_to_make_room():
    full = ["minstrel", "minstrel", "jester", "jester", "prayer", "prayer", "holy", "holy"]
    st = make(2, hands={0: ["troubadour"]}, res={0: full})
    st, _ = play(st, (0, "play:troubadour"))
    assert E.to_act(st) == [0] and "arg:holy" in E.legal_actions(st, 0)
    st, _ = play(st, (0, "arg:holy"))
    assert len(st["res"][0]) == 8 and "troubadour" in st["res"][0]
    assert st["res"][0].count("holy") == 1 and "holy" in st["disc"]["church"]


def test_trump_not_counted_in_reserve_and_replaced():
    st = make(2, hands={0: ["providence"]}, trumps={0: "bravery"})
    st, _ = play(st, (0, "play:providence"))
    assert st["trump"][0] == "providence" and "bravery" in st["disc"]["square"]
    assert st["res"][0] == []


def test_armory_and_guard_cannot_be_played_on_a_turn():
    st = make(2, hands={0: ["dagger", "guard"]})
    assert E.legal_actions(st, 0) == ["pass"]


def test_back_returns_to_the_turn():
    st = make(2, hands={0: ["gossip"]})
    st, _ = play(st, (0, "play:gossip"))
    assert E.legal_actions(st, 0) == ["arg:p1", "back"]
    st, _ = play(st, (0, "back"))
    assert st["hand"][0] == ["gossip"] and st["step"]["k"] == "turn"


# --- Tavern -------------------------------------------------------------------------------
def test_gossip():
    st = make(3, hands={0: ["gossip"]}, scores=[5, 7, 5])
    st, _ = play(st, (0, "play:gossip"), (0, "arg:p1"))
    assert st["score"] == [6, 6, 5] and "gossip" in st["disc"]["tavern"]
    assert E.to_act(st) == [1]


def test_gossip_with_boss_lady_is_worth_three():
    st = make(2, hands={0: ["gossip"], 1: ["jester"]}, res={0: ["boss"]}, scores=[5, 7])
    st, _ = play(st, (0, "play:gossip"), (0, "arg:p1"), (0, "arg:boss"))
    assert st["score"] == [8, 4] and "boss" in st["rot"][0]


def test_score_never_below_zero():
    st = make(2, hands={0: ["gossip"]}, scores=[5, 0])
    st, _ = play(st, (0, "play:gossip"), (0, "arg:p1"))
    assert st["score"] == [6, 0]


def test_penitent_cancels_a_tavern_card():
    st = make(2, hands={0: ["gossip"]}, res={1: ["penitent"]})
    st, _ = play(st, (0, "play:gossip"), (0, "arg:p1"))
    assert E.to_act(st) == [1]
    assert E.legal_actions(st, 1) == ["accept", "counter:penitent"]
    st, _ = play(st, (1, "counter:penitent"))
    assert st["score"] == [5, 5] and "penitent" not in st["res"][1]
    assert E.to_act(st) == [1]  # turn passes on


def test_accepting_lets_the_effect_happen():
    st = make(2, hands={0: ["gossip"]}, res={1: ["penitent"]})
    st, _ = play(st, (0, "play:gossip"), (0, "arg:p1"), (1, "accept"))
    assert st["score"] == [6, 4] and "penitent" in st["res"][1]


def test_trick_takes_a_card_of_the_chosen_back_privately():
    st = make(3, hands={0: ["trick"], 1: ["jester", "dagger"]})
    st, ev = play(st, (0, "play:trick"), (0, "arg:p1"))
    assert E.legal_actions(st, 0) == ["arg:armory", "arg:castle", "back"]
    st, ev = play(st, (0, "arg:castle"))
    assert sorted(st["hand"][0]) == ["jester"] and st["hand"][1] == ["dagger"]
    taken = ("taken_was", {"card": "jester"})
    assert taken in news(ev, 0) and taken in news(ev, 1)
    assert taken not in news(ev, 2) and taken not in news(ev, None)
    assert ("takes_back", {"seat": 0, "back": "castle", "target": 1}) in news(ev)
    assert not any("Jester" in t for t in texts(ev, 2))


def test_drunkard_discards_a_card_of_the_chosen_back():
    st = make(2, hands={0: ["drunk"], 1: ["jester", "dagger"]})
    st, _ = play(st, (0, "play:drunk"), (0, "arg:p1"), (0, "arg:armory"))
    assert st["hand"][1] == ["jester"] and "dagger" in st["disc"]["armory"]


def test_bravery_cancels_a_card_affecting_the_hand_but_not_gossip():
    st = make(2, hands={0: ["drunk", "gossip"], 1: ["jester"]}, trumps={1: "bravery"})
    st, _ = play(st, (0, "play:drunk"), (0, "arg:p1"), (0, "arg:castle"))
    assert E.legal_actions(st, 1) == ["accept", "counter:bravery"]
    st, _ = play(st, (1, "counter:bravery"))
    assert st["hand"][1] == ["jester"] and st["trot"][1]
    st2 = make(2, hands={0: ["gossip"]}, trumps={1: "bravery"})
    st2, _ = play(st2, (0, "play:gossip"), (0, "arg:p1"))
    assert st2["score"] == [6, 4]  # no window: Bravery does not cover points


def test_old_lady_borrows_bravery():
    st = make(
        3,
        hands={0: ["pillory"], 1: ["jester"]},
        res={1: ["oldlady", "minstrel"]},
        trumps={2: "bravery"},
        trot=[2],
    )
    st, _ = play(st, (0, "play:pillory"), (0, "arg:p1"), (0, "arg:minstrel"))
    assert "counter:oldlady" in E.legal_actions(st, 1)
    st, _ = play(st, (1, "counter:oldlady"))
    assert "minstrel" in st["res"][1] and "oldlady" in st["rot"][1]


def test_belladonna_target_chooses_a_card_the_player_may_receive():
    st = make(2, hands={0: ["bella"]}, res={0: ["minstrel", "minstrel"], 1: ["minstrel", "prayer"]})
    st, _ = play(st, (0, "play:bella"), (0, "arg:p1"))
    assert E.to_act(st) == [1] and E.legal_actions(st, 1) == ["give:prayer"]
    st, _ = play(st, (1, "give:prayer"))
    assert "prayer" in st["res"][0] and st["res"][1] == ["minstrel"]


def test_belladonna_not_playable_when_nothing_can_be_received():
    st = make(2, hands={0: ["bella"]}, res={0: ["porter"], 1: ["porter"]})
    assert "play:bella" not in E.legal_actions(st, 0)


def test_belladonna_into_a_full_reserve_trims():
    full = ["minstrel", "minstrel", "jester", "jester", "prayer", "prayer", "holy", "holy"]
    st = make(2, hands={0: ["bella"]}, res={0: full, 1: ["bigots"]}, rot={1: ["bigots"]})
    st, _ = play(st, (0, "play:bella"), (0, "arg:p1"), (1, "give:bigots"))
    assert E.to_act(st) == [0] and st["step"]["k"] == "trim"
    assert "bigots" not in st["rot"][0]  # a card that moves is straightened
    st, _ = play(st, (0, "trim:minstrel"))
    assert len(st["res"][0]) == 8 and "bigots" in st["res"][0]


def test_traitor_takes_a_pawn_once_a_day():
    st = make(2, hands={0: ["traitor", "traitor"], 1: ["jester"]}, board={"castle": [1, 1, 0]})
    st, _ = play(st, (0, "play:traitor"), (0, "arg:p1"), (0, "arg:castle"))
    assert st["board"]["castle"] == [1, 0] and st["held"][0] == [1]
    # Seat 1 passes; seat 0 cannot play a second Traitor today.
    st, _ = play(st, (1, "pass"))
    assert "play:traitor" not in E.legal_actions(st, 0)


def test_traitor_pawn_is_set_next_day_and_owner_has_one_fewer():
    st = make(2, hands={0: ["traitor"], 1: ["jester"]}, board={"castle": [1, 1, 0]})
    st, _ = play(st, (0, "play:traitor"), (0, "arg:p1"), (0, "arg:castle"), (1, "pass"))
    assert st["day"] == 2 and st["phase"] == "place"
    assert st["supply"] == [8, 7] and st["held"][0] == [1]
    assert E.inventory(st)["pawn:1"] == 8


def test_brawl_every_opponent_discards_simultaneously():
    st = make(
        3,
        hands={0: ["brawl"]},
        res={1: ["minstrel", "prayer"], 2: ["jester"]},
        trumps={2: "bravery"},
    )
    st, _ = play(st, (0, "play:brawl"))
    assert sorted(E.to_act(st)) == [1, 2]
    assert E.legal_actions(st, 1) == ["drop:minstrel", "drop:prayer"]
    assert "counter:bravery" in E.legal_actions(st, 2)
    st, _ = play(st, (2, "counter:bravery"), (1, "drop:prayer"))
    assert st["res"][1] == ["minstrel"] and st["res"][2] == ["jester"]
    assert E.to_act(st) == [1]


def test_bear_tamer_and_pillory():
    st = make(
        2, hands={0: ["beartamer", "pillory"], 1: ["jester"]}, res={1: ["minstrel", "porter"]}
    )
    st, _ = play(st, (0, "play:beartamer"), (0, "arg:p1"))
    assert E.legal_actions(st, 0) == ["arg:minstrel", "back"]
    st, _ = play(
        st,
        (0, "arg:minstrel"),
        (1, "pass"),
    )
    assert st["res"][1] == ["porter"]
    st, _ = play(st, (0, "play:pillory"), (0, "arg:p1"), (0, "arg:porter"))
    assert st["res"][1] == [] and "porter" in st["disc"]["square"]


def test_public_bawler_draws_at_every_dominated_site():
    st = make(
        2, hands={0: ["bawler"]}, board={"tavern": [0, 0, 1], "church": [0], "castle": [0, 1]}
    )
    st, _ = play(st, (0, "play:bawler"))
    assert sorted(CARDS[c][1] for c in st["hand"][0]) == ["church", "tavern"]


def test_public_bawler_needs_a_dominated_site():
    st = make(2, hands={0: ["bawler"]}, board={"castle": [0, 1]})
    assert "play:bawler" not in E.legal_actions(st, 0)


def test_gravedigger_takes_a_card_from_a_discard_pile():
    st = make(2, hands={0: ["grave"]}, disc={"armory": ["sword", "dagger"]})
    st, _ = play(st, (0, "play:grave"))
    assert E.legal_actions(st, 0) == ["arg:armory", "back"]
    st, _ = play(st, (0, "arg:armory"), (0, "arg:sword"))
    assert st["hand"][0] == ["sword"] and st["disc"]["armory"] == ["dagger"]
    assert "grave" in st["disc"]["church"]


def test_bigots_draws_at_a_tied_site_at_your_turn():
    st = make(2, hands={0: []}, res={0: ["bigots"]}, board={"church": [0, 1], "castle": [0, 0]})
    assert E.legal_actions(st, 0) == ["pass", "use:bigots:church"]
    st, _ = play(st, (0, "use:bigots:church"))
    assert len(st["hand"][0]) == 1 and "bigots" in st["rot"][0]


def test_inquisition_sends_opponents_trumps_to_the_discards():
    st = make(3, res={0: ["inquisition"]}, trumps={0: "influence", 1: "bravery", 2: "providence"})
    st, _ = play(st, (0, "use:inquisition"))
    assert st["trump"] == ["influence", None, None]
    assert "bravery" in st["disc"]["square"] and "providence" in st["disc"]["church"]
    assert "inquisition" in st["disc"]["church"]


def test_a_player_with_no_cards_is_passed_automatically():
    st = make(3, hands={0: ["minstrel"], 2: ["jester"]})
    st, ev = play(st, (0, "play:minstrel"))
    assert E.to_act(st) == [2] and st["passed"][1]


def test_illegal_moves_are_refused():
    st = make(2, hands={0: ["gossip"]})
    with pytest.raises(IllegalAction, match="not your turn"):
        E.apply(st, 1, "pass")
    with pytest.raises(IllegalAction, match="'play:trick' is not a legal move"):
        E.apply(st, 0, "play:trick")


def test_an_emptied_pile_takes_its_discards_immediately():
    st = make(2, phase="place", disc={"church": ["prayer"]})
    rest = st["deck"]["church"]
    st["disc"]["church"] += rest[1:]
    st["deck"]["church"] = rest[:1]
    st, ev = play(st, (0, "place:church"))
    assert st["disc"]["church"] == [] and len(st["deck"]["church"]) == 25
    assert "reshuffle" in ids(ev)


def test_trump_makes_nine_cards_in_front_of_a_player():
    full = ["minstrel", "minstrel", "jester", "jester", "prayer", "prayer", "holy", "holy"]
    st = make(2, hands={0: ["bravery"], 1: ["jester"]}, res={0: full})
    st, _ = play(st, (0, "play:bravery"))
    assert len(st["res"][0]) == 8 and st["trump"][0] == "bravery" and E.to_act(st) == [1]


def test_penitent_protects_only_its_holder_from_the_brawl():
    st = make(3, hands={0: ["brawl"]}, res={1: ["penitent", "minstrel"], 2: ["jester"]})
    st, _ = play(st, (0, "play:brawl"))
    assert "drop:penitent" in E.legal_actions(st, 1)
    st, _ = play(st, (1, "drop:penitent"), (2, "drop:jester"))
    assert st["res"][1] == ["minstrel"] and st["res"][2] == []


def test_simultaneous_brawl_answers_do_not_depend_on_order():
    st = make(
        3,
        hands={0: ["brawl"], 1: ["choir"]},
        res={1: ["minstrel", "prayer"], 2: ["jester", "holy"]},
    )
    st, _ = play(st, (0, "play:brawl"))
    a, _ = play(st, (1, "drop:prayer"), (2, "drop:holy"))
    b, _ = play(st, (2, "drop:holy"), (1, "drop:prayer"))
    # only the record of the last move (who answered last) may differ
    assert a["lastmove"]["seat"] == 2 and b["lastmove"]["seat"] == 1
    a.pop("lastmove"), b.pop("lastmove")
    assert E.dump(a) == E.dump(b)


def test_betrayed_pawn_gives_its_owner_the_majority():
    st = make(2, phase="place", held={0: [1]}, board={"castle": [0, 1]})
    st["supply"] = [0, 0]
    st, _ = play(st, (0, "place:castle:p1"))
    # Castle: seat 0 one pawn, seat 1 two: seat 1 draws the majority card.
    assert len(st["hand"][0]) == 1
    assert len(st["hand"][1]) == 1 and CARDS[st["hand"][1][0]][1] == "castle"


def test_a_cancelled_traitor_still_counts_for_the_day():
    st = make(
        2,
        hands={0: ["traitor", "traitor"], 1: ["jester"]},
        res={1: ["penitent"]},
        board={"castle": [1, 0]},
    )
    st, _ = play(st, (0, "play:traitor"), (0, "arg:p1"), (0, "arg:castle"), (1, "counter:penitent"))
    assert st["board"]["castle"] == [1, 0] and st["held"][0] == []
    st, _ = play(st, (1, "pass"))
    assert "play:traitor" not in E.legal_actions(st, 0)
