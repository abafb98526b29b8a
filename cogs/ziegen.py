"""Herr der Ziegen on Discord: the /ziegen command group."""
from discord.ext import commands

from .game_commands import GameCommands


class ZiegenCog(GameCommands, group_name="ziegen", group_description="Herr der Ziegen: your moves"):
    kind = "ziegen"
    summary = (
        "Play a card, move your large goat around the pasture by its value, take a card from "
        "the row or column beside it. Score a set with 8+ points or the 4th card played; dogs "
        "drive your claimed goats toward your pen, where they count double. Most milk shakes "
        "earns a bonus."
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ZiegenCog(bot))
