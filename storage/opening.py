"""Which backend a store opens: ``Store.open(target)`` (``base.py``) calls ``open_store``.

A module above both backends (they import ``base.py``, so the choice cannot live there).
asyncpg is imported only when a PostgreSQL URL is opened. A target that cannot be used is
refused with ``StoreUnusable`` naming why, before anything is opened: a malformed URL here
(``backend``), a file ``store.inspect`` refuses, a PostgreSQL schema ``postgres.migrate``
refuses. ``check_store`` finds the same without creating or changing anything.
"""

from __future__ import annotations

import asyncio
import re

from .base import URL_SCHEMES, Store, StoreUnusable, described
from .store import SqliteStore, inspect

URL_FORM = "postgresql://user:password@host:5432/database"


def backend(target: str) -> str:
    """ "postgresql" for a ``postgresql://`` URL, "sqlite" for a file path; ``StoreUnusable``
    for a URL that is malformed (what it says never contains the password) or of a kind Tavern
    cannot use."""
    if target.startswith(URL_SCHEMES):
        _check_url(target)
        return "postgresql"
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", target)
    if scheme and scheme[1].lower() in ("postgresql", "postgres"):
        raise StoreUnusable(
            "(a PostgreSQL URL)",
            f"it starts with {scheme[0]} but not {scheme[1].lower()}:// (two slashes), so it is "
            "not a URL PostgreSQL understands",
            f"Write TAVERN_DB as {URL_FORM}",
        )
    if scheme and target[scheme.end() :].startswith("//"):
        raise StoreUnusable(
            f"(a {scheme[1]}:// URL)",
            f"Tavern cannot use a {scheme[1]}:// database",
            f"Set TAVERN_DB to a SQLite file path, or to a URL like {URL_FORM}",
        )
    return "sqlite"


def _check_url(target: str) -> None:
    """What asyncpg would misread: an ``@``, ``/``, ``?`` or ``#`` left as it is in the user or
    the password (``p@ss@host`` reads as the host ``ss@host``), a port that is not a number."""
    rest = target.partition("://")[2]
    userinfo, at, hosts = rest.rpartition("@")
    if at:
        if "@" in userinfo:
            raise StoreUnusable(
                described(target),  # the host after the last @: as the host meant it
                "its user or password contains an @, so what follows it is read as the host",
                "Percent-encode the @ as %40 in TAVERN_DB (e.g. a password p@ss is written p%40ss)",
            )
        odd = [c for c in "/?#" if c in userinfo]
        if odd:
            raise StoreUnusable(
                "(a PostgreSQL URL)",  # read as a URL, part of the password is the host
                f"its user or password contains {' and '.join(odd)}, which ends the host part",
                "Percent-encode it in TAVERN_DB (/ as %2F, ? as %3F, # as %23)",
            )
    hosts = re.split(r"[/?#]", hosts, maxsplit=1)[0]
    for host in hosts.split(","):
        port = host.rpartition("]")[2] if host.startswith("[") else host
        port = port.partition(":")[2]
        if port and not (port.isascii() and port.isdigit() and 0 < int(port) < 65536):
            raise StoreUnusable(
                described(target),
                f"its port {port!r} is not a port number",
                f"Write TAVERN_DB as {URL_FORM} (the port a number, 5432 by default)",
            )


async def open_store(target: str, *, synchronous: str = "full") -> Store:
    """A SQLite file path, or a ``postgresql://`` URL (see ``Store.open``)."""
    if backend(target) == "postgresql":
        from .postgres import PgStore

        return await PgStore.connect(target)
    return await SqliteStore.connect(target, synchronous=synchronous)


async def check_store(target: str) -> None:
    """Raise what opening ``target`` would (``StoreUnusable``, or ``StoreUnavailable`` for a
    PostgreSQL server that cannot be reached), without creating or changing anything: a SQLite
    file that does not exist yet is not created, a PostgreSQL database is not migrated."""
    if backend(target) == "postgresql":
        from .postgres import PgStore

        await PgStore.inspect(target)
        return
    await asyncio.to_thread(inspect, target, create=False)
