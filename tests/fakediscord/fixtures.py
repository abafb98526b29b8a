"""Test helpers: ERROR-log guard and bot runner (no pytest here: ``python -m bench`` drives
the fake Discord without it; the pytest fixtures are in ``plugin.py``).

discord.py only *logs* exceptions raised in event handlers, command callbacks, views and tasks, so a
broken handler does not fail a test by itself.  Wrap the test in `error_log_guard()` (or use the
`log_guard` fixture) to turn every ERROR record from the watched loggers into a test failure.

The fixtures ``fake_discord`` and ``log_guard`` (``plugin.py``) reach every test through
``tests/conftest.py`` (``pytest_plugins``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

from .idle import bot_context
from .model import FakeDiscordError

DEFAULT_LOGGERS = ("discord", "tavern", "bot", "engines", "asyncio", "fakediscord")


class ErrorLogGuard(logging.Handler):
    """Collects ERROR-and-above records from the given loggers (and their children)."""

    def __init__(self, names: Iterable[str] = DEFAULT_LOGGERS, level: int = logging.ERROR):
        super().__init__(level)
        self.names = tuple(names)
        self.records: list[logging.LogRecord] = []
        self._loggers: list[logging.Logger] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def install(self) -> ErrorLogGuard:
        for name in self.names:
            lg = logging.getLogger(name)
            lg.addHandler(self)
            self._loggers.append(lg)
        return self

    def uninstall(self) -> None:
        for lg in self._loggers:
            lg.removeHandler(self)
        self._loggers.clear()

    def clear(self) -> None:
        self.records.clear()

    def format_records(self) -> str:
        fmt = logging.Formatter("%(levelname)s %(name)s: %(message)s")
        return "\n".join(fmt.format(r) for r in self.records)

    def check(self) -> None:
        if self.records:
            raise AssertionError(
                f"{len(self.records)} ERROR log record(s) from the bot:\n{self.format_records()}"
            )


@contextlib.contextmanager
def error_log_guard(*names: str) -> Iterator[ErrorLogGuard]:
    """``with error_log_guard() as guard: ...`` fails at exit if an ERROR was logged.
    Call ``guard.clear()`` after an expected error."""
    guard = ErrorLogGuard(names or DEFAULT_LOGGERS).install()
    try:
        yield guard
    finally:
        guard.uninstall()
    guard.check()


class BotRunner:
    """Runs ``bot.start(token)`` in a task; see `run_bot`."""

    def __init__(self, bot: Any, token: str = "fake-token"):
        self.bot = bot
        self.token = token
        self.task: asyncio.Task | None = None

    async def start(
        self, fake: Any = None, *, commands: bool = False, timeout: float = 10.0
    ) -> None:
        # in a context of its own, marked: the fake knows the bot's tasks by it (idle.py)
        self.task = asyncio.create_task(
            self.bot.start(self.token), name="fake-bot", context=bot_context()
        )
        if fake is None:
            return
        ready = asyncio.create_task(fake.wait_ready(commands=commands, timeout=timeout))
        done, _ = await asyncio.wait({ready, self.task}, return_when=asyncio.FIRST_COMPLETED)
        if self.task in done:
            ready.cancel()
            exc = self.task.exception()
            raise FakeDiscordError(f"bot stopped during start-up: {exc!r}") from exc
        ready.result()

    async def stop(self) -> None:
        if self.task is None:
            return
        await self.bot.close()
        try:
            await asyncio.wait_for(self.task, 5)
        except asyncio.CancelledError:
            pass
        self.task = None


@contextlib.asynccontextmanager
async def run_bot(
    bot: Any, fake: Any = None, *, token: str = "fake-token", commands: bool = False
) -> AsyncIterator[BotRunner]:
    """``async with run_bot(bot, fake, commands=True): ...`` starts the bot, waits until it is
    ready on the fake (and has synced its commands), and closes it at the end; then fails if the
    bot sent a request body real Discord refuses (``fake.contract_violations``), even one whose
    400 the bot swallowed."""
    runner = BotRunner(bot, token)
    await runner.start(fake, commands=commands)
    try:
        yield runner
    finally:
        await runner.stop()
    if fake is not None:
        fake.check_contract()
