"""What every part of the table service shares: settings, caches, locks and lookups."""
from __future__ import annotations

import asyncio
import re
import secrets
import time
from typing import Callable

import engines
from engines import Engine, State
from engines.words import render
from storage import ACTIVE, GameRecord, Store

from .errors import TableError

DEFAULT_REMIND_AFTER = 24 * 3600.0
RECENT_LINES = 8
_NAME_RE = re.compile(r"\{p(\d)\}")


def fill_names(text: str, names: list[str]) -> str:
    """Replace the engines' "{p0}".."{p4}" seat markers with the seats' names."""
    return _NAME_RE.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                        else m.group(0), text)


class TableBase:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 remind_after: float = DEFAULT_REMIND_AFTER,
                 seed_source: Callable[[], int] | None = None,
                 registry: dict[str, Engine] | None = None) -> None:
        self.store = store
        self.clock = clock
        self.remind_after = remind_after
        self.registry = engines.REGISTRY if registry is None else registry
        self._seed = seed_source or (lambda: secrets.randbits(62))
        self._locks: dict[int, asyncio.Lock] = {}
        # The latest stored record of each game this process wrote or read. Only requests
        # holding the game's lock write, and every write is conditional on the version, so a
        # record changed by another process makes the write fail (and drops the cache entry)
        # instead of being overwritten.
        self._cache: dict[int, GameRecord] = {}
        # The engine state of each cached record, already loaded: (version, state). States are
        # never mutated (apply returns a new one), so one object serves every reader.
        self._live: dict[int, tuple[int, State]] = {}

    # --- lookups ---------------------------------------------------------------------------------
    def engine(self, kind: str) -> Engine:
        try:
            return self.registry[kind]
        except KeyError:
            raise TableError(f"There is no game called {kind!r} here.") from None

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def game(self, game_id: int) -> GameRecord:
        """The game as stored. Treat it as read-only: it may be shared with other callers."""
        game = self._cache.get(game_id)
        if game is None:
            game = await self.store.get_game(game_id)
            if game is None:
                raise TableError(f"There is no table #{game_id}.")
            self._cache[game_id] = game
        return game

    async def _reread(self, game_id: int) -> GameRecord:
        self._cache.pop(game_id, None)
        return await self.game(game_id)

    @staticmethod
    def names(game: GameRecord) -> list[str]:
        return [seat.name for seat in game.seats]

    def fill(self, game: GameRecord, text: str) -> str:
        return fill_names(text, self.names(game))

    def state(self, game: GameRecord) -> State:
        """The engine state of a game record (loaded once per version, then shared)."""
        if game.state is None:
            raise TableError("This table has not started yet.")
        live = self._live.get(game.id)
        if live is not None and live[0] == game.version:
            return live[1]
        state = self.engine(game.kind).load(game.state)
        self._live[game.id] = (game.version, state)
        return state

    def to_act(self, game: GameRecord) -> list[int]:
        if game.status != "running":
            return []
        return self.engine(game.kind).to_act(self.state(game))

    def view(self, game: GameRecord, seat: int | None) -> dict:
        return self.engine(game.kind).view(self.state(game), seat)

    def board_text(self, game: GameRecord) -> str:
        engine = self.engine(game.kind)
        return self.fill(game, engine.board_text(engine.view(self.state(game), None)))

    def hand_text(self, game: GameRecord, seat: int) -> str:
        return self.seat_texts(game, seat)[0]

    def seat_texts(self, game: GameRecord, seat: int) -> tuple[str, str]:
        """A seat's private text and the public prompt (what is being decided now)."""
        engine = self.engine(game.kind)
        view = engine.view(self.state(game), seat)
        return (self.fill(game, engine.hand_text(view)),
                self.fill(game, render(view.get("prompt"))))

    def choices(self, game: GameRecord, seat: int) -> list[tuple[str, str]]:
        """(action id, label) for every legal action of ``seat`` now."""
        if game.status != "running":
            return []
        engine = self.engine(game.kind)
        state = self.state(game)
        return [(a, self.fill(game, engine.describe(state, seat, a)))
                for a in engine.legal_actions(state, seat)]

    def seat_for(self, game: GameRecord, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        return seat

    async def games_of_user(self, user_id: int, statuses=ACTIVE) -> list[GameRecord]:
        return await self.store.games_of_user(user_id, statuses)

    async def games_in_channel(self, channel_id: int) -> list[GameRecord]:
        return await self.store.games_in_channel(channel_id)
