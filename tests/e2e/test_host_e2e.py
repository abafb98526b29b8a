"""What the person who hosts the bot sees (issue 21): the one ready line after login, and
`python bot.py --check` (the permissions in every server, nothing posted), against the fake."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import parse_qs, urlsplit

import discord

import bot as tavern
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot

READY = "tavern: ready: "
# The bits of the permissions Tavern may ask for (Discord's docs: Topics > Permissions).
DISCORD_BITS = {
    10: "view_channel",
    11: "send_messages",
    14: "embed_links",
    15: "attach_files",
    16: "read_message_history",
    34: "manage_threads",
    35: "create_public_threads",
    38: "send_messages_in_threads",
}


def _ready_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(READY)]


def _permissions_in(url: str, application_id: int) -> set[str]:
    """The invite link's permission flags, checked to be the link Discord expects."""
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://discord.com/oauth2/authorize"
    assert parts.query.startswith(
        f"client_id={application_id}&scope=bot+applications.commands&permissions="
    )
    query = parse_qs(parts.query)
    assert query["scope"] == ["bot applications.commands"]
    value = int(query["permissions"][0])
    bits = {bit for bit in range(value.bit_length()) if value >> bit & 1}
    assert bits <= set(DISCORD_BITS), f"unexpected permission bits {bits - set(DISCORD_BITS)}"
    return {DISCORD_BITS[bit] for bit in bits}


async def _start_and_reconnect(fake: FakeDiscord, bot) -> int:
    """Run the bot until ready, make Discord invalidate its session (the bot identifies anew
    and is ready again), and return how many times on_ready ran."""
    readies = []
    again = asyncio.Event()

    async def count() -> None:
        readies.append(1)
        if len(readies) > 1:
            again.set()

    async def no_wait(*args, **kwargs) -> None:  # discord.py waits 5 s before identifying again
        pass

    bot.add_listener(count, "on_ready")
    bot.before_identify_hook = no_wait
    async with run_bot(bot, fake, commands=True):
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        await fake.invalidate_session()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(again.wait(), 4)
    return len(readies)


async def test_the_ready_line_is_printed_once(tmp_path, capsys):
    with error_log_guard():
        async with FakeDiscord(bot_name="Tavernkeeper") as fake:
            owner = fake.add_user("ann")
            fake.add_guild("One", owner=owner)
            fake.add_guild("Two", owner=owner)
            bot = tavern.create_bot(str(tmp_path / "t.db"))
            bot._connection.guild_ready_timeout = 0.05
            assert await _start_and_reconnect(fake, bot) == 2
            fake.assert_clean()
    lines = _ready_lines(capsys.readouterr().out)
    assert len(lines) == 1, lines  # once per process, not on every new session
    line = lines[0]
    assert line.startswith(f"{READY}Tavernkeeper (id {fake.bot_user.id}) in 2 servers; ")
    assert f"; database SQLite {tmp_path / 't.db'}; " in line
    url = line.split("; invite: ")[1]
    assert _permissions_in(url, fake.application_id) == {flag for flag, _ in tavern.PERMISSIONS}
    assert url == tavern.invite_url(fake.application_id)


async def test_the_ready_line_names_a_postgresql_database_without_its_password(pg_url, capsys):
    """A real PostgreSQL server (trust authentication: the password in the URL is not asked
    for, but it is in the URL the host wrote, and must not be printed)."""
    parts = urlsplit(pg_url)
    with_password = pg_url.replace(f"{parts.username}@", f"{parts.username}:s3cret-pw@", 1)
    assert "s3cret-pw" in with_password
    with error_log_guard():
        async with FakeDiscord() as fake:
            fake.add_guild("One", owner=fake.add_user("ann"))
            bot = tavern.create_bot(with_password)
            bot._connection.guild_ready_timeout = 0.05
            await _start_and_reconnect(fake, bot)
    captured = capsys.readouterr()
    assert "s3cret-pw" not in captured.out + captured.err
    (line,) = _ready_lines(captured.out)
    where = f"{parts.hostname}:{parts.port}{parts.path}"
    assert f" in 1 server; database PostgreSQL {where}; invite: " in line


def _writes(fake: FakeDiscord) -> list:
    return [c for c in fake.calls if c.method != "GET"]


