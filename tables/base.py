"""What every part of the table service shares: settings, caches, locks and lookups."""

from __future__ import annotations

import functools
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import engines
from engines import Engine, GameError, State
from engines.translations import language
from engines.words import render
from storage import ACTIVE, GameRecord, Store

from .caches import LRU, LockTable
from .errors import TableChanged, TableError
from .players import Players
from .words import WORDS, m, seat_name

DEFAULT_REMIND_AFTER = 24 * 3600.0
RECENT_LINES = 8
CACHE_SIZE = 1000  # games whose record and state stay in memory (least recently used go)
REPLAYS_KEPT = 512  # games whose replay (the states an undo may restore) stays in memory
LANGS_KEPT = 10_000  # tables' languages kept in memory (least recently used go)
MAX_ID = 2**63 - 1  # SQLite's INTEGER: a larger id cannot name a stored row


class _Anywhere:
    def __repr__(self) -> str:
        return "ANYWHERE"


# ``guild_id`` of a request that comes from no Discord place (a test, a benchmark, a script):
# the caller is trusted. Discord requests pass the guild where they were made (None in DMs).
ANYWHERE: Any = _Anywhere()
_NAME_RE = re.compile(r"\{p(\d)\}")
MAX_TRIES = 5  # a request that keeps meeting concurrent writes gives up after this many tries
R = TypeVar("R")


def on_latest(request: Callable[..., Awaitable[R]]) -> Callable[..., Awaitable[R]]:
    """For a request that writes a game (``game_id`` is its first argument).

    The request runs on the cached record, and its write is conditional on that record's
    version. If another process changed the game since it was cached, the write is refused and
    changes nothing (``TableChanged``): the record is read again and the whole request, checks
    included, runs again on it, so a stale record is never written over. With a store that
    other processes share, a request refused by its own checks on a cached record runs again
    on the latest one too (an old copy can make a current button look stale), and only a
    refusal made on the latest record is final.
    """

    @functools.wraps(request)
    async def run(self: TableBase, game_id: int, *args, **kwargs) -> R:
        for attempt in range(1, MAX_TRIES + 1):
            cached = game_id in self._cache
            try:
                return await request(self, game_id, *args, **kwargs)
            except TableChanged:
                if attempt == MAX_TRIES:
                    raise
            except GameError:
                if not (cached and self.store.shared):
                    raise
            self._cache.pop(game_id, None)
        raise AssertionError("unreachable")

    return run


def fill_names(text: str, names: list[str]) -> str:
    """Replace the engines' "{p0}".."{p4}" seat markers with the seats' names."""
    return _NAME_RE.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text
    )


