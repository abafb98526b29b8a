"""Issue 26 end to end, through the real discord.py client and the fake Discord with a clock the
test moves: a table's clock on the board, a warning before it runs out, a restart in between
(the clock resumes), the time running out and a bot taking the seat over, **I'm back** handing
it back, /history listing it all; and ``/vote``: passing, failing, expiring after 48 hours, a
restart in between (the vote stays open), pausing (reminders stop) and resuming."""

from __future__ import annotations

import os
import re

import pytest

from tables import TableError
from tests.e2e.harness import Table, confirm_if_asked, controls, open_table, use_control
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot

HOUR = 3600.0
DAY = 24 * HOUR


def full_text(msg) -> str:
    """A message's content and its embeds' words."""
    parts = [msg.content or ""]
    for e in msg.embeds:
        parts += [e.get("title", ""), e.get("description", "")]
        parts += [f"{f['name']}: {f['value']}" for f in e.get("fields", [])]
    return "\n".join(p for p in parts if p)


def board_clock(table: Table) -> str:
    board = table.board()
    fields = [f for f in board.embeds[0].get("fields", []) if f["name"] == "Clock"]
    return fields[0]["value"] if fields else ""


def transcript(fake, thread, users, since: set) -> list[str]:
    """What the fake recorded after the messages ``since`` (their ids): the thread's messages and
    each user's DMs, in the order they were sent, one line each (a DM: its words, shortened)."""
    found = [("thread", m) for m in fake.channel_messages(thread)]
    found += [(f"DM {u.name}", m) for u in users for m in fake.dm_messages(u)]
    lines = []
    for where, msg in sorted(found, key=lambda pair: pair[1].id):
        if msg.id in since:
            continue
        text = full_text(msg) if where != "thread" else (msg.content or "(the board)")
        text = " / ".join(line.strip() for line in text.splitlines() if line.strip())
        buttons = [c.get("label") for row in msg.components for c in row.get("components", [])]
        shown = f"[{where}] {text[:600]}"
        lines.append(shown + (f"  [buttons: {', '.join(map(str, buttons))}]" if buttons else ""))
    return lines


def seen(fake, thread, users) -> set:
    return {m.id for m in fake.channel_messages(thread)} | {
        m.id for u in users for m in fake.dm_messages(u)
    }


async def move(table: Table, user) -> None:
    """One decision of ``user``'s, by the first control of their panel."""
    before = (await table.game()).move_count
    panel = await table.panel(user)
    res = await use_control(table.fake, user, panel, controls(panel)[0])
    await confirm_if_asked(table.fake, user, res)
    await table.bots_done()
    assert (await table.game()).move_count > before


async def test_clock_warns_runs_out_a_bot_takes_over_and_hands_back(make_bot, clock):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(clock=clock, remind_after=30 * DAY)
            async with run_bot(bot, fake, commands=True):
                res = await fake.slash(ann, chan, "play", options={"game": "ziegen", "clock": "2x"})
                assert res.ephemeral and "not a clock I understand" in res.content
                assert await bot.tables.games_in_channel(chan.id) == []  # nothing opened
                _, thread = await open_table(
                    fake, chan, ann, "ziegen", joiners=(ben,), bots=0, clock="2d"
                )
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                table = Table(fake, bot, game_id, thread, {0: ann, 1: ben})
                game = await table.game()
                start = clock.now
                assert bot.tables.to_act(game) == [0, 1]  # both decide at once: both clocks run
                shown = board_clock(table)
                assert "2 d per move" in shown
                for user in (ann, ben):
                    assert f"<@{user.id}>: time runs out <t:{int(clock.now + 2 * DAY)}:R>" in shown
                clock.now += HOUR
                await move(table, ann)  # ann decides within the hour; ben's time runs on
                seat, late = 1, ben
                assert bot.tables.to_act(await table.game()) == [1]
                assert f"<@{ben.id}>: time runs out <t:{int(clock.now - HOUR + 2 * DAY)}:R>" in (
                    board_clock(table)
                )
                cog = bot.get_cog("Clocks")
                assert await cog.run_clocks() == 0  # nothing due yet
                clock.now += DAY - HOUR + 1  # half of ben's two days: a warning
                dms_before = len(fake.dm_messages(late))
                assert await cog.run_clocks() == 1
                await fake.settle()
                warning = fake.dm_messages(late)[dms_before:]
                assert warning and "your time runs out <t:" in full_text(warning[-1])
                assert await cog.run_clocks() == 0  # warned once
            before = seen(fake, thread, (ann, ben))
            bot = make_bot(clock=clock, remind_after=30 * DAY)  # a restart: the clock goes on
            async with run_bot(bot, fake, commands=True):
                table.bot = bot
                cog = bot.get_cog("Clocks")
                clock.now += DAY - HOUR + 1  # an hour left: the last warning
                assert await cog.run_clocks() == 1
                await fake.settle()
                log = [f"-- {clock.now - start:.0f} s after the start: an hour left"]
                log += transcript(fake, thread, (ann, ben), before)
                before = seen(fake, thread, (ann, ben))
                clock.now += HOUR  # the two days are over
                assert await cog.run_clocks() == 1
                await table.bots_done()
                log.append(f"-- {clock.now - start:.0f} s after the start: ben's time ran out")
                log += transcript(fake, thread, (ann, ben), before)
                if os.environ.get("TAVERN_TRANSCRIPT"):
                    with open(os.environ["TAVERN_TRANSCRIPT"], "w") as out:
                        out.write("\n".join(log) + "\n")
                text = "\n".join(log)
                assert "your time runs out <t:" in text
                assert "time ran out: a bot plays their seat until they are back" in text
                assert "I'm back" in text
                game = await table.game()
                assert seat in await bot.tables.clocks.sitters(game)
                assert f"<@{late.id}>: a bot plays until they are back" in board_clock(table)
                moves = await bot.tables.store.moves(game_id)
                assert any(mv.seat == seat for mv in moves)  # the bot's moves are that seat's
                # Someone else's click changes nothing.
                other = table.users[1 - seat]
                (note,) = [
                    m for m in fake.channel_messages(thread) if "until you are back" in m.content
                ]
                res = await fake.click(other, note, fake.find_button(note, "I'm back"))
                assert res.ephemeral and "No bot is playing a seat of yours" in res.content
                assert seat in await bot.tables.clocks.sitters(await table.game())
                # One click hands it back.
                res = await fake.click(late, note, fake.find_button(note, "I'm back"))
                assert not res.ephemeral and "is back" in res.content and not res.buttons
                await table.bots_done()
                game = await table.game()
                assert seat not in await bot.tables.clocks.sitters(game)
                assert "is back and plays their own seat again." in "\n".join(game.recent)
                # /history lists what the clock did.
                res = await fake.slash(late, thread, "history")
                assert res.ephemeral
                assert "time ran out; a bot played their seat" in res.content
                assert "came back to their seat" in res.content
                assert re.search(r"<t:\d+:f>", res.content)


