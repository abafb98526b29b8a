"""Henchmania on Discord: the /henchmania command group."""
from discord.ext import commands

from .game_commands import GameCommands


class HenchmaniaCog(GameCommands, group_name="henchmania",
                    group_description="Henchmania: your moves"):
    kind = "henchmania"
    summary = (
        "Each day, place your Henchmen on the five sites to draw cards, then play them one at a"
        " time: tricks, performances, blessings and duels with the Glove. Points are scored at "
        "the end of each day; 30 points or the last day ends the game."
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HenchmaniaCog(bot))
