"""Tavern: a Discord bot that hosts tabletop games for asynchronous play.

Run ``python bot.py``; it opens and checks the database first, then logs in and prints one
line: its name, how many servers it is in, the database and the link that invites it with the
permissions it needs. ``python bot.py --check`` checks the database the same way (changing
nothing), logs in, checks those permissions in every server the bot is in, posts nothing and
exits (0: nothing missing; 1: what is missing, per server). Settings come from the environment
or a ``.env`` file beside this one:
    DISCORD_TOKEN          the bot token (required)
    TAVERN_DB              the SQLite file (default: tavern.db), or a postgresql:// URL: a
                           PostgreSQL database that several bot processes share
    TAVERN_SHARDS          the Discord shards this process runs, e.g. 0-3/8 (shards 0 to 3 of
                           8; also 5/8 or 0,2,4/8). Default: all of Discord's recommended
                           number, in this process. Needs a PostgreSQL TAVERN_DB when the
                           shards are split over several processes.
    TAVERN_TEST_GUILD      a server id: its slash commands sync instantly (for development).
                           It turns global command sync off: every other server keeps the
                           commands last published globally.
    TAVERN_REMIND_HOURS    hours before whoever must act is reminded (default: 24)
    TAVERN_SQLITE_SYNC     full (default: every stored move survives a power loss) or normal
                           (faster; survives a crash of the bot, not of the machine)
    TAVERN_BOT_PACE        seconds from the start of a bot's turn to its move being shown
                           (default 1.5; the same for every move, so timing reveals nothing)
    TAVERN_RATE            requests a second the bot makes to Discord, all its processes
                           together (default 45, below Discord's global limit of 50;
                           answers to clicks and commands are not counted)
    TAVERN_DEBUG           1: log at debug level (e.g. the traceback of a start-up failure)

A start-up failure we understand (a database that cannot be used, wrong token, no network, a
privileged intent or a permission missing, a bad setting) prints one line saying what is wrong
and what to do, and exits non-zero, having closed everything it opened.
"""

from __future__ import annotations

import sys

# Before any other import: on an older Python the packages cannot even be installed (pip stops
# at "No matching distribution found for pillow==13.0.0"), so say what is wrong instead of
# failing on a missing module. The rest of this file only has to parse on such a Python.
MIN_PYTHON = (3, 11)
if sys.version_info < MIN_PYTHON:
    print(
        "tavern: Tavern needs Python %d.%d or newer; this is Python %s (%s). Install a newer "
        "Python, then make the virtual environment with it (README.md)."
        % (*MIN_PYTHON, ".".join(map(str, sys.version_info[:3])), sys.executable),
        file=sys.stderr,
    )
    sys.exit(2)

import argparse
import asyncio
import logging
import os
import sqlite3
import textwrap
from collections.abc import Callable
from functools import partial
from pathlib import Path

import aiohttp
import discord
from discord.ext import commands
from dotenv import load_dotenv

import engines
from storage import (
    SYNC_MODES,
    Store,
    StoreUnavailable,
    StoreUnusable,
    check_store,
    described,
    redacted,
)
from storage.base import URL_SCHEMES
from tables import TableService

HERE = Path(__file__).resolve().parent
INTENTS = discord.Intents.default()  # no privileged intent
SERVICE_COGS = ("cogs.table", "cogs.finding", "cogs.history", "cogs.settings", "cogs.clocks")


def cogs() -> tuple[str, ...]:
    """The extensions to load: the service's cogs, then every registered game's command group
    (``Engine.part("cog")``: ``cogs/<game>.py`` by convention)."""
    games = (engine.part("cog") for _kind, engine in sorted(engines.REGISTRY.items()))
    return (*SERVICE_COGS, *(name for name in games if name is not None))


