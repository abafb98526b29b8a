"""Issue 26 in the table service: the clock arithmetic (parsing, time running only while a seat
must act, per move and bank, warnings), the vote tally, and the consequences of time running
out (a bot sits in, a seat passes where the rules let it, else a bot; the table votes), an
away player's time standing still within the away limit, and a pause stopping every clock."""

from __future__ import annotations

import dataclasses

import pytest

from engines import Event
from storage import SeatClock
from tables import TableError
from tables.clocks import (
    DAY,
    HOUR,
    OUT,
    ClockSpec,
    handed_back,
    next_time,
    parse_clock,
    remaining,
    step,
    warn_points,
    warnings_due,
)
from tables.votes import tally, voters
from tests.toy import ToyEngine

ANN, BOB = 10, 20


# --- parsing --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, spec",
    [
        ("none", None),
        ("", None),
        (None, None),
        ("2d", ClockSpec(2 * DAY)),
        (" 12H ", ClockSpec(12 * HOUR)),
        ("1d12h", ClockSpec(36 * HOUR)),
        ("7d+1d", ClockSpec(7 * DAY, DAY)),
        ("7d + 12h", ClockSpec(7 * DAY, 12 * HOUR)),
        ("3d+0h", ClockSpec(3 * DAY, 0.0)),
    ],
)
def test_clocks_are_parsed_friendly(text, spec):
    assert parse_clock(text) == spec


@pytest.mark.parametrize("text", ["2", "2x", "d", "7d+", "+1d", "2d+1x", "soon"])
def test_a_bad_clock_is_explained(text):
    with pytest.raises(TableError, match="not a clock I understand"):
        parse_clock(text)


@pytest.mark.parametrize("text", ["30m", "91d", "7d+31d"])
def test_a_clock_out_of_range_is_refused(text):
    with pytest.raises(TableError, match="1 hour to 90 days"):
        parse_clock(text)


# --- time runs only while a seat must act ---------------------------------------------------------
PER_MOVE = ClockSpec(2 * DAY)
BANK = ClockSpec(7 * DAY, DAY)


def test_per_move_each_decision_gets_its_time_and_what_is_left_goes():
    c = SeatClock(0)
    c = step(c, PER_MOVE, acting=True, moved=False, runs=True, now=0.0)
    assert (c.left, c.since, c.decision) == (2 * DAY, 0.0, 2 * DAY)
    assert remaining(c, 5 * HOUR) == 2 * DAY - 5 * HOUR
    # another seat moved meanwhile: still acting, its time runs on
    c = step(c, PER_MOVE, acting=True, moved=False, runs=True, now=5 * HOUR)
    assert remaining(c, 5 * HOUR) == 2 * DAY - 5 * HOUR and c.since == 5 * HOUR
    # it moved and must act again: a new decision, its full time again
    c = step(c, PER_MOVE, acting=True, moved=True, runs=True, now=6 * HOUR)
    assert (c.left, c.since, c.decision) == (2 * DAY, 6 * HOUR, 2 * DAY)
    # not acting: nothing runs, nothing is left over
    c = step(c, PER_MOVE, acting=False, moved=True, runs=False, now=7 * HOUR)
    assert (c.since, c.decision) == (None, None)
    c = step(c, PER_MOVE, acting=True, moved=False, runs=True, now=9 * HOUR)
    assert (c.left, c.decision) == (2 * DAY, 2 * DAY)  # a new decision: full time


def test_an_undo_buys_no_time():
    c = step(SeatClock(0), PER_MOVE, acting=True, moved=False, runs=True, now=0.0)
    c = step(c, PER_MOVE, acting=False, moved=True, runs=False, now=DAY + HOUR)
    c = step(c, PER_MOVE, acting=True, moved=False, runs=True, now=DAY + 2 * HOUR, undone=True)
    assert (c.left, c.since) == (DAY - HOUR, DAY + 2 * HOUR)  # what it had when it moved
    b = step(SeatClock(0, 7 * DAY), BANK, acting=True, moved=False, runs=True, now=0.0)
    b = step(b, BANK, acting=False, moved=True, runs=False, now=2 * DAY)
    assert b.left == 6 * DAY
    b = step(b, BANK, acting=True, moved=False, runs=True, now=2 * DAY, undone=True)
    assert b.left == 5 * DAY  # the increment of the move taken back is given back


def test_a_bank_keeps_what_is_left_and_gains_the_increment_after_a_move():
    c = step(SeatClock(0, 7 * DAY), BANK, acting=True, moved=False, runs=True, now=0.0)
    c = step(c, BANK, acting=False, moved=True, runs=False, now=2 * DAY)
    assert (c.left, c.since) == (6 * DAY, None)  # 7 - 2 + 1
    c = step(c, BANK, acting=False, moved=False, runs=False, now=9 * DAY)  # others decide
    assert c.left == 6 * DAY
    c = step(c, BANK, acting=True, moved=False, runs=True, now=9 * DAY)
    assert (c.left, c.since, c.decision) == (6 * DAY, 9 * DAY, 6 * DAY)


