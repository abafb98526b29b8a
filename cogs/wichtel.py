"""Der Herr der Wichtel on Discord: the /wichtel command group."""
from discord.ext import commands

from .game_commands import GameCommands


class WichtelCog(GameCommands, group_name="wichtel", group_description="Der Herr der Wichtel: your moves"):
    kind = "wichtel"
    summary = (
        "Build the best four-leprechaun retinue. Each move: the leprechauns walk, then you "
        "call, exchange or enlist a leprechaun from the Village Square; the others may bribe "
        "with event cards laid face down (in turn, or all at once with the option "
        "bribes=together) and revealed together. Once the Wahlleiter is free, whoever receives "
        "a leprechaun may end the round; the first to 99 points wins."
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WichtelCog(bot))
