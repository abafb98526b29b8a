"""The bot's share of Discord's global rate limit, without Discord (``cogs/budget.py``): which
requests count, requests let through no faster than the bucket refills, in batches, however
many wait and however many processes share it, and a failing database."""

from __future__ import annotations

import asyncio
import logging

import discord
import pytest

from cogs.budget import Budget, counted
from storage import Bucket, StoreUnavailable

BASE = discord.http.Route.BASE
APP = 1234


@pytest.mark.parametrize(
    ("url", "counts"),
    [
        (f"{BASE}/channels/5/messages", True),
        (f"{BASE}/users/@me/channels", True),
        (f"{BASE}/channels/5/messages/6", True),
        (f"{BASE}/applications/{APP}/commands", True),
        (f"{BASE}/interactions/9/tok/callback", False),  # exempt: an interaction endpoint
        (f"{BASE}/webhooks/{APP}/tok/messages/@original", False),  # the interaction's webhook
        (f"{BASE}/webhooks/{APP}/tok", False),  # a follow-up
        (f"{BASE}/webhooks/77/other-token", True),  # another webhook: not an interaction's
        ("wss://gateway.discord.gg/?v=10", False),  # not REST
        ("https://cdn.discordapp.com/avatars/1/a.png", False),
    ],
)
def test_what_counts_against_the_global_rate_limit(url, counts):
    assert counted(url, APP) is counts


def _budget(bucket: Bucket, rate: float, **kwargs) -> Budget:
    async def take(want: int, rate: float, burst: float) -> float:
        await asyncio.sleep(0.001)  # a round trip
        return bucket.take("discord", want, rate, burst)

    return Budget(take, rate, **kwargs)


def _most_within(times: list[float], window: float) -> int:
    times = sorted(times)
    first = best = 0
    for last, t in enumerate(times):
        while t - times[first] >= window:
            first += 1
        best = max(best, last - first + 1)
    return best


async def _let_through(budget: Budget, n: int) -> list[float]:
    loop = asyncio.get_running_loop()
    sent: list[float] = []

    async def request() -> None:
        await budget.wait()
        sent.append(loop.time())

    await asyncio.gather(*(request() for _ in range(n)))
    return sent


async def test_waiting_requests_go_at_the_rate_in_batches():
    loop = asyncio.get_running_loop()
    budget = _budget(Bucket(loop.time), 200)
    began = loop.time()
    sent = await _let_through(budget, 100)
    assert loop.time() - began >= 99 / 200 - 0.01  # the first at once, then one each 5 ms
    assert _most_within(sent, 0.1) <= 1 + 200 * 0.1 + 1  # the burst, the rate, one on the edge
    assert budget.requests == 100
    assert budget.round_trips <= 100 // 5 + 2  # up to 5 tokens a round trip
    assert budget.waited > 0


async def test_processes_sharing_a_bucket_keep_to_it_together():
    loop = asyncio.get_running_loop()
    shared = Bucket(loop.time)  # as the database is, for the bot's processes
    budgets = [_budget(shared, 150) for _ in range(3)]
    began = loop.time()
    sent = await asyncio.gather(*(_let_through(b, 40) for b in budgets))
    everything = [t for times in sent for t in times]
    assert loop.time() - began >= 119 / 150 - 0.01
    assert _most_within(everything, 0.2) <= 1 + 150 * 0.2 + 1
    assert all(b.requests == 40 for b in budgets)


async def test_one_at_a_time_takes_one_token_a_round_trip():
    loop = asyncio.get_running_loop()
    budget = _budget(Bucket(loop.time), 1000)
    for _ in range(5):
        await budget.wait()
    assert (budget.requests, budget.round_trips) == (5, 5)  # nothing taken that is not used


async def test_a_failing_database_leaves_the_process_to_its_own_bucket(caplog):
    loop = asyncio.get_running_loop()
    failing = [True]
    shared = Bucket(loop.time)

    async def take(want: int, rate: float, burst: float) -> float:
        if failing[0]:
            raise StoreUnavailable("ConnectionRefusedError: the server is down")
        return shared.take("discord", want, rate, burst)

    budget = Budget(take, 100)
    with caplog.at_level(logging.WARNING, logger="tavern.budget"):
        began = loop.time()
        await _let_through(budget, 21)
        assert loop.time() - began >= 20 / 100 - 0.01  # still at the rate, alone
        failing[0] = False
        await budget.wait()
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 2 and "failed" in said[0] and "back" in said[1]


async def test_a_bug_is_not_taken_for_a_failing_database():
    async def take(want: int, rate: float, burst: float) -> float:
        raise TypeError("a bug")

    with pytest.raises(TypeError):
        await Budget(take, 100).wait()


def test_the_bot_reads_its_rate(tmp_path, monkeypatch):
    import bot as tavern
    from cogs.budget import RATE

    assert tavern.create_bot(str(tmp_path / "a.db")).rate == RATE == 45
    monkeypatch.setenv("TAVERN_RATE", "30")
    assert tavern.create_bot(str(tmp_path / "a.db")).rate == 30
