"""Play again, watch, find my tables (issue 26) end to end in the fake Discord: the Rematch
button of a finished game, /watch and /unwatch, /games with waiting times and /tables, each
across a restart of the bot, with the fake's clock moved on for the waiting times."""

from __future__ import annotations

import pytest

from tests.e2e.harness import Table, board_of, controls, open_table, thread_text
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot
from tests.toy import registered

DAY = 86400.0


@pytest.fixture
def toy():
    with registered() as engine:
        yield engine


def shown(who: str, message) -> str:
    """A message as the fake recorded it: who saw it, its text, its embeds, its buttons."""
    buttons = [b.get("label") for b in message.buttons]
    text = " / ".join(filter(None, [message.content, message.embed_text.replace("\n", " / ")]))
    return f"{who}: {text}" + (f" {buttons}" if buttons else "")


async def _finished_table(fake, bot, chan, ann, ben) -> Table:
    _, thread = await open_table(fake, chan, ann, "toy", joiners=(ben,), bots=1, options="pile=4")
    game_id = max(g.id for g in await bot.tables.games_in_channel(chan.id))
    game = await bot.tables.game(game_id)
    table = Table(fake, bot, game_id, thread, {game.seat_of(u.id): u for u in (ann, ben)})
    await table.play_to_end()
    return table


async def test_rematch_opens_one_lobby_rotated_inviting_the_players(make_bot, clock, toy):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben, cy = fake.add_user("ann"), fake.add_user("ben"), fake.add_user("cy")
            bot = make_bot(seed=5, clock=clock)
            async with run_bot(bot, fake, commands=True):
                table = await _finished_table(fake, bot, chan, ann, ben)
                old = await table.game()
                assert [s.user_id for s in old.seats] == [ann.id, ben.id, None]
                final = board_of(fake, table.thread, old.id)
                rematch = fake.find_button(final, "Rematch")
                assert rematch["custom_id"] == f"tv:r:{old.id}"
                # a running game's board has no such button, nor has a lobby
                res = await fake.click(cy, final, rematch)  # not a player: nothing opens
                assert res.ephemeral and "Only the players" in res.content
                assert await bot.tables.rematch.rematch_of(old.id) is None
            seen = len(fake.channel_messages(chan))
            bot = make_bot(seed=5, clock=clock)  # a restart: the button still works
            async with run_bot(bot, fake, commands=True):
                res = await fake.click(ben, final, rematch)
                said = [
                    shown("final board (table #1)", final),
                    shown("ben clicks Rematch, to ben", res),
                ]
                assert res.ephemeral and "Your rematch is open: table #" in res.content
                new_id = await bot.tables.rematch.rematch_of(old.id)
                assert f"table #{new_id}" in res.content
                (lobby,) = fake.channel_messages(chan)[seen:]
                # ann is invited by a mention; ben (who asked) and the bot are seated, rotated:
                # ben was seat 2, the bot seat 3, ann seat 1
                assert f"<@{ann.id}> you are invited" in lobby.content
                assert "Invited" in lobby.embed_text and f"1. <@{ben.id}>" in lobby.embed_text
                assert "2. Botty (bot) · easy bot" in lobby.embed_text
                assert "`pile` = `4`" in lobby.embed_text
                said.append(shown("#games", lobby))
                res = await fake.click(ann, final, rematch)  # a second click: the same lobby
                said.append(shown("ann clicks Rematch, to ann", res))
                assert res.ephemeral and f"already open: table #{new_id}" in res.content
                assert str(lobby.id) in res.content  # a link to the lobby message
                assert len(fake.channel_messages(chan)) == seen + 1
            bot = make_bot(seed=5, clock=clock)  # a restart with the lobby open
            async with run_bot(bot, fake, commands=True):
                res = await fake.click(ann, lobby, fake.find_button(lobby, "Join"))
                said.append(shown("ann clicks Join (after a restart), #games", res))
                assert res.response_type == 7 and f"3. <@{ann.id}>" in res.embed_text
                assert "Invited" not in res.embed_text
                res = await fake.click(ben, lobby, fake.find_button(lobby, "Start"))
                said.append(shown("ben clicks Start, #games", res))
                assert res.response_type == 7 and not res.buttons
                await fake.settle()
                game = await bot.tables.game(new_id)
                assert game.status == "running" and game.options == old.options
                assert [s.user_id for s in game.seats] == [ben.id, None, ann.id]
                assert [s.bot for s in game.seats] == [None, "easy", None]
                said.append(
                    shown(
                        "thread of the new table", fake.channel_messages(fake.threads(chan)[-1])[0]
                    )
                )
                for user in (ann, ben):  # names for the people reading it
                    said = [line.replace(f"<@{user.id}>", f"@{user.name}") for line in said]
                print("--- a rematch, as the fake Discord recorded it ---", *said, sep="\n")


