"""Languages kept in SQLite (migration 5): a table's and a user's (issue 13)."""
from __future__ import annotations

from storage import SeatRecord, Store
from tables import TableService


async def test_table_and_user_languages_are_stored_and_read_back(tmp_path):
    path = str(tmp_path / "t.db")
    store = await Store.open(path)
    try:
        game_id = await store.create_game(
            kind="ziegen", guild_id=1, channel_id=2, host_id=3, options={}, seed=4, now=0.0,
            remind_after=60.0, seats=[SeatRecord(0, 3, None, "ann")])
        assert await store.table_lang(game_id) is None and await store.user_lang(3) is None
        await store.set_table_lang(game_id, "de")
        await store.set_user_lang(3, "es")
        await store.set_user_lang(3, "de")
    finally:
        await store.close()
    store = await Store.open(path)   # a new connection reads what the old one wrote
    try:
        assert await store.table_lang(game_id) == "de"
        assert await store.user_lang(3) == "de"
    finally:
        await store.close()


async def test_the_service_maps_discord_locales_and_falls_back_to_english(tmp_path):
    store = await Store.open(str(tmp_path / "t.db"))
    try:
        service = TableService(store)
        assert await service.user_lang(7) == "en"                  # never seen: English
        assert await service.remember_lang(7, "es-419") == "es"
        assert await store.user_lang(7) == "es"
        assert await service.remember_lang(8, "fr") == "en"        # no French catalog
        game = await service.open_table("ziegen", guild_id=1, channel_id=2, host_id=7,
                                        host_name="ann", lang="de-AT")
        assert await service.table_lang(game) == "de"
        other = await service.open_table("ziegen", guild_id=1, channel_id=2, host_id=7,
                                         host_name="ann")
        assert await service.table_lang(other) == "en"             # opened without one
        assert await TableService(store).user_lang(7) == "es"      # read back, not cached
    finally:
        await store.close()
