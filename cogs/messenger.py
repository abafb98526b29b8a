"""Everything the bot sends on its own: board updates, turn DMs, thread notes, results.

Who is told what, where and when is decided by ``tables/plan.py`` (pure: quiet hours, DM or
mention, digests, the follow-on panel edit, final DMs); this module gathers its inputs, renders
the texts and delivers the sends it returns (``deliver``).

Each seat has at most one DM showing live controls, its *DM panel* (stored, so a restart
forgets none). When that seat moves some other way (**My hand**, ``/<game> move``), resigns, or
its decision ends without a new DM, or the game ends, the panel is repainted, so no DM shows
out-of-date controls; a move made from the DM panel itself costs no extra call (its click
answer repainted it), and a new DM takes the buttons off the one before.

A DM that Discord refuses with error 50007 (the user's DMs are closed) is never lost silently:
the player is told once in the game's thread to use the "My hand" button, and from then on is
mentioned in the thread when it is their turn (a mention reveals nothing hidden).
"""

from __future__ import annotations

import dataclasses
import logging

import discord

from engines.words import render as show
from storage import GameRecord, UserSettings
from tables import Notice, Outcome, Reminder, TableService, plan
from tables.caches import LRU, LockTable
from tables.reminders import DigestItem
from tables.since import SinceLastMove
from tables.words import t

from . import history_render, render
from .board import board_message
from .panels import private_panel
from .thread_keeper import MAX_ACTIVE_THREADS, MISSING_ACCESS, ThreadKeeper

log = logging.getLogger("tavern.messenger")
DMS_CLOSED = 50007
MISSING_PERMISSIONS = 50013
UNKNOWN_MESSAGE = 10008
OLD_MESSAGE_EDITS = 30046  # Discord limits edits of messages older than an hour
OLD_EDIT_AGE = 55 * 60  # seconds: a board this old is posted anew, not edited
FOLLOW_ON = plan.FOLLOW_ON  # read at each turn notice (a test may change it)
PANEL_GAMES_KEPT = 10_000  # games whose DM panels are cached (the least recently used go)
DM_CHANNELS_KEPT = 10_000  # user -> DM channel ids remembered (the least recently used go)


def too_old_to_edit(message_id: int) -> bool:
    """Whether a message is close to an hour old, by its snowflake: Discord limits edits of
    messages older than an hour (30046), so the board is posted anew instead."""
    age = discord.utils.utcnow() - discord.utils.snowflake_time(message_id)
    return age.total_seconds() > OLD_EDIT_AGE


