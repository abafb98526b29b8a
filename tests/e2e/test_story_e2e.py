"""The thread tells the story (issue 22): three humans play a whole game of every title,
followed only in the thread and their DMs.

* After each move the newest message in the thread is the current board (while the game
  runs); the board is never an edit of an old message (a new board per public update).
* Scrolling up shows every public news line since the game began, in order.
* At most about two thread messages per human move.
* A turn DM says what happened since the player's last move; every player gets the final
  scores, their own, and where to replay the game.
"""

from __future__ import annotations

import pytest

from engines import REGISTRY
from tests.e2e.harness import Table, all_news, alone_with_bots, open_table, running_bot
from tests.fakediscord import FakeDiscord, error_log_guard


async def public_lines(bot, game_id: int) -> list[str]:
    """Every public news line of the game so far (replayed from its log), names filled."""
    news = await all_news(bot, game_id)
    return [line for audience, text in news if audience is None for line in text.split("\n")]


def story(fake, thread) -> list[str]:
    return [ln for m in fake.channel_messages(thread) for ln in (m.content or "").split("\n")]


def missing_from(expected: list[str], told: list[str]) -> list[str]:
    """The lines of ``expected`` not found in ``told`` in order (a subsequence check)."""
    rest = iter(told)
    return [line for line in expected if not any(line == s for s in rest)]


@pytest.mark.parametrize("kind", sorted(REGISTRY))
async def test_three_players_follow_a_whole_game_in_the_thread_and_their_dms(tmp_path, kind):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            users = [fake.add_user(name) for name in ("ann", "bob", "cy")]
            async with running_bot(fake, str(tmp_path / "t.db"), seed=7) as bot:
                bot.tables.turns.bot_pace = 0.0
                _, thread = await open_table(
                    fake, chan, users[0], kind, joiners=tuple(users[1:]), bots=0
                )
                game = (await bot.tables.games_of_user(users[0].id))[0]
                table = Table(fake, bot, game.id, thread, dict(enumerate(users)))
                moves = thread_start = 0
                thread_start = len(fake.channel_messages(thread))
                while (await table.game()).status == "running":
                    await table.play_one()
                    moves += 1
                    game = await table.game()
                    if game.status == "running":
                        assert fake.channel_messages(thread)[-1].id == game.board_message_id
                    lost = missing_from(await public_lines(bot, game.id), story(fake, thread))
                    assert not lost, f"public news missing from the thread: {lost}"
                    assert moves < 3000
                dm_ids = {fake.dm_channel(u).id for u in users}
                since_seen = sum(  # turn DMs as they were sent (later repaints drop it)
                    "Since your last move" in str(r.json)
                    for r in fake.requests
                    if r.method in ("POST", "PATCH")
                    and r.path.startswith(tuple(f"/channels/{dm}/messages" for dm in dm_ids))
                )
                for user in users:
                    dms = fake.dm_messages(user)
                    final = dms[-1].content
                    assert "Final scores" in final and "Your score: **" in final, final
                    assert "/history table:" in final
                # the final scores in the thread name everyone but ping nobody: each was told
                # by DM
                (results,) = [
                    r.json
                    for r in fake.requests
                    if r.method == "POST"
                    and r.path == f"/channels/{thread.id}/messages"
                    and "Final scores" in ((r.json or {}).get("content") or "")
                ]
                assert results["allowed_mentions"].get("users") == []
                posted = len(fake.channel_messages(thread)) - thread_start
                assert posted / moves <= 2.0, (posted, moves)
                assert since_seen, "no turn DM said what happened since the last move"
                # no board was ever an edit of a message more than an hour old
                assert 30046 not in [code for code, _ in fake.aged_refusals]


async def test_a_turn_back_moments_after_a_move_updates_the_panel_without_a_ping(
    make_bot, clock, monkeypatch
):
    """A player who just moved and whose turn comes back right after the bots' answer finds
    their DM panel updated in place (no new DM, no ping); one whose turn comes back later
    (here: a window no turn fits in) is pinged by a new DM."""
    from cogs import messenger

    with error_log_guard():
        async with alone_with_bots(make_bot, clock) as table:
            fake, ann = table.fake, table.users[0]
            quick = later = 0
            for _ in range(40):
                if (await table.game()).status != "running" or (quick >= 2 and later >= 2):
                    break
                # -1: the turn came back late
                window = messenger.FOLLOW_ON if quick <= later else -1.0
                monkeypatch.setattr(messenger, "FOLLOW_ON", window)
                dms = len(fake.dm_messages(ann))
                before = (await table.game()).move_count
                await table.play_one()
                await table.bots_done()
                monkeypatch.undo()
                game = await table.game()
                bots_moved = game.move_count - before > 1
                if game.status != "running" or table.service.to_act(game) != [0] or not bots_moved:
                    continue  # (her next decision right away is shown by her click's answer)
                new = len(fake.dm_messages(ann)) - dms
                panel = await table.panel(ann)  # her current controls, in her DMs
                assert panel.channel_id == fake.dm_channel(ann).id
                if window > 0:
                    assert new == 0, "a new DM although she had just moved"
                    quick += 1
                else:
                    assert new == 1, new
                    later += 1
            assert quick and later, (quick, later)
