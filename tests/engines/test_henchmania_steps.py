"""Henchmania's turn flow as data (steps.py) and words out of the rules (words.py)."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from engines import GameError, clone
from engines.henchmania import ENGINE as E
from engines.henchmania.data import CARDS
from engines.henchmania.steps import STEPS
from engines.words import TEMPLATES, Msg, render
from tests.engines.test_henchmania_helpers import ids as ids_of
from tests.engines.test_henchmania_helpers import make, news, play

PACKAGE = Path(E.__class__.__module__.replace(".", "/")).parent
PHASES = ("placing", "cards", "duel", "endday")
ALL = {"animals": True, "alt_gloves": "all", "alt_henchmen": "all"}


def _random_states(n, seed, moves=400):
    """(state, acting seat) along a random game with every Additional Card."""
    rnd = random.Random(seed)
    st = E.new_game(n, seed, ALL)
    for _ in range(moves):
        if E.is_over(st):
            return
        seat = rnd.choice(E.to_act(st))
        yield st, seat
        st, _ = E.apply(st, seat, rnd.choice(E.legal_actions(st, seat)))


def test_no_phase_module_imports_another():
    root = Path(__file__).resolve().parent.parent.parent / PACKAGE
    for phase in PHASES:
        tree = ast.parse((root / f"{phase}.py").read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                imported.add(node.module or "")
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
        assert not imported & set(PHASES), (phase, imported & set(PHASES))


def test_automatic_steps_never_outlive_an_apply():
    """Stored states hold decisions only: the hand-over steps run inside the same apply."""
    autos = {key for key, step in STEPS.items() if step.auto is not None}
    assert autos == {"day", "cards", "finish", "duel", "end", "tiedone"}
    for n, seed in ((2, 1), (5, 2)):
        for st, _seat in _random_states(n, seed):
            assert E.step_of(st) in set(STEPS) - autos
            assert E.to_act(st) == st["step"]["s"]


def test_an_unknown_step_is_a_clear_error():
    st = make(2, hands={0: ["gossip"]})
    st["step"] = {"k": "nap", "s": [0]}
    with pytest.raises(GameError, match="unknown step 'nap'"):
        E.legal_actions(st, 0)


def test_a_day_starts_through_the_shared_loop():
    st = E.new_game(3, 5)
    assert E.step_of(st) == "place" and E.to_act(st) == [0]
    assert E.prompt(st, 0) == Msg("henchmania.prompt.place", who=[0], day=1)
    assert render(E.view(st, None)["prompt"]) == "{p0} sets a Henchman on a site (day 1)."


def test_the_prompt_at_the_end_says_who_won():
    st, ev = play(make(2, hands={0: ["gossip"]}, scores=[31, 5], day=1), (0, "pass"))
    assert E.is_over(st) and ids_of(ev)[-1] == "bailiff"
    assert E.prompt(st, 1) == Msg("henchmania.prompt.over", won=[0])
    assert E.view(st, None)["prompt"] == ["henchmania.prompt.over", {"won": [0]}]
    assert render(E.view(st, 1)["prompt"]) == "The game is over: {p0} won."


def test_every_message_has_a_template_and_renders():
    """Every event, label and prompt of random games is a Henchmania Msg with a template."""
    keys = set()
    for n, seed in ((3, 7), (4, 8)):
        rnd = random.Random(seed)
        st = E.new_game(n, seed, ALL)
        while not E.is_over(st):
            seat = rnd.choice(E.to_act(st))
            legal = E.legal_actions(st, seat)
            for action in legal:
                label = E.label(st, seat, action)
                assert isinstance(label, Msg) and render(label), action
                keys.add(label.key)
            prompt = E.view(st, seat)["prompt"]
            assert json.loads(json.dumps(prompt)) == prompt and render(prompt)
            st, events = E.apply(st, seat, rnd.choice(legal))
            for event in events:
                assert isinstance(event.message, Msg) and event.text
                keys.add(event.message.key)
    assert all(key.removeprefix("henchmania.") in TEMPLATES["henchmania"] for key in keys)
    assert len(keys) > 60


def _swap_hidden(state, seat, rnd):
    """The same state as ``seat`` sees it: every other hand's cards replaced by other cards of
    the same back (site) from the piles."""
    other = clone(state)
    for o in range(other["n"]):
        if o == seat:
            continue
        for i, card in enumerate(other["hand"][o]):
            site = CARDS[card][1]
            pile = other["deck"][site]
            j = rnd.randrange(len(pile)) if pile else None
            if j is not None:
                other["hand"][o][i], pile[j] = pile[j], card
    return other


def test_labels_and_prompts_read_nothing_the_seat_cannot_see():
    rnd = random.Random(3)
    checked = 0
    for st, seat in _random_states(3, 11):
        other = _swap_hidden(st, seat, rnd)
        legal = E.legal_actions(st, seat)
        assert E.legal_actions(other, seat) == legal
        assert [E.label(other, seat, a) for a in legal] == [E.label(st, seat, a) for a in legal]
        assert E.prompt(other, seat) == E.prompt(st, seat)
        checked += 1
    assert checked > 100


def test_label_ids_and_parameters():
    st = make(2, hands={0: ["gossip"], 1: ["gossip"]}, res={0: ["boss"]})
    assert E.label(st, 0, "play:gossip") == Msg("henchmania.label.play", card="gossip")
    assert E.label(st, 0, "pass") == Msg("henchmania.label.pass_day")
    st, _ = play(st, (0, "play:gossip"))
    assert E.label(st, 0, "arg:p1") == Msg("henchmania.label.target", card="gossip", target=1)
    st, ev = play(st, (0, "arg:p1"), (0, "arg:boss"))
    assert ("boss", {"seat": 0, "n": 3}) in news(ev)
    assert ("gossip.other", {"n": 3, "target": 1, "seat": 0, "amount": 3}) in news(ev)