async def test_check_with_every_permission_exits_0_and_posts_nothing(capsys):
    async with FakeDiscord() as fake:
        owner = fake.add_user("ann")
        one, two = fake.add_guild("One", owner=owner), fake.add_guild("Two", owner=owner)
        fake.add_text_channel(one, "games")
        fake.set_bot_permissions(one, tavern.needed_permissions().value)  # exactly the list
        fake.set_bot_permissions(two, discord.Permissions(administrator=True).value)
        assert await tavern.check("fake-token") == 0
        fake.assert_clean()
        assert _writes(fake) == []  # no message, no thread, no command sync
        assert not fake.messages and not fake.gateway_log  # nor even a gateway connection
    out = capsys.readouterr().out
    assert "in 2 servers (server-wide permissions" in out and "cannot see" in out
    assert f"  One (id {one.id}): OK" in out and f"  Two (id {two.id}): OK" in out
    assert "tavern: every server grants the bot View Channels, Send Messages," in out
    assert "missing" not in out


async def test_check_names_what_is_missing_and_where(capsys):
    async with FakeDiscord() as fake:
        owner = fake.add_user("ann")
        fine = fake.add_guild("Fine", owner=owner)
        poor = fake.add_guild("Poor", owner=owner)
        fake.add_guild("Owned by the bot")  # the owner has every permission
        fake.set_bot_permissions(fine, 0, everyone=tavern.needed_permissions().value)
        lacking = discord.Permissions(attach_files=True, read_message_history=True)
        fake.set_bot_permissions(poor, tavern.needed_permissions().value & ~lacking.value)
        assert await tavern.check("fake-token") == 1
        fake.assert_clean()
        assert _writes(fake) == []
    out = capsys.readouterr().out
    assert f"  Fine (id {fine.id}): OK" in out
    assert f"  Poor (id {poor.id}): missing Attach Files and Read Message History" in out
    assert "Owned by the bot" in out and out.count(": OK") == 2
    summary = out.strip().splitlines()[-1]
    assert summary.startswith("tavern: permissions missing in 1 of 3 servers: ")
    assert summary.endswith(tavern.invite_url(fake.application_id))


async def test_check_in_no_server_yet_prints_the_invite_link(capsys):
    async with FakeDiscord() as fake:
        fake.add_guild("Elsewhere", with_bot=False)
        assert await tavern.check("fake-token") == 0
        assert _writes(fake) == []
    out = capsys.readouterr().out
    assert "TavernBot is in no server yet" in out
    assert tavern.invite_url(fake.application_id) in out


async def test_check_reads_every_page_of_servers(capsys):
    count = 201  # Discord lists at most 200 servers a request
    async with FakeDiscord() as fake:
        owner = fake.add_user("ann")
        guilds = [fake.add_guild(f"g{i:03}", owner=owner) for i in range(count)]
        fake.set_bot_permissions(guilds[-1], 0)
        assert await tavern.check("fake-token") == 1
        assert fake.global_429s == []  # two requests a server, within Discord's global limit
    out = capsys.readouterr().out
    assert out.count(": OK") == count - 1
    assert f"  g{count - 1:03} (id {guilds[-1].id}): missing View Channels, " in out


async def test_a_test_guild_gets_the_commands_and_no_global_sync_is_made(tmp_path):
    """What the settings say of TAVERN_TEST_GUILD: the commands go to that server only (at
    once), and global command sync is off; without it they are published globally."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            dev = fake.add_guild("Dev", owner=fake.add_user("ann"))
            bot = tavern.create_bot(str(tmp_path / "t.db"), test_guild=dev.id)
            bot._connection.guild_ready_timeout = 0.05
            async with run_bot(bot, fake, commands=True):
                pass
            assert [gid for gid, _ in fake.command_syncs] == [dev.id]
            assert "play" in {c["name"] for c in fake.commands[dev.id]}
            assert not fake.commands.get(None)  # nothing published globally
            bot = tavern.create_bot(str(tmp_path / "t.db"))
            bot._connection.guild_ready_timeout = 0.05
            async with run_bot(bot, fake, commands=True):
                pass
            assert [gid for gid, _ in fake.command_syncs] == [dev.id, None]
