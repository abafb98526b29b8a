"""The layout section of the developers' guide (``docs/developers.md``, ``## Layout``; it was
the README's) names every module, so a reader finds where things live.

A module counts as named when its file name (``mulligan.py``) appears in the section: the
per-game packages share file names by role, so a new game that follows the shape needs no new
line, while a module of a new kind does. A game package (``engines/<game>/``) may name its own
modules in its ``__init__.py`` docstring instead (``phase`` or ``phase.py``), so adding a game
changes no existing file. Test files are named by their folder; ``__init__.py`` and
``__main__.py`` by their package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Every top-level package, and the tests.
FOLDERS = tuple(sorted(p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()))


def layout_section() -> str:
    text = (ROOT / "docs" / "developers.md").read_text(encoding="utf-8")
    start = text.index("## Layout\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def modules() -> list[Path]:
    found = [ROOT / "bot.py"]
    for folder in FOLDERS:
        found += [
            p
            for p in (ROOT / folder).rglob("*.py")
            if p.name not in ("__init__.py", "__main__.py") and not p.name.startswith("test_")
        ]
    return sorted(found)


def package_names(path: Path) -> str:
    """The docstring of a game package's ``__init__.py``, where it names its own modules."""
    parts = path.relative_to(ROOT).parts
    if len(parts) != 3 or parts[0] != "engines":
        return ""
    init = ROOT / parts[0] / parts[1] / "__init__.py"
    return ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""


def named(path: Path, section: str) -> bool:
    if f"`{path.name}`" in section or f"{path.name}`" in section:
        return True
    own = package_names(path)
    return f"``{path.stem}``" in own or f"``{path.name}``" in own


def test_every_module_is_named():
    section = layout_section()
    missing = [p.relative_to(ROOT).as_posix() for p in modules() if not named(p, section)]
    assert missing == []


def test_a_game_package_names_its_own_modules():
    """A module of a new name inside a game package counts when the package's docstring names
    it, and not otherwise (the check can fail)."""
    init = ROOT / "engines" / "ziegen" / "__init__.py"
    assert named(init.parent / "mulligan.py", "")
    assert not named(init.parent / "bidding.py", "")
    assert not named(ROOT / "tables" / "mulligan.py", "")


def test_every_test_folder_is_named():
    section = layout_section()
    folders = sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "tests").iterdir()
        if p.is_dir() and (p / "__init__.py").exists()
    )
    assert [f for f in folders if f"`{f}/`" not in section] == []
