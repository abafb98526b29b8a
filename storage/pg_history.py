"""The PostgreSQL store's part for issue 16: seed commitments, final results and ratings
(migration 3), as ``history.py`` does it for SQLite (the interface is ``base.Store``).

A mixin of ``PgStore`` (it uses the store's pool and transactions); every statement is a named
constant in ``pg_sql.py``. Several processes may finish, or fill in, the same game at once: the
results of a game are stored once (writers queue on the game's row), and the rating updates of
one server and game run one at a time (an advisory lock), so none is lost.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import pg_sql as sql
from .records import Rater, RatingRecord, ResultRecord, rated
from .records import result_from_row as _result


class PgHistoryStore:
    # --- seed commitments ---------------------------------------------------------------------
    async def add_fairness(self, game_id: int, salt: str, commitment: str) -> None:
        """Store a game's salt and commitment once; a second call changes nothing."""
        await self._pool.execute(sql.INSERT_FAIRNESS, game_id, salt, commitment)

    async def fairness(self, game_id: int) -> tuple[str, str] | None:
        """(salt, commitment) of a game, or None if it has none."""
        row = await self._pool.fetchrow(sql.SELECT_FAIRNESS, game_id)
        return None if row is None else (row[0], row[1])

    # --- results and ratings --------------------------------------------------------------------
    async def record_results(self, rows: list[ResultRecord], rate: Rater | None) -> bool:
        """Store a finished game's results and update its humans' ratings, atomically and once.
        False if that game's results were stored already (nothing is written then)."""
        if not rows:
            return False
        game_id, guild_id, kind = rows[0].game_id, rows[0].guild_id, rows[0].kind
        async with self._transaction() as conn:
            await conn.execute(sql.LOCK_GAME, game_id)
            if await conn.fetchval(sql.COUNT_RESULTS_OF_GAME, game_id):
                return False
            await conn.executemany(sql.INSERT_RESULT, [r.params() for r in rows])
            if rate is not None:
                await conn.execute(sql.LOCK_RATINGS, guild_id, kind)
                upserts = rated(rate, guild_id, kind, await self._ratings(conn, guild_id))
                await conn.executemany(sql.UPSERT_RATING, upserts)
        return True

    async def replace_ratings(
        self, guild_id: int, kind: str, ratings: Iterable[RatingRecord]
    ) -> None:
        """Set a server's ratings for one game afresh (after results were filled in late)."""
        async with self._transaction() as conn:
            await conn.execute(sql.LOCK_RATINGS, guild_id, kind)
            await conn.execute(sql.DELETE_RATINGS_OF_KIND, guild_id, kind)
            await conn.executemany(
                sql.UPSERT_RATING,
                [(guild_id, kind, r.user_id, r.mu, r.sigma, r.games) for r in ratings],
            )

    async def results_in_guild(self, guild_id: int) -> list[ResultRecord]:
        """Every result of a server, oldest game first."""
        return [_result(r) for r in await self._pool.fetch(sql.SELECT_RESULTS_IN_GUILD, guild_id)]

    @staticmethod
    async def _ratings(conn, guild_id: int) -> list[RatingRecord]:
        return [RatingRecord(*r) for r in await conn.fetch(sql.SELECT_RATINGS_IN_GUILD, guild_id)]

    async def ratings_in_guild(self, guild_id: int) -> list[RatingRecord]:
        return await self._ratings(self._pool, guild_id)

    async def finished_without_results(self) -> list[int]:
        """Finished games whose results were never stored (a crash came in between)."""
        return [r[0] for r in await self._pool.fetch(sql.SELECT_FINISHED_WITHOUT_RESULTS)]

    async def finished_in_guild(self, guild_id: int) -> list[int]:
        return [r[0] for r in await self._pool.fetch(sql.SELECT_FINISHED_IN_GUILD, guild_id)]
