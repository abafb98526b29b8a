"""`python bot.py` when something is wrong at start-up: one clear line (what is wrong, what to
do), a non-zero exit, no traceback. The real bot.py main() runs in a subprocess pointed at the
fake Discord (or at a loopback port where nothing listens)."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

import discord
import pytest

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
# Point discord.py at `base`, optionally ask for a privileged intent, then run bot.main() with
# the arguments that follow.
WRAPPER = """
import sys, yarl, discord.http, discord.gateway
base = sys.argv[1]
discord.http.Route.BASE = base + '/api/v10'
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace('http', 'ws', 1) + '/')
import bot
if sys.argv[2] == 'members':
    bot.INTENTS.members = True
sys.exit(bot.main(sys.argv[3:]))
"""


async def _run_bot_py(
    base: str, tmp_path, *args: str, token="right", intents="default", **env
) -> tuple[int, str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TAVERN_"))}
    environ.update(DISCORD_TOKEN=token, TAVERN_DB=str(tmp_path / "t.db"), **env)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        WRAPPER,
        base,
        intents,
        *args,
        cwd=str(ROOT),
        env=environ,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode, (out + err).decode()


def _one_clear_line(output: str, *words: str) -> None:
    assert "Traceback" not in output, output
    lines = [line for line in output.splitlines() if line.startswith("tavern: ")]
    assert len(lines) == 1, output
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("args", [(), ("--check",)])
async def test_a_wrong_token(tmp_path, args):
    async with FakeDiscord(token="right") as fake:
        code, output = await _run_bot_py(fake.base_url, tmp_path, *args, token="wrong")
    assert code == 1
    _one_clear_line(output, "401", "DISCORD_TOKEN", "developers/applications")


@pytest.mark.parametrize("args", [(), ("--check",)])
async def test_no_network(tmp_path, args):
    with socket.socket() as sock:  # a loopback port where nothing listens
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code, output = await _run_bot_py(f"http://127.0.0.1:{port}", tmp_path, *args)
    assert code == 1
    _one_clear_line(output, "Cannot reach Discord", "internet connection")


async def test_a_privileged_intent_the_application_does_not_allow(tmp_path):
    async with FakeDiscord(token="right") as fake:
        fake.allowed_privileged_intents = 0
        code, output = await _run_bot_py(fake.base_url, tmp_path, intents="members")
    assert code == 1
    _one_clear_line(output, "4014", "Privileged Gateway Intents")


async def test_a_missing_permission_to_add_commands(tmp_path):
    async with FakeDiscord(token="right") as fake:
        elsewhere = fake.add_guild("Elsewhere", with_bot=False)
        code, output = await _run_bot_py(
            fake.base_url, tmp_path, TAVERN_TEST_GUILD=str(elsewhere.id)
        )
    assert code == 1
    _one_clear_line(output, "403", "Missing Access", "applications.commands", "TAVERN_TEST_GUILD")


@pytest.mark.parametrize(
    "name,value",
    [
        ("TAVERN_SQLITE_SYNC", "sometimes"),
        ("TAVERN_REMIND_HOURS", "soon"),
        ("TAVERN_TEST_GUILD", "my server"),
    ],
)
async def test_a_bad_setting(tmp_path, name, value):
    code, output = await _run_bot_py("http://127.0.0.1:9", tmp_path, **{name: value})
    assert code == 2
    _one_clear_line(output, name, repr(value))


async def test_check_through_main(tmp_path):
    """`python bot.py --check` itself: the same settings and token as a run, one line per
    server, exit 0 when nothing is missing and 1 naming what is; nothing is posted."""
    async with FakeDiscord(token="right") as fake:
        owner = fake.add_user("ann")
        guild = fake.add_guild("Home", owner=owner)
        code, output = await _run_bot_py(fake.base_url, tmp_path, "--check")
        assert code == 0, output
        assert f"  Home (id {guild.id}): OK" in output and "Traceback" not in output
        fake.set_bot_permissions(guild, discord.Permissions(view_channel=True).value)
        code, output = await _run_bot_py(fake.base_url, tmp_path, "--check")
        assert code == 1, output
        assert f"  Home (id {guild.id}): missing Send Messages, Create Public Threads," in output
        assert [c for c in fake.calls if c.method != "GET"] == []
    assert not (tmp_path / "t.db").exists()  # the database is not even opened


async def test_a_database_written_by_a_newer_tavern(tmp_path):
    """After going back to an older version: one line saying so and what to do; the file is
    left as it is."""
    import sqlite3

    from storage import MIGRATIONS

    with sqlite3.connect(tmp_path / "t.db") as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    async with FakeDiscord(token="right") as fake:
        code, output = await _run_bot_py(fake.base_url, tmp_path)
    assert code == 1
    _one_clear_line(output, "newer Tavern", f"schema version {len(MIGRATIONS) + 5}", "backup")
    with sqlite3.connect(tmp_path / "t.db") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 5
