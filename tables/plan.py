"""Who is told what, where and when (issue 23): what follows a change, as a list of sends.

Pure: no discord import, no I/O, no clock of its own. The caller gathers the inputs (the
outcome, each player's settings, the time, the DM panels decided on moments ago) and delivers
the sends it gets back (``cogs/messenger.py``: it renders the texts and calls Discord). Every
rule about notifying a player lives here:

- ``route`` is the ONE place that decides, for one player, between a DM, a mention in the
  game's thread, both, or nothing now (their quiet hours: it is held back, and comes as one
  message when they end, ``plan_digest``).
- A DM that Discord refuses because the player's DMs are closed is told once in the thread
  (``ThreadNote``); from then on the player is mentioned on their turn.
- A turn that comes back within ``FOLLOW_ON`` seconds of the player's decision, with no other
  human deciding in between, edits the DM panel they decided on (``FollowOnEdit``): no ping.
- Several tables at once for one player (due reminders, what quiet hours held back) make ONE
  message (``DigestDm``), or a mention in each waiting table's thread.
- When a game ends, every human who takes DMs gets the final scores (``FinalDm``).
- Reminders skip a player who is away, and come at each player's own interval
  (``reminder_due``).
- A chain of bot moves is shown together (``Chain``): when a human joins those who must act,
  when the chain ends, and every ``CHAIN_FLUSH_SECONDS`` of a long bot-only stretch.
- A table's watchers (issue 26) are told its public news, what a spectator sees, by the same
  rule (``plan_watchers``): a DM, one mention of them in the thread, both, or held back in
  their quiet hours for the digest; one who plays there is told as a player only.
"""

from __future__ import annotations

import math
import zoneinfo
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from storage import GameRecord, UserSettings

from .caches import LRU
from .outcome import Notice, Outcome, Reminder, merge
from .words import m

# A seat whose turn comes back within this many seconds of its last decision, with no other
# human deciding in between (only the bots answered), finds the DM panel it decided on updated
# in place: the player is still there, no new ping needed. Another human's decision starts a
# new stretch of waiting, which is worth a ping.
FOLLOW_ON = 120.0
# A long stretch of bot moves (no human to act) still shows progress: what accumulated is
# published once the chain has run this long since it was last published.
CHAIN_FLUSH_SECONDS = 10.0
MAX_SEATS = 5
DECISIONS_KEPT = 10_000  # (game, seat) -> the DM panel decided on, remembered (LRU)


# --- a player's time: quiet hours, away, reminders ----------------------------------------------
def zone(name: str) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def local_hour(settings: UserSettings, now: float) -> int:
    return datetime.fromtimestamp(now, zone(settings.timezone)).hour


def in_quiet_hours(settings: UserSettings, now: float) -> bool:
    """Quiet from ``quiet_start`` o'clock up to (not including) ``quiet_end`` o'clock, in the
    player's timezone; a span may cross midnight (22 to 7). Equal hours: no quiet hours."""
    start, end = settings.quiet_start, settings.quiet_end
    if start is None or end is None or start == end:
        return False
    hour = local_hour(settings, now)
    return start <= hour < end if start < end else (hour >= start or hour < end)


def is_away(settings: UserSettings, now: float) -> bool:
    return settings.away_until is not None and settings.away_until > now


@dataclass(slots=True)
class DigestItem:
    game: GameRecord
    seat: int | None  # None: a table the player watches
    your_turn: bool
    news: list[str]


def interval(prefs: UserSettings, table_after: float) -> float:
    """A player's reminder interval: their own, else the table's."""
    return prefs.remind_hours * 3600.0 if prefs.remind_hours else table_after


def reminder_due(
    prefs: UserSettings, now: float, table_after: float, period: float, elapsed: float
) -> bool:
    """Whether a player the table waits for is reminded now: not while away, and only when
    their own interval came round (``period``: the table's clock, the shortest interval of
    those it waits for; ``elapsed``: how long it has waited, as of this reminder)."""
    if is_away(prefs, now):
        return False
    own = interval(prefs, table_after)
    return own <= period or math.floor(elapsed / own) > math.floor((elapsed - period) / own)


# --- the routing rule -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Route:
    """How one player is told something now."""

    held: bool  # their quiet hours: nothing now, it is kept for one message when they end
    dm: bool  # by DM (tried: Discord may refuse it, their DMs closed)
    mention: bool  # by a mention in the game's thread, on their turn


