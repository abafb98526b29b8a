"""The PostgreSQL store's part for issue 15: each player's settings, their being away, what
their quiet hours held back, and each table's away limit (migration 5), as ``settings.py``
does it for SQLite (the interface is ``base.Store``).

A mixin of ``PgStore`` (it uses the store's pool and transactions); every statement is a named
constant in ``pg_sql.py``. Several processes may run the passes at once: ending an away and
claiming what was held back are conditional on the values read, so each is done once.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import pg_sql as sql
from .settings import UserSettings, settings_from_row


def _count(status: str) -> int:
    return int(status.rsplit(" ", 1)[-1])


class PgSettingsStore:
    async def user_settings(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self._pool.fetch(sql.SELECT_USER_SETTINGS, ids)
        found = {row[0]: settings_from_row(row) for row in rows}
        return {i: found.get(i) or UserSettings(i) for i in ids}

    async def save_user_settings(self, s: UserSettings) -> None:
        await self._pool.execute(
            sql.UPSERT_USER_SETTINGS,
            s.user_id,
            s.notify,
            s.remind_hours,
            s.timezone,
            s.quiet_start,
            s.quiet_end,
            s.obvious,
        )

    async def set_away(self, user_id: int, since: float, until: float, bot_sit: bool) -> None:
        await self._pool.execute(sql.UPSERT_AWAY, user_id, since, until, bot_sit)

    async def end_away(self, user_id: int, until: float | None) -> bool:
        return _count(await self._pool.execute(sql.END_AWAY, user_id, until)) == 1

    async def bot_sitting_users(self, now: float) -> list[int]:
        return [r[0] for r in await self._pool.fetch(sql.SELECT_BOT_SITTING, now)]

    async def away_ended(self, now: float) -> list[tuple[int, float]]:
        return [(r[0], r[1]) for r in await self._pool.fetch(sql.SELECT_AWAY_ENDED, now)]

    async def hold(
        self, user_id: int, now: float, game_id: int | None = None, news: Iterable[str] = ()
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(sql.SET_HELD, user_id, now)
            if game_id is not None:
                await conn.executemany(
                    sql.INSERT_HELD_NEWS, [(user_id, game_id, now, text) for text in news]
                )

    async def held_users(self) -> list[int]:
        return [r[0] for r in await self._pool.fetch(sql.SELECT_HELD_USERS)]

    async def take_held(self, user_id: int, since: float) -> list[tuple[int, str]] | None:
        async with self._transaction() as conn:
            if _count(await conn.execute(sql.CLEAR_HELD, user_id, since)) != 1:
                return None
            rows = await conn.fetch(sql.SELECT_HELD_NEWS, user_id)
            await conn.execute(sql.DELETE_HELD_NEWS, user_id)
        return [(r[0], r[1]) for r in rows]

    async def set_away_limit(self, game_id: int, seconds: float) -> None:
        await self._pool.execute(sql.SET_AWAY_LIMIT, seconds, game_id)

    async def away_limit(self, game_id: int) -> float | None:
        return await self._pool.fetchval(sql.SELECT_AWAY_LIMIT, game_id)
