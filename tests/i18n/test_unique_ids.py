"""A message id is defined once: a dict literal with a key written twice keeps only the last
value, silently (two changes that each added "button.back" made one button say the other's
word). Every words table of the code is read as source, not imported, so a repeat is seen."""

from __future__ import annotations

import ast
import collections
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("tables", "cogs", "engines", "guides", "pictures", "bots", "tests/toy")


def repeated_keys(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            found += [k for k, n in collections.Counter(keys).items() if n > 1]
    return found


def test_no_dict_literal_repeats_a_key():
    repeats = {
        str(path.relative_to(ROOT)): keys
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if (keys := repeated_keys(path))
    }
    assert repeats == {}


def test_a_repeat_is_seen(tmp_path):
    words = tmp_path / "words.py"
    words.write_text('WORDS = {"button.back": "Back", "x": 1, "button.back": "I\'m back"}\n')
    assert repeated_keys(words) == ["button.back"]
