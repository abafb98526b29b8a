"""The SQLite store: games, seats, snapshots and the append-only move log.

One aiosqlite connection. Every write that spans several statements runs inside
``BEGIN IMMEDIATE`` behind an asyncio lock (coroutines sharing a connection share its
transaction). Every game write is conditional on the version the writer read: a stale or
concurrent write raises ``StaleVersion`` and changes nothing.
"""
from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Iterable, Sequence

import aiosqlite

from . import sql
from .migrations import migrate
from .records import GameRecord, MoveRecord, SeatRecord

ACTIVE = ("lobby", "running")


class StaleVersion(Exception):
    """Someone else changed the game since it was read; nothing was written."""


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _game(row: Sequence[Any]) -> GameRecord:
    return GameRecord(
        id=row[0], kind=row[1], guild_id=row[2], channel_id=row[3], thread_id=row[4],
        lobby_message_id=row[5], board_message_id=row[6], host_id=row[7],
        options=json.loads(row[8]), seed=row[9], status=row[10], version=row[11],
        move_count=row[12], state=json.loads(row[13]) if row[13] is not None else None,
        created_at=row[14], updated_at=row[15], remind_after=row[16], deadline_at=row[17],
        recent=json.loads(row[18]),
    )


def _seat(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(seat=row[0], user_id=row[1], bot=row[2], name=row[3],
                      resigned=bool(row[4]), dm_closed=bool(row[5]), prompt_version=row[6],
                      notified_version=row[7])


def _seat_params(game_id: int, seat: SeatRecord) -> tuple:
    return (game_id, seat.seat, seat.user_id, seat.bot, seat.name, int(seat.resigned),
            int(seat.dm_closed), seat.prompt_version, seat.notified_version)


class Store:
    """Open with ``await Store.open(path)``; close with ``await store.close()``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> "Store":
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        await migrate(db)
        return cls(db, path)

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            return (await cur.fetchone())[0]

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")

    async def _bump(self, db: aiosqlite.Connection, statement: str, params: tuple) -> None:
        cursor = await db.execute(statement, params)  # one hop: rowcount needs no fetch
        if cursor.rowcount != 1:
            raise StaleVersion("The game changed in the meantime.")

    # --- reading -------------------------------------------------------------------------------
    async def get_game(self, game_id: int) -> GameRecord | None:
        rows = await self._db.execute_fetchall(sql.SELECT_GAME, (game_id,))
        if not rows:
            return None
        game = _game(rows[0])
        game.seats = [_seat(r) for r in await self._db.execute_fetchall(sql.SELECT_SEATS,
                                                                          (game_id,))]
        return game

    async def _with_seats(self, games: list[GameRecord]) -> list[GameRecord]:
        if not games:
            return games
        by_id = {g.id: g for g in games}
        query = sql.SELECT_SEATS_MANY.format(marks=",".join("?" * len(by_id)))
        for row in await self._db.execute_fetchall(query, tuple(by_id)):
            by_id[row[0]].seats.append(_seat(row[1:]))
        return games

    async def games_of_user(self, user_id: int, statuses: Iterable[str] = ACTIVE,
                            limit: int = 25) -> list[GameRecord]:
        statuses = tuple(statuses)
        query = sql.SELECT_GAMES_OF_USER.format(marks=",".join("?" * len(statuses)))
        games = [_game(r) for r in await self._db.execute_fetchall(
            query, (user_id, *statuses, limit))]
        return await self._with_seats(games)

    async def games_in_channel(self, channel_id: int,
                               statuses: Iterable[str] = ACTIVE) -> list[GameRecord]:
        statuses = tuple(statuses)
        query = sql.SELECT_GAMES_IN_CHANNEL.format(marks=",".join("?" * len(statuses)))
        games = [_game(r) for r in await self._db.execute_fetchall(
            query, (channel_id, channel_id, *statuses))]
        return await self._with_seats(games)

    async def due_games(self, now: float, limit: int = 50) -> list[GameRecord]:
        games = [_game(r) for r in await self._db.execute_fetchall(sql.SELECT_DUE, (now, limit))]
        return await self._with_seats(games)

    async def unnotified_games(self) -> list[GameRecord]:
        """Running games where some human seat was not told about its current decision."""
        games = [_game(r) for r in await self._db.execute_fetchall(sql.SELECT_UNNOTIFIED)]
        return await self._with_seats(games)

    async def bot_waiting_games(self) -> list[GameRecord]:
        """Running games where a bot has a seat."""
        games = [_game(r) for r in await self._db.execute_fetchall(sql.SELECT_BOT_WAITING)]
        return await self._with_seats(games)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        return [MoveRecord(*row) for row in await self._db.execute_fetchall(sql.SELECT_MOVES,
                                                                            (game_id,))]

    # --- writing -------------------------------------------------------------------------------
    async def create_game(self, *, kind: str, guild_id: int | None, channel_id: int | None,
                          host_id: int, options: dict, seed: int, now: float,
                          remind_after: float, seats: list[SeatRecord]) -> int:
        async with self._transaction() as db:
            cur = await db.execute(sql.INSERT_GAME, (kind, guild_id, channel_id, host_id,
                                                     _dumps(options), seed, now, now, remind_after))
            game_id = cur.lastrowid
            await db.executemany(sql.INSERT_SEAT, [_seat_params(game_id, s) for s in seats])
        return game_id

    async def set_seats(self, game_id: int, version: int, seats: list[SeatRecord],
                        now: float) -> None:
        """Replace the lobby's seat list, if the game is still at ``version``."""
        async with self._transaction() as db:
            await self._bump(db, sql.BUMP_VERSION, (now, game_id, version))
            await db.execute(sql.DELETE_SEATS, (game_id,))
            await db.executemany(sql.INSERT_SEAT, [_seat_params(game_id, s) for s in seats])

    async def save_state(self, game_id: int, version: int, move_count: int, *, state: dict,
                         status: str, moves: Sequence[tuple[int, str]], now: float,
                         deadline_at: float | None, recent: list[str],
                         prompts: Iterable[int] = (),
                         seats: list[SeatRecord] | None = None) -> None:
        """Store a new snapshot and append ``moves`` to the log, atomically, if at ``version``.

        ``move_count`` is the log length the writer read; ``prompts`` lists the seats whose
        prompt version becomes the new version; ``seats`` replaces the whole seat list.
        The common case (no seat list) is one SQL statement: see the triggers of migration 1.
        """
        params = (_dumps(state), status, deadline_at, _dumps(recent), now,
                  _dumps([[seat, action] for seat, action in moves]), _dumps(sorted(prompts)),
                  len(moves), game_id, version, move_count)
        if seats is None:
            async with self._write_lock:
                await self._bump(self._db, sql.UPDATE_STATE, params)
            return
        async with self._transaction() as db:
            await db.execute(sql.DELETE_SEATS, (game_id,))
            await db.executemany(sql.INSERT_SEAT, [_seat_params(game_id, s) for s in seats])
            await self._bump(db, sql.UPDATE_STATE, params)

    async def set_status(self, game_id: int, version: int, status: str, now: float,
                         deadline_at: float | None = None) -> None:
        async with self._transaction() as db:
            await self._bump(db, sql.UPDATE_STATUS, (status, deadline_at, now, game_id, version))

    # Metadata below is not part of the game's versioned state: messages and reminders.
    async def set_messages(self, game_id: int, *, lobby_message_id: int | None = None,
                           thread_id: int | None = None,
                           board_message_id: int | None = None) -> None:
        async with self._write_lock:
            await self._db.execute(sql.SET_MESSAGES,
                                   (lobby_message_id, thread_id, board_message_id, game_id))

    async def set_deadline(self, game_id: int, deadline_at: float | None) -> None:
        async with self._write_lock:
            await self._db.execute(sql.SET_DEADLINE, (deadline_at, game_id))

    async def set_notified(self, game_id: int, seat: int, version: int) -> None:
        async with self._write_lock:
            await self._db.execute(sql.SET_NOTIFIED, (version, game_id, seat))

    async def set_dm_closed(self, game_id: int, seat: int, closed: bool) -> None:
        async with self._write_lock:
            await self._db.execute(sql.SET_DM_CLOSED, (int(closed), game_id, seat))

