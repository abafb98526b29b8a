"""Practice tables end to end (issue 26): ``/<game> practice`` opens and starts a game against
bots with one command; the Hint button on the player's DM panel and on "My hand" answers
privately with the hard bot's move and why, playing nothing; the game plays on across a
restart, and ends rating nobody. A normal table's panel has no Hint button."""

from __future__ import annotations

from tests.e2e.harness import Table, board_of, controls, running_bot
from tests.fakediscord import FakeDiscord, error_log_guard

NOT_RATED = "Practice: not rated"


def hint_button(fake, message):
    return fake.find_button(message, "Hint")


async def ask_hint(fake, table: Table, user, message) -> str:
    """Click Hint on ``message``: the answer is private and the game does not change."""
    before = await table.game()
    res = await fake.click(user, message, hint_button(fake, message))
    await fake.settle()
    answer = res.message if res.message is not None else res.followups[-1]
    assert answer.ephemeral, answer.content
    after = await table.game()
    assert (after.version, after.move_count) == (before.version, before.move_count)
    assert "The hard bot would play: **" in answer.content, answer.content
    seat = after.seat_of(user.id)
    labels = [label for _action, label in table.service.choices(after, seat)]
    assert any(f"**{label}**" in answer.content for label in labels), answer.content
    return answer.content


async def test_a_practice_game_with_hints_and_a_restart(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann = fake.add_user("ann")
            async with running_bot(fake, db) as bot:
                bot.tables.turns.bot_seconds = 0.05
                res = await fake.slash(ann, chan, "ziegen practice", level="easy")
                await fake.settle()
                assert not res.ephemeral and "Herr der Ziegen" in res.embed_text
                game = (await bot.tables.games_of_user(ann.id))[0]
                assert game.practice and game.status == "running"
                assert [s.bot for s in game.seats] == [None, "easy", "easy"]
                (thread,) = fake.threads(chan)
                started = [m for m in fake.ephemeral_messages(ann) if "practice game" in m.content]
                assert started and "Hint" in started[-1].content
                table = Table(fake, bot, game.id, thread, {0: ann})
                assert NOT_RATED in board_of(fake, thread, game.id).embed_text
                await table.bots_done()

                # the Hint button on the DM panel, and on "My hand"
                panel = await table.panel(ann)
                assert panel.channel_id == fake.dm_channel(ann).id and controls(panel)
                first = await ask_hint(fake, table, ann, panel)
                assert "Why:" in first and "nothing was played" in first
                res = await fake.click(
                    ann, table.board(), fake.find_button(table.board(), "My hand")
                )
                assert res.ephemeral and hint_button(fake, res.message)
                assert await ask_hint(fake, table, ann, res.message) == first  # the same advice
                # no hint is ever public
                public = "\n".join(m.content for m in fake.channel_messages(thread))
                assert "hard bot would play" not in public
                await table.play_to_end(stop_after=3)

            async with running_bot(fake, db) as bot:  # a restart on the same database
                bot.tables.turns.bot_seconds = 0.05
                table = Table(fake, bot, game.id, thread, {0: ann})
                await table.bots_done()
                panel = await table.panel(ann)
                await ask_hint(fake, table, ann, panel)  # the button works after the restart
                await table.play_to_end()
                game = await table.game()
                assert game.status == "finished" and game.practice
                assert NOT_RATED in board_of(fake, thread, game.id).embed_text
                assert await bot.tables.store.ratings_in_guild(guild.id) == []
                assert (await bot.tables.history.server_stats(guild.id)).games == {}
                res = await fake.slash(ann, chan, "stats", player=ann)
                assert res.ephemeral


async def test_a_normal_tables_panel_has_no_hint(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann = fake.add_user("ann")
            async with running_bot(fake, db) as bot:
                bot.tables.turns.bot_seconds = 0.05
                res = await fake.slash(ann, chan, "play", options={"game": "ziegen"})
                lobby = res.message
                assert NOT_RATED not in res.embed_text
                await fake.click(ann, lobby, fake.find_button(lobby, "Add bot: easy"))
                await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                await fake.settle()
                game = (await bot.tables.games_of_user(ann.id))[0]
                (thread,) = fake.threads(chan)
                table = Table(fake, bot, game.id, thread, {0: ann})
                await table.bots_done()
                panel = await table.panel(ann)
                assert controls(panel)
                assert not [b for b in panel.buttons if b.get("custom_id", "").startswith("tv:i:")]
                assert NOT_RATED not in table.board().embed_text
                # /play practice:True opens a practice table the same way
                res = await fake.slash(
                    ann, chan, "play", options={"game": "wichtel", "practice": True}
                )
                assert NOT_RATED in res.embed_text
                practice = (await bot.tables.games_in_channel(chan.id))[0]
                assert practice.practice
