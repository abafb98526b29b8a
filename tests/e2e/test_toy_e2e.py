"""The tests' toy game (``tests/toy/``), registered as a real game is, played end to end in the
fake Discord: the path a new game takes (``docs/new-game.md``) stays open. Nothing outside
``tests/toy/`` names it: the lobby, its /toy command group (its cog found by ``Engine.part``),
its board picture, its guide and card reference, and the fair-play check all come from the
registry."""

from __future__ import annotations

import pytest

import bot as tavern
from tests.e2e.harness import (
    Table,
    assert_every_board_update_has_its_picture,
    check_picture,
    open_table,
    running_bot,
)
from tests.fakediscord import FakeDiscord, error_log_guard
from tests.toy import registered


@pytest.fixture
def toy():
    with registered() as engine:
        yield engine


async def test_the_toy_game_plays_end_to_end_as_a_registered_game(tmp_path, toy):
    assert "tests.toy.cog" in tavern.cogs()
    tavern.check_games()  # every part of every registered game, the toy's too, is found
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            async with running_bot(fake, str(tmp_path / "tavern.db")) as bot:
                res = await fake.slash(alice, chan, "toy rules")
                assert res.ephemeral and "Secret Nim" in res.embed_text
                assert "Page 1 of 2" in res.embed_text  # the options page follows, from its engine
                res = await fake.slash(alice, chan, "toy card", name="secret2")
                assert res.ephemeral and "Secret token · value 2" in res.embed_text
                _, thread = await open_table(
                    fake, chan, alice, "toy", joiners=(bob,), bots=1, options="pile=9"
                )
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                game = await bot.tables.game(game_id)
                users = {game.seat_of(u.id): u for u in (alice, bob)}
                table = Table(fake, bot, game_id, thread, users)
                check_picture(table.board())  # its own board picture, not a text-only board
                await table.play_to_end(slash_every=3)  # some moves by /toy move
                assert (await table.game()).status == "finished"
                assert table.moves_by_slash and table.moves_by_click
                assert assert_every_board_update_has_its_picture(fake, table)
