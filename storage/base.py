"""The storage interface: what the table service may ask of a store, whichever database holds it.

``await Store.open(target)`` opens a SQLite file (a path: one process, the embedded default) or a
PostgreSQL database (a ``postgresql://`` URL: several bot processes may share it). Both apply
their numbered migrations on open and keep the same guarantees: every game write is conditional
on the version the writer read, so a stale or concurrent write raises ``StaleVersion`` and
changes nothing; a move's snapshot and log rows are stored together or not at all.
"""

from __future__ import annotations

import os
import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from contextvars import ContextVar
from typing import ClassVar

from .clocks import SeatClock, TableClock, VoteRecord
from .records import GameRecord, MoveRecord, Rater, RatingRecord, ResultRecord, SeatRecord
from .settings import UserSettings

ACTIVE = ("lobby", "running")
URL_SCHEMES = ("postgresql://", "postgres://")


class StaleVersion(Exception):
    """Someone else changed the game since it was read; nothing was written."""


class StoreUnavailable(Exception):
    """The database server cannot be reached or refused the connection (the message says why;
    it never contains the URL's password)."""


class StoreUnusable(Exception):
    """The database named cannot be used as it is: a damaged file, not a database, locked by
    another program, read-only, written by a newer Tavern, missing its tables, a malformed
    URL... Found when it is opened (or checked), before anything runs on it.

    ``where`` names the database as a host may be shown it (``described``, never a password),
    ``cause`` says what is wrong and ``advice`` what to do about it."""

    def __init__(self, where: str, cause: str, advice: str) -> None:
        super().__init__(where, cause, advice)
        self.where, self.cause, self.advice = where, cause, advice

    def __str__(self) -> str:
        return f"{self.where}: {self.cause}. {self.advice}"


# The writes committed since the outermost ``counting`` block of this task began (a list, so
# that tasks started inside the block, which get a copy of the context, add to the same count).
_WRITES: ContextVar[list[int] | None] = ContextVar("tavern_writes", default=None)


@contextmanager
def counting() -> Iterator[None]:
    """Count the writes the stores commit inside the block (``written``): an answer to a
    request can then say whether anything of it was stored. Nested blocks share the count."""
    if _WRITES.get() is not None:
        yield
        return
    token = _WRITES.set([0])
    try:
        yield
    finally:
        _WRITES.reset(token)


def written() -> int:
    """How many writes were committed since the ``counting`` block began (0 outside one)."""
    box = _WRITES.get()
    return box[0] if box is not None else 0


def wrote() -> None:
    """A backend committed a write (``counting``)."""
    box = _WRITES.get()
    if box is not None:
        box[0] += 1


def store_failed(exc: BaseException) -> bool:
    """Whether ``exc`` (or what caused it) is the database failing: a full disk, a read-only or
    locked file, a lost or refused connection (``StoreUnavailable``: the PostgreSQL store turns
    a server it cannot reach into one), a damaged file. Nothing was stored by the
    statement that raised it, and the same request may well succeed once the fault clears;
    a bug (a constraint violated, a statement misused) is not one of these."""
    import sqlite3
    import sys

    asyncpg = sys.modules.get("asyncpg")  # only a PostgreSQL store imports it
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, (StoreUnavailable, StoreUnusable, sqlite3.OperationalError)):
            return True
        if type(exc) is sqlite3.DatabaseError:  # "database disk image is malformed"
            return True
        if asyncpg is not None and isinstance(
            exc,
            (
                asyncpg.PostgresConnectionError,  # class 08, a connection lost
                asyncpg.InsufficientResourcesError,  # class 53: disk full, out of memory
                asyncpg.OperatorInterventionError,  # class 57: shut down, cannot connect now
                asyncpg.ReadOnlySQLTransactionError,  # a read-only server (a standby)
                asyncpg.LockNotAvailableError,
                asyncpg.DeadlockDetectedError,
            ),
        ):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def redacted(target: str) -> str:
    """A database URL as it may be shown: without its password."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(target)
    if parts.password is None:
        return target
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def described(target: str) -> str:
    """Which database a target names, as a host may be shown it: ``SQLite <absolute path>`` or
    ``PostgreSQL <host>:<port>/<database>`` (never a user or a password, even one given in the
    query string)."""
    from urllib.parse import parse_qs, urlsplit

    if not target.startswith(URL_SCHEMES):
        return f"SQLite {target if target == ':memory:' else os.path.abspath(target)}"
    parts = urlsplit(target)
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    try:
        host = parts.hostname or query.get("host") or "localhost"
        where = f"{host}:{parts.port or query.get('port') or 5432}"
    except ValueError:  # several hosts (host1:5432,host2:5432): as written, without the user
        where = parts.netloc.rpartition("@")[2]
    name = parts.path.lstrip("/") or query.get("dbname") or "(default)"
    return f"PostgreSQL {where}/{name}"


class Bucket:
    """Token buckets in memory (one process's; ``Store.take_budget`` on a database that no
    other process shares): each refilled at ``rate`` a second up to ``burst``, and taken from
    even below zero (tokens promised ahead: the taker waits for them)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._held: dict[str, tuple[float, float]] = {}  # name -> (tokens, as of when)

    def take(self, name: str, want: int, rate: float, burst: float) -> float:
        """Take ``want`` tokens; the level before taking (see ``Store.take_budget``)."""
        now = self._clock()
        tokens, at = self._held.get(name, (burst, now))
        level = min(burst, tokens + rate * max(0.0, now - at))
        self._held[name] = (level - want, max(at, now))
        return level