def vote_message(fake, thread):
    """The newest vote message in the thread."""
    return [m for m in fake.channel_messages(thread) if "**Vote at table" in (m.content or "")][-1]


async def test_votes_fail_pass_after_a_restart_pause_resume_expire_and_end(make_bot, clock):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben, cat = fake.add_user("ann"), fake.add_user("ben"), fake.add_user("cat")
            eve = fake.add_user("eve")  # not seated
            bot = make_bot(clock=clock, remind_after=HOUR)
            async with run_bot(bot, fake, commands=True):
                _, thread = await open_table(fake, chan, ann, "ziegen", joiners=(ben, cat), bots=0)
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                # Nobody outside the table may ask; a pause of a table not paused may not resume.
                res = await fake.slash(eve, thread, "vote", what="pause", table=game_id)
                assert res.ephemeral and "Only the players seated" in res.content
                res = await fake.slash(ben, thread, "vote", what="resume")
                assert res.ephemeral and "not paused" in res.content
                # A vote that fails: ann asks (her yes counts), ben and cat say no.
                res = await fake.slash(ann, thread, "vote", what="pause")
                assert res.ephemeral and "you voted yes" in res.content
                await fake.settle()
                vote = vote_message(fake, thread)
                assert "pause the game" in vote.content and "Yes: 1 · No: 0" in vote.content
                assert "2 of 3 must say yes" in vote.content
                res = await fake.slash(ben, thread, "vote", what="end")
                assert res.ephemeral and "already voting" in res.content
                res = await fake.click(eve, vote, fake.find_button(vote, "Yes"))
                assert res.ephemeral and "Only the players seated" in res.content
                res = await fake.click(ben, vote, fake.find_button(vote, "No"))
                assert "Yes: 1 · No: 1" in res.content and res.buttons  # cat may still decide
                res = await fake.click(cat, vote, fake.find_button(vote, "No"))
                assert "**Not passed** (1 yes, 2 no)" in res.content and not res.buttons
                assert not await bot.tables.clocks.paused(game_id)
                # A vote that passes after a restart: it stays open meanwhile.
                await fake.slash(ann, thread, "vote", what="pause")
                await fake.settle()
                vote = vote_message(fake, thread)
            bot = make_bot(clock=clock, remind_after=HOUR)
            async with run_bot(bot, fake, commands=True):
                res = await fake.click(ben, vote, fake.find_button(vote, "Yes"))
                assert "**Passed** (2 yes, 0 no)" in res.content and not res.buttons
                await fake.settle()
                table = Table(fake, bot, game_id, thread, {0: ann, 1: ben, 2: cat})
                assert "Paused by a vote" in board_clock(table)
                assert "The table voted to pause" in "\n".join((await table.game()).recent)
                # Paused: no reminders however long it waits.
                clock.now += 5 * HOUR
                assert await bot.get_cog("Tables").run_reminders() == 0
                # The host resumes at once; reminders run again.
                res = await fake.slash(ann, thread, "vote", what="resume")
                assert res.ephemeral and "plays on" in res.content
                await fake.settle()
                assert not await bot.tables.clocks.paused(game_id)
                assert "Paused" not in board_clock(table)
                clock.now += HOUR + 1
                assert await bot.get_cog("Tables").run_reminders() == 1
                # A vote nobody finishes expires after 48 hours and changes nothing.
                res = await fake.slash(ben, thread, "vote", what="bot", player=ben)
                assert res.ephemeral and "your own seat" in res.content
                res = await fake.slash(ben, thread, "vote", what="bot", player=cat)
                assert res.ephemeral
                await fake.settle()
                vote = vote_message(fake, thread)
                assert "a bot plays Cat's seat" in vote.content and "2 of 2 must" in vote.content
                res = await fake.click(cat, vote, fake.find_button(vote, "Yes"))
                assert res.ephemeral and "Only the players seated" in res.content  # not cat
                clock.now += 47 * HOUR
                assert await bot.get_cog("Clocks").run_clocks() == 0
                clock.now += HOUR + 1
                assert await bot.get_cog("Clocks").run_clocks() == 1
                await fake.settle()
                vote = fake.channel_messages(thread)[
                    [m.id for m in fake.channel_messages(thread)].index(vote.id)
                ]
                assert "**Expired** after 48 hours" in vote.content and not vote.components
                with pytest.raises(TableError, match="vote is over"):  # a ballot too late
                    await bot.tables.votes.ballot(3, ann.id, True)
                assert await bot.tables.clocks.sitters(await table.game()) == set()
                # Ending with the scores as they stand: recorded, and said so.
                await fake.slash(cat, thread, "vote", what="end")
                await fake.settle()
                vote = vote_message(fake, thread)
                res = await fake.click(ann, vote, fake.find_button(vote, "Yes"))
                assert "**Passed**" in res.content
                await fake.settle()
                game = await table.game()
                assert game.status == "finished"
                results = await bot.tables.store.results_in_guild(guild.id)
                assert {r.seat for r in results if r.game_id == game_id} == {0, 1, 2}
                assert not any(r.won for r in results)  # nobody is named the winner
                said = "\n".join(m.content or "" for m in fake.channel_messages(thread))
                assert "was ended by a vote, with the scores as they stood" in said
                res = await fake.slash(ann, thread, "history", table=game_id)
                assert "Vote failed: pause the game" in res.content
                assert "Vote passed: pause the game" in res.content
                assert "The host resumed the table." in res.content
                assert "Vote expired: a bot plays Cat's seat" in res.content
                assert "Vote passed: end the game now" in res.content


