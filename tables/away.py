"""Away and back (issue 15): ``/away days:`` stops a player's reminders and pauses the tables'
reminder clocks for them; optionally a bot sits in ("bot-sit") and plays their seats,
cautiously, until they return (``/away days:0``, or the time runs out). Every table of theirs
says so on its board. The host (or a server admin) may replace an away player only once they
have been away longer than the table's away limit (``/play away_limit:``).

A bot sitting in plays exactly as a bot seat does (``botplay.py``: thought out in a worker thread,
each move stored and published as made, at the bots' fixed pace: see "Timing reveals nothing" in
docs/developers.md). The seat stays the player's: their moves are in the log as that seat's, and
the board marks it.
"""

from __future__ import annotations

import logging
from typing import Any

from engines import Event
from storage import GameRecord

from .base import TableBase, on_latest
from .errors import TableError
from .outcome import Outcome
from .plan import is_away
from .words import m, t

log = logging.getLogger("tavern.away")

DAY = 86400.0
MAX_AWAY_DAYS = 90
DEFAULT_AWAY_LIMIT_DAYS = 14
AWAY_LIMIT_DAYS = (1, 90)


def when(at: float) -> str:
    """A Discord timestamp: every reader sees it in their own timezone."""
    return f"<t:{int(at)}:f>"


class Away(TableBase):
    """``service.away``: who is away, going away and coming back, and when an away player's
    seat may be handed to a bot (``may_replace``, asked by ``turns.replace_with_bot``)."""

    # --- who is away -----------------------------------------------------------------------------
    async def _away_of(self, game: GameRecord, prefs: dict | None = None) -> dict[int, Any]:
        """seat -> settings of each human seat whose player is away now (``prefs``: the
        players' settings, if the caller has read them already)."""
        now = self.clock()
        humans = {s.user_id: s.seat for s in game.seats if not s.is_bot}
        if prefs is None:
            prefs = await self.players.settings_of(humans)
        prefs = {u: prefs[u] for u in humans if u in prefs}
        return {humans[u]: p for u, p in prefs.items() if is_away(p, now)}

    async def sitting_seats(self, game: GameRecord, prefs: dict | None = None) -> set[int]:
        """The seats a bot plays for an away player right now, and those a bot plays until
        their player is back (their time ran out, or a vote said so: ``clocks.sitters``)."""
        away = {seat for seat, p in (await self._away_of(game, prefs)).items() if p.bot_sit}
        return away | await self.core.clocks.sitters(game)

    async def away_lines(self, game: GameRecord, lang: str = "en") -> list[str]:
        """For the board: who is away, until when, and whether a bot sits in (in ``lang``)."""
        if game.status != "running":
            return []
        return [
            t(
                lang,
                "board.away_line_sit" if p.bot_sit else "board.away_line",
                player=f"<@{game.seats[seat].user_id}>",
                until=when(p.away_until),
            )
            for seat, p in sorted((await self._away_of(game)).items())
        ]

    # --- going away and coming back --------------------------------------------------------------
    async def go_away(
        self, user_id: int, days: int, *, bot_sit: bool = False, bots: bool = True
    ) -> list[Outcome]:
        """Be away for ``days`` (0: back now). Returns what changed at each running table.
        Without ``bots`` a bot sitting in does not play yet: the caller drives ``bot_turns``."""
        if days == 0:
            return await self.come_back(user_id)
        if not 1 <= days <= MAX_AWAY_DAYS:
            raise TableError(m("err.away_days", max=MAX_AWAY_DAYS))
        now = self.clock()
        old = await self.players.settings(user_id)
        since = old.away_since if is_away(old, now) and old.away_since else now
        until = now + days * DAY
        await self.store.set_away(user_id, since, until, bot_sit)
        self.players.changed(user_id)
        key = "news.away_sit" if bot_sit else "news.away"
        return await self._tell_tables(
            user_id, lambda name: m(key, name=name, until=when(until)), back=False, bots=bots
        )

    async def come_back(self, user_id: int, *, until: float | None = None) -> list[Outcome]:
        """End the player's away (``until``: only if it still ends then, for the expiry pass):
        their reminders and clocks run again and a bot sitting in hands their seats back."""
        old = await self.players.settings(user_id)
        if old.away_until is None:
            raise TableError(m("err.not_away"))
        ended = await self.store.end_away(user_id, old.away_until if until is None else until)
        self.players.changed(user_id)
        if not ended:
            return []
        key = "news.back_sit" if old.bot_sit else "news.back"
        return await self._tell_tables(user_id, lambda name: m(key, name=name), back=True)

    async def returns_due(self) -> list[Outcome]:
        """Every away whose time ran out: ended, with what changed at their tables."""
        out = []
        for user_id, until in await self.store.away_ended(self.clock()):
            out += await self.come_back(user_id, until=until)
        return out

    async def _tell_tables(
        self, user_id: int, text, *, back: bool, bots: bool = True
    ) -> list[Outcome]:
        """A public line at each running table of the player; a bot sitting in plays at once,
        a returning player is told if it is their turn (and their reminder clock restarts)."""
        outcomes = []
        for listed in await self.store.games_of_user(user_id, ("running",)):
            try:
                outcome = await self._note_at(listed.id, user_id, text, back, bots)
            except TableError:  # that table changed at that very moment: its line is skipped
                log.warning(
                    "table %s: could not note that user %s is away or back",
                    listed.id,
                    user_id,
                    exc_info=True,
                )
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    @on_latest
    async def _note_at(
        self, game_id: int, user_id: int, text, back: bool, bots: bool = True
    ) -> Outcome | None:
        async with self._lock(game_id):
            game = await self.game(game_id)
            seat = game.seat_of(user_id)
            if game.status != "running" or seat is None:
                return None
            engine = self.engine(game.kind)
            state = self.state(game)
            before = {
                s: engine.legal_actions(state, s)
                for s in engine.to_act(state)
                if not (back and s == seat)
            }
            return await self.core.turns.advance(
                game,
                engine,
                state,
                [],
                [Event(text(game.seats[seat].name))],
                None,
                before=before,
                bots=bots,
            )

    # --- replacing an away player ----------------------------------------------------------------
    async def set_away_limit(self, game_id: int, days: int) -> None:
        low, high = AWAY_LIMIT_DAYS
        if not low <= days <= high:
            raise TableError(m("err.away_limit", low=low, high=high))
        await self.store.set_away_limit(game_id, days * DAY)

    async def away_limit(self, game_id: int) -> float:
        stored = await self.store.away_limit(game_id)
        return stored if stored is not None else DEFAULT_AWAY_LIMIT_DAYS * DAY

    async def may_replace(self, game: GameRecord, seat: int) -> None:
        """Refuse (``TableError``) the handing of ``seat`` to a bot while its player is away
        (and said so) and has not been away longer than the table's limit."""
        away = (await self._away_of(game)).get(seat)
        if away is not None:
            limit = await self.away_limit(game.id)
            if self.clock() - (away.away_since or self.clock()) < limit:
                raise TableError(
                    m(
                        "err.away_keeps",
                        name=game.seats[seat].name,
                        until=when(away.away_until),
                        days=f"{limit / DAY:g}",
                        start=when(away.away_since + limit),
                    )
                )
