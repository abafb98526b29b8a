"""Play again, watch, find my tables (issue 26) below Discord: the watchers' plan (pure), the
rematch's seating, and the lists of tables with how long each waits, on the table service."""

from __future__ import annotations

from engines.words import Msg
from storage import SeatRecord
from tables import Notice, Outcome
from tables import plan as p
from tables.lists import due_since
from tables.rematch import ordered, rotated
from tables.words import m
from tests.platform.test_plan import ANN, BEN, CID, DAY, NIGHT, QUIET, game, kinds, prefs

DAN = 13
NEWS = Msg("toy.took", seat=0, n=2)
SECRET = Msg("toy.secret_is", n=2)


def moved(status: str = "running", public=(NEWS,), private=(SECRET,)) -> Outcome:
    """ann took stones (public); ben was told a secret (private)."""
    return Outcome(
        game(status=status),
        public=["ann took 2"] if public else [],
        public_news=[(message, False) for message in public],
        notices=[Notice(1, BEN, True, ["ben's secret"], news=list(private))],
    )


def settings(*users, **kw):
    return {u: prefs(u, **kw) for u in (ANN, BEN, *users)}


# --- the watchers' plan ---------------------------------------------------------------------------
def test_a_watcher_gets_the_public_news_by_dm_and_never_a_private_line():
    outcome = moved()
    sends = p.plan(outcome, settings(CID), DAY, watchers=[CID])
    (watch,) = [s for s in sends if isinstance(s, p.Together) and "watcher" in s.about]
    (dm,) = watch.sends
    assert dm == p.WatchDm(1, CID, (NEWS,))
    assert SECRET not in dm.news and not any(isinstance(s, p.WatchMention) for s in sends)
    assert p.users_told(outcome, [CID]) == {BEN, CID}


def test_watchers_by_mention_share_one_thread_message_and_both_get_both():
    sends = p.plan_watchers(
        moved(),
        [CID, DAN],
        {CID: prefs(CID, notify="mention"), DAN: prefs(DAN, notify="both")},
        DAY,
    )
    flat = [s for t in sends for s in t.sends]
    assert flat == [p.WatchDm(1, DAN, (NEWS,)), p.WatchMention(1, (CID, DAN))]


def test_a_watcher_in_quiet_hours_is_held_back_for_the_digest():
    sends = p.plan_watchers(moved(), [CID], {CID: prefs(CID, **QUIET)}, NIGHT)
    assert sends == [p.Hold(CID, 1, news=(NEWS,))]
    assert p.plan_watchers(moved(), [CID], {CID: prefs(CID, **QUIET)}, DAY) != sends


def test_a_seated_watcher_gets_nothing_twice_and_no_news_tells_nobody():
    # ben plays there (his own notice tells him); a second row for cid counts once
    sends = p.plan_watchers(moved(), [BEN, CID, CID], settings(CID), DAY)
    assert [s.sends[0].user_id for s in sends] == [CID]
    quiet = moved(public=())  # a secret decision: nothing public, nothing to watch
    assert p.plan_watchers(quiet, [CID], settings(CID), DAY) == []


def test_the_end_of_the_game_is_told_with_its_news():
    over = p.plan_watchers(moved("finished"), [CID], settings(CID), DAY)
    assert over[0].sends[0].news == (NEWS, m("watch.over", id=1))
    gone = p.plan_watchers(Outcome(game(status="abandoned")), [CID], settings(CID), DAY)
    assert gone[0].sends[0].news == (m("watch.abandoned", id=1),)
    assert kinds(p.plan(moved(), settings(), DAY)) == kinds(
        p.plan(moved(), settings(CID), DAY, watchers=[])
    )


# --- the rematch's seating ------------------------------------------------------------------------
def seats(*specs) -> list[SeatRecord]:
    return [
        SeatRecord(i, None, spec[4:], f"{spec} (bot)")
        if isinstance(spec, str)
        else SeatRecord(i, spec, None, f"u{spec}")
        for i, spec in enumerate(specs)
    ]


def test_the_seats_move_one_place_on_and_a_resigned_seat_leaves():
    old = seats(ANN, BEN, "bot-hard", CID)
    assert rotated(old) == [
        {"user": BEN, "name": f"u{BEN}"},
        {"bot": "hard", "name": "bot-hard (bot)"},
        {"user": CID, "name": f"u{CID}"},
        {"user": ANN, "name": f"u{ANN}"},
    ]
    old[2] = SeatRecord(2, None, "normal", "ben (resigned)", resigned=True)
    assert [p.get("user") for p in rotated(old)] == [BEN, CID, ANN]


def test_seats_taken_in_any_order_sit_where_the_rotation_put_them():
    seating = rotated(seats(ANN, BEN, "bot-easy", CID))  # ben, bot, cid, ann
    came = [
        SeatRecord(0, CID, None, "cid"),
        SeatRecord(1, None, "easy", "bot-easy (bot)"),
        SeatRecord(2, DAN, None, "dan"),  # not invited: after the planned ones
        SeatRecord(3, ANN, None, "ann"),
        SeatRecord(4, BEN, None, "ben"),
    ]
    assert [s.name for s in ordered(seating, came)] == [
        "ben",
        "bot-easy (bot)",
        "cid",
        "ann",
        "dan",
    ]
    assert ordered(None, came) == came


