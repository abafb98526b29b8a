"""Undo: a player takes back their own latest decision, if it revealed nothing (``engines.undo``),
and confirmations before decisions that cannot be taken back (``Engine.confirm``).

The move log keeps both the decision and its undo (an entry ``(seat, "undo")``), so a replay from
the seed gives the stored snapshot again. The state an undo restores is the replayed state
before the decision; the replay of each game is kept in memory, brought up to date from the log
as moves are added, and checked against the stored snapshot before it is trusted. An undo is
stored like a move, conditional on the version it read (``on_latest``: a write refused because
another process changed the game runs the whole request again on the latest record): a move
and an undo racing each other cannot both apply.

An obvious decision the table took for a player (one legal action, their setting ``obvious``
"auto", see ``botplay.py``) would be taken again at once if it alone were taken back: an undo
by that player takes it back together with the player's own decision before it (``_taken``),
and is refused when there is no such decision left to take back.
"""

from __future__ import annotations

import asyncio
from typing import Any

from engines import Event
from engines.undo import UNDO, Replay, Undoable
from engines.words import render
from storage import GameRecord

from .base import ANYWHERE, TableBase, on_latest
from .errors import StaleClick, TableError
from .outcome import Outcome
from .words import m

DIVERGED = m("err.undo_diverged")
# How many times one decision may be taken back: then the next choice made there stands, so
# nobody can keep a table (and the bot) busy deciding and undoing without end.
MAX_UNDOS = 3


def refusal(replay: Replay, seat: int):
    """Why ``seat`` may not undo now, as a message for the player (None if it may)."""
    if replay.refusal(seat) is None:
        return None
    return m("err.undo_nothing") if not replay.stack else m("err.undo_someone")


class Undo(TableBase):
    """``service.undo``: taking back a decision (``can_undo``, ``undo``) and the confirmations
    of steps that reveal something (``confirmation``)."""

    async def _replay_of(self, game: GameRecord) -> Replay | None:
        """The game replayed up to its stored version (None if the replay does not give the
        stored snapshot: then nothing can be taken back). A kept replay is brought up to date
        with the moves stored since (only those are read), so a click costs the same at move
        1,000 as at move 10; only the first after a restart (or once the replay was dropped
        from memory) reads and replays the whole log, in a worker thread."""
        engine = self.engine(game.kind)
        cached = self._replays.get(game.id)
        if cached is not None and cached[0] == game.version:
            return cached[2]
        start = cached[1] if cached is not None and cached[0] < game.version else 0
        moves = await self.store.moves(game.id, after=start)
        cached = self._replays.get(game.id)
        if cached is not None and cached[0] == game.version:
            return cached[2]
        if start and cached is not None and cached[1] == start and cached[0] < game.version:
            replay = cached[2]
        else:
            if start:  # the kept replay changed meanwhile: read the whole log after all
                moves, start = await self.store.moves(game.id), 0
            replay = Replay(engine, engine.new_game(len(game.seats), game.seed, game.options))
        self._replays.pop(game.id, None)  # a failing replay leaves nothing half played behind

        def catch_up() -> bool:  # in a worker thread: a long log does not hold the event loop
            try:
                for move in moves:
                    replay.play(move.seat, move.action)
            except Exception:
                return False
            return engine.dump(replay.state) == game.state

        if not await asyncio.to_thread(catch_up):
            return None
        kept = self._replays.get(game.id)  # another caller may have brought a newer one
        if kept is None or kept[0] < game.version:
            self._replays[game.id] = (game.version, start + len(moves), replay)
        return replay

    async def _taken(self, game: GameRecord, replay: Replay, seat: int) -> list[Undoable] | None:
        """What an undo by ``seat`` takes back, latest first: its latest decision; if the table
        took that one for the player (an obvious decision, see ``botplay.obvious_seats``), the
        seat's decisions before it too, down to the first one it had a choice in. None if it
        may not undo, or only obvious decisions could be taken back (the table would take them
        again at once)."""
        if replay.refusal(seat) is not None:
            return None
        if seat not in await self.core.turns.auto_seats(game):
            return [replay.stack[-1]]
        engine = self.engine(game.kind)
        taken = []
        for entry in reversed(replay.stack):
            if entry.seat != seat:
                break
            taken.append(entry)
            if len(engine.legal_actions(entry.before, seat)) != 1:
                return taken
        return None

    async def can_undo(self, game: GameRecord, seat: int | None) -> bool:
        """Whether ``seat`` may take back its latest decision now (the Undo button shows)."""
        if seat is None or game.status != "running" or game.seats[seat].is_bot:
            return False
        replay = await self._replay_of(game)
        if replay is None:
            return False
        taken = await self._taken(game, replay, seat)
        return taken is not None and replay.restored(taken[-1].before) < MAX_UNDOS

    @on_latest
    async def undo(
        self, game_id: int, user_id: int, token: int | None = None, *, guild_id: Any = ANYWHERE
    ) -> Outcome:
        """Take back the user's latest decision. ``token``: the game version the Undo button
        was shown at (a click from an older board is refused as stale)."""
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id)
            if game.status != "running":
                raise TableError(m("err.undo_not_running"))
            seat = self.seat_for(game, user_id)
            if token is not None and token != game.version:
                raise StaleClick(m("err.undo_stale"))
            replay = await self._replay_of(game)
            if replay is None:
                raise TableError(DIVERGED)
            why = refusal(replay, seat)
            if why is not None:
                raise TableError(why)
            taken = await self._taken(game, replay, seat)
            if taken is None:  # only obvious decisions the table would take again
                raise TableError(m("err.undo_nothing"))
            if replay.restored(taken[-1].before) >= MAX_UNDOS:
                raise TableError(m("err.undo_limit", n=MAX_UNDOS))
            engine = self.engine(game.kind)
            now = self.state(game)
            before = {s: engine.legal_actions(now, s) for s in engine.to_act(now)}
            restored = taken[-1].before
            # the public news of the decisions taken back, struck through, then who took them
            # back: nobody reads it as a move that stands (nothing private: public events only)
            events = []
            for entry in reversed(taken):  # in the order they were made
                _, undone, _ = engine.apply_marked(entry.before, entry.seat, entry.action)
                events += [
                    Event(m("news.undone_line", line=_json(e.message)))
                    for e in undone
                    if e.audience is None
                ]
            events.append(Event(m("news.undone", p=seat)))
            # stored like a move: conditional on the version read (see ``Turns.advance``);
            # one undo entry in the log per decision taken back
            return await self.core.turns.advance(
                game,
                engine,
                restored,
                [(seat, UNDO)] * len(taken),
                events,  # type: ignore[attr-defined]
                seat,
                before=before,
            )

    def confirmation(
        self, game: GameRecord, seat: int, action: str, lang: str = "en"
    ) -> str | None:
        """The question to ask before ``seat`` plays ``action`` (a decision that cannot be
        taken back and is easy to misclick), or None."""
        if game.status != "running":
            return None
        engine = self.engine(game.kind)
        state = self.state(game)
        if action not in engine.legal_actions(state, seat):
            return None  # the move itself explains why it cannot be played
        question = engine.confirm(state, seat, action)
        return self.fill(game, render(question, lang), lang) if question is not None else None


def _json(message) -> object:
    """A message as a parameter of another (its JSON form; a plain string as it is)."""
    return message.to_json() if hasattr(message, "to_json") else str(message)
