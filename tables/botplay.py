"""Bots playing their seats without blocking the event loop.

A bot's decision runs in a worker thread (``asyncio.to_thread``): the event loop keeps
answering clicks at every other table while it thinks; only its own game waits (its lock is
held while the bot thinks, so nothing can change the position under it). Front ends answer a
human's move first (``move(..., bots=False)``), then drive ``bot_turns``: every bot move is
stored as it is made, so a crash in a chain of bot moves loses nothing already stored, and
``bot_turns`` resumes the chain from the stored state. The front end publishes the chain's
moves together (``cogs/flow.py`` ``play_bots``, ``outcome.merge``); ``bots_pending`` stays true
until it has (``publishing_bots``).

A seat's level is stored in the seat's ``bot`` column (``easy``, ``normal``, ``hard``; older
games hold ``random``, the uniform bot they were started with).

The table also plays a human seat's *obvious* decision (exactly one legal action) when its
player lets it (the setting ``obvious``, "auto" by default: ``auto_seats``): like a bot's move,
stored as that seat's, at ``bot_pace``, shown with the bots' chain, and with no prompt or ping
for it (``obvious_seats``, ``table_plays``). A decision with two legal actions or more is never
played for a player. The engines are not involved: what the table sees of the move is what the
engine's events say, and its timing is the bots'.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import marshal
import random
from collections.abc import AsyncIterator

from engines import Engine, State
from storage import GameRecord

from .base import TableBase, on_latest
from .bots import BOT_PACE, LEVELS, SIT_LEVEL, TAKEOVER_LEVEL, THINK_SECONDS, bot_rng, policy_for
from .caches import LRU
from .outcome import Outcome

TAKING_KEPT = 1000  # games whose obvious decisions being taken are remembered (``taking_for``)


def think(
    engine: Engine,
    level: str,
    seconds: float,
    state: State,
    seat: int,
    legal: list[str],
    rnd: random.Random,
) -> str:
    """One bot decision (runs in a worker thread): the policy of the seat's level."""
    policy = policy_for(engine.name, level, seconds, engine=engine)
    return policy.choose(engine, state, seat, legal, rnd)


def table_level(game: GameRecord) -> str:
    """The level a resigning or replaced player's seat gets: that of the table's latest bot
    seat the host added, else ``TAKEOVER_LEVEL`` (hard)."""
    chosen = [s.bot for s in game.seats if s.is_bot and not s.resigned and s.bot in LEVELS]
    return chosen[-1] if chosen else TAKEOVER_LEVEL


# Worlds each other seat could be in, sampled to see whether a lone decision is open. A
# sample, not a proof: a decision lone only because the seat lacks a card it would hold with
# probability p is misjudged with probability (1 - p) ** (WORLDS * (seats - 1)).
WORLDS = 32


LONE_KEPT = 256  # positions whose ``openly_lone`` answer is remembered (a few KB each)
_LONE: LRU[tuple, bool] = LRU(LONE_KEPT)


def openly_lone(engine: Engine, state: State, seat: int, seats: int, seed: int) -> bool:
    """Whether everybody else knows ``seat`` has no choice but one: in every world each other
    seat cannot tell from this one (``Engine.determinize``, ``WORLDS`` samples each), ``seat``
    has exactly one legal action too. Only such a decision is taken for a player without
    asking: answered at the bots' pace, it tells nobody anything they did not know ("Roll the
    die"). One that looks lone only because of what the seat hides ("Let the bribe stand" with
    no bribe card in hand) is asked as any other, since its speed would give the secret away.

    The answer depends on the position alone, and sampling it costs up to 128 determinized
    worlds (16 ms for Henchmania with five players): it is remembered per position (its bytes),
    since a move's position is asked about by the move, by the bots' turns after it and by the
    notices."""
    key = _lone_key(engine, state, seat, seats, seed)
    found = _LONE.get(key)
    if found is None:
        found = _LONE[key] = _openly_lone(engine, state, seat, seats, seed)
    return found


async def openly_lone_off_loop(
    engine: Engine, state: State, seat: int, seats: int, seed: int
) -> bool:
    """``openly_lone``, a position not seen before sampled in a worker thread: the event loop
    answers the other tables meanwhile (the game's own lock is held by the caller, so nothing
    changes ``state``; the remembered answers are read and written on the loop alone)."""
    key = _lone_key(engine, state, seat, seats, seed)
    found = _LONE.get(key)
    if found is None:
        found = await asyncio.to_thread(_openly_lone, engine, state, seat, seats, seed)
        _LONE[key] = found
    return found


def _lone_key(engine: Engine, state: State, seat: int, seats: int, seed: int) -> tuple:
    # the engine itself, not its name: tests make engines of one name with other rules;
    # marshal's version 2 writes no back-references, so a copy of the state gives its bytes
    return (engine, seat, seats, seed, marshal.dumps(state, 2))


