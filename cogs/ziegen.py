"""Herr der Ziegen on Discord: the /ziegen command group, built from its engine (see
``game_commands.game_cog``)."""

from .game_commands import setup_for

setup = setup_for("ziegen")
