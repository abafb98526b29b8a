"""The per-game command group: ``/<game> move`` with autocomplete from the caller's legal moves.

A game's cog subclasses ``GameCommands`` with its group name; see ``cogs/ziegen.py``.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from engines import GameError

from . import flow

# An autocompleted move: "<action id>@<prompt version>", so that a repeated or out-of-date
# command is refused like a stale button (at most 64 + 1 + 20 characters, within Discord's 100).
TYPED_MOVE = re.compile(r"(?P<action>[a-z0-9:._-]{1,64})@(?P<token>-?\d{1,19})")


def split_typed(text: str) -> tuple[str, int | None]:
    """(action or label, prompt version or None) of what was sent as a move."""
    text = text.strip()
    match = TYPED_MOVE.fullmatch(text)
    return (match["action"], int(match["token"])) if match else (text, None)


class GameCommands(commands.GroupCog):
    kind = ""
    summary = ""  # two or three sentences for /<game> rules

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="move", description="Make a move (start typing to see your moves)")
    @app_commands.describe(action="Your move", table="Table number, if you play at several")
    async def move(self, interaction: discord.Interaction, action: str,
                   table: int | None = None) -> None:
        """Play one of your legal moves by its id or label."""
        try:
            game = await flow.resolve_game(interaction, table, self.kind)
            seat = self.bot.tables.seat_for(game, interaction.user.id)
        except GameError as exc:
            await flow.reply_error(interaction, str(exc))
            return
        typed, token = split_typed(action)
        choices = self.bot.tables.choices(game, seat)
        by_label = {label.lower(): a for a, label in choices}
        action = by_label.get(typed.lower(), typed)
        await flow.command_move(interaction, game, action, token)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        try:
            game = await flow.resolve_game(interaction,
                                           getattr(interaction.namespace, "table", None),
                                           self.kind)
            seat = self.bot.tables.seat_for(game, interaction.user.id)
        except GameError:
            return []
        typed = current.lower()
        token = game.seats[seat].prompt_version
        return [app_commands.Choice(name=label[:100], value=f"{action}@{token}")
                for action, label in self.bot.tables.choices(game, seat)
                if typed in label.lower() or typed in action][:25]

    @app_commands.command(name="rules", description="How to play, and this game's table options")
    async def rules(self, interaction: discord.Interaction) -> None:
        """A short summary of the game and its options, only to you."""
        engine = self.bot.tables.engine(self.kind)
        lines = [f"**{engine.title}** · {engine.min_players}-{engine.max_players} players"]
        if self.summary:
            lines.append(self.summary)
        for key, default in engine.options.items():
            lines.append(f"`{key}` (default `{default}`): {engine.option_help.get(key, '')}")
        lines.append("Open a table with /play, then use the buttons in your DMs, "
                     "**My hand** on the board, or this group's `move` command.")
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)
