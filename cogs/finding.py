"""Play again, watch, find my tables (issue 26): ``/games`` (a player's tables, those waiting
for them first, with how long), ``/tables`` (a server's running tables, for its admins: whom
each waits for and since when), both paged with Back and Next; ``/watch`` and ``/unwatch``; and
the Rematch button of a finished table's board (``tables/rematch.py``), which posts the new
lobby in the table's channel, inviting its players.

Every answer here is ephemeral; a page is computed afresh at each click, for whoever clicks
(so a list is never someone else's, and a restart loses no page).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from engines import GameError
from storage import GameRecord
from tables import TableService
from tables.lists import Listed
from tables.words import m, seat_name, t

from . import flow, render, respond, ui
from .table import is_admin

log = logging.getLogger("tavern.finding")
PAGE_CHARS = 1800  # a page of a list: within one message (2,000), with its head and page line
PAGE_ROWS = 15  # and at most this many tables


def where(game: GameRecord, lang: str) -> str:
    """A link to a table's thread, else its channel."""
    url = render.thread_url(game)
    if url:
        return f"[{t(lang, 'games.thread')}]({url})"
    return f"<#{game.channel_id}>" if game.channel_id else ""


def waited(row: Listed, now: float, lang: str) -> str:
    return "" if row.since is None else render.waiting(max(0.0, now - row.since), lang)


def my_line(svc: TableService, row: Listed, now: float, lang: str) -> str:
    game = row.game
    parts = [
        f"#{game.id} {svc.engine(game.kind).title}",
        t(lang, f"games.status.{game.status}"),
        where(game, lang),
    ]
    if row.your_turn:
        parts += [t(lang, "games.your_turn"), waited(row, now, lang)]
    return " · ".join(p for p in parts if p)


def server_line(svc: TableService, row: Listed, now: float, lang: str) -> str:
    game = row.game
    who = [
        seat_name(game.seats[s].name, lang)
        if game.seats[s].is_bot
        else f"<@{game.seats[s].user_id}>"
        for s in row.waiting
    ]
    parts = [
        f"#{game.id} {svc.engine(game.kind).title}",
        where(game, lang),
        t(lang, "tables.waits", who=", ".join(who)) if who else t(lang, "tables.nobody"),
        waited(row, now, lang),
    ]
    return " · ".join(p for p in parts if p)


def paged(blocks: list[tuple[str, list[str]]]) -> list[str]:
    """Sections (a heading, its lines) as pages: each within ``PAGE_CHARS`` and ``PAGE_ROWS``
    lines, a section's heading repeated on each page it continues on."""
    pages: list[str] = []
    current: list[str] = []
    size = rows = 0
    for heading, lines in blocks:
        headed = False
        for line in lines:
            line = render.clip(line, 300)
            extra = len(line) + 1 + (0 if headed else len(heading) + 1)
            if current and (size + extra > PAGE_CHARS or rows >= PAGE_ROWS):
                pages.append("\n".join(current))
                current, size, rows, headed = [], 0, 0, False
                extra = len(line) + 1 + len(heading) + 1
            if not headed:
                current.append(heading)
                headed = True
            current.append(line)
            size += extra
            rows += 1
    if current:
        pages.append("\n".join(current))
    return pages


def page_answer(what: str, pages: list[str], page: int, lang: str) -> dict:
    """One page of a list, with its Back and Next buttons (and "Page 2 of 3")."""
    page = min(max(page, 0), len(pages) - 1)
    content = pages[page]
    if len(pages) > 1:
        content += "\n-# " + t(lang, "games.page", page=page + 1, pages=len(pages))
    answer = {"content": content, "allowed_mentions": discord.AllowedMentions.none()}
    view = ui.pages_view(what, page, len(pages), lang)
    if view is not None:  # a first answer takes no view=None (an edit does: no buttons)
        answer["view"] = view
    return answer


async def games_pages(svc: TableService, user_id: int, lang: str) -> list[str]:
    rows = await svc.lists.mine(user_id)
    now = svc.clock()
    turns = [my_line(svc, r, now, lang) for r in rows if r.your_turn]
    others = [my_line(svc, r, now, lang) for r in rows if not r.your_turn]
    blocks = [(t(lang, "games.turns"), turns), (t(lang, "games.others"), others)]
    return paged([b for b in blocks if b[1]])


async def tables_pages(svc: TableService, guild_id: int, lang: str) -> list[str]:
    rows = await svc.lists.server(guild_id)
    now = svc.clock()
    return paged([(t(lang, "tables.head"), [server_line(svc, r, now, lang) for r in rows])])


