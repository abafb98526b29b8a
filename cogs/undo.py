"""Undo and the confirmation's Cancel: ``/undo``, the panel's Undo button and Cancel.

The table service decides what may be taken back (``tables/undo.py``); this module only answers
the player (ephemerally, or by repainting the panel the click came from) and publishes the
news through the Messenger, as a move does (``flow``)."""

from __future__ import annotations

import discord

from engines import GameError
from tables import StaleClick
from tables.words import t

from . import flow, respond, ui

UNDONE = "undo.done"  # the answer to an undo, in the player's language


@ui.handles("undo")
@flow.guarded
async def click_undo(interaction: discord.Interaction, table: int, version: int) -> None:
    """The Undo button of a private panel: take back, then repaint that panel in place."""
    svc = flow.service(interaction)
    try:
        outcome = await svc.undo.undo(
            table, interaction.user.id, version, guild_id=interaction.guild_id
        )
    except StaleClick as exc:
        await flow._stale(interaction, table, exc)
        return
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    lang = flow.lang_of(interaction)
    panel = await flow.panel_of(svc, outcome.game, outcome.mover_seat, lang=lang)
    panel["content"] = "\n".join(filter(None, [t(lang, UNDONE), panel["content"]]))
    await respond.to(interaction).edit(**panel)
    await flow._seen(svc, outcome.game, outcome.mover_seat)
    shown_in = interaction.message.id if interaction.message else None
    await flow.messenger(interaction).publish(outcome, shown_in=shown_in)


@flow.guarded
async def command_undo(interaction: discord.Interaction, table: int | None) -> None:
    """``/undo``: take back the caller's last decision; answer with their panel, ephemerally."""
    svc = flow.service(interaction)
    try:
        game = await flow.resolve_game(interaction, table)
        outcome = await svc.undo.undo(game.id, interaction.user.id, guild_id=interaction.guild_id)
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    lang = flow.lang_of(interaction)
    panel = await flow.panel_of(svc, outcome.game, outcome.mover_seat, lang=lang)
    panel["content"] = "\n".join(filter(None, [t(lang, UNDONE), panel["content"]]))
    await respond.to(interaction).send(ephemeral=True, **flow._without_none(panel))
    await flow._seen(svc, outcome.game, outcome.mover_seat)
    await flow.messenger(interaction).publish(outcome)


@ui.handles("cancel")
@flow.guarded
async def click_cancel(interaction: discord.Interaction, table: int) -> None:
    """Cancel on a confirmation: nothing is played; the panel shows the choices again."""
    svc = flow.service(interaction)
    try:
        game = await svc.table_at(table, user_id=interaction.user.id, guild_id=interaction.guild_id)
        seat = svc.seat_for(game, interaction.user.id)
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    await respond.to(interaction).edit(
        **await flow.panel_of(svc, game, seat, lang=flow.lang_of(interaction))
    )
