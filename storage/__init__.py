"""Persistence: one SQLite file holding every game, its seats, snapshot and move log."""
from .history import RatingRecord, ResultRecord
from .migrations import MIGRATIONS
from .records import GameRecord, MoveRecord, SeatRecord
from .settings import NOTIFY_MODES, UserSettings
from .store import ACTIVE, SYNC_MODES, StaleVersion, Store

__all__ = ["ACTIVE", "GameRecord", "MIGRATIONS", "MoveRecord", "NOTIFY_MODES", "RatingRecord",
           "ResultRecord", "SeatRecord", "StaleVersion", "Store", "SYNC_MODES", "UserSettings"]
