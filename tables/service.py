"""The table service: lobby, seats, turn flow, bots, reminders. No discord here.

It is the one place where engines and storage meet. A front end (the Discord cogs, a test, a
benchmark) calls it and gets back records and ``Outcome``s saying what to tell whom.

Concurrency: every request that changes a game runs under that game's asyncio lock and is
stored with the version it read, so a double click or a request racing another process is
applied at most once. A button carries its seat's *prompt version* (the version at which that
seat's current decision began): a click from an older decision is refused as stale, while a
click made while other seats decide in parallel stays valid.
"""
from __future__ import annotations

import asyncio
import dataclasses
import re
import secrets
import time
from typing import Callable

import engines
from engines import Engine, Event, State
from storage import ACTIVE, GameRecord, SeatRecord, StaleVersion, Store

from .bots import BOT_NAMES, bot_rng, policy_for
from .errors import StaleClick, TableError
from .outcome import Notice, Outcome, Reminder

DEFAULT_REMIND_AFTER = 24 * 3600.0
RECENT_LINES = 8
MAX_BOT_MOVES = 100_000
_NAME_RE = re.compile(r"\{p(\d)\}")


def fill_names(text: str, names: list[str]) -> str:
    """Replace the engines' "{p0}".."{p4}" seat markers with the seats' names."""
    return _NAME_RE.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                        else m.group(0), text)


