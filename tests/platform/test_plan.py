"""``tables.plan``: who is told what, where and when, as data; every rule without Discord.

The end-to-end tests prove the sends are delivered; these prove which sends a situation makes.
``walk`` plays a deliverer: it follows a send's fallback the way ``cogs/messenger.py`` does
when Discord refuses a DM (closed DMs) or a panel edit.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from storage import GameRecord, SeatRecord, UserSettings
from tables import Notice, Outcome, Reminder
from tables import plan as p
from tables.plan import DigestItem

ANN, BEN, CID = 10, 11, 12
DAY = datetime(2026, 3, 2, 15, tzinfo=UTC).timestamp()  # 15:00 UTC
NIGHT = datetime(2026, 3, 2, 23, tzinfo=UTC).timestamp()  # 23:00 UTC
HOUR = 3600.0


def game(
    gid: int = 1, status: str = "running", closed: tuple[int, ...] = (), bot_seat: bool = True
) -> GameRecord:
    seats = [
        SeatRecord(0, ANN, None, "ann", dm_closed=0 in closed),
        SeatRecord(1, BEN, None, "ben", dm_closed=1 in closed),
    ]
    if bot_seat:
        seats.append(SeatRecord(2, None, "easy", "Botty"))
    return GameRecord(
        gid, "toy", 1, 2, 100 + gid, None, None, ANN, {}, 0, status, 5, 5, None, 0.0, 0.0,
        24 * HOUR, None, seats=seats,
    )  # fmt: skip


def prefs(user: int = ANN, **kw) -> UserSettings:
    return UserSettings(user, **kw)


QUIET = {"quiet_start": 22, "quiet_end": 7}  # UTC: NIGHT is quiet, DAY is not


def kinds(sends) -> list[str]:
    return [type(s).__name__ for s in sends]


def walk(sends, *, dms_open: bool = True, first_closed: bool = True, edit_ok: bool = True):
    """What a deliverer ends up doing, fallbacks followed."""
    out = []
    for s in sends:
        if isinstance(s, p.Together):
            out += walk(s.sends, dms_open=dms_open, first_closed=first_closed, edit_ok=edit_ok)
        elif isinstance(s, p.DmPanel) and not dms_open:
            rest = s.if_closed_first if (s.note_closed and first_closed) else s.if_closed
            out += walk(rest, dms_open=dms_open, first_closed=first_closed)
        elif isinstance(s, p.DigestDm) and not dms_open:
            out += walk(s.if_closed, dms_open=dms_open)
        elif isinstance(s, p.FollowOnEdit) and not edit_ok:
            out += walk(s.otherwise, dms_open=dms_open, first_closed=first_closed)
        else:
            out.append(s)
    return out


def turn(seat: int = 0, user: int = ANN, **kw) -> Notice:
    return Notice(seat, user, True, **kw)


# --- the one routing rule -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("notify", "closed", "dm", "mention"),
    [
        ("dm", False, True, False),
        ("mention", False, False, True),
        ("both", False, True, True),
        ("dm", True, False, True),  # DMs closed: mentions
        ("both", True, False, True),
    ],
)
def test_route_decides_dm_mention_or_both(notify, closed, dm, mention):
    way = p.route(prefs(notify=notify), DAY, dm_closed=closed)
    assert (way.held, way.dm, way.mention) == (False, dm, mention)


def test_route_holds_in_quiet_hours_in_the_players_timezone():
    assert p.route(prefs(**QUIET), NIGHT).held
    assert not p.route(prefs(**QUIET), DAY).held
    # 23:00 UTC is 08:00 in Tokyo: quiet hours there are over
    assert not p.route(prefs(timezone="Asia/Tokyo", **QUIET), NIGHT).held
    # equal hours: no quiet hours; a span within a day
    assert not p.route(prefs(quiet_start=5, quiet_end=5), NIGHT).held
    assert p.route(prefs(quiet_start=14, quiet_end=16), DAY).held
    # held, the way the player takes news is still known (a final DM is held, not dropped)
    held = p.route(prefs(notify="mention", **QUIET), NIGHT)
    assert (held.held, held.dm, held.mention) == (True, False, True)


# --- a turn notice --------------------------------------------------------------------------------
def test_a_turn_by_dm_then_marked_notified():
    sends = p.plan_notice(1, turn(news=["n"]), prefs(), DAY)
    assert kinds(sends) == ["DmPanel", "MarkNotified"]
    dm = sends[0]
    assert (dm.seat, dm.user_id, dm.your_turn, dm.news, dm.reminder) == (
        0,
        ANN,
        True,
        ("n",),
        False,
    )
    assert sends[1] == p.MarkNotified(1, 0)


def test_private_news_alone_is_a_dm_and_marks_nothing():
    sends = p.plan_notice(1, Notice(0, ANN, False, ["secret"]), prefs(), DAY)
    assert kinds(sends) == ["DmPanel"]
    assert sends[0].private == ("secret",) and not sends[0].your_turn


def test_mention_only_mentions_on_the_turn_and_sends_no_dm():
    assert p.plan_notice(1, turn(), prefs(notify="mention"), DAY) == [
        p.Mention(1, ANN),
        p.MarkNotified(1, 0),
    ]
    # private news is not mentioned in public: it shows on My hand
    assert p.plan_notice(1, Notice(0, ANN, False, ["x"]), prefs(notify="mention"), DAY) == []


def test_both_a_dm_and_a_mention():
    sends = p.plan_notice(1, turn(), prefs(notify="both"), DAY)
    assert kinds(sends) == ["DmPanel", "Mention", "MarkNotified"]
    assert sends[0].if_closed == ()  # refused: the mention that follows anyway is enough
    assert kinds(walk(sends, dms_open=False, first_closed=False)) == ["Mention", "MarkNotified"]
    assert kinds(walk(sends, dms_open=False)) == ["ThreadNote", "Mention", "MarkNotified"]


def test_dms_closed_first_a_thread_note_then_mentions():
    sends = p.plan_notice(1, turn(), prefs(), DAY)
    # the DM is refused for the first time: one note in the thread (it says how to play)
    assert walk(sends, dms_open=False) == [p.ThreadNote(1, ANN), p.MarkNotified(1, 0)]
    # refused again (the note was given before): a mention
    assert walk(sends, dms_open=False, first_closed=False) == [
        p.Mention(1, ANN),
        p.MarkNotified(1, 0),
    ]
    # once known closed (the seat is marked), no DM is tried: a mention on the turn
    closed = p.plan_notice(1, turn(dm_closed=True), prefs(), DAY)
    assert closed == [p.Mention(1, ANN), p.MarkNotified(1, 0)]


def test_quiet_hours_hold_everything_back():
    for how in ("dm", "mention", "both"):
        sends = p.plan_notice(1, turn(news=["m"], private=["t"]), prefs(notify=how, **QUIET), NIGHT)
        assert sends == [p.Hold(ANN, 1, 0, news=("m",), private=("t",))]  # no mark: owed later
    assert kinds(p.plan_notice(1, turn(), prefs(**QUIET), DAY)) == ["DmPanel", "MarkNotified"]


def test_a_reminder_says_so_in_the_dm_and_in_the_mention():
    sends = p.plan_notice(1, turn(), prefs(notify="both"), DAY, reminder=True)
    assert sends[0].reminder and sends[1] == p.Mention(1, ANN, still=True)
    # the start-up catch-up's notice that is also the overdue reminder
    assert p.plan_notice(1, turn(reminder=True), prefs(notify="mention"), DAY)[0].still


def test_a_welcome_dm():
    sends = p.plan_notice(1, turn(), prefs(), DAY, welcome=True, follow_on=(7, 8))
    assert kinds(sends) == ["DmPanel", "MarkNotified"] and sends[0].welcome  # never an edit


# --- the follow-on panel edit ---------------------------------------------------------------------
def test_a_turn_back_moments_after_a_decision_edits_the_panel_without_a_ping():
    sends = p.plan_notice(1, turn(), prefs(notify="both"), DAY, follow_on=(7, 8))
    assert kinds(sends) == ["FollowOnEdit", "MarkNotified"]  # no mention either
    edit = sends[0]
    assert (edit.channel_id, edit.message_id, edit.panel.seat) == (7, 8, 0)
    # the edit refused (the DM was deleted): the turn notice as it would have been
    assert kinds(walk(sends, edit_ok=False)) == ["DmPanel", "Mention", "MarkNotified"]
    # not their turn, or mentions only: nothing to edit
    assert kinds(
        p.plan_notice(1, Notice(0, ANN, False, ["x"]), prefs(), DAY, follow_on=(7, 8))
    ) == ["DmPanel"]
    assert kinds(p.plan_notice(1, turn(), prefs(notify="mention"), DAY, follow_on=(7, 8))) == [
        "Mention",
        "MarkNotified",
    ]


def test_decisions_remember_the_panel_for_follow_on_seconds_and_no_other_human_between():
    d = p.Decisions()
    d.decided(1, 0, (7, 8), now=1000.0)
    assert d.follow_on(1, 0, 1000.0 + p.FOLLOW_ON) == (7, 8)
    assert d.follow_on(1, 0, 1000.0 + p.FOLLOW_ON + 1) is None  # too late: a new ping
    assert d.follow_on(1, 0, 1001.0, window=-1.0) is None
    assert d.follow_on(2, 0, 1001.0) is None  # another table
    d.decided(1, 1, None, now=1010.0)  # another human decided (by a command): a new wait
    assert d.follow_on(1, 0, 1011.0) is None
    d.decided(1, 0, (7, 9), now=1020.0)
    d.decided(1, 0, None, now=1030.0)  # then decided elsewhere: that panel is not in front
    assert d.follow_on(1, 0, 1031.0) is None
    d.decided(1, None, (7, 9), now=1040.0)  # no seat (a bot): nothing changes
    d.decided(1, 0, (7, 10), now=1050.0)
    d.decided(1, None, None, now=1051.0)
    assert d.follow_on(1, 0, 1052.0) == (7, 10)


# --- digests: quiet hours released, several tables at once ----------------------------------------
def items(*specs) -> list[DigestItem]:
    return [DigestItem(game(gid), seat, your_turn, news) for gid, seat, your_turn, news in specs]


def test_quiet_hours_released_as_one_digest_dm():
    waiting = items((1, 0, True, ["held news"]), (2, 0, False, ["more"]), (3, 0, True, []))
    sends = p.plan_digest(ANN, waiting, prefs(**QUIET), DAY, reminder=False)
    assert kinds(sends) == ["DigestDm", "MarkNotified", "MarkNotified"]
    assert len(sends[0].items) == 3 and not sends[0].reminder
    assert sends[1:] == [p.MarkNotified(1, 0), p.MarkNotified(3, 0)]
    # still quiet: held again, nothing sent
    assert p.plan_digest(ANN, waiting, prefs(**QUIET), NIGHT, reminder=False) == [p.Hold(ANN)]
    # the DM refused: a mention in each waiting table's thread
    assert walk(sends, dms_open=False) == [
        p.Mention(1, ANN),
        p.Mention(3, ANN),
        p.MarkNotified(1, 0),
        p.MarkNotified(3, 0),
    ]


def test_a_digest_for_mentions_only_and_both():
    waiting = items((1, 0, True, []), (2, 0, True, []))
    assert p.plan_digest(ANN, waiting, prefs(notify="mention"), DAY, reminder=True) == [
        p.Mention(1, ANN),
        p.MarkNotified(1, 0),
        p.Mention(2, ANN),
        p.MarkNotified(2, 0),
    ]
    both = p.plan_digest(ANN, waiting, prefs(notify="both"), DAY, reminder=True)
    assert kinds(both) == ["DigestDm", "Mention", "MarkNotified", "Mention", "MarkNotified"]
    assert both[0].if_closed == ()


def test_reminders_one_message_per_player():
    g1, g2, g3 = game(1), game(2), game(3)
    reminders = [Reminder(g1, [0, 1]), Reminder(g2, [0]), Reminder(g3, [0])]
    settings = {ANN: prefs(), BEN: prefs(BEN, notify="mention")}
    sends = p.plan_reminders(reminders, settings, DAY)
    assert kinds(sends) == ["Together", "Together"]
    ann, ben = (walk([s]) for s in sends)
    assert kinds(ann) == ["DigestDm", "MarkNotified", "MarkNotified", "MarkNotified"]
    assert ann[0].reminder and [i.game.id for i in ann[0].items] == [1, 2, 3]
    assert ben == [p.Mention(1, BEN, still=True), p.MarkNotified(1, 1)]  # one table: a notice
    # a lone reminder by DM is a turn DM marked as the reminder
    (one,) = p.plan_reminders([Reminder(g1, [0])], settings, DAY)
    assert kinds(walk([one])) == ["DmPanel", "MarkNotified"] and walk([one])[0].reminder


def test_away_players_are_not_reminded_and_each_at_their_own_interval():
    day = 24 * HOUR
    here, away = prefs(), prefs(away_until=DAY + day)
    assert p.reminder_due(here, DAY, day, period=day, elapsed=day)
    assert not p.reminder_due(away, DAY, day, period=day, elapsed=day)
    assert p.reminder_due(away, DAY + day + 1, day, period=day, elapsed=day)  # back again
    # a 72 h player at a table that reminds every 24 h: every third time only
    slow = prefs(remind_hours=72)
    due = [p.reminder_due(slow, DAY, day, day, k * day) for k in range(1, 7)]
    assert due == [False, False, True, False, False, True]
    assert p.interval(slow, day) == 72 * HOUR and p.interval(here, day) == day


# --- the whole outcome ----------------------------------------------------------------------------
def test_a_move_story_notices_panels():
    g = game()
    outcome = Outcome(
        g,
        public=["ann plays"],
        highlights=[],
        notices=[turn(1, BEN), Notice(0, ANN, False, ["private"])],
        mover_seat=0,
        mover_news=["m"],
    )
    settings = {ANN: prefs(), BEN: prefs(BEN, notify="mention")}
    assert p.users_told(outcome) == {ANN, BEN}
    sends = p.plan(outcome, settings, DAY, shown_in=555)
    assert kinds(sends) == ["Together", "Together", "Together", "RefreshPanels"]
    assert sends[0].sends == (p.Story(1, ("ann plays",), ()),)
    assert walk([sends[1]]) == [p.Mention(1, BEN), p.MarkNotified(1, 1)]
    assert kinds(walk([sends[2]])) == ["DmPanel"]
    assert sends[3] == p.RefreshPanels(1, 0, ("m",), 555)
    # a secret decision: the board is edited in place, no story
    quiet = p.plan(Outcome(g), {}, DAY)
    assert quiet[0].sends == (p.BoardEdit(1),) and kinds(quiet) == ["Together", "RefreshPanels"]


def test_the_end_results_lobby_and_final_dms():
    over = game(status="finished", closed=(1,))
    settings = {ANN: prefs(), BEN: prefs(BEN)}
    outcome = Outcome(over, public=["the end"])
    assert p.users_told(outcome) == {ANN, BEN}  # every human, not the bot
    sends = p.plan(outcome, settings, DAY)
    assert kinds(sends[0].sends) == ["Story", "Results", "Lobby"]
    # ben's DMs are closed: the thread has his scores; the bot gets nothing
    assert walk(sends[2:]) == [p.FinalDm(1, 0, ANN)]
    # quiet hours: held back; mentions only: the thread is enough
    assert walk(p.plan_final(over, {ANN: prefs(**QUIET), BEN: prefs(BEN)}, NIGHT)) == [
        p.Hold(ANN, 1, 0, final=True)
    ]
    mentions = {ANN: prefs(notify="mention"), BEN: prefs(BEN, notify="mention")}
    assert p.plan_final(game(status="finished"), mentions, DAY) == []
    # abandoned: results and lobby, no final DMs
    gone = p.plan(Outcome(game(status="abandoned")), settings, DAY)
    assert kinds(gone[0].sends) == ["BoardEdit", "Results", "Lobby"] and len(gone) == 2


# --- the bots' chain ------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self, step: float = 0.0) -> float:
        self.now += step
        return self.now


def bot_move(i: int, **kw) -> Outcome:
    return Outcome(game(), public=[f"bot move {i}"], **kw)


def test_a_bot_only_stretch_is_shown_every_flush_seconds():
    clock = Clock()
    chain = p.Chain(clock(), acting=set())
    shown = []
    for i in range(25):  # a bot move every 1.5 s, no human to act
        out = chain.add(bot_move(i), set(), clock(1.5))
        if out is not None:
            shown.append((clock.now, out.public))
    assert [at for at, _ in shown] == [10.5, 21.0, 31.5]
    assert shown[0][1] == [f"bot move {i}" for i in range(7)]
    last = chain.take(clock())
    assert last.public == [f"bot move {i}" for i in range(21, 25)]
    assert chain.take(clock()) is None  # nothing left


def test_the_chain_is_shown_when_a_human_must_act_and_a_held_move_leads_it():
    clock = Clock()
    human = Outcome(game(), public=["ann plays"], mover_seat=0)
    chain = p.Chain(clock(), acting=set(), waiting=[human])
    assert chain.add(bot_move(1), set(), clock(1.5)) is None
    out = chain.add(bot_move(2), {0}, clock(1.5))  # ann must act again: shown at once
    assert out.public == ["ann plays", "bot move 1", "bot move 2"]
    # a human still acting is no news: bots moving beside them wait for the flush
    assert chain.add(bot_move(3), {0}, clock(1.5)) is None
    assert chain.add(bot_move(4), {0, 1}, clock(1.5)).public == ["bot move 3", "bot move 4"]
    # the flush interval counts from the last showing
    assert chain.add(bot_move(5), {0, 1}, clock(9.9)) is None
    assert chain.add(bot_move(6), {0, 1}, clock(0.1)) is not None


def test_the_flush_interval_is_a_parameter():
    clock = Clock()
    chain = p.Chain(clock(), every=0.0)  # every move shown as made
    assert all(chain.add(bot_move(i), set(), clock(1.0)) is not None for i in range(3))


# --- DM panels gone out of date -------------------------------------------------------------------
def test_repaints_only_the_panels_out_of_date():
    g = game()
    g.seats[0].prompt_version = g.seats[1].prompt_version = 5
    panels = {0: (70, 700, 5), 1: (71, 710, 4)}  # ann's is current; ben's shows an old decision
    assert p.repaints(panels, g, [0, 1]) == [p.Repaint(1, (71, 710, 4), True, False, True)]
    # ann no longer decides: hers goes too (with her private news: she moved), unless her
    # move was made from it (its click answer repainted it)
    assert p.repaints(panels, g, [1], mover=0, shown_in=700) == [
        p.Repaint(0, (70, 700, 5), True, True, False),
        p.Repaint(1, (71, 710, 4), True, False, True),
    ]
    assert p.repaints(panels, g, [1], mover=0, shown_in=999)[0].edit
    # the game is over, or a bot plays the seat now: no controls left
    over = game(status="finished")
    assert [r.playing for r in p.repaints(panels, over, [])] == [False, False]
    g.seats[1] = SeatRecord(1, BEN, "easy", "ben", prompt_version=4)
    assert p.repaints({1: (71, 710, 4)}, g, [1]) == [p.Repaint(1, (71, 710, 4), False, False, True)]


def test_the_final_scores_in_the_thread_ping_only_who_gets_no_final_dm():
    over = game(status="finished", closed=(1,))
    assert p.not_told_by_dm(over, {ANN: prefs(), BEN: prefs(BEN)}) == [BEN]  # DMs closed
    assert p.not_told_by_dm(game(status="finished"), {ANN: prefs(), BEN: prefs(BEN)}) == []
    mentions = {ANN: prefs(notify="mention"), BEN: prefs(BEN, notify="both")}
    assert p.not_told_by_dm(game(status="finished"), mentions) == [ANN]
    # the thread's pings and the final DMs cover every human, once
    told = {s.user_id for s in p.plan_final(game(status="finished"), mentions, DAY)[0].sends}
    assert told | set(p.not_told_by_dm(game(status="finished"), mentions)) == {ANN, BEN}
