"""Korrigans on Discord: the /korrigans command group."""
from discord.ext import commands

from .game_commands import GameCommands


class KorrigansCog(GameCommands, group_name="korrigans", group_description="Korrigans: your moves"):
    kind = "korrigans"
    summary = (
        "Move your two Korrigans across the map with the Companions you gather, keep one Clover"
        " token from each field you visit, and claim Menhirs. When the 7th rainbow colour "
        "appears, the Cauldron shows up: reach it in the final turn for 10 or 15 gold."
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(KorrigansCog(bot))