def test_due_since_is_when_the_longest_waiting_decision_began():
    g = game()
    g.updated_at = 500.0
    g.seats[0].prompt_at = 100.0
    assert due_since(g, [0, 1]) == 100.0  # ben's began before it was stored: the last change
    assert due_since(g, [1]) == 500.0 and due_since(g, []) is None


# --- on the table service -------------------------------------------------------------------------
async def _finished(service, *, host=ANN, guest=BEN):
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=host, host_name="ann", options={"pile": 3}
    )
    await service.lobby.join(game.id, guest, "ben")
    await service.lobby.add_bot(game.id, host, "hard")
    outcome = await service.lobby.start(game.id, host, bots=False)
    while outcome.game.status == "running":
        seat = service.to_act(outcome.game)[0]
        record = outcome.game.seats[seat]
        if record.is_bot:
            outcome = await service.turns.bot_turn(game.id)
        else:
            action = service.choices(outcome.game, seat)[0][0]
            outcome = await service.turns.move(game.id, record.user_id, action)
    return outcome.game


async def test_one_rematch_rotated_and_joined_in_any_order(open_service):
    service = await open_service(seed_source=lambda: 7)
    old = await _finished(service)
    assert old.status == "finished"
    new, created = await service.rematch.rematch(old.id, BEN, "ben", guild_id=1)
    assert created and new.status == "lobby" and new.host_id == BEN
    assert new.options == old.options and new.kind == "toy" and new.channel_id == 2
    # ben (seat 1) is first now, the bot second, ann (seat 0) last: she is invited
    assert [(s.user_id, s.bot) for s in new.seats] == [(BEN, None), (None, "hard")]
    assert await service.rematch.invited(new) == [ANN]
    again, created = await service.rematch.rematch(old.id, ANN, "ann", guild_id=1)
    assert not created and again.id == new.id
    joined = await service.lobby.join(new.id, ANN, "ann", guild_id=1)
    assert [s.user_id for s in joined.seats] == [BEN, None, ANN]
    assert await service.rematch.invited(joined) == []
    with_cid = await service.lobby.join(new.id, CID, "cid", guild_id=1)
    assert [s.user_id for s in with_cid.seats] == [BEN, None, ANN, CID]


async def test_a_rematch_only_when_over_by_a_player_and_in_its_server(open_service):
    import pytest

    from tables import TableError

    service = await open_service(seed_source=lambda: 7)
    old = await _finished(service)
    running = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    for game_id, user, guild, error in (
        (running.id, ANN, 1, "once the game is over"),
        (old.id, CID, 1, "Only the players"),
        (old.id, ANN, 99, "no table"),
    ):
        with pytest.raises(TableError, match=error):
            await service.rematch.rematch(game_id, user, "x", guild_id=guild)
    assert await service.rematch.rematch_of(old.id) is None  # nothing was opened


async def test_my_tables_my_turn_first_and_a_servers_tables(open_service, clock):
    service = await open_service(clock=clock)
    tables = []
    for host in (ANN, BEN):
        game = await service.lobby.open_table(
            "toy", guild_id=1, channel_id=2, host_id=host, host_name="h"
        )
        await service.lobby.join(game.id, CID, "cid")
        clock.now += 60
        tables.append((await service.lobby.start(game.id, host, bots=False)).game)
    lobby = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=CID, host_name="c"
    )
    elsewhere = await service.lobby.open_table(
        "toy", guild_id=5, channel_id=6, host_id=ANN, host_name="a"
    )
    clock.now += 3600
    mine = await service.lists.mine(CID)
    # both tables wait for every secret at once (cid's too), the older one first
    assert [(r.game.id, r.your_turn) for r in mine] == [
        (tables[0].id, True),
        (tables[1].id, True),
        (lobby.id, False),
    ]
    assert mine[0].since == tables[0].seats[1].prompt_at == tables[0].updated_at
    here = await service.lists.server(1)
    assert [r.game.id for r in here] == [t.id for t in tables]
    assert here[0].waiting == (0, 1) and elsewhere.id not in [r.game.id for r in here]


async def test_news_held_for_a_watcher_comes_in_the_digest(open_service, clock):
    """A watcher's news held back in their quiet hours comes with the one message that ends
    them: an item of the table they watch, with no seat and no turn."""
    service = await open_service(clock=clock)
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    await service.lobby.join(game.id, BEN, "ben")
    await service.lobby.start(game.id, ANN, bots=False)
    await service.watching.watch(game.id, CID, guild_id=1)
    assert [g.id for g in await service.watching.watched(CID)] == [game.id]
    await service.players.hold(prefs(CID), game.id, ["ann took 2"])
    (digest,) = await service.reminders.due_digests()
    (item,) = digest.items
    assert (digest.user_id, item.game.id, item.seat, item.your_turn, item.news) == (
        CID,
        game.id,
        None,
        False,
        ["ann took 2"],
    )
