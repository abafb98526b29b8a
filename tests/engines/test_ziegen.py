"""Herr der Ziegen: one test per rule on hand-built states, and the rulebook's worked examples."""

from __future__ import annotations

import pytest

from engines import GameError, IllegalAction
from engines.words import Msg
from engines.ziegen import ENGINE, data, geometry
from engines.ziegen.common import EMPTY, PEN
from engines.ziegen.words import count

E = ENGINE
SET = {name: key for key, name in data.SET_NAMES.items()}
DOGS = list(data.DOG_IDS)
MILK1 = [c for c in data.MILK_IDS if data.VALUE[c] == 1]
MILK2 = [c for c in data.MILK_IDS if data.VALUE[c] == 2]


def G(name: str, value: int) -> str:
    """The card id of a goat: G("Elvis", 3) is "elvis.3"."""
    return f"{SET[name]}.{value}"


def scene(
    n=3,
    cells=None,
    marks=None,
    hands=None,
    played=None,
    draw=None,
    goats=None,
    turn=0,
    phase="play",
    owner=None,
    doubling="line",
    **extra,
):
    """A hand-built state in one line. ``cells``/``marks`` map (row, col) -> card / seat;
    ``hands``/``played`` map seat -> cards; ``draw`` lists the draw pile, top card LAST;
    ``goats`` maps seat -> edge position; ``owner`` maps set name -> seat. Every card not placed
    goes to the box, so the inventory stays complete."""
    st = E.new_game(n, 0, {"doubling": doubling})
    size = st["size"]
    st["grid"] = [PEN if c in st["pens"] else EMPTY for c in range(size * size)]
    st["mark"] = [-1] * (size * size)
    st["hands"] = [[] for _ in range(n)]
    st["played"] = [[] for _ in range(n)]
    st["draw"] = list(draw or [])
    st["discard"] = []
    used = set(st["draw"])
    for (r, c), card in (cells or {}).items():
        assert st["grid"][r * size + c] == EMPTY
        st["grid"][r * size + c] = card
        used.add(card)
    for (r, c), seat in (marks or {}).items():
        st["mark"][r * size + c] = seat
    for seat, cards in (hands or {}).items():
        st["hands"][seat] = data.sorted_cards(cards)
        used.update(cards)
    for seat, cards in (played or {}).items():
        st["played"][seat] = data.sorted_cards(cards)
        used.update(cards)
    for seat, pos in (goats or {}).items():
        st["goats"][seat] = pos
    for name, seat in (owner or {}).items():
        st["owner"][SET[name]] = seat
    st["box"] = [c for c in data.CARDS if c not in used]
    st["turn"] = turn
    st["phase"] = phase
    st["mull"] = [None] * n
    st.update(extra)
    return st


def cell(st, r, c):
    return r * st["size"] + c


def run(st, *moves):
    """Apply (seat, action) moves; returns the final state and all events."""
    events = []
    for seat, action in moves:
        st, ev = E.apply(st, seat, action)
        events += ev
    return st, events


def public_text(events):
    """The English of the public events (for the tests of words and hidden information)."""
    return " | ".join(e.text for e in events if e.audience is None)


def news(events, audience=None):
    """(message id without "ziegen.", parameters) of each event for ``audience`` (None: public)."""
    return [
        (e.message.key.removeprefix("ziegen."), e.message.params)
        for e in events
        if e.audience == audience
    ]


def said(events, key, audience=None, **params):
    """Whether an event for ``audience`` has message id ``key`` and (at least) ``params``."""
    return any(
        k == key and all(p.get(name) == value for name, value in params.items())
        for k, p in news(events, audience)
    )


# --- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "n,sets,dogs,m1,m2,size",
    [(5, 18, 15, 8, 8, 7), (4, 16, 13, 6, 8, 7), (3, 13, 10, 3, 8, 7), (2, 10, 7, 4, 4, 6)],
)
def test_setup_removals_per_player_count(n, sets, dogs, m1, m2, size):
    for seed in range(3):
        st = E.new_game(n, seed)
        assert st["size"] == size
        in_play = [c for c in data.CARDS if c not in st["box"]]
        goat_sets = {}
        for c in in_play:
            if data.KIND[c] == "g":
                goat_sets.setdefault(data.GOAT_SET[c], []).append(c)
        assert len(goat_sets) == sets
        assert all(len(v) == 5 for v in goat_sets.values()), "only whole sets are removed"
        assert sum(1 for c in in_play if data.KIND[c] == "d") == dogs
        assert sum(1 for c in in_play if data.KIND[c] == "m" and data.VALUE[c] == 1) == m1
        assert sum(1 for c in in_play if data.KIND[c] == "m" and data.VALUE[c] == 2) == m2


def test_removed_sets_are_chosen_by_the_seed():
    boxes = {tuple(E.new_game(3, seed)["box"]) for seed in range(6)}
    assert len(boxes) > 1
    assert E.new_game(3, 4)["box"] == E.new_game(3, 4)["box"]


