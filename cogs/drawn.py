"""The board picture drawn for an answer: from the spectator view only (``pictures``), in a worker
thread (``asyncio.to_thread``) so the event loop keeps serving clicks. Used by the board message
(``board``), /board and the My hand answer (``flow``); imports neither, so both may use it.
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord

import pictures
from storage import GameRecord
from tables import TableService

from . import render

log = logging.getLogger("tavern.board")


async def render_picture(
    service: TableService, game: GameRecord, lang: str = "en"
) -> tuple[dict, bytes] | None:
    """(spectator view, PNG with its words in ``lang``) of a started game, or None (no picture
    for it, or drawing failed)."""
    if game.state is None or not pictures.supports(game.kind):
        return None
    view = service.view(game, None)  # the spectator's view: nothing hidden goes in
    try:
        png = await asyncio.to_thread(pictures.picture, game.kind, view, service.names(game), lang)
    except Exception:
        log.exception("could not draw the board of table %s", game.id)
        return None
    return view, png


async def with_picture(
    service: TableService, game: GameRecord, answer: dict, lang: str = "en"
) -> dict:
    """An ephemeral answer (``send`` keywords with an ``embed``: /board's board in words, the
    My hand panel) with the board picture attached and shown in its embed, drawn from the
    spectator view in a worker thread; the answer as it was when there is no picture."""
    drawn = await render_picture(service, game, lang)
    embed = answer.get("embed")
    if drawn is None or embed is None:
        return answer
    embed.set_image(url=f"attachment://{pictures.FILENAME}")
    picture = discord.File(
        io.BytesIO(drawn[1]),
        filename=pictures.FILENAME,
        description=render.picture_alt_text(service, game, lang),
    )
    return {**answer, "files": [picture]}
