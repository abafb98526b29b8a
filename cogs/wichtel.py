"""Der Herr der Wichtel on Discord: the /wichtel command group."""
from discord.ext import commands

from .game_commands import GameCommands


class WichtelCog(GameCommands, group_name="wichtel",
                 group_description="Der Herr der Wichtel: moves, rules and cards"):
    kind = "wichtel"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WichtelCog(bot))
