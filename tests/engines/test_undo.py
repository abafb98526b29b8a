"""Undo over random games of every engine (``engines/undo.py``, ``Step.reveals``).

- An action marked as revealing nothing changed no RNG, told nobody anything privately (but the
  decider's own choice), and showed no seat (nor a spectator) any component its view did not
  show before (written as the game writes it: a string, an int, a tuple; ``Engine.spelled``);
  every other action closes the door on undo, for every seat.
- An undo restores exactly the state before the decision; a log with undos replays to the same
  state as the log without the undone decisions; nobody can undo past another seat's decision.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engines import REGISTRY, IllegalAction
from engines.undo import UNDO, Replay, replay
from tests.toy import ToyEngine

MAX_MOVES = 4000
CASES = [
    (name, n, seed)
    for name, engine in sorted(REGISTRY.items())
    for n in sorted({engine.min_players, engine.max_players})
    for seed in (1, 2)
]


def _leaves(data, out: set, path: tuple = ()) -> set:
    """What a view shows: every string as it is (a card named anywhere), every other value (an
    int, a list of ints such as a cell) with where it is shown (its keys, list places left out),
    since a number alone (a count, a seat) says nothing; a list of plain values also counts as
    one value, the tuple of its items (a component written as a pair)."""
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            _leaves(value, out, (*path, key))
    elif isinstance(data, (list, tuple)):
        if data and all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in data):
            out.add((path, tuple(data)))
        for value in data:
            _leaves(value, out, path)
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        out.add((path, data))
    return out


# Decisions whose argument the rules make public as it is taken: (game, action head) -> words
# beyond the action's own parts that may show up in every view (the Backup Companion's side).
PUBLIC_CHOICES = {("korrigans", "backup"): set()}


def _components(engine, state) -> set[str]:
    """The names of the game's components (cards, tokens), as a view may write them
    (``Engine.spelled``: strings, ints, tuples)."""
    names: set = set()
    for key in engine.inventory(state):
        names |= engine.spelled(key)
    return names


def _new_to(engine, before, after, observer, action) -> set[str]:
    """Components named in ``observer``'s view after the action that it did not see before."""
    old = _leaves(engine.view(before, observer), set())
    new = _leaves(engine.view(after, observer), set())
    public = set()
    extra = PUBLIC_CHOICES.get((engine.name, action.partition(":")[0]))
    if extra is not None:
        public = set(action.split(":")) | extra
    shown = {item if isinstance(item, str) else item[1] for item in new - old}
    return (shown - public) & _components(engine, before)


@pytest.mark.parametrize("name,num_players,seed", CASES)
def test_only_actions_that_reveal_nothing_can_be_undone(name, num_players, seed):
    check_undo_marks(REGISTRY[name], num_players, seed)


def check_undo_marks(engine, num_players, seed):
    """Play a random game of ``engine``; every action it marks as revealing nothing must be
    undoable and reveal nothing, every other action must close the door on undo."""
    name = engine.name
    rnd = random.Random(seed * 7919 + num_players)
    game = Replay(engine, engine.new_game(num_players, seed))
    undoable = revealing = 0
    for _ in range(MAX_MOVES):
        state = game.state
        if engine.is_over(state):
            break
        seat = rnd.choice(engine.to_act(state))
        action = rnd.choice(engine.legal_actions(state, seat))
        after, events, reveals = engine.apply_marked(state, seat, action)
        assert (after, events) == engine.apply(state, seat, action)
        assert reveals == engine.reveals(state, seat, action, after, events)
        game.play(seat, action)
        assert game.state == after
        if reveals:
            revealing += 1
            for anyone in range(num_players):
                assert game.refusal(anyone) is not None, (action, "revealed but undoable")
            continue
        undoable += 1
        assert after["rng"] == state["rng"], f"{action} rolled or shuffled but is undoable"
        for event in events:
            assert event.audience in (None, (seat,)), f"{action} told others a secret"
        for observer in [None, *range(num_players)]:
            if observer != seat:
                assert not _new_to(engine, state, after, observer, action), (
                    f"{action} by seat {seat} showed {observer} something new but is undoable"
                )
        assert game.refusal(seat) is None and game.undoable_by() == seat
        for other in range(num_players):
            if other != seat:
                assert game.refusal(other) is not None
    assert revealing, "every game reveals something"
    # every game has decisions that reveal nothing (a secret choice, a public move)
    assert undoable, f"{name}: no action was ever undoable"


