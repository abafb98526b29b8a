"""Every game's state ``Layout`` (``engines.base``): the fast copy in ``apply`` is safe.

Over random games of every game, player count and option value, and over determinized worlds,
every state fits its game's layout; a private copy equals the state and shares none of the
containers a move may change (only the rows of ``shared`` keys, which the rules replace rather
than change, and ``kept`` containers, which they only ever replace whole); ``apply`` and
``simulate`` never change the state they are given, nor any state before it.
"""

from __future__ import annotations

import json
import random

import pytest

from engines import REGISTRY
from engines.base import Layout, clone, own


def _containers(value, out: list) -> list:
    if isinstance(value, list):
        out.append(value)
        for item in value:
            _containers(item, out)
    elif isinstance(value, dict):
        out.append(value)
        for item in value.values():
            _containers(item, out)
    return out


def _unshared(layout: Layout, state: dict, copy: dict) -> list[str]:
    """Containers of ``copy`` that are also in ``state``, beyond what the layout shares."""
    wrong = []
    for key, value in copy.items():
        if key in layout.kept or not isinstance(value, (list, dict)):
            continue
        mine = [value] if key in layout.shared else _containers(value, [])
        theirs = {id(c) for c in _containers(state[key], [])}
        if any(id(c) in theirs for c in mine):
            wrong.append(key)
    return wrong


def _options(engine) -> list[dict]:
    """The default options, then each other value of each option alone."""
    out: list[dict] = [{}]
    for key, values in engine.option_choices.items():
        out += [{key: value} for value in values if value != engine.options[key]]
    for key, default in engine.options.items():
        if isinstance(default, bool):
            out.append({key: not default})
    return out


CASES = [
    (name, n)
    for name, engine in sorted(REGISTRY.items())
    for n in range(engine.min_players, engine.max_players + 1)
]


@pytest.mark.parametrize("name,num_players", CASES)
def test_every_state_fits_the_layout_and_copies_safely(name, num_players):
    engine = REGISTRY[name]
    layout = engine.layout
    assert layout is not None, f"{name} declares no state layout"
    for number, options in enumerate(_options(engine)):
        rnd = random.Random(number)
        state = engine.new_game(num_players, number, options)
        history = [(state, json.dumps(state))]
        while True:
            assert layout.check(state) == [], f"{name}: {layout.check(state)}"
            if len(history) % 3 == 1:
                copy = engine.copy_state(state)
                assert copy == state and list(copy) == list(state)
                assert _unshared(layout, state, copy) == []
            if engine.is_over(state):
                break
            seat = rnd.choice(engine.to_act(state))
            legal = engine.legal_actions(state, seat)
            if rnd.random() < 0.2:  # determinize copies by the layout too
                world = engine.determinize(state, seat, random.Random(number))
                assert layout.check(world) == [], f"{name} world: {layout.check(world)}"
                assert json.dumps(state) == history[-1][1], "determinize changed the state"
                text = json.dumps(world)
                engine.simulate(world, seat, legal[0])
                assert json.dumps(world) == text, f"{name}: simulate changed its world"
            state, _ = engine.apply(state, seat, rnd.choice(legal), legal=legal)
            history.append((state, json.dumps(state)))
        # no later move changed an earlier state
        for before, text in history:
            assert json.dumps(before) == text


def test_a_state_with_a_key_the_layout_does_not_name_is_copied_whole():
    layout = Layout(atoms=("n",), flat=("xs",))
    state = {"n": 1, "xs": [1, 2], "new": {"deep": [[1]]}}
    copy = layout.copy(state)
    assert copy == state
    copy["new"]["deep"][0].append(2)
    assert state["new"] == {"deep": [[1]]}
    assert layout.check(state) == ["'new' is not in the layout"]


def test_own_makes_a_shared_row_private():
    layout = Layout(shared=("rows",))
    state = {"rows": [[1], [2]]}
    copy = layout.copy(state)
    assert copy["rows"] is not state["rows"] and copy["rows"][0] is state["rows"][0]
    own(copy, "rows", 0).append(9)
    assert state == {"rows": [[1], [2]]} and copy == {"rows": [[1, 9], [2]]}
    assert clone(copy) == copy