def route(prefs: UserSettings, now: float, *, dm_closed: bool = False) -> Route:
    """The one rule deciding DM, mention, both, or hold. ``dm`` and ``mention`` say how the
    player takes news (also while ``held``): a DM unless they chose mentions only or their DMs
    are known to be closed; a mention when no DM is tried, or they chose both."""
    dm = not dm_closed and prefs.notify != "mention"
    return Route(held=in_quiet_hours(prefs, now), dm=dm, mention=not dm or prefs.notify == "both")


# --- the sends ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Story:
    """The public news of a change as new thread messages, the board posted anew below them."""

    game_id: int
    lines: tuple[str, ...]
    highlights: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardEdit:
    """The board edited in place (no public news: nothing to read, an edit pings nobody); one
    too old to edit, or gone, is posted anew."""

    game_id: int


@dataclass(frozen=True, slots=True)
class Results:
    """The final scores (or the abandonment) in the thread, the seed revealed, the export."""

    game_id: int


@dataclass(frozen=True, slots=True)
class Lobby:
    """The lobby message shows the game as over, without controls."""

    game_id: int


@dataclass(frozen=True, slots=True)
class RefreshPanels:
    """Every DM panel of the game whose controls are out of date is repainted (the mover's,
    with its private news, unless the move was made from it: ``shown_in``)."""

    game_id: int
    mover: int | None = None
    news: tuple = ()
    shown_in: int | None = None


@dataclass(frozen=True, slots=True)
class Hold:
    """Quiet hours: nothing is sent now. Its private news (``news`` as messages, put in the
    player's language, else ``private``; with ``final``: their final scores) is kept for the
    one message that follows the quiet hours; a turn needs no keeping (it stays un-notified)."""

    user_id: int
    game_id: int | None = None
    seat: int | None = None
    news: tuple = ()
    private: tuple[str, ...] = ()
    final: bool = False


@dataclass(frozen=True, slots=True)
class DmPanel:
    """A new DM to one seat: its private news and, on its turn, its controls and what happened
    since its last move. It takes the controls off the seat's previous DM panel.

    If Discord refuses it because the player's DMs are closed: with ``note_closed`` the seat is
    marked as such, and the first time ``if_closed_first`` is sent instead of ``if_closed``."""

    game_id: int
    seat: int
    user_id: int
    your_turn: bool
    news: tuple = ()
    private: tuple[str, ...] = ()
    reminder: bool = False
    welcome: bool = False
    note_closed: bool = True
    if_closed_first: tuple[Send, ...] = ()
    if_closed: tuple[Send, ...] = ()


@dataclass(frozen=True, slots=True)
class FollowOnEdit:
    """The turn came back moments after the seat decided on the DM panel at ``channel_id``,
    ``message_id``: that panel is edited to show ``panel`` (no new DM, no ping); where Discord
    refuses the edit, ``otherwise`` is sent instead."""

    panel: DmPanel
    channel_id: int
    message_id: int
    otherwise: tuple[Send, ...] = ()


@dataclass(frozen=True, slots=True)
class Mention:
    """A mention of the player in the game's thread: it is their turn (``still``: a reminder)."""

    game_id: int
    user_id: int
    still: bool = False


@dataclass(frozen=True, slots=True)
class ThreadNote:
    """A note in the game's thread, once: the player's DMs are closed, use **My hand**."""

    game_id: int
    user_id: int


@dataclass(frozen=True, slots=True)
class DigestDm:
    """ONE DM about several tables (a reminder, or what quiet hours held back)."""

    user_id: int
    items: tuple[DigestItem, ...]
    reminder: bool
    if_closed: tuple[Send, ...] = ()


@dataclass(frozen=True, slots=True)
class FinalDm:
    """The final scores, the player's own, where to replay the game."""

    game_id: int
    seat: int
    user_id: int


@dataclass(frozen=True, slots=True)
class WatchDm:
    """A watcher's DM: the public news of a table they watch (``news``: messages, shown in
    their language; the final scores too when the game is over)."""

    game_id: int
    user_id: int
    news: tuple = ()


@dataclass(frozen=True, slots=True)
class WatchMention:
    """ONE message in the table's thread mentioning the watchers who chose mentions: there is
    news at the table they watch."""

    game_id: int
    user_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MarkNotified:
    """The seat was told about its current decision (no turn DM is owed after a restart)."""

    game_id: int
    seat: int


@dataclass(frozen=True, slots=True)
class Together:
    """Sends delivered in order; a Discord failure stops the rest of these (it is logged), not
    the plan: one player's refused DM keeps nobody else from being told."""

    sends: tuple[Send, ...]
    about: str = ""


