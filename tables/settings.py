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

import dataclasses
import zoneinfo
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from storage import NOTIFY_MODES, OBVIOUS_MODES, GameRecord, SeatRecord, UserSettings

from .base import TableBase
from .caches import LRU
from .errors import TableError, quote
from .outcome import Reminder
from .plan import DigestItem, in_quiet_hours, interval, is_away, reminder_due
from .words import m

REMIND_HOURS = (1, 72)  # the range a player may choose
SETTINGS_KEPT = 10_000  # players whose settings stay in memory (SQLite only)
HOURS = range(24)


@cache
def timezones() -> tuple[str, ...]:
    """Every IANA timezone name this machine knows, sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


@dataclass(slots=True)
class Digest:
    """One message for one player: what waits for them at each of their tables."""

    user_id: int
    settings: UserSettings
    items: list[DigestItem]


class SettingsMixin(TableBase):
    # --- reading them ----------------------------------------------------------------------------
    def _settings_cache(self) -> LRU[int, UserSettings] | None:
        """Settings read before, kept in memory while this process is the store's only writer
        (SQLite): every change goes through ``_changed``. On a store that other processes share
        (PostgreSQL) each read goes to the database."""
        if self.store.shared:
            return None
        cache = getattr(self, "_settings_kept", None)
        if cache is None:
            cache = self._settings_kept = LRU(SETTINGS_KEPT)
        return cache

    def _changed(self, user_id: int) -> None:
        cache = self._settings_cache()
        if cache is not None:
            cache.pop(user_id, None)

    async def settings_of(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        """user id -> settings (the defaults for a player who never chose)."""
        ids = set(user_ids)
        cache = self._settings_cache()
        if cache is None:
            return await self.store.user_settings(ids)
        out = {i: cache.get(i) for i in ids}
        missing = [i for i, p in out.items() if p is None]
        if missing:
            for i, p in (await self.store.user_settings(missing)).items():
                cache[i] = out[i] = p
        return out

    async def settings(self, user_id: int) -> UserSettings:
        return (await self.settings_of([user_id]))[user_id]

    async def auto_seats(self, game: GameRecord) -> set[int]:
        """The human seats whose player lets the table take their obvious decisions (a
        decision with one legal action, at the bots' pace: ``botplay.obvious_seats``)."""
        humans = {s.user_id: s.seat for s in game.seats if not s.is_bot and s.user_id is not None}
        if not humans:
            return set()
        prefs = await self.settings_of(humans)
        return {humans[u] for u, p in prefs.items() if p.obvious == "auto"}

    # --- a player's choices ----------------------------------------------------------------------

    async def change_settings(
        self,
        user_id: int,
        *,
        notify: str | None = None,
        remind_hours: int | None = None,
        timezone: str | None = None,
        quiet_start: int | None = None,
        quiet_end: int | None = None,
        quiet_off: bool = False,
        obvious: str | None = None,
    ) -> UserSettings:
        """Change what is given (the rest stays); every value is checked before anything is
        stored. Quiet hours need both ends (given now, or stored before). ``obvious``: "auto"
        (the table takes a decision with one legal action, at the bots' pace) or "ask"."""
        old = await self.settings(user_id)
        if notify is not None and notify not in NOTIFY_MODES:
            raise TableError(m("err.notify_mode", modes=", ".join(NOTIFY_MODES)))
        if obvious is not None and obvious not in OBVIOUS_MODES:
            raise TableError(m("err.obvious_mode", modes=", ".join(OBVIOUS_MODES)))
        low, high = REMIND_HOURS
        if remind_hours is not None and not low <= remind_hours <= high:
            raise TableError(m("err.remind_every", low=low, high=high))
        if timezone is not None:
            timezone = timezone.strip()
            if timezone not in timezones():
                raise TableError(m("err.timezone", tz=quote(timezone)))
        for hour in (quiet_start, quiet_end):
            if hour is not None and hour not in HOURS:
                raise TableError(m("err.quiet_hours"))
        new = dataclasses.replace(
            old,
            notify=notify or old.notify,
            remind_hours=remind_hours if remind_hours is not None else old.remind_hours,
            timezone=timezone or old.timezone,
            obvious=obvious or old.obvious,
        )
        if quiet_off:
            new = dataclasses.replace(new, quiet_start=None, quiet_end=None)
        elif quiet_start is not None or quiet_end is not None:
            start = quiet_start if quiet_start is not None else old.quiet_start
            end = quiet_end if quiet_end is not None else old.quiet_end
            if start is None or end is None:
                raise TableError(m("err.quiet_both"))
            new = dataclasses.replace(new, quiet_start=start, quiet_end=end)
        await self.store.save_user_settings(new)
        self._changed(user_id)
        return new

    # --- quiet hours -----------------------------------------------------------------------------
    def quiet_now(self, settings: UserSettings) -> bool:
        return in_quiet_hours(settings, self.clock())

    async def hold(
        self, settings: UserSettings, game_id: int | None = None, news: list[str] | None = None
    ) -> None:
        """Something for this player came during their quiet hours: keep it for later."""
        await self.store.hold(settings.user_id, self.clock(), game_id, news or ())
        self._changed(settings.user_id)

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
            self._changed(user_id)
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
