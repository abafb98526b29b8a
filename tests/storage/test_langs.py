"""Languages kept by the store (migration 6), on both backends: a table's and a user's
(issue 13)."""

from __future__ import annotations

from storage import SeatRecord, Store
from tables import TableService


async def test_table_and_user_languages_are_stored_and_read_back(backend):
    store = await Store.open(backend.target)
    try:
        game_id = await store.create_game(
            kind="ziegen",
            guild_id=1,
            channel_id=2,
            host_id=3,
            options={},
            seed=4,
            now=0.0,
            remind_after=60.0,
            seats=[SeatRecord(0, 3, None, "ann")],
        )
        assert await store.table_lang(game_id) is None and await store.user_lang(3) is None
        await store.set_table_lang(game_id, "de")
        await store.set_user_lang(3, "es")
        await store.set_user_lang(3, "de")
        await store.set_user_lang(2**62, "es")  # Discord ids need 64 bits
    finally:
        await store.close()
    store = await Store.open(backend.target)  # a new connection reads what the old one wrote
    try:
        assert await store.table_lang(game_id) == "de"
        assert await store.user_lang(3) == "de"
        assert await store.user_lang(2**62) == "es"
    finally:
        await store.close()


async def test_the_service_maps_discord_locales_and_falls_back_to_english(store):
    service = TableService(store)
    assert await service.players.user_lang(7) == "en"  # never seen: English
    assert await service.players.remember_lang(7, "es-419") == "es"
    assert await store.user_lang(7) == "es"
    assert await service.players.remember_lang(8, "fr") == "en"  # no French catalog
    game = await service.lobby.open_table(
        "ziegen", guild_id=1, channel_id=2, host_id=7, host_name="ann", lang="de-AT"
    )
    assert await service.table_lang(game) == "de"
    other = await service.lobby.open_table(
        "ziegen", guild_id=1, channel_id=2, host_id=7, host_name="ann"
    )
    assert await service.table_lang(other) == "en"  # opened without one
    assert await TableService(store).players.user_lang(7) == "es"  # read back, not cached
