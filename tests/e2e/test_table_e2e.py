"""The shared table commands end to end: cancel, reminders, /games, /hand, /board, /resign,
/abandon, option errors; all through the real discord.py client and the fake Discord."""

from __future__ import annotations

from engines import REGISTRY
from tests.e2e.harness import board_of, controls, open_table, thread_text
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot


async def _start(fake, chan, host, guest, **play):
    return await open_table(fake, chan, host, "ziegen", joiners=(guest,), bots=0, **play)


async def test_lobby_commands_reminders_and_leaving(make_bot, clock):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben, cy = fake.add_user("ann"), fake.add_user("ben"), fake.add_user("cy")
            bot = make_bot(clock=clock, remind_after=3600.0)
            async with run_bot(bot, fake, commands=True):
                # Bad options are refused with a friendly, ephemeral message.
                res = await fake.slash(
                    ann, chan, "play", options={"game": "ziegen", "options": "colour=red"}
                )
                assert res.ephemeral and "no option 'colour'" in res.content
                res = await fake.slash(
                    ann, chan, "play", options={"game": "ziegen", "options": "doubling"}
                )
                assert res.ephemeral and "key=value" in res.content
                choices = await fake.autocomplete(
                    ann, chan, "play", "options", typed="dou", game="ziegen"
                )
                assert {c["value"] for c in choices} == {"doubling=line", "doubling=chain"}

                # Cancel closes a lobby for good.
                lobby = (await fake.slash(ann, chan, "play", game="ziegen")).message
                res = await fake.click(ben, lobby, fake.find_button(lobby, "Cancel"))
                assert res.ephemeral and "Only the host" in res.content
                res = await fake.click(ann, lobby, fake.find_button(lobby, "Cancel"))
                assert "closed" in res.embed_text and not res.buttons

                lobby, thread = await _start(fake, chan, ann, ben, remind_hours=2)
                game_id = 2
                res = await fake.slash(cy, chan, "hand")
                assert res.ephemeral and "no running" in res.content
                res = await fake.slash(ann, chan, "games")
                assert res.ephemeral and "Herr der Ziegen" in res.content and "#2" in res.content
                res = await fake.slash(ben, thread, "board")
                assert res.ephemeral and "Pasture" in res.embed_text
                res = await fake.slash(ben, thread, "hand")
                assert res.ephemeral and "Hand (Yellow)" in res.embed_text

                # Reminders: nothing before the deadline, one DM per waiting player after it.
                cog = bot.get_cog("Tables")
                dms = {u.name: len(fake.dm_messages(u)) for u in (ann, ben)}
                assert await cog.run_reminders() == 0
                clock.now += 2 * 3600 + 1
                assert await cog.run_reminders() == 1
                await fake.settle()
                for user in (ann, ben):  # the opening decision is for both at once
                    new = fake.dm_messages(user)[dms[user.name] :]
                    assert len(new) == 1 and "Reminder" in new[0].embeds[0]["title"]
                    assert controls(new[0])
                assert await cog.run_reminders() == 0  # re-armed, not repeated

                # A thread Discord archived after a quiet week wakes up on the next move (a
                # secret choice: the board is edited in place, nothing public to tell).
                await fake.archive_thread(thread)
                board = board_of(fake, thread, game_id)
                edits = board.edit_count
                res = await fake.slash(ann, thread, "hand")
                panel = res.message
                assert controls(panel)
                res = await fake.click(ann, panel, controls(panel)[0][0])
                await fake.settle()
                assert not fake._channel(thread).archived
                assert board_of(fake, thread, game_id).id == board.id
                assert board.edit_count > edits  # the board moved on

                # The choices are revealed: the news and the new board, one new message at the
                # bottom of the thread. A 429 on it is waited out and retried.
                fake.rate_limit_next("POST", f"/channels/{thread.id}/messages", retry_after=0.05)
                game = (await bot.tables.games_of_user(ann.id))[0]
                seat = bot.tables.to_act(game)[0]
                user = (ann, ben)[seat]
                res = await fake.slash(user, thread, "hand")
                mark = fake.mark()
                await fake.click(user, res.message, controls(res.message)[0][0])
                await fake.settle()
                assert (await bot.tables.game(game.id)).move_count == game.move_count + 1
                assert fake.pending_rate_limits == 0
                new_board = board_of(fake, thread, game_id)
                assert new_board.id != board.id and new_board.content  # the news above it
                assert fake.channel_messages(thread)[-1].id == new_board.id
                calls = fake.calls_since(mark)
                posts = [c for c in calls if c.method == "POST" and "/channels/" in c.route]
                patches = [c for c in calls if c.method == "PATCH"]
                # the refused post and its retry; the mover's DM panel repainted (the move came
                # from /hand, so that DM's buttons went out of date)
                assert len([c for c in posts if c.route.endswith("/messages")]) >= 2
                assert len(patches) == 1

                # Resign: a bot takes the seat, the thread is told.
                res = await fake.slash(ben, thread, "resign")
                assert res.ephemeral and "resigned" in res.content
                await fake.settle()
                game = (await bot.tables.games_of_user(ann.id))[0]
                assert game.seats[1].is_bot and game.status == "running"
                # Abandon: host only.
                res = await fake.slash(ben, thread, "abandon", table=game.id)
                assert res.ephemeral
                res = await fake.slash(ann, thread, "abandon")
                assert res.ephemeral and "abandoned" in res.content
                await fake.settle()
                assert (await bot.tables.game(game.id)).status == "abandoned"
                assert any("abandoned" in m.content for m in fake.channel_messages(thread))
                assert "closed" in fake.message(lobby.id).embed_text
                res = await fake.slash(ann, thread, "hand")
                assert res.ephemeral and "no running" in res.content
            assert fake.unknown_calls == []


