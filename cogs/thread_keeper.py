"""Keeping a table's thread usable while Discord ages it, a moderator tidies up, or a permission
goes missing. Every post and edit in a table's thread goes through ``ThreadKeeper.run``:

* **50083** (the thread was archived after a quiet spell): unarchive it, then do it again.
* **10003** (the thread was deleted): open a new thread in the table's channel (or, if that
  fails, go on in the channel itself), post the board there, tell the host, then do it again.
  A thread that cannot be unarchived (locked by a moderator) is treated the same way.
* **50013 / 50001** (a permission or the channel's access is missing): the host is told once
  per table and problem, in plain words, which permissions are missing (read from the bot's
  permissions in the channel), and the error goes on to the caller. Nothing about the game
  changes: its moves are stored before anything is posted.

Anything else goes on to the caller unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

from storage import GameRecord
from tables import TableService
from tables.caches import LRU
from tables.words import t

log = logging.getLogger("tavern.thread")
T = TypeVar("T")

MISSING_ACCESS = 50001
DMS_CLOSED = 50007
MISSING_PERMISSIONS = 50013
UNKNOWN_CHANNEL = 10003
THREAD_ARCHIVED = 50083
MAX_ACTIVE_THREADS = 160006
WEEK = 10080  # minutes: the longest auto-archive Discord offers

# What the bot needs where a table plays (the README and the invite list the same; see
# cogs/permissions.py for the invite). Order: how a host reads them in Discord's settings.
NEEDED_IN_CHANNEL = (
    "view_channel",
    "send_messages",
    "create_public_threads",
    "send_messages_in_threads",
    "embed_links",
    "attach_files",
    "read_message_history",
)
TOLD_KEPT = 10_000  # (table, problem) pairs the host was told about, remembered


def permission_name(name: str, lang: str) -> str:
    """A permission as Discord's own settings call it, in ``lang``."""
    return t(lang, f"perm.{name}")


