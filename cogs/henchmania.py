"""Henchmania on Discord: the /henchmania command group."""
from discord.ext import commands

from .game_commands import GameCommands


class HenchmaniaCog(GameCommands, group_name="henchmania",
                    group_description="Henchmania: moves, rules and cards"):
    kind = "henchmania"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HenchmaniaCog(bot))