def test_setup_pasture_pens_hands_and_draw_pile():
    st = E.new_game(4, 7)
    size = st["size"]
    assert st["pens"] == [0, 6, 48, 42]  # the four corners: TL, TR, BR, BL
    cards = [c for c in st["grid"] if data.is_card(c)]
    assert len(cards) == 49 - 4 and EMPTY not in st["grid"]
    assert all(len(h) == 2 for h in st["hands"])
    total = len(cards) + len(st["draw"]) + sum(len(h) for h in st["hands"]) + len(st["box"])
    assert total == data.NUM_CARDS
    assert st["mark"] == [-1] * (size * size)


@pytest.mark.parametrize(
    "n,expected",
    [
        (2, [(0, 0), (5, 5)]),
        (3, [(0, 0), (2, 6), (6, 2)]),
        (5, [(0, 0), (0, 5), (4, 6), (6, 4), (5, 0)]),
    ],
)
def test_pen_cells(n, expected):
    st = E.new_game(n, 1)
    assert [divmod(c, st["size"]) for c in st["pens"]] == expected


def test_large_goat_starts_on_the_edge_leaving_its_pen():
    st = E.new_game(5, 1)
    # (0,0): top edge above column 1; (0,5): above column 6; (4,6): right of row 5;
    # (6,4): below column 5; (5,0): left of row 6.
    assert [geometry.line_label(7, p) for p in st["goats"]] == [
        "column 1",
        "column 6",
        "row 5",
        "column 5",
        "row 6",
    ]
    st4 = E.new_game(4, 1)
    # Top-right corner: the goat starts on the right side, next to row 1.
    assert geometry.line_label(7, st4["goats"][1]) == "row 1"
    assert geometry.line_label(7, st4["goats"][2]) == "column 7"  # bottom-right, bottom side
    assert geometry.line_label(7, st4["goats"][3]) == "row 7"  # bottom-left, left side


# --- the mulligan ---------------------------------------------------------------------------------
def test_mulligan_every_seat_decides_simultaneously_and_secretly():
    st = scene(
        3,
        hands={0: [DOGS[0], G("Elvis", 1)], 1: [DOGS[1], DOGS[2]], 2: [MILK1[0], MILK2[0]]},
        draw=[DOGS[3], G("Heidi", 2), G("Heidi", 3), G("Heidi", 4)],
        phase="mulligan",
    )
    assert E.to_act(st) == [0, 1, 2]  # also seat 2, who holds no dog
    assert E.legal_actions(st, 1) == ["mull:0", "mull:1", "mull:2"]
    assert E.legal_actions(st, 2) == ["mull:0"]
    a, ev_a = run(st, (1, "mull:2"), (2, "mull:0"))
    assert news(ev_a) == []  # seat 1's choice is still secret
    assert E.view(a, 0)["mulligan_choice"] is None
    assert "mulligan_choice" not in E.view(a, None)
    a, ev_a2 = run(a, (0, "mull:1"))
    b, _ = run(st, (0, "mull:1"), (2, "mull:0"), (1, "mull:2"))
    a_last, b_last = a.pop("lastmove"), b.pop("lastmove")  # who decided last may differ
    assert a == b, "the order of simultaneous decisions does not matter"
    assert a_last["news"] == b_last["news"]
    a["lastmove"] = a_last
    assert a["phase"] == "play" and a["turn"] == 0
    # Seat 0 drew first (seat order): Heidi 4, then seat 1 drew Heidi 3 and Heidi 2.
    assert a["hands"][0] == [G("Elvis", 1), G("Heidi", 4)]
    assert a["hands"][1] == [G("Heidi", 2), G("Heidi", 3)]
    assert sorted(a["draw"]) == sorted([DOGS[0], DOGS[1], DOGS[2], DOGS[3]])
    assert said(
        ev_a2,
        "returns",
        p=1,
        dogs=count("n_dogs", 2).to_json(),
        cards=count("n_new_cards", 2).to_json(),
    )
    assert news(ev_a2, (0,)) == [("drew", {"cards": [G("Heidi", 4)]})]
    assert news(ev_a2, (1,)) == [("drew", {"cards": [G("Heidi", 3), G("Heidi", 2)]})]
    assert "Heidi 4" not in public_text(ev_a2)


def test_no_dog_only_keeps():
    st = scene(
        2, hands={0: [G("Elvis", 1), G("Elvis", 2)], 1: [MILK1[0], MILK1[1]]}, phase="mulligan"
    )
    assert E.legal_actions(st, 0) == ["mull:0"] and E.to_act(st) == [0, 1]
    st, ev = run(st, (1, "mull:0"), (0, "mull:0"))
    assert st["phase"] == "play" and E.to_act(st) == [0]
    assert not said(ev, "returns") and news(ev) == [("start", {"p": 0})]


def test_a_replacement_dog_is_kept():
    st = scene(
        2,
        hands={0: [DOGS[0], G("Elvis", 1)], 1: [MILK1[0], MILK1[1]]},
        draw=[G("Heidi", 1), DOGS[1]],
        phase="mulligan",
    )
    st, _ = run(st, (0, "mull:1"), (1, "mull:0"))
    assert DOGS[1] in st["hands"][0] and st["phase"] == "play"
    assert DOGS[0] in st["draw"]


