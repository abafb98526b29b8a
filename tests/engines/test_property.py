"""Random legal playouts for every registered engine and every player count.

Checks termination, to_act/legal_actions agreement, IllegalAction on a bad id, purity of apply,
dump/load round trips, determinism by replay and that no component is created or lost
(see ``contract.play_and_check``).
"""

from __future__ import annotations

import pytest

from engines import REGISTRY
from tests.engines.contract import play_and_check

SEEDS = (1, 2, 3)

CASES = [
    (name, n, seed)
    for name, engine in sorted(REGISTRY.items())
    for n in range(engine.min_players, engine.max_players + 1)
    for seed in SEEDS
]


@pytest.mark.parametrize("name,num_players,seed", CASES)
def test_random_playout_keeps_the_contract(name, num_players, seed):
    play_and_check(REGISTRY[name], num_players, seed)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_engine_api_is_complete(name):
    engine = REGISTRY[name]
    assert engine.name == name and engine.title
    assert 2 <= engine.min_players <= engine.max_players <= 5
    assert isinstance(engine.options, dict)
    for key in engine.options:
        assert key in engine.option_help, f"option {key} has no help text"
    for key, values in engine.option_choices.items():
        assert key in engine.options, f"option_choices names {key}, which is no option"
        assert engine.options[key] in values, f"the default of {key} is not among its choices"


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_option_value_plays(name):
    engine = REGISTRY[name]
    for key, values in engine.option_choices.items():
        for value in values:
            play_and_check(engine, engine.max_players, 11, {key: value})
    for key, default in engine.options.items():
        if isinstance(default, bool):
            play_and_check(engine, engine.min_players, 12, {key: not default})
