"""The bot policies: legal, deterministic for a given rnd, blind to hidden information, no
undo cycles, and clearly better than random where that is cheap to check."""

from __future__ import annotations

import random

import pytest

from bots import HardPolicy, NormalPolicy, policy_for
from bots.common import is_undo, pruned
from engines import REGISTRY

LEVEL_POLICIES = {
    "easy": lambda: policy_for("ziegen", "easy"),
    "normal": lambda: NormalPolicy(worlds=2),
    "hard": lambda: HardPolicy(iterations=30),
}


def _mid_states(engine, n, seed, every=5, limit=6):
    """A few positions of a random game where the acting seat has a real choice."""
    rnd = random.Random(seed)
    state = engine.new_game(n, seed)
    out, step = [], 0
    while not engine.is_over(state) and len(out) < limit:
        seat = rnd.choice(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        if step % every == 0 and len(pruned(legal)) > 1:
            out.append((state, seat))
        state, _ = engine.apply(state, seat, rnd.choice(legal))
        step += 1
    return out


@pytest.mark.parametrize("level", sorted(LEVEL_POLICIES))
@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_choice_is_legal_deterministic_and_blind(name, level):
    engine = REGISTRY[name]
    policy = LEVEL_POLICIES[level]()
    for state, seat in _mid_states(engine, 3, 7, every=7, limit=3):
        legal = engine.legal_actions(state, seat)
        pick = policy.choose(engine, state, seat, legal, random.Random(11))
        assert pick in legal and not is_undo(pick)
        assert policy.choose(engine, state, seat, legal, random.Random(11)) == pick
        # A state the seat cannot tell from the true one gives the same choice.
        twin = engine.determinize(state, seat, random.Random(99))
        assert engine.view(twin, seat) == engine.view(state, seat)
        assert policy.choose(engine, twin, seat, legal, random.Random(11)) == pick


class _Peeking(HardPolicy):
    """A cheat: it reads the true state's RNG word, which determinize hides."""

    def choose(self, engine, state, seat, legal, rnd):
        return legal[state["rng"] % len(legal)]


def test_the_blindness_check_catches_a_cheat():
    engine = REGISTRY["ziegen"]
    differs = False
    for state, seat in _mid_states(engine, 3, 3, every=3, limit=6):
        legal = engine.legal_actions(state, seat)
        twin = engine.determinize(state, seat, random.Random(1))
        p = _Peeking()
        differs |= p.choose(engine, state, seat, legal, random.Random(0)) != p.choose(
            engine, twin, seat, legal, random.Random(0)
        )
    assert differs


def test_no_policy_takes_an_undo_step():
    """Ziegen's dog: ``dog:back`` returns to the choice before; a bot never takes it."""
    engine = REGISTRY["ziegen"]
    rnd = random.Random(5)
    for seed in range(40):
        state = engine.new_game(2, seed)
        for _ in range(300):
            if engine.is_over(state):
                break
            seat = engine.to_act(state)[0]
            legal = engine.legal_actions(state, seat)
            if "dog:back" in legal:
                for policy in (
                    policy_for("ziegen", "easy"),
                    NormalPolicy(worlds=1),
                    HardPolicy(iterations=20),
                ):
                    assert policy.choose(engine, state, seat, legal, rnd) != "dog:back"
                return
            state, _ = engine.apply(state, seat, rnd.choice(pruned(legal)))
    pytest.fail("no dog:back position found")


def test_hard_search_walks_are_bounded():
    """Every iteration stops after max_steps steps, even in a long game."""
    engine = REGISTRY["henchmania"]
    state = engine.new_game(3, 1)
    seat = engine.to_act(state)[0]
    calls = []
    real_apply = engine.apply

    class Counting:
        def __getattr__(self, key):
            return getattr(engine, key)

        def apply(self, s, who, action):
            calls.append(action)
            return real_apply(s, who, action)

    policy = HardPolicy(iterations=5, rollout=1000, max_steps=25, prior_worlds=0)
    policy.choose(Counting(), state, seat, engine.legal_actions(state, seat), random.Random(2))
    assert len(calls) <= 5 * 25


def test_levels_and_seconds():
    with pytest.raises(ValueError):
        policy_for("ziegen", "grandmaster")
    engine = REGISTRY["ziegen"]
    quick = policy_for("ziegen", "hard", seconds=0.05)
    slow = policy_for("ziegen", "hard", seconds=1.0)
    assert quick.budget(engine, 3) < slow.budget(engine, 3)
    # Calibrated once per game, player count and process: the same seconds give the same
    # budget, so the same position and rnd give the same choice.
    assert policy_for("ziegen", "hard", seconds=1.0).budget(engine, 3) == slow.budget(engine, 3)
    state = engine.new_game(3, 4)
    seat = engine.to_act(state)[0]
    legal = engine.legal_actions(state, seat)
    picks = {slow.choose(engine, state, seat, legal, random.Random(8)) for _ in range(2)}
    assert len(picks) == 1


def _play(engine, n, policies, seed):
    state = engine.new_game(n, seed)
    rnd = random.Random(seed)
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        state, _ = engine.apply(state, seat, policies[seat].choose(engine, state, seat, legal, rnd))
    return engine.winners(state)


def test_hard_beats_random_at_ziegen():
    """A small sample (the arena in bench/ measures properly): 9 three-player games against
    two random bots, where a fair share is 3 wins."""
    engine = REGISTRY["ziegen"]
    wins = 0
    for g in range(9):
        pols = [policy_for("ziegen", "random")] * 3
        pols = list(pols)
        pols[g % 3] = HardPolicy(iterations=60, prior_worlds=2)
        wins += (g % 3) in _play(engine, 3, pols, 100 + g)
    assert wins >= 6


def test_the_budget_leaves_out_the_fixed_cost_and_follows_longer_searches(monkeypatch):
    """A decision costs a fixed part (the root prior) plus its iterations, and a long search
    costs more per iteration than the short probe: the calibration measures both (on a fake
    clock here) and plans the iterations that fit in the planned share of the time."""
    from bots import budget

    clock = [0.0]

    class Probe:
        def search(self, engine, state, seat, legal, rnd, iterations):
            # 0.1 s before the first iteration; 1 ms an iteration up to 16, 2 ms beyond.
            clock[0] += 0.1 + 0.001 * min(iterations, 16) + 0.002 * max(iterations - 16, 0)

    monkeypatch.setattr(budget.time, "perf_counter", lambda: clock[0])
    engine = REGISTRY["ziegen"]
    fixed, per = budget.cost("fake-clock", 3, engine, Probe())
    assert fixed == pytest.approx(0.1) and per == pytest.approx(0.001)
    # Planned: 0.5 s of 1 s; 0.4 s after the fixed part. The first guess (400 iterations) is
    # searched once and took 0.1 + 0.016 + 0.768 s: 1.96 ms an iteration, so 204.
    assert budget.iterations_for("fake-clock", 1.0, 3, engine, Probe()) == 204
    assert budget.iterations_for("fake-clock", 0.05, 3, engine, Probe()) == budget.MIN_ITERATIONS


class TwoStepToy:
    """Seat 0 plays a card, then (after "x" only) picks its target; seat 1 never decides.
    "x" is worth nothing by itself but its target "x2" brings 5 points; "y" brings 2 at once."""

    name = "two-step-toy"

    def determinize(self, state, seat, rng):
        return dict(state)

    def is_over(self, state):
        return state["done"]

    def to_act(self, state):
        return [0]

    def legal_actions(self, state, seat):
        return ["x1", "x2"] if state["after"] == "x" else ["x", "y"]

    def simulate(self, state, seat, action):
        gain = {"y": 2, "x2": 5}.get(action, 0)
        return {
            "after": action if action == "x" else None,
            "done": action != "x",
            "score": [state["score"][0] + gain, state["score"][1]],
        }

    def scores(self, state):
        return state["score"]

    def winners(self, state):
        return [0] if state["score"][0] > state["score"][1] else [1]


def test_a_deeper_prior_sees_the_seats_own_next_step():
    """The root prior looks ``prior_depth`` own steps ahead: one step sees "y"'s 2 points, two
    see that "x" leads to 5."""
    toy = TwoStepToy()
    state = {"after": None, "done": False, "score": [0, 0]}
    shallow = HardPolicy(iterations=0, prior_worlds=1, prior_depth=1)
    deep = HardPolicy(iterations=0, prior_worlds=1, prior_depth=2)
    assert shallow.search(toy, state, 0, ["x", "y"], random.Random(1), 0) == "y"
    assert deep.search(toy, state, 0, ["x", "y"], random.Random(1), 0) == "x"


def test_settings_by_player_count():
    policy = HardPolicy(iterations=7, prior_depth=1, by_players={2: {"prior_depth": 2}})
    assert policy.for_players(3) is policy
    two = policy.for_players(2)
    assert (two.prior_depth, two.iterations) == (2, 7)
    assert policy.for_players(2) is two
