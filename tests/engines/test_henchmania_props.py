"""Henchmania: random playouts (the shared contract), hidden information, texts, speed."""

from __future__ import annotations

import json
import random
import re

import pytest

from engines import ACTION_ID_RE
from engines.henchmania import ENGINE as E
from engines.words import render
from tests.engines.contract import play_and_check
from tests.engines.test_henchmania_helpers import make, play

PRIVATE_KEYS = ("hand", "playing", "choir_choice", "my_choice", "seat")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_playouts_keep_the_contract(n, seed):
    state, moves = play_and_check(E, n, seed)
    assert E.is_over(state) and moves


@pytest.mark.parametrize("options", [{"days": 3}, {"days": 5, "target": 25}])
def test_random_playouts_with_options(options):
    for n in (2, 5):
        state, _ = play_and_check(E, n, 11, options)
        assert state["days"] == options["days"]


def _walk(n, seed, every=3):
    """Yield (state, seat, action, events) along a random game."""
    rnd = random.Random(seed)
    st = E.new_game(n, seed)
    i = 0
    while not E.is_over(st):
        seat = rnd.choice(E.to_act(st))
        action = rnd.choice(E.legal_actions(st, seat))
        new, events = E.apply(st, seat, action)
        if i % every == 0:
            yield st, seat, action, events
        st = new
        i += 1
    yield st, None, None, []


@pytest.mark.parametrize("n", [2, 4, 5])
def test_views_differ_only_by_the_seats_own_private_part(n):
    for st, _seat, _action, _events in _walk(n, 100 + n):
        spectator = E.view(st, None)
        assert "hand" not in spectator and "playing" not in spectator
        public = {k: v for k, v in spectator.items() if k not in PRIVATE_KEYS}
        for s in range(n):
            mine = E.view(st, s)
            assert {k: v for k, v in mine.items() if k not in PRIVATE_KEYS} == public
            assert sorted(mine["hand"]) == sorted(st["hand"][s])
        # Everyone's hand backs are public.
        for p in spectator["players"]:
            assert sum(p["hand_backs"].values()) == p["hand_count"]


def test_a_card_being_chosen_stays_hidden_until_played():
    st = make(2, hands={0: ["trick"], 1: ["jester"]})
    st, _ = play(st, (0, "play:trick"))
    spectator = json.dumps(E.view(st, None))
    assert "trick" not in spectator.lower()
    assert E.view(st, 0)["playing"]["card"] == "trick"
    assert "trick" not in json.dumps(E.view(st, 1)).lower()


def test_drawn_cards_are_private_in_events():
    for _st, _seat, _action, events in _walk(3, 7, every=1):
        for e in events:
            if e.text.startswith("You drew"):
                assert e.audience is not None and len(e.audience) == 1
            if e.audience is None:
                assert "You " not in e.text


def test_labels_texts_and_ids():
    placeholder = re.compile(r"\{p(\d)\}")
    for n in (2, 5):
        for st, seat, _action, events in _walk(n, 40 + n, every=2):
            if seat is None:
                continue
            for a in E.legal_actions(st, seat):
                assert ACTION_ID_RE.match(a)
                label = E.describe(st, seat, a)
                assert 0 < len(label) <= 80
            assert len(E.legal_actions(st, seat)) <= 125
            v = E.view(st, None)
            board = E.board_text(v)
            hand = E.hand_text(E.view(st, seat))
            assert len(board) <= 4000 and len(hand) <= 4000
            for text in [board, hand, render(v["prompt"])] + [e.text for e in events]:
                assert all(int(m) < n for m in placeholder.findall(text))
            assert v["prompt"]


def test_spectator_board_text_shows_the_public_board():
    st = make(
        3,
        hands={0: ["gossip", "dagger"], 1: ["jester"]},
        res={1: ["minstrel"]},
        trumps={2: "bravery"},
        board={"tavern": [0, 0, 1]},
        scores=[5, 12, 3],
    )
    text = E.board_text(E.view(st, None))
    assert "Tavern" in text and "Minstrel" in text and "Bravery" in text and "12 points" in text
    assert "Armory 1" in text  # the back of seat 0's Dagger
    assert "Dagger" not in text and "Gossip" not in text
    hand = E.hand_text(E.view(st, 0))
    assert "Dagger" in hand and "Gossip" in hand


