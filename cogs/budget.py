"""The bot's share of Discord's global rate limit (issue 25), one budget for all its processes.

Discord lets a bot make 50 requests a second in all, whatever the number of its processes
(docs: Topics > Rate Limits > Global Rate Limit); beyond that a request gets a global 429 and
every request of the bot must wait. Interaction endpoints are not bound to it (docs:
Interactions > Receiving and Responding > Endpoints): an interaction's callback and its webhook
(the original response, follow-ups), so answering a click or a command never waits here
(``counted``). Every other REST request waits for a token of one bucket,
``Store.take_budget(BUCKET, ...)``: in the database the bot's processes share (PostgreSQL), or
in memory (SQLite: one process). It refills at ``TAVERN_RATE`` tokens a second (``RATE``: room
below Discord's 50 for requests that reach it closer together than they were sent) and holds
``BURST`` at most, so no second sees more than ``BURST + rate`` requests.

A process takes up to ``BATCH`` tokens in one round trip, one per request of its own waiting;
the bucket says when each may be used (at once, or promised for a later moment) and each
request sleeps until its moment. The hook is aiohttp's request tracing (discord.py's
``http_trace``, ``tracer``): it runs before every attempt discord.py makes, retries included.
When the database fails the process keeps a bucket of its own in memory until it answers.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord

from storage import Bucket, store_failed

log = logging.getLogger("tavern.budget")

BUCKET = "discord"  # the bucket's name in ``rate_budget``
RATE = 45.0  # tokens a second, every process together (TAVERN_RATE); Discord allows 50
BURST = 1.0  # the most the bucket holds: BURST + RATE requests in any second at most
BATCH = 5  # the most tokens one round trip takes
STALE = 0.1  # seconds: a moment passed by more than this is not used (its request gave up)


def counted(url: str, application_id: int | None) -> bool:
    """Whether a request counts against the global rate limit: a REST route (not the gateway,
    not the CDN) other than an interaction endpoint (``/interactions/...`` and the application's
    ``/webhooks/<application id>/<interaction token>...``)."""
    base = discord.http.Route.BASE
    if not url.startswith(base + "/"):
        return False
    path = url[len(base) :]
    if path.startswith("/interactions/"):
        return False
    return application_id is None or not path.startswith(f"/webhooks/{application_id}/")


class Budget:
    """One process's side of the bucket: ``await budget.wait()`` before each counted request.

    ``take(want, rate, burst)`` takes ``want`` tokens and returns the level before taking
    (``Store.take_budget``). Counts what it did: ``requests`` let through, ``round_trips`` to
    the bucket, ``waited`` (seconds slept in all)."""

    def __init__(
        self,
        take: Callable[[int, float, float], Awaitable[float]],
        rate: float = RATE,
        *,
        burst: float = BURST,
        batch: int = BATCH,
    ) -> None:
        self._take = take
        self.rate, self.burst, self.batch = rate, burst, batch
        self._moments: deque[float] = deque()  # loop times of tokens taken, not yet used
        self._queued = 0  # requests waiting for a moment
        self._lock = asyncio.Lock()  # one round trip at a time
        self._alone: Bucket | None = None  # while the database fails
        self.requests = self.round_trips = 0
        self.waited = 0.0

    async def wait(self) -> None:
        """Return when this request may be sent."""
        loop = asyncio.get_running_loop()
        self._queued += 1
        try:
            while True:
                now = loop.time()
                while self._moments and self._moments[0] < now - STALE:
                    self._moments.popleft()
                if self._moments:
                    at = self._moments.popleft()
                    break
                async with self._lock:
                    if not self._moments:
                        await self._refill(loop)
        finally:
            self._queued -= 1
        self.requests += 1
        delay = at - loop.time()
        if delay > 0:
            self.waited += delay
            await asyncio.sleep(delay)

    async def _refill(self, loop: asyncio.AbstractEventLoop) -> None:
        """Take a token for each request waiting (up to ``batch``) and note when each is due."""
        want = max(1, min(self.batch, self._queued))
        try:
            level = await self._take(want, self.rate, self.burst)
            if self._alone is not None:
                log.warning("the shared Discord budget is back (the database answers again)")
                self._alone = None
        except Exception as exc:
            if not store_failed(exc):
                raise
            if self._alone is None:
                log.warning(
                    "the database holding the shared Discord budget failed (%s); this process "
                    "keeps to the budget alone until it answers",
                    exc,
                )
                self._alone = Bucket()
            level = self._alone.take(BUCKET, want, self.rate, self.burst)
        self.round_trips += 1
        now = loop.time()
        self._moments.extend(now + max(0.0, j - level) / self.rate for j in range(1, want + 1))


def tracer(bot: Any) -> aiohttp.TraceConfig:
    """The hook discord.py's REST client runs before every request it sends (``http_trace``):
    a counted one waits for ``bot.budget`` (None: nothing to wait for, before the database is
    open)."""

    async def on_request_start(_session, _context, params: aiohttp.TraceRequestStartParams):
        budget = bot.budget
        if budget is not None and counted(str(params.url), bot.application_id):
            await budget.wait()

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    return trace
