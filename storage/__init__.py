"""Persistence: every game, its seats, snapshot and move log, in one SQLite file (the embedded
default) or in a PostgreSQL database shared by several bot processes (``Store.open``)."""

from .base import ACTIVE, NewerSchema, StaleVersion, Store, StoreUnavailable, described, redacted
from .migrations import MIGRATIONS
from .opening import open_store
from .records import GameRecord, MoveRecord, RatingRecord, ResultRecord, SeatRecord
from .settings import NOTIFY_MODES, OBVIOUS_MODES, UserSettings
from .store import SYNC_MODES

Store.opener = open_store

__all__ = [
    "ACTIVE",
    "GameRecord",
    "MIGRATIONS",
    "MoveRecord",
    "NewerSchema",
    "NOTIFY_MODES",
    "OBVIOUS_MODES",
    "RatingRecord",
    "ResultRecord",
    "SeatRecord",
    "StaleVersion",
    "Store",
    "StoreUnavailable",
    "SYNC_MODES",
    "UserSettings",
    "described",
    "open_store",
    "redacted",
]
