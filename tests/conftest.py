"""Shared fixtures: a PostgreSQL server for the tests that run on both storage backends.

``TAVERN_TEST_PG`` (a ``postgresql://`` URL) names a running server; ``scripts/test.sh`` starts a
throwaway one and sets it. Without it, a throwaway server is started here for the session when
PostgreSQL's server programs are installed. Otherwise the PostgreSQL tests are skipped, with
the reason, except in CI (``CI`` set), where they fail: CI must test both backends.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests import pgserver

PG_ENV = "TAVERN_TEST_PG"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the PostgreSQL tests, but {reason}")
    pytest.skip(f"PostgreSQL tests skipped: {reason}. Run `bash scripts/test.sh` (it installs "
                f"and starts a server) or set {PG_ENV} to a server's URL.")


@pytest.fixture(scope="session")
def pg_server():
    """The URL of a PostgreSQL server for this test session."""
    url = os.environ.get(PG_ENV)
    if url:
        yield url
        return
    if pgserver.bin_dir() is None:
        _unavailable("PostgreSQL's server programs are not installed")
    folder = tempfile.mkdtemp(prefix="tavern-pg-", dir="/tmp")
    try:
        url = pgserver.start(folder)
    except Exception as exc:  # noqa: BLE001 - reported as the reason
        shutil.rmtree(folder, ignore_errors=True)
        _unavailable(f"a throwaway server could not be started ({exc})")
    try:
        yield url
    finally:
        pgserver.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


def pg_run(url: str, statement: str, *args, fetch: bool = False):
    """Run one SQL statement on its own connection (from sync or async code alike)."""
    import asyncpg

    async def go():
        conn = await asyncpg.connect(url)
        try:
            if fetch:
                return [tuple(r) for r in await conn.fetch(statement, *args)]
            return await conn.execute(statement, *args)
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:  # its own event loop, whoever calls
        return pool.submit(lambda: asyncio.run(go())).result()


@pytest.fixture
def pg_url(pg_server):
    """A URL of the test server whose tables live in a new, empty schema (dropped after)."""
    schema = "t_" + uuid.uuid4().hex[:12]
    pg_run(pg_server, f"CREATE SCHEMA {schema}")
    yield f"{pg_server}?search_path={schema}"
    pg_run(pg_server, f"DROP SCHEMA {schema} CASCADE")
