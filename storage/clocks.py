"""The store's part for issue 26: each table's clock, each seat's time, the votes and their
ballots, and the log of what the clocks and votes did (migration 9), once for both databases (a
mixin of ``core.SqlStore``: its statements, runners and transactions), and their records.

Writes that several processes might make at once are conditional on what was read: the clock
pass claims a table by moving its ``next_at`` from the value it read, and a vote is closed only
by the one writer that finds it still open.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

TIMEOUTS = ("bot", "skip", "vote")  # what happens when a seat's time runs out
VOTE_KINDS = ("end", "stop", "pause", "resume", "bot")


@dataclass(slots=True, frozen=True)
class TableClock:
    """A table's clock row: ``base`` None means no clock (the row may exist for a pause)."""

    game_id: int
    base: float | None = None  # seconds per move, or the bank each seat starts with
    increment: float | None = None  # None: ``base`` per move; else added after each move
    on_timeout: str = "bot"
    paused: bool = False
    next_at: float | None = None


@dataclass(slots=True, frozen=True)
class SeatClock:
    """One seat's time. ``left`` is the time left as of ``since`` (None: it does not run);
    ``decision`` the time it had when its current decision began (None: no decision waits for
    it); ``warned`` how many warnings this decision has had (``OUT``: its time ran out)."""

    seat: int
    left: float | None = None
    since: float | None = None
    decision: float | None = None
    warned: int = 0
    sitting: bool = False  # a bot plays the seat until its player is back


@dataclass(slots=True, frozen=True)
class VoteRecord:
    id: int
    game_id: int
    kind: str
    seat: int | None
    opened_by: int | None  # None: the table's clock opened it
    opened_at: float
    expires_at: float
    result: str | None = None  # None while open: 'passed', 'failed' or 'expired'
    channel_id: int | None = None
    message_id: int | None = None


def _vote(row) -> VoteRecord:
    return VoteRecord(*row)


def _seat(row) -> SeatClock:
    return SeatClock(row[0], row[1], row[2], row[3], row[4], bool(row[5]))


class ClockStore:
    # --- a table's clock ---------------------------------------------------------------------
    async def table_clock(self, game_id: int) -> TableClock | None:
        rows = await self._read.rows(self.q.SELECT_TABLE_CLOCK, (game_id,))
        if not rows:
            return None
        r = rows[0]
        return TableClock(r[0], r[1], r[2], r[3], bool(r[4]), r[5])

    async def set_table_clock(
        self, game_id: int, base: float | None, increment: float | None, on_timeout: str
    ) -> None:
        await self._write(self.q.UPSERT_TABLE_CLOCK, (game_id, base, increment, on_timeout))

    async def set_paused(self, game_id: int, paused: bool) -> bool:
        """Pause or resume a table; True only for the writer that changed it."""
        if paused:
            return await self._write(self.q.SET_PAUSED, (game_id,)) == 1
        return await self._write(self.q.SET_RESUMED, (game_id,)) == 1

    async def set_clock_next(self, game_id: int, old: float | None, new: float | None) -> bool:
        """Move when the clock pass looks at a table next, if it is still ``old`` (the pass
        that moved it handles it; another process finds it moved and skips it)."""
        return await self._write(self.q.SET_CLOCK_NEXT, (new, game_id, old)) == 1

    async def clocks_due(self, now: float, limit: int = 500) -> list[tuple[int, float]]:
        """(game id, next_at) of every table the clock pass must look at by ``now``."""
        return [(r[0], r[1]) for r in await self._read.rows(self.q.SELECT_CLOCKS_DUE, (now, limit))]

    # --- each seat's time --------------------------------------------------------------------
    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]:
        rows = await self._read.rows(self.q.SELECT_SEAT_CLOCKS, (game_id,))
        return {row[0]: _seat(row) for row in rows}

    async def save_seat_clocks(
        self, game_id: int, version: int, clocks: Iterable[SeatClock], next_at: float | None = None
    ) -> bool:
        """Store the seats' clocks worked out at the game's ``version`` and when the table's
        clock is looked at next, together; False (nothing stored) if clocks worked out at a
        later version are stored already (another process was quicker)."""
        rows = [
            (game_id, c.seat, c.left, c.since, c.decision, c.warned, bool(c.sitting))
            for c in clocks
        ]
        async with self._transaction() as tx:
            if not await tx.write(self.q.CLAIM_CLOCK_VERSION, (game_id, version)):
                return False
            if rows:
                await tx.many(self.q.UPSERT_SEAT_CLOCK, rows)
            await tx.write(self.q.SET_CLOCK_NEXT_ANY, (next_at, game_id))
        return True

    async def sitting_games(self) -> list[int]:
        """Running games where a bot plays a seat until its player is back."""
        return [r[0] for r in await self._read.rows(self.q.SELECT_SITTING_GAMES)]

    # --- votes -------------------------------------------------------------------------------
    async def open_vote(
        self,
        game_id: int,
        kind: str,
        seat: int | None,
        opened_by: int | None,
        now: float,
        expires_at: float,
    ) -> int | None:
        """A new vote at the table, with its opener's yes; None if one is open there already."""
        async with self._transaction() as tx:
            if await tx.value(self.q.SELECT_OPEN_VOTE_ID, (game_id,)) is not None:
                return None
            vote_id = await tx.value(
                self.q.INSERT_VOTE, (game_id, kind, seat, opened_by, now, expires_at)
            )
            if opened_by is not None:
                await tx.write(self.q.UPSERT_BALLOT, (vote_id, opened_by, True))
        return vote_id

    async def vote(self, vote_id: int) -> VoteRecord | None:
        rows = await self._read.rows(self.q.SELECT_VOTE, (vote_id,))
        return _vote(rows[0]) if rows else None

    async def open_vote_at(self, game_id: int) -> VoteRecord | None:
        rows = await self._read.rows(self.q.SELECT_OPEN_VOTE, (game_id,))
        return _vote(rows[0]) if rows else None

    async def cast_ballot(self, vote_id: int, user_id: int, yes: bool) -> bool:
        """A voter's yes or no (a second click changes it), while the vote is open."""
        return await self._write(self.q.CAST_BALLOT, (vote_id, user_id, yes, vote_id)) == 1

    async def ballots(self, vote_id: int) -> dict[int, bool]:
        rows = await self._read.rows(self.q.SELECT_BALLOTS, (vote_id,))
        return {r[0]: bool(r[1]) for r in rows}

    async def close_vote(self, vote_id: int, result: str) -> bool:
        """Close an open vote; True only for the one writer that closed it."""
        return await self._write(self.q.CLOSE_VOTE, (result, vote_id)) == 1

    async def set_vote_message(self, vote_id: int, channel_id: int, message_id: int) -> None:
        await self._write(self.q.SET_VOTE_MESSAGE, (channel_id, message_id, vote_id))

    async def votes_expired(self, now: float) -> list[VoteRecord]:
        return [_vote(r) for r in await self._read.rows(self.q.SELECT_VOTES_EXPIRED, (now,))]

    # --- what the clocks and votes did -------------------------------------------------------
    async def add_table_event(self, game_id: int, at: float, word: str, params: dict) -> None:
        await self._write(self.q.INSERT_TABLE_EVENT, (game_id, at, word, json.dumps(params)))

    async def table_events(self, game_id: int) -> list[tuple[float, str, dict]]:
        rows = await self._read.rows(self.q.SELECT_TABLE_EVENTS, (game_id,))
        return [(r[0], r[1], json.loads(r[2])) for r in rows]