MIDNIGHT = 1795996800.0  # 2026-11-30 00:00 UTC


async def test_a_warning_due_in_quiet_hours_comes_when_they_end(make_bot, clock):
    clock.now = MIDNIGHT + HOUR - DAY  # 01:00 UTC: a day later, ben's warning falls at 01:00
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(clock=clock, remind_after=30 * DAY)
            async with run_bot(bot, fake, commands=True):
                _, thread = await open_table(
                    fake, chan, ann, "ziegen", joiners=(ben,), bots=0, clock="2d"
                )
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                table = Table(fake, bot, game_id, thread, {0: ann, 1: ben})
                await move(table, ann)
                await fake.slash(ben, chan, "settings", timezone="UTC", quiet_start=22, quiet_end=7)
                before = len(fake.dm_messages(ben))
                clock.now += DAY  # 01:00: half of ben's time, in his quiet hours
                assert await bot.get_cog("Clocks").run_clocks() == 1
                await fake.settle()
                assert len(fake.dm_messages(ben)) == before  # held back
                settings = bot.get_cog("Settings")
                assert await settings.run_digests() == 0
                clock.now = MIDNIGHT + 7 * HOUR  # the quiet hours end: it comes now
                assert await settings.run_digests() == 1
                await fake.settle()
                (digest,) = fake.dm_messages(ben)[before:]
                assert "While your quiet hours ran" in digest.content
                assert "your time runs out <t:" in digest.content


async def test_the_lobby_says_the_tables_clock_before_the_start(make_bot, clock):
    """Whoever joins knows the clock they sign up for: the lobby says it and what happens when
    time runs out, in the table's language; a table without a clock says nothing of one."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("g")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            async with run_bot(make_bot(clock=clock), fake, commands=True):
                options = {"game": "ziegen", "clock": "7d+1d", "on_timeout": "vote"}
                lobby = (await fake.slash(ann, chan, "play", options=options)).message
                assert "Clock: 7 d, plus 1 d per move · The table votes" in lobby.embed_text
                res = await fake.click(ben, lobby, fake.find_button(lobby, "Join"))
                assert "Clock: 7 d, plus 1 d per move" in res.embed_text  # still there
                options = {"game": "ziegen", "language": "de", "clock": "2d"}
                german = (await fake.slash(ben, chan, "play", options=options)).message
                assert "Uhr: 2 " in german.embed_text and "pro Zug" in german.embed_text
                assert "Ein Bot spielt, bis die Person zurück ist" in german.embed_text
                plain = (await fake.slash(ann, chan, "play", options={"game": "ziegen"})).message
                assert "Clock" not in plain.embed_text
