"""The table service: lobby, seats, turn flow, bots, reminders. No discord here.

It is the one place where engines and storage meet. A front end (the Discord cogs, a test, a
benchmark) calls it and gets back records and ``Outcome``s saying what to tell whom.

Concurrency: every request that changes a game runs under that game's asyncio lock and is
stored with the version it read, so a double click or a request racing another process is
applied at most once. A button carries its seat's *prompt version* (the version at which that
seat's current decision began): a click from an older decision is refused as stale, while a
click made while other seats decide in parallel stays valid. Several processes may share one
PostgreSQL store, each handling any game: a request made on a cached record that another
process has changed since is refused by the database, read again and run again on the latest
record (``base.on_latest``); reminders and the start-up catch-up are claimed by one process.
"""

from __future__ import annotations

from .away import AwayMixin
from .base import DEFAULT_REMIND_AFTER, RECENT_LINES, fill_names
from .history import HistoryMixin
from .lobby import LobbyMixin
from .notices import NoticesMixin
from .settings import SettingsMixin
from .turns import TurnsMixin
from .undo import UndoMixin

__all__ = ["DEFAULT_REMIND_AFTER", "RECENT_LINES", "TableService", "fill_names"]


class TableService(
    HistoryMixin, AwayMixin, SettingsMixin, LobbyMixin, UndoMixin, TurnsMixin, NoticesMixin
):
    """Lobby (``lobby.py``), undo and confirmations (``undo.py``), turns (``turns.py``),
    reminders and notices (``notices.py``), over the shared lookups and caches of ``base.py``;
    history (``history.py``: commitments, exports, replays, results) first, as it wraps
    ``start`` and ``_advance``; then being away (``away.py``: wraps ``replace_with_bot``) and
    each player's settings (``settings.py``: wraps the reminder pass)."""
