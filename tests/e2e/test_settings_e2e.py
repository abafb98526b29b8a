"""Issue 15 end to end, through the real discord.py client and the fake Discord with a clock the
test moves: /settings kept across a restart, quiet hours holding back DMs and sending ONE message
when they end, mentions instead of DMs, one reminder DM for several tables, /away with a bot
sitting in and handing back, /replace after the away limit, and each bot move shown at a fixed
pace after the human move (timing reveals nothing)."""

from __future__ import annotations

import time

import pytest

from tests.e2e.harness import Table, alone_with_bots, board_updates, open_table
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot

HOUR = 3600.0


def dms(fake, user) -> list:
    return fake.dm_messages(user)


async def test_settings_command_autocomplete_and_restart(make_bot, clock):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann = fake.add_user("ann")
            bot = make_bot(clock=clock)
            async with run_bot(bot, fake, commands=True):
                res = await fake.slash(ann, chan, "settings")
                assert res.ephemeral and "announced by: a direct message" in res.content
                choices = await fake.autocomplete(ann, chan, "settings", "timezone", typed="berl")
                assert [c["value"] for c in choices] == ["Europe/Berlin"]
                many = await fake.autocomplete(ann, chan, "settings", "timezone", typed="")
                assert len(many) == 25 and all(len(c["name"]) <= 100 for c in many)
                assert "America/New_York" in [
                    c["value"]
                    for c in await fake.autocomplete(
                        ann, chan, "settings", "timezone", typed="new york"
                    )
                ]
                res = await fake.slash(ann, chan, "settings", timezone="Mars/Base")
                assert res.ephemeral and "not a timezone" in res.content
                res = await fake.slash(ann, chan, "settings", quiet_start=22)
                assert res.ephemeral and "both ends" in res.content
                res = await fake.slash(
                    ann,
                    chan,
                    "settings",
                    notify="both",
                    remind_hours=12,
                    timezone="Europe/Berlin",
                    quiet_start=22,
                    quiet_end=7,
                )
                assert res.ephemeral and "both" in res.content and "every 12 h" in res.content
                assert "22:00 to 7:00 (Europe/Berlin)" in res.content
            bot = make_bot(clock=clock)  # a restart on the same database
            async with run_bot(bot, fake, commands=True):
                res = await fake.slash(ann, chan, "settings")
                assert (
                    "every 12 h" in res.content
                    and "22:00 to 7:00 (Europe/Berlin)" in res.content
                    and "both" in res.content
                )


async def test_quiet_hours_hold_back_then_one_message(make_bot, clock):
    clock.now = 23 * HOUR  # 23:00 UTC
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(clock=clock, remind_after=HOUR)
            async with run_bot(bot, fake, commands=True):
                await fake.slash(ben, chan, "settings", timezone="UTC", quiet_start=22, quiet_end=7)
                # Two tables start while ben is quiet: ann is told at once, ben nothing.
                threads = []
                for _ in range(2):
                    _, thread = await open_table(fake, chan, ann, "ziegen", joiners=(ben,), bots=0)
                    threads.append(thread)
                assert len(dms(fake, ann)) == 2 and dms(fake, ben) == []
                assert not [
                    m
                    for t in threads
                    for m in fake.channel_messages(t)
                    if f"<@{ben.id}>" in (m.content or "")
                ]
                cog = bot.get_cog("Settings")
                tables_cog = bot.get_cog("Tables")
                clock.now += HOUR + 1  # reminders fall due at midnight: still quiet for ben
                assert await tables_cog.run_reminders() == 2
                await fake.settle()
                assert dms(fake, ben) == []
                assert await cog.run_digests() == 0
                # 07:00: ONE message, listing both tables with their links.
                clock.now = 31 * HOUR
                assert await cog.run_digests() == 1
                await fake.settle()
                (digest,) = dms(fake, ben)
                assert "While your quiet hours ran" in digest.content
                for thread in threads:
                    assert f"/{guild.id}/{thread.id}" in digest.content
                assert digest.content.count("your turn") == 2
                assert await cog.run_digests() == 0  # sent once


async def test_mentions_and_one_reminder_for_several_tables(make_bot, clock):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(clock=clock, remind_after=HOUR)
            async with run_bot(bot, fake, commands=True):
                await fake.slash(ben, chan, "settings", notify="mention")
                threads = []
                for _ in range(3):
                    _, thread = await open_table(fake, chan, ann, "ziegen", joiners=(ben,), bots=0)
                    threads.append(thread)
                # ben chose mentions: no DM, a mention in each thread.
                assert dms(fake, ben) == []
                for thread in threads:
                    assert [
                        m
                        for m in fake.channel_messages(thread)
                        if f"<@{ben.id}>, it's your turn" in (m.content or "")
                    ]
                before = len(dms(fake, ann))
                clock.now += HOUR + 1
                assert await bot.get_cog("Tables").run_reminders() == 3
                await fake.settle()
                (reminder,) = dms(fake, ann)[before:]  # ONE DM for three tables
                assert "3 tables are waiting for you" in reminder.content
                for thread in threads:
                    assert (
                        f"https://discord.com/channels/{guild.id}/{thread.id}" in reminder.content
                    )
                assert dms(fake, ben) == []
                for thread in threads:
                    assert [
                        m
                        for m in fake.channel_messages(thread)
                        if f"<@{ben.id}>, it's your turn" in (m.content or "")
                    ]