Send = (
    Story
    | BoardEdit
    | Results
    | Lobby
    | RefreshPanels
    | Hold
    | DmPanel
    | FollowOnEdit
    | Mention
    | ThreadNote
    | DigestDm
    | FinalDm
    | WatchDm
    | WatchMention
    | MarkNotified
    | Together
)


# --- the plans ------------------------------------------------------------------------------------
def plan_notice(
    game_id: int,
    notice: Notice,
    prefs: UserSettings,
    now: float,
    *,
    reminder: bool = False,
    welcome: bool = False,
    follow_on: tuple[int, int] | None = None,
) -> list[Send]:
    """One notice to one human seat: private news and, on their turn, their controls (a new
    DM, or the panel they decided on moments ago: ``follow_on``), or a mention; held back in
    their quiet hours."""
    reminder = reminder or notice.reminder
    turn = notice.your_turn
    way = route(prefs, now, dm_closed=notice.dm_closed)
    if way.held:
        return [
            Hold(
                notice.user_id,
                game_id,
                notice.seat,
                news=tuple(notice.news),
                private=tuple(notice.private),
            )
        ]
    mention = (Mention(game_id, notice.user_id, still=reminder),) if turn else ()
    sends: list[Send] = []
    if way.dm:
        dm = DmPanel(
            game_id,
            notice.seat,
            notice.user_id,
            turn,
            news=tuple(notice.news),
            private=tuple(notice.private),
            reminder=reminder,
            welcome=welcome,
            # the first time, the note says how to play (this turn included); after it, a
            # mention on their turn (unless one follows anyway)
            if_closed_first=(ThreadNote(game_id, notice.user_id),),
            if_closed=() if way.mention else mention,
        )
        sends.append(dm)
    if way.mention:
        sends.extend(mention)
    if way.dm and turn and not welcome and follow_on is not None:
        # the player decided moments ago and their panel is in front of them: the turn
        # coming back (after the bots' answer, say) updates it, without a ping
        sends = [FollowOnEdit(sends[0], *follow_on, otherwise=tuple(sends))]  # type: ignore[arg-type]
    if turn:
        sends.append(MarkNotified(game_id, notice.seat))
    return sends


def plan_notices(
    game_id: int,
    notices: Iterable[Notice],
    settings_by_user: Mapping[int, UserSettings],
    now: float,
    *,
    reminder: bool = False,
    welcome: bool = False,
    follow_ons: Mapping[tuple[int, int], tuple[int, int]] | None = None,
) -> list[Send]:
    """Each notice on its own (``Together``): one failing DM does not stop the others."""
    follow_ons = follow_ons or {}
    return [
        Together(
            tuple(
                plan_notice(
                    game_id,
                    notice,
                    settings_by_user[notice.user_id],
                    now,
                    reminder=reminder,
                    welcome=welcome,
                    follow_on=follow_ons.get((game_id, notice.seat)),
                )
            ),
            f"notify seat {notice.seat} of table {game_id}",
        )
        for notice in notices
    ]


def plan_digest(
    user_id: int,
    items: Sequence[DigestItem],
    prefs: UserSettings,
    now: float,
    *,
    reminder: bool,
) -> list[Send]:
    """ONE message about several tables: by DM, or (mentions chosen, or the DM refused) one
    mention in each waiting table's thread; held back again in quiet hours."""
    way = route(prefs, now)
    if way.held:
        return [Hold(user_id)]
    mentions = tuple(Mention(i.game.id, user_id) for i in items if i.your_turn)
    sends: list[Send] = []
    if way.dm:
        sends.append(
            DigestDm(user_id, tuple(items), reminder, if_closed=() if way.mention else mentions)
        )
    for item in items:
        if item.your_turn:
            if way.mention:
                sends.append(Mention(item.game.id, user_id))
            sends.append(MarkNotified(item.game.id, item.seat))
    return sends


def plan_final(
    game: GameRecord, settings_by_user: Mapping[int, UserSettings], now: float
) -> list[Send]:
    """Every human who takes DMs gets the final scores by DM (held back in their quiet hours);
    those who chose mentions, or whose DMs are closed, read them in the thread."""
    sends: list[Send] = []
    for record in game.seats:
        if record.is_bot or record.user_id is None:
            continue
        way = route(settings_by_user[record.user_id], now, dm_closed=record.dm_closed)
        if not way.dm:
            continue
        send: Send = (
            Hold(record.user_id, game.id, record.seat, final=True)
            if way.held
            else FinalDm(game.id, record.seat, record.user_id)
        )
        sends.append(Together((send,), f"send seat {record.seat} the final scores"))
    return sends


