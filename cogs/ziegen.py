"""Herr der Ziegen on Discord: the /ziegen command group."""
from discord.ext import commands

from .game_commands import GameCommands


class ZiegenCog(GameCommands, group_name="ziegen",
                group_description="Herr der Ziegen: moves, rules and cards"):
    kind = "ziegen"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ZiegenCog(bot))
