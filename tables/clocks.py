"""Turn clocks with consequences (issue 26, part 1): ``service.clocks``.

A table may have a clock (``/play clock:``): ``2d`` gives every decision two days (per move),
``7d+1d`` gives each seat a bank of seven days plus one day after each of its moves. Time runs
only while a seat must act (several seats at once in a simultaneous decision), and stands still
while its player is ``/away`` within the table's away limit, while a bot plays the seat, and
while a vote has paused the table. Quiet hours do not stop it: its warnings respect them.

Each seat's clock is a row (``storage.clocks.SeatClock``): its time left as of when it began to
run. It is brought up to date after every stored change of the game (``after_change``, called
by ``turns.advance``), and the table's ``next_at`` says when the clock pass (``due``, driven by
the same loop as the reminders, so it resumes after a restart) must look again: the next warning
(half the decision's time, a day, an hour before it runs out), the time running out, or an away
limit ending. When a seat's time runs out, the table's choice happens (``on_timeout``): a bot at
the table's level plays the seat until its player clicks **I'm back** (``hand_back``), or the
seat passes where the rules offer a pass at that moment (else a bot plays, as for ``bot``), or
the table is offered a vote to hand the seat to a bot (``tables/votes.py``). Every consequence
is a public line, a stored event (``events``, shown by /history), and the moves made for the
seat are in the move log as that seat's.

The arithmetic is pure (``parse_clock``, ``step``, ``remaining``, ``warn_points`` ...) and tested
on its own; the service around it reads and writes the rows under the game's lock.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from engines import Event
from storage import TIMEOUTS, GameRecord, SeatClock, TableClock, VoteRecord

from .base import ANYWHERE, TableBase, on_latest
from .caches import LRU
from .errors import TableError, quote
from .outcome import Notice, Outcome
from .plan import is_away
from .words import m, t

log = logging.getLogger("tavern.clocks")

HOUR = 3600.0
DAY = 24 * HOUR
BASE_RANGE = (HOUR, 90 * DAY)  # per move, or a bank
MAX_INCREMENT = 30 * DAY
OUT = 9  # ``SeatClock.warned`` once the time ran out and its consequence happened
RETRY = 60.0  # a table the pass claimed and could not finish is looked at again this much later
BACK_MIN = DAY  # a bank player handed their seat back has at least this much time
_DURATION = re.compile(r"(?:(\d+(?:\.\d+)?)d)?(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?")


# --- the arithmetic (pure) ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClockSpec:
    """A table's clock: ``base`` seconds per move (``increment`` None), or a bank of ``base``
    plus ``increment`` seconds after each move."""

    base: float
    increment: float | None = None

    @property
    def per_move(self) -> bool:
        return self.increment is None


def duration(text: str) -> float | None:
    """ "2d", "12h", "1d12h", "90m", "1.5d" in seconds; None if it is not one."""
    found = _DURATION.fullmatch(text)
    if not text or found is None or not any(found.groups()):
        return None
    d, h, mins = (float(g) if g else 0.0 for g in found.groups())
    return d * DAY + h * HOUR + mins * 60.0


def parse_clock(text: str | None) -> ClockSpec | None:
    """A ``/play clock:`` value: ``none`` (no clock), ``2d`` (per move) or ``7d+1d`` (a bank
    plus an increment). Friendly about spaces and case; anything else is a ``TableError``."""
    raw = "".join((text or "").lower().split())
    if raw in ("", "none", "off", "no", "0"):
        return None
    head, plus, tail = raw.partition("+")
    base = duration(head)
    increment = duration(tail) if plus else None
    if base is None or (plus and increment is None):
        raise TableError(m("err.clock_form", got=quote(text or "")))
    low, high = BASE_RANGE
    if not low <= base <= high or (increment is not None and increment > MAX_INCREMENT):
        raise TableError(m("err.clock_range", got=quote(text or "")))
    return ClockSpec(base, increment)


def spec_of(row: TableClock | None) -> ClockSpec | None:
    if row is None or row.base is None:
        return None
    return ClockSpec(row.base, row.increment)


def remaining(c: SeatClock, now: float) -> float | None:
    """The seat's time left at ``now`` (None: no decision waits for it, per move)."""
    if c.left is None:
        return None
    return c.left - (now - c.since) if c.since is not None else c.left


def runs_out_at(c: SeatClock) -> float | None:
    """When a running clock reaches zero (None while it stands still)."""
    return c.since + c.left if c.since is not None and c.left is not None else None