# --- play and move --------------------------------------------------------------------------------
def test_play_goat_moves_large_goat_by_its_value_then_take():
    st = scene(3, cells={(1, 5): G("Heidi", 1)}, hands={0: [G("Elvis", 5), MILK1[0]]}, goats={0: 0})
    st, ev = run(st, (0, f"play:{G('Elvis', 5)}"))
    assert st["goats"][0] == 5 and st["phase"] == "take"
    assert st["played"][0] == [G("Elvis", 5)]
    assert E.legal_actions(st, 0) == [f"take:{cell(st, 1, 5)}"]


def test_milk_shake_moves_by_its_value_and_is_collected():
    st = scene(3, cells={(0, 2): G("Heidi", 1)}, hands={0: [MILK2[0], MILK1[0]]}, goats={0: 0})
    st, _ = run(st, (0, f"play:{MILK2[0]}"))
    assert st["goats"][0] == 2 and st["played"][0] == [MILK2[0]]


def test_large_goat_wraps_clockwise_round_the_pasture():
    st = scene(
        3, cells={(0, 1): G("Heidi", 1)}, hands={0: [G("Elvis", 4), MILK1[0]]}, goats={0: 25}
    )
    st, _ = run(st, (0, f"play:{G('Elvis', 4)}"))
    assert st["goats"][0] == 1  # 25 + 4 = 29 -> 1 on the 28 positions


def test_dog_does_not_move_the_large_goat():
    st = scene(3, cells={(3, 0): G("Heidi", 1)}, hands={0: [DOGS[0], MILK1[0]]}, goats={0: 24})
    st, _ = run(st, (0, f"play:{DOGS[0]}"))
    assert st["goats"][0] == 24 and st["phase"] == "take"  # no claimed card: straight to take


# --- take -----------------------------------------------------------------------------------------
def test_take_only_unmarked_cards_of_the_line_never_pens_or_gaps():
    # Goat on the left side next to row 1 (position 27): row 1 = pen, cards, a gap, a marked card.
    st = scene(
        3,
        cells={
            (0, 1): G("Heidi", 1),
            (0, 3): G("Heidi", 2),
            (0, 5): G("Elvis", 5),
            (1, 1): G("Heidi", 3),
        },
        marks={(0, 5): 1},
        hands={0: [MILK1[0]]},
        goats={0: 27},
        phase="take",
        owner={"Elvis": 1},
    )
    assert E.legal_actions(st, 0) == [f"take:{cell(st, 0, 1)}", f"take:{cell(st, 0, 3)}"]
    with pytest.raises(IllegalAction, match="not a legal move"):
        E.apply(st, 0, f"take:{cell(st, 0, 5)}")
    with pytest.raises(IllegalAction, match="not a legal move"):
        E.apply(st, 0, f"take:{cell(st, 1, 1)}")


def test_take_refills_the_gap_from_the_draw_pile_and_passes_the_turn():
    st = scene(
        3,
        cells={(0, 1): G("Heidi", 1), (2, 1): G("Heidi", 3)},
        hands={0: [MILK1[0]]},
        goats={0: 1},
        phase="take",
        draw=[G("Heidi", 5), G("Heidi", 2)],
    )
    st, ev = run(st, (0, f"take:{cell(st, 0, 1)}"))
    assert st["hands"][0] == [G("Heidi", 1), MILK1[0]]  # kept in the order of data.CARDS
    assert st["grid"][cell(st, 0, 1)] == G("Heidi", 2)  # the top card
    assert st["draw"] == [G("Heidi", 5)]
    assert st["turn"] == 1 and st["phase"] == "play"


def test_exhausted_draw_pile_leaves_the_space_empty():
    st = scene(
        3,
        cells={(0, 1): G("Heidi", 1), (2, 1): G("Heidi", 3), (0, 4): G("Heidi", 4)},
        hands={0: [MILK1[0]]},
        goats={0: 1},
        phase="take",
    )
    st, _ = run(st, (0, f"take:{cell(st, 0, 1)}"))
    assert st["grid"][cell(st, 0, 1)] == EMPTY and st["phase"] == "play"


# --- scoring A ------------------------------------------------------------------------------------
def test_scoring_a_pool_goat_example_claims_pasture_reserves_draw_discards_and_reveals():
    # Red has played Pool Goat 5 and now plays Pool Goat 3 (rulebook example): 8 points.
    st = scene(
        3,
        cells={(2, 2): G("Pool Goat", 1), (0, 1): G("Heidi", 1), (3, 3): G("Heidi", 2)},
        hands={0: [G("Pool Goat", 3), MILK1[0]], 2: [G("Pool Goat", 2), MILK1[1]]},
        played={0: [G("Pool Goat", 5)], 1: [G("Pool Goat", 4)]},
        draw=[G("Heidi", 3)],
        goats={0: 26},
    )  # 26 + 3 -> 1: column 2
    st, ev = run(st, (0, f"play:{G('Pool Goat', 3)}"), (0, f"take:{cell(st, 0, 1)}"))
    assert st["owner"][SET["Pool Goat"]] == 0
    assert st["mark"][cell(st, 2, 2)] == 0  # Pool Goat 1 in the pasture
    assert G("Pool Goat", 4) in st["discard"] and st["played"][1] == []
    assert (
        st["played"][0] == [G("Pool Goat", 3), G("Pool Goat", 5), MILK1[0]]
        or G("Pool Goat", 3) in st["played"][0]
    )
    assert G("Pool Goat", 2) in st["revealed"] and G("Pool Goat", 2) in st["hands"][2]
    assert said(ev, "score_a", p=0, set=SET["Pool Goat"], total=8)
    assert said(ev, "reveals", p=2, card=G("Pool Goat", 2))
    assert said(ev, "discards", p=1, cards=[G("Pool Goat", 4)])