class Store(ABC):
    # True when other processes may write the same games (so a cached record may be stale).
    shared: bool = False
    # The file path or the URL the store was opened with.
    path: str

    # What ``open`` calls: ``opening.open_store``, set by the package's ``__init__`` (which
    # always runs before this module is used). The backends import this module, so it cannot
    # import them: the choice of a backend lives above both.
    opener: ClassVar[Callable[..., Awaitable[Store]]]

    @staticmethod
    async def open(target: str, *, synchronous: str = "full") -> Store:
        """A SQLite file path, or a ``postgresql://`` URL. ``synchronous`` is SQLite's
        durability setting (see ``store.SYNC_MODES``); PostgreSQL's is the server's own."""
        return await Store.opener(target, synchronous=synchronous)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    # --- reading ---------------------------------------------------------------------------------
    @abstractmethod
    async def get_game(self, game_id: int) -> GameRecord | None: ...

    @abstractmethod
    async def games_of_user(
        self, user_id: int, statuses: Iterable[str] = ACTIVE, limit: int = 25
    ) -> list[GameRecord]: ...

    @abstractmethod
    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str] = ACTIVE
    ) -> list[GameRecord]: ...

    @abstractmethod
    async def due_games(self, now: float, limit: int = 50) -> list[GameRecord]:
        """Running games whose reminder deadline has passed, the most overdue first."""

    @abstractmethod
    async def unnotified_games(self) -> list[GameRecord]:
        """Running games where some human seat was not told about its current decision."""

    @abstractmethod
    async def bot_waiting_games(self) -> list[GameRecord]:
        """Running games with a bot seat, with their seats (bots resuming after a restart)."""

    @abstractmethod
    async def auto_waiting_games(self) -> list[GameRecord]:
        """Running games with a human seat whose player lets the table take their obvious
        decisions (``obvious`` not 'ask'), with their seats (resuming after a restart)."""

    @abstractmethod
    async def moves(self, game_id: int, after: int = 0) -> list[MoveRecord]:
        """The game's move log in order, from move ``after + 1`` on (all of it by default)."""

    # --- writing (versioned: raise StaleVersion unless the game is still at ``version``) -------
    @abstractmethod
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
    ) -> int: ...

    @abstractmethod
    async def set_seats(
        self, game_id: int, version: int, seats: list[SeatRecord], now: float
    ) -> None:
        """Replace the lobby's seat list."""

    @abstractmethod
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
        """Store a new snapshot and append ``moves`` to the log, atomically.

        ``move_count`` is the log length the writer read; ``prompts`` lists the seats whose
        prompt version becomes the new version; ``player`` is a seat whose player changes (a
        resign or a replacement): only its user, bot, name and resigned columns are written."""

    @abstractmethod
    async def set_status(
        self, game_id: int, version: int, status: str, now: float, deadline_at: float | None = None
    ) -> None: ...

    # --- metadata, not part of the game's versioned state: messages and reminders ---------------
    @abstractmethod
    async def set_messages(
        self,
        game_id: int,
        *,
        lobby_message_id: int | None = None,
        thread_id: int | None = None,
        board_message_id: int | None = None,
    ) -> None: ...

    # Each of these returns True if it wrote, False if the row was no longer as the caller read
    # it: of several processes doing the same, exactly one gets True.
    @abstractmethod
    async def set_deadline(
        self, game_id: int, version: int, old: float | None, deadline_at: float | None
    ) -> bool:
        """Re-arm a deadline, if the game is still at ``version`` with deadline ``old`` (the
        reminder pass: only the process that re-armed it sends the reminder)."""

    @abstractmethod
    async def set_notified(self, game_id: int, seat: int, version: int) -> bool:
        """Mark that ``seat`` was told about the prompt of ``version``; never moves back."""

    @abstractmethod
    async def set_dm_closed(self, game_id: int, seat: int) -> bool:
        """Mark a seat's DMs closed; True only for the writer that changed it."""

    # --- DM panels (migration 4): the one DM per seat showing live controls; not game state,
    # no version is bumped ----------------------------------------------------------------------
    @abstractmethod
    async def dm_panels(self, game_id: int) -> dict[int, tuple[int, int, int]]:
        """seat -> (DM channel id, message id, token) of each DM showing that seat's controls."""

    @abstractmethod
    async def set_dm_panel(
        self, game_id: int, seat: int, where: tuple[int, int, int] | None
    ) -> None:
        """Remember (or, with None, forget) the DM that shows ``seat``'s controls."""

    @abstractmethod
    async def forget_dm_panels(self, game_id: int) -> None: ...

    # --- languages (migration 6): a table's and a user's; no version is bumped ------------------
    @abstractmethod
    async def set_table_lang(self, game_id: int, lang: str) -> None:
        """The language a table's public messages are shown in."""

    @abstractmethod
    async def table_lang(self, game_id: int) -> str | None: ...

    @abstractmethod
    async def set_user_lang(self, user_id: int, lang: str) -> None:
        """Remember a user's language (their Discord client's) for DMs sent later."""

    @abstractmethod
    async def user_lang(self, user_id: int) -> str | None: ...

    # --- history (migration 3): seed commitments, results and ratings ---------------------------
    @abstractmethod
    async def add_fairness(self, game_id: int, salt: str, commitment: str) -> None:
        """Store a game's salt and commitment once; a second call changes nothing."""

    @abstractmethod
    async def fairness(self, game_id: int) -> tuple[str, str] | None:
        """(salt, commitment) of a game, or None if it has none."""

    @abstractmethod
    async def record_results(self, rows: list[ResultRecord], rate: Rater | None) -> bool:
        """Store a finished game's results and update its humans' ratings, atomically and once
        (whichever process asks, and however many at once). False if that game's results were
        stored already (nothing is written then)."""

    @abstractmethod
    async def replace_ratings(
        self, guild_id: int, kind: str, ratings: Iterable[RatingRecord]
    ) -> None:
        """Set a server's ratings for one game afresh (after results were filled in late)."""

    @abstractmethod
    async def results_in_guild(self, guild_id: int) -> list[ResultRecord]:
        """Every result of a server, oldest game first, but those of practice tables."""

    @abstractmethod
    async def ratings_in_guild(self, guild_id: int) -> list[RatingRecord]: ...

    @abstractmethod
    async def finished_without_results(self) -> list[int]:
        """Finished games whose results were never stored (a crash came in between)."""

    @abstractmethod
    async def finished_in_guild(self, guild_id: int) -> list[int]:
        """The finished games of a server that count (practice tables do not), oldest first."""

    # --- player settings and being away (migration 5, issue 15) ---------------------------------
    @abstractmethod
    async def user_settings(self, user_ids: Iterable[int]) -> dict[int, UserSettings]:
        """user id -> settings, for every one of ``user_ids`` (the defaults where none stored)."""

    @abstractmethod
    async def save_user_settings(self, s: UserSettings) -> None:
        """Store the choices (notify, interval, timezone, quiet hours, obvious decisions); away
        and held kept."""

    @abstractmethod
    async def set_away(self, user_id: int, since: float, until: float, bot_sit: bool) -> None: ...

    @abstractmethod
    async def end_away(self, user_id: int, until: float | None) -> bool:
        """End an away that still ends at ``until``; False if someone changed it meanwhile."""

    @abstractmethod
    async def bot_sitting_users(self, now: float) -> list[int]:
        """Users away at ``now`` with a bot sitting in for them."""

    @abstractmethod
    async def away_ended(self, now: float) -> list[tuple[int, float]]:
        """(user id, away_until) of every away whose time ran out by ``now``."""

    @abstractmethod
    async def hold(
        self, user_id: int, now: float, game_id: int | None = None, news: Iterable[str] = ()
    ) -> None:
        """Remember that something was held back for ``user_id`` (and its private news)."""

    @abstractmethod
    async def held_users(self) -> list[int]: ...

    @abstractmethod
    async def take_held(self, user_id: int, since: float) -> list[tuple[int, str]] | None:
        """Claim what was held back for ``user_id`` since ``since``: (game id, news) pairs, now
        deleted. None if another pass (or process) claimed it first."""

    @abstractmethod
    async def set_away_limit(self, game_id: int, seconds: float) -> None: ...

    @abstractmethod
    async def away_limit(self, game_id: int) -> float | None: ...

    # --- clocks and votes (migration 9, issue 26): ``clocks.ClockStore`` ----------------------
    @abstractmethod
    async def table_clock(self, game_id: int) -> TableClock | None: ...

    @abstractmethod
    async def set_table_clock(
        self, game_id: int, base: float | None, increment: float | None, on_timeout: str
    ) -> None: ...

    @abstractmethod
    async def set_paused(self, game_id: int, paused: bool) -> bool:
        """Pause or resume a table; True only for the writer that changed it."""

    @abstractmethod
    async def set_clock_next(self, game_id: int, old: float | None, new: float | None) -> bool:
        """Move ``next_at`` from ``old`` to ``new``; False if it was no longer ``old``."""

    @abstractmethod
    async def clocks_due(self, now: float, limit: int = 500) -> list[tuple[int, float]]: ...

    @abstractmethod
    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]: ...

    @abstractmethod
    async def save_seat_clocks(
        self, game_id: int, version: int, clocks: Iterable[SeatClock], next_at: float | None = None
    ) -> bool:
        """The seats' clocks worked out at game ``version``; False if a later one's are stored."""

    @abstractmethod
    async def sitting_games(self) -> list[int]: ...

    @abstractmethod
    async def open_vote(
        self,
        game_id: int,
        kind: str,
        seat: int | None,
        opened_by: int | None,
        now: float,
        expires_at: float,
    ) -> int | None:
        """A new vote (with its opener's yes); None if the table has an open vote already."""

    @abstractmethod
    async def vote(self, vote_id: int) -> VoteRecord | None: ...

    @abstractmethod
    async def open_vote_at(self, game_id: int) -> VoteRecord | None: ...

    @abstractmethod
    async def cast_ballot(self, vote_id: int, user_id: int, yes: bool) -> bool: ...

    @abstractmethod
    async def ballots(self, vote_id: int) -> dict[int, bool]: ...

    @abstractmethod
    async def close_vote(self, vote_id: int, result: str) -> bool:
        """Close an open vote; True only for the one writer that closed it."""

    @abstractmethod
    async def set_vote_message(self, vote_id: int, channel_id: int, message_id: int) -> None: ...

    @abstractmethod
    async def votes_expired(self, now: float) -> list[VoteRecord]: ...

    @abstractmethod
    async def add_table_event(self, game_id: int, at: float, word: str, params: dict) -> None: ...

    @abstractmethod
    async def table_events(self, game_id: int) -> list[tuple[float, str, dict]]: ...
    # --- rematches, watchers, a server's tables (migration 11, issue 26) -------------------------
    @abstractmethod
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
        """The one rematch of a finished game, created once: (its id, whether this call made
        it). A new lobby of the same kind, place, options, reminder interval, practice flag and
        clock, with ``seats`` seated and ``seating`` (the planned seats, in order) stored beside
        it."""

    @abstractmethod
    async def rematch_of(self, game_id: int) -> int | None: ...

    @abstractmethod
    async def seating(self, game_id: int) -> list[dict] | None:
        """The planned seating of a rematch lobby (None: not a rematch)."""

    @abstractmethod
    async def watch(self, game_id: int, user_id: int, now: float) -> bool:
        """Follow a table's public news; False if already watching."""

    @abstractmethod
    async def unwatch(self, game_id: int, user_id: int) -> bool:
        """Stop following; False if not watching."""

    @abstractmethod
    async def watchers(self, game_id: int) -> list[int]: ...

    @abstractmethod
    async def watched_games(
        self, user_id: int, statuses: Iterable[str] = ACTIVE, limit: int = 500
    ) -> list[GameRecord]:
        """The tables a user watches (with their seats), most recently changed first."""

    @abstractmethod
    async def games_in_guild(
        self, guild_id: int, statuses: Iterable[str] = ("running",), limit: int = 1000
    ) -> list[GameRecord]:
        """A server's tables (with their seats), the longest unchanged first."""

    # --- the bot's share of Discord's global rate limit (migration 8, issue 25) -----------------
    @abstractmethod
    async def take_budget(self, name: str, want: int, rate: float, burst: float) -> float:
        """Take ``want`` tokens from the bucket ``name``, shared by every process on this
        database, refilled at ``rate`` a second up to ``burst``; returns the level before
        taking. Token ``j`` (1 to ``want``) may be used at once if ``j <= level``, else
        ``(j - level) / rate`` seconds from now: the level goes below zero when tokens are
        promised ahead, so every taker gets its own moments and none is given twice. Not a
        write of the request (``counting``)."""

    @abstractmethod
    def exclusive(self, name: str) -> AbstractAsyncContextManager[bool]:
        """``async with store.exclusive(name) as mine``: ``mine`` is True in exactly one of the
        processes (and tasks) asking at once; the others get False and skip the work."""