def test_time_stands_still_while_it_may_not_run_and_resumes_after():
    c = step(SeatClock(0), PER_MOVE, acting=True, moved=False, runs=True, now=0.0)
    c = step(c, PER_MOVE, acting=True, moved=False, runs=False, now=HOUR)  # away, or paused
    assert (c.left, c.since) == (2 * DAY - HOUR, None)
    assert remaining(c, 10 * DAY) == 2 * DAY - HOUR  # however long
    c = step(c, PER_MOVE, acting=True, moved=False, runs=True, now=10 * DAY)
    assert remaining(c, 10 * DAY + HOUR) == 2 * DAY - 2 * HOUR
    assert c.decision == 2 * DAY  # the same decision: not a fresh time


def test_warnings_half_a_day_an_hour_and_the_end():
    assert warn_points(2 * DAY) == [DAY, HOUR]  # half of two days is a day: once
    assert warn_points(7 * DAY) == [3.5 * DAY, DAY, HOUR]
    assert warn_points(30 * 60) == [15 * 60]
    c = step(SeatClock(0), ClockSpec(4 * DAY), acting=True, moved=False, runs=True, now=0.0)
    assert next_time(c) == 2 * DAY
    assert warnings_due(c, 2 * DAY - 1) == 0 and warnings_due(c, 2 * DAY) == 1
    c = dataclasses.replace(c, warned=1)
    assert next_time(c) == 3 * DAY
    assert warnings_due(c, 4 * DAY - HOUR) == 3  # several at once: one message says it
    c = dataclasses.replace(c, warned=3)
    assert next_time(c) == 4 * DAY  # then the end
    c = step(c, ClockSpec(4 * DAY), acting=True, moved=False, runs=True, now=5 * DAY)
    assert c.left == 0.0 and c.since == 5 * DAY  # at zero it stays due: the pass sees it
    out = dataclasses.replace(c, since=None, warned=OUT)
    assert next_time(out) is None
    again = step(out, ClockSpec(4 * DAY), acting=True, moved=False, runs=True, now=6 * DAY)
    assert again.since is None  # ran out: its consequence happened once


def test_handing_back_gives_fresh_time():
    out = SeatClock(0, 0.0, None, 2 * DAY, OUT, True)
    back = handed_back(out, PER_MOVE)
    assert (back.left, back.sitting, back.warned, back.decision) == (None, False, 0, None)
    assert handed_back(out, BANK).left == DAY
    assert handed_back(dataclasses.replace(out, left=3 * DAY), BANK).left == 3 * DAY


# --- the tally ------------------------------------------------------------------------------------
def test_a_majority_of_the_seated_humans_decides_and_a_tie_is_no():
    three = {1, 2, 3}
    assert tally(three, {1: True}) is None
    assert tally(three, {1: True, 2: True}) == "passed"
    assert tally(three, {1: True, 2: False}) is None
    assert tally(three, {1: True, 2: False, 3: False}) == "failed"
    four = {1, 2, 3, 4}
    assert tally(four, {1: True, 2: True}) is None  # two of four: not a majority yet
    assert tally(four, {1: True, 2: True, 3: False, 4: False}) == "failed"  # a tie is no
    assert tally(four, {1: False, 2: False}) == "failed"  # a majority can no longer come
    assert tally(four, {1: True, 2: True, 3: True}) == "passed"
    assert tally({1}, {1: True}) == "passed"
    assert tally(three, {1: True, 9: True}) is None  # not a voter: not counted
    assert tally(three, {1: True}, final=True) == "expired"


# --- the service --------------------------------------------------------------------------------
class PassToy(ToyEngine):
    """The toy, where a seat may also pass its turn (the stones go to the next seat)."""

    name = "passtoy"

    def legal_actions(self, state, seat):
        legal = super().legal_actions(state, seat)
        return legal + ["pass"] if legal and legal[0].startswith("take") else legal

    def describe(self, state, seat, action, lang="en"):
        return "Pass" if action == "pass" else super().describe(state, seat, action, lang)

    def _apply(self, state, seat, action, events):
        if action == "pass":
            state["turn"] = (seat + 1) % state["n"]
            events.append(Event("{p%d} passes." % seat))
            return
        super()._apply(state, seat, action, events)


async def _table(service, kind="toy", clock="1d", on_timeout="bot", secrets=False):
    game = await service.lobby.open_table(
        kind, guild_id=1, channel_id=2, host_id=ANN, host_name="ann",
        options={"secrets": secrets, "pile": 20},
    )  # fmt: skip
    await service.clocks.set_clock(game.id, parse_clock(clock), on_timeout)
    await service.lobby.join(game.id, BOB, "bob")
    return (await service.lobby.start(game.id, ANN)).game


async def _time_out(service, clock, game):
    """Let the acting seat's day run out: the clock pass carries out the consequence."""
    (seat,) = service.to_act(game)
    clock.now += DAY + 1
    (news,) = [n for n in await service.clocks.due() if n.game.id == game.id]
    async for _ in service.turns.bot_turns(game.id):  # as the cog drives them
        pass
    return seat, news


