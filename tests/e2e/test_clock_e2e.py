"""Issue 26 end to end, through the real discord.py client and the fake Discord with a clock the
test moves: a table's clock on the board, a warning before it runs out, a restart in between
(the clock resumes), the time running out and a bot taking the seat over, **I'm back** handing
it back, /history listing it all; and ``/vote``: passing, failing, expiring after 48 hours, a
restart in between (the vote stays open), pausing (reminders stop) and resuming."""

from __future__ import annotations

import os
import re

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
