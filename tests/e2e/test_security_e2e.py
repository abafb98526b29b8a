"""Tried as another server's admin and as a careless player would (issue 8): a table belongs to
its server, typed text is never echoed in full, odd ids are "no such table"."""
from __future__ import annotations

import bot as tavern
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot


def _bot(path):
    bot = tavern.create_bot(str(path), seed_source=lambda: 3)
    bot._connection.guild_ready_timeout = 0.05
    return bot


async def test_a_table_belongs_to_its_server(tmp_path):
    with error_log_guard():
        async with FakeDiscord() as fake:
            one, two = fake.add_guild("One"), fake.add_guild("Two")
            chan_one, chan_two = fake.add_text_channel(one, "games"), fake.add_text_channel(two, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")  # members of both servers
            # Admin of server Two only; also a plain member of server One.
            mod = fake.add_user("mod", admin_of=[two])
            bot = _bot(tmp_path / "t.db")
            async with run_bot(bot, fake, commands=True):
                lobby = (await fake.slash(ann, chan_one, "play", game="ziegen")).message
                await fake.click(ben, lobby, fake.find_button(lobby, "Join"))
                await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                await fake.settle()
                game = (await bot.tables.games_of_user(ann.id))[0]
                assert game.guild_id == one.id
                tid = game.id

                async def untouched():
                    now = await bot.tables.game(tid)
                    assert now.status == "running" and not any(s.is_bot for s in now.seats)

                # Server Two's admin can't abandon, replace in or look at server One's game.
                for command, opts in (("abandon", {}), ("replace", {"player": ben}),
                                      ("board", {}), ("hand", {}), ("resign", {})):
                    res = await fake.slash(mod, chan_two, command, table=tid, **opts)
                    assert res.ephemeral and f"no table #{tid} here" in res.content, command
                    assert not res.embeds
                await untouched()
                # Nor can players of that game reach it from another server.
                res = await fake.slash(ben, chan_two, "board", table=tid)
                assert res.ephemeral and "no table" in res.content and not res.embeds
                res = await fake.slash(ann, chan_two, "abandon", table=tid)
                assert res.ephemeral and "no table" in res.content
                # Without a table number, server Two finds no game of theirs there.
                res = await fake.slash(ann, chan_two, "abandon")
                assert res.ephemeral and "no running" in res.content
                res = await fake.slash(ben, chan_two, "ziegen move", action="x")
                assert res.ephemeral and "no running" in res.content
                assert await fake.autocomplete(ben, chan_two, "ziegen move", "action",
                                               table=tid) == []
                await untouched()

                # Admin powers hold only in the table's own server: in server One mod is a
                # plain member, and in DMs nobody is an admin.
                res = await fake.slash(mod, chan_one, "abandon", table=tid)
                assert res.ephemeral and "Only the host" in res.content
                res = await fake.slash(mod, chan_one, "replace", table=tid, player=ben)
                assert res.ephemeral and "Only the host" in res.content
                res = await fake.slash(mod, None, "board", table=tid)  # DM: not seated there
                assert res.ephemeral and "no table" in res.content and not res.embeds
                res = await fake.slash(mod, None, "abandon", table=tid)
                assert res.ephemeral and "no table" in res.content
                await untouched()

                # In DMs a player reaches their own tables; in server One everyone sees the board.
                res = await fake.slash(ben, None, "board", table=tid)
                assert res.ephemeral and res.embeds
                res = await fake.slash(mod, chan_one, "board", table=tid)
                assert res.ephemeral and res.embeds
                # And server One's own admin may still close it.
                boss = fake.add_user("boss", admin_of=[one])
                await fake.settle()
                res = await fake.slash(boss, chan_one, "abandon", table=tid)
                assert res.ephemeral and "abandoned" in res.content
                assert (await bot.tables.game(tid)).status == "abandoned"
