"""The lobby: opening a table, seats, bots, starting and closing it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from engines import Engine
from storage import GameRecord, SeatRecord, StaleVersion

from .base import ANYWHERE, TableBase, on_latest
from .bots import BOT_NAMES, DEFAULT_LEVEL, LEVELS
from .errors import TableChanged, TableError
from .outcome import Outcome
from .words import counted, m

# A practice table's bots, unless asked otherwise: beatable while learning (the hints come from
# the hard bot all the same).
PRACTICE_LEVEL = DEFAULT_LEVEL
PRACTICE_PLAYERS = 3  # seats at a practice table, unless asked otherwise (within the game's)


def practice_players(engine: Engine) -> int:
    """The seats of a practice table by default: three, within the game's player counts."""
    return max(engine.min_players, min(PRACTICE_PLAYERS, engine.max_players))


def bot_name(seats: list[SeatRecord]) -> str:
    """The name of a new bot seat: the first of ``BOT_NAMES`` not taken at the table."""
    taken = {s.name for s in seats}
    return next(
        f"{n} (bot)" for n in (*BOT_NAMES, *map(str, range(9))) if f"{n} (bot)" not in taken
    )


class Lobby(TableBase):
    """``service.lobby``: opening a table, its seats and bots, starting and closing it."""

    # --- the lobby -------------------------------------------------------------------------------
    async def open_table(
        self,
        kind: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        host_name: str,
        options: dict | None = None,
        remind_after: float | None = None,
        lang: str | None = None,
        practice: bool = False,
        bots: Sequence[str] = (),
    ) -> GameRecord:
        """A new lobby; ``lang`` is the language of its public messages (English if None).
        ``practice``: a practice table (hints on the players' panels, not rated, issue 26);
        ``bots``: the levels of bot seats to add at once, after the host's."""
        engine = self.engine(kind)
        merged = engine.check_setup(engine.min_players, options)
        if remind_after is not None and not 60 <= remind_after <= 30 * 86400:
            raise TableError(m("err.remind_range"))
        if any(level not in LEVELS for level in bots):
            raise TableError(m("err.bot_level", levels=", ".join(LEVELS)))
        if 1 + len(bots) > engine.max_players:
            raise TableError(m("err.full", n=engine.max_players))
        seats = [SeatRecord(0, host_id, None, host_name)]
        for level in bots:
            seats.append(SeatRecord(len(seats), None, level, bot_name(seats)))
        game_id = await self.store.create_game(
            kind=kind,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            options=merged,
            seed=self.core.seed(),
            now=self.clock(),
            remind_after=remind_after or self.remind_after,
            seats=seats,
            practice=practice,
        )
        if lang is not None:
            await self.set_table_lang(game_id, lang)
        return await self._reread(game_id)

    async def open_practice(
        self,
        kind: str,
        *,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int,
        host_name: str,
        players: int | None = None,
        level: str = PRACTICE_LEVEL,
        lang: str | None = None,
    ) -> GameRecord:
        """A practice table (issue 26) for ``host_id`` and bots of ``level``: ``players`` seats
        in all (``practice_players`` if None), ready to start."""
        engine = self.engine(kind)
        n = practice_players(engine) if players is None else players
        if not engine.min_players <= n <= engine.max_players:
            raise TableError(
                m(
                    "err.practice_players",
                    title=engine.title,
                    min=engine.min_players,
                    max=engine.max_players,
                )
            )
        return await self.open_table(
            kind,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            host_name=host_name,
            lang=lang,
            practice=True,
            bots=[level] * (n - 1),
        )

    def _lobby(self, game: GameRecord) -> Engine:
        if game.status != "lobby":
            raise TableError(
                m("err.already_started") if game.status == "running" else m("err.closed")
            )
        return self.engine(game.kind)

    async def _set_seats(self, game: GameRecord, seats: list[SeatRecord]) -> GameRecord:
        seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(seats)]
        try:
            await self.store.set_seats(game.id, game.version, seats, self.clock())
        except StaleVersion:
            self._cache.pop(game.id, None)
            raise TableChanged(m("err.changed")) from None
        return await self._reread(game.id)

    @on_latest
    async def join(
        self, game_id: int, user_id: int, name: str, *, guild_id: Any = ANYWHERE
    ) -> GameRecord:
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id)
            engine = self._lobby(game)
            if game.seat_of(user_id) is not None:
                raise TableError(m("err.seated"))
            if len(game.seats) >= engine.max_players:
                raise TableError(m("err.full", n=engine.max_players))
            seats = [*game.seats, SeatRecord(len(game.seats), user_id, None, name)]
            # a rematch's invited player takes the place its rotation gave them
            return await self._set_seats(game, await self.core.rematch.seat_order(game, seats))

    @on_latest
    async def leave(self, game_id: int, user_id: int, *, guild_id: Any = ANYWHERE) -> GameRecord:
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id)
            self._lobby(game)
            if game.seat_of(user_id) is None:
                raise TableError(m("err.not_seated"))
            if game.host_id == user_id:
                raise TableError(m("err.host_leaves"))
            return await self._set_seats(game, [s for s in game.seats if s.user_id != user_id])

    @on_latest
    async def add_bot(
        self, game_id: int, by_user: int, level: str = DEFAULT_LEVEL, *, guild_id: Any = ANYWHERE
    ) -> GameRecord:
        """The host adds a bot seat playing at ``level`` (easy, normal or hard)."""
        if level not in LEVELS:
            raise TableError(m("err.bot_level", levels=", ".join(LEVELS)))
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=by_user, guild_id=guild_id)
            engine = self._lobby(game)
            self._host_only(game, by_user, "add_bots")
            if len(game.seats) >= engine.max_players:
                raise TableError(m("err.full", n=engine.max_players))
            return await self._set_seats(
                game, [*game.seats, SeatRecord(len(game.seats), None, level, bot_name(game.seats))]
            )

    @on_latest
    async def remove_bot(
        self, game_id: int, by_user: int, *, guild_id: Any = ANYWHERE
    ) -> GameRecord:
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=by_user, guild_id=guild_id)
            self._lobby(game)
            self._host_only(game, by_user, "remove_bots")
            bots = [s for s in game.seats if s.is_bot]
            if not bots:
                raise TableError(m("err.no_bot"))
            return await self._set_seats(game, [s for s in game.seats if s is not bots[-1]])

    @on_latest
    async def cancel(self, game_id: int, by_user: int, *, guild_id: Any = ANYWHERE) -> GameRecord:
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=by_user, guild_id=guild_id)
            self._lobby(game)
            self._host_only(game, by_user, "cancel")
            await self._set_status(game, "abandoned")
            return await self._reread(game_id)

    @on_latest
    async def abandon(
        self, game_id: int, by_user: int, *, admin: bool = False, guild_id: Any = ANYWHERE
    ) -> GameRecord:
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=by_user, guild_id=guild_id)
            if game.status != "running":
                raise TableError(m("err.abandon_not_running"))
            self._host_only(game, by_user, "abandon", self.admin_here(game, admin, guild_id))
            await self._set_status(game, "abandoned")
            return await self._reread(game_id)

    async def _set_status(self, game: GameRecord, status: str) -> None:
        try:
            await self.store.set_status(game.id, game.version, status, self.clock())
        except StaleVersion:
            self._cache.pop(game.id, None)
            raise TableChanged(m("err.changed")) from None

    async def startable(
        self, game_id: int, by_user: int, *, guild_id: Any = ANYWHERE
    ) -> GameRecord:
        """The table, if ``by_user`` may start it now (else the TableError ``start`` would
        raise); changes nothing. Front ends check this before preparing a place to play."""
        game = await self.table_at(game_id, user_id=by_user, guild_id=guild_id)
        self._check_start(game, by_user)
        return game

    def _check_start(self, game: GameRecord, by_user: int) -> Engine:
        engine = self._lobby(game)
        self._host_only(game, by_user, "start")
        n = len(game.seats)
        if n < engine.min_players:
            raise TableError(
                m(counted("err.too_few", n), title=engine.title, min=engine.min_players, n=n)
            )
        return engine

    async def start(
        self, game_id: int, by_user: int, *, guild_id: Any = ANYWHERE, bots: bool = True
    ) -> Outcome:
        """Start the table: its seed is committed first (``history.commit_seed``: the fair
        shuffle's promise, stored before anything is dealt), then the game is dealt and the
        bots play up to the first human decision."""
        await self.core.history.commit_seed(game_id, by_user, guild_id)
        return await self._start(game_id, by_user, guild_id=guild_id, bots=bots)

    @on_latest
    async def _start(
        self, game_id: int, by_user: int, *, guild_id: Any = ANYWHERE, bots: bool = True
    ) -> Outcome:
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=by_user, guild_id=guild_id)
            engine = self._check_start(game, by_user)
            n = len(game.seats)
            state = engine.new_game(n, game.seed, game.options)
            return await self.core.turns.advance(
                game, engine, state, [], [], None, before={}, new_status="running", bots=bots
            )
