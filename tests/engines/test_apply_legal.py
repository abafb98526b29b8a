"""``Engine.apply(..., legal=...)``: a caller that already has ``legal_actions(state, seat)``
hands it over, and legality is not worked out again; the result is the same, and an action
outside the list is refused as before, with the same reason."""

from __future__ import annotations

import random

import pytest

from engines import REGISTRY, IllegalAction


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_apply_with_the_legal_list_gives_the_same_game(name):
    engine = REGISTRY[name]
    rnd = random.Random(5)
    state = engine.new_game(engine.max_players, 5)
    for _ in range(60):
        if engine.is_over(state):
            break
        seat = rnd.choice(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        action = rnd.choice(legal)
        new, events = engine.apply(state, seat, action, legal=legal)
        again, events_again = engine.apply(state, seat, action)
        assert new == again and events == events_again
        marked = engine.apply_marked(state, seat, action, legal=legal)
        assert marked == engine.apply_marked(state, seat, action)
        state = new


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_an_action_outside_the_legal_list_is_refused_with_its_reason(name):
    engine = REGISTRY[name]
    state = engine.new_game(engine.min_players, 7)
    seat = engine.to_act(state)[0]
    legal = engine.legal_actions(state, seat)
    with pytest.raises(IllegalAction, match="not a legal move"):
        engine.apply(state, seat, "no-such-action", legal=legal)
    idle = next((s for s in range(engine.min_players) if s not in engine.to_act(state)), None)
    if idle is not None:
        with pytest.raises(IllegalAction, match="not your turn"):
            engine.apply(state, idle, legal[0], legal=[])
