"""The store's logic, once for both databases: what each method of ``base.Store`` reads and
writes, in which order, under which condition, and the records built from the rows.

A backend supplies only its dialect (``store.py``: SQLite; ``postgres.py``: PostgreSQL): its
statements (``sql.statements``), how it runs one (a ``Runner``: on its own, or inside
``_transaction``), how a list of values is passed (``_listed``), how a game's seats come back
with it (``_seated``), its migration runner and ``exclusive``. Every game write is conditional
on the version the writer read: a stale or concurrent write raises ``StaleVersion`` and changes
nothing; a move's snapshot and log rows are stored together or not at all.
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from types import SimpleNamespace
from typing import Any, Protocol

from .base import ACTIVE, Bucket, StaleVersion, Store
from .clocks import ClockStore
from .history import HistoryStore
from .records import GameRecord, MoveRecord, SeatRecord, dumps
from .settings import SettingsStore


class Runner(Protocol):
    """How a backend runs one statement (``params`` in the order of its ``?`` marks)."""

    async def rows(self, statement: str, params: Sequence = ()) -> list[Sequence]: ...

    async def value(self, statement: str, params: Sequence = ()) -> Any:
        """The first column of the first row, or None without a row."""

    async def write(self, statement: str, params: Sequence = ()) -> int:
        """The number of rows written."""

    async def many(self, statement: str, rows: Iterable[Sequence]) -> None: ...


def check(written: int) -> None:
    """A versioned write changed its row, or nothing at all was written."""
    if written != 1:
        raise StaleVersion("The game changed in the meantime.")


def seat_params(game_id: int, seat: SeatRecord) -> tuple:
    return (
        game_id,
        seat.seat,
        seat.user_id,
        seat.bot,
        seat.name,
        bool(seat.resigned),
        bool(seat.dm_closed),
        seat.prompt_version,
        seat.notified_version,
        seat.prompt_at,
    )


class SqlStore(ClockStore, HistoryStore, SettingsStore, Store):
    # The backend's statements (``sql.statements(dialect)``) and its runner for reads.
    q: SimpleNamespace
    _read: Runner
    _bucket: Bucket | None = None  # ``take_budget`` in memory

    @abstractmethod
    async def _write(self, statement: str, params: Sequence = ()) -> int:
        """One write on its own (it commits); the number of rows written."""

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Runner]:
        """Statements that commit together, or not at all."""

    @abstractmethod
    def _listed(self, statement: str, values: Sequence) -> tuple[str, tuple]:
        """A statement with a list (``{in}`` in ``sql.py``) and its parameters for ``values``."""

    @abstractmethod
    async def _seated(self, rows: Sequence[Sequence]) -> list[GameRecord]:
        """The games of rows of ``{game}`` columns, with their seats."""

    async def schema_version(self) -> int:
        return await self._read.value(self.q.SCHEMA_VERSION)

    async def take_budget(self, name: str, want: int, rate: float, burst: float) -> float:
        """A store no other process shares (SQLite) keeps its buckets in memory: no round trip,
        no write; a shared one (``postgres.py``) keeps them in the table ``rate_budget``."""
        if self._bucket is None:
            self._bucket = Bucket()
        return self._bucket.take(name, want, rate, burst)

    # --- reading -------------------------------------------------------------------------------
    async def get_game(self, game_id: int) -> GameRecord | None:
        games = await self._seated(await self._read.rows(self.q.SELECT_GAME, (game_id,)))
        return games[0] if games else None

    async def _games(self, statement: str, params: Sequence = ()) -> list[GameRecord]:
        return await self._seated(await self._read.rows(statement, params))

    async def games_of_user(
        self, user_id: int, statuses: Iterable[str] = ACTIVE, limit: int = 25
    ) -> list[GameRecord]:
        statement, listed = self._listed(self.q.SELECT_GAMES_OF_USER, tuple(statuses))
        return await self._games(statement, (user_id, *listed, limit))

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str] = ACTIVE
    ) -> list[GameRecord]:
        statement, listed = self._listed(self.q.SELECT_GAMES_IN_CHANNEL, tuple(statuses))
        return await self._games(statement, (channel_id, channel_id, *listed))

    async def due_games(self, now: float, limit: int = 50) -> list[GameRecord]:
        return await self._games(self.q.SELECT_DUE, (now, limit))

    async def unnotified_games(self) -> list[GameRecord]:
        return await self._games(self.q.SELECT_UNNOTIFIED)

    async def bot_waiting_games(self) -> list[GameRecord]:
        return await self._games(self.q.SELECT_BOT_WAITING)

    async def auto_waiting_games(self) -> list[GameRecord]:
        return await self._games(self.q.SELECT_AUTO_WAITING)

    async def moves(self, game_id: int, after: int = 0) -> list[MoveRecord]:
        rows = await self._read.rows(self.q.SELECT_MOVES, (game_id, after))
        return [MoveRecord(*row) for row in rows]

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
        practice: bool = False,
    ) -> int:
        params = (
            kind,
            guild_id,
            channel_id,
            host_id,
            dumps(options),
            seed,
            now,
            now,
            remind_after,
            bool(practice),
        )
        async with self._transaction() as tx:
            game_id = await tx.value(self.q.INSERT_GAME, params)
            await tx.many(self.q.INSERT_SEAT, [seat_params(game_id, s) for s in seats])
        return game_id

    async def set_seats(
        self, game_id: int, version: int, seats: list[SeatRecord], now: float
    ) -> None:
        """Replace the lobby's seat list, if the game is still at ``version``."""
        async with self._transaction() as tx:  # the game's row first: writers queue there
            check(await tx.write(self.q.BUMP_VERSION, (now, game_id, version)))
            await tx.write(self.q.DELETE_SEATS, (game_id,))
            await tx.many(self.q.INSERT_SEAT, [seat_params(game_id, s) for s in seats])

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
        (see ``Store.save_state``). The common case (no player change) is one statement:
        ``sql.SAVE_STATE``; a player change is written in its transaction, after it."""
        params = (
            dumps(state),
            status,
            deadline_at,
            dumps(recent),
            now,
            dumps([[seat, action] for seat, action in moves]),
            dumps(sorted(prompts)),
            len(moves),
            game_id,
            version,
            move_count,
        )
        if player is None:
            check(await self._write(self.q.SAVE_STATE, params))
            return
        async with self._transaction() as tx:
            check(await tx.write(self.q.SAVE_STATE, params))
            await tx.write(
                self.q.REPLACE_PLAYER,
                (
                    player.user_id,
                    player.bot,
                    player.name,
                    bool(player.resigned),
                    game_id,
                    player.seat,
                ),
            )

    async def set_status(
        self, game_id: int, version: int, status: str, now: float, deadline_at: float | None = None
    ) -> None:
        check(await self._write(self.q.UPDATE_STATUS, (status, deadline_at, now, game_id, version)))

    # --- metadata, not part of the game's versioned state: messages and reminders -------------
    async def set_messages(
        self,
        game_id: int,
        *,
        lobby_message_id: int | None = None,
        thread_id: int | None = None,
        board_message_id: int | None = None,
    ) -> None:
        await self._write(
            self.q.SET_MESSAGES, (lobby_message_id, thread_id, board_message_id, game_id)
        )

    # Each returns True if it wrote, False if the row was no longer as the caller read it.
    async def set_deadline(
        self, game_id: int, version: int, old: float | None, deadline_at: float | None
    ) -> bool:
        return await self._write(self.q.SET_DEADLINE, (deadline_at, game_id, version, old)) == 1

    async def set_notified(self, game_id: int, seat: int, version: int) -> bool:
        params = (version, game_id, seat, version, version)
        return await self._write(self.q.SET_NOTIFIED, params) == 1

    async def set_dm_closed(self, game_id: int, seat: int) -> bool:
        return await self._write(self.q.SET_DM_CLOSED, (game_id, seat)) == 1

    async def dm_panels(self, game_id: int) -> dict[int, tuple[int, int, int]]:
        rows = await self._read.rows(self.q.SELECT_DM_PANELS, (game_id,))
        return {row[0]: (row[1], row[2], row[3]) for row in rows}

    async def set_dm_panel(
        self, game_id: int, seat: int, where: tuple[int, int, int] | None
    ) -> None:
        if where is None:
            await self._write(self.q.DELETE_DM_PANEL, (game_id, seat))
        else:
            await self._write(self.q.SET_DM_PANEL, (game_id, seat, *where))

    async def forget_dm_panels(self, game_id: int) -> None:
        await self._write(self.q.DELETE_DM_PANELS, (game_id,))

    # --- languages -----------------------------------------------------------------------------
    async def set_table_lang(self, game_id: int, lang: str) -> None:
        await self._write(self.q.SET_TABLE_LANG, (game_id, lang))

    async def table_lang(self, game_id: int) -> str | None:
        return await self._read.value(self.q.SELECT_TABLE_LANG, (game_id,))

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        await self._write(self.q.SET_USER_LANG, (user_id, lang))

    async def user_lang(self, user_id: int) -> str | None:
        return await self._read.value(self.q.SELECT_USER_LANG, (user_id,))

    # --- rematches, watchers, a server's tables (migration 9, issue 26) -----------------------
    async def create_rematch(
        self,
        game_id: int,
        *,
        host_id: int,
        seed: int,
        now: float,
        seats: list[SeatRecord],
        seating: list[dict],
        lang: str | None = None,
        away_limit: float | None = None,
    ) -> tuple[int, bool]:
        """The one rematch of the finished game ``game_id``: a new lobby of the same kind,
        place, options and reminder interval, hosted by ``host_id`` with ``seats`` seated and
        the planned ``seating`` stored, with the table's language and away limit; all at once
        or not at all. Of several requests (processes) at once, one creates it: (its id, True);
        every other gets the existing one's id and False."""
        q = self.q
        async with self._transaction() as tx:
            if q.LOCK_GAME:  # writers of one game's rematch queue on its row
                await tx.write(q.LOCK_GAME, (game_id,))
            existing = await tx.value(q.SELECT_REMATCH, (game_id,))
            if existing is not None:
                return existing, False
            old = (await tx.rows(q.SELECT_GAME_ROW, (game_id,)))[0]
            kind, guild_id, channel_id, options, remind_after, practice = old
            params = (kind, guild_id, channel_id, host_id, options, seed, now, now, remind_after)
            new_id = await tx.value(q.INSERT_GAME, (*params, practice))
            await tx.many(q.INSERT_SEAT, [seat_params(new_id, s) for s in seats])
            await tx.write(q.INSERT_REMATCH, (game_id, new_id, dumps(seating)))
            await tx.write(q.COPY_TABLE_CLOCK, (new_id, game_id))
            if lang is not None:
                await tx.write(q.SET_TABLE_LANG, (new_id, lang))
            if away_limit is not None:
                await tx.write(q.SET_AWAY_LIMIT, (away_limit, new_id))
        return new_id, True

    async def rematch_of(self, game_id: int) -> int | None:
        return await self._read.value(self.q.SELECT_REMATCH, (game_id,))

    async def seating(self, game_id: int) -> list[dict] | None:
        """The planned seating of a rematch lobby (None: not a rematch)."""
        text = await self._read.value(self.q.SELECT_SEATING, (game_id,))
        return None if text is None else json.loads(text)

    async def watch(self, game_id: int, user_id: int, now: float) -> bool:
        return await self._write(self.q.INSERT_WATCHER, (game_id, user_id, now)) == 1

    async def unwatch(self, game_id: int, user_id: int) -> bool:
        return await self._write(self.q.DELETE_WATCHER, (game_id, user_id)) == 1

    async def watchers(self, game_id: int) -> list[int]:
        return [r[0] for r in await self._read.rows(self.q.SELECT_WATCHERS, (game_id,))]

    async def watched_games(
        self, user_id: int, statuses: Iterable[str] = ACTIVE, limit: int = 500
    ) -> list[GameRecord]:
        statement, listed = self._listed(self.q.SELECT_WATCHED, tuple(statuses))
        return await self._games(statement, (user_id, *listed, limit))

    async def games_in_guild(
        self, guild_id: int, statuses: Iterable[str] = ("running",), limit: int = 1000
    ) -> list[GameRecord]:
        statement, listed = self._listed(self.q.SELECT_GAMES_IN_GUILD, tuple(statuses))
        return await self._games(statement, (guild_id, *listed, limit))
