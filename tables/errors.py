"""Errors the table service raises. Every message is written for the player who caused it."""
from engines import GameError

QUOTE_LIMIT = 40


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Something a user typed, for an error message: at most a short prefix, quoted."""
    text = " ".join(str(text).split())
    return repr(text if len(text) <= limit else text[:limit] + "…")


class TableError(GameError):
    """A lobby or table request that cannot be done; nothing was changed."""


class TableChanged(TableError):
    """The game changed (another process wrote it) between reading and storing; nothing was
    changed. ``base.on_latest`` tries the request again on the latest record."""


class StaleClick(TableError):
    """A button from an older board: the decision it offered is no longer the current one."""
