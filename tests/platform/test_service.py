"""The table service: lobby, turn flow, tokens, bots, notices, reminders."""

from __future__ import annotations

import asyncio

import pytest

from engines import GameError, IllegalAction
from storage import Store
from tables import StaleClick, TableError, TableService
from tests.toy import TOY

ANN, BOB, CAT = 10, 20, 30


async def _two_humans(service):
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    await service.lobby.join(game.id, BOB, "bob")
    return await service.lobby.start(game.id, ANN)


async def test_lobby_rules(service):
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    with pytest.raises(TableError, match="at least 2"):
        await service.lobby.start(game.id, ANN)
    with pytest.raises(TableError, match="already seated"):
        await service.lobby.join(game.id, ANN, "ann")
    await service.lobby.join(game.id, BOB, "bob")
    with pytest.raises(TableError, match="Only the host"):
        await service.lobby.start(game.id, BOB)
    with pytest.raises(TableError, match="Only the host"):
        await service.lobby.add_bot(game.id, BOB)
    with pytest.raises(TableError, match="host"):
        await service.lobby.leave(game.id, ANN)
    await service.lobby.add_bot(game.id, ANN)
    game = await service.lobby.add_bot(game.id, ANN)
    assert [s.name for s in game.seats] == ["ann", "bob", "Botty (bot)", "Clank (bot)"]
    with pytest.raises(TableError, match="full"):
        await service.lobby.join(game.id, CAT, "cat")
    game = await service.lobby.remove_bot(game.id, ANN)
    game = await service.lobby.leave(game.id, BOB)
    assert [s.name for s in game.seats] == ["ann", "Botty (bot)"]
    assert [s.seat for s in game.seats] == [0, 1]
    with pytest.raises(GameError, match="no option"):
        await service.lobby.open_table(
            "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="a", options={"nope": 1}
        )
    with pytest.raises(TableError, match="no game"):
        await service.lobby.open_table(
            "chess", guild_id=1, channel_id=2, host_id=ANN, host_name="a"
        )
    game = await service.lobby.cancel(game.id, ANN)
    assert game.status == "abandoned"
    with pytest.raises(TableError, match="closed"):
        await service.lobby.join(game.id, CAT, "cat")


async def test_simultaneous_decisions_notify_each_human_once_and_keep_tokens(service):
    outcome = await _two_humans(service)
    game = outcome.game
    assert game.status == "running"
    assert sorted(n.user_id for n in outcome.notices if n.your_turn) == [ANN, BOB]
    token_bob = game.seats[1].prompt_version
    outcome = await service.turns.move(game.id, ANN, "secret:2", token=game.seats[0].prompt_version)
    assert outcome.mover_private == ["You picked 2."]
    assert outcome.public == ["ann picked a secret number."]
    assert all("2" not in line for line in outcome.public)
    # Bob is still deciding the same thing: no new DM, and his old button still works.
    assert not any(n.user_id == BOB and n.your_turn for n in outcome.notices)
    outcome = await service.turns.move(game.id, BOB, "secret:1", token=token_bob)
    assert outcome.game.version == game.version + 2


async def test_double_click_and_stale_click_change_nothing(service):
    game = (await _two_humans(service)).game
    await service.turns.move(game.id, ANN, "secret:1")
    outcome = await service.turns.move(game.id, BOB, "secret:1")
    game = outcome.game
    first = service.to_act(game)[0]
    user = game.seats[first].user_id
    token = game.seats[first].prompt_version
    results = await asyncio.gather(
        service.turns.move(game.id, user, "take:1", token=token),
        service.turns.move(game.id, user, "take:1", token=token),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, TableError) for r in results)
    stored = await service.game(game.id)
    assert stored.move_count == game.move_count + 1
    other = stored.seats[1 - first].user_id
    with pytest.raises(StaleClick, match="belongs to an older board; nothing was changed"):
        await service.turns.move(game.id, other, "take:1", token=token - 1)
    with pytest.raises(TableError, match="not your turn"):
        await service.turns.move(game.id, user, "take:1")
    with pytest.raises(TableError, match="not playing"):
        await service.turns.move(game.id, CAT, "take:1")
    with pytest.raises(IllegalAction, match="not a legal"):
        await service.turns.move(game.id, other, "take:9")
    assert (await service.game(game.id)).version == stored.version


