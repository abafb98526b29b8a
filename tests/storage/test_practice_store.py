"""Practice tables in storage (issue 26), on both backends: the column ``games.practice`` (off
for every table stored before), and a practice game's results left out of what counts."""

from __future__ import annotations

from storage import MIGRATIONS, ResultRecord, SeatRecord, Store
from tables import TableService
from tests.storage.conftest import BEFORE_ISSUE_26
from tests.toy import TOY

GUILD = 5


async def _finished(store: Store, practice: bool) -> int:
    game_id = await store.create_game(
        kind="toy",
        guild_id=GUILD,
        channel_id=2,
        host_id=10,
        options={},
        seed=42,
        now=1.0,
        remind_after=60,
        seats=[SeatRecord(0, 10, None, "ann"), SeatRecord(1, 20, None, "bob")],
        practice=practice,
    )
    await store.set_status(game_id, 0, "running", 1.0)
    await store.set_status(game_id, 1, "finished", 2.0)
    rows = [
        ResultRecord(game_id, 0, GUILD, "toy", 10, False, "ann", 7, True, 1, 2.0),
        ResultRecord(game_id, 1, GUILD, "toy", 20, False, "bob", 3, False, 2, 2.0),
    ]
    assert await store.record_results(rows, None)
    return game_id


async def test_a_practice_games_results_are_kept_but_count_nowhere(store):
    practice = await _finished(store, True)
    normal = await _finished(store, False)
    assert (await store.get_game(practice)).practice
    assert not (await store.get_game(normal)).practice
    assert {r.game_id for r in await store.results_in_guild(GUILD)} == {normal}
    assert await store.finished_in_guild(GUILD) == [normal]
    assert await store.finished_without_results() == []
    listed = await store.games_of_user(10, ("finished",))
    assert {g.id: g.practice for g in listed} == {practice: True, normal: False}


async def test_a_database_before_practice_tables_keeps_its_running_games(backend):
    """The migration adds ``games.practice``, off, and touches nothing else: a game running
    before the upgrade is a normal table and plays on."""
    game = await backend.running_game()
    before = BEFORE_ISSUE_26  # the schema before the migrations of issue 26
    backend.back_to(before, backend.undo_issue_26())
    store = await Store.open(backend.target)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        service = TableService(store, registry={"toy": TOY})
        again = await service.game(game.id)
        assert again.status == "running" and again.state == game.state and not again.practice
        seat = service.to_act(again)[0]
        action = service.engine("toy").legal_actions(service.state(again), seat)[0]
        moved = await service.turns.move(game.id, again.seats[seat].user_id, action)
        assert moved.game.move_count == again.move_count + 1 and not moved.game.practice
    finally:
        await store.close()
