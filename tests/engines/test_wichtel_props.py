"""Der Herr der Wichtel over random playouts: the generic contract, and hidden information."""
from __future__ import annotations

import random

import pytest

from engines.wichtel import ENGINE
from engines.wichtel.data import LEP_NAME
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


def scramble(state, keep):
    """Replace every hidden item ``keep`` may not know by a dummy of the same size."""
    s = E.load(E.dump(state))
    for seat in range(s["n"]):
        if seat != keep:
            s["ret"][seat] = ["fa"] * len(s["ret"][seat])
            s["ev"][seat] = ["r2"] * len(s["ev"][seat])
            if s["ex"] and s["ex"]["picks"][seat] is not None:
                s["ex"]["picks"][seat] = "fa"
            if s["enl"] and s["enl"]["bids"] and s["enl"]["bids"][seat] is not None:
                s["enl"]["bids"][seat] = "?"      # bid or pass: indistinguishable
    if s["enl"] and s["enl"]["bids"]:
        for seat, bid in enumerate(state["enl"]["bids"]):
            if seat != keep and bid is not None:
                s["enl"]["bids"][seat] = "r2" if bid else ""
    s["L"] = ["fa"] * len(s["L"])
    s["R"] = ["fa"] * len(s["R"])
    s["ev_aside"] = ["r2"] * len(s["ev_aside"])
    return s


@pytest.mark.parametrize("n", [3, 5])
def test_views_depend_only_on_what_the_seat_may_know(n):
    rnd = random.Random(n)
    for seed in range(3):
        state = E.new_game(n, seed)
        steps = 0
        while not E.is_over(state) and steps < 400:
            for keep in [None] + list(range(n)):
                a = E.view(state, keep)
                b = E.view(scramble(state, keep), keep)
                if state["enl"] and state["enl"]["bids"]:
                    # the scrambled bids were rewritten as r2-or-pass; compare counts only
                    assert a["event_counts"] == b["event_counts"]
                    a.pop("event_counts"), b.pop("event_counts")
                assert a == b, (keep, state["phase"])
                if keep is None:
                    assert "retinue" not in a and "events" not in a
            seat = rnd.choice(E.to_act(state))
            state, _ = E.apply(state, seat, rnd.choice(E.legal_actions(state, seat)))
            steps += 1


@pytest.mark.parametrize("n", [3, 4])
def test_public_events_never_name_hidden_cards(n):
    """Calls, exchange picks and bribe offers only ever appear in private events."""
    rnd = random.Random(99)
    for seed in range(4):
        state = E.new_game(n, seed)
        while not E.is_over(state):
            seat = rnd.choice(E.to_act(state))
            action = rnd.choice(E.legal_actions(state, seat))
            phase = state["phase"]
            new, events = E.apply(state, seat, action)
            public = [e.text for e in events if e.audience is None]
            if action.startswith("call:"):
                drawn = [e.text for e in events if e.audience == (seat,)][0]
                assert drawn.startswith("You discarded")
            if (phase == "exchange" or action.startswith("call:")) and \
                    new["round"] == state["round"]:
                for text in public:
                    if not text.startswith("Leprechaun Walk"):
                        assert not any(name in text for name in LEP_NAME.values()), text
            if phase == "bribe" and new["enl"] and new["enl"]["bids"]:
                assert public == []             # still face down: not even who passed
            state = new


def test_golden_playthrough():
    """A recorded random game (3 players, seed 2024): any rule change that alters it shows here."""
    state, moves = play_and_check(E, 3, 2024)
    assert moves[:14] == [
        (0, "call:hs"), (0, "done"), (1, "enlist:0"), (0, "pass"), (2, "bribe:r4"), (1, "roll"),
        (1, "fill:ks"), (1, "play:kz"), (1, "free"), (2, "play:st"), (2, "exchange:0"),
        (0, "give:hf"), (2, "give:ks"), (2, "continue")]
    assert (len(moves), state["round"], state["totals"]) == (157, 7, [120, 95, 60])
