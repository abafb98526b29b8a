"""Playing whole games through the table service on a real SQLite file, for history tests."""

from __future__ import annotations

import random

from tables import TableService

GUILD = 77


async def play_game(
    svc: TableService,
    kind: str,
    humans: list[tuple[int, str]],
    bots: int,
    rnd: random.Random,
    *,
    stop_after: int | None = None,
    on_move=None,
) -> int:
    """Open, seat, start and play a game with random legal human moves; returns its id.

    ``on_move(game)`` is awaited after the start and after each human move while it runs."""
    (host, host_name), *others = humans
    game = await svc.lobby.open_table(
        kind, guild_id=GUILD, channel_id=5, host_id=host, host_name=host_name
    )
    for user, name in others:
        await svc.lobby.join(game.id, user, name)
    for _ in range(bots):
        await svc.lobby.add_bot(game.id, host)
    outcome = await svc.lobby.start(game.id, host)
    game = outcome.game
    played = 0
    while game.status == "running":
        if on_move is not None:
            await on_move(game)
        if stop_after is not None and played >= stop_after:
            break
        seat = rnd.choice(svc.to_act(game))
        action = rnd.choice(svc.engine(kind).legal_actions(svc.state(game), seat))
        game = (await svc.turns.move(game.id, game.seats[seat].user_id, action)).game
        played += 1
        assert played < 5000, "the game did not end"
    return game.id