def check_games() -> None:
    """Every registered game has its parts (docs/new-game.md): a picture, bot knowledge, the
    guides and their facts, a cog, unless the game declares it has none; else one clear
    SettingError at start-up, before anything runs."""
    import importlib.util

    import bots.games
    import guides
    import pictures

    try:
        pictures.check()
        bots.games.check()
        guides.check()
        for name in cogs():
            if importlib.util.find_spec(name) is None:
                raise LookupError(f"no cog module {name} (docs/new-game.md)")
    except LookupError as exc:
        raise SettingError(f"a game is incomplete: {exc.args[0] if exc.args else exc}") from exc


PORTAL = "https://discord.com/developers/applications"
# The permissions the bot needs in a server, named as Discord's invite page (OAuth2 > URL
# Generator) names them. The invite link, the README, the no-token help and `--check` all
# come from this one list (tests/platform/test_bot_entry.py pins that they agree).
PERMISSIONS = (
    ("view_channel", "View Channels"),  # the channel where a table is opened
    ("send_messages", "Send Messages"),  # the board when there is no thread; waking a thread
    # Discord archived (an unlocked one: Send Messages is enough, no Manage Threads)
    ("create_public_threads", "Create Public Threads"),  # each game's thread, under its lobby
    ("send_messages_in_threads", "Send Messages in Threads"),  # the board, news, results
    ("embed_links", "Embed Links"),  # the board, hands and results are embeds
    ("attach_files", "Attach Files"),  # the board picture and the export file
    ("read_message_history", "Read Message History"),  # a channel's earlier messages
)
SCOPES = ("bot", "applications.commands")


def needed_permissions() -> discord.Permissions:
    """The permissions of PERMISSIONS, as the integer Discord's invite link takes."""
    return discord.Permissions(**{flag: True for flag, _ in PERMISSIONS})


def permission_names(flags=None) -> str:
    """ "A, B and C": the names of the given flags of PERMISSIONS (default: all of them)."""
    names = [name for flag, name in PERMISSIONS if flags is None or flag in flags]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with its scopes and PERMISSIONS."""
    return discord.utils.oauth_url(application_id, permissions=needed_permissions(), scopes=SCOPES)


NO_TOKEN = (
    f"""\
Tavern needs a Discord bot token, and none was found.

1. Open {PORTAL}, create an application (New Application),
   then on its "Bot" page press "Reset Token" and copy the token.
2. Put it in a file named .env next to bot.py:
       DISCORD_TOKEN=your-token-here
   (or set the DISCORD_TOKEN environment variable).
