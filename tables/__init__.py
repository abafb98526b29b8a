"""The table service: lobby, seats, turn flow, bots and reminders. No discord import here."""

from .base import ANYWHERE
from .errors import StaleClick, TableError, error_text, quote
from .outcome import Notice, Outcome, Reminder
from .service import TableService, fill_names

__all__ = [
    "ANYWHERE",
    "Notice",
    "Outcome",
    "Reminder",
    "StaleClick",
    "TableError",
    "TableService",
    "error_text",
    "fill_names",
    "quote",
]