class TableCore:
    """What every service of one table service shares: the store, the clock, the engines, the
    per-game locks and the caches, and the services themselves (``lobby``, ``turns``, ``undo``,
    ``notices``, ``reminders``, ``history``, ``away``, ``clocks``, ``votes``, ``hints``,
    ``players``, ``rematch``, ``watching``, ``lists``: set by ``TableService``), so
    each service calls another by its name, never through a base class."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        remind_after: float = DEFAULT_REMIND_AFTER,
        seed_source: Callable[[], int] | None = None,
        registry: dict[str, Engine] | None = None,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self.store = store
        self.clock = clock
        # each player's own (settings, language, what quiet hours held back): a service of its
        # own, on this core's clock (read at each call: a test may change it)
        self.players = Players(store, lambda: self.clock())
        self.remind_after = remind_after
        self.registry = engines.REGISTRY if registry is None else registry
        self.seed = seed_source or (lambda: secrets.randbits(62))
        self.lock = LockTable[int]()  # one per game, kept while held or awaited
        # The latest stored record of the games this process wrote or read most recently (at
        # most ``cache_size``; finished games are dropped first). Only requests holding the
        # game's lock write, and every write is conditional on the version, so a record changed
        # by another process makes the write fail (and drops the cache entry) instead of being
        # overwritten.
        self.cache: LRU[int, GameRecord] = LRU(
            cache_size,
            done=lambda g: g.status in ("finished", "abandoned"),
            on_drop=lambda game_id: self.live.pop(game_id, None),
        )
        # The engine state of each cached record, already loaded: (version, state). States are
        # never mutated (apply returns a new one), so one object serves every reader.
        self.live: LRU[int, tuple[int, State]] = LRU(cache_size)
        # The replay of each game that was asked about undo (``undo.py``): (version, log
        # length, ``engines.undo.Replay``), brought up to date from the log.
        self.replays: LRU[int, tuple[int, int, Any]] = LRU(REPLAYS_KEPT)
        self.langs: LRU[int, str] = LRU(LANGS_KEPT)  # each table's language, once read
        # the services, set by ``TableService`` (typed loosely: each module imports only base)
        self.lobby: Any = None
        self.turns: Any = None
        self.undo: Any = None
        self.notices: Any = None
        self.reminders: Any = None
        self.history: Any = None
        self.away: Any = None
        self.clocks: Any = None
        self.votes: Any = None
        self.hints: Any = None
        self.rematch: Any = None
        self.watching: Any = None
        self.lists: Any = None


class TableBase:
    """A service over the shared core: the lookups every service uses (a game, its state, its
    seats' texts, a table's language), with the core's store, clock, caches and locks."""

    def __init__(self, core: TableCore) -> None:
        self.core = core

    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def clock(self) -> Callable[[], float]:
        return self.core.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.core.clock = clock

    @property
    def players(self) -> Players:
        return self.core.players

    @property
    def registry(self) -> dict[str, Engine]:
        return self.core.registry

    @property
    def remind_after(self) -> float:
        return self.core.remind_after

    @property
    def _lock(self) -> LockTable[int]:
        return self.core.lock

    @property
    def _cache(self) -> LRU[int, GameRecord]:
        return self.core.cache

    @property
    def _live(self) -> LRU[int, tuple[int, State]]:
        return self.core.live

    @property
    def _replays(self) -> LRU[int, tuple[int, int, Any]]:
        return self.core.replays

    # --- lookups ---------------------------------------------------------------------------------
    def engine(self, kind: str) -> Engine:
        try:
            return self.registry[kind]
        except KeyError:
            raise TableError(m("err.no_game", kind=repr(kind))) from None

    async def game(self, game_id: int, *, latest: bool = False) -> GameRecord:
        """The game as stored. Treat it as read-only: it may be shared with other callers.

        The cached record, if any: the latest one unless other processes share the store.
        ``latest`` (for what is shown to players): with a shared store, read it again."""
        if not 0 < game_id <= MAX_ID:  # from an old or forged custom_id, or a typed option
            raise TableError(m("err.no_table", id=game_id))
        game = None if latest and self.store.shared else self._cache.get(game_id)
        if game is None:
            game = await self.store.get_game(game_id)
            if game is None:
                raise TableError(m("err.no_table", id=game_id))
            self._cache[game_id] = game
        return game

    async def table_at(
        self, game_id: int, *, user_id: int, guild_id: Any = ANYWHERE, latest: bool = False
    ) -> GameRecord:
        """The game, as seen from where a request was made (see ``check_place``)."""
        game = await self.game(game_id, latest=latest)
        self.check_place(game, user_id, guild_id)
        return game

    @staticmethod
    def check_place(game: GameRecord, user_id: int, guild_id: Any) -> None:
        """A table belongs to its server: a request made in a server reaches only that
        server's tables; one made in DMs (``guild_id`` None) only the tables where the user
        is seated or hosts. Anything else is answered as if the table did not exist."""
        if guild_id is ANYWHERE:
            return
        if guild_id is None:
            if game.host_id == user_id or game.seat_of(user_id) is not None:
                return
        elif game.guild_id == guild_id:
            return
        raise TableError(m("err.no_table_here", id=game.id))

    @staticmethod
    def admin_here(game: GameRecord, admin: bool, guild_id: Any) -> bool:
        """Server admin powers count only in the table's own server (never in DMs)."""
        return admin and (
            guild_id is ANYWHERE or (guild_id is not None and guild_id == game.guild_id)
        )

    async def _reread(self, game_id: int) -> GameRecord:
        self._cache.pop(game_id, None)
        return await self.game(game_id)

    @staticmethod
    def names(game: GameRecord, lang: str | None = "en") -> list[str]:
        """The seats' names for a reader of ``lang`` ("(bot)", "(resigned)" translated)."""
        return [seat_name(seat.name, lang) for seat in game.seats]

    def fill(self, game: GameRecord, text: str, lang: str | None = "en") -> str:
        return fill_names(text, self.names(game, lang))

    def state(self, game: GameRecord) -> State:
        """The engine state of a game record (loaded once per version, then shared)."""
        if game.state is None:
            raise TableError(m("err.not_started"))
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

    def board_text(self, game: GameRecord, lang: str = "en") -> str:
        engine = self.engine(game.kind)
        return self.fill(game, engine.board_text(engine.view(self.state(game), None), lang), lang)

    def hand_text(self, game: GameRecord, seat: int, lang: str = "en") -> str:
        return self.seat_texts(game, seat, lang)[0]

    def seat_texts(self, game: GameRecord, seat: int, lang: str = "en") -> tuple[str, str]:
        """A seat's private text and the public prompt (what is being decided now)."""
        engine = self.engine(game.kind)
        view = engine.view(self.state(game), seat)
        return (
            self.fill(game, engine.hand_text(view, lang), lang),
            self.fill(game, render(view.get("prompt"), lang), lang),
        )

    def choices(self, game: GameRecord, seat: int, lang: str = "en") -> list[tuple[str, str]]:
        """(action id, label) for every legal action of ``seat`` now, labels in ``lang``."""
        if game.status != "running":
            return []
        engine = self.engine(game.kind)
        state = self.state(game)
        return [
            (a, self.fill(game, engine.describe(state, seat, a, lang), lang))
            for a in engine.legal_actions(state, seat)
        ]

    def seat_for(self, game: GameRecord, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise TableError(m("err.not_playing"))
        return seat

    async def games_of_user(self, user_id: int, statuses=ACTIVE) -> list[GameRecord]:
        return await self.store.games_of_user(user_id, statuses)

    async def games_in_channel(self, channel_id: int) -> list[GameRecord]:
        return await self.store.games_in_channel(channel_id)

    def _host_only(self, game: GameRecord, user_id: int, what: str, admin: bool = False) -> None:
        """The host may; so may a server admin (``admin``) where the front end says so.
        ``what`` names the request: ``err.host_only.<what>`` is the message."""
        if game.host_id != user_id and not admin:
            key = f"err.host_only.{what}"
            raise TableError(m(key) if key in WORDS else m("err.host_only", what=what))

    # --- languages -------------------------------------------------------------------------------
    # A table's (its public board, news and results) and a user's (their DMs and private
    # answers: kept by ``Players``, tables/players.py). Languages are our catalog languages
    # ("en", "de", "es"): a Discord locale ("de", "es-ES", "en-GB"...) is mapped by
    # ``engines.translations.language`` and an unknown one falls back to English.
    async def set_table_lang(self, game_id: int, tag: str | None) -> str:
        lang = language(tag)
        await self.store.set_table_lang(game_id, lang)
        self.core.langs[game_id] = lang
        return lang

    async def table_lang(self, game: GameRecord | int) -> str:
        """The language of a table's public messages (English for tables opened before)."""
        game_id = game if isinstance(game, int) else game.id
        lang = self.core.langs.get(game_id)
        if lang is None:
            lang = self.core.langs[game_id] = language(await self.store.table_lang(game_id))
        return lang