"""
    + textwrap.fill(
        "3. Run `python bot.py` again: once logged in it prints an invite link, with the "
        '"bot" and "applications.commands" scopes and the permissions '
        f"{permission_names()} (or make one on the OAuth2 > URL Generator page). Open it to add "
        "the bot to your server, then run "
        "`python bot.py --check` once: it says whether anything is missing.",
        width=95,
        subsequent_indent="   ",
        break_on_hyphens=False,
    )
    + "\n"
)


class TavernBot(commands.AutoShardedBot):
    """The bot: runs the shards it is given (``shards``: ids and count; None: all of them).

    Any process may handle any game (the database decides which write wins), so the shards
    can be split over several processes sharing one PostgreSQL database. Direct messages,
    where most moves are clicked, arrive on shard 0."""

    def __init__(
        self,
        database_path: str,
        *,
        test_guild: int | None = None,
        clock: Callable[[], float] | None = None,
        remind_after: float | None = None,
        seed_source: Callable[[], int] | None = None,
        sqlite_sync: str = "full",
        shards: tuple[list[int], int] | None = None,
        bot_pace: float | None = None,
        rate: float | None = None,
    ) -> None:
        from cogs import budget
        from cogs.options import CheckedTree

        shard_ids, shard_count = shards if shards is not None else (None, None)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            help_command=None,
            shard_ids=shard_ids,
            shard_count=shard_count,
            tree_cls=CheckedTree,  # options checked, slow commands deferred (cogs/options.py)
            http_trace=budget.tracer(self),  # every REST request within the budget
        )
        self.database_path = database_path
        self.sqlite_sync = sqlite_sync
        self.test_guild = test_guild
        self.bot_pace = bot_pace
        self._service_args = {
            k: v
            for k, v in {
                "clock": clock,
                "remind_after": remind_after,
                "seed_source": seed_source,
            }.items()
            if v is not None
        }
        self.store: Store | None = None
        # Discord's global rate limit, shared with the bot's other processes (cogs/budget.py):
        # made when the database opens
        self.rate = rate if rate is not None else budget.RATE
        self.budget: budget.Budget | None = None
        self.tables: TableService | None = None
        self.announced = False  # the ready line is printed once per process
        self.messenger = None
        from cogs import limits

        limits.install(self)  # nothing over Discord's length limits is ever sent

    async def open_store(self) -> None:
        """Open the database (once), checking it can be used: ``serve`` does it before logging
        in, so a database that cannot be used stops the bot before it goes online."""
        if self.store is None:
            from cogs.budget import BUCKET, Budget

            self.store = await Store.open(self.database_path, synchronous=self.sqlite_sync)
            self.budget = Budget(partial(self.store.take_budget, BUCKET), self.rate)

    async def setup_hook(self) -> None:
        from cogs.messenger import Messenger
        from cogs.ui import DYNAMIC_ITEMS

        await self.open_store()
        self.tables = TableService(self.store, **self._service_args)
        if self.bot_pace is not None:
            self.tables.turns.bot_pace = self.bot_pace
        self.messenger = Messenger(self, self.tables)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error
        from cogs.translator import TavernTranslator

        await self.tree.set_translator(TavernTranslator())  # names and descriptions localised
        for extension in cogs():
            await self.load_extension(extension)
        if self.shard_ids is not None and 0 not in self.shard_ids:
            return  # the process running shard 0 publishes the commands, once for all
        if self.test_guild:
            guild = discord.Object(self.test_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        """The host's one line (once: not again when Discord makes the bot identify anew)."""
        if self.announced:
            return
        self.announced = True
        line = ready_line(self)
        logging.getLogger("tavern").info(line)
        print(f"tavern: {line}", flush=True)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        """A command that failed unexpectedly still answers, ephemerally (saying it was not
        done when the database failed before storing anything of it); the error is logged."""
        from cogs.flow import failure_text, reply_error

        logging.getLogger("tavern").error(
            "command %s failed",
            interaction.command and interaction.command.qualified_name,
            exc_info=error,
        )
        try:
            await reply_error(interaction, failure_text(error))
        except discord.HTTPException:
            pass

    async def close(self) -> None:
        await super().close()
        self.budget = None
        if self.store is not None:
            await self.store.close()
            self.store = None


def ready_line(bot: TavernBot) -> str:
    """ "ready: <name> (id ...) in N servers; database ...; invite: <link>", never a password."""
    count = len(bot.guilds)
    shards = ""
    if bot.shard_ids is not None and len(bot.shard_ids) < (bot.shard_count or 0):
        shards = f" (shards {','.join(map(str, bot.shard_ids))} of {bot.shard_count})"
    user = bot.user
    return (
        f"ready: {user.name if user else '?'} (id {user.id if user else '?'}) in {count} "
        f"server{'' if count == 1 else 's'}{shards}; database {described(bot.database_path)}; "
        f"invite: {invite_url(bot.application_id or (user.id if user else 0))}"
    )


class SettingError(ValueError):
    """A setting (environment or .env) that cannot be used; the message says which and why."""


def _setting(name: str, parse, what: str):
    raw = os.environ[name].strip()
    try:
        return parse(raw)
    except ValueError:
        raise SettingError(
            f"{name}={raw!r} is not {what}; fix it in .env (or the environment) and run again."
        ) from None


def create_bot(database_path: str | None = None, **kwargs) -> TavernBot:
    """Build the bot without running it (tests start it against a fake Discord)."""
    path, kwargs = bot_settings(database_path, **kwargs)
    return TavernBot(path, **kwargs)


