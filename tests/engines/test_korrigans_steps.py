"""Korrigans' one shape (issue 9): the step table, phase modules that never import each other,
labels and prompts from what the seat may see, text from a JSON view alone."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

from engines.korrigans import ENGINE
from engines.korrigans.data import TOKEN_KINDS
from engines.korrigans.steps import STEPS
from engines.words import Msg, render

PACKAGE = Path(__file__).parents[2] / "engines" / "korrigans"
PHASES = {"placement", "moving", "gathering", "rainbow", "final"}
HELPERS = {"common", "moves", "carry", "scoring", "data", "maps", "words"}


def _local_imports(name: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{name}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update([node.module] if node.module else [a.name for a in node.names])
    return found


@pytest.mark.parametrize("name", sorted(PHASES | HELPERS))
def test_phase_modules_never_import_each_other_and_helpers_import_none(name):
    others = PHASES - {name}
    assert not _local_imports(name) & others


def _games(seeds=((2, 1), (3, 4), (5, 2)), options=None):
    """Every state of a few random games, with the seat to act."""
    for n, seed in seeds:
        rnd = random.Random(seed)
        st = ENGINE.new_game(n, seed, options)
        while not ENGINE.is_over(st):
            seat = ENGINE.to_act(st)[0]
            yield st, seat
            st, _ = ENGINE.apply(st, seat, rnd.choice(ENGINE.legal_actions(st, seat)))
        yield st, None


def test_automatic_steps_never_wait_in_a_state():
    seen = set()
    for st, _ in _games():
        key = ENGINE.step_of(st)
        seen.add(key)
        assert key == "over" or STEPS[key].auto is None, key
    assert {"move", "pick", "final"} <= seen


def _scramble(st: dict, seat: int, rnd: random.Random) -> dict:
    """What ``seat`` cannot see, made up again: the other screens, the sacrificed tokens, the
    tokens on the fields (but those the seat is looking at), the Menhirs, the bag's order."""
    s = json.loads(json.dumps(st))
    for other in range(s["n"]):
        if other != seat:
            if s["screen"][other]:
                s["hidden"][other] = sorted(rnd.choice(TOKEN_KINDS) for _ in s["hidden"][other])
            s["sacrificed"][other] = sorted(rnd.choice(TOKEN_KINDS) for _ in s["sacrificed"][other])
    looking = None
    if s["stack"] and s["stack"][-1]["k"] == "pick" and s["stack"][-1]["s"] == seat:
        looking = s["stack"][-1]["f"]
    for f, pile in enumerate(s["tokens"]):
        if f != looking:
            s["tokens"][f] = sorted(rnd.choice(TOKEN_KINDS) for _ in pile)
    menhirs = [m for m in s["men"] if m is not None]
    rnd.shuffle(menhirs)
    s["men"] = [None if m is None else menhirs.pop() for m in s["men"]]
    rnd.shuffle(s["bag"])
    return s


def test_labels_and_prompts_read_only_what_the_seat_may_see():
    rnd = random.Random(7)
    checked = 0
    for st, seat in _games():
        if seat is None:
            continue
        other = _scramble(st, seat, rnd)
        for action in ENGINE.legal_actions(st, seat):
            assert ENGINE.label(other, seat, action) == ENGINE.label(st, seat, action)
            checked += 1
        for viewer in (seat, None):
            assert ENGINE.prompt(other, viewer) == ENGINE.prompt(st, viewer)
    assert checked > 1000


def test_labels_prompts_and_news_are_messages_with_templates():
    rnd = random.Random(3)
    for n, seed in ((3, 5), (4, 6)):
        st = ENGINE.new_game(n, seed)
        while not ENGINE.is_over(st):
            seat = ENGINE.to_act(st)[0]
            assert isinstance(ENGINE.prompt(st, seat), Msg)
            legal = ENGINE.legal_actions(st, seat)
            for action in legal:
                label = ENGINE.label(st, seat, action)
                assert isinstance(label, Msg) and label.key.startswith("korrigans.label.")
            st, events = ENGINE.apply(st, seat, rnd.choice(legal))
            for event in events:
                assert isinstance(event.message, Msg) and event.message.game == "korrigans"
                json.dumps(event.message.to_json())  # parameters are JSON-able
                assert event.text and "{" not in event.text.replace("{p", "")
        assert ENGINE.prompt(st, None).key == "korrigans.prompt.over"


def test_text_comes_from_a_json_view_alone():
    for i, (st, _) in enumerate(_games(seeds=((3, 8),))):
        if i % 7:
            continue
        for seat in (None, 0, 2):
            view = ENGINE.view(st, seat)
            copy = json.loads(json.dumps(view))
            assert ENGINE.board_text(copy) == ENGINE.board_text(view)
            if seat is not None:
                assert ENGINE.hand_text(copy) == ENGINE.hand_text(view)
            assert ENGINE.board_text(copy).startswith("**Korrigans** - " + render(view["prompt"]))


def test_rule_code_builds_no_sentence():
    """Words out of the rules (issue 9): outside ``words`` (the English catalog), ``data`` (names)
    and the lobby's summary and help in ``engine``, no string of the package is prose. (``maps``
    is left out: its errors are for whoever writes a map file, like a failed assertion.)"""
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in ("words.py", "data.py", "maps.py", "__init__.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        lobby = {
            id(const)
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            and any(
                getattr(t, "id", "") in ("title", "summary", "option_help") for t in node.targets
            )
            for const in ast.walk(node.value)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings | lobby
            ):
                # words, not layout ("S%d %-3s %s") nor ids ("final_turn_backup")
                words = [w for w in node.value.split() if re.search("[A-Za-z]{2}", w)]
                assert len(words) < 3, (path.name, node.value)
