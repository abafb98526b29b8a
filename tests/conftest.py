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

The fake Discord's own fixtures (``fake_discord``, ``log_guard``) live in
``tests/fakediscord/fixtures.py`` and are loaded for every test by ``pytest_plugins`` below.
"""
from __future__ import annotations

import pytest

from storage import Store
from tables import TableService
from tests.engines.dice import Dice
from tests.toy import TOY

pytest_plugins = ["tests.fakediscord.fixtures"]


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

    async def open_(name: str = "t.db", *, registry=None, synchronous: str = "full",
                    **kwargs) -> TableService:
        store = await Store.open(str(tmp_path / name), synchronous=synchronous)
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
