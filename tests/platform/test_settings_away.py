"""Issue 15 in the table service: each player's settings (stored, checked, kept across a
restart), quiet hours, per-player reminder intervals, away (reminders paused, a bot sitting in
and handing back), and the away limit for /replace."""

from __future__ import annotations

import pytest

from storage import UserSettings
from tables import TableError
from tables.away import DAY
from tables.reminders import in_quiet_hours, timezones

ANN, BOB, CAT = 10, 20, 30
HOUR = 3600.0
# 2026-11-30 00:00 UTC: a known midnight, so quiet hours read plainly.
MIDNIGHT = 1795996800.0


async def _two_humans(service, *, bots: int = 0, secrets: bool = False):
    game = await service.lobby.open_table(
        "toy",
        guild_id=1,
        channel_id=2,
        host_id=ANN,
        host_name="ann",
        options={"secrets": secrets, "pile": 20},
    )
    await service.lobby.join(game.id, BOB, "bob")
    for _ in range(bots):
        await service.lobby.add_bot(game.id, ANN)
    return (await service.lobby.start(game.id, ANN)).game


async def _play_humans_to(service, game_id: int, user_id: int):
    """Human moves (the smallest take) until ``user_id`` must act."""
    for _ in range(50):
        game = await service.game(game_id)
        acting = service.to_act(game)
        if game.seat_of(user_id) in acting:
            return game
        seat = acting[0]
        await service.turns.move(game_id, game.seats[seat].user_id, "take:1")
    raise AssertionError("never their turn")


async def test_settings_are_checked_and_survive_a_restart(open_service, clock):
    service = await open_service("s.db")
    assert await service.players.settings(ANN) == UserSettings(ANN)  # defaults, nothing stored
    prefs = await service.players.change(
        ANN, notify="both", remind_hours=6, timezone="Europe/Berlin", quiet_start=22, quiet_end=7
    )
    assert (prefs.notify, prefs.remind_hours, prefs.timezone) == ("both", 6, "Europe/Berlin")
    for bad, match in [
        ({"notify": "pigeon"}, "dm, mention, both"),
        ({"remind_hours": 0}, "1 to 72"),
        ({"remind_hours": 73}, "1 to 72"),
        ({"timezone": "Mars/Olympus"}, "not a timezone"),
        ({"timezone": "localtime"}, "not a timezone"),  # the host's zone, not a player's
        ({"timezone": "Factory"}, "not a timezone"),
        ({"quiet_start": 24}, "0 to 23"),
    ]:
        with pytest.raises(TableError, match=match):
            await service.players.change(ANN, **bad)
    with pytest.raises(TableError, match="both ends"):
        await service.players.change(BOB, quiet_start=22)
    assert await service.players.settings(ANN) == prefs  # a refused change changed nothing
    await service.store.close()

    again = await open_service("s.db")  # a restart: a new store on the same file
    assert await again.players.settings(ANN) == prefs
    off = await again.players.change(ANN, quiet_off=True)
    assert (off.quiet_start, off.quiet_end, off.notify) == (None, None, "both")
    assert "Europe/Berlin" in timezones() and len(timezones()) > 300


def test_quiet_hours_in_the_players_timezone():
    berlin = UserSettings(ANN, timezone="Europe/Berlin", quiet_start=22, quiet_end=7)
    # Midnight UTC is 01:00 in Berlin (winter): quiet. 06:00 UTC is 07:00 there: over.
    assert in_quiet_hours(berlin, MIDNIGHT)
    assert not in_quiet_hours(berlin, MIDNIGHT + 6 * HOUR)
    assert in_quiet_hours(berlin, MIDNIGHT + 5 * HOUR)
    assert not in_quiet_hours(berlin, MIDNIGHT + 12 * HOUR)
    assert in_quiet_hours(berlin, MIDNIGHT + 21 * HOUR)  # 22:00 in Berlin
    day = UserSettings(ANN, timezone="UTC", quiet_start=9, quiet_end=17)
    assert in_quiet_hours(day, MIDNIGHT + 9 * HOUR)
    assert not in_quiet_hours(day, MIDNIGHT + 17 * HOUR)
    assert not in_quiet_hours(UserSettings(ANN, quiet_start=5, quiet_end=5), MIDNIGHT + 5 * HOUR)
    assert not in_quiet_hours(UserSettings(ANN), MIDNIGHT)


