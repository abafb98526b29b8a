"""Errors the table service raises. Every message is written for the player who caused it, as a
message id (``tables.words``) so that it is shown in that player's language (``error_text``)."""

from engines import GameError
from engines.words import Msg, render

QUOTE_LIMIT = 40


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Something a user typed, for an error message: at most a short prefix, quoted."""
    text = " ".join(str(text).split())
    return repr(text if len(text) <= limit else text[:limit] + "…")


def error_text(error: BaseException | Msg | str, lang: str | None = "en") -> str:
    """An error (or a message, or a text) for a reader of ``lang``: a message id is rendered
    in that language; an error raised with plain text is shown as it is."""
    if isinstance(error, BaseException):
        error = error.args[0] if len(error.args) == 1 else str(error)
    if isinstance(error, (Msg, str)):
        return render(error, lang)
    return str(error)


class TableError(GameError):
    """A lobby or table request that cannot be done; nothing was changed."""


class TableChanged(TableError):
    """The game changed (another process wrote it) between reading and storing; nothing was
    changed. ``base.on_latest`` tries the request again on the latest record."""


class StaleClick(TableError):
    """A button from an older board: the decision it offered is no longer the current one."""
