"""The board message in a game's thread: a picture of the public board with a short summary, and
the same board in words for screen readers ("Text board", ephemeral).

The picture is drawn from the spectator view only (``pictures``), in a worker thread
(``asyncio.to_thread``) so the event loop keeps serving clicks, and outside the table's lock (the
state it shows is already stored). If a picture cannot be drawn the board falls back to the text
embed: a board in words is better than no board.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass

import discord

import pictures
from engines import GameError
from storage import GameRecord
from tables import TableError, TableService
from tables.words import m

from . import flow, render, respond, ui
from .drawn import render_picture, with_picture

__all__ = ["BoardMessage", "board_message", "render_picture", "with_picture"]

log = logging.getLogger("tavern.board")


@dataclass
class BoardMessage:
    """What the board message shows; ``send_kwargs``/``edit_kwargs`` build fresh files each
    call (an upload's file object is spent once sent)."""

    embed: discord.Embed
    view: discord.ui.View | None
    png: bytes | None
    alt: str = ""
    away: list[str] | None = None  # who is away (issue 15), shown under the board
    lang: str = "en"
    clock: list[str] | None = None  # the table's clock and each seat's time (issue 26)

    def without_picture(self, service: TableService, game: GameRecord) -> BoardMessage:
        """The board in words only (where the bot may not attach files)."""
        embed = render.add_away(render.board_embed(service, game, self.lang), self.away, self.lang)
        return BoardMessage(
            render.add_clock(embed, self.clock, self.lang),
            self.view,
            None,
            away=self.away,
            lang=self.lang,
            clock=self.clock,
        )

    def _files(self) -> list[discord.File]:
        if self.png is None:
            return []
        return [
            discord.File(io.BytesIO(self.png), filename=pictures.FILENAME, description=self.alt)
        ]

    def send_kwargs(self) -> dict:
        return dict(embed=self.embed, view=self.view, files=self._files())

    def edit_kwargs(self) -> dict:
        # attachments= replaces the old picture in the same edit (an empty list drops it)
        return dict(embed=self.embed, view=self.view, attachments=self._files())


async def board_message(service: TableService, game: GameRecord) -> BoardMessage:
    """The board in the table's language (it is public)."""
    lang = await service.table_lang(game)
    drawn = await render_picture(service, game, lang)
    buttons = ui.board_view(game.id, game.status, lang)
    away = await service.away.away_lines(game, lang)
    clock = await service.clocks.board_lines(game, lang)
    if drawn is None:
        embed = render.add_away(render.board_embed(service, game, lang), away, lang)
        return BoardMessage(
            render.add_clock(embed, clock, lang),
            buttons,
            None,
            away=away,
            lang=lang,
            clock=clock,
        )
    view, png = drawn
    embed = render.board_summary_embed(service, game, view, pictures.FILENAME, lang)
    return BoardMessage(
        render.add_clock(render.add_away(embed, away, lang), clock, lang),
        buttons,
        png,
        render.picture_alt_text(service, game, lang),
        away=away,
        lang=lang,
        clock=clock,
    )


@ui.handles("text_board")
@flow.guarded
async def show_text_board(interaction: discord.Interaction, table: int) -> None:
    """The whole public board in words, only to the one who asked (anyone where the table is:
    in its server, or in DMs a player of it)."""
    svc = flow.service(interaction)
    try:
        game = await svc.table_at(
            table, user_id=interaction.user.id, guild_id=interaction.guild_id, latest=True
        )
        if game.state is None:
            raise TableError(m("err.not_started"))
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    await respond.to(interaction).send(
        embed=render.board_embed(svc, game, flow.lang_of(interaction)), ephemeral=True
    )