def bot_settings(database_path: str | None = None, **kwargs) -> tuple[str, dict]:
    """The database and the bot's keyword arguments: those given, the rest from the settings
    (environment or .env); SettingError names a setting that cannot be used."""
    check_games()
    path = database_path or os.getenv("TAVERN_DB") or str(HERE / "tavern.db")
    if "test_guild" not in kwargs and os.getenv("TAVERN_TEST_GUILD", "").strip():
        kwargs["test_guild"] = _setting("TAVERN_TEST_GUILD", int, "a server id (a number)")
    if "sqlite_sync" not in kwargs and os.getenv("TAVERN_SQLITE_SYNC", "").strip():
        kwargs["sqlite_sync"] = _setting("TAVERN_SQLITE_SYNC", _sync_mode, "full or normal")
    if "shards" not in kwargs and os.getenv("TAVERN_SHARDS", "").strip():
        kwargs["shards"] = _setting(
            "TAVERN_SHARDS", parse_shards, "a shard range like 0-3/8 (shards 0 to 3 of 8)"
        )
        ids, count = kwargs["shards"]
        if len(ids) < count and not path.startswith(URL_SCHEMES):
            raise SettingError(
                f"TAVERN_SHARDS={os.environ['TAVERN_SHARDS'].strip()!r} runs only some of the "
                "shards, so other processes run the rest, and they must share one database: "
                "set TAVERN_DB to a postgresql:// URL (a SQLite file is for one process)."
            )
    if "remind_after" not in kwargs and os.getenv("TAVERN_REMIND_HOURS", "").strip():
        kwargs["remind_after"] = (
            _setting("TAVERN_REMIND_HOURS", _hours, "a number of hours (1 to 720)") * 3600
        )
    if "bot_pace" not in kwargs and os.getenv("TAVERN_BOT_PACE", "").strip():
        kwargs["bot_pace"] = _setting("TAVERN_BOT_PACE", _pace, "a number of seconds (0 to 60)")
    if "rate" not in kwargs and os.getenv("TAVERN_RATE", "").strip():
        kwargs["rate"] = _setting(
            "TAVERN_RATE", _rate, "a number of requests a second (1 to 10000)"
        )
    return path, kwargs


def _rate(raw: str) -> float:
    rate = float(raw)
    if not 1 <= rate <= 10_000:
        raise ValueError(raw)
    return rate


def _pace(raw: str) -> float:
    pace = float(raw)
    if not 0 <= pace <= 60:
        raise ValueError(raw)
    return pace


def parse_shards(raw: str) -> tuple[list[int], int]:
    """ "0-3/8" -> ([0, 1, 2, 3], 8); "5/8" -> ([5], 8); "0,2,4-5/8" -> ([0, 2, 4, 5], 8)."""
    ids_text, slash, count_text = raw.replace(" ", "").partition("/")
    if not slash:
        raise ValueError(raw)
    count = int(count_text)
    ids: set[int] = set()
    for part in ids_text.split(","):
        first, dash, last = part.partition("-")
        ids.update(range(int(first), int(last if dash else first) + 1))
    if not ids or count < 1 or min(ids) < 0 or max(ids) >= count:
        raise ValueError(raw)
    return sorted(ids), count


def _sync_mode(raw: str) -> str:
    if raw.lower() not in SYNC_MODES:
        raise ValueError(raw)
    return raw.lower()


def _hours(raw: str) -> float:
    hours = float(raw)
    if not 1 / 60 <= hours <= 720:
        raise ValueError(raw)
    return hours


