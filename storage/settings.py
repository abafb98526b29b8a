"""The store's part for issue 15: each player's settings, their being away, what their quiet
hours held back, and each table's away limit (migration 5), once for both databases (a mixin
of ``core.SqlStore``: its statements, runners and transactions), and the ``UserSettings`` record.

Several processes may run the passes at once (PostgreSQL): ending an away and claiming what was
held back are conditional on the values read, so each is done once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

NOTIFY_MODES = ("dm", "mention", "both")
# A decision with one legal action (an "obvious" one): "auto", the table plays it for the player
# at the bots' pace, with no ping; "ask", the player is asked as for any other (migration 7).
OBVIOUS_MODES = ("auto", "ask")


@dataclass(slots=True, frozen=True)
class UserSettings:
    """One player's choices, across all tables. A player who never chose has the defaults."""

    user_id: int
    notify: str = "dm"  # how a turn is announced: "dm", "mention" (in the thread), both
    remind_hours: int | None = None  # None: the table's interval
    timezone: str = "UTC"  # an IANA name
    quiet_start: int | None = None  # quiet hours, start and end hour in ``timezone``
    quiet_end: int | None = None
    held_since: float | None = None  # something was held back by the quiet hours since then
    away_since: float | None = None
    away_until: float | None = None
    bot_sit: bool = False  # while away, a bot plays the player's seats
    obvious: str = "auto"  # a decision with one legal action: "auto" (played for them), "ask"


def settings_from_row(row) -> UserSettings:
    return UserSettings(
        row[0],
        row[1],
        row[2],
        row[3],
        row[4],
        row[5],
        row[6],
        row[7],
        row[8],
        bool(row[9]),
        row[10],
    )


class SettingsStore:
    async def user_settings(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        """user id -> settings, for every one of ``user_ids`` (the defaults where none stored)."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        statement, listed = self._listed(self.q.SELECT_USER_SETTINGS, ids)
        found = {row[0]: settings_from_row(row) for row in await self._read.rows(statement, listed)}
        return {i: found.get(i) or UserSettings(i) for i in ids}

    async def save_user_settings(self, s: UserSettings) -> None:
        """Store the choices (notify, interval, timezone, quiet hours, obvious decisions); away
        and held kept."""
        params = (s.user_id, s.notify, s.remind_hours, s.timezone, s.quiet_start, s.quiet_end)
        await self._write(self.q.UPSERT_USER_SETTINGS, (*params, s.obvious))

    async def set_away(self, user_id: int, since: float, until: float, bot_sit: bool) -> None:
        await self._write(self.q.UPSERT_AWAY, (user_id, since, until, bool(bot_sit)))

    async def end_away(self, user_id: int, until: float | None) -> bool:
        """End an away that still ends at ``until``; False if someone changed it meanwhile."""
        return await self._write(self.q.END_AWAY, (user_id, until)) == 1

    async def bot_sitting_users(self, now: float) -> list[int]:
        return [r[0] for r in await self._read.rows(self.q.SELECT_BOT_SITTING, (now,))]

    async def away_ended(self, now: float) -> list[tuple[int, float]]:
        """(user id, away_until) of every away whose time ran out by ``now``."""
        return [(r[0], r[1]) for r in await self._read.rows(self.q.SELECT_AWAY_ENDED, (now,))]

    async def hold(
        self, user_id: int, now: float, game_id: int | None = None, news: Iterable[str] = ()
    ) -> None:
        """Remember that something was held back for ``user_id`` (and its private news)."""
        async with self._transaction() as tx:
            await tx.write(self.q.SET_HELD, (user_id, now))
            if game_id is not None:
                await tx.many(
                    self.q.INSERT_HELD_NEWS, [(user_id, game_id, now, text) for text in news]
                )

    async def held_users(self) -> list[int]:
        return [r[0] for r in await self._read.rows(self.q.SELECT_HELD_USERS)]

    async def take_held(self, user_id: int, since: float) -> list[tuple[int, str]] | None:
        """Claim what was held back for ``user_id`` since ``since``: (game id, news) pairs, now
        deleted. None if another pass (or process) claimed it first."""
        async with self._transaction() as tx:
            if await tx.write(self.q.CLEAR_HELD, (user_id, since)) != 1:
                return None
            rows = await tx.rows(self.q.SELECT_HELD_NEWS, (user_id,))
            await tx.write(self.q.DELETE_HELD_NEWS, (user_id,))
        return [(r[0], r[1]) for r in rows]

    async def set_away_limit(self, game_id: int, seconds: float) -> None:
        await self._write(self.q.SET_AWAY_LIMIT, (seconds, game_id))

    async def away_limit(self, game_id: int) -> float | None:
        return await self._read.value(self.q.SELECT_AWAY_LIMIT, (game_id,))
