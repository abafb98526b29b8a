"""What each player chose (issue 15): how they are told it is their turn, their reminder
interval, their timezone and quiet hours; and the one message that replaces a flood (held-back
notices when quiet hours end, several tables' reminders at once).

Quiet hours hold back every turn DM, mention and reminder. A held turn notice needs no storing:
its seat simply stays "not notified" (see ``NoticesMixin.missed_notices``); its private news is
stored (``held_news``). When the quiet hours end, ``due_digests`` gathers, per player, every
table where it is their turn plus the news held back, for ONE message.

Reminders: a table's clock re-arms at the shortest interval among the players it waits for
(each player's own interval, or the table's); a player is reminded only when their own interval
has come round (so 72 h means every 72 h, even at a table that also waits for a 24 h player).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from storage import GameRecord, SeatRecord, UserSettings

from .base import TableBase
from .errors import TableError
from .outcome import Reminder
from .plan import DigestItem, in_quiet_hours, interval, is_away, reminder_due
from .players import REMIND_HOURS, timezones

__all__ = ["REMIND_HOURS", "Digest", "DigestItem", "SettingsMixin", "in_quiet_hours", "timezones"]


@dataclass(slots=True)
class Digest:
    """One message for one player: what waits for them at each of their tables."""

    user_id: int
    settings: UserSettings
    items: list[DigestItem]


class SettingsMixin(TableBase):
    # --- the player's own, in ``Players`` (tables/players.py) -------------------------------------
    async def settings_of(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        return await self.players.settings_of(user_ids)

    async def settings(self, user_id: int) -> UserSettings:
        return await self.players.settings(user_id)

    async def change_settings(self, user_id: int, **changes) -> UserSettings:
        return await self.players.change(user_id, **changes)

    def quiet_now(self, settings: UserSettings) -> bool:
        return self.players.quiet_now(settings)

    async def hold(
        self, settings: UserSettings, game_id: int | None = None, news: list[str] | None = None
    ) -> None:
        await self.players.hold(settings, game_id, news)

    # --- the player at their tables --------------------------------------------------------------
    async def auto_seats(self, game: GameRecord) -> set[int]:
        """The human seats whose player lets the table take their obvious decisions (a
        decision with one legal action, at the bots' pace: ``botplay.obvious_seats``)."""
        humans = {s.user_id: s.seat for s in game.seats if not s.is_bot and s.user_id is not None}
        if not humans:
            return set()
        prefs = await self.settings_of(humans)
        return {humans[u] for u, p in prefs.items() if p.obvious == "auto"}

    async def due_digests(self) -> list[Digest]:
        """For each player whose quiet hours held something back and are over now: what to
        send, as one message (every table waiting for them, and the news held back). Claimed
        here: a second pass (or process) sends nothing again."""
        now = self.clock()
        out = []
        for user_id in await self.store.held_users():
            settings = await self.settings(user_id)
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
                if seat is None:
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
        self, seats: list[SeatRecord], acting: list[int], table_after: float
    ) -> float:
        """How long until a table waiting for ``acting`` reminds: the shortest interval among
        its waiting players who are not away (the table's own if none)."""
        users = [seats[s].user_id for s in acting if not seats[s].is_bot]
        now = self.clock()
        periods = [
            self._interval(p, table_after)
            for p in (await self.settings_of(users)).values()
            if not is_away(p, now)
        ]
        return min(periods, default=table_after)

    async def _rearm(self, game: GameRecord, now: float, waiting: bool) -> bool:
        period = await self.remind_period(game.seats, self.to_act(game), game.remind_after)
        armed = await self.store.set_deadline(
            game.id, game.version, game.deadline_at, now + period if waiting else None
        )
        self._cache.pop(game.id, None)
        return armed

    async def due_reminders(self) -> list[Reminder]:
        """The tables' due reminders, without the players who are away, and each player only
        when their own interval came round."""
        now = self.clock()
        out = []
        for reminder in await super().due_reminders():
            game = reminder.game
            prefs = await self.settings_of(game.seats[s].user_id for s in reminder.seats)
            period = await self.remind_period(game.seats, reminder.seats, game.remind_after)
            elapsed = (game.deadline_at or now) - game.updated_at
            obvious = await self.obvious_seats(game)  # the table takes it: nothing to remind
            keep = []
            for seat in reminder.seats:
                p = prefs[game.seats[seat].user_id]
                if seat not in obvious and reminder_due(p, now, game.remind_after, period, elapsed):
                    keep.append(seat)
            if keep:
                out.append(Reminder(game, keep))
        return out
