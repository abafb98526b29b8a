"""Fixtures shared by the whole test suite.

- ``clock``: a clock the test moves by hand (``clock.now += 3600``); the service, the bot and
  the reminders read it instead of the wall clock.
- ``store``: a store on a fresh SQLite file in the test's tmp folder, closed after the test.
- ``open_service``: ``await open_service(...)`` opens a table service on a fresh SQLite file in
  the test's tmp folder (the toy game, a fixed seed, the ``clock``); every store it opened is
  closed after the test. ``service`` is the default one.
- ``make_bot``: the real Tavern bot on a SQLite file, ready to run against the fake Discord
  (``tests/e2e/harness.py``; e2e tests that need no fixture call ``harness.make_bot`` directly).
- ``dice``: the one way to fix dice in engine tests (``tests/engines/dice.py``).
- ``pg_server`` / ``pg_url``: a PostgreSQL server for the tests that run on both storage
  backends (``tests/storage/conftest.py``'s ``backend``), and a fresh schema on it.
  ``TAVERN_TEST_PG`` (a ``postgresql://`` URL) names a running server; ``scripts/test.sh``
  starts a throwaway one and sets it. Without it, a throwaway server is started here for the
  session when PostgreSQL's server programs are installed. Otherwise the PostgreSQL tests are
  skipped, with the reason, except in CI (``CI`` set), where they fail: CI must test both
  backends. Under pytest-xdist (``scripts/test.sh``) every worker is a session of its own: they
  share the ``TAVERN_TEST_PG`` server (each test has its own schema; the store's advisory locks
  are named within the schema), or each starts its own throwaway server without it.
- ``pgbouncer_server`` / ``pgbouncer_url``: a PgBouncer in transaction pooling mode in front of
  a PostgreSQL server, and a fresh database reached through it (PgBouncer refuses
  ``search_path`` in the URL, so a database rather than a schema), with asyncpg's statement
  cache off (``?statement_cache_size=0``). ``TAVERN_TEST_PGBOUNCER`` names a running one
  (``scripts/test.sh`` starts one); without it, one is started for the session in front of
  ``pg_server`` when PgBouncer is installed. Otherwise its tests are skipped, or fail in CI.

The fake Discord's own fixtures (``fake_discord``, ``log_guard``) live in
``tests/fakediscord/plugin.py`` and are loaded for every test by ``pytest_plugins`` below.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from storage import Store
from tables import TableService
from tables.turns import Turns
from tests import pgserver
from tests.engines.dice import Dice
from tests.toy import TOY

pytest_plugins = ["tests.fakediscord.plugin"]

# Bots answer at once in tests (their fixed pace is tested where it is the point): for services
# made here and for bots built by ``create_bot``, in this process and the ones it starts.
os.environ.setdefault("TAVERN_BOT_PACE", "0")
Turns.bot_pace = 0.0

PG_ENV = "TAVERN_TEST_PG"
PGBOUNCER_ENV = "TAVERN_TEST_PGBOUNCER"


class Clock:
    """Seconds since the epoch, as the test sets them."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path):
    """A store on a fresh SQLite file (``tmp_path / "t.db"``), closed after the test."""
    opened = await Store.open(str(tmp_path / "t.db"))
    yield opened
    await opened.close()


@pytest.fixture
async def open_service(tmp_path, clock):
    stores: list[Store] = []

    async def open_(
        name: str = "t.db", *, registry=None, synchronous: str = "full", **kwargs
    ) -> TableService:
        target = name if "://" in name else str(tmp_path / name)
        store = await Store.open(target, synchronous=synchronous)
        stores.append(store)
        kwargs.setdefault("seed_source", lambda: 7)
        kwargs.setdefault("clock", clock)
        kwargs.setdefault("remind_after", 3600)
        return TableService(store, registry=registry or {"toy": TOY}, **kwargs)

    yield open_
    for store in stores:
        await store.close()


@pytest.fixture
async def service(open_service) -> TableService:
    return await open_service()


@pytest.fixture
def make_bot(tmp_path):
    """``make_bot(seed=3, clock=clock, remind_after=3600.0)``: the bot on ``tmp_path / "t.db"``
    (random table seeds unless ``seed``); call it again for a restart on the same file."""
    from tests.e2e.harness import make_bot as _make_bot  # after the fake Discord's plugin loads

    def make(seed: int | None = None, *, db: str | None = None, **kwargs):
        return _make_bot(db or str(tmp_path / "t.db"), seed, **kwargs)

    return make


@pytest.fixture
def dice(monkeypatch):
    fixed = Dice(monkeypatch)
    yield fixed
    fixed.check()


# --- PostgreSQL ------------------------------------------------------------------------------
def _unavailable(reason: str, what: str = "PostgreSQL", env: str = PG_ENV) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the {what} tests, but {reason}")
    pytest.skip(
        f"{what} tests skipped: {reason}. Run `bash scripts/test.sh` (it installs "
        f"and starts a server) or set {env} to a server's URL."
    )


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


@pytest.fixture(scope="session")
def pgbouncer_server(request):
    """The URL of a PgBouncer in transaction pooling mode for this test session."""
    url = os.environ.get(PGBOUNCER_ENV)
    if url:
        yield url
        return
    if pgserver.bouncer_bin() is None:
        _unavailable("PgBouncer is not installed", "PgBouncer", PGBOUNCER_ENV)
    server = request.getfixturevalue("pg_server")
    folder = tempfile.mkdtemp(prefix="tavern-pgbouncer-", dir="/tmp")
    try:
        url = pgserver.start_bouncer(folder, server)
    except Exception as exc:  # noqa: BLE001 - reported as the reason
        pgserver.stop_bouncer(folder)
        shutil.rmtree(folder, ignore_errors=True)
        _unavailable(f"PgBouncer could not be started ({exc})", "PgBouncer", PGBOUNCER_ENV)
    try:
        yield url
    finally:
        pgserver.stop_bouncer(folder)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pgbouncer_url(pgbouncer_server):
    """A URL, through the PgBouncer, of a new, empty database (dropped after), with asyncpg's
    statement cache off, as a host behind such a pooler sets it."""
    from urllib.parse import urlsplit, urlunsplit

    name = "t_" + uuid.uuid4().hex[:12]
    pg_run(pgbouncer_server, f"CREATE DATABASE {name}")
    parts = urlsplit(pgbouncer_server)
    yield urlunsplit(parts._replace(path=f"/{name}", query="statement_cache_size=0"))
    pg_run(pgbouncer_server, f"DROP DATABASE {name} WITH (FORCE)")
