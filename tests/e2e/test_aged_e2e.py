"""Weeks pass at a table (issue 21): the fake Discord's clock moves forward, and Discord does
what it does to old things. Each test plays through the real bot and checks that the board
keeps showing the current state and that nothing about the game is lost.

Codes: 30046 (edits of messages older than an hour are limited), 10008 (the board was
deleted), 50083 (the thread archived itself), 10003 (the thread was deleted), 160006 (the
server's maximum of active threads), 50013 / 50001 (a permission or access missing).
"""

from __future__ import annotations

from tests.e2e.harness import Table, alone_with_bots, board_of, controls, open_table
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot

HOUR = 3600.0
DAY = 24 * HOUR


async def advance(table: Table, clock, seconds: float) -> None:
    """Time passes for Discord and for the bot alike."""
    clock.now += seconds
    await table.fake.advance(seconds)


async def assert_board_is_current(table: Table, since: int) -> None:
    """The newest board in the thread is the stored one, and it was posted or edited
    successfully after request number ``since``, i.e. after the last move was stored."""
    fake = table.fake
    game = await table.game()
    board = table.board()
    assert game.board_message_id == board.id
    touched = [
        r
        for r in fake.requests[since:]
        if r.status == 200
        and r.json
        and r.json.get("embeds")
        and (
            (r.method == "POST" and r.path == f"/channels/{table.thread.id}/messages")
            or (r.method == "PATCH" and r.path.endswith(f"/messages/{board.id}"))
        )
    ]
    assert touched, "the board was not brought up to date after the move"


async def assert_dm_controls_are_current(table: Table) -> None:
    """Whoever must act finds their current controls in their DMs (a repaint refused by
    Discord went out as a new DM)."""
    game = await table.game()
    for seat in table.service.to_act(game):
        user = table.users.get(seat)
        if user is None:
            continue
        token = str(game.seats[seat].prompt_version)
        with_controls = [m for m in table.fake.dm_messages(user) if controls(m)]
        assert with_controls and controls(with_controls[-1])[0][0].split(":")[3] == token


async def move(table: Table) -> int:
    """One human move and the bots' answer; returns the request count from before it."""
    since = len(table.fake.requests)
    await table.play_one()
    await table.bots_done()
    return since


async def test_weeks_later_every_update_leaves_the_current_board_at_the_bottom(make_bot, clock):
    """Moves with news post the board anew at the bottom of the thread; the board is never
    an edit of an old message then, and whoever must act has current controls."""
    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            await advance(table, clock, 2 * HOUR)  # the board is now an old message
            for _ in range(6):
                if (await table.game()).status != "running":
                    break
                since = await move(table)
                await assert_board_is_current(table, since)
                await assert_dm_controls_are_current(table)
                assert table.fake.channel_messages(table.thread)[-1].id == table.board().id


async def test_an_old_board_refused_an_edit_by_30046_is_posted_anew(make_bot, clock):
    """An update with nothing to tell (here: abandoning the game) edits the board in place;
    when Discord refuses the edit of an old message (30046), a new board is posted."""
    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            fake, ann = table.fake, table.users[0]
            old = table.board()
            fake.old_edit_limit = 0  # Discord takes no more edits of old messages here
            await advance(table, clock, 2 * HOUR)
            since = len(fake.requests)
            res = await fake.slash(ann, table.thread, "abandon")
            assert res.ephemeral and "abandoned" in res.content
            await fake.settle()
            assert (30046, old.id) in fake.aged_refusals
            board = table.board()
            assert board.id != old.id and "abandoned" in board.embed_text.lower()
            assert (await table.game()).board_message_id == board.id
            assert any(
                r.method == "POST" and r.status == 200 and r.json and r.json.get("embeds")
                for r in fake.requests[since:]
            )


async def test_a_deleted_board_is_posted_again_on_the_next_move(make_bot, clock):
    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            old = table.board()
            await table.fake.delete_message(old)
            since = await move(table)
            await assert_board_is_current(table, since)
            assert table.board().id != old.id


async def test_an_archived_thread_is_woken_and_the_game_goes_on(make_bot, clock):
    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            await advance(table, clock, 8 * DAY)  # past the thread's week of auto-archive
            assert table.thread.archived
            before = (await table.game()).move_count
            since = await move(table)
            assert (50083, table.thread.id) in table.fake.aged_refusals
            assert not table.thread.archived
            await assert_board_is_current(table, since)
            assert (await table.game()).move_count > before


