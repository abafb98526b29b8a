"""Tavern bot processes of their own against one fake Discord (several processes of one bot).

``python -m tests.e2e.botproc FAKE_URL DATABASE SHARD COUNT [--no-budget]`` runs the real bot
(``bot.create_bot``: shard SHARD of COUNT on DATABASE) against the fake Discord serving at
FAKE_URL (its REST API and gateway, in the test's process), as Discord's token ``fake-token``.
Once the bot is ready and has done what its reminder loop does at start-up (the loop itself is
stopped, so that reminders go out when the test asks) it answers JSON requests, one a line on stdin:
``{"id": 1, "op": "remind"}`` -> ``{"id": 1, "ok": true, "games": N, ...}`` on stdout.
Operations: ``remind`` (the reminder pass, as the loop runs it: only what this process claims),
``budget`` (what it let through). Every answer carries the ERROR records logged so far.
``--no-budget``: the bot keeps to no shared budget (to show what it is for).

``BotProcess`` starts one and speaks to it; ``reminder_wave`` has several send the reminders
of many tables at once, on one PostgreSQL database (``tests/e2e/test_budget_e2e.py``, and
``bench/discord_bench.py``'s figures).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from dataclasses import dataclass

from tests.jsonproc import JsonProcess

API = "/api/v10"


async def _serve(base: str, database: str, shard: int, count: int, budget: bool) -> None:
    import discord.gateway
    import discord.http
    import yarl

    import bot as tavern
    from tests.fakediscord import ErrorLogGuard

    discord.http.Route.BASE = base + API
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http", "ws") + "/")
    discord.gateway.GatewayRatelimiter.__init__.__defaults__ = (1_000_000, 60.0)  # as the fake
    guard = ErrorLogGuard().install()
    out, sys.stdout = sys.stdout, sys.stderr  # the bot's own lines (the ready line) aside

    def reply(request_id: int, **fields) -> None:
        errors = guard.format_records() if guard.records else ""
        out.write(json.dumps({"id": request_id, "ok": True, "errors": errors, **fields}) + "\n")
        out.flush()

    bot = tavern.create_bot(database, shards=([shard], count))
    bot._connection.guild_ready_timeout = 0.05
    await bot.open_store()
    if not budget:
        bot.budget = None
    running = asyncio.create_task(bot.start("fake-token"))

    async def started(what):
        while what() is None:
            if running.done():
                await running  # its failure, told
                raise RuntimeError("the bot stopped before it was ready")
            await asyncio.sleep(0.01)
        return what()

    cog = await started(lambda: bot.get_cog("Tables"))
    cog.reminders.cancel()  # its passes run when asked, below (the loop's first one: now)
    await started(lambda: True if bot.is_ready() else None)
    await cog.send_missed()
    await cog.resume_bots()
    await cog.run_reminders()
    reply(0, ready=True)

    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        request = json.loads(line)
        if request["op"] == "remind":
            reply(request["id"], games=await cog.run_reminders())
        elif request["op"] == "budget":
            b = bot.budget
            reply(
                request["id"],
                requests=b.requests if b else 0,
                round_trips=b.round_trips if b else 0,
                waited=b.waited if b else 0.0,
            )
        else:
            raise ValueError(f"unknown op {request['op']!r}")
    await bot.close()
    await running


class BotProcess(JsonProcess):
    """One bot process, spoken to over its stdin and stdout."""

    died = "bot process died"

    @classmethod
    async def start(
        cls, fake_url: str, database: str, shard: int, count: int, *, budget: bool = True
    ) -> BotProcess:  # logged in, ready, reminders idle
        args = [fake_url, database, str(shard), str(count)] + ([] if budget else ["--no-budget"])
        return await super().start("tests.e2e.botproc", *args)


@dataclass
class Wave:
    """What the fake Discord saw of a reminder wave."""

    reminded: list[int]  # tables each process reminded
    requests: int  # requests the global rate limit counts, from the processes' start to the end
    seconds: float  # the wave's: from asking for it to its last reminder sent
    busiest: int  # the most of those requests in any second
    refused: int  # global 429s
    errors: str  # ERROR records the processes logged


STAGGER = 1.0  # seconds between two processes' reminder passes


async def _tables(database: str, fake, guild, chan, count: int) -> list:
    """``count`` two-player tables started three days ago, made in the database the processes
    share; their records."""
    from storage import Store
    from tables import TableService

    store = await Store.open(database)
    try:
        service = TableService(store, clock=lambda: time.time() - 3 * 86400)
        made = []
        for _ in range(count):
            host, guest = fake.add_user("host"), fake.add_user("guest")
            game = await service.lobby.open_table(
                "ziegen", guild_id=guild.id, channel_id=chan.id, host_id=host.id, host_name="host"
            )
            await service.lobby.join(game.id, guest.id, "guest")
            made.append((await service.lobby.start(game.id, host.id)).game)
        return made
    finally:
        await store.close()


async def _due_in_turn(database: str, games: list, groups: int, began: float) -> None:
    """The reminders of the ``i``-th of ``groups`` shares of ``games`` fall due half a
    ``STAGGER`` before ``began + i * STAGGER`` (wall clock), when process ``i`` is asked for its
    reminder pass: each process claims one share, and they send at once."""
    from storage import Store

    store = await Store.open(database)
    try:
        for i, game in enumerate(games):
            due = began + (i % groups - 0.5) * STAGGER
            assert await store.set_deadline(game.id, game.version, game.deadline_at, due)
    finally:
        await store.close()


async def reminder_wave(database: str, tables: int, processes: int = 3, budget: bool = True):
    """``processes`` bot processes (one shard each) on ``database`` (PostgreSQL) and one fake
    Discord that enforces the global rate limit; once all are ready, ``tables`` tables whose
    reminders fall due a share at a time, and each process runs its reminder pass as its share
    falls due (``STAGGER`` apart: the later ones start while the first still sends). ``budget``
    False: without the shared budget."""
    from tests.fakediscord import GLOBAL_LIMIT, FakeDiscord

    async with FakeDiscord(global_limit=GLOBAL_LIMIT) as fake:
        guild = fake.add_guild("Tavern")
        chan = fake.add_text_channel(guild, "games")
        bots = await asyncio.gather(
            *(
                BotProcess.start(fake.base_url, database, shard, processes, budget=budget)
                for shard in range(processes)
            ),
            return_exceptions=True,
        )
        try:
            for started in bots:
                if isinstance(started, BaseException):
                    raise started
            games = await _tables(database, fake, guild, chan, tables)
            began = time.time() + 0.5
            await _due_in_turn(database, games, processes, began)
            await asyncio.sleep(began - time.time())

            async def remind(i: int) -> dict:
                await asyncio.sleep(i * STAGGER)
                return await bots[i].ask(120, op="remind")

            replies = await asyncio.gather(*(remind(i) for i in range(processes)))
            seconds = time.time() - began
        finally:
            await asyncio.gather(*(b.stop() for b in bots if isinstance(b, BotProcess)))
        return Wave(
            reminded=[r["games"] for r in replies],
            requests=len(fake.global_arrivals),
            seconds=seconds,
            busiest=fake.busiest_second(),
            refused=len(fake.global_429s),
            errors="".join(r["errors"] for r in replies),
        )


if __name__ == "__main__":
    fake_url, database, shard, count, *flags = sys.argv[1:]
    asyncio.run(_serve(fake_url, database, int(shard), int(count), "--no-budget" not in flags))