def test_inventory_is_constant_and_counts_every_card():
    st = E.new_game(5, 3)
    inv = E.inventory(st)
    assert inv["glove"] == 12 and inv["gossip"] == 8 and inv["sword"] == 1
    assert all(inv["pawn:%d" % s] == 8 for s in range(5))


@pytest.mark.parametrize(
    "n,moves,scores,winners",
    [
        (2, 159, [17, 6], [0]),
        (3, 207, [23, 6, 5], [0]),
        (5, 340, [17, 11, 13, 19, 20], [4]),
    ],
)
def test_golden_playthroughs(n, moves, scores, winners):
    """Recorded random games (seed 2026): a rule change that alters play shows up here.
    Update the figures only for an intended change of the rules."""
    rnd = random.Random(2026)
    st = E.new_game(n, 2026)
    count = 0
    while not E.is_over(st):
        seat = rnd.choice(E.to_act(st))
        st, _ = E.apply(st, seat, rnd.choice(E.legal_actions(st, seat)))
        count += 1
    assert (count, st["score"], E.winners(st)) == (moves, scores, winners)


def test_board_names_no_weapon_before_it_is_chosen_and_counts_dice_and_points_right():
    from engines.henchmania.duel import react_label
    from engines.words import Msg, render

    def board_with(stage, aw=None, dw=None):
        duel = {
            "attacker": 0,
            "defender": 1,
            "attack_weapon": aw,
            "defence_weapon": dw,
            "attack_value": 6,
            "defence_value": 6,
            "attack_dice": [],
            "defence_dice": [],
            "hits": 0,
            "cancelled": 0,
            "unparried": None,
            "stage": stage,
            "tie_duel": False,
            "wounds": None,
        }
        return duel

    from engines.henchmania import ENGINE

    stages = [
        ("guard", "weapon not chosen yet", "weapon not chosen yet"),
        ("aw", "choosing a weapon", "weapon not chosen yet"),
        ("dw", "bare hands, hits on 6+", "choosing a weapon"),
        ("w1", "bare hands, hits on 6+", "bare hands, parries on 6+"),
    ]
    for stage, expect_a, expect_d in stages:
        state = ENGINE.new_game(2, 1)
        view = ENGINE.view(state, None)
        view["duel"] = board_with(stage)
        text = ENGINE.board_text(view)
        assert f"({expect_a}) vs" in text and f"({expect_d})" in text, (stage, text)
    state = {"step": {"k": "react"}, "duel": {"st": "w1", "ad": [1, 2, 3]}}
    assert react_label(state, 0, "prov:1") == Msg("henchmania.label.prov.one", n=1, dice=[2])
    assert react_label(state, 0, "prov:02") == Msg("henchmania.label.prov.other", n=2, dice=[1, 3])
    assert render(react_label(state, 0, "prov:1")) == "Providence: reroll die 2"
    assert render(react_label(state, 0, "prov:02")) == "Providence: reroll dice 1, 3"


def test_the_private_panel_shows_the_duel_in_progress_too():
    from engines.henchmania import ENGINE

    state = ENGINE.new_game(2, 1)
    view = ENGINE.view(state, 1)
    assert "Duel" not in ENGINE.hand_text(view)
    view["duel"] = {
        "attacker": 0,
        "defender": 1,
        "attack_weapon": None,
        "defence_weapon": None,
        "attack_value": 6,
        "defence_value": 6,
        "attack_dice": [6, 2, 6],
        "defence_dice": [],
        "hits": 2,
        "cancelled": 0,
        "unparried": None,
        "stage": "w2",
        "tie_duel": False,
        "wounds": None,
    }
    text = ENGINE.hand_text(view)
    assert "**Duel:** {p0} (bare hands, hits on 6+) vs {p1}" in text
    assert "Attack dice: [6, 2, 6] - 2 hits" in text
