"""`python bot.py` when something is wrong at start-up: one clear line (what is wrong, what to
do), a non-zero exit, no traceback. The real bot.py main() runs in a subprocess pointed at the
fake Discord (or at a loopback port where nothing listens)."""

from __future__ import annotations

import asyncio
import os
import random
import socket
import sqlite3
import sys
from pathlib import Path

import discord
import pytest

from storage import MIGRATIONS, Store
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
        ("TAVERN_RATE", "0"),  # requests a second: at least 1
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
    assert not (tmp_path / "t.db").exists()  # the database is checked, not created


# --- a database that cannot be used: refused before anything goes to Discord ---------------------
async def _tavern_db(tmp_path) -> str:
    """A real Tavern database with some games in it (closed: one file, no WAL left)."""
    path = str(tmp_path / "real.db")
    store = await Store.open(path)
    for seed in range(200):
        await store.create_game(
            kind="toy",
            guild_id=1,
            channel_id=2,
            host_id=3,
            options={"note": "x" * 200},
            seed=seed,
            now=1.0,
            remind_after=60.0,
            seats=[],
        )
    await store.close()
    return path


def _edited(path: str, *statements: str) -> str:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            db.execute(statement)
    finally:
        db.close()  # the last connection: its write-ahead log goes into the file
    return path


async def _case(name: str, tmp_path) -> tuple[str, tuple[str, ...]]:
    """TAVERN_DB for a broken database, and the words its one line must hold."""
    if name == "random bytes":
        path = tmp_path / "random.db"
        path.write_bytes(random.Random(7).randbytes(16384))
        return str(path), ("random.db", "not a SQLite database")
    if name == "truncated":
        real = await _tavern_db(tmp_path)
        data = Path(real).read_bytes()
        assert len(data) > 8 * 4096
        path = tmp_path / "truncated.db"
        path.write_bytes(data[: len(data) // 2])
        return str(path), ("truncated.db", "damaged", "malformed", "backup")
    if name == "text file":
        path = tmp_path / "notes.txt"
        path.write_text("my shopping list\n" * 20)
        return str(path), ("notes.txt", "not a SQLite database")
    if name == "locked":
        return await _tavern_db(tmp_path), ("real.db", "another program holds it locked")
    if name == "folder":
        (tmp_path / "data").mkdir()
        return str(tmp_path / "data"), ("is a folder, not a file", str(tmp_path / "data"))
    if name == "missing folder":
        missing = tmp_path / "nowhere"
        return str(missing / "t.db"), (f"its folder {missing} does not exist",)
    if name == "newer schema":
        path = _edited(await _tavern_db(tmp_path), f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
        return path, ("newer version of Tavern", f"schema version {len(MIGRATIONS) + 5}")
    if name == "missing tables":
        path = _edited(await _tavern_db(tmp_path), "DROP TABLE seats", "DROP TABLE user_langs")
        return path, ("lacks Tavern's tables seats, user_langs", "damaged or emptied")
    if name == "no tables":
        path = _edited(str(tmp_path / "empty.db"), f"PRAGMA user_version = {len(MIGRATIONS)}")
        return path, ("has none of Tavern's tables",)
    if name == "postgres port":
        return "postgresql://tavern:s3cret@db.example:fivefour/tavern", ("port 'fivefour'",)
    if name == "postgres @ in password":
        return "postgresql://tavern:s3c@ret@db.example:5432/tavern", ("contains an @", "%40")
    if name == "postgres malformed":
        return "postgresql:/x", ("postgresql://", "not a URL PostgreSQL understands")
    raise AssertionError(name)


BROKEN = [
    "random bytes",
    "truncated",
    "text file",
    "locked",
    "folder",
    "missing folder",
    "newer schema",
    "missing tables",
    "no tables",
    "postgres port",
    "postgres @ in password",
    "postgres malformed",
]


async def _run_until(seconds: float, base: str, database: str, *args: str) -> tuple[int, str]:
    """bot.py with a fake token; killed (and the test failed) if it has not exited after
    ``seconds``: a start-up that hangs fails here."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TAVERN_"))}
    environ.update(DISCORD_TOKEN="not-a-real-token", TAVERN_DB=database)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        WRAPPER,
        base,
        "default",
        *args,
        cwd=str(ROOT),
        env=environ,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), seconds)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        pytest.fail(f"bot.py {' '.join(args)} still ran after {seconds} s (TAVERN_DB={database})")
    return proc.returncode, out.decode()


@pytest.mark.parametrize("args", [(), ("--check",)], ids=["run", "check"])
@pytest.mark.parametrize("name", BROKEN)
async def test_a_database_that_cannot_be_used(tmp_path, name, args):
    """Each is refused with one line naming its cause, non-zero, within seconds (it hung, or
    logged in and then failed, or printed a traceback), and before anything goes to Discord:
    Discord is a local server here that records every connection (none may come). A file is
    left as it was."""
    database, words = await _case(name, tmp_path)
    before = Path(database).read_bytes() if Path(database).is_file() else None
    connections = []

    async def discord_(reader, writer):
        connections.append(1)
        writer.close()

    server = await asyncio.start_server(discord_, "127.0.0.1", 0)
    base = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    holder = None
    if name == "locked":  # another program holds the file's write lock all along
        holder = sqlite3.connect(database, isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN EXCLUSIVE")
    try:
        async with server:
            code, output = await _run_until(20, base, database, *args)
    finally:
        if holder is not None:
            holder.close()
    assert code == 1, output
    _one_clear_line(output, "Cannot use the database", "then run again", *words)
    assert "Exception in thread" not in output and "s3cret" not in output and "ret@" not in output
    assert not connections, "bot.py went to Discord before checking its database"
    assert "logging in" not in output
    if before is not None:
        assert Path(database).read_bytes() == before
