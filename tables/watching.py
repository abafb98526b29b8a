"""Watching a table (issue 26): anyone in a table's server may follow its public news with
``/watch`` (and stop with ``/unwatch``). A watcher is told what a spectator sees, the news the
thread shows, never a hand, by their own notification settings: who is told what is decided by
``plan.plan_watchers`` (DM or mention, quiet hours, the digest after them); a watcher who also
plays at the table is told as a player only.
"""

from __future__ import annotations

from typing import Any

from storage import ACTIVE, GameRecord

from .base import ANYWHERE, TableBase
from .errors import TableError
from .words import m


class Watching(TableBase):
    """``service.watching``: who watches which table."""

    async def watch(self, game_id: int, user_id: int, *, guild_id: Any = ANYWHERE) -> GameRecord:
        """Follow a table of this server (``guild_id``: where the request was made; a table of
        another server is answered as if it did not exist) while it is open or running."""
        game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id, latest=True)
        if game.status not in ACTIVE:
            raise TableError(m("err.watch_over", id=game.id))
        if not await self.store.watch(game.id, user_id, self.clock()):
            raise TableError(m("err.watching_already", id=game.id))
        return game

    async def unwatch(self, game_id: int, user_id: int) -> GameRecord:
        """Stop following a table (from anywhere: one's own watching is no secret to oneself)."""
        game = await self.game(game_id)
        if not await self.store.unwatch(game.id, user_id):
            raise TableError(m("err.not_watching", id=game.id))
        return game

    async def watchers(self, game_id: int) -> list[int]:
        return await self.store.watchers(game_id)

    async def watched(self, user_id: int) -> list[GameRecord]:
        """The open and running tables a user watches."""
        return await self.store.watched_games(user_id)
