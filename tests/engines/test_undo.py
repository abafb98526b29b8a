"""Undo over random games of every engine (``engines/undo.py``, ``Step.reveals``).

- An action marked as revealing nothing changed no RNG, told nobody anything privately (but the
  decider's own choice), and showed no seat (nor a spectator) any string its view did not hold
  before; every other action closes the door on undo, for every seat.
- An undo restores exactly the state before the decision; a log with undos replays to the same
  state as the log without the undone decisions; nobody can undo past another seat's decision.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engines import REGISTRY, IllegalAction
from engines.undo import UNDO, Replay, replay

MAX_MOVES = 4000
CASES = [
    (name, n, seed)
    for name, engine in sorted(REGISTRY.items())
    for n in sorted({engine.min_players, engine.max_players})
    for seed in (1, 2)
]


def _strings(data, out: set[str]) -> set[str]:
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        for value in data.values():
            _strings(value, out)
    elif isinstance(data, (list, tuple)):
        for value in data:
            _strings(value, out)
    return out


# Decisions whose argument the rules make public as it is taken: (game, action head) -> words
# beyond the action's own parts that may show up in every view (the Backup Companion's side).
PUBLIC_CHOICES = {("korrigans", "backup"): set()}


def _components(engine, state) -> set[str]:
    """The names of the game's components (cards, tokens), as a view may spell them."""
    names = set()
    for key in engine.inventory(state):
        names |= {key, key.split(":", 1)[-1], key.removeprefix("ev_")}
    return names


def _new_to(engine, before, after, observer, action) -> set[str]:
    """Components named in ``observer``'s view after the action that it did not see before."""
    old = _strings(engine.view(before, observer), set())
    new = _strings(engine.view(after, observer), set())
    public = set()
    extra = PUBLIC_CHOICES.get((engine.name, action.partition(":")[0]))
    if extra is not None:
        public = set(action.split(":")) | extra
    return (new - old - public) & _components(engine, before)


@pytest.mark.parametrize("name,num_players,seed", CASES)
def test_only_actions_that_reveal_nothing_can_be_undone(name, num_players, seed):
    engine = REGISTRY[name]
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
    undos = 0
    for _ in range(MAX_MOVES):
        if engine.is_over(game.state):
            break
        who = game.undoable_by()
        if who is not None and rnd.random() < 0.4:
            before = game.stack[-1].before
            for other in range(num_players):
                if other != who:
                    with pytest.raises(IllegalAction):
                        Replay(engine, start).play_all(log + [(other, UNDO)])
            game.play(who, UNDO)
            log.append((who, UNDO))
            standing.pop()
            undos += 1
            assert game.state == before
            assert game.state == replay(engine, start, standing)
            continue
        seat = rnd.choice(engine.to_act(game.state))
        action = rnd.choice(engine.legal_actions(game.state, seat))
        game.play(seat, action)
        log.append((seat, action))
        standing.append((seat, action))
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
