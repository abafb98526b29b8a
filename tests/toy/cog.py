"""Secret Nim on Discord: the /toy command group, built from its engine (as ``cogs/<game>.py``)."""

from cogs.game_commands import setup_for

setup = setup_for("toy")
