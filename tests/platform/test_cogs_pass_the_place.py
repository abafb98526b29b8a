"""Every request a cog makes to the table service says where it was made (issue 8).

The service checks that a table belongs to the server a request comes from, but only when told
where that is: its ``guild_id`` keyword defaults to ``ANYWHERE`` for trusted callers (tests,
benchmarks, scripts). So a Discord front end must never leave it out: this test reads every cog
and fails on a call of a place-checked service method without ``guild_id=``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
# The service methods that take ``guild_id`` and check the place with it.
CHECKED = {
    "table_at",
    "join",
    "leave",
    "add_bot",
    "remove_bot",
    "cancel",
    "start",
    "abandon",
    "move",
    "resign",
    "replace_with_bot",
    "rematch",
    "watch",
}


def calls_without_place(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in CHECKED:
            continue
        owner = ast.unparse(node.func.value)
        if not any(word in owner for word in ("svc", "service", "tables")):
            continue  # not the table service (e.g. a discord.py object's own start())
        if not any(k.arg == "guild_id" for k in node.keywords):
            found.append(f"{path.name}:{node.lineno} {ast.unparse(node.func)}")
    return found


@pytest.mark.parametrize("path", sorted((ROOT / "cogs").glob("*.py")), ids=lambda p: p.name)
def test_every_cog_request_names_its_place(path):
    assert calls_without_place(path) == []


def test_the_check_sees_a_forgotten_place(tmp_path):
    cog = tmp_path / "cog.py"
    cog.write_text(
        "async def f(svc, bot):\n    await svc.lobby.abandon(1, 2)\n"
        "    await svc.lobby.abandon(1, 2, guild_id=3)\n    await bot.start()\n"
    )
    assert [c.split(" ")[1] for c in calls_without_place(cog)] == ["svc.lobby.abandon"]