async def test_each_player_is_reminded_at_their_own_interval(service, clock):
    await service.players.change(BOB, remind_hours=3)
    game = await _two_humans(service)
    game = await _play_humans_to(service, game.id, BOB)
    assert game.deadline_at == pytest.approx(clock.now + 3 * HOUR)  # BOB's, not the table's 1 h
    clock.now += 3 * HOUR + 1
    (due,) = await service.reminders.due_reminders()
    assert [due.game.seats[s].user_id for s in due.seats] == [BOB]
    assert await service.reminders.due_reminders() == []


async def test_away_pauses_reminders_and_restarts_the_clock_on_return(service, clock):
    game = await _two_humans(service)
    game = await _play_humans_to(service, game.id, BOB)
    outcomes = await service.away.go_away(BOB, 3)
    assert [o.game.id for o in outcomes] == [game.id]
    assert "bob is away until <t:" in outcomes[0].public[0]
    assert await service.away.away_lines(outcomes[0].game) == [
        f"<@{BOB}> until <t:{int(clock.now + 3 * DAY)}:f>"
    ]
    for _ in range(3):  # 60 hours: the table re-arms, but BOB is not reminded
        clock.now += 20 * HOUR
        assert await service.reminders.due_reminders() == []
    outcomes = await service.away.go_away(BOB, 0)
    (outcome,) = outcomes
    assert "bob is back." in outcome.public
    (notice,) = [n for n in outcome.notices if n.user_id == BOB]
    assert notice.your_turn  # told again that it is their turn
    assert outcome.game.deadline_at == pytest.approx(clock.now + HOUR)  # a fresh period
    assert await service.away.away_lines(outcome.game) == []
    with pytest.raises(TableError, match="not away"):
        await service.away.go_away(BOB, 0)
    with pytest.raises(TableError, match="1 to 90 days"):
        await service.away.go_away(BOB, 91)


async def test_a_bot_sits_in_while_away_and_hands_the_seat_back(service, clock):
    game = await _two_humans(service)
    game = await _play_humans_to(service, game.id, BOB)
    before = game.move_count
    (outcome,) = await service.away.go_away(BOB, 2, bot_sit=True)
    # The sitter played BOB's turn at once; now ANN must act, and BOB's seat is still BOB's.
    assert outcome.game.move_count == before + 1
    assert service.to_act(outcome.game) == [outcome.game.seat_of(ANN)]
    assert outcome.game.seats[outcome.game.seat_of(BOB)].user_id == BOB
    assert "a bot plays their seat meanwhile" in outcome.public[0]
    assert (await service.away.away_lines(outcome.game))[0].endswith("a bot plays for them")
    # ANN moves: the sitter answers in the same request, stored in the same batch.
    played = await service.turns.move(game.id, ANN, "take:1")
    assert played.game.status == "running"
    assert service.to_act(played.game) == [played.game.seat_of(ANN)]
    log = await service.store.moves(game.id)
    assert log[-1].seat == played.game.seat_of(BOB) and log[-1].at == log[-2].at
    assert not any(n.user_id == BOB and n.your_turn for n in played.notices)
    # Time runs out: the seat is handed back, and BOB is told it is his turn when it is.
    clock.now += 2 * DAY + 1
    (back,) = await service.away.returns_due()
    assert await service.away.returns_due() == []  # once only
    assert "bob is back and plays their own seat again." in back.public
    moved = await service.turns.move(game.id, ANN, "take:1")
    assert moved.game.status == "running"
    assert service.to_act(moved.game) == [moved.game.seat_of(BOB)]  # no bot plays it now
    assert any(n.user_id == BOB and n.your_turn for n in moved.notices)
    assert await service.history.replay(game.id) == (await service.game(game.id)).state


