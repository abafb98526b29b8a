"""No import circle anywhere in the project: calls go one way (cogs -> tables -> engines/storage).

Every import counts, also one inside a function (a lazy import that dodges a circle is still a
circle).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = [p.name for p in ROOT.iterdir() if (p / "__init__.py").exists() and p.name != "tests"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # ``from pkg import sub`` needs only ``pkg.sub`` when ``sub`` is a module (the
            # package's __init__ is then already loaded); a name from the __init__ needs it.
            subs = [f"{base}.{alias.name}" for alias in node.names]
            targets = [t for t in subs if t in modules]
            if len(targets) < len(subs):
                targets.append(base)
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    files = [p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")]
    files.append(ROOT / "bot.py")
    modules = {module_name(p) for p in files}
    edges = {module_name(p): imports_of(p, modules) for p in files}
    # A package's __init__ is imported with any of its modules; that edge is not a design
    # choice, so a module importing its own package's __init__ is left out.
    for name, targets in edges.items():
        targets.discard(name.rpartition(".")[0])
    return edges


def circles(edges: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[tuple[str, ...]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.add(tuple(sorted(component)))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle():
    assert circles(graph()) == set()


if __name__ == "__main__":
    for circle in sorted(circles(graph())):
        print(circle)


def test_the_benchmarks_need_no_pytest():
    """``python -m bench`` drives the fake Discord on a machine with only requirements.txt:
    nothing it imports may need pytest (the fixtures are in ``tests/fakediscord/plugin.py``)."""
    code = (
        "import sys; sys.modules['pytest'] = None; sys.modules['pytest_asyncio'] = None; "
        "import bench.discord_bench, bench.story_bench, bench.service_bench"
    )
    res = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert res.returncode == 0, res.stderr[-2000:]
