"""The store's part for issue 16: seed commitments, final results and ratings (migration 3),
once for both databases (a mixin of ``core.SqlStore``: its statements, runners and
transactions; the interface is ``base.Store``).

Several processes may finish, or fill in, the same game at once (PostgreSQL): the results of a
game are stored once (writers queue on the game's row: ``LOCK_GAME``), and the rating updates of
one server and game run one at a time (``LOCK_RATINGS``), so none is lost. SQLite has one
writer at a time already, and no such lock.
"""

from __future__ import annotations

from collections.abc import Iterable

from .records import Rater, RatingRecord, ResultRecord, rated
from .records import result_from_row as _result


class HistoryStore:
    # --- seed commitments ---------------------------------------------------------------------
    async def add_fairness(self, game_id: int, salt: str, commitment: str) -> None:
        """Store a game's salt and commitment once; a second call changes nothing."""
        await self._write(self.q.INSERT_FAIRNESS, (game_id, salt, commitment))

    async def fairness(self, game_id: int) -> tuple[str, str] | None:
        """(salt, commitment) of a game, or None if it has none."""
        rows = await self._read.rows(self.q.SELECT_FAIRNESS, (game_id,))
        return (rows[0][0], rows[0][1]) if rows else None

    # --- results and ratings --------------------------------------------------------------------
    async def record_results(self, rows: list[ResultRecord], rate: Rater | None) -> bool:
        """Store a finished game's results and update its humans' ratings, atomically and once.
        False if that game's results were stored already (nothing is written then)."""
        if not rows:
            return False
        game_id, guild_id, kind = rows[0].game_id, rows[0].guild_id, rows[0].kind
        q = self.q
        async with self._transaction() as tx:
            if q.LOCK_GAME:
                await tx.write(q.LOCK_GAME, (game_id,))
            if await tx.value(q.COUNT_RESULTS_OF_GAME, (game_id,)):
                return False
            await tx.many(q.INSERT_RESULT, [r.params() for r in rows])
            if rate is not None:
                if q.LOCK_RATINGS:
                    await tx.write(q.LOCK_RATINGS, (guild_id, kind))
                upserts = rated(rate, guild_id, kind, await self._ratings(tx, guild_id))
                await tx.many(q.UPSERT_RATING, upserts)
        return True

    async def replace_ratings(
        self, guild_id: int, kind: str, ratings: Iterable[RatingRecord]
    ) -> None:
        """Set a server's ratings for one game afresh (after results were filled in late)."""
        q = self.q
        async with self._transaction() as tx:
            if q.LOCK_RATINGS:
                await tx.write(q.LOCK_RATINGS, (guild_id, kind))
            await tx.write(q.DELETE_RATINGS_OF_KIND, (guild_id, kind))
            await tx.many(
                q.UPSERT_RATING,
                [(guild_id, kind, r.user_id, r.mu, r.sigma, r.games) for r in ratings],
            )

    async def results_in_guild(self, guild_id: int) -> list[ResultRecord]:
        """Every result of a server, oldest game first."""
        return [
            _result(r) for r in await self._read.rows(self.q.SELECT_RESULTS_IN_GUILD, (guild_id,))
        ]

    async def _ratings(self, runner, guild_id: int) -> list[RatingRecord]:
        return [
            RatingRecord(*r) for r in await runner.rows(self.q.SELECT_RATINGS_IN_GUILD, (guild_id,))
        ]

    async def ratings_in_guild(self, guild_id: int) -> list[RatingRecord]:
        return await self._ratings(self._read, guild_id)

    async def finished_without_results(self) -> list[int]:
        """Finished games whose results were never stored (a crash came in between)."""
        return [r[0] for r in await self._read.rows(self.q.SELECT_FINISHED_WITHOUT_RESULTS)]

    async def finished_in_guild(self, guild_id: int) -> list[int]:
        return [r[0] for r in await self._read.rows(self.q.SELECT_FINISHED_IN_GUILD, (guild_id,))]
