"""Who reads which language: a table's (its public board, news and results) and a user's (their
DMs and private answers: kept by ``Players``, tables/players.py). Languages are our catalog
languages ("en", "de", "es"): a Discord locale ("de", "es-ES", "en-GB"...) is mapped by
``engines.translations.language`` and an unknown one falls back to English.
"""

from __future__ import annotations

from engines.translations import language
from storage import GameRecord

from .base import TableBase
from .caches import LRU

LANGS_KEPT = 10_000  # tables' languages kept in memory (least recently used go)


class LangsMixin(TableBase):
    def _table_langs(self) -> LRU[int, str]:
        langs = getattr(self, "_langs", None)
        if langs is None:
            langs = self._langs = LRU(LANGS_KEPT)
        return langs

    async def set_table_lang(self, game_id: int, tag: str | None) -> str:
        lang = language(tag)
        await self.store.set_table_lang(game_id, lang)
        self._table_langs()[game_id] = lang
        return lang

    async def table_lang(self, game: GameRecord | int) -> str:
        """The language of a table's public messages (English for tables opened before)."""
        game_id = game if isinstance(game, int) else game.id
        tables = self._table_langs()
        lang = tables.get(game_id)
        if lang is None:
            lang = tables[game_id] = language(await self.store.table_lang(game_id))
        return lang

    async def remember_lang(self, user_id: int, tag: str | None) -> str:
        return await self.players.remember_lang(user_id, tag)  # a player's own: ``Players``

    async def user_lang(self, user_id: int | None) -> str:
        return await self.players.user_lang(user_id)
