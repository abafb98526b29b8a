"""Persistence: every game, its seats, snapshot and move log, in one SQLite file (the embedded
default) or in a PostgreSQL database shared by several bot processes (``Store.open``)."""

from .base import (
    ACTIVE,
    Bucket,
    StaleVersion,
    Store,
    StoreUnavailable,
    StoreUnusable,
    counting,
    described,
    redacted,
    store_failed,
    written,
)
from .clocks import TIMEOUTS, VOTE_KINDS, SeatClock, TableClock, VoteRecord
from .migrations import MIGRATIONS
from .opening import check_store, open_store
from .records import GameRecord, MoveRecord, RatingRecord, ResultRecord, SeatRecord
from .settings import NOTIFY_MODES, OBVIOUS_MODES, UserSettings
from .store import SYNC_MODES

Store.opener = open_store

__all__ = [
    "ACTIVE",
    "Bucket",
    "GameRecord",
    "MIGRATIONS",
    "MoveRecord",
    "NOTIFY_MODES",
    "OBVIOUS_MODES",
    "RatingRecord",
    "ResultRecord",
    "SeatClock",
    "SeatRecord",
    "StaleVersion",
    "Store",
    "StoreUnavailable",
    "StoreUnusable",
    "SYNC_MODES",
    "TIMEOUTS",
    "TableClock",
    "VOTE_KINDS",
    "VoteRecord",
    "UserSettings",
    "check_store",
    "counting",
    "described",
    "open_store",
    "redacted",
    "store_failed",
    "written",
]
