"""Reminders and digests, by what each player chose (their reminder interval, timezone and
quiet hours: ``Players``, tables/players.py): when a table reminds whom, and the one message
that replaces a flood (held-back
notices when quiet hours end, several tables' reminders at once).

Quiet hours hold back every turn DM, mention and reminder. A held turn notice needs no storing:
its seat simply stays "not notified" (see ``Notices.missed_notices``); its private news is
stored (``held_news``). When the quiet hours end, ``due_digests`` gathers, per player, every
table where it is their turn plus the news held back, for ONE message.

Reminders: a table's clock re-arms at the shortest interval among the players it waits for
(each player's own interval, or the table's); a player is reminded only when their own interval
has come round (so 72 h means every 72 h, even at a table that also waits for a 24 h player).
"""

from __future__ import annotations

from dataclasses import dataclass

from storage import GameRecord, SeatRecord, UserSettings

from .base import TableBase
from .errors import TableError
from .outcome import Reminder
from .plan import DigestItem, in_quiet_hours, interval, is_away, reminder_due
from .players import REMIND_HOURS, timezones

REMINDER_BATCH = 500  # games read at once by the reminder pass (which reads until none is due)

__all__ = ["REMIND_HOURS", "Digest", "DigestItem", "Reminders", "in_quiet_hours", "timezones"]


@dataclass(slots=True)
class Digest:
    """One message for one player: what waits for them at each of their tables."""

    user_id: int
    settings: UserSettings
    items: list[DigestItem]


class Reminders(TableBase):
    """``service.reminders``: when a table reminds whom (``due_reminders``, ``remind_period``),
    and the one message that replaces what quiet hours held back (``due_digests``)."""

    # --- quiet hours' digest ---------------------------------------------------------------------
    async def due_digests(self) -> list[Digest]:
        """For each player whose quiet hours held something back and are over now: what to
        send, as one message (every table waiting for them, and the news held back). Claimed
        here: a second pass (or process) sends nothing again."""
        now = self.clock()
        out = []
        for user_id in await self.store.held_users():
            settings = await self.players.settings(user_id)
            if settings.held_since is None or in_quiet_hours(settings, now):
                continue
            held = await self.store.take_held(user_id, settings.held_since)
            self.players.changed(user_id)
            if held is None:
                continue
            news: dict[int, list[str]] = {}
            for game_id, text in held:
                news.setdefault(game_id, []).append(text)
            items = []
            games = {g.id: g for g in await self.store.games_of_user(user_id, ("running",))}
            for game_id in news:
                if game_id not in games:
                    try:
                        games[game_id] = await self.game(game_id)
                    except TableError:
                        continue
            for game in games.values():
                seat = game.seat_of(user_id)
                if seat is None:  # a table they watch: only its news held back
                    if news.get(game.id):
                        items.append(DigestItem(game, None, False, news[game.id]))
                    continue
                turn = seat in self.to_act(game)
                if turn or news.get(game.id):
                    items.append(DigestItem(game, seat, turn, news.get(game.id, [])))
            if items:
                out.append(Digest(user_id, settings, sorted(items, key=lambda i: i.game.id)))
        return out

    # --- reminders -------------------------------------------------------------------------------
    def _interval(self, settings: UserSettings, table_after: float) -> float:
        return interval(settings, table_after)

    async def remind_period(
        self,
        seats: list[SeatRecord],
        acting: list[int],
        table_after: float,
        prefs: dict | None = None,
    ) -> float:
        """How long until a table waiting for ``acting`` reminds: the shortest interval among
        its waiting players who are not away (the table's own if none). ``prefs``: the
        players' settings, if already read."""
        users = [seats[s].user_id for s in acting if not seats[s].is_bot]
        now = self.clock()
        if prefs is None or any(u not in prefs for u in users):
            prefs = await self.players.settings_of(users)
        periods = [
            self._interval(prefs[u], table_after) for u in set(users) if not is_away(prefs[u], now)
        ]
        return min(periods, default=table_after)

    async def rearm(self, game: GameRecord, now: float, waiting: bool) -> bool:
        """Push a passed deadline one period on (``remind_period``). Conditional: a move (or
        another pass) that changed the game meanwhile wins, and only the pass that re-armed it
        reminds."""
        period = await self.remind_period(game.seats, self.to_act(game), game.remind_after)
        armed = await self.store.set_deadline(
            game.id, game.version, game.deadline_at, now + period if waiting else None
        )
        self._cache.pop(game.id, None)
        return armed

    async def due_reminders(self) -> list[Reminder]:
        """Every game whose deadline passed (all of them, read in batches), each re-armed for
        another period: who to remind, without the players who are away, and each player only
        when their own interval came round. Sending is paced by Discord's rate limits only."""
        now = self.clock()
        out = []
        for reminder in await self._passed(now):
            game = reminder.game
            prefs = await self.players.settings_of(game.seats[s].user_id for s in reminder.seats)
            period = await self.remind_period(game.seats, reminder.seats, game.remind_after)
            elapsed = (game.deadline_at or now) - game.updated_at
            obvious = await self.core.turns.obvious_seats(game)  # the table takes it: no reminder
            keep = []
            for seat in reminder.seats:
                p = prefs[game.seats[seat].user_id]
                if seat not in obvious and reminder_due(p, now, game.remind_after, period, elapsed):
                    keep.append(seat)
            if keep:
                out.append(Reminder(game, keep))
        return out

    async def _passed(self, now: float) -> list[Reminder]:
        """The tables whose deadline passed, re-armed here, with their waiting human seats."""
        reminders: list[Reminder] = []
        seen: set[int] = set()
        while True:
            batch = [g for g in await self.store.due_games(now, REMINDER_BATCH) if g.id not in seen]
            if not batch:
                return reminders
            for game in batch:
                seen.add(game.id)
                seats = [s for s in self.to_act(game) if not game.seats[s].is_bot]
                if seats and await self.core.clocks.paused(game.id):  # a vote paused it
                    seats = []
                if await self.rearm(game, now, bool(seats)) and seats:
                    reminders.append(Reminder(game, seats))
