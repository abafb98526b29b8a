"""Play again (issue 26): the Rematch button of a finished table opens ONE new lobby in the same
channel, with the same game and options, its players invited (each joins with one click), the
bots back at their levels and the seats rotated by one.

Whoever asks first (a player of the finished game) hosts it and is seated at once, with the
bots; the other players are invited: the lobby names them, and Join seats each at the place the
rotation gave them (``seat_order``), whatever order they come in. A second Rematch click, from
anyone, points to the lobby already opened. A player who resigned or was replaced left the
table: a bot took their seat, and it is not invited again.
"""

from __future__ import annotations

from typing import Any

from storage import GameRecord, SeatRecord

from .base import ANYWHERE, TableBase
from .errors import TableError
from .words import m


def rotated(seats: list[SeatRecord]) -> list[dict]:
    """The seating of a rematch: every seat that still plays (no resigned one) moved one place
    on (the second seat first, the first last); each as ``{"user": id, "name": ...}`` or, for
    a bot, ``{"bot": level, "name": ...}``."""
    kept = [s for s in seats if not s.resigned and (s.is_bot or s.user_id is not None)]
    turned = kept[1:] + kept[:1]
    return [
        {"bot": s.bot, "name": s.name} if s.is_bot else {"user": s.user_id, "name": s.name}
        for s in turned
    ]


def place(seating: list[dict], seat: SeatRecord) -> int | None:
    """Where ``seat`` sits in a planned seating (None: it was not planned)."""
    for i, planned in enumerate(seating):
        if seat.is_bot:
            if planned.get("bot") is not None and planned.get("name") == seat.name:
                return i
        elif planned.get("user") == seat.user_id:
            return i
    return None


def ordered(seating: list[dict] | None, seats: list[SeatRecord]) -> list[SeatRecord]:
    """``seats`` in the planned order; seats that were not planned after them, as they came."""
    if not seating:
        return seats
    after = len(seating)
    return sorted(
        seats,
        key=lambda s: (p if (p := place(seating, s)) is not None else after, seats.index(s)),
    )


class Rematches(TableBase):
    """``service.rematch``: the one rematch of a finished table, its invitations and seating."""

    async def rematch(
        self, game_id: int, user_id: int, name: str, *, guild_id: Any = ANYWHERE
    ) -> tuple[GameRecord, bool]:
        """The rematch of a finished table: (the new lobby, True) when this request opened it,
        (the one opened before, False) otherwise. Only a player of the finished game may open
        it; anyone where the table is may be pointed to an existing one."""
        game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id, latest=True)
        if game.status != "finished":
            raise TableError(m("err.rematch_not_over"))
        existing = await self.store.rematch_of(game.id)
        if existing is not None:
            return await self.game(existing, latest=True), False
        if game.seat_of(user_id) is None:
            raise TableError(m("err.rematch_players"))
        seating = rotated(game.seats)
        seats = [
            SeatRecord(0, None, p["bot"], p["name"])
            if "bot" in p
            else SeatRecord(0, user_id, None, name)
            for p in seating
            if "bot" in p or p["user"] == user_id
        ]
        seats = [SeatRecord(i, s.user_id, s.bot, s.name) for i, s in enumerate(seats)]
        new_id, created = await self.store.create_rematch(
            game.id,
            host_id=user_id,
            seed=self.core.seed(),
            now=self.clock(),
            seats=seats,
            seating=seating,
            lang=await self.table_lang(game),
            away_limit=await self.store.away_limit(game.id),
        )
        self.core.langs.pop(new_id, None)
        return await self.game(new_id, latest=True), created

    async def rematch_of(self, game_id: int) -> int | None:
        """The rematch opened for a finished table, if any."""
        return await self.store.rematch_of(game_id)

    async def seat_order(self, game: GameRecord, seats: list[SeatRecord]) -> list[SeatRecord]:
        """A lobby's seats in the order its rematch planned (unchanged for any other lobby)."""
        return ordered(await self.store.seating(game.id), seats)

    async def invited(self, game: GameRecord) -> list[int]:
        """The players a rematch lobby invited who have not joined yet, in seat order."""
        if game.status != "lobby":
            return []
        seating = await self.store.seating(game.id) or []
        return [
            p["user"]
            for p in seating
            if p.get("user") is not None and game.seat_of(p["user"]) is None
        ]
