"""Tavern: a Discord bot that hosts tabletop games for asynchronous play.

Run ``python bot.py``. Settings come from the environment or a ``.env`` file beside this one:
    DISCORD_TOKEN          the bot token (required)
    TAVERN_DB              the SQLite file (default: tavern.db)
    TAVERN_TEST_GUILD      a guild id: its slash commands sync instantly (for development)
    TAVERN_REMIND_HOURS    hours before whoever must act is reminded (default: 24)
    TAVERN_SQLITE_SYNC     full (default: every stored move survives a power loss) or normal
                           (faster; survives a crash of the bot, not of the machine)
"""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Callable

import discord
from discord.ext import commands
from dotenv import load_dotenv

import engines
from storage import Store
from tables import TableService

HERE = Path(__file__).resolve().parent
COGS = ("cogs.table", *(f"cogs.{name}" for name in sorted(engines.REGISTRY)))
NO_TOKEN = """\
Tavern needs a Discord bot token, and none was found.

1. Open https://discord.com/developers/applications, create an application (New Application),
   then on its "Bot" page press "Reset Token" and copy the token.
2. Put it in a file named .env next to bot.py:
       DISCORD_TOKEN=your-token-here
   (or set the DISCORD_TOKEN environment variable).
3. Invite the bot with the "bot" and "applications.commands" scopes (OAuth2 > URL Generator),
   with the permissions Send Messages, Create Public Threads, Send Messages in Threads and
   Embed Links, then run `python bot.py` again.
"""


class TavernBot(commands.Bot):
    def __init__(self, database_path: str, *, test_guild: int | None = None,
                 clock: Callable[[], float] | None = None, remind_after: float | None = None,
                 seed_source: Callable[[], int] | None = None,
                 sqlite_sync: str = "full") -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None)
        self.database_path = database_path
        self.sqlite_sync = sqlite_sync
        self.test_guild = test_guild
        self._service_args = {k: v for k, v in {"clock": clock, "remind_after": remind_after,
                                                 "seed_source": seed_source}.items()
                              if v is not None}
        self.store: Store | None = None
        self.tables: TableService | None = None
        self.messenger = None
        from cogs import limits
        limits.install(self)  # nothing over Discord's length limits is ever sent

    async def setup_hook(self) -> None:
        from cogs.messenger import Messenger
        from cogs.ui import DYNAMIC_ITEMS

        self.store = await Store.open(self.database_path, synchronous=self.sqlite_sync)
        self.tables = TableService(self.store, **self._service_args)
        self.messenger = Messenger(self, self.tables)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error
        for extension in COGS:
            await self.load_extension(extension)
        if self.test_guild:
            guild = discord.Object(self.test_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: discord.app_commands.AppCommandError) -> None:
        """A command that failed unexpectedly still answers, ephemerally; the error is logged."""
        from cogs.flow import SORRY, reply_error

        logging.getLogger("tavern").error("command %s failed", interaction.command and
                                          interaction.command.qualified_name, exc_info=error)
        try:
            await reply_error(interaction, SORRY)
        except discord.HTTPException:
            pass

    async def close(self) -> None:
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None


def create_bot(database_path: str | None = None, **kwargs) -> TavernBot:
    """Build the bot without running it (tests start it against a fake Discord)."""
    path = database_path or os.getenv("TAVERN_DB") or str(HERE / "tavern.db")
    if "test_guild" not in kwargs and os.getenv("TAVERN_TEST_GUILD"):
        kwargs["test_guild"] = int(os.environ["TAVERN_TEST_GUILD"])
    if "sqlite_sync" not in kwargs and os.getenv("TAVERN_SQLITE_SYNC"):
        kwargs["sqlite_sync"] = os.environ["TAVERN_SQLITE_SYNC"].strip().lower()
    if "remind_after" not in kwargs and os.getenv("TAVERN_REMIND_HOURS"):
        kwargs["remind_after"] = float(os.environ["TAVERN_REMIND_HOURS"]) * 3600
    return TavernBot(path, **kwargs)


def main() -> int:
    load_dotenv(HERE / ".env")
    token = os.getenv("DISCORD_TOKEN", "").strip()
    if not token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    bot = create_bot()
    discord.utils.setup_logging(level=logging.INFO)
    bot.run(token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
