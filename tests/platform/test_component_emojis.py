"""Every emoji the cogs put on a button or select option is one Discord takes: a Unicode emoji
from Unicode's emoji list (real Discord refuses anything else with 400 / 50035
BUTTON_COMPONENT_INVALID_EMOJI, and then no board is ever posted)."""

from __future__ import annotations

import ast
from pathlib import Path

import emoji

from cogs.history import ReplayButton

COGS = Path(__file__).resolve().parents[2] / "cogs"

# `emoji=` arguments that are not a literal, and where their values come from (checked below)
DYNAMIC = {("history.py", "emoji"): [e for _name, e in ReplayButton.LABELS.values()]}


def emoji_arguments() -> tuple[list[tuple[str, int, str]], list[tuple[str, str]]]:
    """([(file, line, literal)], [(file, source of a non-literal)]) of every ``emoji=`` keyword
    argument in cogs/."""
    literals, dynamic = [], []
    for path in sorted(COGS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for kw in getattr(node, "keywords", []):
                if kw.arg != "emoji" or (
                    isinstance(kw.value, ast.Constant) and kw.value.value is None
                ):
                    continue
                if isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                    literals.append((path.name, kw.value.lineno, kw.value.value))
                else:
                    dynamic.append((path.name, ast.unparse(kw.value)))
    return literals, dynamic


def test_every_component_emoji_of_the_cogs_is_an_emoji():
    literals, dynamic = emoji_arguments()
    assert literals, "no emoji= found in cogs/: has the layout changed?"
    bad = [(f, line, e) for f, line, e in literals if not emoji.is_emoji(e)]
    assert bad == [], f"not Unicode emojis (Discord refuses them on components): {bad}"
    # a non-literal emoji= must be listed in DYNAMIC with its values, so they are checked too
    assert sorted(dynamic) == sorted(DYNAMIC), dynamic
    for source, values in DYNAMIC.items():
        assert values and all(emoji.is_emoji(e) for e in values), (source, values)