async def post_rematch_lobby(client, new: GameRecord, old_id: int) -> GameRecord:
    """The rematch's lobby, in the finished table's channel (the table's language), inviting
    its players by a mention: each joins with one click."""
    svc: TableService = client.tables
    lang = await svc.table_lang(new)
    invited = await svc.rematch.invited(new)
    mentions = " ".join(f"<@{u}>" for u in invited)
    content = (
        t(lang, "rematch.opened", old=old_id, invited=mentions)
        if invited
        else t(lang, "rematch.opened_alone", old=old_id)
    )
    channel = client.get_partial_messageable(new.channel_id, guild_id=new.guild_id)
    message = await channel.send(
        content=content,
        embed=render.lobby_embed(svc, new, lang, invited, await svc.clocks.lobby_line(new, lang)),
        view=ui.lobby_view(new.id, new.status, lang),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in invited]),
    )
    await svc.notices.set_messages(new.id, lobby_message_id=message.id)
    return await svc.game(new.id, latest=True)


@ui.handles("rematch")
@flow.guarded
async def rematch_click(interaction: discord.Interaction, table: int) -> None:
    """Rematch: the first click of a player opens the new lobby; any later click is pointed
    to it (a lobby whose message never got out, Discord failing, is posted then)."""
    svc = flow.service(interaction)
    lang = flow.lang_of(interaction)
    user = interaction.user
    try:
        new, created = await svc.rematch.rematch(
            table, user.id, user.display_name, guild_id=interaction.guild_id
        )
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    if new.status == "lobby" and new.lobby_message_id is None and new.channel_id is not None:
        new = await post_rematch_lobby(interaction.client, new, table)
    link = render.lobby_link(new) or t(lang, "rematch.here")
    key = "rematch.done" if created else "rematch.exists"
    await respond.to(interaction).send(t(lang, key, id=new.id, link=link), ephemeral=True)


@ui.handles("page")
@flow.guarded
async def page_click(interaction: discord.Interaction, what: str, page: int) -> None:
    """Back or Next: the page computed afresh for whoever clicks (/tables: still an admin)."""
    svc = flow.service(interaction)
    lang = flow.lang_of(interaction)
    if what == "tables":
        if not is_admin(interaction):
            await flow.reply_error(interaction, m("tables.admin_only"))
            return
        pages = await tables_pages(svc, interaction.guild_id, lang)
        empty = "tables.none"
    else:
        pages = await games_pages(svc, interaction.user.id, lang)
        empty = "games.none"
    if not pages:
        await respond.to(interaction).edit(content=t(lang, empty), view=None)
        return
    await respond.to(interaction).edit(**{"view": None, **page_answer(what, pages, page, lang)})


class FindingCog(commands.Cog, name="Finding"):
    """/games, /tables, /watch, /unwatch."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def tables(self) -> TableService:
        return self.bot.tables

    @app_commands.command(name="games", description="Your open and running games, with links")
    async def games(self, interaction: discord.Interaction) -> None:
        """The caller's tables: where it is their turn first (the longest waiting first, "waiting
        2 days"), then the others; paged."""
        lang = flow.lang_of(interaction)
        pages = await games_pages(self.tables, interaction.user.id, lang)
        if not pages:
            await respond.to(interaction).send(t(lang, "games.none"), ephemeral=True)
            return
        await respond.to(interaction).send(ephemeral=True, **page_answer("games", pages, 0, lang))

    @app_commands.command(
        name="tables",
        description="Admins: every running table here, whom it waits for and since when",
    )
    @app_commands.guild_only()
    async def tables_here(self, interaction: discord.Interaction) -> None:
        """Every running table of this server (Manage Server only): whom it waits for, since
        when, a link to its thread; paged."""
        lang = flow.lang_of(interaction)
        if not is_admin(interaction):
            await flow.reply_error(interaction, m("tables.admin_only"))
            return
        pages = await tables_pages(self.tables, interaction.guild_id, lang)
        if not pages:
            await respond.to(interaction).send(t(lang, "tables.none"), ephemeral=True)
            return
        await respond.to(interaction).send(ephemeral=True, **page_answer("tables", pages, 0, lang))

    @app_commands.command(
        name="watch", description="Follow a table's public news, by your notification settings"
    )
    @app_commands.guild_only()
    @app_commands.describe(table="The table's number")
    async def watch(
        self, interaction: discord.Interaction, table: app_commands.Range[int, 1]
    ) -> None:
        """Follow a table of this server: its public news, never a hand."""
        try:
            game = await self.tables.watching.watch(
                table, interaction.user.id, guild_id=interaction.guild_id
            )
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        await respond.to(interaction).send(
            t(flow.lang_of(interaction), "watch.started", id=game.id), ephemeral=True
        )

    @app_commands.command(name="unwatch", description="Stop following a table's news")
    @app_commands.describe(table="The table's number")
    async def unwatch(
        self, interaction: discord.Interaction, table: app_commands.Range[int, 1]
    ) -> None:
        try:
            game = await self.tables.watching.unwatch(table, interaction.user.id)
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        await respond.to(interaction).send(
            t(flow.lang_of(interaction), "watch.stopped", id=game.id), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FindingCog(bot))
