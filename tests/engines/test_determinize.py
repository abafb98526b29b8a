"""``determinize`` at every step of random games, for every engine, player count and seat.

The contract check (``contract.check_determinize``) runs at each step here (the playout test
runs it every 7th move); these tests add that a determinized world differs from the true one
where something is hidden (so the check is not passing by copying the state), and that a
determinized world plays to the end keeping the contract.
"""

from __future__ import annotations

import random

import pytest

from engines import REGISTRY
from tests.engines.contract import check_determinize, play_and_check

CASES = [
    (name, n)
    for name, engine in sorted(REGISTRY.items())
    for n in range(engine.min_players, engine.max_players + 1)
]


def _random_states(engine, n, seed, stride):
    rnd = random.Random(seed)
    state = engine.new_game(n, seed)
    step = 0
    while not engine.is_over(state):
        if step % stride == 0:
            yield state
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        step += 1
    yield state


@pytest.mark.parametrize("name,n", CASES)
def test_determinize_keeps_what_the_seat_knows(name, n):
    engine = REGISTRY[name]
    differs = 0
    for seed in (5, 6):
        for k, state in enumerate(_random_states(engine, n, seed, 3)):
            for seat in range(n):
                world = check_determinize(engine, state, seat, salt=k)
                differs += engine.dump(world) != engine.dump(state)
    assert differs, "determinize never changed anything"


@pytest.mark.parametrize("name,n", CASES)
def test_hidden_cards_really_move(name, n):
    """Re-dealt worlds differ from each other in more than the RNG word."""
    engine = REGISTRY[name]
    state = next(_random_states(engine, n, 9, 1))
    worlds = set()
    for k in range(6):
        dump = engine.dump(engine.determinize(state, 0, random.Random(k)))
        dump.pop("rng")
        worlds.add(repr(sorted(dump.items())))
    assert len(worlds) > 1


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_determinized_world_plays_to_the_end(name):
    """Start from a world re-dealt mid-game: random play from there keeps the contract."""
    engine = REGISTRY[name]
    n = engine.min_players + 1
    states = list(_random_states(engine, n, 21, 1))
    mid = states[len(states) // 3]
    world = engine.determinize(mid, 1, random.Random(3))
    rnd = random.Random(4)
    inventory = engine.inventory(world)
    steps = 0
    while not engine.is_over(world) and steps < 20_000:
        seat = rnd.choice(engine.to_act(world))
        world, _ = engine.apply(world, seat, rnd.choice(engine.legal_actions(world, seat)))
        assert engine.inventory(world) == inventory
        steps += 1
    assert engine.is_over(world)


def test_play_and_check_runs_determinize():
    """The playout contract calls determinize: an engine that cannot is refused."""
    from tests.toy import ToyEngine

    class NoDeterminize(ToyEngine):
        name = "nodet"

        def determinize(self, state, seat, rng):
            return super(ToyEngine, self).determinize(state, seat, rng)

    with pytest.raises(NotImplementedError):
        play_and_check(NoDeterminize(), 2, 1)


def test_ziegen_cards_taken_from_the_pasture_stay_in_their_hands():
    """Everyone saw them go there: a determinized world keeps them (state v2 field ``taken``)."""
    engine = REGISTRY["ziegen"]
    seen = 0
    for state in _random_states(engine, 3, 4, 1):
        for o in range(3):
            for seat in range(3):
                if seat == o:
                    continue
                world = engine.determinize(state, seat, random.Random(seen))
                assert set(state["taken"][o]) <= set(world["hands"][o])
                seen += len(state["taken"][o])
    assert seen


def test_ziegen_v2_games_load_and_play_on():
    """A game stored before ``taken`` (state version 2, stable card ids) loads and plays on;
    its bots determinize from its next take (the v1 and v2 fixtures: tests/fixtures)."""
    engine = REGISTRY["ziegen"]
    state = list(_random_states(engine, 3, 8, 1))[10]
    old = engine.dump(state)
    old.pop("taken")
    old["_v"] = 2
    loaded = engine.load(old)
    assert loaded["taken"] == [[], [], []]
    seat = engine.to_act(loaded)[0]
    engine.apply(loaded, seat, engine.legal_actions(loaded, seat)[0])
    check_determinize(engine, loaded, (seat + 1) % 3)
