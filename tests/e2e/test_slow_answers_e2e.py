"""Time passes in the fake (issue 21): Discord forgets an interaction not answered within
3 seconds (404 / 10062, "This interaction failed"), and a 429 makes discord.py wait.

Whatever is slow, no player reads "This interaction failed": an answer not given after
``respond.DEFER_AFTER`` seconds is deferred (``cogs/respond.py``) and given afterwards; and no
table's lock is held while waiting on Discord, so a rate limit at one table holds up no other.
"""

from __future__ import annotations

import asyncio

from cogs import respond
from tables import TableError
from tests.e2e.harness import controls, two_player_table
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot

SLOW = 3.5  # longer than Discord's 3 s: answered only after it, the interaction would fail
LIMITED = 2.5  # the 429's retry_after


def slow_once(monkeypatch, owner, name: str, fail: Exception | None = None) -> list[float]:
    """``owner.name`` (a coroutine method) takes ``SLOW`` seconds more, once (then raises
    ``fail`` if given). Returns where the loop times of the slow call are noted."""
    original = getattr(owner, name)
    noted: list[float] = []

    async def slow(*args, **kwargs):
        if not noted:
            noted.append(asyncio.get_running_loop().time())
            await asyncio.sleep(SLOW)
            if fail is not None:
                raise fail
        return await original(*args, **kwargs)

    monkeypatch.setattr(owner, name, slow)
    return noted


def callback_answered(fake, mark_requests: int) -> bool:
    """An interaction callback was answered (successfully) since ``mark_requests``."""
    return any(
        r.path.startswith("/interactions/") and r.status in (200, 204)
        for r in fake.requests[mark_requests:]
    )


async def test_a_rate_limit_at_one_table_holds_up_no_other(make_bot):
    """A 2.5 s 429 on table A's board while A's move is published: a click at table B is
    answered at once, table A's lock is free meanwhile, and A's move is published after it."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben, cy, dee = (fake.add_user(n) for n in ("ann", "ben", "cy", "dee"))
            bot = make_bot(seed=3)
            async with run_bot(bot, fake, commands=True):
                a = await two_player_table(fake, chan, ann, ben, bot)
                b = await two_player_table(fake, chan, cy, dee, bot)
                panel_a, panel_b = await a.panel(ann), await b.panel(cy)
                board_edits = a.board().edit_count
                moves_a = (await a.game()).move_count

                fake.rate_limit_next("PATCH", f"/channels/{a.thread.id}/messages", LIMITED)
                click_a = asyncio.create_task(fake.click(ann, panel_a, controls(panel_a)[0][0]))
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 5
                while fake.pending_rate_limits:  # A's move is answered, its board edit waits
                    assert loop.time() < deadline, "table A's board was never edited"
                    await asyncio.sleep(0.01)
                limited_at = loop.time()
                assert (await a.game()).move_count == moves_a + 1  # stored already
                lock = bot.tables._lock._locks.get(a.game_id)
                assert lock is None or not lock.locked()  # nobody waits on Discord holding it

                mark = len(fake.requests)
                began = loop.time()
                click_b = asyncio.create_task(fake.click(cy, panel_b, controls(panel_b)[0][0]))
                while not callback_answered(fake, mark):
                    assert loop.time() - began < 1.0, "table B's click was not answered at once"
                    await asyncio.sleep(0.005)
                assert loop.time() - began < 1.0
                assert a.board().edit_count == board_edits  # A's board edit still waits

                res_b, res_a = await click_b, await click_a
                assert res_b.response_type == 7 and res_a.response_type == 7  # not deferred
                await fake.settle()
                assert loop.time() - limited_at >= LIMITED - 0.1
                assert a.board().edit_count == board_edits + 1  # published after the wait
                statuses = [
                    r.status
                    for r in fake.requests
                    if r.method == "PATCH"
                    and r.path == f"/channels/{a.thread.id}/messages/{a.board().id}"
                ]
                assert statuses[-2:] == [429, 200]
                assert (await b.game()).move_count >= 1
                assert not fake.late_interactions
                fake.assert_clean()


async def test_a_slow_database_defers_the_click_and_loses_nothing(make_bot, monkeypatch):
    """Storing a move takes 3.5 s: the click is deferred (nothing shows yet, no "This
    interaction failed"), then the panel the click came from shows the move, and the move is
    published as usual."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(seed=3)
            async with run_bot(bot, fake, commands=True):
                table = await two_player_table(fake, chan, ann, ben, bot)
                panel = await table.panel(ann)
                before = await table.game()
                edits, board_edits = panel.edit_count, table.board().edit_count
                slow = slow_once(monkeypatch, bot.tables.store, "save_state")
                res = await fake.click(ann, panel, controls(panel)[0][0])
                await fake.settle()
                assert slow, "the store was not slowed"
                assert res.response_type == 6  # deferred after 2 s: a deferred update
                assert res.updated_message is panel
                assert panel.edit_count == edits + 1  # then the real answer, in place
                assert not controls(panel)  # the decision is made: its controls are spent
                assert (await table.game()).move_count == before.move_count + 1
                assert table.board().edit_count == board_edits + 1
                assert not fake.late_interactions
                fake.assert_clean()


async def test_a_slow_command_thinks_then_answers_privately(make_bot, monkeypatch):
    """/board with a slow database: "thinking" (ephemeral), then the board by follow-up, still
    only for the one who asked."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(seed=3)
            async with run_bot(bot, fake, commands=True):
                table = await two_player_table(fake, chan, ann, ben, bot)
                slow_once(monkeypatch, bot.tables, "games_in_channel")
                res = await fake.slash(ben, table.thread, "board")
                assert res.response_type == 5 and res.deferred
                assert res.ephemeral and not res.message.loading
                assert "Pasture" in res.embed_text
                assert not fake.late_interactions
                fake.assert_clean()


async def test_a_slow_play_keeps_its_lobby_public_and_its_errors_private(make_bot, monkeypatch):
    """/play declares a public answer: when slow, it thinks publicly and the lobby replaces the
    placeholder (and works: Join, Start, a thread under it); a slow /play that fails answers
    privately (the public placeholder goes)."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(seed=3)
            async with run_bot(bot, fake, commands=True):
                assert bot.tree.get_command("play").extras == respond.PUBLIC_ANSWER
                slow_once(monkeypatch, bot.tables.lobby, "open_table")
                res = await fake.slash(ann, chan, "play", game="ziegen")
                assert res.response_type == 5 and not res.ephemeral
                lobby = res.message
                assert not lobby.loading and fake.find_button(lobby, "Join")
                res = await fake.click(ben, lobby, fake.find_button(lobby, "Join"))
                assert res.response_type == 7 and f"<@{ben.id}>" in res.embed_text
                res = await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                await fake.settle()
                (thread,) = fake.threads(chan)
                assert thread.id == lobby.id  # the thread hangs under the lobby message
                (game,) = await bot.tables.games_in_channel(chan.id)
                assert game.lobby_message_id == lobby.id

                monkeypatch.undo()
                slow_once(
                    monkeypatch, bot.tables.lobby, "open_table", TableError("no tables today")
                )
                res = await fake.slash(ann, chan, "play", game="ziegen")
                assert res.response_type == 5 and res.message.deleted
                (answer,) = res.followups
                assert answer.ephemeral and "no tables today" in answer.content
                assert not any(
                    "no tables today" in (m.content or "") for m in fake.channel_messages(chan)
                )
                assert not fake.late_interactions
                fake.assert_clean()
