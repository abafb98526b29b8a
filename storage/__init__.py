"""Persistence: every game, its seats, snapshot and move log, in one SQLite file (the embedded
default) or in a PostgreSQL database shared by several bot processes (``Store.open``)."""
from .base import ACTIVE, StaleVersion, Store, StoreUnavailable, redacted
from .migrations import MIGRATIONS
from .pg_migrations import PG_MIGRATIONS
from .records import GameRecord, MoveRecord, SeatRecord
from .store import SYNC_MODES

__all__ = ["ACTIVE", "GameRecord", "MIGRATIONS", "MoveRecord", "PG_MIGRATIONS", "SeatRecord",
           "StaleVersion", "Store", "StoreUnavailable", "SYNC_MODES", "redacted"]