def test_scoring_a_reserves_tokens_for_goats_in_the_draw_pile_placed_when_they_appear():
    st = scene(
        3,
        cells={(0, 1): G("Heidi", 1), (2, 1): G("Heidi", 3)},
        hands={0: [G("Pool Goat", 3), MILK1[0]]},
        played={0: [G("Pool Goat", 5)]},
        draw=[G("Pool Goat", 1), G("Pool Goat", 2)],
        goats={0: 26},
    )
    st, ev = run(st, (0, f"play:{G('Pool Goat', 3)}"), (0, f"take:{cell(st, 0, 1)}"))
    # The take turned up Pool Goat 2 before the scoring; it is marked by the scoring itself.
    assert st["mark"][cell(st, 0, 1)] == 0
    view = E.view(st, None)
    assert view["reserved"] == [[0, SET["Pool Goat"], 1]]  # Pool Goat 1 still in the pile
    assert said(ev, "set_aside.one", p=0, set=SET["Pool Goat"], n=1)
    # Next turn seat 1 takes Heidi 3 (column 2) and Pool Goat 1 appears: marked at once.
    st["hands"][1] = [MILK2[0]]
    st["box"].remove(MILK2[0])
    st["goats"][1] = 27  # left of row 1... -> plays 2 -> position 1: column 2
    st, ev = run(st, (1, f"play:{MILK2[0]}"), (1, f"take:{cell(st, 2, 1)}"))
    assert st["grid"][cell(st, 2, 1)] == G("Pool Goat", 1)
    assert st["mark"][cell(st, 2, 1)] == 0
    assert said(ev, "reserved", p=0, card=G("Pool Goat", 1))


def test_scoring_waits_for_phase_four_after_the_take():
    st = scene(
        3,
        cells={(0, 1): G("Pool Goat", 1), (2, 1): G("Heidi", 3)},
        hands={0: [G("Pool Goat", 3), MILK1[0]]},
        played={0: [G("Pool Goat", 5)]},
        goats={0: 26},
    )
    st, _ = run(st, (0, f"play:{G('Pool Goat', 3)}"))
    assert SET["Pool Goat"] not in st["owner"] and st["phase"] == "take"
    # Taking Pool Goat 1 before the scoring keeps it out of the claim: it is revealed instead.
    st, ev = run(st, (0, f"take:{cell(st, 0, 1)}"))
    assert st["owner"][SET["Pool Goat"]] == 0
    assert G("Pool Goat", 1) in st["hands"][0] and G("Pool Goat", 1) in st["revealed"]


# --- scoring B ------------------------------------------------------------------------------------
def test_scoring_b_elvis_example_fourth_card_most_cards_wins_the_tie():
    # Red has Elvis 2; Yellow Elvis 5; Blue Elvis 4. Red plays Elvis 3 and wins Elvis 1.
    st = scene(
        3,
        cells={(4, 4): G("Elvis", 1), (0, 1): G("Heidi", 1), (2, 1): G("Heidi", 2)},
        hands={0: [G("Elvis", 3), MILK1[0]]},
        played={0: [G("Elvis", 2)], 1: [G("Elvis", 5)], 2: [G("Elvis", 4)]},
        goats={0: 26},
    )
    st, ev = run(st, (0, f"play:{G('Elvis', 3)}"), (0, f"take:{cell(st, 0, 1)}"))
    assert st["owner"][SET["Elvis"]] == 0
    assert st["mark"][cell(st, 4, 4)] == 0
    assert st["played"][1] == [] and st["played"][2] == []
    assert sorted(st["discard"]) == sorted([G("Elvis", 5), G("Elvis", 4)])
    assert said(ev, "score_b", p=0, set=SET["Elvis"], total=5)


def test_scoring_b_highest_sum_wins_even_when_not_the_trigger():
    st = scene(
        3,
        cells={(4, 4): G("Elvis", 3), (0, 1): G("Heidi", 1), (2, 1): G("Heidi", 2)},
        hands={0: [G("Elvis", 1), MILK1[0]]},
        played={0: [G("Elvis", 2)], 1: [G("Elvis", 5), G("Elvis", 4)]},
        goats={0: 0},
    )
    st, _ = run(st, (0, f"play:{G('Elvis', 1)}"), (0, f"take:{cell(st, 0, 1)}"))
    # Yellow's 5+4 = 9 would have scored A earlier; in any case the highest sum wins.
    assert st["owner"][SET["Elvis"]] == 1 and st["mark"][cell(st, 4, 4)] == 1
    assert st["played"][0] == [MILK1[0]] or G("Elvis", 1) in st["discard"]
    assert G("Elvis", 1) in st["discard"] and G("Elvis", 2) in st["discard"]