async def test_away_bot_sit_board_and_replace_after_limit(make_bot, clock):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(clock=clock, remind_after=HOUR)
            async with run_bot(bot, fake, commands=True):
                _, thread = await open_table(
                    fake, chan, ann, "ziegen", joiners=(ben,), bots=0, away_limit=3
                )
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                table = Table(fake, bot, game_id, thread, {0: ann, 1: ben})
                res = await fake.slash(ben, chan, "away", days=5, bot_sit=True)
                assert res.ephemeral and "away until <t:" in res.content
                await fake.settle()
                board = table.board()
                (away,) = [f for f in board.embeds[0]["fields"] if f["name"] == "Away"]
                assert f"<@{ben.id}> until <t:" in away["value"]
                assert "a bot plays for them" in away["value"]
                # The bot plays ben's seat: only ann is ever asked.
                for _ in range(4):
                    game = await table.game()
                    assert bot.tables.to_act(game) == [0]
                    await table.play_one()
                # Within the limit the host cannot replace ben.
                res = await fake.slash(ann, thread, "replace", player=ben)
                assert res.ephemeral and "away until" in res.content and "3 days" in res.content
                # Back early: the seat is handed back and the board says so.
                res = await fake.slash(ben, chan, "away", days=0)
                assert res.ephemeral and "Welcome back" in res.content
                await fake.settle()
                board = table.board()
                assert not [f for f in board.embeds[0].get("fields", []) if f["name"] == "Away"]
                game = await table.game()
                assert "Ben is back and plays their own seat again." in game.recent
                # Away again, past the limit: now the host may replace.
                await fake.slash(ben, chan, "away", days=10)
                clock.now += 3 * 86400 + 1
                assert (await table.game()).status == "running"
                res = await fake.slash(ann, thread, "replace", player=ben)
                assert res.ephemeral and "A bot now plays" in res.content, res.content


PACE = 0.25  # seconds from the start of a bot's turn to its move being stored and shown


@pytest.mark.alone  # it measures time: no other test beside it
async def test_each_bot_move_is_stored_at_a_fixed_pace_and_shown_with_the_chain(make_bot, clock):
    """Timing reveals nothing: after a human move (answered first), each bot move is stored
    ``bot_pace`` seconds after the one before, however long the bot thought; the human's move
    and the bots' answer are then shown together, by ONE board update, when a human must act
    (what differs is only how many bot moves there are)."""
    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            fake, bot, thread, game_id = table.fake, table.bot, table.thread, table.game_id
            bot.tables.turns.bot_pace = PACE
            shown: list[tuple[float, int]] = []  # (when, stored moves) per publish
            stored: list[float] = []  # when each bot move was stored
            publish, bot_turn = bot.messenger.publish, bot.tables.turns.bot_turn

            async def timed(outcome, **kwargs):
                shown.append((time.monotonic(), outcome.game.move_count))
                await publish(outcome, **kwargs)

            async def timed_turn(game_id):
                outcome = await bot_turn(game_id)
                if outcome is not None:
                    stored.append(time.monotonic())
                return outcome

            bot.messenger.publish = timed
            bot.tables.turns.bot_turn = timed_turn
            with_bots = 0
            for _ in range(12):
                if (await table.game()).status != "running":
                    break
                updates = len(board_updates(fake, thread, game_id))
                before = (await table.game()).move_count
                shown.clear()
                stored.clear()
                clock.now += 7
                began = time.monotonic()
                await table.play_one()
                await table.bots_done()
                game = await table.game()
                log = (await bot.tables.store.moves(game_id))[before:]
                # one publish (and one board update) for the human's move and the bots'
                assert [n for _, n in shown] == [game.move_count]
                assert len(board_updates(fake, thread, game_id)) == updates + 1
                assert len(stored) == len(log) - 1
                gaps = [b - a for a, b in zip([began, *stored], stored)]
                assert all(gap >= PACE - 0.01 for gap in gaps), gaps
                assert shown[0][0] >= began + (len(log) - 1) * (PACE - 0.01)
                if len(log) > 1:
                    with_bots += 1
                    assert {m.seat for m in log[1:]} <= {1, 2}
                assert bot.tables.to_act(game) in ([0], [])
            assert with_bots >= 3
