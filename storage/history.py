"""The store's part for issue 16: seed commitments, final results and ratings (migration 3).

A mixin of ``Store`` (it uses the store's connection, write lock and transactions); every
statement is a named constant in ``sql.py``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import sql


@dataclass(slots=True, frozen=True)
class ResultRecord:
    """One seat of one finished game, as it ended."""

    game_id: int
    seat: int
    guild_id: int
    kind: str
    user_id: int | None  # None for a bot seat (also a seat a bot took over)
    bot: bool
    name: str
    score: int
    won: bool
    place: int  # 1 = won; seats with equal results share a place
    finished_at: float

    def params(self) -> tuple:
        return (self.game_id, self.seat, self.guild_id, self.kind, self.user_id, int(self.bot),
                self.name, self.score, int(self.won), self.place, self.finished_at)


@dataclass(slots=True, frozen=True)
class RatingRecord:
    kind: str
    user_id: int
    mu: float
    sigma: float
    games: int


# A rating update: given the current (mu, sigma, games) of the humans of a game (absent = new
# player), the new ones.
Rater = Callable[[dict[int, tuple[float, float, int]]], dict[int, tuple[float, float, int]]]


def _result(row) -> ResultRecord:
    return ResultRecord(row[0], row[1], row[2], row[3], row[4], bool(row[5]), row[6], row[7],
                        bool(row[8]), row[9], row[10])


class HistoryStore:
    # --- seed commitments ---------------------------------------------------------------------
    async def add_fairness(self, game_id: int, salt: str, commitment: str) -> None:
        """Store a game's salt and commitment once; a second call changes nothing."""
        async with self._write_lock:
            await self._db.execute(sql.INSERT_FAIRNESS, (game_id, salt, commitment))

    async def fairness(self, game_id: int) -> tuple[str, str] | None:
        """(salt, commitment) of a game, or None if it has none."""
        rows = await self._db.execute_fetchall(sql.SELECT_FAIRNESS, (game_id,))
        return (rows[0][0], rows[0][1]) if rows else None

    # --- results and ratings --------------------------------------------------------------------
    async def record_results(self, rows: list[ResultRecord], rate: Rater | None) -> bool:
        """Store a finished game's results and update its humans' ratings, atomically and once.
        False if that game's results were stored already (nothing is written then)."""
        if not rows:
            return False
        game_id, guild_id, kind = rows[0].game_id, rows[0].guild_id, rows[0].kind
        async with self._transaction() as db:
            (count,), = await db.execute_fetchall(sql.COUNT_RESULTS_OF_GAME, (game_id,))
            if count:
                return False
            await db.executemany(sql.INSERT_RESULT, [r.params() for r in rows])
            if rate is not None:
                current = {r.user_id: (r.mu, r.sigma, r.games)
                           for r in await self._ratings(db, guild_id) if r.kind == kind}
                updates = rate(current)
                await db.executemany(sql.UPSERT_RATING, [
                    (guild_id, kind, user, mu, sigma, games)
                    for user, (mu, sigma, games) in sorted(updates.items())])
        return True

    async def replace_ratings(self, guild_id: int, kind: str,
                              ratings: Iterable[RatingRecord]) -> None:
        """Set a server's ratings for one game afresh (after results were filled in late)."""
        async with self._transaction() as db:
            await db.execute(sql.DELETE_RATINGS_OF_KIND, (guild_id, kind))
            await db.executemany(sql.UPSERT_RATING, [
                (guild_id, kind, r.user_id, r.mu, r.sigma, r.games) for r in ratings])

    async def results_in_guild(self, guild_id: int) -> list[ResultRecord]:
        """Every result of a server, oldest game first."""
        return [_result(r) for r in await self._db.execute_fetchall(
            sql.SELECT_RESULTS_IN_GUILD, (guild_id,))]

    @staticmethod
    async def _ratings(db, guild_id: int) -> list[RatingRecord]:
        return [RatingRecord(*r) for r in await db.execute_fetchall(
            sql.SELECT_RATINGS_IN_GUILD, (guild_id,))]

    async def ratings_in_guild(self, guild_id: int) -> list[RatingRecord]:
        return await self._ratings(self._db, guild_id)

    async def finished_without_results(self) -> list[int]:
        """Finished games whose results were never stored (a crash came in between)."""
        return [r[0] for r in await self._db.execute_fetchall(
            sql.SELECT_FINISHED_WITHOUT_RESULTS)]

    async def finished_in_guild(self, guild_id: int) -> list[int]:
        return [r[0] for r in await self._db.execute_fetchall(sql.SELECT_FINISHED_IN_GUILD,
                                                             (guild_id,))]