def test_scoring_b_full_tie_goes_to_the_trigger():
    # Red 1+4 = 5 in two cards (after playing the 4), Yellow 2+3 = 5 in two cards: Red triggered.
    st = scene(
        3,
        cells={(4, 4): G("Elvis", 5), (0, 4): G("Heidi", 1), (2, 4): G("Heidi", 2)},
        hands={0: [G("Elvis", 4), MILK1[0]]},
        played={0: [G("Elvis", 1)], 1: [G("Elvis", 2), G("Elvis", 3)]},
        goats={0: 0},
    )
    st, _ = run(st, (0, f"play:{G('Elvis', 4)}"), (0, f"take:{cell(st, 0, 4)}"))
    assert st["owner"][SET["Elvis"]] == 0 and st["mark"][cell(st, 4, 4)] == 0


def test_scoring_b_fifth_card_in_a_hand_is_revealed_kept_and_scores_nobody():
    st = scene(
        3,
        cells={(0, 1): G("Heidi", 1), (2, 1): G("Heidi", 2)},
        hands={0: [G("Elvis", 3), MILK1[0]], 2: [G("Elvis", 1), MILK1[1]]},
        played={0: [G("Elvis", 2)], 1: [G("Elvis", 5)], 2: [G("Elvis", 4)]},
        goats={0: 26},
    )
    st, ev = run(st, (0, f"play:{G('Elvis', 3)}"), (0, f"take:{cell(st, 0, 1)}"))
    assert st["owner"][SET["Elvis"]] == 0
    assert G("Elvis", 1) in st["hands"][2] and 0 not in st["mark"]
    assert said(ev, "reveals", p=2, card=G("Elvis", 1))
    assert E.view(st, None)["revealed"] == [[2, G("Elvis", 1)]]


def test_goat_of_a_scored_set_played_later_goes_back_to_the_box():
    st = scene(
        3,
        cells={(0, 1): G("Heidi", 1), (2, 1): G("Heidi", 2)},
        hands={0: [G("Elvis", 1), MILK1[0]]},
        owner={"Elvis": 1},
        played={1: [G("Elvis", 2), G("Elvis", 3), G("Elvis", 4), G("Elvis", 5)]},
        revealed=[G("Elvis", 1)],
        goats={0: 0},
    )
    st, ev = run(st, (0, f"play:{G('Elvis', 1)}"))
    assert G("Elvis", 1) in st["discard"] and st["played"][0] == []
    assert st["goats"][0] == 1 and st["revealed"] == []  # it still moves the large goat
    st, _ = run(st, (0, f"take:{cell(st, 0, 1)}"))
    assert st["owner"][SET["Elvis"]] == 1


def test_fewer_than_four_played_and_below_eight_scores_nothing():
    st = scene(
        3,
        cells={(0, 1): G("Heidi", 1), (2, 1): G("Heidi", 2)},
        hands={0: [G("Elvis", 3), MILK1[0]]},
        played={0: [G("Elvis", 4)]},
        goats={0: 26},
    )
    st, _ = run(st, (0, f"play:{G('Elvis', 3)}"), (0, f"take:{cell(st, 0, 1)}"))
    assert st["owner"] == {}


# --- dogs -----------------------------------------------------------------------------------------
def dog_scene(**kw):
    """Red (seat 0) owns Elvis 5 at (3,3); Yellow owns Heidi 4 at (3,5); an unclaimed Goathe 2
    at (1,3); an empty space at (3,1); Red holds a Dog; Red's goat is next to column 2."""
    base = dict(
        cells={
            (3, 3): G("Elvis", 5),
            (3, 5): G("Heidi", 4),
            (1, 3): G("Goathe", 2),
            (0, 1): G("Kid Rock", 1),
            (5, 1): G("Kid Rock", 2),
        },
        marks={(3, 3): 0, (3, 5): 1},
        owner={"Elvis": 0, "Heidi": 1},
        hands={0: [DOGS[0], MILK1[0]]},
        goats={0: 1},
    )
    base.update(kw)
    return scene(3, **base)


def test_dog_pick_claimed_card_then_target_in_its_row_or_column():
    st = dog_scene()
    st, _ = run(st, (0, f"play:{DOGS[0]}"))
    assert st["phase"] == "dog" and st["goats"][0] == 1
    assert E.legal_actions(st, 0) == [f"dog:{cell(st, 3, 3)}", "dog:none"]
    st, _ = run(st, (0, f"dog:{cell(st, 3, 3)}"))
    targets = E.legal_actions(st, 0)
    expected = sorted(
        [f"swap:{c}" for c in geometry.cross_cells(7, cell(st, 3, 3))] + ["dog:back", "dog:none"]
    )
    assert targets == expected  # the 3-player pens are not in row 4 / column 4