# --- start-up failures: one line saying what is wrong and what to do ------------------------------
def explain(
    exc: BaseException, bot: TavernBot | None = None, database: str | None = None
) -> str | None:
    """The one line to print for a start-up failure we understand, else None. ``database``:
    TAVERN_DB (default: the bot's)."""
    if database is None and bot is not None:
        database = bot.database_path
    if isinstance(exc, discord.LoginFailure):
        return (
            "Discord refused the token (401 Unauthorized): DISCORD_TOKEN is wrong or was "
            f"reset. Copy a new one from your application's Bot page at {PORTAL} (Reset "
            "Token) into .env, then run again."
        )
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return (
            "Discord closed the connection (4014 Disallowed intents): the bot asks for a "
            "privileged intent that its application does not allow. Turn it on under "
            f"Privileged Gateway Intents on the Bot page at {PORTAL}, then run again."
        )
    if isinstance(exc, discord.Forbidden):
        guild = getattr(bot, "test_guild", None)
        where = (
            f" the bot is not in server {guild} (TAVERN_TEST_GUILD) or may not add commands there:"
            if guild
            else " the bot lacks a permission or scope:"
        )
        return (
            f"Discord refused a start-up request ({exc.status} {exc.text or 'Forbidden'}):"
            f"{where} invite it with the bot and applications.commands scopes (OAuth2 > "
            "URL Generator) with the permissions listed in the README"
            + (", or remove TAVERN_TEST_GUILD" if guild else "")
            + "; then run again."
        )
    if isinstance(
        exc,
        (
            aiohttp.ClientConnectionError,
            asyncio.TimeoutError,
            discord.GatewayNotFound,
            ConnectionError,
        ),
    ):
        reason = str(exc).split(" [")[0].strip() or type(exc).__name__
        return (
            f"Cannot reach Discord ({reason}): check this machine's internet connection "
            "(and any proxy or firewall), then run again."
        )
    if isinstance(exc, StoreUnusable):
        return f"Cannot use the database {exc.where}: {exc.cause}. {exc.advice}, then run again."
    if isinstance(exc, StoreUnavailable) and database is not None:
        return (
            f"Cannot reach the database {redacted(database)} ({exc}): check "
            "that PostgreSQL runs there and TAVERN_DB's user, password and database, "
            "then run again."
        )
    if isinstance(exc, sqlite3.Error) and database is not None:  # after it was opened
        return (
            f"The database {described(database)} failed ({exc}): check the file, its folder "
            "and the disk (space left, permissions), then run again."
        )
    return None


def _failed(exc: Exception, bot: TavernBot | None = None, database: str | None = None) -> int:
    """A start-up failure we understand: its one line on stderr, 1. Else it is raised again."""
    line = explain(exc, bot, database)
    if line is None:
        raise exc
    logging.getLogger("tavern").debug("start-up failed", exc_info=exc)
    print(f"tavern: {line}", file=sys.stderr)
    return 1


async def serve(bot: TavernBot, token: str) -> int:
    """Run the bot until it is closed (0). The database is opened and checked first, before
    anything goes to Discord. A start-up failure we understand prints one line to stderr and
    returns 1 (everything opened is closed: ``async with bot``); its full traceback goes to the
    log at debug level only."""
    try:
        async with bot:
            await bot.open_store()
            await bot.start(token)
    except Exception as exc:
        return _failed(exc, bot)
    return 0


# --- python bot.py --check: the permissions in every server, nothing posted -----------------------
OVERWRITES_NOTE = (
    "server-wide permissions, from the bot's roles; a channel's own permission settings can "
    "still take one away in that channel, which this check cannot see"
)


def server_permissions(
    guild_id: int, roles: list[dict], member_roles: list[str], owner: bool = False
) -> discord.Permissions:
    """A member's permissions in a whole server (no channel overwrites), from Discord's role
    payloads: @everyone's (its id is the server's) and those of the member's roles; all of
    them for the owner or with Administrator."""
    value = 0
    mine = {str(guild_id), *map(str, member_roles)}
    for role in roles:
        if str(role["id"]) in mine:
            value |= int(role["permissions"])
    permissions = discord.Permissions(value)
    return discord.Permissions.all() if owner or permissions.administrator else permissions


async def _my_guilds(client: discord.Client) -> list[dict]:
    """Every server the bot is in (GET /users/@me/guilds, 200 a page): partial guild payloads."""
    guilds: list[dict] = []
    while True:
        after = guilds[-1]["id"] if guilds else None
        page = await client.http.get_guilds(200, after=after, with_counts=False)
        guilds += page
        if len(page) < 200:
            return guilds