@pytest.mark.parametrize("name,num_players,seed", CASES)
def test_undo_is_exact_and_replays(name, num_players, seed):
    engine = REGISTRY[name]
    rnd = random.Random(seed * 104729 + num_players)
    start = engine.new_game(num_players, seed)
    game = Replay(engine, start)
    log: list[tuple[int, str]] = []
    standing: list[tuple[int, str]] = []  # the log without undone decisions
    # standing_states[k]: replay(engine, start, standing[:k]), kept as standing grows (apply is
    # pure: the same states as replaying from the start at every undo, which was quadratic)
    standing_states = [start]
    undos = 0
    for _ in range(MAX_MOVES):
        if engine.is_over(game.state):
            break
        who = game.undoable_by()
        if who is not None and rnd.random() < 0.4:
            before = game.stack[-1].before
            for other in range(num_players):
                if other != who:  # the log replayed so far is ``game`` (checked at the end)
                    trial = Replay(engine, game.state)
                    trial.stack = list(game.stack)
                    with pytest.raises(IllegalAction):
                        trial.play(other, UNDO)
            game.play(who, UNDO)
            log.append((who, UNDO))
            standing.pop()
            standing_states.pop()
            undos += 1
            assert game.state == before
            assert game.state == standing_states[-1]
            continue
        seat = rnd.choice(engine.to_act(game.state))
        action = rnd.choice(engine.legal_actions(game.state, seat))
        game.play(seat, action)
        log.append((seat, action))
        standing.append((seat, action))
        standing_states.append(replay(engine, standing_states[-1], [(seat, action)]))
    assert engine.is_over(game.state)
    # Korrigans' only undoable decisions (narrowing a long move list, taking the Backup with
    # several tokens behind the screen) are rare in random play: not every game meets one.
    assert undos or name == "korrigans", f"{name}: no undo happened in a whole game"
    assert replay(engine, start, log) == game.state == replay(engine, start, standing)


def test_an_undo_with_nothing_to_take_back_is_refused():
    engine = REGISTRY["ziegen"]
    game = Replay(engine, engine.new_game(2, 5))
    with pytest.raises(IllegalAction):
        game.play(0, UNDO)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_no_game_uses_the_undo_id(name):
    engine = REGISTRY[name]
    rnd = random.Random(3)
    state = engine.new_game(engine.max_players, 3)
    for _ in range(500):
        if engine.is_over(state):
            break
        for seat in engine.to_act(state):
            assert UNDO not in engine.legal_actions(state, seat)
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_checks_catch_steps_wrongly_marked_as_revealing_nothing(name, monkeypatch):
    """The first test is no tautology: with every step of a game marked as revealing nothing,
    the checks find an action that showed something (a card turned, a die rolled), whether
    the generic safety net (RNG, private news) or the view comparison is what catches it."""
    engine = REGISTRY[name]
    steps = {key: dataclasses.replace(step, reveals=False) for key, step in engine.STEPS.items()}
    monkeypatch.setattr(engine, "STEPS", steps)
    monkeypatch.setattr(engine, "_revealed", lambda *args: False)  # no safety net either
    with pytest.raises(AssertionError, match="undoable|secret"):
        test_only_actions_that_reveal_nothing_can_be_undone(name, engine.max_players, 1)


def test_the_view_comparison_alone_catches_a_card_turned_in_public(monkeypatch):
    """Ziegen's take refills the grid from the draw pile: no RNG, no private news, so only the
    view comparison can tell that a card nobody knew was shown."""
    engine = REGISTRY["ziegen"]
    steps = {key: dataclasses.replace(step, reveals=False) for key, step in engine.STEPS.items()}
    monkeypatch.setattr(engine, "STEPS", steps)
    with pytest.raises(AssertionError, match="showed .* something new"):
        test_only_actions_that_reveal_nothing_can_be_undone("ziegen", 2, 1)


class MarkedToy(ToyEngine):
    """The toy game, its steps marked: a secret pick and a take reveal nothing, but the last
    take, which ends the game and shows every secret (as ``[seat, number]`` pairs: components
    written as tuples of ints, ``ToyEngine.spelled``)."""

    def reveals(self, before, seat, action, after, events):
        return action.startswith("take:") and after["winner"] is not None


class MisMarkedToy(MarkedToy):
    """The same, with the last take wrongly marked as revealing nothing."""

    def reveals(self, before, seat, action, after, events):
        return False


@pytest.mark.parametrize("seed", range(1, 6))
def test_the_undo_check_passes_a_game_whose_components_are_tuples(seed):
    check_undo_marks(MarkedToy(), 2, seed)


@pytest.mark.parametrize("seed", range(1, 6))
def test_the_undo_check_catches_a_mis_marked_step_showing_tuples(seed):
    """The check looks for components of any type: the secrets shown at the end are pairs of
    ints, not strings, and still a take marked as revealing nothing that shows them fails."""
    with pytest.raises(AssertionError, match=r"take:\d by seat \d showed .* something new"):
        check_undo_marks(MisMarkedToy(), 2, seed)
