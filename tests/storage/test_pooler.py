"""The store behind a connection pooler in transaction mode: a real PgBouncer
(``pgbouncer_url``), where a server connection is a client's only for one transaction, so nothing
may be kept in a session between transactions."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from storage import Store, StoreUnavailable
from storage.postgres import connect_options


def test_the_statement_cache_size_is_taken_out_of_the_url():
    """asyncpg would send it to the server as a session setting, which no server knows."""
    url = "postgresql://tavern:pw@db:6432/tavern?search_path=s&statement_cache_size=0"
    assert connect_options(url) == (
        "postgresql://tavern:pw@db:6432/tavern?search_path=s",
        {"statement_cache_size": 0},
    )
    assert connect_options("postgresql://db/tavern?statement_cache_size=50") == (
        "postgresql://db/tavern",
        {"statement_cache_size": 50},
    )
    plain = "postgresql://db/tavern?search_path=s"
    assert connect_options(plain) == (plain, {})
    with pytest.raises(StoreUnavailable, match="statement_cache_size.*'off'"):
        connect_options("postgresql://db/tavern?statement_cache_size=off")


async def _busy(store: Store, tasks: int = 20, rounds: int = 15) -> None:
    """Many reads at once on the store's pool, so its connections' statements go through
    several of the pooler's server connections."""

    async def reads(i: int) -> None:
        for _ in range(rounds):
            await store.get_game(i)
            await store.due_games(1e9)
            await store.unnotified_games()
            await store.games_of_user(i)

    await asyncio.gather(*(reads(i) for i in range(tasks)))


async def test_with_the_statement_cache_off_every_statement_runs_through_the_pooler(
    pgbouncer_url,
):
    store = await Store.open(pgbouncer_url)  # ?statement_cache_size=0
    try:
        await _busy(store)
    finally:
        await store.close()
    # asyncpg's default: a statement prepared on one server connection is run on another,
    # where it does not exist (the failure the setting is for; this PgBouncer has no support
    # for prepared statements, as before 1.21)
    cached = await Store.open(urlunsplit(urlsplit(pgbouncer_url)._replace(query="")))
    try:
        with pytest.raises(
            (asyncpg.InvalidSQLStatementNameError, asyncpg.DuplicatePreparedStatementError)
        ):
            await _busy(cached)
    finally:
        await cached.close()
