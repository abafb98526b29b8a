"""Korrigans on Discord: the /korrigans command group."""
from discord.ext import commands

from .game_commands import GameCommands


class KorrigansCog(GameCommands, group_name="korrigans",
                   group_description="Korrigans: moves, rules and cards"):
    kind = "korrigans"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(KorrigansCog(bot))
