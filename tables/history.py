"""History you can trust (issue 16): seed commitments, exports, replays, results and stats.

- When a game starts, a random salt (``secrets``, here in the table service; never in an engine)
  is stored with the commitment SHA-256("<seed>:<salt>") (``fairplay.commitment``). The
  commitment is public from the start; the seed and salt only once the game has ended.
- The export of an ended game is everything ``python -m fairplay verify`` needs.
- A replay step is rebuilt from the seed and the move log (engines are deterministic): the
  spectator's board after move n, and for an ended game what each move was.
- When a game finishes, one result row per seat is stored and the humans' ratings updated
  (``tables.ratings``), at once; ``recompute_results`` rebuilds both from the move logs. A
  practice table's results are stored too, but rate nobody and count in no statistics.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from engines import State
from engines.undo import UNDO, Replay
from engines.words import render
from fairplay import SALT_BYTES, build_export, commitment
from storage import GameRecord, MoveRecord, RatingRecord, ResultRecord

from .base import ANYWHERE, TableBase
from .errors import TableError
from .ratings import rate
from .stats import (
    PlayerStats,
    ServerStats,
    human_places,
    player_stats,
    ratings_from,
    results_of,
    server_stats,
)
from .words import m, seat_name

log = logging.getLogger("tavern.history")
ENDED = ("finished", "abandoned")
NOT_YET = m("err.not_yet")


def _describe(replay: Replay, seat: int, action: str, lang: str) -> str:
    """The words of a log entry (an undo too) in ``lang``, before it is played."""
    if lang == "en" or action == UNDO:
        return replay.describe(seat, action)
    return replay.engine.describe(replay.state, seat, action, lang)


@dataclass(slots=True)
class Fairness:
    commitment: str
    seed: int | None = None  # only once the game has ended
    salt: str | None = None  # only once the game has ended


@dataclass(slots=True)
class ReplayStep:
    """The board as it was after ``n`` of ``total`` moves (0 = before the first move)."""

    game: GameRecord
    n: int
    total: int
    board: str
    move: str = ""  # who moved, and (ended games only) what they did
    at: float | None = None
    news: list[str] = field(default_factory=list)
    revealed: bool = False
    view: dict = field(default_factory=dict)  # the spectator view (for a board picture)


class History(TableBase):
    """``service.history``: the fair shuffle's commitment (``commit_seed``, asked by
    ``lobby.start``), move logs, exports and replays, results, ratings and stats (``finished``,
    asked by ``turns.advance`` when a game ends)."""

    # --- the seed commitment ---------------------------------------------------------------------
    async def commit_seed(
        self, game_id: int, by_user: int | None = None, guild_id: Any = ANYWHERE
    ) -> None:
        """Draw and store the salt of a lobby about to start (its host asking, from its place);
        anything else is left to ``start`` to refuse. With a store other processes share, the
        latest record decides (a cached lobby may have been started or closed elsewhere)."""
        game = await self.game(game_id, latest=True)
        if game.status != "lobby" or (by_user is not None and game.host_id != by_user):
            return
        try:
            self.check_place(game, by_user, guild_id)
        except TableError:
            return
        if await self.store.fairness(game_id) is not None:
            return
        salt = secrets.token_bytes(SALT_BYTES).hex()  # the one place a salt is drawn
        try:
            committed = commitment(game.seed, salt)
        except ValueError:  # a test's seed source gave a negative seed: no commitment
            log.warning("table %s: seed cannot be committed", game_id)
            return
        await self.store.add_fairness(game_id, salt, committed)

    async def fairness(self, game_id: int) -> Fairness | None:
        """The commitment of a started game; with the seed and salt once it has ended."""
        game = await self.game(game_id)
        stored = await self.store.fairness(game_id)
        if stored is None:
            return None
        salt, committed = stored
        if game.status in ENDED:
            return Fairness(committed, game.seed, salt)
        return Fairness(committed)

    # --- replays ---------------------------------------------------------------------------------
    def _replayed(self, game: GameRecord, moves: list[MoveRecord]) -> State:
        engine = self.engine(game.kind)
        state = engine.new_game(len(game.seats), game.seed, game.options)
        return Replay(engine, state).play_all((m.seat, m.action) for m in moves)

    async def replay_step(self, game_id: int, n: int, lang: str = "en") -> ReplayStep:
        """The public board after move ``n`` (clamped to the log), rebuilt from the seed.

        While the game runs this is what a spectator saw; once it has ended, the step also says
        what the move was and shows every news line, private ones included."""
        game = await self.game(game_id)
        if game.state is None:
            raise TableError(m("err.not_started"))
        moves = await self.store.moves(game_id)
        # a replay of a long log takes a while: in a worker thread, the event loop stays free
        return await asyncio.to_thread(self._step, game, moves, n, lang)

    def _step(self, game: GameRecord, moves: list[MoveRecord], n: int, lang: str) -> ReplayStep:
        engine = self.engine(game.kind)
        n = max(0, min(n, len(moves)))
        revealed = game.status in ENDED
        replay = Replay(engine, engine.new_game(len(game.seats), game.seed, game.options))
        events = []
        for move in moves[: n - 1] if n else ():
            replay.play(move.seat, move.action)
        step = ReplayStep(game, n, len(moves), "", revealed=revealed)
        if n:
            last = moves[n - 1]
            label = _describe(replay, last.seat, last.action, lang) if revealed else ""
            events = replay.play(last.seat, last.action)
            name = seat_name(game.seats[last.seat].name, lang)
            step.move = f"{name}: {self.fill(game, label, lang)}" if label else name
            step.at = last.at
        state = replay.state
        step.view = engine.view(state, None)
        step.board = self.fill(game, engine.board_text(step.view, lang), lang)
        names = self.names(game)
        for event in events:
            text = self.fill(game, render(event.message, lang), lang)
            if event.audience is None:
                step.news.append(text)
            elif revealed:
                who = ", ".join(names[s] for s in event.audience)
                step.news.append(render(m("history.to", who=who, text=text), lang))
        return step

    # --- after the end ---------------------------------------------------------------------------
    def _ended(self, game: GameRecord) -> None:
        if game.state is None:
            raise TableError(m("err.no_history"))
        if game.status not in ENDED:
            raise TableError(NOT_YET)

    async def export(self, game_id: int) -> dict:
        """The export file of an ended game (see ``fairplay.export``)."""
        game = await self.game(game_id)
        self._ended(game)
        engine = self.engine(game.kind)
        stored = await self.store.fairness(game_id)
        salt, committed = stored if stored else (None, None)
        moves = await self.store.moves(game_id)
        finished = game.status == "finished"
        state = self.state(game)
        return build_export(
            table=game.id,
            game=game.kind,
            title=engine.title,
            state_version=engine.state_version,
            options=game.options,
            status=game.status,
            seats=[(s.name, s.is_bot) for s in game.seats],
            commitment=committed,
            seed=game.seed,
            salt=salt,
            moves=[(m.n, m.seat, m.action, m.at) for m in moves],
            scores=engine.scores(state) if finished else None,
            winners=engine.winners(state) if finished else None,
        )

    async def move_log(self, game_id: int, lang: str = "en") -> list[str]:
        """Every move of an ended game in words: "12. ann: Play the Dog", bots' included."""
        game = await self.game(game_id)
        self._ended(game)
        moves = await self.store.moves(game_id)
        return await asyncio.to_thread(self._lines, game, moves, lang)  # off the event loop

    def _lines(self, game: GameRecord, moves: list[MoveRecord], lang: str) -> list[str]:
        engine = self.engine(game.kind)
        replay = Replay(engine, engine.new_game(len(game.seats), game.seed, game.options))
        lines = []
        for move in moves:
            label = self.fill(game, _describe(replay, move.seat, move.action, lang), lang)
            name = seat_name(game.seats[move.seat].name, lang)
            lines.append(f"{move.n}. {name}: {label} [{move.action}]")
            replay.play(move.seat, move.action)
        return lines

    async def revealed_hands(
        self, game_id: int, n: int | None = None, lang: str = "en"
    ) -> list[tuple[str, str]]:
        """(seat name, that seat's private panel) for every seat of an ended game: at the end,
        or after move ``n`` (rebuilt from the seed)."""
        game = await self.game(game_id)
        self._ended(game)
        engine = self.engine(game.kind)
        if n is None:
            state = self.state(game)
        else:
            moves = await self.store.moves(game_id)
            state = await asyncio.to_thread(
                self._replayed, game, moves[: max(0, min(n, len(moves)))]
            )
        return [
            (
                seat_name(seat.name, lang),
                self.fill(game, engine.hand_text(engine.view(state, seat.seat), lang), lang),
            )
            for seat in game.seats
        ]

    # --- results, ratings and stats --------------------------------------------------------------
    async def finished(self, game_id: int) -> None:
        """A move just finished the game (stored): record its results now."""
        try:
            await self.record_results(game_id)
        except Exception:  # the move is stored; record_missing_results catches up later
            log.exception("could not store the results of table %s", game_id)

    async def record_results(self, game_id: int, *, rate_now: bool = True) -> bool:
        """Store a finished game's results and update the ratings (once). True if written.
        The latest record counts (another process sharing the store may have finished it)."""
        game = await self.game(game_id, latest=True)
        if game.status != "finished":
            return False
        rows = results_of(game, self.engine(game.kind), self.state(game), game.updated_at)
        places = human_places(rows)
        # a practice table's results are kept, but rate nobody (nor count in any statistics:
        # ``store.results_in_guild`` leaves them out)
        rated = rate_now and not game.practice
        return await self.store.record_results(
            rows, (lambda current: rate(current, places)) if rated else None
        )

    async def record_missing_results(self) -> int:
        """Results a crash kept from being stored (between the last move and its results):
        store them, then rebuild the ratings they touch from all results. Returns how many.
        Of several processes starting at once on one database, one does it (the others skip)."""
        touched: set[tuple[int, str]] = set()
        async with self.store.exclusive("missing-results") as mine:
            if not mine:
                return 0
            for game_id in await self.store.finished_without_results():
                if await self.record_results(game_id, rate_now=False):
                    game = await self.game(game_id)
                    touched.add((game.guild_id or 0, game.kind))
            for guild_id, kind in sorted(touched):
                ratings = ratings_from(
                    [r for r in await self.store.results_in_guild(guild_id) if r.kind == kind]
                )
                await self.store.replace_ratings(
                    guild_id,
                    kind,
                    [
                        RatingRecord(kind, user, mu, sigma, games)
                        for (_k, user), (mu, sigma, games) in sorted(ratings.items())
                    ],
                )
        return len(touched)

    async def recompute_results(
        self, guild_id: int
    ) -> tuple[list[ResultRecord], dict[tuple[str, int], tuple[float, float, int]]]:
        """A server's results and ratings rebuilt from scratch: every finished game replayed
        from its seed and move log. They must equal the stored ones."""
        rows: list[ResultRecord] = []
        for game_id in await self.store.finished_in_guild(guild_id):
            game = await self.game(game_id)
            state = await asyncio.to_thread(self._replayed, game, await self.store.moves(game_id))
            rows += results_of(game, self.engine(game.kind), state, game.updated_at)
        rows.sort(key=lambda r: (r.finished_at, r.game_id, r.seat))
        return rows, ratings_from(rows)

    async def latest_game(
        self, user_id: int, channel_id: int | None, guild_id: Any = ANYWHERE
    ) -> GameRecord:
        """For /history without a table: the game of this thread, else the caller's latest
        (in a server: of that server)."""

        def here(game: GameRecord) -> bool:
            try:
                self.check_place(game, user_id, guild_id)
            except TableError:
                return False
            return game.state is not None

        if channel_id is not None:
            for game in await self.store.games_in_channel(channel_id, ("running", *ENDED)):
                if game.thread_id == channel_id and here(game):
                    return game
        games = [g for g in await self.store.games_of_user(user_id, ("running", *ENDED)) if here(g)]
        if not games:
            raise TableError(m("err.no_games_history"))
        return games[0]

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        return player_stats(await self.store.results_in_guild(guild_id), user_id)

    async def server_stats(self, guild_id: int) -> ServerStats:
        return server_stats(
            await self.store.results_in_guild(guild_id), await self.store.ratings_in_guild(guild_id)
        )

    # --- checks ----------------------------------------------------------------------------------
    async def replay(self, game_id: int) -> State:
        """Rebuild a game's state from its seed, options and move log."""
        game = await self.game(game_id)
        moves = await self.store.moves(game_id)
        engine = self.engine(game.kind)
        return engine.dump(await asyncio.to_thread(self._replayed, game, moves))
