"""Errors the table service raises. Every message is written for the player who caused it."""
from engines import GameError


class TableError(GameError):
    """A lobby or table request that cannot be done; nothing was changed."""


class StaleClick(TableError):
    """A button from an older board: the decision it offered is no longer the current one."""
