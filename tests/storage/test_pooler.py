"""The store behind a connection pooler in transaction mode: a real PgBouncer
(``pgbouncer_url``), where a server connection is a client's only for one transaction, so nothing
may be kept in a session between transactions. The tests of several processes on one database
run through it too (``test_processes.py``)."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from storage import Store, StoreUnusable
from storage.postgres import connect_options
from tests.conftest import pg_run

ROOT = Path(__file__).resolve().parents[2]


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
    with pytest.raises(StoreUnusable, match="statement_cache_size.*'off'"):
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


async def test_exclusive_work_goes_to_one_client_of_the_pooler_at_a_time(pgbouncer_url):
    one = await Store.open(pgbouncer_url)
    two = await Store.open(pgbouncer_url)
    try:
        async with one.exclusive("catch-up") as first:
            assert first is True
            for _ in range(5):  # the server connections pass from client to client meanwhile
                await _busy(two, tasks=5, rounds=2)
                async with two.exclusive("catch-up") as second:
                    assert second is False
                async with one.exclusive("catch-up") as again:  # one claim, also in its store
                    assert again is False
            async with two.exclusive("reminders") as other:  # another name is another claim
                assert other is True
        for store in (two, one, two):  # released when the first one was done, for everyone
            async with store.exclusive("catch-up") as mine:
                assert mine is True
    finally:
        await one.close()
        await two.close()


async def test_a_long_claim_outlives_the_servers_idle_transaction_timeout(
    pgbouncer_server, pgbouncer_url
):
    """A host may have the server end idle transactions; the work done under a claim (sending
    the missed turn DMs) may take longer than that: the claim's transaction is exempt."""
    database = urlsplit(pgbouncer_url).path.lstrip("/")
    pg_run(
        pgbouncer_server,
        f"ALTER DATABASE {database} SET idle_in_transaction_session_timeout = '100ms'",
    )
    one = await Store.open(pgbouncer_url)
    two = await Store.open(pgbouncer_url)
    try:
        async with one.exclusive("catch-up") as first:
            await asyncio.sleep(0.5)
            async with two.exclusive("catch-up") as second:
                assert (first, second) == (True, False)
        async with two.exclusive("catch-up") as again:
            assert again is True
    finally:
        await one.close()
        await two.close()


HOLD = """
import asyncio, sys
from storage import Store

async def main():
    store = await Store.open(sys.argv[1])
    async with store.exclusive("catch-up") as mine:
        print(mine, flush=True)
        await asyncio.sleep(600)

asyncio.run(main())
"""


async def test_a_claim_through_the_pooler_ends_with_its_process(pgbouncer_url):
    """A process killed while it holds the claim: the pooler sees its client leave in the
    middle of a transaction and ends it, so the claim is free again."""
    store = await Store.open(pgbouncer_url)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLD, pgbouncer_url, cwd=ROOT, stdout=asyncio.subprocess.PIPE
    )
    try:
        assert (await asyncio.wait_for(proc.stdout.readline(), 60)).strip() == b"True"
        async with store.exclusive("catch-up") as mine:
            assert mine is False
        proc.kill()  # SIGKILL: no clean-up of any kind
        await proc.wait()
        deadline = time.monotonic() + 10
        while True:
            async with store.exclusive("catch-up") as mine:
                if mine:
                    break
            assert time.monotonic() < deadline, "the claim outlived its process"
            await asyncio.sleep(0.05)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await store.close()