def warn_points(decision: float | None) -> list[float]:
    """The times left at which a decision that began with ``decision`` seconds is warned:
    half of it, a day, an hour (those shorter than the decision), longest first."""
    if decision is None:
        return []
    return sorted({p for p in (decision / 2, DAY, HOUR) if p < decision}, reverse=True)


def warnings_due(c: SeatClock, now: float) -> int:
    """How many of the decision's warnings are due by ``now``."""
    left = remaining(c, now)
    if left is None:
        return 0
    return sum(1 for p in warn_points(c.decision) if left <= p)


def next_time(c: SeatClock) -> float | None:
    """When the clock pass must look at this seat next: its next warning, or its time running
    out (None while its clock stands still, or once its time ran out)."""
    end = runs_out_at(c)
    if end is None or c.warned >= OUT:
        return None
    points = warn_points(c.decision)
    if c.warned < len(points):
        return min(end, end - points[c.warned])
    return end


def fresh(seat: int, spec: ClockSpec) -> SeatClock:
    """A seat's clock when the game starts: a bank's full time, or nothing yet (per move)."""
    return SeatClock(seat, None if spec.per_move else spec.base)


def step(
    c: SeatClock,
    spec: ClockSpec,
    *,
    acting: bool,
    moved: bool,
    runs: bool,
    now: float,
    undone: bool = False,
) -> SeatClock:
    """A seat's clock after a change of the game at ``now``: ``acting`` (the seat must act
    now), ``moved`` (it made a move in the change), ``runs`` (its time may run: it acts, its
    player is not away within the limit, no bot plays it, the table is not paused), ``undone``
    (it took its last decision back).

    The time used since it began to run is taken off; a decision that is over (the seat moved,
    or no longer must act) ends: a bank keeps what is left, plus the increment after a move. A
    new decision gets the time per move (a bank: what it has), and its warnings start again. A
    decision taken back resumes with the time it had (a bank gives the increment back), so an
    undo never buys time."""
    inc = spec.increment or 0.0
    left, since, decision, warned = c.left, c.since, c.decision, c.warned
    if since is not None and left is not None:
        left = max(0.0, left - (now - since))
    since = None
    if moved or not acting:
        if moved and not spec.per_move:
            left = (left if left is not None else spec.base) + inc
        decision, warned = None, 0
    if undone and left is not None and not spec.per_move:
        left = max(0.0, left - inc)
    if acting and decision is None:
        if left is None or (spec.per_move and not undone):
            left = spec.base
        decision, warned = left, 0
    if acting and runs and left is not None and warned < OUT:  # at zero: the pass sees it
        since = now
    return dataclasses.replace(c, left=left, since=since, decision=decision, warned=warned)


def handed_back(c: SeatClock, spec: ClockSpec | None) -> SeatClock:
    """A seat whose player is back from a bot sitting in: per move, the next decision has its
    full time; a bank has at least ``BACK_MIN`` (or one increment, if longer)."""
    left = None
    if spec is not None and not spec.per_move:
        left = max(c.left or 0.0, spec.increment or 0.0, BACK_MIN)
    return dataclasses.replace(c, left=left, since=None, decision=None, warned=0, sitting=False)


def spoken(seconds: float, lang: str = "en") -> str:
    """A duration in words: "2 d 3 h", "45 min"."""
    seconds = max(0, int(seconds))
    d, rest = divmod(seconds, int(DAY))
    h, rest = divmod(rest, int(HOUR))
    mins = rest // 60
    parts = []
    if d:
        parts.append(t(lang, "dur.days", n=d))
    if h:
        parts.append(t(lang, "dur.hours", n=h))
    if mins and not d:
        parts.append(t(lang, "dur.minutes", n=mins))
    return " ".join(parts) or t(lang, "dur.minutes", n=0)


def clock_text(spec: ClockSpec | None, lang: str = "en") -> str:
    """What a table's clock is, in words."""
    if spec is None:
        return t(lang, "clock.none")
    if spec.per_move:
        return t(lang, "clock.per_move", time=spoken(spec.base, lang))
    return t(
        lang, "clock.bank", time=spoken(spec.base, lang), inc=spoken(spec.increment or 0, lang)
    )