def not_told_by_dm(game: GameRecord, settings_by_user: Mapping[int, UserSettings]) -> list[int]:
    """The humans ``plan_final`` sends no DM (they chose mentions, or their DMs are closed):
    the final scores in the thread ping them, and only them."""
    return [
        record.user_id
        for record in game.seats
        if not record.is_bot
        and record.user_id is not None
        and not route(settings_by_user[record.user_id], 0.0, dm_closed=record.dm_closed).dm
    ]


def watch_news(outcome: Outcome) -> tuple:
    """What a watcher is told of a change: its public news (messages, never a seat's own),
    and the end of the game when it ended (the final scores follow with it)."""
    news = [message for message, _ in outcome.public_news]
    game = outcome.game
    if game.status == "finished":
        news.append(m("watch.over", id=game.id))
    elif game.status == "abandoned":
        news.append(m("watch.abandoned", id=game.id))
    return tuple(news)


def plan_watchers(
    outcome: Outcome,
    watchers: Iterable[int],
    settings_by_user: Mapping[int, UserSettings],
    now: float,
) -> list[Send]:
    """A table's public news for its watchers, each by their settings (``route``): a DM, or
    one mention of all who chose mentions in the thread, or both; in their quiet hours it is
    held back for the digest. Nothing when there is no public news; nothing to a watcher who
    plays at the table (their seat's notices tell them)."""
    game = outcome.game
    news = watch_news(outcome)
    if not news:
        return []
    seated = {s.user_id for s in game.seats if not s.is_bot and s.user_id is not None}
    sends: list[Send] = []
    mentions: list[int] = []
    for user_id in dict.fromkeys(watchers):
        if user_id in seated:
            continue
        way = route(settings_by_user[user_id], now)
        if way.held:
            sends.append(Hold(user_id, game.id, news=news))
            continue
        if way.dm:
            sends.append(Together((WatchDm(game.id, user_id, news),), f"tell watcher {user_id}"))
        if way.mention:
            mentions.append(user_id)
    if mentions:
        sends.append(Together((WatchMention(game.id, tuple(mentions)),), "mention the watchers"))
    return sends


def plan(
    outcome: Outcome,
    settings_by_user: Mapping[int, UserSettings],
    now: float,
    *,
    shown_in: int | None = None,
    follow_ons: Mapping[tuple[int, int], tuple[int, int]] | None = None,
    watchers: Sequence[int] = (),
) -> list[Send]:
    """Everything that follows a stored change: the story (the news in the thread, the board
    at the bottom; an edit of the board when there is no public news), the results when the
    game is over, a notice per human, the DM panels gone out of date (``shown_in``: the
    message the requester's move was made from, already repainted), the final DMs, then the
    news for the table's ``watchers``. ``settings_by_user`` must hold every notified player
    (and every human, when it ends) and every watcher (``users_told``)."""
    game = outcome.game
    story: list[Send] = [
        Story(game.id, tuple(outcome.public), tuple(outcome.highlights))
        if outcome.public
        else BoardEdit(game.id)
    ]
    if game.status in ("finished", "abandoned"):
        story += [Results(game.id), Lobby(game.id)]
    sends: list[Send] = [Together(tuple(story), f"update the board of table {game.id}")]
    sends += plan_notices(game.id, outcome.notices, settings_by_user, now, follow_ons=follow_ons)
    sends.append(RefreshPanels(game.id, outcome.mover_seat, tuple(outcome.mover_news), shown_in))
    if game.status == "finished":
        sends += plan_final(game, settings_by_user, now)
    sends += plan_watchers(outcome, watchers, settings_by_user, now)
    return sends


@dataclass(frozen=True, slots=True)
class Repaint:
    """A DM panel whose controls are out of date, to repaint."""

    seat: int
    where: tuple[int, int, int]  # its DM channel, message, and the prompt version it shows
    playing: bool  # the seat still plays: its current panel (controls if it decides); else none
    mover: bool  # the seat whose move this was: its private news is shown
    edit: bool  # False: the move was made from this very panel (its answer repainted it)


def repaints(
    panels: Mapping[int, tuple[int, int, int]],
    game: GameRecord,
    acting: Iterable[int],
    *,
    mover: int | None = None,
    shown_in: int | None = None,
) -> list[Repaint]:
    """The DM panels (seat -> where) to repaint after a change: every one whose seat no longer
    decides, decides something new, is played by a bot, or whose game is over. ``acting``: the
    seats that must act now; ``shown_in``: the message the mover's move was made from."""
    acting = set(acting)
    out = []
    for seat, where in panels.items():
        record = game.seats[seat]
        playing = game.status == "running" and not record.is_bot
        if playing and seat in acting and record.prompt_version == where[2]:
            continue  # still current
        moved = seat == mover
        out.append(Repaint(seat, where, playing, moved, not (moved and where[1] == shown_in)))
    return out