class Messenger:
    def __init__(self, bot: discord.Client, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self._dm_channels: LRU[int, int] = LRU(DM_CHANNELS_KEPT)  # user id -> DM channel id
        self._board_locks = LockTable[int]()  # game id -> lock, kept while held or awaited
        # game id -> seat -> (DM channel id, message id, token): the DM showing its controls
        # (a cache of what the table service stores: a game dropped here is read again)
        self._panels: LRU[int, dict[int, tuple[int, int, int]]] = LRU(PANEL_GAMES_KEPT)
        self.threads = ThreadKeeper(bot, service, self.dm)
        self.since = SinceLastMove()  # each seat's public news since its last move
        self._decisions = plan.Decisions(DM_CHANNELS_KEPT)  # the DM panel each seat decided on

    # --- low level ------------------------------------------------------------------------------
    async def dm(self, user_id: int, **kwargs) -> discord.Message | None:
        """Send a DM; None if the user's DMs are closed."""
        try:
            channel_id = self._dm_channels.get(user_id)
            if channel_id is None:
                data = await self.bot.http.start_private_message(user_id)
                channel_id = self._dm_channels[user_id] = int(data["id"])
            channel = self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            return await channel.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code == DMS_CLOSED:
                return None
            raise

    async def thread_send(self, game: GameRecord, **kwargs) -> discord.Message | None:
        """A message in the table's thread (kept usable by ``ThreadKeeper``)."""
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions(users=True))

        async def send(channel, _game):
            return await channel.send(**kwargs)

        return await self.threads.run(game, send, board=self._board_kwargs)

    async def _board_kwargs(self, game: GameRecord) -> dict:
        return (await board_message(self.service, game)).send_kwargs()

    # --- the public board -----------------------------------------------------------------------
    @staticmethod
    def wants_thread(lobby: discord.Message | None) -> bool:
        """A lobby in a server's text channel gets its game a thread of its own."""
        return (
            lobby is not None
            and lobby.guild is not None
            and not isinstance(lobby.channel, discord.Thread)
        )

    async def open_thread(self, game: GameRecord, lobby: discord.Message | None) -> int | None:
        """The game's thread under the lobby message (None: it plays where the lobby is).
        Raises what Discord answered when the server is at its limit of active threads
        (160006), so Start can say so and leave the table open; for any other refusal the
        game plays in the channel and the host is told what is missing."""
        if not self.wants_thread(lobby):
            return None
        try:
            return await self.threads.open_thread(game, lobby)
        except discord.HTTPException as exc:
            if exc.code == MAX_ACTIVE_THREADS:
                raise
            log.warning("could not create a thread for table %s; using the channel", game.id)
            if exc.code in (MISSING_PERMISSIONS, MISSING_ACCESS):
                await self.threads.tell_missing(game)
            return None
        except ValueError:
            return None

    async def open_board(
        self, game: GameRecord, lobby: discord.Message | None, thread_id: int | None = None
    ) -> GameRecord:
        """Post the board in the game's thread (``thread_id``, opened by ``open_thread``; None:
        the channel) and, for a fair table, the seed commitment."""
        if thread_id is not None:
            await self.service.notices.set_messages(game.id, thread_id=thread_id)
        game = dataclasses.replace(game, thread_id=thread_id)
        fair = await self.service.history.fairness(game.id)
        if fair is not None:  # the seed commitment, public from the start (issue 16)
            await self.thread_send(
                game,
                content=history_render.commitment_message(
                    game, fair, await self.service.table_lang(game)
                ),
            )
        board = await board_message(self.service, game)  # then the board, at the bottom
        message = await self.threads.run(
            game, lambda channel, game: self._post_board(channel, game, board)
        )
        if message is None:
            return game
        await self.service.notices.set_messages(game.id, board_message_id=message.id)
        return await self.service.game(game.id, latest=True)

    async def update_board(self, game_id: int) -> GameRecord:
        """Show the latest stored state (never an older one) on the board.

        One edit replaces the embed, the buttons and the picture together. A board near an
        hour old is not edited (Discord limits edits of messages older than an hour: 30046);
        where an edit is refused all the same (the board was deleted: 10008; 30046), a new
        board is posted instead, so a refused edit never leaves a stale board. The picture is
        drawn in a worker thread under this board's own lock only (never the table's lock),
        so a slow drawing holds up no move, and two updates never overtake each other.
        """
        async with self._board_locks(game_id):
            game = await self.service.game(game_id, latest=True)  # never an older one
            if game.state is None:
                return game
            board = await board_message(self.service, game)

            async def edit(channel, game: GameRecord) -> bool:
                if game.board_message_id is None or too_old_to_edit(game.board_message_id):
                    return False  # a new board at the bottom instead
                try:
                    await self._edit_board(
                        channel.get_partial_message(game.board_message_id), game, board
                    )
                    return True
                except discord.HTTPException as exc:
                    if exc.code in (UNKNOWN_MESSAGE, OLD_MESSAGE_EDITS):
                        log.info("table %s: a new board (%s)", game.id, exc.code)
                        return False
                    raise

            if await self.threads.run(game, edit, board=self._board_kwargs):
                return game
            game = await self.service.game(game_id, latest=True)  # its thread may be new
            new = await self.threads.run(
                game, lambda channel, game: self._post_board(channel, game, board)
            )
            if new is not None:
                await self.service.notices.set_messages(game.id, board_message_id=new.id)
                game = await self.service.game(game_id, latest=True)
            return game

    async def tell_story(self, story: plan.Story) -> GameRecord:
        """The thread tells the story (issue 22): every public line of ``story``, in order,
        then the board as a new message at the bottom of the thread, carrying the last lines
        as its own text (a result gets a message of its own, see ``render.story``). One new
        message per update, usually. (An update with no public news, a secret decision, edits
        the board in place instead: ``update_board``; nothing new to read, and an edit
        notifies nobody.)"""
        quiet = discord.AllowedMentions.none()  # news names players; it pings nobody
        async with self._board_locks(story.game_id):
            game = await self.service.game(story.game_id, latest=True)
            before, text = render.story(
                list(story.lines), list(story.highlights), render.MESSAGE_LIMIT
            )
            for message in before:
                await self.thread_send(game, content=message, allowed_mentions=quiet)
            if game.state is None:
                return game
            game = await self.service.game(game.id, latest=True)  # its thread may be new
            board = await board_message(self.service, game)
            new = await self.threads.run(
                game,
                lambda channel, game: self._post_board(
                    channel, game, board, content=text or None, allowed_mentions=quiet
                ),
                board=self._board_kwargs,
            )
            if new is not None:
                await self.service.notices.set_messages(game.id, board_message_id=new.id)
                game = await self.service.game(game.id, latest=True)
            return game

    def _no_picture(self, exc: discord.HTTPException, game: GameRecord, board) -> bool:
        """Without the Attach Files permission the board goes on in words alone."""
        if board.png is None or exc.code != MISSING_PERMISSIONS:
            return False
        log.info("table %s: no permission to attach the board picture; sending text", game.id)
        return True

    async def _post_board(self, channel, game: GameRecord, board, **extra) -> discord.Message:
        try:
            return await channel.send(**board.send_kwargs(), **extra)
        except discord.Forbidden as exc:
            if not self._no_picture(exc, game, board):
                raise
            return await channel.send(
                **board.without_picture(self.service, game).send_kwargs(), **extra
            )

    async def _edit_board(self, message, game: GameRecord, board) -> None:
        try:
            await message.edit(**board.edit_kwargs())
        except discord.Forbidden as exc:
            if not self._no_picture(exc, game, board):
                raise
            await message.edit(**board.without_picture(self.service, game).edit_kwargs())

    async def update_lobby(self, game: GameRecord) -> None:
        if game.lobby_message_id and game.channel_id:
            channel = self.bot.get_partial_messageable(game.channel_id)
            try:
                await channel.get_partial_message(game.lobby_message_id).edit(
                    embed=render.lobby_embed(
                        self.service, game, await self.service.table_lang(game)
                    ),
                    view=None,
                )
            except discord.HTTPException:
                log.info("lobby message of table %s is gone", game.id)

    # --- after a change -------------------------------------------------------------------------
    async def publish(self, outcome: Outcome, *, shown_in: int | None = None) -> None:
        """The story (the news in the thread, the board at the bottom), results, the DMs of
        everyone but the requester (answered already), then DM panels gone out of date, and
        the final DMs: what ``tables.plan.plan`` decides, delivered. ``shown_in``: the message
        the requester's move was made from (already repainted).

        The move is stored before any of this runs, so a Discord failure here loses nothing:
        it is logged, the other messages still go out, and the reminder catches up later.
        """
        game = outcome.game
        self.since.record(outcome)
        watchers = await self.service.watching.watchers(game.id)
        prefs = await self.service.players.settings_of(plan.users_told(outcome, watchers))
        now = self.service.clock()
        seats = [n.seat for n in outcome.notices]
        sends = plan.plan(
            outcome,
            prefs,
            now,
            shown_in=shown_in,
            follow_ons=self._follow_ons(game.id, seats, now),
            watchers=watchers,
        )
        await self.deliver(sends, {game.id: game}, prefs)

    async def tell_watchers(self, outcome: Outcome) -> None:
        """Only the watchers' part of a change (``plan.plan_watchers``): for a change published
        some other way (a game abandoned by its host)."""
        watchers = await self.service.watching.watchers(outcome.game.id)
        if not watchers:
            return
        prefs = await self.service.players.settings_of(watchers)
        sends = plan.plan_watchers(outcome, watchers, prefs, self.service.clock())
        await self.deliver(sends, {outcome.game.id: outcome.game}, prefs)

    async def _no_final_dm(self, game: GameRecord) -> list[discord.Object]:
        """The players who get no final DM (``plan.not_told_by_dm``)."""
        if game.status != "finished":
            return []
        humans = [s.user_id for s in game.seats if not s.is_bot and s.user_id is not None]
        prefs = await self.service.players.settings_of(humans)
        return [discord.Object(u) for u in plan.not_told_by_dm(game, prefs)]

    def decided(self, game_id: int, seat: int | None, panel: tuple[int, int] | None) -> None:
        """``seat`` just made a decision at ``game_id`` on the DM ``panel`` (channel, message;
        None: somewhere else, e.g. a command)."""
        self._decisions.decided(game_id, seat, panel, self.service.clock())

    def _follow_ons(
        self, game_id: int, seats: list[int], now: float
    ) -> dict[tuple[int, int], tuple[int, int]]:
        """The DM panels these seats decided on moments ago (``FOLLOW_ON``), by (game, seat)."""
        out = {}
        for seat in seats:
            at = self._decisions.follow_on(game_id, seat, now, FOLLOW_ON)
            if at is not None:
                out[(game_id, seat)] = at
        return out

    def since_lines(self, game: GameRecord, seat: int, lang: str) -> list[str]:
        """The public news since ``seat``'s last move, in ``lang``; after a result, their own
        score."""
        items = self.since.of(game, seat)
        lines = [self.service.fill(game, show(message, lang), lang) for message, _ in items]
        if any(result for _, result in items) and game.state is not None:
            engine = self.service.engine(game.kind)
            score = engine.scores(self.service.state(game))[seat]
            lines.append(t(lang, "hand.your_score", score=score))
        return lines

    async def send_results(self, game: GameRecord, lead=None) -> None:
        """Final scores (or ``lead``, a message or text, for an abandoned game), the seed and
        salt revealed, and the export file (issue 16); in the table's language."""
        fair = await self.service.history.fairness(game.id)
        lang = await self.service.table_lang(game)
        if game.status == "finished":
            scores = render.results_text(self.service, game, lang)
            lead = scores if lead is None else show(lead, lang) + "\n" + scores
        elif lead is None:
            lead = t(lang, "results.no_result", id=game.id)
        else:
            lead = show(lead, lang)
        content = history_render.results_message(lead, fair, lang)
        # the thanks name every player; only those who get no final DM are pinged by it
        pinged = discord.AllowedMentions(users=await self._no_final_dm(game))
        if fair is None:
            await self.thread_send(game, content=content, allowed_mentions=pinged)
            return
        try:
            await self.thread_send(
                game,
                content=content,
                file=history_render.export_file(await self.service.history.export(game.id)),
                allowed_mentions=pinged,
            )
        except discord.Forbidden as exc:  # no Attach Files: the reveal goes out all the same
            if exc.code != MISSING_PERMISSIONS:
                raise
            await self.thread_send(
                game,
                content=history_render.results_message(
                    lead + "\n" + t(lang, "results.export_elsewhere", id=game.id), fair, lang
                ),
            )

    async def send_notices(
        self,
        game: GameRecord,
        notices: list[Notice],
        *,
        reminder: bool = False,
        welcome: bool = False,
    ) -> None:
        """Each notice on its own: one failing DM does not stop the others (and a turn notice
        that never arrived is sent again on the next start, see ``missed_notices``)."""
        prefs = await self.service.players.settings_of(n.user_id for n in notices)
        now = self.service.clock()
        sends = plan.plan_notices(
            game.id,
            notices,
            prefs,
            now,
            reminder=reminder,
            welcome=welcome,
            follow_ons=self._follow_ons(game.id, [n.seat for n in notices], now),
        )
        await self.deliver(sends, {game.id: game}, prefs)

    async def remind_all(self, reminders: list[Reminder]) -> None:
        """Due reminders, one message per player: a player waited for at several tables gets
        ONE message listing them (with links) instead of a reminder per table."""
        users = {r.game.seats[s].user_id for r in reminders for s in r.seats}
        prefs = await self.service.players.settings_of(users)
        now = self.service.clock()
        follow_ons: dict[tuple[int, int], tuple[int, int]] = {}
        for reminder in reminders:
            follow_ons.update(self._follow_ons(reminder.game.id, reminder.seats, now))
        sends = plan.plan_reminders(reminders, prefs, now, follow_ons=follow_ons)
        await self.deliver(sends, {r.game.id: r.game for r in reminders}, prefs)

    async def send_digest(
        self,
        user_id: int,
        items: list[DigestItem],
        *,
        reminder: bool,
        prefs: UserSettings | None = None,
    ) -> None:
        """ONE message about several tables (see ``render.digest_text``): by DM, or where the
        player chose mentions (or DMs are closed) one mention in each waiting table's thread."""
        prefs = prefs or await self.service.players.settings(user_id)
        sends = plan.plan_digest(user_id, items, prefs, self.service.clock(), reminder=reminder)
        await self.deliver(sends, {i.game.id: i.game for i in items}, {user_id: prefs})

    # --- delivering a plan ----------------------------------------------------------------------
    async def deliver(
        self,
        sends: list[plan.Send],
        games: dict[int, GameRecord],
        prefs: dict[int, UserSettings],
    ) -> None:
        """Send what ``tables.plan`` decided, in order. ``games``: the records the sends are
        about (updated as the story gives a game a new board or thread); ``prefs``: the
        settings the plan was made with."""
        for send in sends:
            await self._deliver(send, games, prefs)

    async def _deliver(  # noqa: C901 - one case per kind of send
        self, send: plan.Send, games: dict[int, GameRecord], prefs: dict[int, UserSettings]
    ) -> None:
        match send:
            case plan.Together():
                try:
                    await self.deliver(list(send.sends), games, prefs)
                except discord.HTTPException:
                    log.warning("could not %s", send.about, exc_info=True)
            case plan.Story():
                games[send.game_id] = await self.tell_story(send)
            case plan.BoardEdit():
                games[send.game_id] = await self.update_board(send.game_id)
            case plan.Results():
                await self.send_results(games[send.game_id])
            case plan.Lobby():
                await self.update_lobby(games[send.game_id])
            case plan.RefreshPanels():
                await self.refresh_panels(
                    games[send.game_id],
                    mover=send.mover,
                    news=list(send.news),
                    shown_in=send.shown_in,
                )
            case plan.Hold():
                await self._hold(send, games, prefs)
            case plan.DmPanel():
                await self._dm_panel(send, games, prefs)
            case plan.FollowOnEdit():
                await self._follow_on_edit(send, games, prefs)
            case plan.Mention():
                game = games[send.game_id]
                await self.thread_send(
                    game,
                    content=t(  # in the thread: the table's language
                        await self.service.table_lang(game),
                        "thread.your_turn_still" if send.still else "thread.your_turn",
                        mention=f"<@{send.user_id}>",
                    ),
                )
            case plan.ThreadNote():
                game = games[send.game_id]
                await self.thread_send(
                    game,
                    content=t(  # in the thread: the table's language
                        await self.service.table_lang(game),
                        "thread.dms_closed",
                        mention=f"<@{send.user_id}>",
                        kind=game.kind,
                    ),
                )
            case plan.DigestDm():
                text = render.digest_text(
                    self.service,
                    list(send.items),
                    reminder=send.reminder,
                    lang=await self.service.players.user_lang(send.user_id),
                )
                if await self.dm(send.user_id, content=text) is None:
                    await self.deliver(list(send.if_closed), games, prefs)
            case plan.FinalDm():
                game = games[send.game_id]
                lang = await self.service.players.user_lang(send.user_id)
                text = render.final_dm(self.service, game, send.seat, lang)
                await self.dm(send.user_id, content=text)
            case plan.WatchDm():
                game = games[send.game_id]
                lang = await self.service.players.user_lang(send.user_id)
                text = render.watch_dm(self.service, game, list(send.news), lang)
                await self.dm(send.user_id, content=text)  # closed DMs: nothing to fall back on
            case plan.WatchMention():
                game = games[send.game_id]
                await self.thread_send(
                    game,
                    content=t(  # in the thread: the table's language
                        await self.service.table_lang(game),
                        "watch.mention",
                        mentions=" ".join(f"<@{u}>" for u in send.user_ids),
                    ),
                    allowed_mentions=discord.AllowedMentions(
                        users=[discord.Object(u) for u in send.user_ids]
                    ),
                )
            case plan.MarkNotified():
                await self.service.notices.mark_notified(games[send.game_id], send.seat)
            case _:
                raise TypeError(f"not a send: {send!r}")

    async def _hold(self, send: plan.Hold, games, prefs) -> None:
        """Quiet hours: what they hold back is kept in the player's language."""
        if send.game_id is None:
            await self.service.players.hold(prefs[send.user_id])
            return
        game = games[send.game_id]
        lang = await self.service.players.user_lang(send.user_id)
        if send.final:
            held = [render.final_dm(self.service, game, send.seat, lang)]
        elif send.news:
            held = [self.service.fill(game, show(line, lang), lang) for line in send.news]
        else:
            held = list(send.private)
        await self.service.players.hold(prefs[send.user_id], game.id, held)

    async def _panel_for(self, game: GameRecord, send: plan.DmPanel) -> tuple[dict, bool]:
        """A turn DM's kwargs (in the player's language: a DM), and whether it has controls;
        in a game's first DM, where the guide is and how to move."""
        lang = await self.service.players.user_lang(send.user_id)
        panel = private_panel(
            self.service,
            game,
            send.seat,
            list(send.news or send.private),
            reminder=send.reminder,
            lang=lang,
            since=self.since_lines(game, send.seat, lang) if send.your_turn else None,
        )
        controls = panel["view"] is not None
        if not controls:
            del panel["view"]
        if send.welcome:
            engine = self.service.engine(game.kind)
            panel["content"] = "\n".join(
                filter(
                    None,
                    [panel["content"], t(lang, "dm.welcome", title=engine.title, kind=game.kind)],
                )
            )
        return panel, controls

    async def _dm_panel(self, send: plan.DmPanel, games, prefs) -> None:
        """A new DM panel; where the DMs are closed, the fallback the plan gave."""
        game = games[send.game_id]
        panel, controls = await self._panel_for(game, send)
        message = await self.dm(send.user_id, **panel)
        if message is not None:
            await self._new_panel(game, send.seat, message, controls)
            return
        first = send.note_closed and await self.service.notices.mark_dm_closed(game.id, send.seat)
        await self.deliver(list(send.if_closed_first if first else send.if_closed), games, prefs)

    async def _follow_on_edit(self, send: plan.FollowOnEdit, games, prefs) -> None:
        """The panel the player decided on moments ago, updated in place (no ping); a new DM
        (``otherwise``) where Discord refuses the edit."""
        game = games[send.panel.game_id]
        seat = send.panel.seat
        panel, controls = await self._panel_for(game, send.panel)
        old = (send.channel_id, send.message_id, 0)
        if await self._edit_panel(game, old, {**panel, "view": panel.get("view")}):
            where = (send.channel_id, send.message_id, game.seats[seat].prompt_version)
            await self._remember(game.id, seat, where if controls else None)
            if controls:
                await self.service.notices.set_dm_panel(game.id, seat, where)
            return
        await self.deliver(list(send.otherwise), games, prefs)

    # --- DM panels ------------------------------------------------------------------------------
    async def _panels_of(self, game_id: int) -> dict[int, tuple[int, int, int]]:
        panels = self._panels.get(game_id)
        if panels is None:
            loaded = await self.service.notices.dm_panels(game_id)
            panels = self._panels.get(game_id)  # loaded meanwhile by another task: keep it
            if panels is None:
                panels = self._panels[game_id] = loaded
        return panels

    async def _remember(self, game_id: int, seat: int, where: tuple[int, int, int] | None) -> None:
        """Memory only: the stored row is written when a DM with controls is sent (one write
        per turn notice, none per move). A stored row may be behind what the DM shows (it was
        repainted, or lost its controls); after a restart that costs at most one needless
        repaint, never a missed one, since a repaint only ever shows newer controls."""
        panels = await self._panels_of(game_id)
        if where is None:
            panels.pop(seat, None)
        else:
            panels[seat] = where

    async def _new_panel(
        self, game: GameRecord, seat: int, message: discord.Message, controls: bool
    ) -> None:
        """A new DM went to ``seat``: the previous DM panel loses its controls (it is out of
        date, or a reminder repeats it), and the new one is remembered if it has controls."""
        old = (await self._panels_of(game.id)).get(seat)
        if old is not None and old[1] != message.id:
            await self._edit_panel(game, old, {"view": None})
        where = (message.channel.id, message.id, game.seats[seat].prompt_version)
        await self._remember(game.id, seat, where if controls else None)
        if controls:
            await self.service.notices.set_dm_panel(game.id, seat, where)

    async def refresh_panels(
        self,
        game: GameRecord,
        *,
        mover: int | None = None,
        news: list | None = None,
        shown_in: int | None = None,
    ) -> None:
        """Repaint every DM panel of ``game`` whose controls are out of date: its seat no longer
        decides, decides something new, is played by a bot, or the game is over. The mover's
        panel is not repainted when the move was made from it (``shown_in``)."""
        panels = dict(await self._panels_of(game.id))
        acting = self.service.to_act(game)
        for repaint in plan.repaints(panels, game, acting, mover=mover, shown_in=shown_in):
            seat, where = repaint.seat, repaint.where
            record = game.seats[seat]
            if repaint.playing:
                panel = private_panel(
                    self.service,
                    game,
                    seat,
                    news if repaint.mover else None,
                    lang=await self.service.players.user_lang(record.user_id),
                )
            else:
                panel = {"view": None}  # a bot's seat now, or the game is over: no controls
            await self._remember(
                game.id,
                seat,
                None if panel["view"] is None else (*where[:2], record.prompt_version),
            )
            if repaint.edit:
                if not await self._edit_panel(game, where, panel) and panel["view"] is not None:
                    await self._panel_anew(game, seat, panel)
        if game.status != "running":
            self._panels.pop(game.id, None)
            await self.service.notices.forget_dm_panels(game.id)

    async def _edit_panel(self, game: GameRecord, where: tuple[int, int, int], panel: dict) -> bool:
        """Repaint a DM panel; False if Discord refused (deleted by the user, or older than an
        hour and edited too often: 30046)."""
        channel = self.bot.get_partial_messageable(where[0], type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(where[1]).edit(**panel)
            return True
        except discord.HTTPException:
            log.info("could not repaint a DM panel of table %s", game.id, exc_info=True)
            return False

    async def _panel_anew(self, game: GameRecord, seat: int, panel: dict) -> None:
        """New controls that could not be painted on the old DM go out as a new DM panel (the
        old one keeps its buttons, which are refused politely as out of date)."""
        record = game.seats[seat]
        try:
            message = await self.dm(record.user_id, **panel)
        except discord.HTTPException:
            log.info("could not send a new DM panel at table %s", game.id, exc_info=True)
            return
        if message is not None:
            where = (message.channel.id, message.id, record.prompt_version)
            await self._remember(game.id, seat, where)
            await self.service.notices.set_dm_panel(game.id, seat, where)
