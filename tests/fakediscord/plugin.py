"""The fake Discord's pytest fixtures: ``fake_discord`` (a started fake) and ``log_guard``
(every ERROR log record fails the test). Loaded for every test by ``tests/conftest.py``
(``pytest_plugins``); the helpers they use are in ``fixtures.py``, which needs no pytest."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio

from .fixtures import ErrorLogGuard


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[Any]:
    from .server import FakeDiscord

    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
def log_guard() -> Iterator[ErrorLogGuard]:
    guard = ErrorLogGuard().install()
    try:
        yield guard
    finally:
        guard.uninstall()
    if guard.records:
        pytest.fail(
            f"{len(guard.records)} ERROR log record(s):\n{guard.format_records()}", pytrace=False
        )
