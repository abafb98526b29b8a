"""The PostgreSQL store (asyncpg): the same records and guarantees as the SQLite store, for
several bot processes sharing one database.

A pool of connections, used concurrently. Every game write is conditional on the version the
writer read (the database serialises writers on the game's row, and the later one finds the
version changed): a stale or concurrent write raises ``StaleVersion`` and changes nothing, in
whichever process it was made.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager

import asyncpg

from . import pg_sql as sql
from .base import ACTIVE, StaleVersion, Store, StoreUnavailable
from .pg_history import PgHistoryStore
from .pg_migrations import migrate
from .pg_settings import PgSettingsStore
from .records import GameRecord, MoveRecord, SeatRecord
from .records import dumps as _dumps
from .records import game_from_row as _game
from .records import seat_from_row as _seat

POOL_SIZE = 10


def _seat_arrays(seats: Sequence[SeatRecord]) -> list[list]:
    """The seat list as one array per column (``pg_sql.SEAT_ARRAYS``)."""
    return [[getattr(s, column) for s in seats] for column in sql.SEAT_FIELDS]


def _count(status: str) -> int:
    """The row count of a command tag such as ``UPDATE 1``."""
    return int(status.rsplit(" ", 1)[-1])


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A released connection needs no reset (asyncpg's default costs a round trip per use):
    the store sets no session state (no SET, LISTEN or open cursor; its advisory locks are held
    on connections of their own, see ``exclusive``)."""


def _with_seats(row) -> GameRecord:
    game = _game(row)
    game.seats = [_seat(s) for s in row[-1]]
    return game