async def test_time_running_out_lets_a_bot_sit_in_at_the_tables_level(open_service, clock):
    service = await open_service()
    game = await _table(service)
    seat, news = await _time_out(service, clock, game)
    assert news.sitting == [seat] and news.outcome is not None
    assert "time ran out: a bot plays their seat" in " ".join(news.outcome.public)
    game = await service.game(game.id)
    assert seat not in service.to_act(game)  # the bot already played for it
    assert seat in await service.clocks.sitters(game)
    moves = await service.store.moves(game.id)
    assert moves[-1].seat == seat
    lines = await service.clocks.events(game.id)
    assert any("time ran out; a bot played their seat" in line for line in lines)
    assert await service.clocks.due() == []  # once


async def test_skip_passes_where_the_rules_allow_else_a_bot_plays(open_service, clock):
    service = await open_service(registry={"toy": ToyEngine(), "passtoy": PassToy()})
    game = await _table(service, "passtoy", on_timeout="skip")
    seat, news = await _time_out(service, clock, game)
    assert news.sitting == []
    assert (await service.store.moves(game.id))[-1].action == "pass"
    assert "their seat passes" in " ".join(news.outcome.public)
    assert service.to_act(await service.game(game.id)) == [1 - seat]
    # the toy has no pass: a bot plays instead
    other = await _table(service, "toy", on_timeout="skip")
    seat, news = await _time_out(service, clock, other)
    assert news.sitting == [seat]


async def test_a_vote_is_offered_when_the_table_says_so(open_service, clock):
    service = await open_service()
    game = await _table(service, on_timeout="vote")
    seat, news = await _time_out(service, clock, game)
    assert news.vote is not None and news.vote.kind == "bot" and news.vote.seat == seat
    assert news.vote.opened_by is None
    other = game.seats[1 - seat].user_id
    voted = await service.votes.ballot(news.vote.id, other, True)
    assert voted.result == "passed"  # the only other human: a majority of one
    assert seat in await service.clocks.sitters(await service.game(game.id))


async def test_away_within_the_limit_stops_the_clock(open_service, clock):
    service = await open_service()
    game = await _table(service)
    (seat,) = service.to_act(game)
    user = game.seats[seat].user_id
    clock.now += HOUR
    await service.away.go_away(user, 5)
    clock.now += 4 * DAY  # far past the day: away, within the 14-day limit
    assert await service.clocks.due() == []
    c = (await service.store.seat_clocks(game.id))[seat]
    assert c.since is None and c.left == DAY - HOUR
    await service.away.come_back(user)
    c = (await service.store.seat_clocks(game.id))[seat]
    assert c.since == clock.now and c.left == DAY - HOUR


async def test_a_pause_stops_every_clock_until_resumed(open_service, clock):
    service = await open_service()
    game = await _table(service, secrets=True)  # both pick at once: two clocks run
    assert sorted(service.to_act(game)) == [0, 1]
    opened = await service.votes.open_vote(game.id, ANN, "pause")
    assert opened.result is None
    assert (await service.votes.ballot(opened.vote.id, BOB, True)).result == "passed"
    clocks = await service.store.seat_clocks(game.id)
    assert all(c.since is None for c in clocks.values())
    clock.now += 10 * DAY
    assert await service.clocks.due() == []
    with pytest.raises(TableError, match="paused already"):
        await service.votes.open_vote(game.id, BOB, "pause")
    resumed = await service.votes.open_vote(game.id, ANN, "resume")  # the host: at once
    assert resumed.vote is None and resumed.result == "passed"
    clocks = await service.store.seat_clocks(game.id)
    assert all(c.since == clock.now and c.left == DAY for c in clocks.values())


async def test_only_seated_humans_vote_and_a_bot_vote_leaves_its_player_out(open_service):
    service = await open_service()
    game = await _table(service)
    assert voters(game, "bot", 1) == {game.seats[0].user_id}
    assert voters(game, "end", None) == {ANN, BOB}
    with pytest.raises(TableError, match="Only the players seated"):
        await service.votes.open_vote(game.id, 99, "end")
    news = await service.votes.open_vote(game.id, ANN, "stop")
    with pytest.raises(TableError, match="already voting"):
        await service.votes.open_vote(game.id, BOB, "end")
    with pytest.raises(TableError, match="Only the players seated"):
        await service.votes.ballot(news.vote.id, 99, True)
    done = await service.votes.ballot(news.vote.id, BOB, True)
    assert done.result == "passed" and done.game.status == "abandoned"
    assert await service.store.results_in_guild(1) == []  # no result


@pytest.mark.parametrize("lang, vote", [("en", "/vote"), ("de", "/abstimmen"), ("es", "/votar")])
def test_every_guides_options_page_explains_clocks_and_votes(lang, vote):
    import engines
    from guides import guide

    for kind in engines.REGISTRY:
        pages = guide(kind, lang)
        text = "\n".join(page.body for page in pages)
        assert "`clock:`" in text and "`7d+1d`" in text and f"`{vote}`" in text, kind
