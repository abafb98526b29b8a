"""Player settings, away and held-back news (migration 5, issue 15) on both backends, and the
service's settings kept across a restart on each."""

from __future__ import annotations

from storage import Store, UserSettings
from tables import TableService
from tests.storage.conftest import BIG, two_seat_game
from tests.toy import TOY


async def test_settings_round_trip_and_keep_away_and_held(store):
    assert await store.user_settings([]) == {}
    assert await store.user_settings([BIG, 20]) == {BIG: UserSettings(BIG), 20: UserSettings(20)}
    mine = UserSettings(
        BIG, notify="both", remind_hours=72, timezone="Asia/Tokyo", quiet_start=23, quiet_end=6
    )
    await store.save_user_settings(mine)
    assert (await store.user_settings([BIG]))[BIG] == mine
    await store.set_away(BIG, 10.5, 99.25, True)
    await store.hold(BIG, 12.0)
    changed = UserSettings(BIG, notify="dm", remind_hours=None, timezone="UTC")
    await store.save_user_settings(changed)  # choices change; away and held stay
    got = (await store.user_settings([BIG]))[BIG]
    assert (got.notify, got.remind_hours, got.timezone, got.quiet_start) == (
        "dm",
        None,
        "UTC",
        None,
    )
    assert (got.away_since, got.away_until, got.bot_sit, got.held_since) == (
        10.5,
        99.25,
        True,
        12.0,
    )


async def test_away_ends_once(store):
    await store.set_away(BIG, 1.0, 50.0, False)
    assert await store.away_ended(49.0) == []
    assert await store.away_ended(50.0) == [(BIG, 50.0)]
    assert not await store.end_away(BIG, 40.0)  # not the away that was read
    assert await store.end_away(BIG, 50.0)
    assert not await store.end_away(BIG, 50.0)
    got = (await store.user_settings([BIG]))[BIG]
    assert (got.away_since, got.away_until, got.bot_sit) == (None, None, False)


async def test_held_news_is_claimed_once_in_order(store):
    game_id = await two_seat_game(store)
    await store.hold(BIG, 5.0, game_id, ["first", "second"])
    await store.hold(BIG, 6.0, game_id, ["third"])  # the mark keeps its first time
    await store.hold(20, 7.0)
    assert await store.held_users() == [BIG, 20]
    since = (await store.user_settings([BIG]))[BIG].held_since
    assert since == 5.0
    assert await store.take_held(BIG, 4.0) is None  # not the mark that was read
    assert await store.take_held(BIG, 5.0) == [
        (game_id, "first"),
        (game_id, "second"),
        (game_id, "third"),
    ]
    assert await store.take_held(BIG, 5.0) is None
    assert await store.take_held(20, 7.0) == []
    assert await store.held_users() == []


async def test_away_limit(store):
    game_id = await two_seat_game(store)
    assert await store.away_limit(game_id) is None
    await store.set_away_limit(game_id, 3 * 86400.0)
    assert await store.away_limit(game_id) == 3 * 86400.0


async def test_service_settings_survive_a_restart(backend, clock):
    for round_ in range(2):
        store = await Store.open(backend.target)
        service = TableService(store, registry={"toy": TOY}, clock=clock)
        try:
            if round_ == 0:
                await service.players.change(
                    BIG,
                    notify="mention",
                    remind_hours=5,
                    timezone="America/New_York",
                    quiet_start=21,
                    quiet_end=8,
                )
                await service.away.go_away(BIG, 4, bot_sit=True)
            prefs = await service.players.settings(BIG)
            assert (
                prefs.notify,
                prefs.remind_hours,
                prefs.timezone,
                prefs.quiet_start,
                prefs.quiet_end,
            ) == ("mention", 5, "America/New_York", 21, 8)
            assert prefs.bot_sit and prefs.away_until == clock.now + 4 * 86400
        finally:
            await store.close()


async def test_obvious_decisions_setting_round_trips(store):
    assert (await store.user_settings([BIG]))[BIG].obvious == "auto"  # the default
    await store.save_user_settings(UserSettings(BIG, notify="both", obvious="ask"))
    await store.set_away(BIG, 1.0, 2.0, False)  # away kept apart: the choice stays
    assert (await store.user_settings([BIG]))[BIG].obvious == "ask"
    await store.save_user_settings(UserSettings(BIG, notify="both", obvious="auto"))
    got = (await store.user_settings([BIG]))[BIG]
    assert (got.notify, got.obvious, got.away_until) == ("both", "auto", 2.0)
    await store.set_away(20, 1.0, 2.0, True)  # a row made by /away alone: the default
    assert (await store.user_settings([20]))[20].obvious == "auto"


async def test_a_database_at_migration_6_keeps_its_players_and_running_games(backend):
    """Migration 7 (issue 22) adds ``obvious`` to every stored player, with the default, and
    touches nothing else: a game running before the upgrade plays on after it."""
    from storage import MIGRATIONS
    from storage.migrations import scripts

    if backend.name == "sqlite":
        backend.raw_script("\n".join(scripts("sqlite")[:6]) + "\nPRAGMA user_version = 6;")
    else:
        backend.raw_script(
            "\n".join(scripts("postgresql")[:6]) + "\nCREATE TABLE tavern_schema (version INTEGER "
            "NOT NULL); INSERT INTO tavern_schema VALUES (6);"
        )
    backend.raw(
        "INSERT INTO user_settings (user_id, notify, remind_hours, timezone) "
        "VALUES (?, 'mention', 5, 'Europe/Berlin')",
        BIG,
    )
    game = await backend.running_game(BIG)
    # back to the schema of migration 6 (the later migrations undone): the running game and the
    # player's settings were stored then
    backend.back_to(
        6,
        backend.undo_issue_26()
        + "ALTER TABLE user_settings DROP COLUMN obvious; DROP TABLE rate_budget;",
    )
    store = await Store.open(backend.target)
    try:
        assert await store.schema_version() == len(MIGRATIONS) >= 7
        prefs = (await store.user_settings([BIG]))[BIG]
        assert (prefs.notify, prefs.remind_hours, prefs.timezone, prefs.obvious) == (
            "mention",
            5,
            "Europe/Berlin",
            "auto",
        )
        service = TableService(store, registry={"toy": TOY})
        again = await service.game(game.id)
        assert again.status == "running" and again.state == game.state
        seat = service.to_act(again)[0]
        action = service.engine("toy").legal_actions(service.state(again), seat)[0]
        user = again.seats[seat].user_id
        moved = await service.turns.move(game.id, user, action)
        assert moved.game.move_count == again.move_count + 1
    finally:
        await store.close()