def stamp(at: float, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own timezone and language."""
    return f"<t:{int(at)}:{style}>"


# --- the service ----------------------------------------------------------------------------------
@dataclass(slots=True)
class ClockNews:
    """What the clock pass did at one table: warnings to send (as turn notices: they follow
    each player's settings and quiet hours), and when a seat's time ran out, the stored change
    to publish (``outcome``; bots may play on), the seats a bot now plays for (their players
    are offered **I'm back**) and a vote the table is offered."""

    game: GameRecord
    warnings: list[Notice] = field(default_factory=list)
    outcome: Outcome | None = None
    sitting: list[int] = field(default_factory=list)
    vote: VoteRecord | None = None


# Running games whose clock this process knows (``Clocks._specs``).
SPECS_KEPT = 4096


class Clocks(TableBase):
    """``service.clocks``: a table's clock, each seat's time, warnings and time running out."""

    def __init__(self, core) -> None:
        super().__init__(core)
        # game id -> its clock (None: none), kept once the game runs: a clock is chosen when the
        # table opens and never changes after the start (a vote's pause is another column), so
        # a move at a table without a clock reads nothing more.
        self._specs: LRU[int, ClockSpec | None] = LRU(SPECS_KEPT)

    # --- setting a table's clock -----------------------------------------------------------------
    async def set_clock(
        self, game_id: int, spec: ClockSpec | None, on_timeout: str | None = None
    ) -> None:
        """The table's clock (None: none) and what happens when a seat's time runs out."""
        on_timeout = on_timeout or "bot"
        if on_timeout not in TIMEOUTS:
            raise TableError(m("err.on_timeout", modes=", ".join(TIMEOUTS)))
        if spec is None and on_timeout == "bot":
            return  # the default: no row needed
        await self.store.set_table_clock(
            game_id,
            None if spec is None else spec.base,
            None if spec is None else spec.increment,
            on_timeout,
        )

    async def table_clock(self, game_id: int) -> TableClock | None:
        return await self.store.table_clock(game_id)

    async def lobby_line(self, game: GameRecord, lang: str = "en") -> str | None:
        """A lobby's clock and what follows when a seat's time runs out, in words (None: no
        clock, or no longer a lobby: the board shows each seat's time then)."""
        if game.status != "lobby":
            return None
        row = await self.store.table_clock(game.id)
        spec = spec_of(row)
        if spec is None:
            return None
        return f"{clock_text(spec, lang)} · {t(lang, f'choice.timeout.{row.on_timeout}')}"

    async def paused(self, game_id: int) -> bool:
        row = await self.store.table_clock(game_id)
        return row is not None and row.paused

    async def sitters(self, game: GameRecord) -> set[int]:
        """The seats a bot plays until their player is back (their time ran out, or a vote
        handed them to a bot)."""
        if game.status != "running":
            return set()
        clocks = await self.store.seat_clocks(game.id)
        return {
            s
            for s, c in clocks.items()
            if c.sitting and s < len(game.seats) and not game.seats[s].is_bot
        }

    async def events(self, game_id: int, lang: str = "en") -> list[str]:
        """What the clock and the votes did at a table, in words (for /history)."""
        lines = []
        for at, word, params in await self.store.table_events(game_id):
            if "kind" in params:  # a vote: what it was about, in the reader's language
                params["what"] = t(lang, f"vote.what.{params['kind']}", name=params.get("name"))
            lines.append(f"{stamp(at, 'f')} {t(lang, word, **params)}")
        return lines

    async def log(self, game_id: int, word: str, **params: Any) -> None:
        """Keep what the clock or a vote did (a message id and its parameters)."""
        await self.store.add_table_event(game_id, self.clock(), word, params)

    # --- keeping the clocks up to date ------------------------------------------------------------
    async def after_change(
        self, game: GameRecord, movers: set[int], undone: set[int] = frozenset()
    ) -> None:
        """A change of ``game`` was just stored (under its lock): bring its clocks up to date
        (``movers``: the seats that moved in it; ``undone``: those that took a decision back)
        and say when to look at them next."""
        if game.status == "running" and self._specs.get(game.id, False) is None:
            return  # known to have no clock
        row = await self.store.table_clock(game.id)
        spec = spec_of(row)
        if game.status == "running":
            self._specs[game.id] = spec
        if spec is None:
            return
        clocks, next_at = await self._stepped(game, row, spec, movers, undone)
        await self.store.save_seat_clocks(game.id, game.version, clocks, next_at)

    async def _stepped(
        self,
        game: GameRecord,
        row: TableClock,
        spec: ClockSpec,
        movers: set[int],
        undone: set[int] = frozenset(),
    ) -> tuple[list[SeatClock], float | None]:
        now = self.clock()
        stored = await self.store.seat_clocks(game.id)
        acting = set(self.to_act(game)) if game.status == "running" else set()
        held, resumes = await self._away_held(game, acting, now)
        out = []
        for seat in game.seats:
            if seat.is_bot:
                continue
            c = stored.get(seat.seat) or fresh(seat.seat, spec)
            runs = not row.paused and not c.sitting and seat.seat not in held
            out.append(
                step(
                    c,
                    spec,
                    acting=seat.seat in acting,
                    moved=seat.seat in movers,
                    runs=runs,
                    now=now,
                    undone=seat.seat in undone,
                )
            )
        times = [x for x in (next_time(c) for c in out) if x is not None]
        if not row.paused:
            times += resumes
        return out, (min(times) if times and game.status == "running" else None)

    async def _away_held(
        self, game: GameRecord, acting: set[int], now: float
    ) -> tuple[set[int], list[float]]:
        """The acting seats whose player is away within the table's away limit (their time
        stands still), and when each of those limits ends (their time runs again then)."""
        humans = {game.seats[s].user_id: s for s in acting if not game.seats[s].is_bot}
        if not humans:
            return set(), []
        prefs = await self.players.settings_of(humans)
        away = {u: p for u, p in prefs.items() if is_away(p, now)}
        if not away:
            return set(), []
        limit = await self.core.away.away_limit(game.id)
        held, ends = set(), []
        for user_id, p in away.items():
            end = (p.away_since or now) + limit
            if now < end:
                held.add(humans[user_id])
                ends.append(end)
        return held, ends

    # --- the clock pass ---------------------------------------------------------------------------
    async def due(self) -> list[ClockNews]:
        """Every table whose clock must be looked at now: warnings, and time running out.
        Each table is claimed first (another pass or process skips it)."""
        now = self.clock()
        out = []
        for game_id, at in await self.store.clocks_due(now):
            if not await self.store.set_clock_next(game_id, at, now + RETRY):
                continue
            try:
                news = await self._look(game_id)
            except TableError:
                log.warning("table %s: the clock pass could not finish", game_id, exc_info=True)
                continue
            if news is not None:
                out.append(news)
        return out

    @on_latest
    async def _look(self, game_id: int) -> ClockNews | None:
        async with self._lock(game_id):
            game = await self.game(game_id, latest=True)
            row = await self.store.table_clock(game_id)
            spec = spec_of(row)
            if game.status != "running" or spec is None or row is None:
                return None
            now = self.clock()
            clocks, _ = await self._stepped(game, row, spec, set())
            news = ClockNews(game)
            out: list[int] = []
            for i, c in enumerate(clocks):
                if c.since is None:
                    continue
                left = remaining(c, now) or 0.0
                if left <= 0:
                    clocks[i] = dataclasses.replace(c, left=0.0, since=None, warned=OUT)
                    out.append(c.seat)
                    continue
                due = warnings_due(c, now)
                if due > c.warned:
                    clocks[i] = dataclasses.replace(c, warned=due)
                    news.warnings.append(self._warning(game, c.seat, now + left))
            times = [x for x in (next_time(c) for c in clocks) if x is not None]
            _, resumes = await self._away_held(game, set(self.to_act(game)), now)
            times += resumes
            await self.store.save_seat_clocks(
                game_id, game.version, clocks, min(times) if times else None
            )
            for seat in out:
                await self._ran_out(game_id, seat, row.on_timeout, news)
            news.game = await self.game(game_id)
            return news

    def _warning(self, game: GameRecord, seat: int, end: float) -> Notice:
        message = m("clock.warning", id=game.id, at=stamp(end))
        record = game.seats[seat]
        return Notice(
            seat,
            record.user_id,
            True,
            [t("en", "clock.warning", id=game.id, at=stamp(end))],
            record.dm_closed,
            news=[message],
        )

    async def _ran_out(self, game_id: int, seat: int, on_timeout: str, news: ClockNews) -> None:
        """A seat's time ran out (under the game's lock): the table's choice happens."""
        game = await self.game(game_id)
        if game.status != "running" or seat not in self.to_act(game):
            return
        name = game.seats[seat].name
        engine = self.engine(game.kind)
        state = self.state(game)
        before = {s: engine.legal_actions(state, s) for s in engine.to_act(state)}
        if on_timeout == "vote":
            vote = await self.core.votes.open_for_clock(game, seat)
            if vote is not None:
                await self.log(game_id, "event.clock_out_vote", name=name)
                news.vote = vote
                news.outcome = await self.core.turns.advance(
                    game,
                    engine,
                    state,
                    [],
                    [Event(m("news.clock_out_vote", name=name))],
                    None,
                    before=before,
                    bots=False,
                )
                return
            on_timeout = "bot"  # a vote is open at this table already: a bot plays meanwhile
        if on_timeout == "skip" and "pass" in before.get(seat, []):
            after, events = engine.apply(state, seat, "pass", legal=before[seat])
            await self.log(game_id, "event.clock_out_skip", name=name)
            news.outcome = await self.core.turns.advance(
                game,
                engine,
                after,
                [(seat, "pass")],
                [Event(m("news.clock_out_skip", name=name)), *events],
                None,
                before=before,
                bots=False,
            )
            return
        await self.sit(game, seat)
        await self.log(game_id, "event.clock_out_bot", name=name)
        news.sitting.append(seat)
        news.outcome = await self.core.turns.advance(
            game,
            engine,
            state,
            [],
            [Event(m("news.clock_out_bot", name=name))],
            None,
            before=before,
            bots=False,
        )

    async def sit(self, game: GameRecord, seat: int) -> None:
        """A bot plays ``seat`` until its player is back (under the game's lock)."""
        clocks = await self.store.seat_clocks(game.id)
        row = await self.store.table_clock(game.id)
        c = clocks.get(seat) or SeatClock(seat)
        c = dataclasses.replace(c, sitting=True, since=None)
        await self.store.save_seat_clocks(game.id, game.version, [c], row.next_at if row else None)

    # --- handing a seat back ----------------------------------------------------------------------
    @on_latest
    async def hand_back(
        self, game_id: int, user_id: int, *, guild_id: Any = ANYWHERE, bots: bool = True
    ) -> Outcome:
        """The player is back (**I'm back**): the bot that played their seat hands it back,
        and their clock starts afresh (``handed_back``)."""
        async with self._lock(game_id):
            game = await self.table_at(game_id, user_id=user_id, guild_id=guild_id)
            if game.status != "running":
                raise TableError(m("err.not_running") if game.status == "lobby" else m("err.over"))
            seat = game.seat_of(user_id)
            if seat is None:
                raise TableError(m("err.not_playing"))
            clocks = await self.store.seat_clocks(game_id)
            c = clocks.get(seat)
            if c is None or not c.sitting:
                raise TableError(m("err.not_sitting"))
            row = await self.store.table_clock(game_id)
            await self.store.save_seat_clocks(
                game_id, game.version, [handed_back(c, spec_of(row))], row.next_at if row else None
            )
            name = game.seats[seat].name
            await self.log(game_id, "event.clock_back", name=name)
            engine = self.engine(game.kind)
            state = self.state(game)
            before = {s: engine.legal_actions(state, s) for s in engine.to_act(state) if s != seat}
            return await self.core.turns.advance(
                game,
                engine,
                state,
                [],
                [Event(m("news.clock_back", name=name))],
                None,
                before=before,
                bots=bots,
            )

    # --- the board --------------------------------------------------------------------------------
    async def board_lines(self, game: GameRecord, lang: str = "en") -> list[str]:
        """For the board: the table's clock, and each human seat's time (a Discord timestamp
        while it runs), who a bot plays for, and whether a vote paused the table."""
        if game.status != "running":
            return []
        row = await self.store.table_clock(game.id)
        if row is None:
            return []
        spec = spec_of(row)
        clocks = await self.store.seat_clocks(game.id)
        lines = [t(lang, "board.paused")] if row.paused else []
        if spec is not None:
            lines.append(clock_text(spec, lang))
        now = self.clock()
        for seat in game.seats:
            c = clocks.get(seat.seat)
            if seat.is_bot or c is None:
                continue
            player = f"<@{seat.user_id}>"
            end = runs_out_at(c)
            if c.sitting:
                lines.append(t(lang, "board.clock_sitting", player=player))
            elif spec is None:
                continue
            elif c.warned >= OUT:
                lines.append(t(lang, "board.clock_out", player=player))
            elif end is not None:
                lines.append(t(lang, "board.clock_runs", player=player, at=stamp(end)))
            elif c.left is not None and c.decision is not None:
                left = remaining(c, now) or 0.0
                lines.append(t(lang, "board.clock_left", player=player, left=spoken(left, lang)))
        return lines
