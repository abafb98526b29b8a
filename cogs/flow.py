"""What happens when a player clicks or types: shared by buttons and slash commands.

Every answer to the requester is one interaction response (ephemeral for anything private or
any error); everything else goes through the Messenger after that response.
"""
from __future__ import annotations

import functools
import logging

import discord

from engines import GameError
from storage import GameRecord
from tables import StaleClick, TableError, TableService
from tables.bots import DEFAULT_LEVEL

from . import render, ui
from .panels import private_panel


log = logging.getLogger("tavern.flow")
SORRY = ("Something went wrong on my side. Nothing you did was lost: look at the board, then "
         "try again.")


def guarded(handler):
    """An unexpected error still gets a friendly ephemeral answer (and a full log entry)."""
    @functools.wraps(handler)
    async def wrapper(interaction: discord.Interaction, *args, **kwargs):
        try:
            await handler(interaction, *args, **kwargs)
        except Exception:
            log.exception("%s failed", handler.__name__)
            try:
                await reply_error(interaction, SORRY)
            except discord.HTTPException:
                pass
    return wrapper


def service(interaction: discord.Interaction) -> TableService:
    return interaction.client.tables  # type: ignore[attr-defined]


def messenger(interaction: discord.Interaction):
    return interaction.client.messenger  # type: ignore[attr-defined]


async def reply_error(interaction: discord.Interaction, message: str, **extra) -> None:
    """A friendly, ephemeral explanation. Nothing was changed."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(message, ephemeral=True, **extra)


# --- the lobby -------------------------------------------------------------------------------------
@guarded
async def lobby_click(interaction: discord.Interaction, op: str, table: int) -> None:
    svc = service(interaction)
    user = interaction.user
    try:
        if op == "start":
            outcome = await svc.start(table, user.id, bots=False)
        elif op.startswith("bot"):
            level = op.partition("-")[2] or DEFAULT_LEVEL
            game = await svc.add_bot(table, user.id, level)
        else:
            game = await {
                "join": lambda: svc.join(table, user.id, user.display_name),
                "leave": lambda: svc.leave(table, user.id),
                "unbot": lambda: svc.remove_bot(table, user.id),
                "cancel": lambda: svc.cancel(table, user.id),
            }[op]()
    except GameError as exc:
        await reply_error(interaction, str(exc))
        return
    if op != "start":
        await interaction.response.edit_message(embed=render.lobby_embed(svc, game),
                                                view=ui.lobby_view(game.id, game.status))
        return
    game = outcome.game
    await interaction.response.edit_message(embed=render.lobby_embed(svc, game), view=None)
    post = messenger(interaction)
    try:
        game = await post.open_board(game, interaction.message)
    except discord.HTTPException:
        await reply_error(interaction, "The game has started, but I could not post its board "
                          "here: please give me the Send Messages, Create Public Threads and "
                          "Embed Links permissions. Meanwhile everyone can play with /hand and "
                          "see the board with /board.")
    await post.send_notices(game, outcome.notices)
    await play_bots(interaction.client, game.id)


async def play_bots(client, game_id: int) -> None:
    """The bots answer once the human was answered: each bot decision is thought out in a
    worker thread (other tables are served meanwhile), stored, then published."""
    svc, post = client.tables, client.messenger
    try:
        async for outcome in svc.bot_turns(game_id):
            try:
                await post.publish(outcome)
            except Exception:   # the move is stored; the next publish shows the board again
                log.exception("publishing a bot move at table %s failed", game_id)
    except GameError as exc:
        log.warning("bots at table %s stopped: %s", game_id, exc)


async def publish_then_bots(client, outcome) -> None:
    """Publish a stored human move, then let the bots answer it. The bots play even when
    publishing failed (the move is stored), else the table would wait for a restart."""
    try:
        await client.messenger.publish(outcome)
    finally:
        await play_bots(client, outcome.game.id)


# --- private panels and moves ----------------------------------------------------------------------
@guarded
async def show_hand(interaction: discord.Interaction, table: int) -> None:
    svc = service(interaction)
    try:
        game = await svc.game(table)
        seat = svc.seat_for(game, interaction.user.id)
        if game.status == "lobby":
            raise TableError("This table has not started yet.")
    except GameError as exc:
        await reply_error(interaction, str(exc))
        return
    panel = private_panel(svc, game, seat)
    await interaction.response.send_message(ephemeral=True, **_without_none(panel))
    await _seen(svc, game, seat)


async def _seen(svc: TableService, game: GameRecord, seat: int) -> None:
    """The player has their current controls in front of them: no turn DM is owed."""
    if seat in svc.to_act(game):
        await svc.mark_notified(game, seat)


def _without_none(panel: dict) -> dict:
    return {k: v for k, v in panel.items() if v is not None}


@guarded
async def click_move(interaction: discord.Interaction, table: int, token: int,
                     action: str) -> None:
    """A button or select from a private panel: apply, then update that panel in place."""
    svc = service(interaction)
    try:
        outcome = await svc.move(table, interaction.user.id, action, token, bots=False)
    except StaleClick as exc:  # only raised for a seated player: show their current panel
        game = await svc.game(table)
        panel = private_panel(svc, game, game.seat_of(interaction.user.id))
        panel.pop("content")
        await reply_error(interaction, str(exc), **_without_none(panel))
        return
    except GameError as exc:
        await reply_error(interaction, str(exc))
        return
    panel = private_panel(svc, outcome.game, outcome.mover_seat, outcome.mover_private)
    await interaction.response.edit_message(**panel)  # view None clears spent controls
    await _seen(svc, outcome.game, outcome.mover_seat)
    await publish_then_bots(interaction.client, outcome)


@guarded
async def command_move(interaction: discord.Interaction, game: GameRecord, action: str) -> None:
    """A move typed as a slash command: answer with the updated private panel, ephemerally."""
    svc = service(interaction)
    try:
        outcome = await svc.move(game.id, interaction.user.id, action, bots=False)
    except GameError as exc:
        await reply_error(interaction, str(exc))
        return
    panel = private_panel(svc, outcome.game, outcome.mover_seat, outcome.mover_private)
    await interaction.response.send_message(ephemeral=True, **_without_none(panel))
    await _seen(svc, outcome.game, outcome.mover_seat)
    await publish_then_bots(interaction.client, outcome)


# --- finding the table a command is about -----------------------------------------------------------
async def resolve_game(interaction: discord.Interaction, table: int | None,
                       kind: str | None = None, statuses=("running",),
                       host: bool = False) -> GameRecord:
    """The table named, else the one whose thread this is, else the caller's only one
    (with ``host``: the only one the caller hosts)."""
    svc = service(interaction)
    if table is not None:
        return await svc.game(table)
    channel_id = interaction.channel_id
    if channel_id is not None:
        here = [g for g in await svc.games_in_channel(channel_id)
                if g.thread_id == channel_id and (kind is None or g.kind == kind)]
        if here:
            return here[0]
    mine = [g for g in await svc.games_of_user(interaction.user.id, statuses)
            if (kind is None or g.kind == kind) and (not host or g.host_id == interaction.user.id)]
    if not mine:
        what = svc.engine(kind).title + " " if kind else ""
        raise TableError(f"You have no running {what}game. Open one with /play.")
    if len(mine) > 1:
        listed = ", ".join(f"#{g.id}" for g in mine[:10])
        raise TableError(f"You are at several tables ({listed}); pick one with the `table` "
                         "option, or use the command in the game's thread.")
    return mine[0]