async def test_a_deleted_thread_moves_the_table_to_a_new_one_and_tells_the_host(make_bot, clock):
    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            fake, ann = table.fake, table.users[0]
            old_thread = table.thread
            channel = fake.channels[old_thread.parent_id]
            await fake.delete_channel(old_thread)
            dms = len(fake.dm_messages(ann))
            before = (await table.game()).move_count
            await table.play_one()
            await table.bots_done()
            game = await table.game()
            assert game.move_count > before  # nothing lost, the game went on
            assert game.thread_id != old_thread.id
            new_thread = fake.channels[game.thread_id]
            assert new_thread.parent_id == channel.id and not new_thread.deleted
            table.thread = new_thread
            assert board_of(fake, new_thread, game.id).id == game.board_message_id
            told = [m.content for m in fake.dm_messages(ann)[dms:] if "was deleted" in m.content]
            assert told and f"<#{new_thread.id}>" in told[0], told
            since = await move(table)  # and it goes on there
            await assert_board_is_current(table, since)


async def test_start_at_the_servers_thread_limit_leaves_the_table_open(make_bot):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann = fake.add_user("ann")
            bot = make_bot(seed=3)
            async with run_bot(bot, fake, commands=True):
                _, first_thread = await open_table(fake, chan, ann, "ziegen", bots=1)
                guild.max_active_threads = 1  # the first table's thread fills the server
                res = await fake.slash(ann, chan, "play", options={"game": "ziegen"})
                lobby = res.message
                await fake.click(ann, lobby, fake.find_button(lobby, "Add bot: easy"))
                threads = len(fake.threads(chan))
                res = await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                assert res.ephemeral and "limit of active threads" in res.content
                assert "Start again" in res.content
                await fake.settle()
                assert len(fake.threads(chan)) == threads  # no half-open table
                game_id = max(g.id for g in await bot.tables.games_in_channel(chan.id))
                assert (await bot.tables.game(game_id)).status == "lobby"
                lobby = fake.message(lobby.id)
                assert fake.find_button(lobby, "Start")  # still there to press again
                assert (160006, chan.id) in fake.aged_refusals
                # the host archives a thread, and Start works
                await fake.archive_thread(first_thread)
                res = await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                assert res.response_type == 7 and not res.buttons
                await fake.settle()
                assert (await bot.tables.game(game_id)).status == "running"
                assert len(fake.threads(chan)) == threads + 1


async def test_a_missing_permission_is_told_to_the_host_once(make_bot, clock):
    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            fake, ann = table.fake, table.users[0]
            channel = fake.channels[table.thread.parent_id]
            await fake.deny(channel, "send_messages_in_threads")
            await fake.delete_message(table.board())  # so a new one must be posted
            dms = len(fake.dm_messages(ann))
            before = (await table.game()).move_count
            await table.play_one()
            await table.bots_done()
            await table.play_one()
            await table.bots_done()
            assert (await table.game()).move_count >= before + 2  # the game is untouched
            told = [m.content for m in fake.dm_messages(ann)[dms:] if "missing" in m.content]
            assert len(told) == 1, told  # once
            assert "**Send Messages in Threads**" in told[0] and f"<#{channel.id}>" in told[0]
            assert (50013, table.thread.id) in fake.aged_refusals
            await fake.allow(channel)
            since = await move(table)
            await assert_board_is_current(table, since)  # back at the bottom of the thread


async def test_missing_access_names_view_channel(make_bot, clock):
    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            fake, ann = table.fake, table.users[0]
            channel = fake.channels[table.thread.parent_id]
            await fake.deny(channel, "view_channel")
            dms = len(fake.dm_messages(ann))
            await table.play_one()
            await table.bots_done()
            told = [m.content for m in fake.dm_messages(ann)[dms:] if "missing" in m.content]
            assert len(told) == 1 and "**View Channel**" in told[0], told
            assert (50001, table.thread.id) in fake.aged_refusals


async def test_refused_repaints_of_old_dm_panels_leave_current_controls(make_bot, clock):
    """DM panels older than an hour whose repaints Discord refuses (30046, here every one):
    whoever must act still finds their current controls in their DMs."""
    with error_log_guard():
        async with alone_with_bots(make_bot, clock, "henchmania", bots=1) as table:
            fake = table.fake
            fake.old_edit_limit = 0  # every edit of an old message is refused
            refused_dm = False
            for _ in range(12):
                if (await table.game()).status != "running" or refused_dm:
                    break
                await advance(table, clock, 2 * HOUR)
                # a typed move: the DM panel it was not made from must be repainted
                await table.play_one(slash_every=1)
                await table.bots_done()
                await assert_dm_controls_are_current(table)
                dm = fake.dm_channel(table.users[0])
                refused_dm = refused_dm or any(
                    code == 30046 and fake.messages[mid].channel_id == dm.id
                    for code, mid in fake.aged_refusals
                )
            assert refused_dm, fake.aged_refusals
