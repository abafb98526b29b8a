"""Bot levels end to end: the lobby's level buttons, the board naming each bot's level, the
human answered before the bots move, and /resign handing the seat to a bot of the table's
level."""

from __future__ import annotations

from tests.e2e.harness import Table, running_bot
from tests.fakediscord import FakeDiscord, error_log_guard


async def test_levels_from_the_lobby_to_the_board(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            async with running_bot(fake, db) as bot:
                bot.tables.bot_seconds = 0.05
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
