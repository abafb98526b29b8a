"""Finding one's tables (issue 26): ``/games``, a player's tables, those where it is their turn
first with how long they have waited for them, and ``/tables``, every running table of a server
with whom it waits for and since when (for its admins). Pure lookups: nothing is written.

"Since when" is when the seat's current decision began (``seats.prompt_at``, stored with its
prompt version); a decision that began before that was stored counts from the table's last
change.
"""

from __future__ import annotations

from dataclasses import dataclass

from storage import ACTIVE, GameRecord

from .base import TableBase

MY_TABLES = 500  # the most tables /games lists (a player at more sees the latest ones)
SERVER_TABLES = 1000  # likewise for /tables


@dataclass(frozen=True, slots=True)
class Listed:
    """One table as the lists show it: the seats it waits for (all of them, or only the
    reader's own in /games), since when (None: it waits for nobody), and whether the reader
    must act there."""

    game: GameRecord
    waiting: tuple[int, ...]
    since: float | None
    your_turn: bool = False


def due_since(game: GameRecord, seats: list[int] | tuple[int, ...]) -> float | None:
    """When the longest-waiting of ``seats`` was given its decision (None: no seat)."""
    times = [game.seats[s].prompt_at or game.updated_at for s in seats]
    return min(times, default=None)


class Lists(TableBase):
    """``service.lists``: the tables of a player, and of a server."""

    async def mine(self, user_id: int) -> list[Listed]:
        """A player's open and running tables: where it is their turn first, the longest
        waiting first; then the others, the most recently changed first."""
        turns, others = [], []
        for game in await self.store.games_of_user(user_id, ACTIVE, MY_TABLES):
            seat = game.seat_of(user_id)
            if seat is not None and seat in self.to_act(game):
                turns.append(Listed(game, (seat,), due_since(game, [seat]), True))
            else:
                others.append(Listed(game, (), None))
        turns.sort(key=lambda row: (row.since or 0.0, row.game.id))
        return turns + others

    async def server(self, guild_id: int) -> list[Listed]:
        """Every running table of a server: whom it waits for and since when, the longest
        waiting first."""
        rows = []
        for game in await self.store.games_in_guild(guild_id, ("running",), SERVER_TABLES):
            acting = tuple(self.to_act(game))
            rows.append(Listed(game, acting, due_since(game, acting)))
        return sorted(rows, key=lambda row: (row.since is None, row.since or 0.0, row.game.id))