async def test_replace_only_after_the_tables_away_limit(service, clock):
    game = await _two_humans(service)
    await service.away.set_away_limit(game.id, 5)
    with pytest.raises(TableError, match="1 to 90"):
        await service.away.set_away_limit(game.id, 0)
    await service.away.go_away(BOB, 30)
    with pytest.raises(TableError, match="bob is away until .* 5 days"):
        await service.turns.replace_with_bot(game.id, BOB, by_user=ANN)
    with pytest.raises(TableError, match="Only the host"):
        await service.turns.replace_with_bot(game.id, ANN, by_user=BOB)
    clock.now += 4 * DAY
    await service.away.go_away(BOB, 30)  # extending keeps the day the away began
    with pytest.raises(TableError, match="away until"):
        await service.turns.replace_with_bot(game.id, BOB, by_user=ANN)
    clock.now += DAY + 1
    outcome = await service.turns.replace_with_bot(game.id, BOB, by_user=ANN)
    assert outcome.game.seats[1].is_bot and "was replaced" in outcome.public[0]


async def test_default_away_limit_is_fourteen_days(service, clock):
    game = await _two_humans(service)
    await service.away.go_away(BOB, 20)
    clock.now += 13 * DAY
    with pytest.raises(TableError, match="14 days"):
        await service.turns.replace_with_bot(game.id, BOB, by_user=ANN)
    clock.now += DAY + 1
    assert (await service.turns.replace_with_bot(game.id, BOB, by_user=ANN)).game.seats[1].is_bot


async def test_quiet_hours_hold_back_and_digest_once(service, clock):
    clock.now = MIDNIGHT + 23 * HOUR  # 23:00 UTC
    await service.players.change(BOB, quiet_start=22, quiet_end=7)
    prefs = await service.players.settings(BOB)
    assert service.players.quiet_now(prefs)
    game = await _two_humans(service)
    await service.players.hold(prefs, game.id, ["You drew the Ace."])
    await service.players.hold(prefs, game.id, ["You drew the King."])
    assert await service.reminders.due_digests() == []  # still quiet
    clock.now = MIDNIGHT + 31 * HOUR  # 07:00 UTC the next day
    (digest,) = await service.reminders.due_digests()
    (item,) = digest.items
    assert digest.user_id == BOB and item.game.id == game.id
    assert item.news == ["You drew the Ace.", "You drew the King."]
    assert item.your_turn == (game.seat_of(BOB) in service.to_act(game))
    assert await service.reminders.due_digests() == []  # claimed: sent once


async def test_a_table_waiting_for_two_reminds_each_at_their_own_interval(service, clock):
    await service.players.change(BOB, remind_hours=3)
    game = await _two_humans(service, secrets=True)  # both pick a secret number at once
    assert sorted(service.to_act(game)) == [0, 1]
    assert game.deadline_at == pytest.approx(clock.now + HOUR)  # the shorter: the table's 1 h
    reminded = []
    for _ in range(6):
        clock.now += HOUR + 1
        due = await service.reminders.due_reminders()
        reminded.append(sorted(due[0].game.seats[s].user_id for s in due[0].seats) if due else [])
    assert reminded == [[ANN], [ANN], [ANN, BOB], [ANN], [ANN], [ANN, BOB]]


@pytest.mark.parametrize("overdue", [False, True], ids=["turn", "reminder"])
async def test_after_downtime_across_quiet_hours_one_message(service, clock, overdue):
    """The bot was down when BOB's quiet hours ended, with his turn notice held back: on
    start-up he gets the digest (his turn in it), not the turn DM as well; an overdue reminder
    is folded in too (its deadline re-armed, so the reminder pass sends nothing after it)."""
    clock.now = MIDNIGHT + 23 * HOUR
    await service.players.change(BOB, quiet_start=22, quiet_end=7)
    game = await _two_humans(service)
    game = await _play_humans_to(service, game.id, BOB)
    prefs = await service.players.settings(BOB)
    await service.players.hold(prefs, game.id, [])  # the turn DM held: seat not notified
    clock.now = MIDNIGHT + 31 * HOUR + (2 * DAY if overdue else 0)  # back after 07:00
    missed = await service.notices.catch_up()
    assert [n.user_id for _, n in missed if n.user_id == BOB] == []
    (digest,) = await service.reminders.due_digests()
    assert digest.user_id == BOB and [i.your_turn for i in digest.items] == [True]
    assert [r for r in await service.reminders.due_reminders() if r.game.id == game.id] == []
