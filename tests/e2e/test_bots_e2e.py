"""Bot levels end to end: the lobby's level buttons, the board naming each bot's level, the
human answered before the bots move, and /resign handing the seat to a bot of the table's
level."""

from __future__ import annotations

from tests.e2e.harness import Table, alone_with_bots, board_updates, running_bot
from tests.fakediscord import FakeDiscord, error_log_guard


async def test_levels_from_the_lobby_to_the_board(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            async with running_bot(fake, db) as bot:
                bot.tables.turns.bot_seconds = 0.05
                res = await fake.slash(alice, chan, "play", options={"game": "wichtel"})
                lobby = res.message
                await fake.click(bob, lobby, fake.find_button(lobby, "Join"))
                res = await fake.click(alice, lobby, fake.find_button(lobby, "Add bot: easy"))
                assert "easy bot" in res.embed_text
                res = await fake.click(bob, lobby, fake.find_button(lobby, "Add bot: hard"))
                assert res.ephemeral and "Only the host" in res.content
                res = await fake.click(alice, lobby, fake.find_button(lobby, "Add bot: normal"))
                assert "easy bot" in res.embed_text and "normal bot" in res.embed_text
                await fake.click(alice, lobby, fake.find_button(lobby, "Start"))
                await fake.settle()
                game = (await bot.tables.games_of_user(alice.id))[0]
                assert [s.bot for s in game.seats] == [None, None, "easy", "normal"]
                (thread,) = fake.threads(chan)
                table = Table(fake, bot, game.id, thread, {0: alice, 1: bob})
                assert "Botty (bot): easy bot" in table.board().embed_text
                assert "Clank (bot): normal bot" in table.board().embed_text
                await table.play_to_end(stop_after=6)
                await table.bots_done()
                res = await fake.slash(bob, thread, "resign")
                assert res.ephemeral and "resigned" in res.content
                await table.bots_done()
                game = await bot.tables.game(game.id)
                assert game.seats[1].bot == "normal"  # the table's latest bot level
                assert "Bob (resigned): normal bot" in table.board().embed_text


async def test_a_chain_of_bot_moves_is_published_with_one_board_edit(make_bot, clock, monkeypatch):
    """One human move answered by N >= 2 bot moves: ONE board edit shows them all (with the
    human's move), and the human still gets the DM telling them it is their turn. A long
    chain is published as it goes (``CHAIN_FLUSH_SECONDS``)."""
    from cogs import flow

    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            fake, bot, thread, game_id = table.fake, table.bot, table.thread, table.game_id
            ann = table.users[0]
            chains = flushed = 0
            for _ in range(20):
                if (await table.game()).status != "running" or (chains and flushed):
                    break
                flush_each = chains >= 2  # then: a chain flushed after every bot move
                monkeypatch.setattr(flow, "CHAIN_FLUSH_SECONDS", 0.0 if flush_each else 10.0)
                before = (await table.game()).move_count
                updates = len(board_updates(fake, thread, game_id))
                dms = len(fake.dm_messages(ann))
                mark = fake.mark()
                clock.now += 7
                await table.play_one()
                await table.bots_done()
                game = await table.game()
                bot_moves = game.move_count - before - 1
                if bot_moves < 2 or bot.tables.to_act(game) != [0]:
                    continue
                calls = fake.calls_since(mark)
                edits = len(board_updates(fake, thread, game_id)) - updates
                new_dms = fake.dm_messages(ann)[dms:]
                # ann moved moments ago from her DM panel, and only bots answered: that panel
                # shows her controls again, updated in place (no new DM, no ping; issue 22)
                assert not new_dms, [m.content for m in new_dms]
                panel = await table.panel(ann)
                assert panel.channel_id == fake.dm_channel(ann).id and panel.components
                if flush_each:
                    assert edits == bot_moves, (edits, bot_moves)
                    flushed += 1
                    continue
                assert edits == 1, (edits, bot_moves)
                callbacks = [c for c in calls if c.route.endswith("/callback")]
                assert len(callbacks) == 1
                chains += 1
            assert chains >= 2 and flushed >= 1, (chains, flushed)
