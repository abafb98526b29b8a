"""Herr der Ziegen end to end: the real discord.py bot against the fake Discord.

A 3-seat game (alice with DMs open, bob with DMs closed, one bot) from /play to final scores,
with a restart mid-game on the same database, refused clicks (non-player, stale), a double
click applied once, and moves both by buttons and by /ziegen move.
"""

from __future__ import annotations

import asyncio

import pictures
from tests.e2e.harness import (
    Table,
    assert_every_board_update_has_its_picture,
    assert_private_news_stayed_private,
    check_picture,
    controls,
    public_texts,
    running_bot,
    use_control,
)
from tests.fakediscord import FakeDiscord, error_log_guard

CLOSED_NOTE = "can't send you direct messages"


async def _open_table(fake, chan, alice, bob, carol):
    res = await fake.slash(
        alice, chan, "play", options={"game": "ziegen", "options": "doubling=chain"}
    )
    assert not res.ephemeral
    lobby = res.message
    assert "Herr der Ziegen" in res.embed_text and "doubling" in res.embed_text
    res = await fake.click(bob, lobby, fake.find_button(lobby, "Join"))
    assert res.response_type == 7 and f"<@{bob.id}>" in res.embed_text
    res = await fake.click(bob, lobby, fake.find_button(lobby, "Join"))
    assert res.ephemeral and "already seated" in res.content
    res = await fake.click(carol, lobby, fake.find_button(lobby, "Start"))
    assert res.ephemeral and "Only the host" in res.content
    res = await fake.click(alice, lobby, fake.find_button(lobby, "Add bot: easy"))
    assert "(bot)" in res.embed_text
    res = await fake.click(alice, lobby, fake.find_button(lobby, "Start"))
    assert res.response_type == 7 and not res.buttons
    await fake.settle()
    (thread,) = fake.threads(chan)
    return lobby, thread


async def test_a_whole_game_with_a_restart(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, bob = fake.add_user("alice"), fake.add_user("bob", dms_open=False)
            carol = fake.add_user("carol")
            async with running_bot(fake, db) as bot:
                lobby, thread = await _open_table(fake, chan, alice, bob, carol)
                game = (await bot.tables.games_of_user(alice.id))[0]
                table = Table(fake, bot, game.id, thread, {0: alice, 1: bob})
                board = table.board()
                assert "Herr der Ziegen" in board.embed_text
                assert fake.find_button(board, "My hand") and fake.find_button(board, "Text board")
                check_picture(board)
                # The words behind the picture, for screen readers: anyone may ask, ephemerally.
                res = await fake.click(carol, board, fake.find_button(board, "Text board"))
                assert res.ephemeral and "Pasture" in res.embed_text
                # Alice got a DM with her hand and controls; bob was told once in the thread.
                assert controls(fake.dm_messages(alice)[-1])
                notes = [m for m in fake.channel_messages(thread) if CLOSED_NOTE in m.content]
                assert len(notes) == 1 and f"<@{bob.id}>" in notes[0].content

                # A non-player is refused and changes nothing.
                res = await fake.click(carol, board, fake.find_button(board, "My hand"))
                assert res.ephemeral and "not playing" in res.content
                res = await fake.slash(carol, thread, "ziegen move", action="take:0")
                assert res.ephemeral

                await table.play_to_end(stop_after=12, slash_every=5)
                midway = (await table.game()).move_count

            # Restart: a new bot process on the same database finishes the game.
            async with running_bot(fake, db) as bot:
                table.bot = bot
                assert (await table.game()).move_count == midway

                # Double click: the same control twice at once is applied once.
                turn = await table.human_to_act()
                seat, user = turn
                panel = await table.panel(user)
                # An ephemeral "My hand" panel opened now goes out of date with the next move
                # (DM panels are repainted, so they never hold stale controls).
                res = await fake.click(
                    user, table.board(), fake.find_button(table.board(), "My hand")
                )
                stale = res.message
                assert controls(stale)
                control = controls(panel)[0]
                before = (await table.game()).move_count
                results = await asyncio.gather(
                    use_control(fake, user, panel, control), use_control(fake, user, panel, control)
                )
                await fake.settle()
                after = (await table.game()).move_count
                assert after >= before + 1
                applied = [r for r in results if r.response_type == 7]  # panel updated
                refused = [r for r in results if r.response_type == 4 and r.ephemeral]
                assert len(applied) == 1 and len(refused) == 1, [r.content for r in results]
                log = [m.action for m in await bot.tables.store.moves(table.game_id)]
                assert log[before] == control[1] or control[0].endswith(log[before])

                # A stale click (a control from an older board) is refused, nothing changes.
                game = await table.game()
                if game.status == "running":
                    count = game.move_count
                    res = await use_control(fake, user, stale, controls(stale)[0])
                    assert res.ephemeral
                    assert "older board" in res.content or "not your turn" in res.content
                    assert (await table.game()).move_count == count

                await table.play_to_end(slash_every=7)
                await fake.settle()
                game = await table.game()
                assert game.status == "finished"
                assert await bot.tables.history.replay(game.id) == game.state
                texts = [m.content for m in fake.channel_messages(thread)]
                assert any("Final scores" in t for t in texts)
                assert "Game over" in str(table.board().embeds[0]["footer"])
                assert "Finished" in fake.message(lobby.id).embed_text
                # The final board shows the picture of the spectator's view, and every board
                # update carried its picture in the same request.
                names = [s.name for s in game.seats]
                assert check_picture(table.board()) == pictures.picture(
                    "ziegen", bot.tables.view(game, None), names
                )
                assert assert_every_board_update_has_its_picture(fake, table) > midway
                assert table.moves_by_slash > 0 and table.moves_by_click > 0
                notes = [m for m in fake.channel_messages(thread) if CLOSED_NOTE in m.content]
                assert len(notes) == 1
                # Hands stay hidden: no private news ("You drew ..." after a returned dog) and no
                # private panel ever reached the channel or the thread.
                await assert_private_news_stayed_private(fake, bot, game.id, chan, thread)
                assert not any("Hand (" in t for t in public_texts(fake, chan, thread))
            assert fake.unknown_calls == []
