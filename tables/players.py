"""Each player's own (issue 15): their settings, their language, what their quiet hours held
back. A service of its own: it knows no table, only the store and the clock (the table service
reaches it as ``TableService.players``; ``tables/reminders.py`` and ``tables/away.py`` build on
it for what concerns tables).
"""

from __future__ import annotations

import dataclasses
import zoneinfo
from collections.abc import Callable, Iterable
from functools import cache

from engines.translations import language
from storage import NOTIFY_MODES, OBVIOUS_MODES, Store, UserSettings

from .caches import LRU
from .errors import TableError, quote
from .plan import in_quiet_hours
from .words import m

REMIND_HOURS = (1, 72)  # the range a player may choose


def whole(value: object) -> bool:
    """An int that is not a bool (``True`` is an int to Python, not a number of hours)."""
    return isinstance(value, int) and not isinstance(value, bool)


SETTINGS_KEPT = 10_000  # players whose settings stay in memory (SQLite only)
LANGS_KEPT = 10_000  # users' languages kept in memory (least recently used go)
HOURS = range(24)


@cache
def timezones() -> tuple[str, ...]:
    """Every IANA timezone name this machine knows, sorted; not "localtime" (the host's own
    zone) nor "Factory" and "posixrules" (no zones a player lives in)."""
    return tuple(sorted(zoneinfo.available_timezones() - NOT_ZONES))


NOT_ZONES = frozenset({"localtime", "Factory", "posixrules"})


class Players:
    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self._settings: LRU[int, UserSettings] | None = None
        self._langs: LRU[int, str] = LRU(LANGS_KEPT)

    # --- settings --------------------------------------------------------------------------------
    def _settings_cache(self) -> LRU[int, UserSettings] | None:
        """Settings read before, kept in memory while this process is the store's only writer
        (SQLite): every change goes through ``changed``. On a store that other processes share
        (PostgreSQL) each read goes to the database."""
        if self.store.shared:
            return None
        if self._settings is None:
            self._settings = LRU(SETTINGS_KEPT)
        return self._settings

    def changed(self, user_id: int) -> None:
        """A player's stored settings changed (away, held news...): read them again."""
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

    async def change(
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
        if remind_hours is not None and not (
            whole(remind_hours) and low <= remind_hours <= high
        ):  # a whole number of hours: 1.5 would be stored and shown as such
            raise TableError(m("err.remind_every", low=low, high=high))
        if timezone is not None:
            timezone = timezone.strip()
            if timezone not in timezones():
                raise TableError(m("err.timezone", tz=quote(timezone)))
        for hour in (quiet_start, quiet_end):
            if hour is not None and (not whole(hour) or hour not in HOURS):
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
        self.changed(user_id)
        return new

    # --- quiet hours -----------------------------------------------------------------------------
    def quiet_now(self, settings: UserSettings) -> bool:
        return in_quiet_hours(settings, self.clock())

    async def hold(
        self, settings: UserSettings, game_id: int | None = None, news: list[str] | None = None
    ) -> None:
        """Something for this player came during their quiet hours: keep it for later."""
        await self.store.hold(settings.user_id, self.clock(), game_id, news or ())
        self.changed(settings.user_id)

    # --- language --------------------------------------------------------------------------------
    async def remember_lang(self, user_id: int, tag: str | None) -> str:
        """A user's language, from their latest command or click; stored when it changed."""
        lang = language(tag)
        if self._langs.get(user_id) != lang:
            if await self.store.user_lang(user_id) != lang:
                await self.store.set_user_lang(user_id, lang)
            self._langs[user_id] = lang
        return lang

    async def user_lang(self, user_id: int | None) -> str:
        """The language remembered for a user (English if they never used the bot)."""
        if user_id is None:
            return "en"
        lang = self._langs.get(user_id)
        if lang is None:
            lang = self._langs[user_id] = language(await self.store.user_lang(user_id))
        return lang
