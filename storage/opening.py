"""Which backend a store opens: ``Store.open(target)`` (``base.py``) calls ``open_store``.

A module above both backends (they import ``base.py``, so the choice cannot live there).
asyncpg is imported only when a PostgreSQL URL is opened.
"""

from __future__ import annotations

from .base import URL_SCHEMES, Store
from .store import SqliteStore


async def open_store(target: str, *, synchronous: str = "full") -> Store:
    """A SQLite file path, or a ``postgresql://`` URL (see ``Store.open``)."""
    if target.startswith(URL_SCHEMES):
        from .postgres import PgStore

        return await PgStore.connect(target)
    return await SqliteStore.connect(target, synchronous=synchronous)
