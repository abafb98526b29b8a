"""A bot process without Discord, for the tests of several processes on one PostgreSQL.

``python -m tests.storage.worker URL`` opens the store and a table service (toy game), then
answers JSON requests, one a line on stdin, each in its own task (so requests run concurrently,
as interactions do in a bot): ``{"id": 1, "op": "move", ...}`` gets ``{"id": 1, "ok": true, ...}``
on stdout. Operations: move, state, reminders, catch_up (what the bot's cogs do with them).
"""

from __future__ import annotations

import asyncio
import json
import sys

from engines import GameError
from storage import Store
from tables import TableService
from tests.toy import TOY


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


def _game_info(service: TableService, game) -> dict:
    return {
        "version": game.version,
        "move_count": game.move_count,
        "status": game.status,
        "to_act": service.to_act(game),
        "tokens": [s.prompt_version for s in game.seats],
        "users": [s.user_id for s in game.seats],
    }


async def handle(service: TableService, clock: Clock, request: dict) -> dict:
    if "now" in request:
        clock.now = request["now"]
    op = request["op"]
    if op == "move":
        outcome = await service.turns.move(
            request["game"], request["user"], request["action"], request.get("token")
        )
        return _game_info(service, outcome.game)
    if op == "state":
        return _game_info(service, await service.game(request["game"], latest=True))
    if op == "reminders":  # as cogs.table.run_reminders: only what this process claimed
        return {"games": [r.game.id for r in await service.reminders.due_reminders()]}
    if op == "catch_up":  # as cogs.table.send_missed, with a slow "Discord"
        sent = []
        async with service.notices.exclusive("catch-up") as mine:
            if mine:
                for game, notice in await service.notices.catch_up():
                    await asyncio.sleep(request.get("delay", 0))
                    sent.append([game.id, notice.seat])
                    await service.notices.mark_notified(game, notice.seat)
        return {"sent": sent}
    raise ValueError(f"unknown op {op!r}")


async def main(target: str) -> None:
    store = await Store.open(target)
    clock = Clock()
    service = TableService(store, registry={"toy": TOY}, clock=clock, remind_after=3600)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    out = sys.stdout

    async def answer(request: dict) -> None:
        try:
            reply = {"ok": True, **await handle(service, clock, request)}
        except GameError as exc:  # a refusal, as a player would see it
            reply = {"ok": False, "error": type(exc).__name__, "message": str(exc)}
        out.write(json.dumps({"id": request["id"], **reply}) + "\n")
        out.flush()

    tasks = set()
    out.write(json.dumps({"id": 0, "ok": True, "ready": True}) + "\n")
    out.flush()
    while line := await reader.readline():
        task = asyncio.create_task(answer(json.loads(line)))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
