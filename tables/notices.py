"""What each seat was told, closed DMs, message ids (DM panels too)."""

from __future__ import annotations

import dataclasses
from contextlib import AbstractAsyncContextManager

from storage import GameRecord

from .base import TableBase
from .outcome import Notice
from .plan import in_quiet_hours


class Notices(TableBase):
    """``service.notices``: what each seat was told (``mark_notified``, ``missed_notices``,
    ``catch_up`` at start-up), closed DMs, DM panels and the table's message ids."""

    # --- what each seat was told, DMs and messages ------------------------------------------------
    async def mark_notified(self, game: GameRecord, seat: int) -> None:
        """Remember that ``seat`` was told about its current decision (see ``missed_notices``)."""
        record = game.seats[seat]
        if record.notified_version >= record.prompt_version:
            return
        await self.store.set_notified(game.id, seat, record.prompt_version)  # never backwards
        cached = self._cache.get(game.id)
        if (
            cached is not None
            and cached.version == game.version
            and cached.seats[seat].notified_version < record.prompt_version
        ):
            seats = list(cached.seats)
            seats[seat] = dataclasses.replace(seats[seat], notified_version=record.prompt_version)
            self._cache[game.id] = dataclasses.replace(cached, seats=seats)
        else:
            self._cache.pop(game.id, None)

    def exclusive(self, name: str) -> AbstractAsyncContextManager[bool]:
        """``async with service.exclusive(name) as mine``: work that one process at a time does
        (the start-up catch-up): ``mine`` is False where another process is doing it."""
        return self.store.exclusive(name)

    async def missed_notices(self) -> list[tuple[GameRecord, Notice]]:
        """Turn notices that were never delivered (a crash or a Discord failure came between
        storing a move and telling the next player). Only seats that must act now count. In a
        game whose reminder fell due meanwhile, every waiting seat gets one, marked as the
        reminder too. A query: see ``catch_up`` for what start-up sends."""
        now = self.clock()
        missed = []
        for game in await self.store.unnotified_games():
            obvious = await self.core.turns.obvious_seats(
                game
            )  # the table takes them: nobody to tell
            waiting = [
                s for s in self.to_act(game) if not game.seats[s].is_bot and s not in obvious
            ]
            due = bool(waiting) and game.deadline_at is not None and game.deadline_at <= now
            for seat in waiting:
                record = game.seats[seat]
                if due or record.notified_version < record.prompt_version:
                    missed.append(
                        (
                            game,
                            Notice(seat, record.user_id, True, [], record.dm_closed, reminder=due),
                        )
                    )
        return missed

    async def catch_up(self) -> list[tuple[GameRecord, Notice]]:
        """On start-up: the missed notices to send now, one DM per seat. Where the reminder fell
        due meanwhile the notice is the reminder: its deadline is re-armed here, so the reminder
        pass sends no second DM (if another pass re-armed it first, only the turn notices that
        were never sent remain, as plain turn notices). A player whose quiet hours held things
        back and have ended meanwhile gets none: their digest (``reminders.due_digests``) says
        it is their turn, in one message (the reminder's deadline is still re-armed)."""
        now = self.clock()
        digest_due = await self._digest_due(now)
        claimed: dict[int, bool] = {}
        out = []
        for game, notice in await self.missed_notices():
            if notice.reminder:
                if game.id not in claimed:
                    claimed[game.id] = await self.core.reminders.rearm(game, now, True)
                if not claimed[game.id]:
                    record = game.seats[notice.seat]
                    if record.notified_version >= record.prompt_version:
                        continue
                    notice = dataclasses.replace(notice, reminder=False)
            if notice.user_id in digest_due:
                continue
            out.append((game, notice))
        return out

    async def _digest_due(self, now: float) -> set[int]:
        """The players with something held back whose quiet hours are over now."""
        users = await self.store.held_users()
        if not users:
            return set()
        prefs = await self.players.settings_of(users)
        return {
            u for u, p in prefs.items() if p.held_since is not None and not in_quiet_hours(p, now)
        }

    async def mark_dm_closed(self, game_id: int, seat: int) -> bool:
        """Remember that a seat's DMs are closed; True the first time (tell them once)."""
        game = await self.game(game_id)
        if game.seats[seat].dm_closed:
            return False
        first = await self.store.set_dm_closed(game_id, seat)
        self._cache.pop(game_id, None)
        return first

    async def dm_panels(self, game_id: int) -> dict[int, tuple[int, int, int]]:
        """seat -> (DM channel id, message id, token) of the DM showing its controls."""
        return await self.store.dm_panels(game_id)

    async def set_dm_panel(
        self, game_id: int, seat: int, where: tuple[int, int, int] | None
    ) -> None:
        await self.store.set_dm_panel(game_id, seat, where)

    async def forget_dm_panels(self, game_id: int) -> None:
        """The game is over: none of its DMs shows controls any more."""
        await self.store.forget_dm_panels(game_id)

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        await self.store.set_messages(game_id, **ids)
        self._cache.pop(game_id, None)
