"""The table service: lobby, seats, turn flow, bots, reminders. No discord here.

It is the one place where engines and storage meet. A front end (the Discord cogs, a test, a
benchmark) calls it and gets back records and ``Outcome``s saying what to tell whom.

It is made of services with names of their own, each a module of ``tables/`` over one shared
core (``base.TableCore``: store, clock, engines, locks, caches), each calling another by its
name (``self.core.history.commit_seed``), never through a base class:

- ``service.lobby`` (``lobby.py``): open a table, seats and bots, start, cancel, abandon;
- ``service.turns`` (``turns.py``, with ``botplay.py``): moves, resigning, replacing, the bots'
  and the table's own moves; ``advance`` stores a move and says who is told what;
- ``service.undo`` (``undo.py``): taking back a decision, confirmations;
- ``service.notices`` (``notices.py``): what each seat was told, DM panels, start-up catch-up;
- ``service.reminders`` (``reminders.py``): who is reminded when, quiet hours' digests;
- ``service.history`` (``history.py``): the seed commitment, logs, exports, replays, results;
- ``service.away`` (``away.py``): away and back, bots sitting in, the away limit;
- ``service.players`` (``players.py``): each player's settings and language;
- ``service.clocks`` (``clocks.py``): a table's clock, each seat's time, warnings, time running
  out and its consequence, a seat handed back;
- ``service.votes`` (``votes.py``): deciding together: end, stop, pause, resume, hand a seat
  to a bot;
- ``service.hints`` (``hints.py``): the hard bot's advice to a player of a practice table;
- ``service.rematch`` (``rematch.py``): the one rematch of a finished table, its seating;
- ``service.watching`` (``watching.py``): who follows which table's public news;
- ``service.lists`` (``lists.py``): a player's tables and a server's, who is waited for since
  when.

The service itself holds the lookups every front end needs (``game``, ``state``, ``to_act``,
``view``, ``choices``, ``table_lang`` ...: ``base.TableBase``).

Concurrency: every request that changes a game runs under that game's asyncio lock and is
stored with the version it read, so a double click or a request racing another process is
applied at most once. A button carries its seat's *prompt version* (the version at which that
seat's current decision began): a click from an older decision is refused as stale, while a
click made while other seats decide in parallel stays valid. Several processes may share one
PostgreSQL store, each handling any game: a request made on a cached record that another
process has changed since is refused by the database, read again and run again on the latest
record (``base.on_latest``); reminders and the start-up catch-up are claimed by one process.
"""

from __future__ import annotations

from collections.abc import Callable

from engines import Engine
from storage import Store

from .away import Away
from .base import CACHE_SIZE, DEFAULT_REMIND_AFTER, RECENT_LINES, TableBase, TableCore, fill_names
from .clocks import Clocks
from .hints import Hints
from .history import History
from .lists import Lists
from .lobby import Lobby
from .notices import Notices
from .rematch import Rematches
from .reminders import Reminders
from .turns import Turns
from .undo import Undo
from .votes import Votes
from .watching import Watching

__all__ = ["DEFAULT_REMIND_AFTER", "RECENT_LINES", "TableService", "fill_names"]


class TableService(TableBase):
    """The services of one store (see the module's docstring), and the shared lookups."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] | None = None,
        remind_after: float = DEFAULT_REMIND_AFTER,
        seed_source: Callable[[], int] | None = None,
        registry: dict[str, Engine] | None = None,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        core = TableCore(
            store,
            remind_after=remind_after,
            seed_source=seed_source,
            registry=registry,
            cache_size=cache_size,
            **({} if clock is None else {"clock": clock}),
        )
        super().__init__(core)
        self.lobby = core.lobby = Lobby(core)
        self.turns = core.turns = Turns(core)
        self.undo = core.undo = Undo(core)
        self.notices = core.notices = Notices(core)
        self.reminders = core.reminders = Reminders(core)
        self.history = core.history = History(core)
        self.away = core.away = Away(core)
        self.clocks = core.clocks = Clocks(core)
        self.votes = core.votes = Votes(core)
        self.hints = core.hints = Hints(core)
        self.rematch = core.rematch = Rematches(core)
        self.watching = core.watching = Watching(core)
        self.lists = core.lists = Lists(core)
