"""The SQLite store: games, seats, snapshots and the append-only move log, in one file.

One aiosqlite connection, one process (several processes share a PostgreSQL database instead:
``postgres.py``). Every write that spans several statements runs inside
``BEGIN IMMEDIATE`` behind an asyncio lock (coroutines sharing a connection share its
transaction). Every game write is conditional on the version the writer read: a stale or
concurrent write raises ``StaleVersion`` and changes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager

import aiosqlite

from . import sql
from .base import ACTIVE, StaleVersion, Store
from .history import HistoryStore
from .migrations import migrate
from .records import GameRecord, MoveRecord, SeatRecord
from .records import dumps as _dumps
from .records import game_from_row as _game
from .records import seat_from_row as _seat
from .settings import SettingsStore

# SQLite's synchronous modes we allow. In WAL mode, FULL syncs the log on every commit (a
# stored move survives a power loss); NORMAL syncs at checkpoints only (a move survives a
# crash of the process, but an OS crash or a power cut may roll back the latest ones).
SYNC_MODES = ("full", "normal", "extra")


def _seat_params(game_id: int, seat: SeatRecord) -> tuple:
    return (
        game_id,
        seat.seat,
        seat.user_id,
        seat.bot,
        seat.name,
        int(seat.resigned),
        int(seat.dm_closed),
        seat.prompt_version,
        seat.notified_version,
    )


class SqliteStore(HistoryStore, SettingsStore, Store):
    """Open with ``await Store.open(path)``; close with ``await store.close()``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._write_lock = asyncio.Lock()
        self._exclusive: set[str] = set()

    @classmethod
    async def connect(cls, path: str, *, synchronous: str = "full") -> SqliteStore:
        """``synchronous``: "full" (default) makes every stored move durable against an OS
        crash or a power loss too; "normal" only against a crash of this process (faster)."""
        if synchronous.lower() not in SYNC_MODES:
            raise ValueError(
                f"synchronous must be one of {', '.join(SYNC_MODES)}, not {synchronous!r}"
            )
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
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
        game.seats = [
            _seat(r) for r in await self._db.execute_fetchall(sql.SELECT_SEATS, (game_id,))
        ]
        return game

    async def _with_seats(self, games: list[GameRecord]) -> list[GameRecord]:
        if not games:
            return games
        by_id = {g.id: g for g in games}
        query = sql.SELECT_SEATS_MANY.format(marks=",".join("?" * len(by_id)))
        for row in await self._db.execute_fetchall(query, tuple(by_id)):
            by_id[row[0]].seats.append(_seat(row[1:]))
        return games

    async def games_of_user(
        self, user_id: int, statuses: Iterable[str] = ACTIVE, limit: int = 25
    ) -> list[GameRecord]:
        statuses = tuple(statuses)
        query = sql.SELECT_GAMES_OF_USER.format(marks=",".join("?" * len(statuses)))
        games = [
            _game(r) for r in await self._db.execute_fetchall(query, (user_id, *statuses, limit))
        ]
        return await self._with_seats(games)

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str] = ACTIVE
    ) -> list[GameRecord]:
        statuses = tuple(statuses)
        query = sql.SELECT_GAMES_IN_CHANNEL.format(marks=",".join("?" * len(statuses)))
        games = [
            _game(r)
            for r in await self._db.execute_fetchall(query, (channel_id, channel_id, *statuses))
        ]
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

    async def auto_waiting_games(self) -> list[GameRecord]:
        """Running games with a player who lets the table take their obvious decisions."""
        games = [_game(r) for r in await self._db.execute_fetchall(sql.SELECT_AUTO_WAITING)]
        return await self._with_seats(games)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        return [
            MoveRecord(*row)
            for row in await self._db.execute_fetchall(sql.SELECT_MOVES, (game_id,))
        ]

    # --- writing -------------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        kind: str,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        options: dict,
        seed: int,
        now: float,
        remind_after: float,
        seats: list[SeatRecord],
    ) -> int:
        async with self._transaction() as db:
            cur = await db.execute(
                sql.INSERT_GAME,
                (
                    kind,
                    guild_id,
                    channel_id,
                    host_id,
                    _dumps(options),
                    seed,
                    now,
                    now,
                    remind_after,
                ),
            )
            game_id = cur.lastrowid
            await db.executemany(sql.INSERT_SEAT, [_seat_params(game_id, s) for s in seats])
        return game_id

    async def set_seats(
        self, game_id: int, version: int, seats: list[SeatRecord], now: float
    ) -> None:
        """Replace the lobby's seat list, if the game is still at ``version``."""
        async with self._transaction() as db:
            await self._bump(db, sql.BUMP_VERSION, (now, game_id, version))
            await db.execute(sql.DELETE_SEATS, (game_id,))
            await db.executemany(sql.INSERT_SEAT, [_seat_params(game_id, s) for s in seats])

    async def save_state(
        self,
        game_id: int,
        version: int,
        move_count: int,
        *,
        state: dict,
        status: str,
        moves: Sequence[tuple[int, str]],
        now: float,
        deadline_at: float | None,
        recent: list[str],
        prompts: Iterable[int] = (),
        player: SeatRecord | None = None,
    ) -> None:
        """Store a new snapshot and append ``moves`` to the log, atomically, if at ``version``.

        ``move_count`` is the log length the writer read; ``prompts`` lists the seats whose
        prompt version becomes the new version; ``player`` is a seat whose player changes
        (a resign or a replacement): only its user, bot, name and resigned columns are written,
        so a closed-DM or notified mark set meanwhile is kept.
        The common case (no player change) is one SQL statement: see the triggers of migration 1.
        """
        params = (
            _dumps(state),
            status,
            deadline_at,
            _dumps(recent),
            now,
            _dumps([[seat, action] for seat, action in moves]),
            _dumps(sorted(prompts)),
            len(moves),
            game_id,
            version,
            move_count,
        )
        if player is None:
            async with self._write_lock:
                await self._bump(self._db, sql.UPDATE_STATE, params)
            return
        async with self._transaction() as db:
            await self._bump(db, sql.UPDATE_STATE, params)
            await db.execute(
                sql.REPLACE_PLAYER,
                (
                    player.user_id,
                    player.bot,
                    player.name,
                    int(player.resigned),
                    game_id,
                    player.seat,
                ),
            )

    async def set_status(
        self, game_id: int, version: int, status: str, now: float, deadline_at: float | None = None
    ) -> None:
        async with self._transaction() as db:
            await self._bump(db, sql.UPDATE_STATUS, (status, deadline_at, now, game_id, version))

    # Metadata below is not part of the game's versioned state: messages and reminders.
    async def set_messages(
        self,
        game_id: int,
        *,
        lobby_message_id: int | None = None,
        thread_id: int | None = None,
        board_message_id: int | None = None,
    ) -> None:
        async with self._write_lock:
            await self._db.execute(
                sql.SET_MESSAGES, (lobby_message_id, thread_id, board_message_id, game_id)
            )

    # Each returns True if it wrote, False if the row was no longer as the caller read it.
    async def set_deadline(
        self, game_id: int, version: int, old: float | None, deadline_at: float | None
    ) -> bool:
        """Re-arm a deadline, if the game is still at ``version`` with deadline ``old``."""
        return await self._update(sql.SET_DEADLINE, (deadline_at, game_id, version, old))

    async def set_notified(self, game_id: int, seat: int, version: int) -> bool:
        """Mark that ``seat`` was told about the prompt of ``version``; never moves back."""
        return await self._update(sql.SET_NOTIFIED, (version, game_id, seat, version, version))

    async def set_dm_closed(self, game_id: int, seat: int) -> bool:
        """Mark a seat's DMs closed; True only for the writer that changed it."""
        return await self._update(sql.SET_DM_CLOSED, (game_id, seat))

    async def _update(self, statement: str, params: tuple) -> bool:
        async with self._write_lock:
            cursor = await self._db.execute(statement, params)
            return cursor.rowcount == 1

    async def dm_panels(self, game_id: int) -> dict[int, tuple[int, int, int]]:
        """seat -> (DM channel id, message id, token) of each DM showing that seat's controls."""
        rows = await self._db.execute_fetchall(sql.SELECT_DM_PANELS, (game_id,))
        return {row[0]: (row[1], row[2], row[3]) for row in rows}

    async def set_dm_panel(
        self, game_id: int, seat: int, where: tuple[int, int, int] | None
    ) -> None:
        """Remember (or, with None, forget) the DM that shows ``seat``'s controls."""
        async with self._write_lock:
            if where is None:
                await self._db.execute(sql.DELETE_DM_PANEL, (game_id, seat))
            else:
                await self._db.execute(sql.SET_DM_PANEL, (game_id, seat, *where))

    async def forget_dm_panels(self, game_id: int) -> None:
        async with self._write_lock:
            await self._db.execute(sql.DELETE_DM_PANELS, (game_id,))

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[bool]:
        """One process owns the file: exclusive among this process's tasks."""
        mine = name not in self._exclusive
        self._exclusive.add(name)
        try:
            yield mine
        finally:
            if mine:
                self._exclusive.discard(name)

    # --- languages ------------------------------------------------------------------------------
    async def set_table_lang(self, game_id: int, lang: str) -> None:
        """The language a table's public messages are shown in."""
        async with self._write_lock:
            await self._db.execute(sql.SET_TABLE_LANG, (game_id, lang))

    async def table_lang(self, game_id: int) -> str | None:
        rows = await self._db.execute_fetchall(sql.SELECT_TABLE_LANG, (game_id,))
        return rows[0][0] if rows else None

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        """Remember a user's language (their Discord client's) for DMs sent later."""
        async with self._write_lock:
            await self._db.execute(sql.SET_USER_LANG, (user_id, lang))

    async def user_lang(self, user_id: int) -> str | None:
        rows = await self._db.execute_fetchall(sql.SELECT_USER_LANG, (user_id,))
        return rows[0][0] if rows else None