class PgStore(PgHistoryStore, PgSettingsStore, Store):
    """Open with ``await Store.open("postgresql://...")``; close with ``await store.close()``."""

    shared = True  # other processes may write the same games

    def __init__(self, pool: asyncpg.Pool, target: str) -> None:
        self._pool = pool
        self.path = target

    @classmethod
    async def connect(cls, target: str, pool_size: int = POOL_SIZE) -> PgStore:
        try:
            pool = await asyncpg.create_pool(
                target, min_size=1, max_size=pool_size, reset=_keep_session
            )
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreUnavailable(f"{type(exc).__name__}: {exc}") from exc
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, target)

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        return await self._pool.fetchval(sql.SCHEMA_VERSION)

    # --- reading -------------------------------------------------------------------------------
    async def get_game(self, game_id: int) -> GameRecord | None:
        row = await self._pool.fetchrow(sql.SELECT_GAME, game_id)
        return None if row is None else _with_seats(row)

    async def games_of_user(
        self, user_id: int, statuses: Iterable[str] = ACTIVE, limit: int = 25
    ) -> list[GameRecord]:
        rows = await self._pool.fetch(sql.SELECT_GAMES_OF_USER, user_id, list(statuses), limit)
        return [_with_seats(r) for r in rows]

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str] = ACTIVE
    ) -> list[GameRecord]:
        rows = await self._pool.fetch(sql.SELECT_GAMES_IN_CHANNEL, channel_id, list(statuses))
        return [_with_seats(r) for r in rows]

    async def due_games(self, now: float, limit: int = 50) -> list[GameRecord]:
        return [_with_seats(r) for r in await self._pool.fetch(sql.SELECT_DUE, now, limit)]

    async def unnotified_games(self) -> list[GameRecord]:
        return [_with_seats(r) for r in await self._pool.fetch(sql.SELECT_UNNOTIFIED)]

    async def bot_waiting_games(self) -> list[GameRecord]:
        """Running games where a bot has a seat (their bots may owe moves after a restart)."""
        return [_with_seats(r) for r in await self._pool.fetch(sql.SELECT_BOT_WAITING)]

    async def auto_waiting_games(self) -> list[GameRecord]:
        """Running games with a player who lets the table take their obvious decisions (the
        table may owe such a move after a restart)."""
        return [_with_seats(r) for r in await self._pool.fetch(sql.SELECT_AUTO_WAITING)]

    async def moves(self, game_id: int) -> list[MoveRecord]:
        return [MoveRecord(*row) for row in await self._pool.fetch(sql.SELECT_MOVES, game_id)]

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
        return await self._pool.fetchval(
            sql.INSERT_GAME,
            *_seat_arrays(seats),
            kind,
            guild_id,
            channel_id,
            host_id,
            _dumps(options),
            seed,
            now,
            remind_after,
        )

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield conn

    @staticmethod
    def _check(status: str) -> None:
        if _count(status) != 1:
            raise StaleVersion("The game changed in the meantime.")

    async def set_seats(
        self, game_id: int, version: int, seats: list[SeatRecord], now: float
    ) -> None:
        """Replace the lobby's seat list, if the game is still at ``version``."""
        async with self._transaction() as conn:  # the game's row first: writers queue there
            self._check(await conn.execute(sql.BUMP_VERSION, now, game_id, version))
            await conn.execute(sql.DELETE_SEATS, game_id)
            await conn.execute(sql.INSERT_SEATS, *_seat_arrays(seats), game_id)

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
        """Store a new snapshot and append ``moves`` to the log, atomically, if at ``version``
        (see ``Store.save_state``). The common case is one statement: ``pg_sql.SAVE_STATE``."""
        params = (
            _dumps(state),
            status,
            deadline_at,
            _dumps(recent),
            now,
            [seat for seat, _ in moves],
            [action for _, action in moves],
            game_id,
            version,
            move_count,
            sorted(prompts),
        )
        if player is None:
            if await self._pool.fetchval(sql.SAVE_STATE, *params) != 1:
                raise StaleVersion("The game changed in the meantime.")
            return
        async with self._transaction() as conn:  # the game's row first: writers queue there
            if await conn.fetchval(sql.SAVE_STATE, *params) != 1:
                raise StaleVersion("The game changed in the meantime.")
            await conn.execute(
                sql.REPLACE_PLAYER,
                player.user_id,
                player.bot,
                player.name,
                bool(player.resigned),
                game_id,
                player.seat,
            )

    async def set_status(
        self, game_id: int, version: int, status: str, now: float, deadline_at: float | None = None
    ) -> None:
        self._check(
            await self._pool.execute(sql.UPDATE_STATUS, status, deadline_at, now, game_id, version)
        )

    # Metadata below is not part of the game's versioned state: messages and reminders.
    async def set_messages(
        self,
        game_id: int,
        *,
        lobby_message_id: int | None = None,
        thread_id: int | None = None,
        board_message_id: int | None = None,
    ) -> None:
        await self._pool.execute(
            sql.SET_MESSAGES, lobby_message_id, thread_id, board_message_id, game_id
        )

    async def set_deadline(
        self, game_id: int, version: int, old: float | None, deadline_at: float | None
    ) -> bool:
        return await self._update(sql.SET_DEADLINE, deadline_at, game_id, version, old)

    async def set_notified(self, game_id: int, seat: int, version: int) -> bool:
        return await self._update(sql.SET_NOTIFIED, version, game_id, seat)

    async def set_dm_closed(self, game_id: int, seat: int) -> bool:
        return await self._update(sql.SET_DM_CLOSED, game_id, seat)

    async def _update(self, statement: str, *params) -> bool:
        return _count(await self._pool.execute(statement, *params)) == 1

    async def dm_panels(self, game_id: int) -> dict[int, tuple[int, int, int]]:
        """seat -> (DM channel id, message id, token) of each DM showing that seat's controls."""
        rows = await self._pool.fetch(sql.SELECT_DM_PANELS, game_id)
        return {row[0]: (row[1], row[2], row[3]) for row in rows}

    async def set_dm_panel(
        self, game_id: int, seat: int, where: tuple[int, int, int] | None
    ) -> None:
        """Remember (or, with None, forget) the DM that shows ``seat``'s controls."""
        if where is None:
            await self._pool.execute(sql.DELETE_DM_PANEL, game_id, seat)
        else:
            await self._pool.execute(sql.SET_DM_PANEL, game_id, seat, *where)

    async def forget_dm_panels(self, game_id: int) -> None:
        await self._pool.execute(sql.DELETE_DM_PANELS, game_id)

    async def set_table_lang(self, game_id: int, lang: str) -> None:
        await self._pool.execute(sql.SET_TABLE_LANG, game_id, lang)

    async def table_lang(self, game_id: int) -> str | None:
        return await self._pool.fetchval(sql.SELECT_TABLE_LANG, game_id)

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        await self._pool.execute(sql.SET_USER_LANG, user_id, lang)

    async def user_lang(self, user_id: int) -> str | None:
        return await self._pool.fetchval(sql.SELECT_USER_LANG, user_id)

    @asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[bool]:
        """A session advisory lock on a connection of its own: closing it releases the lock
        (also when the process dies), and pooled connections never hold one."""
        conn = await asyncpg.connect(self.path)
        try:
            yield await conn.fetchval(sql.TRY_LOCK, name)
        finally:
            await conn.close()
