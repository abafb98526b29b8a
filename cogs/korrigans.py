"""Korrigans on Discord: the /korrigans command group, built from its engine (see
``game_commands.game_cog``)."""

from .game_commands import setup_for

setup = setup_for("korrigans")