def users_told(outcome: Outcome, watchers: Iterable[int] = ()) -> set[int]:
    """The players (and watchers) whose settings ``plan`` reads."""
    users = {n.user_id for n in outcome.notices} | set(watchers)
    if outcome.game.status == "finished":
        users |= {s.user_id for s in outcome.game.seats if not s.is_bot and s.user_id is not None}
    return users


def plan_reminders(
    reminders: Sequence[Reminder],
    settings_by_user: Mapping[int, UserSettings],
    now: float,
    *,
    follow_ons: Mapping[tuple[int, int], tuple[int, int]] | None = None,
) -> list[Send]:
    """Due reminders, one message per player: a player waited for at several tables gets ONE
    message listing them (``plan_digest``) instead of a reminder per table."""
    by_user: dict[int, list[tuple[GameRecord, int]]] = {}
    for reminder in reminders:
        for seat in reminder.seats:
            by_user.setdefault(reminder.game.seats[seat].user_id, []).append((reminder.game, seat))
    sends: list[Send] = []
    for user_id, waiting in by_user.items():
        if len(waiting) == 1:
            game, seat = waiting[0]
            notice = Notice(seat, user_id, True, [], game.seats[seat].dm_closed)
            sends += plan_notices(
                game.id, [notice], settings_by_user, now, reminder=True, follow_ons=follow_ons
            )
            continue
        items = [DigestItem(g, s, True, []) for g, s in waiting]
        digest = plan_digest(user_id, items, settings_by_user[user_id], now, reminder=True)
        sends.append(Together(tuple(digest), f"send user {user_id} their reminders"))
    return sends


# --- the follow-on panel --------------------------------------------------------------------------
class Decisions:
    """The DM panel each seat last decided on, and when (in memory: after a restart a turn
    that comes back simply gets a new DM)."""

    def __init__(self, kept: int = DECISIONS_KEPT) -> None:
        # (game, seat) -> (DM channel, message, when)
        self._at: LRU[tuple[int, int], tuple[int, int, float]] = LRU(kept)

    def decided(
        self, game_id: int, seat: int | None, panel: tuple[int, int] | None, now: float
    ) -> None:
        """``seat`` just made a decision at ``game_id`` on the DM ``panel`` (channel, message;
        None: somewhere else, e.g. a command). Another human deciding starts every other
        seat's wait anew."""
        if seat is None:
            return
        for other in range(MAX_SEATS):
            if other != seat:
                self._at.pop((game_id, other), None)
        if panel is None:
            self._at.pop((game_id, seat), None)
        else:
            self._at[(game_id, seat)] = (*panel, now)

    def follow_on(
        self, game_id: int, seat: int, now: float, window: float = FOLLOW_ON
    ) -> tuple[int, int] | None:
        """The DM panel (channel, message) ``seat`` decided on within ``window`` seconds."""
        at = self._at.get((game_id, seat))
        if at is None or now - at[2] > window:
            return None
        return at[0], at[1]


# --- the bots' chain ------------------------------------------------------------------------------
@dataclass(slots=True)
class Chain:
    """A chain of bot moves (after ``held``, a human move only bots answer) waiting to be shown,
    and when to show it: when a human joins those who must act (``add``), every ``every``
    seconds of a long chain, and at its end (``take``). Each of these moments is public."""

    since: float  # when it was last shown (or began)
    acting: set[int] = field(default_factory=set)  # the humans who must act, as last seen
    every: float = CHAIN_FLUSH_SECONDS
    waiting: list[Outcome] = field(default_factory=list)

    def add(self, outcome: Outcome, acting: set[int], now: float) -> Outcome | None:
        """A bot move was stored (``acting``: the humans who must act after it): the merged
        chain to show now, or None to wait."""
        self.waiting.append(outcome)
        due = bool(acting - self.acting) or now - self.since >= self.every
        self.acting = acting
        return self.take(now) if due else None

    def take(self, now: float) -> Outcome | None:
        """Everything waiting, merged into one outcome (None: nothing); the clock starts again."""
        self.since = now
        if not self.waiting:
            return None
        outcome = merge(self.waiting)
        self.waiting.clear()
        return outcome