async def test_bots_play_until_a_human_must_act_and_the_game_finishes(service):
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    await service.lobby.add_bot(game.id, ANN)
    await service.lobby.add_bot(game.id, ANN)
    outcome = await service.lobby.start(game.id, ANN)
    assert service.to_act(outcome.game) == [0]
    assert [(n.user_id, n.your_turn) for n in outcome.notices] == [(ANN, True)]
    while outcome.game.status == "running":
        assert service.to_act(outcome.game) == [0]
        outcome = await service.turns.move(game.id, ANN, service.choices(outcome.game, 0)[0][0])
    assert outcome.finished and outcome.game.deadline_at is None
    assert await service.history.replay(game.id) == outcome.game.state


async def test_every_human_gets_their_hand_when_the_game_starts(service):
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    await service.lobby.join(game.id, BOB, "bob")
    game = (await service.lobby.start(game.id, ANN)).game
    await service.turns.move(game.id, ANN, "secret:1")
    outcome = await service.turns.move(game.id, BOB, "secret:2")
    first = service.to_act(outcome.game)[0]
    # later on, only the one who must act is told (the mover, bob, got his answer already)
    assert [n.seat for n in outcome.notices] == ([] if first == 1 else [first])
    game = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann", options={"secrets": False}
    )
    await service.lobby.join(game.id, BOB, "bob")
    await service.lobby.join(game.id, CAT, "cat")
    outcome = await service.lobby.start(game.id, ANN)
    first = service.to_act(outcome.game)
    assert len(first) == 1
    assert sorted((n.seat, n.your_turn) for n in outcome.notices) == [
        (seat, seat in first) for seat in range(3)
    ]


async def test_resign_hands_the_seat_to_a_bot_and_abandon_needs_the_host(service):
    game = (await _two_humans(service)).game
    with pytest.raises(TableError, match="Only the host"):
        await service.lobby.abandon(game.id, BOB)
    outcome = await service.turns.resign(game.id, BOB)
    assert "bob resigned" in outcome.public[0]
    assert outcome.game.seats[1].is_bot and outcome.game.seats[1].resigned
    assert await service.games_of_user(BOB) == []
    outcome = await service.turns.resign(game.id, ANN)
    assert outcome.game.status == "abandoned"


async def test_reminders_fire_after_the_deadline_and_survive_a_restart(service, tmp_path):
    game = (await _two_humans(service)).game
    assert await service.reminders.due_reminders() == []
    service.clock.now += 3601
    store2 = await Store.open(service.store.path)  # a second process sees the persisted deadline
    later = TableService(store2, registry={"toy": TOY}, clock=service.clock)
    reminders = await later.reminders.due_reminders()
    assert [(r.game.id, r.seats) for r in reminders] == [(game.id, [0, 1])]
    assert await later.reminders.due_reminders() == []  # re-armed, not repeated at once
    service.clock.now += 3601
    assert len(await later.reminders.due_reminders()) == 1
    await store2.close()


async def test_closed_dms_are_reported_once(service):
    game = (await _two_humans(service)).game
    assert await service.notices.mark_dm_closed(game.id, 1) is True
    assert await service.notices.mark_dm_closed(game.id, 1) is False


