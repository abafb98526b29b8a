"""The board picture in the thread: without the Attach Files permission the board goes on in
words; the Text board button answers anyone, ephemerally, with the whole board in words."""

from __future__ import annotations

from tests.e2e.harness import Table, check_picture, open_table, running_bot
from tests.fakediscord import FakeDiscord, error_log_guard


async def test_without_attach_files_the_board_is_text(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            chan.attach_files = False
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            async with running_bot(fake, db) as bot:
                lobby, thread = await open_table(
                    fake, chan, alice, "ziegen", joiners=(bob,), bots=0
                )
                game = (await bot.tables.games_of_user(alice.id))[0]
                table = Table(fake, bot, game.id, thread, {0: alice, 1: bob})
                first = table.board()
                assert first.attachments == [] and "Pasture" in first.embed_text
                await table.play_to_end(stop_after=3)
                game = await table.game()
                assert game.move_count >= 3
                board = table.board()
                assert board.id != first.id or board.edit_count >= 1  # it moved on
                assert all(m.attachments == [] for m in fake.channel_messages(thread))
                assert board.embeds[0]["description"] == bot.tables.board_text(game)
                # the permission comes back: the next update shows the picture again
                chan.attach_files = True
                await table.play_to_end(stop_after=1)
                check_picture(table.board())
            assert fake.unknown_calls == []


async def test_text_board_for_anyone_in_words(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, carol = fake.add_user("alice"), fake.add_user("carol")
            async with running_bot(fake, db) as bot:
                lobby, thread = await open_table(fake, chan, alice, "korrigans")
                game = (await bot.tables.games_of_user(alice.id))[0]
                table = Table(fake, bot, game.id, thread, {0: alice})
                board = table.board()
                check_picture(board)
                summary = board.embeds[0]
                assert "Text board" in summary["description"]
                assert len(summary["description"]) < 600  # a summary, not the board
                scores = bot.tables.view(game, None)["scores"]
                for seat, record in enumerate(game.seats):  # every seat, its mark, score
                    mark = "🟥 R 🟨 Y 🟦 B".split()[2 * seat : 2 * seat + 2]
                    assert (
                        f"{' '.join(mark)} **{record.name}** · {scores[seat]}"
                        in summary["description"]
                    )
                assert summary["footer"]["text"].startswith("Waiting for:")
                res = await fake.click(carol, board, fake.find_button(board, "Text board"))
                assert res.ephemeral and res.response_type == 4
                assert res.message.embeds[0]["description"] == bot.tables.board_text(game)
                assert res.message.attachments == []
            assert fake.unknown_calls == []


async def test_board_command_and_my_hand_show_the_board_picture(tmp_path):
    """/board answers with the board in words and its picture; My hand (the button and /hand)
    shows the same public picture above the player's own panel; both only to the one who asked."""
    import pictures

    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            async with running_bot(fake, db) as bot:
                lobby, thread = await open_table(
                    fake, chan, alice, "henchmania", joiners=(bob,), bots=0
                )
                game = (await bot.tables.games_of_user(alice.id))[0]
                table = Table(fake, bot, game.id, thread, {0: alice, 1: bob})
                await table.play_to_end(stop_after=2)
                game = await table.game()
                view = bot.tables.view(game, None)
                expected = pictures.picture(game.kind, view, bot.tables.names(game))
                res = await fake.slash(bob, thread, "board")
                assert res.ephemeral
                assert check_picture(res.message) == expected
                assert res.message.embeds[0]["description"] == bot.tables.board_text(game)
                board = table.board()
                res = await fake.click(alice, board, fake.find_button(board, "My hand"))
                assert res.ephemeral
                assert check_picture(res.message) == expected  # the public board, nothing more
                res = await fake.slash(bob, thread, "hand")
                assert res.ephemeral and check_picture(res.message) == expected
            assert fake.unknown_calls == []
