"""Herr der Ziegen across state versions: stable card ids (version 2), the migration of version 1
dumps, and version 1 move logs replayed through ``Engine.upgrade_action``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines import ACTION_ID_RE
from engines.ziegen import ENGINE as E
from engines.ziegen import data
from engines.ziegen.upgrade import V1_CARDS, V1_SETS, upgrade_action
from tests.engines.test_stored_states import _Versioned

FIXTURES = Path(__file__).parent.parent / "fixtures"
V1_LOG = json.loads((FIXTURES / "logs" / "ziegen-v1-4p.json").read_text())
# The set names of version 1, in its order (set i held goats 5i..5i+4).
V1_SET_NAMES = [
    "Elvis",
    "Pool Goat",
    "Goathe",
    "Vincent van Goat",
    "Goatzilla",
    "Heidi",
    "Billy the Kid",
    "Kid Rock",
    "Yoga Goat",
    "Disco Goat",
    "Sir Bleats-a-Lot",
    "Capricorn",
    "Hairy Potter",
    "Nanny Gruff",
    "G.O.A.T.",
    "Feta Cheesy",
    "Summit Steve",
    "Goatee",
]


def test_every_card_has_a_short_stable_id_that_is_never_a_number():
    assert len(set(data.CARDS)) == data.NUM_CARDS == 121
    for card in data.CARDS:
        assert ACTION_ID_RE.match(f"play:{card}") and len(card) <= 12
        assert not card.isdigit() and not card.partition(".")[2].startswith("0")
    assert data.GOAT_IDS[:3] == ["elvis.1", "elvis.2", "elvis.3"]
    assert data.DOG_IDS[0] == "dog.1" and data.MILK_IDS[0] == "milk1.1"
    assert data.MILK_IDS[8:10] == ["milk2.1", "milk2.2"]
    for s in data.SET_KEYS:
        assert [data.VALUE[c] for c in data.SET_CARDS[s]] == data.SET_VALUES
        assert all(data.GOAT_SET[c] == s for c in data.SET_CARDS[s])


def test_the_version_1_numbering_is_frozen_and_names_the_same_cards():
    assert len(V1_CARDS) == 121
    for i, card in enumerate(V1_CARDS):
        if i < 90:
            assert data.SET_NAMES[data.GOAT_SET[card]] == V1_SET_NAMES[i // 5]
            assert data.VALUE[card] == i % 5 + 1
        elif i < 105:
            assert data.KIND[card] == "d"
        else:
            assert data.KIND[card] == "m" and data.VALUE[card] == (1 if i < 113 else 2)
    assert list(V1_SETS) == data.SET_KEYS[:18]


def test_a_version_1_state_is_migrated_to_card_ids():
    raw = json.loads((FIXTURES / "states" / "ziegen-v1-2p.json").read_text())["state"]
    state = E.load(raw)
    assert E.dump(state)["_v"] == E.state_version == 3  # v1 -> v2 (card ids) -> v3 (taken)
    assert state["taken"] == [[], []]
    cards = [c for c in state["grid"] if data.is_card(c)] + state["draw"] + state["box"]
    cards += state["discard"] + [c for zone in state["hands"] + state["played"] for c in zone]
    assert sorted(cards) == sorted(data.CARDS)  # every card once, by its id
    assert state["grid"].count(data.PEN) == 2 and -1 not in state["grid"]
    assert all(isinstance(seat, int) for seat in state["owner"].values())
    assert set(state["owner"]) <= set(data.SET_KEYS)
    v1_owner = {V1_SETS[s]: seat for s, seat in enumerate(raw["owner"]) if seat >= 0}
    assert state["owner"] == v1_owner
    assert state["hands"] == [[V1_CARDS[c] for c in hand] for hand in raw["hands"]]
    assert E.inventory(state) == E.inventory(E.load(E.dump(state)))


def test_upgrade_action_translates_version_1_plays_only_and_is_idempotent():
    assert upgrade_action("play:0", 1) == "play:elvis.1"
    assert upgrade_action("play:104", 1) == "play:dog.15"
    assert upgrade_action("play:120", 1) == "play:milk2.8"
    for action in ("take:33", "swap:5", "dog:12", "dog:none", "mull:1", "consent:yes"):
        assert upgrade_action(action, 1) == action  # cells and choices never changed
    assert upgrade_action("play:elvis.1", 1) == "play:elvis.1"
    assert upgrade_action("play:0", 2) == "play:0"
    assert E.upgrade_action("play:64", 1) == "play:potter.5"
    assert _Versioned().upgrade_action("take:1", 1) == "take:1"  # the default: unchanged


def _replay(moves):
    state = E.new_game(V1_LOG["num_players"], V1_LOG["seed"], V1_LOG["options"])
    for seat, action in moves:
        state, _ = E.apply(state, seat, E.upgrade_action(action, V1_LOG["state_version"]))
    return state


def test_a_version_1_move_log_replays_to_the_same_final_scores():
    moves = V1_LOG["moves"]
    assert any(a.startswith("play:") and a[5:].isdigit() for _, a in moves)
    state = _replay(moves)
    assert E.is_over(state)
    assert E.scores(state) == V1_LOG["scores"] and state["end"] == V1_LOG["end"]


@pytest.mark.parametrize("upgraded_from", [0, 40, 120])
def test_a_log_that_ran_across_the_upgrade_replays_too(upgraded_from):
    """Moves before the upgrade are version 1 ids, later ones version 2: upgrading every move
    with the version the game started at gives the same game."""
    moves = [
        (seat, action if i < upgraded_from else upgrade_action(action, 1))
        for i, (seat, action) in enumerate(V1_LOG["moves"])
    ]
    assert E.scores(_replay(moves)) == V1_LOG["scores"]
