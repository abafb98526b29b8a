"""Der Herr der Wichtel on Discord: the /wichtel command group."""
from discord.ext import commands

from .game_commands import GameCommands


class WichtelCog(GameCommands, group_name="wichtel", group_description="Der Herr der Wichtel: your moves"):
    kind = "wichtel"
    summary = (
        "Build the best four-leprechaun retinue. Each move: call, exchange or enlist a "
        "leprechaun from the Village Square, bribing with event cards (bids are secret until "
        "revealed). Once the Wahlleiter is free, whoever receives a leprechaun may end the "
        "round; the first to 99 points wins."
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(WichtelCog(bot))
