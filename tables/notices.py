"""Reminders, what each seat was told, closed DMs, message ids (DM panels too); and the replay
check."""
from __future__ import annotations

import dataclasses

from engines import State
from storage import GameRecord

from .base import TableBase
from .outcome import Notice, Reminder


class NoticesMixin(TableBase):
    # --- reminders and DMs -------------------------------------------------------------------------
    async def due_reminders(self) -> list[Reminder]:
        """Games whose deadline passed: who to remind. Each is re-armed for another period."""
        now = self.clock()
        reminders = []
        for game in await self.store.due_games(now):
            seats = [s for s in self.to_act(game) if not game.seats[s].is_bot]
            await self.store.set_deadline(game.id, now + game.remind_after if seats else None)
            self._cache.pop(game.id, None)
            if seats:
                reminders.append(Reminder(game, seats))
        return reminders

    async def mark_notified(self, game: GameRecord, seat: int) -> None:
        """Remember that ``seat`` was told about its current decision (see ``missed_notices``)."""
        record = game.seats[seat]
        if record.notified_version >= record.prompt_version:
            return
        await self.store.set_notified(game.id, seat, record.prompt_version)
        cached = self._cache.get(game.id)
        if cached is not None and cached.version == game.version:
            seats = list(cached.seats)
            seats[seat] = dataclasses.replace(seats[seat], notified_version=record.prompt_version)
            self._cache[game.id] = dataclasses.replace(cached, seats=seats)
        else:
            self._cache.pop(game.id, None)

    async def missed_notices(self) -> list[tuple[GameRecord, Notice]]:
        """Turn notices that were never delivered (a crash or a Discord failure came between
        storing a move and telling the next player): send them again on start-up."""
        missed = []
        for game in await self.store.unnotified_games():
            for seat in self.to_act(game):
                record = game.seats[seat]
                if not record.is_bot and record.notified_version < record.prompt_version:
                    missed.append((game, Notice(seat, record.user_id, True, [],
                                                record.dm_closed)))
        return missed

    async def mark_dm_closed(self, game_id: int, seat: int) -> bool:
        """Remember that a seat's DMs are closed; True the first time (tell them once)."""
        game = await self.game(game_id)
        if game.seats[seat].dm_closed:
            return False
        await self.store.set_dm_closed(game_id, seat, True)
        self._cache.pop(game_id, None)
        return True

    async def dm_panels(self, game_id: int) -> dict[int, tuple[int, int, int]]:
        """seat -> (DM channel id, message id, token) of the DM showing its controls."""
        return await self.store.dm_panels(game_id)

    async def set_dm_panel(self, game_id: int, seat: int,
                           where: tuple[int, int, int] | None) -> None:
        await self.store.set_dm_panel(game_id, seat, where)

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        await self.store.set_messages(game_id, **ids)
        self._cache.pop(game_id, None)

    # --- checks ------------------------------------------------------------------------------------
    async def replay(self, game_id: int) -> State:
        """Rebuild a game's state from its seed, options and move log."""
        game = await self.game(game_id)
        engine = self.engine(game.kind)
        state = engine.new_game(len(game.seats), game.seed, game.options)
        for move in await self.store.moves(game_id):
            state, _ = engine.apply(state, move.seat, move.action)
        return engine.dump(state)