async def test_every_game_has_its_command_group_with_rules(make_bot):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann = fake.add_user("ann")
            bot = make_bot()
            async with run_bot(bot, fake, commands=True):
                names = {c["name"] for c in fake.commands[None]}
                assert {"play", "games", "hand", "board", "resign", "abandon"} <= names
                for kind, engine in REGISTRY.items():
                    assert kind in names
                    res = await fake.slash(ann, chan, f"{kind} rules")
                    assert res.ephemeral and engine.title in res.embed_text
                    assert {b["label"] for b in res.buttons} == {"◀ Back", "Next ▶"}
                    res = await fake.slash(ann, chan, f"{kind} move", action="x")
                    assert res.ephemeral and "no running" in res.content


async def test_a_turn_notice_lost_in_a_crash_is_sent_on_the_next_start(make_bot):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(3)
            async with run_bot(bot, fake, commands=True):
                await _start(fake, chan, ann, ben)
                game = (await bot.tables.games_of_user(ann.id))[0]
                # Both decide the opening at once; answer for both, as if through Discord,
                # but "crash" before anyone is told what comes next.
                for seat, user in enumerate((ann, ben)):
                    game = await bot.tables.game(game.id)
                    if seat in bot.tables.to_act(game):
                        action = bot.tables.choices(game, seat)[0][0]
                        await bot.tables.turns.move(game.id, user.id, action)
                game = await bot.tables.game(game.id)
                waiting = [s for s in bot.tables.to_act(game)]
                assert waiting and len(await bot.tables.notices.missed_notices()) == len(waiting)
                before = {u.id: len(fake.dm_messages(u)) for u in (ann, ben)}
            bot = make_bot()
            async with run_bot(bot, fake, commands=True):
                for _ in range(100):
                    await fake.settle()
                    if not await bot.tables.notices.missed_notices():
                        break
                assert await bot.tables.notices.missed_notices() == []
                for seat in waiting:
                    user = (ann, ben)[seat]
                    new = fake.dm_messages(user)[before[user.id] :]
                    assert len(new) == 1 and controls(new[0])


async def test_host_replaces_an_absent_player_and_an_admin_may_close_any_table(make_bot):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben, cy = fake.add_user("ann"), fake.add_user("ben"), fake.add_user("cy")
            mod = fake.add_user("mod", admin=True)
            bot = make_bot()
            async with run_bot(bot, fake, commands=True):
                lobby = (await fake.slash(ann, chan, "play", game="ziegen")).message
                for user in (ben, cy):
                    await fake.click(user, lobby, fake.find_button(lobby, "Join"))
                await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                await fake.settle()
                thread = fake.threads(chan)[-1]
                game = (await bot.tables.games_of_user(ann.id))[0]
                # Only the host replaces someone; a player can't replace another.
                res = await fake.slash(ben, thread, "replace", player=cy)
                assert res.ephemeral and "Only the host" in res.content
                res = await fake.slash(ann, thread, "replace", player=mod)
                assert res.ephemeral and "no seat" in res.content
                res = await fake.slash(ann, thread, "replace", player=cy)
                assert res.ephemeral and "A bot now plays" in res.content
                await fake.settle()
                game = await bot.tables.game(game.id)
                assert game.seats[2].is_bot and "replaced" in game.seats[2].name
                assert 2 not in [s for s in bot.tables.to_act(game) if not game.seats[s].is_bot]
                assert "Cy was replaced" in thread_text(fake, thread)
                # A plain member can't close someone else's table; a server admin can.
                res = await fake.slash(ben, thread, "abandon")
                assert res.ephemeral and "Only the host" in res.content
                res = await fake.slash(mod, thread, "abandon", table=game.id)
                assert res.ephemeral and "abandoned" in res.content
                assert (await bot.tables.game(game.id)).status == "abandoned"


async def test_an_unexpected_error_still_gets_a_friendly_answer(make_bot):
    with error_log_guard() as guard:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot()
            async with run_bot(bot, fake, commands=True):
                lobby, thread = await _start(fake, chan, ann, ben)
                board = board_of(fake, thread, 1)

                def broken(*args, **kwargs):
                    raise RuntimeError("a bug")

                real = bot.tables.seat_texts
                bot.tables.seat_texts = broken
                res = await fake.click(ann, board, fake.find_button(board, "My hand"))
                assert res.ephemeral and "Nothing you did was lost" in res.content
                bot.tables.seat_texts = real
                bot.tables.lists.mine = broken  # what /games asks
                res = await fake.slash(ann, chan, "games")
                assert res.ephemeral and "Nothing you did was lost" in res.content
                assert len(guard.records) == 2  # both were logged in full
                guard.clear()