def test_dog_case_a_swap_with_unclaimed_goat():
    st = dog_scene()
    st, ev = run(
        st, (0, f"play:{DOGS[0]}"), (0, f"dog:{cell(st, 3, 3)}"), (0, f"swap:{cell(st, 1, 3)}")
    )
    assert st["grid"][cell(st, 1, 3)] == G("Elvis", 5) and st["mark"][cell(st, 1, 3)] == 0
    assert st["grid"][cell(st, 3, 3)] == G("Goathe", 2) and st["mark"][cell(st, 3, 3)] == -1
    assert st["phase"] == "take"


def test_dog_case_c_move_to_an_empty_space():
    st = dog_scene()
    st, _ = run(
        st, (0, f"play:{DOGS[0]}"), (0, f"dog:{cell(st, 3, 3)}"), (0, f"swap:{cell(st, 3, 1)}")
    )
    assert st["grid"][cell(st, 3, 1)] == G("Elvis", 5) and st["mark"][cell(st, 3, 1)] == 0
    assert st["grid"][cell(st, 3, 3)] == EMPTY and st["mark"][cell(st, 3, 3)] == -1


def test_dog_case_b_needs_the_other_owners_consent():
    st = dog_scene()
    st, ev = run(
        st, (0, f"play:{DOGS[0]}"), (0, f"dog:{cell(st, 3, 3)}"), (0, f"swap:{cell(st, 3, 5)}")
    )
    assert st["phase"] == "consent" and E.to_act(st) == [1]
    assert E.legal_actions(st, 1) == ["consent:no", "consent:yes"]
    assert E.legal_actions(st, 0) == []
    yes, _ = run(st, (1, "consent:yes"))
    assert yes["grid"][cell(st, 3, 5)] == G("Elvis", 5) and yes["mark"][cell(st, 3, 5)] == 0
    assert yes["grid"][cell(st, 3, 3)] == G("Heidi", 4) and yes["mark"][cell(st, 3, 3)] == 1
    assert yes["phase"] == "take" and E.to_act(yes) == [0]


def test_dog_refusal_keeps_the_dog_played_and_the_refused_card_cannot_be_asked_again():
    st = dog_scene()
    st, ev = run(
        st,
        (0, f"play:{DOGS[0]}"),
        (0, f"dog:{cell(st, 3, 3)}"),
        (0, f"swap:{cell(st, 3, 5)}"),
        (1, "consent:no"),
    )
    assert st["grid"][cell(st, 3, 5)] == G("Heidi", 4)
    assert DOGS[0] in st["played"][0] and st["phase"] == "dog" and E.to_act(st) == [0]
    st, _ = run(st, (0, f"dog:{cell(st, 3, 3)}"))
    assert f"swap:{cell(st, 3, 5)}" not in E.legal_actions(st, 0)
    st, _ = run(st, (0, "dog:none"))
    assert st["phase"] == "take" and st["refused"] == []


def test_dog_back_and_none():
    st = dog_scene()
    st, _ = run(st, (0, f"play:{DOGS[0]}"), (0, f"dog:{cell(st, 3, 3)}"), (0, "dog:back"))
    assert st["phase"] == "dog" and st["dog_src"] == -1
    st, _ = run(st, (0, "dog:none"))
    assert st["phase"] == "take" and st["grid"][cell(st, 3, 3)] == G("Elvis", 5)


def test_dog_cannot_swap_with_a_pen():
    st = dog_scene(cells={(0, 3): G("Elvis", 5), (0, 1): G("Kid Rock", 1)}, marks={(0, 3): 0})
    st, _ = run(st, (0, f"play:{DOGS[0]}"), (0, f"dog:{cell(st, 0, 3)}"))
    assert f"swap:{cell(st, 0, 0)}" not in E.legal_actions(st, 0)


def test_dog_drives_a_goat_next_to_the_pen_for_double_points():
    # Red's Elvis 5 in row 1 away from the pen; the dog swaps it with the neutral card at (0,1).
    st = dog_scene(
        cells={
            (0, 4): G("Elvis", 5),
            (0, 1): G("Goathe", 1),
            (2, 1): G("Kid Rock", 1),
            (4, 1): G("Kid Rock", 2),
        },
        marks={(0, 4): 0},
    )
    assert E.scores(st)[0] == 5
    st, _ = run(
        st, (0, f"play:{DOGS[0]}"), (0, f"dog:{cell(st, 0, 4)}"), (0, f"swap:{cell(st, 0, 1)}")
    )
    assert E.scores(st)[0] == 10


# --- the end --------------------------------------------------------------------------------------
def test_game_ends_when_the_last_card_of_a_row_is_taken():
    st = scene(
        3,
        cells={(1, 1): G("Heidi", 1), (2, 1): G("Heidi", 3)},
        hands={0: [MILK1[0]]},
        goats={0: 1},
        phase="take",
    )
    st, ev = run(st, (0, f"take:{cell(st, 1, 1)}"))
    assert E.is_over(st) and st["end"] == "row"
    assert E.to_act(st) == [] and E.legal_actions(st, 0) == []
    assert said(ev, "over", why="row", scores=E.scores(st))


