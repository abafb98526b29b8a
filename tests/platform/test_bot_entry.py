"""`python bot.py` without a token says what to do and exits; create_bot builds, not runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot as tavern
from engines import REGISTRY

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_it_explains_how_to_get_one():
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    if (ROOT / ".env").exists():  # a developer's own token must not be used by the test
        env["DISCORD_TOKEN"] = ""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and ".env" in done.stderr
    assert "developers/applications" in done.stderr


def test_create_bot_builds_without_running(tmp_path):
    bot = tavern.create_bot(str(tmp_path / "x.db"))
    assert bot.database_path == str(tmp_path / "x.db")
    assert not bot.is_ready() and bot.tables is None  # nothing opened before start
    assert tavern.cogs() == (
        "cogs.table",
        "cogs.finding",
        "cogs.history",
        "cogs.settings",
        "cogs.clocks",
        *(f"cogs.{kind}" for kind in sorted(REGISTRY)),  # every game's by convention
    )


def test_shards_setting(tmp_path, monkeypatch):
    assert tavern.parse_shards("0-3/8") == ([0, 1, 2, 3], 8)
    assert tavern.parse_shards("5/8") == ([5], 8)
    assert tavern.parse_shards("0,2,4-5/8") == ([0, 2, 4, 5], 8)
    for bad in ("0-8/8", "3", "a/2", "-1/2", "3-1/8", "/8", "0/0", "1/1"):
        with pytest.raises(ValueError):
            tavern.parse_shards(bad)
    bot = tavern.create_bot(str(tmp_path / "x.db"))
    assert isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_ids is None and bot.shard_count is None  # all recommended shards, here
    monkeypatch.setenv("TAVERN_SHARDS", "2-3/4")
    with pytest.raises(tavern.SettingError, match="postgresql://"):  # other processes: shared db
        tavern.create_bot(str(tmp_path / "x.db"))
    bot = tavern.create_bot("postgresql://tavern@db/tavern")  # built, not connected
    assert (bot.shard_ids, bot.shard_count) == ([2, 3], 4)
    monkeypatch.setenv("TAVERN_SHARDS", "0-3/4")  # all of them, in one process: SQLite is fine
    assert tavern.create_bot(str(tmp_path / "x.db")).shard_count == 4
    monkeypatch.setenv("TAVERN_SHARDS", "4/4")
    with pytest.raises(tavern.SettingError, match="TAVERN_SHARDS='4/4' is not a shard range"):
        tavern.create_bot(str(tmp_path / "x.db"))


def _words(text: str) -> str:
    return " ".join(text.split())


def test_one_list_of_permissions_for_the_readme_the_help_and_the_invite():
    names = tavern.permission_names()
    assert names == (
        "View Channels, Send Messages, Create Public Threads, Send Messages in Threads, "
        "Embed Links, Attach Files and Read Message History"
    )
    assert f"The bot needs the permissions {names} (" in _words((ROOT / "README.md").read_text())
    assert f"the permissions {names} (" in _words(tavern.NO_TOKEN)
    flags = [flag for flag, _ in tavern.PERMISSIONS]
    assert all(flag in discord.Permissions.VALID_FLAGS for flag in flags)
    assert tavern.needed_permissions() == discord.Permissions(**dict.fromkeys(flags, True))
    assert tavern.needed_permissions().value == 309237763072  # what the invite link asks for
    assert tavern.invite_url(42) == (
        "https://discord.com/oauth2/authorize?client_id=42"
        "&scope=bot+applications.commands&permissions=309237763072"
    )
    assert tavern.permission_names(["attach_files"]) == "Attach Files"


def test_help_documents_check(capsys):
    with pytest.raises(SystemExit) as exit_:
        tavern.main(["--help"])
    assert exit_.value.code == 0
    out = _words(capsys.readouterr().out)
    assert "--check" in out and "post nothing" in out and "DISCORD_TOKEN" in out


def test_server_permissions_from_roles():
    everyone = {"id": "1", "permissions": str(discord.Permissions(view_channel=True).value)}
    mine = {"id": "2", "permissions": str(discord.Permissions(send_messages=True).value)}
    other = {"id": "3", "permissions": str(discord.Permissions(attach_files=True).value)}
    admin = {"id": "4", "permissions": str(discord.Permissions(administrator=True).value)}
    roles = [everyone, mine, other, admin]
    got = tavern.server_permissions(1, roles, ["2"])
    assert got == discord.Permissions(view_channel=True, send_messages=True)
    assert tavern.server_permissions(1, roles, ["4"]) == discord.Permissions.all()
    assert tavern.server_permissions(1, roles, [], owner=True) == discord.Permissions.all()


def test_the_database_is_described_without_a_password():
    from storage import described

    assert described("t.db") == f"SQLite {os.path.abspath('t.db')}"
    assert described("postgresql://me:pw@db.example:5433/games") == (
        "PostgreSQL db.example:5433/games"
    )
    assert described("postgres://me@/games?host=/run/postgresql&password=pw") == (
        "PostgreSQL /run/postgresql:5432/games"
    )


# bot.py run by an older Python: sys.version_info is made to say 3.10 before bot.py runs.
OLD_PYTHON = """
import runpy, sys
sys.version_info = (3, 10, 12, "final", 0)
sys.argv = ["bot.py"]
try:
    runpy.run_path("bot.py", run_name="__main__")
finally:
    print("imported discord:", "discord" in sys.modules)
"""


def test_an_older_python_is_told_what_it_needs():
    """Python 3.10 cannot install the pinned packages (pillow 13 needs 3.11): bot.py says
    which Python it needs before importing anything it would not find."""
    import ast

    source = (ROOT / "bot.py").read_text(encoding="utf-8")
    ast.parse(source, feature_version=(3, 10))  # the check is reached: the file parses there
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-c", OLD_PYTHON],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "Tavern needs Python 3.11 or newer; this is Python 3.10.12" in done.stderr
    assert "imported discord: False" in done.stdout
    assert tavern.MIN_PYTHON == (3, 11)
