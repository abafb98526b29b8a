"""Discord REST calls per player move, measured in the fake Discord during full games, and the
bot's processes keeping together under Discord's global rate limit.

Each game: 2 humans with open DMs and 1 bot seat, every move a button or
select in the player's DM.
Discord lets a bot make 50 requests a second in all (its global rate limit), interaction
endpoints exempt: that, not the database, caps how many games one bot can host. So the figure
that counts is the rate-limited calls per human move: every call a move causes (the board
edit, a DM to the next player when the turn passes...) but the interaction's answer. Target:
a median of at most 2.0 over the four games (``TARGET``); and still at most 3 calls per move
in all, answers included, on average over the games. A human move that only bots answer is
published together with the bots' chain (``cogs/flow.py`` ``play_bots``): one board edit and
one DM for the whole chain, so bot seats add no calls of their own.

Then three bot processes on one PostgreSQL (``TAVERN_BENCH_PG``, as ``concurrency_bench``)
send the reminders of 60 tables at once (``tests/e2e/botproc.py`` ``reminder_wave``): the most
requests the fake Discord saw in any second and its global 429s, with the shared budget
(``cogs/budget.py``) and without it.
"""

from __future__ import annotations

import asyncio
import collections
import os
import statistics
import tempfile
import uuid
from pathlib import Path

from engines import REGISTRY
from tests.e2e.botproc import reminder_wave
from tests.e2e.harness import Table, running_bot
from tests.fakediscord import GLOBAL_LIMIT, FakeDiscord

TARGET = 2.0  # rate-limited calls per human move, the median over the games
PG_ENV = "TAVERN_BENCH_PG"
WAVE_TABLES = 60


async def _game(kind: str, folder: str) -> tuple[int, collections.Counter, int, int]:
    """Human moves, the calls they caused by route, how many of them the global rate limit
    counts, and its 429s."""
    async with FakeDiscord(global_limit=GLOBAL_LIMIT) as fake:
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
            mark, counted = fake.mark(), len(fake.global_arrivals)
            moves = await table.play_to_end(max_moves=5000)
            calls = collections.Counter(f"{c.method} {c.route}" for c in fake.calls_since(mark))
            limited = len(fake.global_arrivals) - counted
            return moves, calls, limited, len(fake.global_429s)


def run() -> list[str]:
    lines, per_move = [], []
    with tempfile.TemporaryDirectory() as folder:
        for kind in sorted(REGISTRY):
            moves, calls, limited, refused = asyncio.run(_game(kind, folder))
            total = sum(calls.values())
            per_move.append(limited / moves)
            lines.append(
                f"{kind:<11} {moves} human moves, {total} REST calls = {total / moves:.2f}/move: "
                f"{limited / moves:.2f} rate-limited, {(total - limited) / moves:.2f} "
                f"interaction answers (exempt); {refused} global 429s"
            )
            for route, n in calls.most_common(6):
                lines.append(f"    {n:>5}  {route}")
    lines.append(
        f"rate-limited calls per human move: median {statistics.median(per_move):.2f} over the "
        f"{len(per_move)} games (target <= {TARGET})"
    )
    return lines + budget_lines()


def budget_lines() -> list[str]:
    """Three bot processes on one PostgreSQL sending the reminders of WAVE_TABLES tables at
    once, with the shared budget and without it."""
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        return [
            f"three processes: skipped, no PostgreSQL given (set {PG_ENV} to a postgresql:// "
            "URL, or run `bash scripts/bench.sh`, which starts a throwaway server)"
        ]
    lines = []
    for budget in (True, False):
        wave = asyncio.run(_wave(url, budget))
        lines.append(
            f"three processes, reminders of {WAVE_TABLES} tables, "
            f"{'shared budget' if budget else 'no budget   '}: {wave.requests} rate-limited "
            f"requests (start-ups included), the wave {wave.seconds:.1f} s, at most "
            f"{wave.busiest} in any second (Discord: {GLOBAL_LIMIT}), {wave.refused} global 429s"
        )
    return lines


async def _wave(url: str, budget: bool):
    import asyncpg

    schema = "bench_" + uuid.uuid4().hex[:10]
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
        sep = "&" if "?" in url else "?"
        return await reminder_wave(f"{url}{sep}search_path={schema}", WAVE_TABLES, budget=budget)
    finally:
        await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        await conn.close()


if __name__ == "__main__":
    print("\n".join(run()))
