"""Discord REST calls per player move, measured in the fake Discord during full games.

Each game: 2 humans with open DMs and 1 bot seat, every move a button or
select in the player's DM.
Target: at most 3 calls per move on average (the interaction answer, the board edit, and a DM
to the next player when the turn passes). A human move that only bots answer is published
together with the bots' chain (``cogs/flow.py`` ``play_bots``): one board edit and one DM for
the whole chain, so bot seats add no calls of their own.
"""

from __future__ import annotations

import asyncio
import collections
import tempfile
from pathlib import Path

from engines import REGISTRY
from tests.e2e.harness import Table, running_bot
from tests.fakediscord import FakeDiscord

TARGET = 3.0


async def _game(kind: str, folder: str) -> tuple[int, collections.Counter]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench")
        chan = fake.add_text_channel(guild, "games")
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        extra = [fake.add_user(f"p{i}") for i in range(REGISTRY[kind].min_players)]
        async with running_bot(fake, str(Path(folder) / f"{kind}.db")) as bot:
            bot.tables.turns.bot_pace = 0.0  # REST calls are counted here, not the bots' pace
            lobby = (await fake.slash(alice, chan, "play", game=kind)).message
            humans = [alice, bob]
            await fake.click(bob, lobby, fake.find_button(lobby, "Join"))
            for user in extra[: max(0, REGISTRY[kind].min_players - 3)]:
                await fake.click(user, lobby, fake.find_button(lobby, "Join"))
                humans.append(user)
            await fake.click(alice, lobby, fake.find_button(lobby, "Add bot: easy"))
            await fake.click(alice, lobby, fake.find_button(lobby, "Start"))
            await fake.settle()
            (thread,) = fake.threads(chan)
            game = (await bot.tables.games_of_user(alice.id))[0]
            table = Table(fake, bot, game.id, thread, {i: u for i, u in enumerate(humans)})
            mark = fake.mark()
            moves = await table.play_to_end(max_moves=5000)
            calls = collections.Counter(f"{c.method} {c.route}" for c in fake.calls_since(mark))
            return moves, calls


def run() -> list[str]:
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        for kind in sorted(REGISTRY):
            moves, calls = asyncio.run(_game(kind, folder))
            callbacks = sum(n for k, n in calls.items() if "/callback" in k)
            total = sum(calls.values())
            lines.append(
                f"{kind:<11} {moves} human moves, {total} REST calls = "
                f"{total / moves:.2f}/move ({callbacks / moves:.2f} interaction answers, "
                f"{(total - callbacks) / moves:.2f} bot-initiated)"
            )
            for route, n in calls.most_common(6):
                lines.append(f"    {n:>5}  {route}")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
