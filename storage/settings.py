"""The store's part for issue 15: each player's settings, their being away, what their quiet
hours held back, and each table's away limit (migration 5).

A mixin of ``Store`` (it uses the store's connection, write lock and transactions); every
statement is a named constant in ``sql.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import sql

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
        rows = await self._db.execute_fetchall(
            sql.SELECT_USER_SETTINGS.format(marks=",".join("?" * len(ids))), tuple(ids)
        )
        found = {row[0]: settings_from_row(row) for row in rows}
        return {i: found.get(i) or UserSettings(i) for i in ids}

    async def save_user_settings(self, s: UserSettings) -> None:
        """Store the choices (notify, interval, timezone, quiet hours, obvious decisions); away
        and held kept."""
        async with self._write_lock:
            await self._db.execute(
                sql.UPSERT_USER_SETTINGS,
                (
                    s.user_id,
                    s.notify,
                    s.remind_hours,
                    s.timezone,
                    s.quiet_start,
                    s.quiet_end,
                    s.obvious,
                ),
            )

    async def set_away(self, user_id: int, since: float, until: float, bot_sit: bool) -> None:
        async with self._write_lock:
            await self._db.execute(sql.UPSERT_AWAY, (user_id, since, until, int(bot_sit)))

    async def end_away(self, user_id: int, until: float | None) -> bool:
        """End an away that still ends at ``until``; False if someone changed it meanwhile."""
        return await self._update(sql.END_AWAY, (user_id, until))

    async def bot_sitting_users(self, now: float) -> list[int]:
        return [r[0] for r in await self._db.execute_fetchall(sql.SELECT_BOT_SITTING, (now,))]

    async def away_ended(self, now: float) -> list[tuple[int, float]]:
        """(user id, away_until) of every away whose time ran out by ``now``."""
        return [
            (r[0], r[1]) for r in await self._db.execute_fetchall(sql.SELECT_AWAY_ENDED, (now,))
        ]

    async def hold(
        self, user_id: int, now: float, game_id: int | None = None, news: Iterable[str] = ()
    ) -> None:
        """Remember that something was held back for ``user_id`` (and its private news)."""
        async with self._transaction() as db:
            await db.execute(sql.SET_HELD, (user_id, now))
            if game_id is not None:
                await db.executemany(
                    sql.INSERT_HELD_NEWS, [(user_id, game_id, now, text) for text in news]
                )

    async def held_users(self) -> list[int]:
        return [r[0] for r in await self._db.execute_fetchall(sql.SELECT_HELD_USERS)]

    async def take_held(self, user_id: int, since: float) -> list[tuple[int, str]] | None:
        """Claim what was held back for ``user_id`` since ``since``: (game id, news) pairs, now
        deleted. None if another pass claimed it first."""
        async with self._transaction() as db:
            cursor = await db.execute(sql.CLEAR_HELD, (user_id, since))
            if cursor.rowcount != 1:
                return None
            rows = await db.execute_fetchall(sql.SELECT_HELD_NEWS, (user_id,))
            await db.execute(sql.DELETE_HELD_NEWS, (user_id,))
        return [(r[0], r[1]) for r in rows]

    async def set_away_limit(self, game_id: int, seconds: float) -> None:
        async with self._write_lock:
            await self._db.execute(sql.SET_AWAY_LIMIT, (seconds, game_id))

    async def away_limit(self, game_id: int) -> float | None:
        rows = await self._db.execute_fetchall(sql.SELECT_AWAY_LIMIT, (game_id,))
        return rows[0][0] if rows else None
