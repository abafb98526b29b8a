"""What the benchmarks share: a table service that does not pace (the decisions the table takes
for a player, and bots, wait ``bot_pace`` seconds in a running bot so that timing reveals
nothing: a benchmark measures the work, not that wait), a table opened, filled and started
through it, and a random legal move of whoever may act (users ``host``, ``host + 1``, ... by
seat)."""

from __future__ import annotations

import random

from tables import TableService


def unpaced(store, **kwargs) -> TableService:
    """A table service on ``store`` whose automatic decisions are stored at once."""
    service = TableService(store, **kwargs)
    service.turns.bot_pace = 0.0
    return service


async def started(
    service: TableService, kind: str, players: int, host: int = 100, options: dict | None = None
):
    """A new table of ``kind`` with ``players`` humans, started: its game."""
    game = await service.lobby.open_table(
        kind, guild_id=1, channel_id=1, host_id=host, host_name="p0", options=options
    )
    for seat in range(1, players):
        await service.lobby.join(game.id, host + seat, f"p{seat}")
    return (await service.lobby.start(game.id, host)).game


def random_move(service: TableService, game, rnd: random.Random) -> tuple[int, str]:
    """(user, action): a random legal move of a random seat that may act."""
    seat = rnd.choice(service.to_act(game))
    return game.seats[seat].user_id, rnd.choice(service.choices(game, seat))[0]