def _openly_lone(engine: Engine, state: State, seat: int, seats: int, seed: int) -> bool:
    rnd = random.Random(seed * 31 + seat)  # the same answer for the same game and position
    for other in range(seats):
        if other == seat:
            continue
        for _ in range(WORLDS):
            try:
                world = engine.determinize(state, other, rnd)
            except NotImplementedError:  # what the others know is unknown: ask
                return False
            if len(engine.legal_actions(world, seat)) != 1:
                return False
    return True


class BotPlay(TableBase):
    """The bots' and the table's own moves, part of ``service.turns`` (``turns.Turns``)."""

    # How long a bot thinks about one decision; tests and benchmarks may lower it.
    bot_seconds: float = THINK_SECONDS
    # Seconds from the start of a bot's turn to its move being stored (then published): the
    # same whatever the bot holds or how long it thought (see ``BOT_PACE``).
    bot_pace: float = BOT_PACE

    def __init__(self, core) -> None:
        super().__init__(core)
        self._bots_pending: set[int] = set()  # games whose bots still answer a human move
        self._publishing: collections.Counter = collections.Counter()  # chains being shown
        # which seats' obvious decisions the table takes, per game: (version, seats)
        self._taking: LRU[int, tuple[int, frozenset[int]]] = LRU(TAKING_KEPT)

    def _bots_pending_set(self) -> set[int]:
        return self._bots_pending

    def bots_pending(self, game_id: int) -> bool:
        """A human move was answered and the game's bots have not finished answering it (or
        their moves, all stored, are still being published: see ``publishing_bots``)."""
        return game_id in self._bots_pending_set() or game_id in self._bots_publishing()

    def _bots_publishing(self) -> collections.Counter:
        return self._publishing

    @contextlib.contextmanager
    def publishing_bots(self, game_id: int):
        """A front end drives ``bot_turns`` and publishes its moves (maybe after the chain
        ended): the bots count as pending until it is done."""
        publishing = self._bots_publishing()
        publishing[game_id] += 1
        try:
            yield
        finally:
            publishing[game_id] -= 1
            if publishing[game_id] <= 0:
                del publishing[game_id]

    async def auto_seats(self, game: GameRecord, prefs: dict | None = None) -> set[int]:
        """The human seats whose player lets the table take their obvious decisions (the
        setting ``obvious``, a decision with one legal action, at the bots' pace:
        ``obvious_seats``). ``prefs``: the players' settings, if already read."""
        humans = {s.user_id: s.seat for s in game.seats if not s.is_bot and s.user_id is not None}
        if not humans:
            return set()
        if prefs is None:
            prefs = await self.players.settings_of(humans)
        return {seat for u, seat in humans.items() if u in prefs and prefs[u].obvious == "auto"}

    async def obvious_seats(
        self,
        game: GameRecord,
        engine: Engine | None = None,
        state: State | None = None,
        sitters: set[int] | None = None,
        autos: set[int] | None = None,
    ) -> set[int]:
        """The human seats that must act now on an obvious decision (exactly one legal action)
        that the table takes for them: their player lets it (``auto_seats``) and no bot sits
        in for them. ``engine``, ``state``, ``sitters`` and ``autos``: known already."""
        if state is None:  # the game as stored
            if game.status != "running" or game.state is None:
                return set()
            state = self.state(game)
        if engine is None:
            engine = self.engine(game.kind)
        if engine.is_over(state):
            return set()
        if sitters is None:
            sitters = await self.core.away.sitting_seats(game)
        lone = [
            s
            for s in engine.to_act(state)
            if not game.seats[s].is_bot
            and s not in sitters
            and len(engine.legal_actions(state, s)) == 1
        ]
        lone = [
            s
            for s in lone
            if await openly_lone_off_loop(engine, state, s, len(game.seats), game.seed)
        ]
        if not lone:  # most positions: no settings to read
            return set()
        if autos is None:
            autos = await self.auto_seats(game)
        return {s for s in lone if s in autos}

    def _taking_kept(self) -> LRU[int, tuple[int, frozenset[int]]]:
        return self._taking

    def _took_note(self, game_id: int, version: int, obvious: set[int]) -> None:
        """Remember which seats' obvious decisions the table takes at this stored version."""
        if obvious:
            self._taking_kept()[game_id] = (version, frozenset(obvious))
        else:
            self._taking_kept().pop(game_id, None)

    def taking_for(self, game: GameRecord) -> set[int]:
        """The seats whose obvious decision the table is about to take at this version of the
        game, as the process that stored it knows (empty when unknown): their DM panels show
        no controls for it (``cogs/panels.py``), only their hand."""
        known = self._taking_kept().get(game.id)
        return set(known[1]) if known is not None and known[0] == game.version else set()

    async def table_plays(self, game: GameRecord) -> set[int]:
        """The seats that must act now and that the table plays: bot seats, seats a bot sits
        in for, and obvious decisions taken for their player. Who acts shows on the board, and
        so does a bot sitting in; an obvious decision taken for a player is stored and shown
        at the bots' pace, like a bot's move (its speed is all it shows: that the player had
        no choice, which a player who wants to keep even that asks for with ``obvious``
        "ask")."""
        if game.status != "running" or game.state is None:
            return set()
        engine = self.engine(game.kind)
        state = self.state(game)
        sitters = await self.core.away.sitting_seats(game)
        bots = {s for s in engine.to_act(state) if game.seats[s].is_bot or s in sitters}
        return bots | await self.obvious_seats(game, engine, state, sitters)

    async def _think(
        self,
        game: GameRecord,
        engine: Engine,
        state: State,
        seat: int,
        legal: list[str],
        move_number: int,
        sitters: set[int] = frozenset(),
    ) -> str:
        """The seat's bot decides in a worker thread: a bot sitting in for an away player at
        ``SIT_LEVEL``, a bot seat at its own level; a human seat's obvious decision (see
        ``obvious_seats``) needs no thinking: its only legal action. Returns ``bot_pace``
        seconds after it was called (or when the thinking ends, if that takes longer), so that
        when a bot move is stored and shown says nothing about what the bot holds."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        if not game.seats[seat].is_bot and seat not in sitters:  # the player's obvious decision
            if len(legal) != 1:  # never a choice made for a player
                raise RuntimeError(f"seat {seat} has {len(legal)} legal actions, not one")
            pick = legal[0]
        else:
            level = game.seats[seat].bot or TAKEOVER_LEVEL
            if seat in sitters:  # cautious for an away player; the table's level for the clock's
                clocked = seat in await self.core.clocks.sitters(game)
                level = table_level(game) if clocked else SIT_LEVEL
            rnd = bot_rng(game.seed, move_number)
            pick = await asyncio.to_thread(
                think, engine, level, self.bot_seconds, state, seat, legal, rnd
            )
        wait = began + self.bot_pace - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        return pick

    def _bot_to_act(
        self,
        game: GameRecord,
        engine: Engine,
        state: State,
        sitters: set[int],
        obvious: set[int] = frozenset(),
    ) -> int | None:
        """The first seat that must act and that the table plays: a bot seat, a seat a bot
        sits in for, or an obvious decision taken for its player (``obvious``)."""
        if game.status != "running" or engine.is_over(state):
            return None
        acting = [
            s for s in engine.to_act(state) if game.seats[s].is_bot or s in sitters or s in obvious
        ]
        return acting[0] if acting else None

    @on_latest
    async def bot_turn(self, game_id: int) -> Outcome | None:
        """One bot decision, stored at once; None when no bot has to act. Another process
        storing a move first makes it think again on the latest record (``on_latest``)."""
        async with self._lock(game_id):
            game = await self.game(game_id, latest=True)  # other processes may share the store
            engine = self.engine(game.kind)
            if game.state is None:
                return None
            state = self.state(game)
            sitters = await self.core.away.sitting_seats(game)
            obvious = await self.obvious_seats(game, engine, state, sitters)
            bot = self._bot_to_act(game, engine, state, sitters, obvious)
            if bot is None:
                return None
            acting = engine.to_act(state)
            before = {s: engine.legal_actions(state, s) for s in acting}
            pick = await self._think(
                game, engine, state, bot, before[bot], game.move_count, sitters
            )
            state, events = engine.apply(state, bot, pick, legal=before[bot])
            return await self.advance(
                game, engine, state, [(bot, pick)], events, None, before=before, bots=False
            )

    async def games_owing_bot_moves(self) -> list[int]:
        """On start-up: running games where a bot must act, or the table must take a player's
        obvious decision (a restart cut a chain short)."""
        games = {g.id: g for g in await self.store.bot_waiting_games()}
        for user_id in await self.store.bot_sitting_users(self.clock()):  # bots sitting in
            for listed in await self.store.games_of_user(user_id, ("running",)):
                games.setdefault(listed.id, listed)
        for listed in await self.store.auto_waiting_games():  # obvious decisions taken for them
            games.setdefault(listed.id, listed)
        for game_id in await self.store.sitting_games():  # a bot plays until they are back
            if game_id not in games:
                games[game_id] = await self.game(game_id, latest=True)
        out = []
        for game_id, game in sorted(games.items()):
            if game.state is None:
                game = await self.game(game_id, latest=True)
            if game.state is None:
                continue
            engine = self.engine(game.kind)
            state = self.state(game)
            sitters = await self.core.away.sitting_seats(game)
            obvious = await self.obvious_seats(game, engine, state, sitters)
            if self._bot_to_act(game, engine, state, sitters, obvious) is not None:
                out.append(game_id)
        return out

    async def bot_turns(self, game_id: int, limit: int = 100_000) -> AsyncIterator[Outcome]:
        """Bot moves one by one until a human must act or the game ends."""
        try:
            for _ in range(limit):
                outcome = await self.bot_turn(game_id)
                if outcome is None:
                    return
                yield outcome
        finally:
            self._bots_pending_set().discard(game_id)