def test_game_ends_when_the_last_card_of_a_column_is_taken():
    st = scene(
        3,
        cells={(0, 1): G("Heidi", 1), (0, 2): G("Heidi", 3)},
        hands={0: [MILK1[0]]},
        goats={0: 1},
        phase="take",
    )
    st, _ = run(st, (0, f"take:{cell(st, 0, 1)}"))
    assert E.is_over(st) and st["end"] == "column"


def test_game_ends_when_the_line_holds_only_marked_cards_and_the_play_still_scores():
    # Red's goat ends next to column 2, which holds only a marked card; Red's 4th Elvis scores.
    st = scene(
        3,
        cells={(3, 1): G("Heidi", 1), (4, 4): G("Elvis", 1)},
        marks={(3, 1): 1},
        owner={"Heidi": 1},
        hands={0: [G("Elvis", 3), MILK1[0]]},
        played={0: [G("Elvis", 2)], 1: [G("Elvis", 5)], 2: [G("Elvis", 4)]},
        goats={0: 26},
    )
    st, ev = run(st, (0, f"play:{G('Elvis', 3)}"))
    assert E.is_over(st) and st["end"] == "blocked"
    assert st["owner"][SET["Elvis"]] == 0 and st["mark"][cell(st, 4, 4)] == 0
    assert E.scores(st) == [1, 1, 0]


# --- final scoring --------------------------------------------------------------------------------
def test_red_final_27_points_worked_example():
    # Pen at (0,0). Doubled: 1 + 1 + 4 joined to the pen; others 1 + 2 + 4; milk 1+1+2+2+2 (most).
    st = scene(
        3,
        cells={
            (0, 1): G("Elvis", 1),
            (0, 2): G("Heidi", 1),
            (1, 0): G("Goathe", 4),
            (3, 3): G("Pool Goat", 1),
            (4, 4): G("Goatzilla", 2),
            (2, 5): G("Kid Rock", 4),
        },
        marks={(0, 1): 0, (0, 2): 0, (1, 0): 0, (3, 3): 0, (4, 4): 0, (2, 5): 0},
        played={0: [MILK1[0], MILK1[1], MILK2[0], MILK2[1], MILK2[2]], 1: [MILK1[2], MILK2[3]]},
    )
    rows = E.view(st, None)["breakdown"]
    assert rows[0] == {"pen": 12, "other": 7, "milk": 8, "total": 27}
    assert E.scores(st)[0] == 27


def test_line_doubling_needs_an_unbroken_straight_run_from_the_pen():
    # (0,1) joined; (0,3) behind a gap is not; (1,1) is only diagonal to the pen.
    st = scene(
        3,
        cells={(0, 1): G("Elvis", 1), (0, 3): G("Elvis", 2), (1, 1): G("Elvis", 3)},
        marks={(0, 1): 0, (0, 3): 0, (1, 1): 0},
    )
    assert E.scores(st)[0] == 2 + 2 + 3


def test_chain_doubling_option_counts_any_orthogonal_chain():
    cells = {(0, 1): G("Elvis", 1), (0, 3): G("Elvis", 2), (1, 1): G("Elvis", 3)}
    marks = {(0, 1): 0, (0, 3): 0, (1, 1): 0}
    st = scene(3, cells=cells, marks=marks, doubling="chain")
    assert E.scores(st)[0] == 2 + 2 + 6
    assert E.new_game(3, 1, {"doubling": "chain"})["doubling"] == "chain"
    with pytest.raises(GameError, match="must be one of line, chain"):
        E.new_game(3, 1, {"doubling": "diagonal"})


def test_an_edge_pen_doubles_in_three_directions():
    st = scene(
        5,
        cells={(0, 4): G("Elvis", 1), (0, 6): G("Elvis", 2), (1, 5): G("Elvis", 3)},
        marks={(0, 4): 1, (0, 6): 1, (1, 5): 1},
    )
    assert E.scores(st)[1] == 12


def test_another_players_mark_breaks_the_run():
    st = scene(
        3, cells={(0, 1): G("Elvis", 1), (0, 2): G("Elvis", 2)}, marks={(0, 1): 1, (0, 2): 0}
    )
    assert E.scores(st)[0] == 2


def test_milk_shakes_second_place_gets_half_rounded_up_and_ties_share():
    st = scene(
        4,
        played={
            0: [MILK2[0], MILK2[1], MILK1[0]],  # 3 cards, 5
            1: [MILK2[2], MILK2[3], MILK2[4]],  # 3 cards, 6 (tied first)
            2: [MILK2[5], MILK1[1]],  # 2 cards, 3 -> 2
            3: [MILK1[2]],
        },
    )  # third: nothing
    assert E.view(st, None)["breakdown"][2]["milk"] == 2
    assert [r["milk"] for r in E.view(st, None)["breakdown"]] == [5, 6, 2, 0]
    st = scene(3, played={0: [MILK2[0]], 1: [MILK2[1], MILK1[0]], 2: [MILK1[1]]})
    assert [r["milk"] for r in E.view(st, None)["breakdown"]] == [1, 3, 1]


def test_played_cards_and_hands_are_worthless_and_ties_share_the_win():
    st = scene(2, played={0: [G("Elvis", 5)]}, hands={1: [G("Elvis", 4)]})
    st["phase"] = "over"
    assert E.scores(st) == [0, 0] and E.winners(st) == [0, 1]


