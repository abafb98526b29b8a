"""Who reads which language: a table's (its public board, news and results) and a user's (their
DMs and private answers). Languages are our catalog languages ("en", "de", "es"): a Discord
locale ("de", "es-ES", "en-GB"...) is mapped by ``engines.translations.language`` and an
unknown one falls back to English.
"""

from __future__ import annotations

from engines.translations import language
from storage import GameRecord

from .base import TableBase
from .caches import LRU

LANGS_KEPT = 10_000  # tables' and users' languages kept in memory (least recently used go)


class LangsMixin(TableBase):
    def _lang_caches(self) -> tuple[LRU[int, str], LRU[int, str]]:
        caches = getattr(self, "_langs", None)
        if caches is None:
            caches = self._langs = (LRU(LANGS_KEPT), LRU(LANGS_KEPT))
        return caches

    async def set_table_lang(self, game_id: int, tag: str | None) -> str:
        lang = language(tag)
        await self.store.set_table_lang(game_id, lang)
        self._lang_caches()[0][game_id] = lang
        return lang

    async def table_lang(self, game: GameRecord | int) -> str:
        """The language of a table's public messages (English for tables opened before)."""
        game_id = game if isinstance(game, int) else game.id
        tables = self._lang_caches()[0]
        lang = tables.get(game_id)
        if lang is None:
            lang = tables[game_id] = language(await self.store.table_lang(game_id))
        return lang

    async def remember_lang(self, user_id: int, tag: str | None) -> str:
        """A user's language, from their latest command or click; stored when it changed."""
        lang = language(tag)
        users = self._lang_caches()[1]
        if users.get(user_id) != lang:
            if await self.store.user_lang(user_id) != lang:
                await self.store.set_user_lang(user_id, lang)
            users[user_id] = lang
        return lang

    async def user_lang(self, user_id: int | None) -> str:
        """The language remembered for a user (English if they never used the bot)."""
        if user_id is None:
            return "en"
        users = self._lang_caches()[1]
        lang = users.get(user_id)
        if lang is None:
            lang = users[user_id] = language(await self.store.user_lang(user_id))
        return lang