async def _missing_in(client: discord.Client, guild: dict) -> list[str]:
    """The flags of PERMISSIONS that the bot lacks in `guild`, server-wide: from the server's
    roles and the bot member's (GET /guilds/{id}/roles and /guilds/{id}/members/{bot id})."""
    assert client.user is not None
    roles = await client.http.get_roles(guild["id"])
    member = await client.http.get_member(guild["id"], client.user.id)
    has = server_permissions(int(guild["id"]), roles, member["roles"], bool(guild.get("owner")))
    return [flag for flag, _ in PERMISSIONS if not getattr(has, flag)]


async def check(token: str, database: str | None = None, rate: float | None = None) -> int:
    """``python bot.py --check``: check the ``database`` as a start would (``check_store``:
    nothing created or changed), log in (REST only: no gateway, no command sync, nothing
    posted), read the bot's roles in every server it is in and print one line per server and
    a summary. 0: nothing missing (or no server yet); 1: something is missing, or the check
    could not run (a start-up failure: one line on stderr). Its requests keep to ``rate`` a
    second (a budget of its own, in memory: two a server, a bot in thousands of servers would
    otherwise burst past Discord's global rate limit)."""
    from cogs.budget import BUCKET, RATE, Budget, tracer
    from storage import Bucket

    bucket = Bucket()

    async def take(want: int, rate: float, burst: float) -> float:
        return bucket.take(BUCKET, want, rate, burst)

    class Paced:  # what the budget's hook reads of a bot
        budget = Budget(take, rate or RATE)
        application_id = None

    client = discord.Client(intents=INTENTS, http_trace=tracer(Paced))
    try:
        if database is not None:
            await check_store(database)
        async with client:
            await client.login(token)
            assert client.user is not None and client.application_id is not None
            me, link = client.user, invite_url(client.application_id)
            guilds = await _my_guilds(client)
            if not guilds:
                print(
                    f"tavern: {me.name} is in no server yet; invite it, then run "
                    f"`python bot.py --check` again: {link}"
                )
                return 0
            print(
                f"tavern: checking {me.name} (id {me.id}) in {len(guilds)} "
                f"server{'' if len(guilds) == 1 else 's'} ({OVERWRITES_NOTE}):"
            )
            lacking = 0
            for guild in sorted(guilds, key=lambda g: (g["name"].lower(), int(g["id"]))):
                try:
                    missing = await _missing_in(client, guild)
                except discord.HTTPException as exc:
                    lacking += 1
                    print(f"  {guild['name']} (id {guild['id']}): cannot read its roles ({exc})")
                    continue
                lacking += bool(missing)
                state = f"missing {permission_names(missing)}" if missing else "OK"
                print(f"  {guild['name']} (id {guild['id']}): {state}")
    except Exception as exc:
        return _failed(exc, database=database)
    if lacking:
        print(
            f"tavern: permissions missing in {lacking} of {len(guilds)} servers: give the "
            "bot's role what is missing (Server Settings > Roles), or open the invite link "
            f"again and authorize them: {link}"
        )
        return 1
    print(f"tavern: every server grants the bot {permission_names()}; invite link: {link}")
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bot.py",
        description=__doc__.split("\n\n", 1)[1].replace("``", ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="check the database (changing nothing), log in, check that every server the bot "
        "is in grants it the permissions it needs (server-wide: channel overwrites cannot be "
        "checked), post nothing and exit: 0 when nothing is missing, 1 saying what is. Run it "
        "once after inviting the bot.",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    load_dotenv(HERE / ".env")
    token = os.getenv("DISCORD_TOKEN", "").strip()
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    try:
        path, kwargs = bot_settings()
    except SettingError as exc:
        print(f"tavern: {exc}", file=sys.stderr)
        return 2
    debug = os.getenv("TAVERN_DEBUG", "").strip().lower() in ("1", "on", "true", "yes")
    discord.utils.setup_logging(level=logging.DEBUG if debug else logging.INFO)
    try:
        if args.check:
            return asyncio.run(check(token, path, kwargs.get("rate")))
        return asyncio.run(serve(TavernBot(path, **kwargs), token))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