class ThreadKeeper:
    def __init__(self, bot: discord.Client, service: TableService, dm) -> None:
        self.bot = bot
        self.service = service
        self._dm = dm  # Messenger.dm: (user id, **kwargs) -> Message | None
        self._told: LRU[tuple[int, str], bool] = LRU(TOLD_KEPT)

    def channel(self, game: GameRecord) -> discord.PartialMessageable | None:
        target = game.thread_id or game.channel_id
        return self.bot.get_partial_messageable(target) if target else None

    async def run(
        self,
        game: GameRecord,
        op: Callable[[discord.PartialMessageable, GameRecord], Awaitable[T]],
        *,
        board: Callable[[GameRecord], Awaitable[object]] | None = None,
    ) -> T | None:
        """``op(channel, game)`` in the table's thread, healing what time and moderators did
        (see the module docstring). ``board``: builds the board to post in a new thread
        (without it, a new thread gets none). None when the table has no channel at all."""
        channel = self.channel(game)
        if channel is None:
            return None
        try:
            return await op(channel, game)
        except discord.HTTPException as exc:
            if exc.code == THREAD_ARCHIVED and game.thread_id and game.thread_id != game.channel_id:
                if await self._unarchive(game):
                    return await self._once_more(game, op)
                game = await self._reopen(game, board, "thread.locked_moved")
                return await self._once_more(game, op)
            if exc.code == UNKNOWN_CHANNEL and game.thread_id and game.thread_id != game.channel_id:
                game = await self._reopen(game, board, "thread.deleted_moved")
                return await self._once_more(game, op)
            if exc.code in (MISSING_PERMISSIONS, MISSING_ACCESS):
                await self.tell_missing(game)
            raise

    async def _once_more(self, game: GameRecord, op) -> T | None:
        try:
            return await op(self.channel(game), game)
        except discord.HTTPException as exc:
            if exc.code in (MISSING_PERMISSIONS, MISSING_ACCESS):
                await self.tell_missing(game)
            raise

    async def _unarchive(self, game: GameRecord) -> bool:
        try:
            await self.bot.http.edit_channel(game.thread_id, archived=False)
            return True
        except discord.HTTPException as exc:
            log.info("table %s: could not unarchive its thread (%s)", game.id, exc.code)
            return False

    async def open_thread(
        self, game: GameRecord, lobby: discord.Message | None = None
    ) -> int | None:
        """A new public thread for ``game``: under its lobby message when given, else in its
        channel. Raises what Discord answered (160006 when the server has too many threads)."""
        name = f"{self.service.engine(game.kind).title} #{game.id}"[:100]
        if lobby is not None:
            thread = await lobby.create_thread(name=name, auto_archive_duration=WEEK)
            return thread.id
        data = await self.bot.http.start_thread_without_message(
            game.channel_id,
            name=name,
            auto_archive_duration=WEEK,
            type=discord.ChannelType.public_thread.value,
        )
        return int(data["id"])

    async def drop_thread(self, thread_id: int) -> None:
        """Delete a thread opened for a start that did not happen (nothing was posted in it)."""
        try:
            await self.bot.http.delete_channel(thread_id)
        except discord.HTTPException:
            log.info("could not delete the unused thread %s", thread_id)

    async def _reopen(self, game: GameRecord, board, why: str) -> GameRecord:
        """The thread is gone (or locked): a new one in the table's channel, or the channel
        itself; the board posted there; the host told where the game went on."""
        try:
            thread_id = await self.open_thread(game)
        except discord.HTTPException as exc:
            log.warning("table %s: no new thread (%s); going on in the channel", game.id, exc)
            thread_id = game.channel_id  # the channel itself from now on
        await self.service.notices.set_messages(game.id, thread_id=thread_id)
        game = await self.service.game(game.id, latest=True)
        if board is not None:
            try:
                message = await self.channel(game).send(**(await board(game)))
                await self.service.notices.set_messages(game.id, board_message_id=message.id)
                game = await self.service.game(game.id, latest=True)
            except discord.HTTPException:
                log.warning("table %s: could not post its board again", game.id, exc_info=True)
        await self._tell_host(game, why, where=f"<#{thread_id}>", id=game.id)
        return game

    async def missing(self, game: GameRecord) -> list[str]:
        """The permissions the bot lacks where ``game`` plays (its channel; a thread takes its
        parent's), by discord.py's names; [] when not known (no cache of the server)."""
        guild = self.bot.get_guild(game.guild_id) if game.guild_id else None
        channel = guild.get_channel(game.channel_id) if guild else None
        if guild is None or channel is None or guild.me is None:
            return []
        perms = channel.permissions_for(guild.me)
        return [name for name in NEEDED_IN_CHANNEL if not getattr(perms, name)]

    async def tell_missing(self, game: GameRecord) -> None:
        """Tell the host once which permissions are missing where the table plays."""
        missing = await self.missing(game)
        key = "perm:" + ",".join(missing)
        if self._told.get((game.id, key)):
            return
        self._told[(game.id, key)] = True
        lang = await self.service.players.user_lang(game.host_id)
        names = ", ".join(f"**{permission_name(n, lang)}**" for n in missing)
        log.warning("table %s: missing permissions %s", game.id, missing or "(unknown)")
        await self._tell_host(
            game,
            "thread.missing_permissions" if missing else "thread.missing_unknown",
            id=game.id,
            where=f"<#{game.channel_id}>",
            permissions=names,
        )

    async def _tell_host(self, game: GameRecord, key: str, **fields) -> None:
        """A DM to the host (in their language); if that fails, nothing more can be done."""
        lang = await self.service.players.user_lang(game.host_id)
        try:
            await self._dm(game.host_id, content=t(lang, key, **fields))
        except discord.HTTPException:
            log.info("table %s: could not tell the host (%s)", game.id, key)
