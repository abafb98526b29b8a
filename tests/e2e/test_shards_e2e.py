"""Two bot processes, each running one of two shards, on one PostgreSQL database.

The fake routes like Discord: a guild's events (its slash commands and board buttons) go to
shard (guild_id >> 22) % 2, direct messages (the hand buttons) to shard 0. So a game opened
in a guild of shard 1 is played by both processes: its lobby and board by one, the moves
clicked in DMs by the other. Every move is stored once and the game plays to its end.
"""

from __future__ import annotations

import asyncio

import bot as tavern
from tests.e2e.harness import Table, open_table
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot


class SharedTable(Table):
    async def game(self):  # the test peeks at the database, as it is now
        return await self.service.game(self.game_id, latest=True)


def _make(url: str, shard: int):
    bot = tavern.create_bot(url, shards=([shard], 2), seed_source=lambda: 77)
    bot._connection.guild_ready_timeout = 0.05
    return bot


async def test_a_game_is_played_by_two_shard_processes(pg_url):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guilds = []
            while not {0, 1} <= {(g.id >> 22) % 2 for g in guilds}:
                guilds.append(fake.add_guild(f"g{len(guilds)}"))
                await asyncio.sleep(0.002)  # a new millisecond: a new snowflake timestamp
            guild = next(g for g in guilds if (g.id >> 22) % 2 == 1)
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            first, second = _make(pg_url, 0), _make(pg_url, 1)
            async with run_bot(first, fake, commands=True), run_bot(second):
                await asyncio.wait_for(second.wait_until_ready(), 10)
                assert first.shard_ids == [0] and second.shard_ids == [1]
                assert second.get_guild(guild.id) is not None and first.get_guild(guild.id) is None
                moved_by = {0: 0, 1: 0}
                for shard, bot in ((0, first), (1, second)):
                    original = bot.tables.turns.move

                    async def counting(*args, _shard=shard, _original=original, **kwargs):
                        moved_by[_shard] += 1
                        return await _original(*args, **kwargs)

                    bot.tables.turns.move = counting
                lobby, thread = await open_table(fake, chan, ann, "ziegen", joiners=(ben,), bots=0)
                game = (await second.tables.games_of_user(ann.id))[0]
                table = SharedTable(fake, second, game.id, thread, {0: ann, 1: ben})
                played = await table.play_to_end()
                stored = await second.tables.game(game.id, latest=True)
                assert stored.status == "finished"
                log = await second.store.moves(game.id)
                assert len(log) == stored.move_count and [m.n for m in log] == list(
                    range(1, len(log) + 1)
                )
                assert played >= 5 and moved_by[0] >= 1  # DM clicks: the shard 0 process
                assert await second.tables.history.replay(game.id) == stored.state
                assert "Game over" in table.board().embed_text  # the latest board, not an older one