def test_a_dog_emptying_a_column_does_not_end_the_game():
    # Red drives Elvis 5 from (3,3) to the empty (3,1): column 4 is left without a card.
    st = dog_scene(
        cells={
            (3, 3): G("Elvis", 5),
            (0, 1): G("Kid Rock", 1),
            (5, 1): G("Kid Rock", 2),
            (5, 4): G("Kid Rock", 3),
        },
        marks={(3, 3): 0},
    )
    assert [st["grid"][cell(st, r, 3)] for r in range(7)].count(EMPTY) == 6
    st, _ = run(
        st,
        (0, f"play:{DOGS[0]}"),
        (0, f"dog:{cell(st, 3, 3)}"),
        (0, f"swap:{cell(st, 3, 1)}"),
        (0, f"take:{cell(st, 5, 1)}"),
    )
    assert all(st["grid"][cell(st, r, 3)] == EMPTY for r in range(7))
    assert not E.is_over(st) and st["turn"] == 1


def test_a_dog_without_a_claimed_goat_goes_straight_to_the_take():
    st = scene(
        3,
        cells={(0, 1): G("Heidi", 1), (2, 1): G("Heidi", 2)},
        hands={0: [DOGS[0], MILK1[0]]},
        goats={0: 1},
    )
    st, ev = run(st, (0, f"play:{DOGS[0]}"))
    assert st["phase"] == "take" and DOGS[0] in st["played"][0]
    assert said(ev, "dog_idle", p=0)


def test_inventory_counts_every_card_pen_and_large_goat_constantly():
    st = E.new_game(4, 2)
    inv = E.inventory(st)
    assert sum(v for k, v in inv.items() if k.startswith("card:")) == data.NUM_CARDS
    assert inv["pen"] == 4 and inv["large_goat"] == 4


def test_dog_may_swap_with_a_neutral_milk_shake_or_with_an_own_claimed_card():
    st = dog_scene(
        cells={
            (3, 3): G("Elvis", 5),
            (3, 6): MILK1[1],
            (6, 3): G("Heidi", 4),
            (0, 1): G("Kid Rock", 1),
            (5, 1): G("Kid Rock", 2),
        },
        marks={(3, 3): 0, (6, 3): 0},
        owner={"Elvis": 0, "Heidi": 0},
    )
    st, _ = run(st, (0, f"play:{DOGS[0]}"), (0, f"dog:{cell(st, 3, 3)}"))
    legal = E.legal_actions(st, 0)
    assert f"swap:{cell(st, 3, 6)}" in legal and f"swap:{cell(st, 6, 3)}" in legal
    own, _ = run(st, (0, f"swap:{cell(st, 6, 3)}"))
    assert own["phase"] == "take"  # no consent needed for own cards
    assert own["grid"][cell(st, 6, 3)] == G("Elvis", 5) and own["mark"][cell(st, 6, 3)] == 0
    assert own["grid"][cell(st, 3, 3)] == G("Heidi", 4) and own["mark"][cell(st, 3, 3)] == 0


def test_labels_and_prompts_are_message_ids_with_parameters():
    st = dog_scene()
    assert E.label(st, 0, f"play:{DOGS[0]}") == Msg("ziegen.label.play", card=DOGS[0])
    st, _ = run(st, (0, f"play:{DOGS[0]}"))
    assert E.prompt(st, 0) == Msg("ziegen.prompt.dog", p=0)
    assert E.label(st, 0, f"dog:{cell(st, 3, 3)}") == Msg(
        "ziegen.label.dog.pick", card=G("Elvis", 5), r=4, c=4
    )
    assert E.label(st, 0, "dog:none") == Msg("ziegen.label.dog.none")
    st, _ = run(st, (0, f"dog:{cell(st, 3, 3)}"))
    assert E.label(st, 0, f"swap:{cell(st, 3, 5)}") == Msg(
        "ziegen.label.swap.ask", owner=1, card=G("Heidi", 4), r=4, c=6
    )
    assert E.label(st, 0, f"swap:{cell(st, 3, 1)}") == Msg("ziegen.label.swap.empty", r=4, c=2)
    assert E.label(st, 0, f"swap:{cell(st, 1, 3)}") == Msg(
        "ziegen.label.swap.card", card=G("Goathe", 2), r=2, c=4
    )
    assert E.view(st, None)["prompt"] == [
        "ziegen.prompt.dog_tgt",
        {"p": 0, "src": ["ziegen.at.card", {"card": G("Elvis", 5), "r": 4, "c": 4}]},
    ]
    st, ev = run(st, (0, f"swap:{cell(st, 3, 5)}"))
    src = Msg("ziegen.at.card", card=G("Elvis", 5), r=4, c=4).to_json()
    tgt = Msg("ziegen.at.card", card=G("Heidi", 4), r=4, c=6).to_json()
    assert news(ev) == [("ask", {"p": 0, "owner": 1, "src": src, "tgt": tgt})]
    assert E.label(st, 1, "consent:yes") == Msg("ziegen.label.consent.yes", r=4, c=4, r2=4, c2=6)