async def test_highlighted_public_news_is_passed_on_apart(service):
    from engines import Event

    class Loud(type(TOY)):
        def _apply(self, state, seat, action, events):
            super()._apply(state, seat, action, events)
            events.append(Event("{p%d} did something big." % seat, highlight=True))
            events.append(Event("secret big thing", (seat,), highlight=True))

    service.registry["loud"] = Loud()
    game = await service.lobby.open_table(
        "loud", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    await service.lobby.join(game.id, BOB, "bob")
    game = (await service.lobby.start(game.id, ANN)).game
    outcome = await service.turns.move(game.id, ANN, "secret:1")
    assert outcome.highlights == ["ann did something big."]
    assert "secret big thing" not in " ".join(outcome.public + outcome.highlights)


async def test_a_table_belongs_to_its_server_in_the_service_too(service):
    """Requests made in another server (or in DMs by someone not at the table) get "no such
    table"; admin powers count only in the table's own server."""
    lobby = await service.lobby.open_table(
        "toy", guild_id=1, channel_id=2, host_id=ANN, host_name="ann"
    )
    with pytest.raises(TableError, match="no table"):
        await service.lobby.join(lobby.id, BOB, "bob", guild_id=99)
    with pytest.raises(TableError, match="no table"):
        await service.lobby.join(lobby.id, BOB, "bob", guild_id=None)  # a DM
    await service.lobby.join(lobby.id, BOB, "bob", guild_id=1)
    with pytest.raises(TableError, match="no table"):
        await service.lobby.start(lobby.id, ANN, guild_id=99)
    game = (await service.lobby.start(lobby.id, ANN, guild_id=None)).game  # the host, in DMs
    for guild in (99, None):
        with pytest.raises(TableError, match="no table"):
            await service.table_at(game.id, user_id=CAT, guild_id=guild)
    assert (await service.table_at(game.id, user_id=CAT, guild_id=1)).id == game.id
    assert (await service.table_at(game.id, user_id=BOB, guild_id=None)).id == game.id
    with pytest.raises(TableError, match="no table"):
        await service.lobby.abandon(game.id, CAT, admin=True, guild_id=99)
    with pytest.raises(TableError, match="no table"):
        await service.turns.replace_with_bot(game.id, BOB, by_user=CAT, admin=True, guild_id=99)
    with pytest.raises(TableError, match="no table"):
        await service.turns.move(game.id, BOB, "secret:1", guild_id=99)
    # An admin's power does not follow a seated admin into DMs.
    with pytest.raises(TableError, match="Only the host"):
        await service.lobby.abandon(game.id, BOB, admin=True, guild_id=None)
    game = await service.game(game.id)
    assert game.status == "running" and not any(s.is_bot for s in game.seats)
    assert (await service.lobby.abandon(game.id, CAT, admin=True, guild_id=1)).status == "abandoned"


@pytest.mark.parametrize("table", [2**63, 2**64 + 5, 0, -3])
async def test_an_id_out_of_range_is_no_such_table(service, table):
    with pytest.raises(TableError, match=f"no table #{table}"):
        await service.game(table)
    with pytest.raises(TableError, match="no table"):
        await service.turns.move(table, ANN, "x", token=2**70)
    with pytest.raises(TableError, match="no table"):
        await service.lobby.join(table, ANN, "ann")


async def test_every_due_reminder_is_sent_in_one_pass(service):
    """No cap per pass: after a long downtime every overdue game is reminded at once."""
    games = [(await _two_humans(service)).game for _ in range(120)]
    service.clock.now += 3601
    reminders = await service.reminders.due_reminders()
    assert sorted(r.game.id for r in reminders) == sorted(g.id for g in games)
    assert await service.reminders.due_reminders() == []


async def test_startup_catch_up_is_the_reminder_when_the_deadline_passed(service):
    """A crash between a move and its DM, then downtime past the deadline: the catch-up notice
    is the reminder (one DM each, marked as a reminder) and the reminder pass sends nothing
    more. Only seats that must act now are considered."""
    game = (await _two_humans(service)).game
    for user in (ANN, BOB):  # both pick their secret; nobody is told anything
        game = (await service.turns.move(game.id, user, "secret:1")).game
    waiting = service.to_act(game)
    assert len(waiting) == 1
    missed = await service.notices.missed_notices()
    assert [(n.seat, n.reminder) for _, n in missed] == [(waiting[0], False)]
    service.clock.now += 3601
    missed = await service.notices.missed_notices()
    assert [(n.seat, n.reminder) for _, n in missed] == [(waiting[0], True)]
    assert await service.notices.missed_notices() == missed  # a query: nothing changed
    sent = await service.notices.catch_up()
    assert [(n.seat, n.reminder) for _, n in sent] == [(waiting[0], True)]
    assert await service.reminders.due_reminders() == []  # the catch-up was the reminder
    # Had the reminder pass come first, the catch-up sends a plain turn notice only.
    service.clock.now += 3601
    assert len(await service.reminders.due_reminders()) == 1
    assert [(n.seat, n.reminder) for _, n in await service.notices.catch_up()] == [
        (waiting[0], False)
    ]
