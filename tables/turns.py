"""Turns: a player's move, bots answering, resigning; storing it all and working out who
must be told what."""

from __future__ import annotations

import dataclasses
from typing import Any

from engines import Engine, Event, IllegalAction, State
from engines.undo import UNDO
from engines.words import render
from storage import GameRecord, SeatRecord, StaleVersion

from .base import ANYWHERE, RECENT_LINES, fill_names, on_latest
from .botplay import BotPlay, table_level
from .errors import StaleClick, TableChanged, TableError, quote
from .outcome import Notice, Outcome
from .words import m, seat_name

MAX_BOT_MOVES = 100_000


class Turns(BotPlay):
    """``service.turns``: a player's move, resigning or being replaced, and the bots and the
    table answering (``botplay.BotPlay``); ``advance`` stores it all and says who is told what.
    """

    # --- moves -----------------------------------------------------------------------------------
    @on_latest
    async def move(
        self,
        game_id: int,
        user_id: int,
        action: str,
        token: int | None = None,
        *,
        guild_id: Any = ANYWHERE,
        bots: bool = True,
    ) -> Outcome:
        """Apply ``action`` for the user's seat. ``token`` is the prompt version of a button.

        With ``bots`` the bots answer before this returns (all stored together); without, only
        the move is stored and the caller drives ``bot_turns`` after answering the player."""
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id)
            if game.status != "running":
                raise TableError(m("err.not_running") if game.status == "lobby" else m("err.over"))
            seat = self.seat_for(game, user_id)
            engine = self.engine(game.kind)
            state = self.state(game)
            acting = engine.to_act(state)
            if seat not in acting:
                waiting = ", ".join(game.seats[s].name for s in acting)
                raise TableError(
                    m("err.not_your_turn", waiting=waiting)
                    if waiting
                    else m("err.not_your_turn_nobody")
                )
            if token is not None and token != game.seats[seat].prompt_version:
                raise StaleClick(m("err.stale_button"))
            before = {s: engine.legal_actions(state, s) for s in acting}
            if action not in before[seat]:  # quote what was typed, never all of it
                raise IllegalAction(m("err.illegal", action=quote(action)))
            state, events = engine.apply(state, seat, action, legal=before[seat])
            return await self.advance(
                game, engine, state, [(seat, action)], events, seat, before=before, bots=bots
            )

    async def resign(
        self, game_id: int, user_id: int, *, guild_id: Any = ANYWHERE, bots: bool = True
    ) -> Outcome:
        """The seat is taken over by a bot; with no human left the game is abandoned."""
        return await self.replace_with_bot(
            game_id, user_id, by_user=user_id, guild_id=guild_id, bots=bots
        )

    @on_latest
    async def replace_with_bot(
        self,
        game_id: int,
        user_id: int,
        *,
        by_user: int,
        admin: bool = False,
        guild_id: Any = ANYWHERE,
        bots: bool = True,
    ) -> Outcome:
        """A player resigns (``by_user`` is that player), or the host (or a server admin of
        the table's own server) hands an absent player's seat to a bot so the others go on.
        The seat's bot plays at the table's level (``botplay.table_level``). A player who is
        away (and said so) keeps their seat until the table's limit (``away.may_replace``)."""
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=by_user, guild_id=guild_id)
            if game.status != "running":
                raise TableError(
                    m("err.resign_not_running") if by_user == user_id else m("err.not_running")
                )
            if by_user != user_id:
                self._host_only(game, by_user, "replace", self.admin_here(game, admin, guild_id))
            seat = game.seat_of(user_id)
            if seat is None:
                raise TableError(m("err.not_playing") if by_user == user_id else m("err.no_seat"))
            if by_user != user_id:
                await self.core.away.may_replace(game, seat)
            engine = self.engine(game.kind)
            state = self.state(game)
            old = game.seats[seat]
            seats = list(game.seats)
            what = "resigned" if by_user == user_id else "was replaced"
            player = SeatRecord(
                seat, None, table_level(game), f"{old.name} ({what})", resigned=True
            )
            seats[seat] = dataclasses.replace(
                old, user_id=None, bot=player.bot, name=player.name, resigned=True
            )
            game = dataclasses.replace(game, seats=seats)
            events = [Event(m(f"news.{what.replace(' ', '_')}", name=old.name))]
            lang = await self.table_lang(game)
            if not any(not s.is_bot for s in seats):  # nobody left to play with: stop here
                try:
                    await self.store.save_state(
                        game.id,
                        game.version,
                        game.move_count,
                        state=engine.dump(state),
                        status="abandoned",
                        moves=[],
                        now=self.clock(),
                        deadline_at=None,
                        recent=(game.recent + [render(events[0].message, lang)])[-RECENT_LINES:],
                        player=player,
                    )
                except StaleVersion:
                    self._cache.pop(game.id, None)
                    raise TableChanged(m("err.changed")) from None
                return Outcome(
                    game=await self._reread(game.id), public=[render(events[0].message, lang)]
                )
            before = {s: engine.legal_actions(state, s) for s in engine.to_act(state)}
            outcome = await self.advance(
                game,
                engine,
                state,
                [],
                events,
                None,
                before=before,
                seats=seats,
                player=player,
                bots=bots,
            )
            self._cache.pop(game.id, None)  # other seats' marks: read them from the database
            return outcome

    async def advance(
        self,
        game: GameRecord,
        engine: Engine,
        state: State,
        moves: list[tuple[int, str]],
        events: list[Event],
        mover: int | None,
        *,
        before: dict[int, list[str]],
        new_status: str | None = None,
        seats: list[SeatRecord] | None = None,
        player: SeatRecord | None = None,
        bots: bool = True,
    ) -> Outcome:
        """Let bot seats play (each decision thought out in a worker thread; unless ``bots`` is
        False: then the caller drives ``bot_turns``, one stored move at a time), and the
        obvious decisions the table takes for their players (``obvious_seats``), then store
        everything at once and work out who to tell what: a seat whose obvious decision the
        table takes is not asked (no prompt, no ping)."""
        events = list(events)
        play_bots = bots
        thinker = dataclasses.replace(game, seats=seats) if seats else game
        bots = {s.seat for s in thinker.seats if s.is_bot}
        # the players' settings, read once for the whole move
        prefs = await self.players.settings_of(
            s.user_id for s in thinker.seats if not s.is_bot and s.user_id is not None
        )
        sitters = await self.core.away.sitting_seats(thinker, prefs)  # a bot plays for them
        autos = await self.auto_seats(thinker, prefs)  # who lets the table take obvious ones
        obvious: set[int] | None = None  # of ``state`` as it is now, once worked out
        for _ in range(MAX_BOT_MOVES if play_bots else 0):
            if engine.is_over(state):
                break
            obvious = await self.obvious_seats(thinker, engine, state, sitters, autos)
            acting = [s for s in engine.to_act(state) if s in bots or s in sitters or s in obvious]
            if not acting:
                break
            bot = acting[0]
            legal = engine.legal_actions(state, bot)
            pick = await self._think(
                thinker, engine, state, bot, legal, game.move_count + len(moves), sitters
            )
            state, more = engine.apply(state, bot, pick, legal=legal)
            obvious = None
            moves.append((bot, pick))
            events.extend(more)
        else:
            if play_bots:
                raise TableError(m("err.bots_stuck"))

        seat_list = seats or game.seats
        names = [s.name for s in seat_list]
        new_version = game.version + 1
        over = engine.is_over(state)
        acting = [] if over else engine.to_act(state)
        if obvious is None:  # (the loop above worked it out for this state, unless it moved)
            obvious = await self.obvious_seats(thinker, engine, state, sitters, autos)
        movers = {seat for seat, _ in moves}
        humans = [s for s in seat_list if not s.is_bot]
        prompts: set[int] = set()
        for seat in acting:
            if seat in bots or seat in obvious:  # the table plays it: nobody to ask
                continue
            if (
                seat in movers
                or seat not in before
                or engine.legal_actions(state, seat) != before[seat]
            ):
                prompts.add(seat)
        lang = await self.table_lang(game)  # public news: in the table's language
        shown = [seat_name(name, lang) for name in names]  # "(bot)" in the table's language
        public = [fill_names(render(e.message, lang), shown) for e in events if e.audience is None]
        highlights = [
            fill_names(render(e.message, lang), shown)
            for e in events
            if e.audience is None and e.highlight
        ]
        notices: list[Notice] = []
        mover_private: list[str] = []
        mover_news: list = []
        for seat in humans:
            # private news: English text, and the messages to show in the reader's language
            news = [e.message for e in events if e.audience is not None and seat.seat in e.audience]
            private = [fill_names(render(message), names) for message in news]
            if seat.seat == mover:
                mover_private, mover_news = private, news
                continue
            starting = new_status == "running"  # everyone gets their hand when a game starts
            if private or seat.seat in prompts or starting:
                notices.append(
                    Notice(
                        seat.seat,
                        seat.user_id,
                        seat.seat in prompts,
                        private,
                        seat.dm_closed,
                        news=news,
                    )
                )
        status = "finished" if over else (new_status or game.status)
        now = self.clock()
        waiting = [s for s in acting if s not in obvious]  # an obvious one is played at once
        deadline = (
            now
            + await self.core.reminders.remind_period(seat_list, waiting, game.remind_after, prefs)
            if any(s not in bots for s in waiting)
            else None
        )
        recent = (game.recent + public)[-RECENT_LINES:]
        dumped = engine.dump(state)
        try:
            await self.store.save_state(
                game.id,
                game.version,
                game.move_count,
                state=dumped,
                status=status,
                moves=moves,
                now=now,
                deadline_at=deadline,
                recent=recent,
                prompts=prompts,
                player=player,
            )
        except StaleVersion:
            self._cache.pop(game.id, None)
            raise TableChanged(m("err.raced")) from None
        new_seats = [
            dataclasses.replace(s, prompt_version=new_version, prompt_at=now)
            if s.seat in prompts
            else s
            for s in seat_list
        ]
        stored = dataclasses.replace(
            game,
            state=dumped,
            status=status,
            version=new_version,
            move_count=game.move_count + len(moves),
            deadline_at=deadline,
            recent=recent,
            updated_at=now,
            seats=new_seats,
        )
        self._cache[game.id] = stored
        self._live[game.id] = (new_version, state)
        self._took_note(game.id, new_version, obvious)
        await self.core.clocks.after_change(  # each seat's time (issue 26)
            stored,
            {seat for seat, action in moves if action != UNDO},
            {seat for seat, action in moves if action == UNDO},
        )
        if not play_bots and any(s in bots or s in sitters or s in obvious for s in acting):
            self._bots_pending_set().add(game.id)
        outcome = Outcome(
            game=stored,
            public=public,
            highlights=highlights,
            public_news=[(e.message, e.highlight) for e in events if e.audience is None],
            notices=notices,
            mover_private=mover_private,
            mover_seat=mover,
            mover_news=mover_news,
        )
        if status == "finished" and game.status != "finished":
            await self.core.history.finished(stored.id)  # results and ratings, once
        return outcome