async def test_watchers_see_what_a_spectator_sees_and_survive_a_restart(make_bot, clock, toy):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            other = fake.add_guild("Elsewhere")
            chan = fake.add_text_channel(guild, "games")
            there = fake.add_text_channel(other, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            cy, dee = fake.add_user("cy"), fake.add_user("dee")
            bot = make_bot(seed=5, clock=clock)
            async with run_bot(bot, fake, commands=True):
                _, thread = await open_table(
                    fake, chan, ann, "toy", joiners=(ben,), bots=0, options="pile=9"
                )
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                res = await fake.slash(cy, there, "watch", table=game_id)  # another server's
                assert res.ephemeral and f"no table #{game_id} here" in res.content
                res = await fake.slash(cy, chan, "watch", table=game_id)
                assert res.ephemeral and f"You now watch table #{game_id}" in res.content
                res = await fake.slash(cy, chan, "watch", table=game_id)
                assert res.ephemeral and "already watch" in res.content
                await fake.slash(dee, chan, "settings", notify="mention")
                await fake.slash(dee, chan, "watch", table=game_id)
                res = await fake.slash(ann, chan, "watch", table=game_id)  # she plays there
                assert res.ephemeral
                game = await bot.tables.game(game_id)
                table = Table(
                    fake, bot, game_id, thread, {game.seat_of(u.id): u for u in (ann, ben)}
                )
                ann_dms = len(fake.dm_messages(ann))
                for _ in range(3):
                    await table.play_one()
                watched = fake.dm_messages(cy)
                assert watched and all("which you watch" in m.content for m in watched)
                assert all(not m.embeds and not m.components for m in watched)  # no hand, no button
                public = thread_text(fake, thread)
                for message in watched:  # every line a watcher reads, the thread shows
                    for line in message.content.splitlines()[1:]:
                        assert line.removeprefix("> ") in public, line
                assert not fake.dm_messages(dee)
                assert f"<@{dee.id}>: news at this table you watch" in public
                assert not any(
                    "which you watch" in m.content for m in fake.dm_messages(ann)[ann_dms:]
                )
            bot = make_bot(seed=5, clock=clock)  # a restart: the watchers are stored
            async with run_bot(bot, fake, commands=True):
                table.bot = bot
                before = len(fake.dm_messages(cy))
                await table.play_one()
                assert len(fake.dm_messages(cy)) > before
                res = await fake.slash(cy, chan, "unwatch", table=game_id)
                assert res.ephemeral and f"no longer watch table #{game_id}" in res.content
                res = await fake.slash(cy, chan, "unwatch", table=game_id)
                assert res.ephemeral and "do not watch" in res.content
                before = len(fake.dm_messages(cy))
                await table.play_to_end()
                assert len(fake.dm_messages(cy)) == before
                res = await fake.slash(cy, chan, "watch", table=game_id)
                assert res.ephemeral and "is over" in res.content


async def test_games_and_tables_say_who_waits_since_when_and_page(make_bot, clock, toy):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            mod = fake.add_user("mod", admin=True)
            bot = make_bot(seed=5, clock=clock)
            async with run_bot(bot, fake, commands=True):
                res = await fake.slash(ann, chan, "games")
                assert res.ephemeral and "not at any table" in res.content
                _, thread = await open_table(fake, chan, ann, "toy", joiners=(ben,), bots=0)
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                for _ in range(16):  # lobbies enough for a second page
                    await fake.slash(ann, chan, "play", game="toy")
                clock.now += 2 * DAY + 60
            bot = make_bot(seed=5, clock=clock)  # a restart: it is all in the database
            async with run_bot(bot, fake, commands=True):
                res = await fake.slash(ann, chan, "games")
                assert res.ephemeral
                lines = res.content.splitlines()
                assert lines[0] == "**Your turn**"
                assert lines[1].startswith(f"#{game_id} Secret Nim · running · [thread](")
                assert lines[1].endswith("**your turn** · waiting 2 days")
                assert lines[2] == "**Your other tables**" and "Page 1 of 2" in lines[-1]
                assert [b.get("label") for b in res.buttons] == ["Back", "Next"]
                assert res.buttons[0].get("disabled")
                page1 = res.message
                res = await fake.click(ann, page1, fake.find_button(page1, "Next"))
                assert res.response_type == 7 and "Page 2 of 2" in res.content
                assert res.content.startswith("**Your other tables**")
                res = await fake.click(ann, page1, fake.find_button(page1, "Back"))
                assert "Page 1 of 2" in res.content
                # ben moves: his table no longer waits for him, it waits for ann since then
                panel = [m for m in fake.dm_messages(ben) if controls(m)][-1]
                await fake.click(ben, panel, controls(panel)[0][0])
                await fake.settle()
                clock.now += 3 * 3600
                res = await fake.slash(ben, chan, "games")
                assert "**Your turn**" not in res.content and f"#{game_id}" in res.content
                res = await fake.slash(ann, chan, "tables")
                assert res.ephemeral and "manage this server" in res.content
                res = await fake.slash(mod, chan, "tables")
                assert res.ephemeral and "**Running tables in this server**" in res.content
                line = res.content.splitlines()[1]
                assert line.startswith(f"#{game_id} Secret Nim · [thread](")
                assert line.endswith(f"waits for <@{ann.id}> · waiting 2 days")
                assert not res.buttons  # one page
                assert "Secret Nim" in thread_text(fake, thread)
