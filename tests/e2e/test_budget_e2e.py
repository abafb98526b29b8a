"""Discord's global rate limit (issue 25): 50 requests a second per bot, whatever the number of
its processes, interaction endpoints exempt. The fake enforces it here (``global_limit``): the
bot keeps within it alone, and three bot processes of their own on one PostgreSQL keep within it
together, sharing one budget in the database (``cogs/budget.py``); without that budget the same
three get global 429s."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.botproc import STAGGER, reminder_wave
from tests.e2e.harness import running_bot
from tests.fakediscord import GLOBAL_LIMIT, FakeDiscord, error_log_guard

# they measure requests a second (three processes at once): nothing may run beside them
pytestmark = pytest.mark.alone

TABLES = 60  # 20 a process: about 80 requests each, more than STAGGER seconds' worth alone


async def test_answers_are_not_counted_and_every_other_request_waits_for_the_budget(tmp_path):
    with error_log_guard():
        async with FakeDiscord(global_limit=GLOBAL_LIMIT) as fake:
            chan = fake.add_text_channel(fake.add_guild("g"), "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            async with running_bot(fake, str(tmp_path / "t.db")) as bot:
                counted, let_through = len(fake.global_arrivals), bot.budget.requests
                mark = fake.mark()
                lobby = (await fake.slash(ann, chan, "play", game="ziegen")).message
                await fake.click(ben, lobby, fake.find_button(lobby, "Join"))
                await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                await fake.settle()
                calls = [c.route for c in fake.calls_since(mark)]
                answers = sum(1 for route in calls if route.startswith("/interactions/"))
                assert answers == 3  # the command's and the two clicks' answers: not counted
                assert len(fake.global_arrivals) - counted == len(calls) - answers > 3
                assert bot.budget.requests - let_through == len(calls) - answers
            assert fake.global_429s == []


async def test_a_burst_from_one_process_keeps_under_the_limit(tmp_path):
    """60 DMs at once from one process (SQLite: its budget in memory): a DM channel and a
    message each, at the budget's rate, no 429."""
    with error_log_guard():
        async with FakeDiscord(global_limit=GLOBAL_LIMIT) as fake:
            fake.add_guild("g")
            users = [fake.add_user(f"u{i}") for i in range(60)]
            async with running_bot(fake, str(tmp_path / "t.db")) as bot:
                before, began = bot.budget.requests, asyncio.get_running_loop().time()
                await asyncio.gather(*(bot.messenger.dm(u.id, content="hello") for u in users))
                took = asyncio.get_running_loop().time() - began
                sent = bot.budget.requests - before
                assert sent == 2 * len(users)
                assert took >= (sent - 1) / bot.rate - 0.05
            assert fake.global_429s == [] and fake.busiest_second() <= GLOBAL_LIMIT
            assert all(len(fake.dm_messages(u)) == 1 for u in users)


async def test_three_processes_share_one_budget_and_get_no_429(pg_url):
    """Three bot processes (one shard each) send the reminders of 60 tables, a third each, the
    second starting a second after the first and the third a second later, while the others
    still send: together they keep under Discord's 50 a second, with no 429."""
    wave = await reminder_wave(pg_url, TABLES)
    assert wave.errors == ""
    assert wave.reminded == [TABLES // 3] * 3  # each process sent its share
    assert wave.requests > 4 * GLOBAL_LIMIT  # more than four seconds' worth of the limit
    assert wave.refused == 0
    assert wave.busiest <= GLOBAL_LIMIT
    assert wave.seconds >= wave.requests / GLOBAL_LIMIT - 2 * STAGGER  # kept to the rate


async def test_without_the_budget_the_same_three_processes_get_429s(pg_url):
    """The same wave with no shared budget (each process left to discord.py alone): over the
    limit, refused with global 429s, so the test above is one the budget passes."""
    wave = await reminder_wave(pg_url, TABLES, budget=False)
    assert wave.errors == ""
    assert wave.reminded == [TABLES // 3] * 3
    assert wave.refused > 0 and wave.busiest > GLOBAL_LIMIT
