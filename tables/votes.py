"""Decide together (issue 26, part 2): ``service.votes``.

``/vote`` at a running table asks its seated humans: end the game now with the scores as they
stand (``end``: a result is recorded, ratings move, no seat is called the winner), end it with
no result (``stop``: abandoned), pause it (``pause``: every clock and reminder stands still
until a vote resumes it, ``resume``, or the host does), or hand an absent player's seat to a bot
(``bot``: a bot at the table's level plays it until its player clicks **I'm back**; that player
does not vote on it). The one who asks votes yes; the others vote with buttons. A majority of
the seated humans decides (a tie is no), as soon as it is certain; a vote not decided after
``VOTE_HOURS`` expires and changes nothing. A table has at most one open vote. The host's and
admins' powers (``/replace``, ``/abandon``) are not changed by any of this.

Every vote opened and decided is a stored event (``clocks.log``, shown by /history), and what a
passed vote changed is a public line at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines import Event
from storage import VOTE_KINDS, GameRecord, StaleVersion, VoteRecord

from .base import ANYWHERE, TableBase, on_latest
from .errors import TableChanged, TableError
from .outcome import Outcome
from .words import m

VOTE_HOURS = 48
VOTE_SECONDS = VOTE_HOURS * 3600.0


# --- the tally (pure) -----------------------------------------------------------------------------
def voters(game: GameRecord, kind: str, seat: int | None) -> set[int]:
    """Who votes: the seated humans, without the player whose seat the vote is about."""
    return {
        s.user_id
        for s in game.seats
        if not s.is_bot and s.user_id is not None and not (kind == "bot" and s.seat == seat)
    }


def tally(electorate: set[int], ballots: dict[int, bool], *, final: bool = False) -> str | None:
    """'passed' once more than half the electorate said yes; 'failed' once that can no longer
    happen (a tie is no); at the end of its time (``final``) an undecided vote 'expired'; else
    None (still open). Ballots of anyone outside the electorate do not count."""
    n = len(electorate)
    yes = sum(1 for u in electorate if ballots.get(u) is True)
    no = sum(1 for u in electorate if ballots.get(u) is False)
    if n and 2 * yes > n:
        return "passed"
    if 2 * (n - no) <= n:
        return "failed"
    return "expired" if final else None


# --- the service ----------------------------------------------------------------------------------
@dataclass(slots=True)
class VoteNews:
    """A vote as it stands after a request, and what it changed if it was decided: ``result``
    (None while open), the game as stored, and a change to publish (``outcome``)."""

    vote: VoteRecord | None
    game: GameRecord
    ballots: dict[int, bool]
    electorate: set[int]
    result: str | None = None
    outcome: Outcome | None = None


class Votes(TableBase):
    """``service.votes``: opening a vote, ballots, expiry, and what a passed vote does."""

    async def open_vote(
        self,
        game_id: int,
        user_id: int,
        kind: str,
        *,
        target: int | None = None,
        admin: bool = False,
        guild_id: Any = ANYWHERE,
    ) -> VoteNews:
        """A seated human asks the table (``target``: the user whose seat a ``bot`` vote is
        about). ``resume`` by the host (or an admin of the table's server) resumes at once."""
        if kind not in VOTE_KINDS:
            raise TableError(m("err.vote_kind", kinds=", ".join(VOTE_KINDS)))
        game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id, latest=True)
        if game.status != "running":
            raise TableError(m("err.vote_not_running"))
        paused = await self.core.clocks.paused(game_id)
        if kind == "pause" and paused:
            raise TableError(m("err.vote_paused_already"))
        if kind == "resume" and not paused:
            raise TableError(m("err.vote_not_paused"))
        host = game.host_id == user_id or self.admin_here(game, admin, guild_id)
        if kind == "resume" and host:
            await self.core.clocks.log(game_id, "event.host_resumed")
            outcome = await self._carry_out(game_id, "resume", None)
            return VoteNews(None, outcome.game, {}, set(), "passed", outcome)
        seat = game.seat_of(user_id)
        if seat is None or game.seats[seat].is_bot:
            raise TableError(m("err.vote_not_seated"))
        target_seat = None
        if kind == "bot":
            target_seat = None if target is None else game.seat_of(target)
            if target is None:
                raise TableError(m("err.vote_whom"))
            if target_seat is None or game.seats[target_seat].is_bot:
                raise TableError(m("err.no_seat"))
            if target_seat == seat:
                raise TableError(m("err.vote_self"))
            if target_seat in await self.core.clocks.sitters(game):
                raise TableError(m("err.vote_sitting_already"))
        now = self.clock()
        vote_id = await self.store.open_vote(
            game_id, kind, target_seat, user_id, now, now + VOTE_SECONDS
        )
        if vote_id is None:
            raise TableError(m("err.vote_open"))
        await self._logged(game, "event.vote_opened", kind, target_seat)
        return await self._count(vote_id)

    async def open_for_clock(self, game: GameRecord, seat: int) -> VoteRecord | None:
        """A seat's time ran out at a table that votes on it: a vote to hand it to a bot,
        opened by the table (nobody's yes yet); None if a vote is open there already."""
        now = self.clock()
        vote_id = await self.store.open_vote(game.id, "bot", seat, None, now, now + VOTE_SECONDS)
        return None if vote_id is None else await self.store.vote(vote_id)

    async def ballot(
        self, vote_id: int, user_id: int, yes: bool, *, guild_id: Any = ANYWHERE
    ) -> VoteNews:
        """A voter's yes or no (they may change it while the vote is open)."""
        vote = await self.store.vote(vote_id)
        if vote is None:
            raise TableError(m("err.vote_gone"))
        game = await self.table_at(vote.game_id, user_id=user_id, guild_id=guild_id, latest=True)
        if vote.result is not None or game.status != "running":
            raise TableError(m("err.vote_closed"))
        if user_id not in voters(game, vote.kind, vote.seat):
            raise TableError(m("err.vote_not_voter"))
        if not await self.store.cast_ballot(vote_id, user_id, yes):
            raise TableError(m("err.vote_closed"))
        return await self._count(vote_id)

    async def state_of(self, vote_id: int) -> VoteNews:
        """A vote as it stands (for its message)."""
        vote = await self.store.vote(vote_id)
        if vote is None:
            raise TableError(m("err.vote_gone"))
        game = await self.game(vote.game_id, latest=True)
        return VoteNews(
            vote,
            game,
            await self.store.ballots(vote_id),
            voters(game, vote.kind, vote.seat),
            vote.result,
        )

    async def set_message(self, vote_id: int, channel_id: int, message_id: int) -> None:
        await self.store.set_vote_message(vote_id, channel_id, message_id)

    async def expire_due(self) -> list[VoteNews]:
        """Every open vote whose time is up: closed as it stands (undecided: 'expired', nothing
        changes). Closed once, whichever pass or process gets there first."""
        out = []
        for vote in await self.store.votes_expired(self.clock()):
            news = await self._count(vote.id, final=True)
            if news.result is not None:
                out.append(news)
        return out

    async def _count(self, vote_id: int, *, final: bool = False) -> VoteNews:
        """The vote's tally now; a decided vote is closed (by this writer alone) and, passed,
        carried out."""
        news = await self.state_of(vote_id)
        vote = news.vote
        if vote is None or vote.result is not None:
            return news
        if news.game.status != "running":
            result = "expired"
        else:
            result = tally(news.electorate, news.ballots, final=final)
        if result is None or not await self.store.close_vote(vote_id, result):
            return news
        news.result = result
        await self._logged(news.game, f"event.vote_{result}", vote.kind, vote.seat)
        if result == "passed":
            news.outcome = await self._carry_out(vote.game_id, vote.kind, vote.seat)
            news.game = news.outcome.game
        news.vote = await self.store.vote(vote_id)
        return news

    async def _logged(self, game: GameRecord, word: str, kind: str, seat: int | None) -> None:
        name = game.seats[seat].name if seat is not None else ""
        await self.core.clocks.log(game.id, word, kind=kind, name=name)

    @on_latest
    async def _carry_out(self, game_id: int, kind: str, seat: int | None) -> Outcome:
        """What a passed vote decided, stored and said at the table."""
        async with self._lock(game_id):
            game = await self.game(game_id, latest=True)
            if game.status != "running":
                raise TableError(m("err.vote_not_running"))
            engine = self.engine(game.kind)
            state = self.state(game)
            before = {s: engine.legal_actions(state, s) for s in engine.to_act(state)}
            if kind in ("end", "stop"):  # scores as they stand, or no result
                status = "finished" if kind == "end" else "abandoned"
                try:
                    await self.store.set_status(game.id, game.version, status, self.clock())
                except StaleVersion:
                    self._cache.pop(game.id, None)
                    raise TableChanged(m("err.changed")) from None
                stored = await self._reread(game_id)
                if status == "finished":
                    await self.core.history.finished(game_id)  # results and ratings, once
                return Outcome(game=stored)
            if kind == "pause":
                await self.store.set_paused(game_id, True)
                line = m("news.vote_paused")
            elif kind == "resume":
                await self.store.set_paused(game_id, False)
                line = m("news.vote_resumed")
            else:  # "bot"
                if seat is None or seat >= len(game.seats) or game.seats[seat].is_bot:
                    raise TableError(m("err.no_seat"))
                await self.core.clocks.sit(game, seat)
                line = m("news.vote_bot", name=game.seats[seat].name)
            return await self.core.turns.advance(
                game, engine, state, [], [Event(line)], None, before=before, bots=False
            )