class TableService:
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
                self.fill(game, str(view.get("prompt") or "")))

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

    # --- the lobby -------------------------------------------------------------------------------
    async def open_table(self, kind: str, *, guild_id: int | None, channel_id: int | None,
                         host_id: int, host_name: str, options: dict | None = None,
                         remind_after: float | None = None) -> GameRecord:
        engine = self.engine(kind)
        merged = engine.check_setup(engine.min_players, options)
        if remind_after is not None and not 60 <= remind_after <= 30 * 86400:
            raise TableError("Reminders can be set from 1 minute to 30 days.")
        game_id = await self.store.create_game(
            kind=kind, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
            options=merged, seed=self._seed(), now=self.clock(),
            remind_after=remind_after or self.remind_after,
            seats=[SeatRecord(0, host_id, None, host_name)])
        return await self._reread(game_id)

    def _lobby(self, game: GameRecord) -> Engine:
        if game.status != "lobby":
            raise TableError("This table has already started." if game.status == "running"
                             else "This table is closed.")
        return self.engine(game.kind)

    def _host_only(self, game: GameRecord, user_id: int, what: str, admin: bool = False) -> None:
        """The host may; so may a server admin (``admin``) where the front end says so."""
        if game.host_id != user_id and not admin:
            raise TableError(f"Only the host of this table can {what}.")

    async def _set_seats(self, game: GameRecord, seats: list[SeatRecord]) -> GameRecord:
        seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(seats)]
        try:
            await self.store.set_seats(game.id, game.version, seats, self.clock())
        except StaleVersion:
            self._cache.pop(game.id, None)
            raise TableError("The table changed at that moment; please try again.") from None
        return await self._reread(game.id)

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        async with self._lock(game_id):
            game = await self.game(game_id)
            engine = self._lobby(game)
            if game.seat_of(user_id) is not None:
                raise TableError("You are already seated at this table.")
            if len(game.seats) >= engine.max_players:
                raise TableError(f"This table is full ({engine.max_players} seats).")
            return await self._set_seats(game, [*game.seats,
                                                SeatRecord(len(game.seats), user_id, None, name)])

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        async with self._lock(game_id):
            game = await self.game(game_id)
            self._lobby(game)
            if game.seat_of(user_id) is None:
                raise TableError("You are not seated at this table.")
            if game.host_id == user_id:
                raise TableError("You are the host: use Cancel to close the table instead.")
            return await self._set_seats(game, [s for s in game.seats if s.user_id != user_id])

    async def add_bot(self, game_id: int, by_user: int) -> GameRecord:
        async with self._lock(game_id):
            game = await self.game(game_id)
            engine = self._lobby(game)
            self._host_only(game, by_user, "add bots")
            if len(game.seats) >= engine.max_players:
                raise TableError(f"This table is full ({engine.max_players} seats).")
            taken = {s.name for s in game.seats}
            name = next(f"{n} (bot)" for n in (*BOT_NAMES, *map(str, range(9)))
                        if f"{n} (bot)" not in taken)
            return await self._set_seats(game, [*game.seats,
                                                SeatRecord(len(game.seats), None, "random", name)])

    async def remove_bot(self, game_id: int, by_user: int) -> GameRecord:
        async with self._lock(game_id):
            game = await self.game(game_id)
            self._lobby(game)
            self._host_only(game, by_user, "remove bots")
            bots = [s for s in game.seats if s.is_bot]
            if not bots:
                raise TableError("There is no bot at this table.")
            return await self._set_seats(game, [s for s in game.seats if s is not bots[-1]])

    async def cancel(self, game_id: int, by_user: int) -> GameRecord:
        async with self._lock(game_id):
            game = await self.game(game_id)
            self._lobby(game)
            self._host_only(game, by_user, "cancel it")
            await self._set_status(game, "abandoned")
            return await self._reread(game_id)

    async def abandon(self, game_id: int, by_user: int, *, admin: bool = False) -> GameRecord:
        async with self._lock(game_id):
            game = await self.game(game_id)
            if game.status != "running":
                raise TableError("Only a running game can be abandoned.")
            self._host_only(game, by_user, "abandon it", admin)
            await self._set_status(game, "abandoned")
            return await self._reread(game_id)

    async def _set_status(self, game: GameRecord, status: str) -> None:
        try:
            await self.store.set_status(game.id, game.version, status, self.clock())
        except StaleVersion:
            self._cache.pop(game.id, None)
            raise TableError("The table changed at that moment; please try again.") from None

    async def start(self, game_id: int, by_user: int) -> Outcome:
        async with self._lock(game_id):
            game = await self.game(game_id)
            engine = self._lobby(game)
            self._host_only(game, by_user, "start it")
            n = len(game.seats)
            if n < engine.min_players:
                raise TableError(f"{engine.title} needs at least {engine.min_players} players; "
                                 f"{n} seated. Invite someone or add a bot.")
            state = engine.new_game(n, game.seed, game.options)
            return await self._advance(game, engine, state, [], [], None, before={},
                                       new_status="running")

    # --- moves -----------------------------------------------------------------------------------
    async def move(self, game_id: int, user_id: int, action: str,
                   token: int | None = None) -> Outcome:
        """Apply ``action`` for the user's seat. ``token`` is the prompt version of a button."""
        async with self._lock(game_id):
            game = await self.game(game_id)
            if game.status != "running":
                raise TableError("This game is not running." if game.status == "lobby"
                                 else "This game is over.")
            seat = self.seat_for(game, user_id)
            engine = self.engine(game.kind)
            state = self.state(game)
            acting = engine.to_act(state)
            if seat not in acting:
                waiting = ", ".join(game.seats[s].name for s in acting) or "nobody"
                raise TableError(f"It is not your turn to decide; waiting for {waiting}.")
            if token is not None and token != game.seats[seat].prompt_version:
                raise StaleClick("That button belongs to an older board; nothing was changed. "
                                 "Here are your current choices.")
            before = {s: engine.legal_actions(state, s) for s in acting}
            state, events = engine.apply(state, seat, action)
            return await self._advance(game, engine, state, [(seat, action)], events, seat,
                                       before=before)

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """The seat is taken over by a bot; with no human left the game is abandoned."""
        return await self.replace_with_bot(game_id, user_id, by_user=user_id)

    async def replace_with_bot(self, game_id: int, user_id: int, *, by_user: int,
                               admin: bool = False) -> Outcome:
        """A player resigns (``by_user`` is that player), or the host (or a server admin)
        hands an absent player's seat to a bot so the others can go on."""
        async with self._lock(game_id):
            game = await self.game(game_id)
            if game.status != "running":
                raise TableError("Only a running game can be resigned from."
                                 if by_user == user_id else "This game is not running.")
            if by_user != user_id:
                self._host_only(game, by_user, "hand a player's seat to a bot", admin)
            seat = game.seat_of(user_id)
            if seat is None:
                raise TableError("You are not playing at this table." if by_user == user_id
                                 else "That player has no seat at this table.")
            engine = self.engine(game.kind)
            state = self.state(game)
            old = game.seats[seat]
            seats = list(game.seats)
            what = "resigned" if by_user == user_id else "was replaced"
            seats[seat] = SeatRecord(seat, None, "random", f"{old.name} ({what})", resigned=True)
            game = dataclasses.replace(game, seats=seats)
            events = [Event(f"{old.name} {what}; a bot plays their seat from now on.")]
            if not any(not s.is_bot for s in seats):  # nobody left to play with: stop here
                try:
                    await self.store.save_state(
                        game.id, game.version, game.move_count, state=engine.dump(state),
                        status="abandoned", moves=[], now=self.clock(), deadline_at=None,
                        recent=(game.recent + [events[0].text])[-RECENT_LINES:], seats=seats)
                except StaleVersion:
                    self._cache.pop(game.id, None)
                    raise TableError("The table changed at that moment; please try again.") \
                        from None
                return Outcome(game=await self._reread(game.id), public=[events[0].text])
            before = {s: engine.legal_actions(state, s) for s in engine.to_act(state)}
            return await self._advance(game, engine, state, [], events, None, before=before,
                                       seats=seats)

    async def _advance(self, game: GameRecord, engine: Engine, state: State,
                       moves: list[tuple[int, str]], events: list[Event], mover: int | None,
                       *, before: dict[int, list[str]], new_status: str | None = None,
                       seats: list[SeatRecord] | None = None) -> Outcome:
        """Let bot seats play, then store everything at once and work out who to tell what."""
        events = list(events)
        bots = {s.seat for s in game.seats if s.is_bot}
        for _ in range(MAX_BOT_MOVES):
            if engine.is_over(state):
                break
            acting = [s for s in engine.to_act(state) if s in bots]
            if not acting:
                break
            bot = acting[0]
            legal = engine.legal_actions(state, bot)
            pick = policy_for(game.kind).choose(
                engine, state, bot, legal, bot_rng(game.seed, game.move_count + len(moves)))
            state, more = engine.apply(state, bot, pick)
            moves.append((bot, pick))
            events.extend(more)
        else:
            raise TableError("The bots could not finish their moves; the game was not changed.")

        seat_list = seats or game.seats
        names = [s.name for s in seat_list]
        new_version = game.version + 1
        over = engine.is_over(state)
        acting = [] if over else engine.to_act(state)
        movers = {seat for seat, _ in moves}
        humans = [s for s in seat_list if not s.is_bot]
        prompts: set[int] = set()
        for seat in acting:
            if seat in bots:
                continue
            if (seat in movers or seat not in before
                    or engine.legal_actions(state, seat) != before[seat]):
                prompts.add(seat)
        public = [fill_names(e.text, names) for e in events if e.audience is None]
        highlights = [fill_names(e.text, names) for e in events
                      if e.audience is None and e.highlight]
        notices: list[Notice] = []
        mover_private: list[str] = []
        for seat in humans:
            private = [fill_names(e.text, names) for e in events
                       if e.audience is not None and seat.seat in e.audience]
            if seat.seat == mover:
                mover_private = private
                continue
            starting = new_status == "running"  # everyone gets their hand when a game starts
            if private or seat.seat in prompts or starting:
                notices.append(Notice(seat.seat, seat.user_id, seat.seat in prompts, private,
                                      seat.dm_closed))
        status = "finished" if over else (new_status or game.status)
        now = self.clock()
        deadline = now + game.remind_after if any(s not in bots for s in acting) else None
        recent = (game.recent + public)[-RECENT_LINES:]
        dumped = engine.dump(state)
        try:
            await self.store.save_state(game.id, game.version, game.move_count,
                                        state=dumped, status=status, moves=moves,
                                        now=now, deadline_at=deadline, recent=recent,
                                        prompts=prompts, seats=seats)
        except StaleVersion:
            self._cache.pop(game.id, None)
            raise TableError("Someone else moved at that very moment; nothing was changed. "
                             "Please look at the board and try again.") from None
        new_seats = [dataclasses.replace(s, prompt_version=new_version) if s.seat in prompts
                     else s for s in seat_list]
        stored = dataclasses.replace(
            game, state=dumped, status=status, version=new_version,
            move_count=game.move_count + len(moves), deadline_at=deadline, recent=recent,
            updated_at=now, seats=new_seats)
        self._cache[game.id] = stored
        self._live[game.id] = (new_version, state)
        return Outcome(game=stored, public=public, highlights=highlights, notices=notices,
                       mover_private=mover_private, mover_seat=mover)

    # --- reminders and DMs -------------------------------------------------------------------------
    async def due_reminders(self) -> list[Reminder]:
        """Games whose deadline passed: who to remind. Each is re-armed for another period."""
        now = self.clock()
        reminders = []
        for game in await self.store.due_games(now):
            seats = [s for s in self.to_act(game) if not game.seats[s].is_bot]
            await self.store.set_deadline(game.id, now + game.remind_after if seats else None)
            self._cache.pop(game.id, None)
            if seats:
                reminders.append(Reminder(game, seats))
        return reminders

    async def mark_notified(self, game: GameRecord, seat: int) -> None:
        """Remember that ``seat`` was told about its current decision (see ``missed_notices``)."""
        record = game.seats[seat]
        if record.notified_version >= record.prompt_version:
            return
        await self.store.set_notified(game.id, seat, record.prompt_version)
        cached = self._cache.get(game.id)
        if cached is not None and cached.version == game.version:
            seats = list(cached.seats)
            seats[seat] = dataclasses.replace(seats[seat], notified_version=record.prompt_version)
            self._cache[game.id] = dataclasses.replace(cached, seats=seats)
        else:
            self._cache.pop(game.id, None)

    async def missed_notices(self) -> list[tuple[GameRecord, Notice]]:
        """Turn notices that were never delivered (a crash or a Discord failure came between
        storing a move and telling the next player): send them again on start-up."""
        missed = []
        for game in await self.store.unnotified_games():
            for seat in self.to_act(game):
                record = game.seats[seat]
                if not record.is_bot and record.notified_version < record.prompt_version:
                    missed.append((game, Notice(seat, record.user_id, True, [],
                                                record.dm_closed)))
        return missed

    async def mark_dm_closed(self, game_id: int, seat: int) -> bool:
        """Remember that a seat's DMs are closed; True the first time (tell them once)."""
        game = await self.game(game_id)
        if game.seats[seat].dm_closed:
            return False
        await self.store.set_dm_closed(game_id, seat, True)
        self._cache.pop(game_id, None)
        return True

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        await self.store.set_messages(game_id, **ids)
        self._cache.pop(game_id, None)

    # --- checks ------------------------------------------------------------------------------------
    async def replay(self, game_id: int) -> State:
        """Rebuild a game's state from its seed, options and move log."""
        game = await self.game(game_id)
        engine = self.engine(game.kind)
        state = engine.new_game(len(game.seats), game.seed, game.options)
        for move in await self.store.moves(game_id):
            state, _ = engine.apply(state, move.seat, move.action)
        return engine.dump(state)
