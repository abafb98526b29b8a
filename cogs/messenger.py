"""Everything the bot sends on its own: board updates, turn DMs, thread notes, results.

A DM that Discord refuses with error 50007 (the user's DMs are closed) is never lost silently:
the player is told once in the game's thread to use the "My hand" button, and from then on is
mentioned in the thread when it is their turn (a mention reveals nothing hidden).
"""
from __future__ import annotations

import dataclasses
import logging

import discord

from storage import GameRecord
from tables import Notice, Outcome, Reminder, TableService
from tables.caches import LRU, LockTable

from . import render, ui
from .panels import private_panel

log = logging.getLogger("tavern.messenger")
DMS_CLOSED = 50007
THREAD_ARCHIVED = 50083
DM_CHANNELS_KEPT = 10_000  # user -> DM channel ids remembered (the least recently used go)
DMS_CLOSED_NOTE = ("{mention}, I can't send you direct messages (they are closed). Use **My hand** "
                   "on the board to see your cards and play; I'll mention you here when it's "
                   "your turn.")


class Messenger:
    def __init__(self, bot: discord.Client, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self._dm_channels: LRU[int, int] = LRU(DM_CHANNELS_KEPT)  # user id -> DM channel id
        self._board_locks = LockTable[int]()  # game id -> lock, kept while held or awaited

    # --- low level ------------------------------------------------------------------------------
    async def dm(self, user_id: int, **kwargs) -> discord.Message | None:
        """Send a DM; None if the user's DMs are closed."""
        try:
            channel_id = self._dm_channels.get(user_id)
            if channel_id is None:
                data = await self.bot.http.start_private_message(user_id)
                channel_id = self._dm_channels[user_id] = int(data["id"])
            channel = self.bot.get_partial_messageable(channel_id,
                                                       type=discord.ChannelType.private)
            return await channel.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code == DMS_CLOSED:
                return None
            raise

    def _thread(self, game: GameRecord) -> discord.PartialMessageable | None:
        target = game.thread_id or game.channel_id
        return self.bot.get_partial_messageable(target) if target else None

    async def thread_send(self, game: GameRecord, **kwargs) -> discord.Message | None:
        channel = self._thread(game)
        if channel is None:
            return None
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions(users=True))
        return await channel.send(**kwargs)

    # --- the public board -----------------------------------------------------------------------
    async def open_board(self, game: GameRecord, lobby: discord.Message | None) -> GameRecord:
        """Create the game's thread under the lobby message and post the board there."""
        thread_id = None
        if lobby is not None and lobby.guild is not None and not isinstance(
                lobby.channel, discord.Thread):
            try:
                thread = await lobby.create_thread(
                    name=f"{self.service.engine(game.kind).title} #{game.id}"[:100],
                    auto_archive_duration=10080)
                thread_id = thread.id
            except (discord.HTTPException, ValueError):
                log.warning("could not create a thread for table %s; using the channel", game.id)
        game = dataclasses.replace(game, thread_id=thread_id)
        channel = self._thread(game)
        message = await channel.send(embed=render.board_embed(self.service, game),
                                     view=ui.board_view(game.id, game.status))
        await self.service.set_messages(game.id, thread_id=thread_id,
                                        board_message_id=message.id)
        return dataclasses.replace(game, board_message_id=message.id)

    async def update_board(self, game_id: int) -> GameRecord:
        """Edit the board message to show the latest stored state (never an older one)."""
        async with self._board_locks(game_id):
            game = await self.service.game(game_id, latest=True)  # never an older one
            if game.board_message_id is None:
                return game
            channel = self._thread(game)
            message = channel.get_partial_message(game.board_message_id)
            kwargs = dict(embed=render.board_embed(self.service, game),
                          view=ui.board_view(game.id, game.status))
            try:
                await message.edit(**kwargs)
            except discord.NotFound:  # someone deleted the board: post a new one
                new = await channel.send(**kwargs)
                await self.service.set_messages(game.id, board_message_id=new.id)
            except discord.HTTPException as exc:
                if exc.code != THREAD_ARCHIVED or not game.thread_id:
                    raise
                # A quiet thread was archived by Discord: wake it up, then edit.
                await self.bot.http.edit_channel(game.thread_id, archived=False)
                await message.edit(**kwargs)
            return game

    async def update_lobby(self, game: GameRecord) -> None:
        if game.lobby_message_id and game.channel_id:
            channel = self.bot.get_partial_messageable(game.channel_id)
            try:
                await channel.get_partial_message(game.lobby_message_id).edit(
                    embed=render.lobby_embed(self.service, game), view=None)
            except discord.HTTPException:
                log.info("lobby message of table %s is gone", game.id)

    # --- after a change -------------------------------------------------------------------------
    async def publish(self, outcome: Outcome) -> None:
        """Highlights (one message for all of them, usually), board, results, and the DMs of
        everyone but the requester (answered already).

        The move is stored before any of this runs, so a Discord failure here loses nothing:
        it is logged, the other messages still go out, and the reminder catches up later.
        """
        game = outcome.game
        try:
            for message in render.pack_lines(outcome.highlights, render.MESSAGE_LIMIT):
                await self.thread_send(game, content=message)
            game = await self.update_board(outcome.game.id)
            if game.status in ("finished", "abandoned"):
                if game.status == "finished":
                    await self.thread_send(game, content=render.results_text(self.service, game))
                await self.update_lobby(game)
        except discord.HTTPException:
            log.warning("could not update the board of table %s", game.id, exc_info=True)
        await self.send_notices(game, outcome.notices)

    async def send_notices(self, game: GameRecord, notices: list[Notice], *,
                           reminder: bool = False) -> None:
        """Each notice on its own: one failing DM does not stop the others (and a turn notice
        that never arrived is sent again on the next start, see ``missed_notices``)."""
        for notice in notices:
            try:
                await self.notify(game, notice, reminder=reminder)
            except discord.HTTPException:
                log.warning("could not notify seat %s of table %s", notice.seat, game.id,
                            exc_info=True)

    async def notify(self, game: GameRecord, notice: Notice, *, reminder: bool = False) -> None:
        """One DM to one human: private news and, if it is their turn, their controls.

        With DMs closed: the first time, a note in the thread; then a mention on their turn.
        """
        reminder = reminder or notice.reminder
        mention = f"<@{notice.user_id}>"
        delivered = False
        if not notice.dm_closed:
            panel = private_panel(self.service, game, notice.seat, notice.private,
                                  reminder=reminder)
            if panel["view"] is None:
                del panel["view"]
            delivered = await self.dm(notice.user_id, **panel) is not None
            if not delivered and await self.service.mark_dm_closed(game.id, notice.seat):
                await self.thread_send(game, content=DMS_CLOSED_NOTE.format(mention=mention))
                delivered = True  # the note says how to play, this turn included
        if not delivered and notice.your_turn:
            await self.thread_send(game, content=f"{mention}, it's your turn. "
                                   "Use **My hand** on the board to play.")
        if notice.your_turn:
            await self.service.mark_notified(game, notice.seat)

    async def remind(self, reminder: Reminder) -> None:
        game = reminder.game
        await self.send_notices(game, [
            Notice(seat, game.seats[seat].user_id, True, [], game.seats[seat].dm_closed)
            for seat in reminder.seats], reminder=True)
