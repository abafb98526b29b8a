"""Options Discord would never send (a string for a number, a fraction for a whole number,
a value out of range or choices, an unknown option) are refused before the command runs:
one clear ephemeral answer, nothing stored, no error logged."""

from __future__ import annotations

import contextlib

import pytest

from tests.fakediscord import FakeDiscord, error_log_guard, run_bot

FORGED = [
    ("settings", [{"name": "remind_hours", "type": 4, "value": 1.5}]),
    ("settings", [{"name": "remind_hours", "type": 4, "value": "12"}]),
    ("settings", [{"name": "remind_hours", "type": 4, "value": True}]),
    ("settings", [{"name": "remind_hours", "type": 4, "value": 500}]),
    ("settings", [{"name": "remind_hours", "type": 3, "value": "12"}]),
    ("settings", [{"name": "quiet_start", "type": 4, "value": 5.5}]),
    ("settings", [{"name": "notify", "type": 3, "value": "carrier pigeon"}]),
    ("settings", [{"name": "no_such_option", "type": 3, "value": "x"}]),
    ("play", [{"name": "game", "type": 3, "value": 7}]),
]


@contextlib.asynccontextmanager
async def server(make_bot):
    """A fake Discord with a server, its games channel and ann, and the bot running on it."""
    async with FakeDiscord() as fake:
        chan = fake.add_text_channel(fake.add_guild("Guild"), "games")
        ann = fake.add_user("ann")
        bot = make_bot()
        async with run_bot(bot, fake, commands=True):
            with error_log_guard():
                yield fake, bot, chan, ann


@pytest.mark.parametrize(("command", "forged"), FORGED, ids=[repr(f[1][0]) for f in FORGED])
async def test_a_forged_option_is_refused_before_the_command_runs(make_bot, command, forged):
    async with server(make_bot) as (fake, bot, chan, ann):
        before = await bot.tables.players.settings(ann.id)
        res = await fake.slash(ann, chan, command, forged=forged)
        assert res.ephemeral and "Nothing was changed" in res.content
        assert await bot.tables.players.settings(ann.id) == before
        assert await bot.tables.games_in_channel(chan.id) == []


async def test_a_well_formed_option_still_runs(make_bot):
    """The guard passes what Discord sends (the positive control)."""
    async with server(make_bot) as (fake, bot, chan, ann):
        await fake.slash(ann, chan, "settings", remind_hours=12)
        assert (await bot.tables.players.settings(ann.id)).remind_hours == 12
