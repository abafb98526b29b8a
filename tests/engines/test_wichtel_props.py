"""Der Herr der Wichtel over random playouts: the generic contract, and hidden information."""

from __future__ import annotations

import random

import pytest

from engines.wichtel import ENGINE
from engines.wichtel.data import LEP_NAME
from engines.wichtel.steps import STEPS
from engines.wichtel.words import msg
from tests.engines.contract import play_and_check

E = ENGINE


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_random_playouts_keep_the_contract(n, seed):
    state, moves = play_and_check(E, n, seed)
    assert E.is_over(state) and max(state["totals"]) >= 99
    assert E.winners(state) == [state["totals"].index(max(state["totals"]))]


def test_short_target_option():
    state, _ = play_and_check(E, 4, 11, {"target": 50})
    assert max(state["totals"]) >= 50


@pytest.mark.parametrize("n", [3, 5])
def test_bribes_together_option_plays(n):
    state, moves = play_and_check(E, n, 5, {"bribes": "together"})
    assert state["bribes"] == "together" and any(a.startswith("bribe:") for _, a in moves)


def scramble(state, keep):
    """Replace every hidden item ``keep`` may not know by a dummy of the same size.

    Bribes lying face down: in turns the table knows who laid a card (kept as r2-or-pass);
    together it knows nothing, so every face-down bribe goes back into its owner's hand as a pass
    (the owner's public event count stays the same)."""
    s = E.load(E.dump(state))
    bids = s["enl"] and s["enl"]["bids"]
    for seat in range(s["n"]):
        if seat != keep:
            s["ret"][seat] = ["fa"] * len(s["ret"][seat])
            size = len(s["ev"][seat])
            if bids and bids[seat]:
                if s["bribes"] == "turns":
                    bids[seat] = "r2"
                else:
                    bids[seat], size = "", size + 1
            s["ev"][seat] = ["r2"] * size
            if s["ex"] and s["ex"]["picks"][seat] is not None:
                s["ex"]["picks"][seat] = "fa"
    s["left_stack"] = ["fa"] * len(s["left_stack"])
    s["right_stack"] = ["fa"] * len(s["right_stack"])
    s["ev_aside"] = ["r2"] * len(s["ev_aside"])
    return s


@pytest.mark.parametrize("mode", ["turns", "together"])
@pytest.mark.parametrize("n", [3, 5])
def test_views_depend_only_on_what_the_seat_may_know(n, mode):
    rnd = random.Random(n)
    for seed in range(3):
        state = E.new_game(n, seed, {"bribes": mode})
        steps = 0
        while not E.is_over(state) and steps < 400:
            for keep in [None] + list(range(n)):
                scrambled = scramble(state, keep)
                a = E.view(state, keep)
                b = E.view(scrambled, keep)
                assert a == b, (keep, state["phase"])
                if keep is None:
                    assert "retinue" not in a and "events" not in a
                    continue
                # labels and prompts too read only what the seat may know
                assert E.prompt(state, keep) == E.prompt(scrambled, keep)
                for action in E.legal_actions(state, keep):
                    assert E.label(state, keep, action) == E.label(scrambled, keep, action)
            seat = rnd.choice(E.to_act(state))
            state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
            steps += 1


@pytest.mark.parametrize("mode", ["turns", "together"])
@pytest.mark.parametrize("n", [3, 4])
def test_public_events_never_name_hidden_cards(n, mode):
    """Calls, exchange picks and bribe offers only ever appear in private events."""
    rnd = random.Random(99)
    for seed in range(4):
        state = E.new_game(n, seed, {"bribes": mode})
        while not E.is_over(state):
            seat = rnd.choice(E.to_act(state))
            action = rnd.choice(E.legal_actions(state, seat))
            phase = state["phase"]
            new, events = E.apply(state, seat, action)
            public = [e.text for e in events if e.audience is None]
            if action.startswith("call:"):
                drawn = [e.message for e in events if e.audience == (seat,)][0]
                assert drawn.key == "wichtel.called" and drawn.params["card"] == action[5:]
            if (phase == "exchange" or action.startswith("call:")) and new["round"] == state[
                "round"
            ]:
                for text in public:
                    if not text.startswith("Leprechaun Walk"):
                        assert not any(name in text for name in LEP_NAME.values()), text
            if phase == "bribe" and new["enl"] and new["enl"]["bids"]:
                if mode == "together":
                    assert public == []  # still face down: not even who passed
                else:  # in turns: whether a card was laid, not which
                    laid = "lays_no_card" if action == "pass" else "lays_card"
                    assert [e.message for e in events if e.audience is None] == [msg(laid, p=seat)]
            state = new


@pytest.mark.parametrize("mode", ["turns", "together"])
def test_automatic_steps_never_wait_in_a_state(mode):
    """The shared loop runs "deal", "move" and "enlist" before ``apply`` returns: a state always
    waits on a decision step (or is over), and that step's actors are the seats to act."""
    automatic = {key for key, step in STEPS.items() if step.auto}
    assert automatic == {"deal", "move", "enlist"}
    rnd = random.Random(5)
    for n in (3, 5):
        state = E.new_game(n, n, {"bribes": mode})
        while not E.is_over(state):
            assert state["phase"] in STEPS and state["phase"] not in automatic
            seat = rnd.choice(E.to_act(state))
            state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
        assert state["phase"] == "over" and E.to_act(state) == []


def test_golden_playthrough():
    """A recorded random game (3 players, seed 2024): any rule change that alters it shows here."""
    state, moves = play_and_check(E, 3, 2024)
    assert moves[:16] == [
        (0, "walk"),
        (0, "enlist:0"),
        (1, "bribe:r6"),
        (2, "pass"),
        (0, "roll"),
        (0, "accept"),
        (1, "fill:hf"),
        (0, "free"),
        (1, "play:kz"),
        (1, "walk"),
        (1, "exchange:0"),
        (1, "give:hs"),
        (0, "give:hf"),
        (1, "endround"),
        (1, "walk"),
        (1, "enlist:2"),
    ]
    assert (len(moves), state["round"], state["totals"]) == (95, 7, [96, 47, 103])
