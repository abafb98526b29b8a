"""The shared lobby and table commands: /play, /hand, /board, /resign, /replace,
/abandon; the reminder loop; and remembering each user's language (their Discord client's, from
every command or click) for the DMs sent to them later."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

import engines
from engines import GameError
from engines.translations import language, languages
from storage import TIMEOUTS, store_failed
from tables import Outcome, quote
from tables.clocks import parse_clock
from tables.words import WORDS, m, t

from . import board, flow, render, respond, ui
from . import undo as undoing

log = logging.getLogger("tavern.table")

GAME_CHOICES = [
    app_commands.Choice(name=e.title, value=name)
    for name, e in sorted(engines.REGISTRY.items(), key=lambda kv: kv[1].title)
]
# the languages a table can be played in (every language with catalogs), each named in itself
LANGUAGE_NAMES = {
    "en": "English",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "it": "Italiano",
    "nl": "Nederlands",
    "pt_BR": "Português do Brasil",
}
LANGUAGE_CHOICES = [
    app_commands.Choice(name=LANGUAGE_NAMES.get(code, code), value=code) for code in languages()
]
TIMEOUT_CHOICES = [
    app_commands.Choice(name=WORDS[f"choice.timeout.{how}"], value=how) for how in TIMEOUTS
]  # named in each language: translator
TRUE_WORDS = {"on", "true", "yes", "1"}
FALSE_WORDS = {"off", "false", "no", "0"}


def parse_options(engine: engines.Engine, text: str | None) -> dict:
    """ "key=value key2=value2" into typed options; unknown keys and bad values are errors."""
    options: dict = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, raw = part.partition("=")
        if not sep or not key or not raw:
            raise GameError(m("err.option_form", got=quote(part)))
        if key not in engine.options:
            if not engine.options:
                raise GameError(m("err.no_options", game=engine.title, key=quote(key)))
            raise GameError(
                m(
                    "err.no_option",
                    game=engine.title,
                    key=quote(key),
                    known=", ".join(engine.options),
                )
            )
        default = engine.options[key]
        if isinstance(default, bool):
            if raw.lower() not in TRUE_WORDS | FALSE_WORDS:
                raise GameError(m("err.option_bool", key=repr(key)))
            options[key] = raw.lower() in TRUE_WORDS
        elif isinstance(default, int):
            try:
                options[key] = int(raw)
            except ValueError:
                raise GameError(m("err.option_int", key=repr(key))) from None
        else:
            options[key] = raw
    return options


def table_language(interaction: discord.Interaction, chosen: str | None) -> str:
    """The language a new table speaks: the one chosen, else the server's preferred locale
    (``guild_locale``), else English; a language we have no catalog for is English."""
    guild_locale = interaction.guild_locale or (
        interaction.guild.preferred_locale if interaction.guild else None
    )
    return language(chosen or (str(guild_locale) if guild_locale else None))


def is_admin(interaction: discord.Interaction) -> bool:
    """Server admins (Manage Server) may close or fix any table in their server (the service
    honours it only for tables of the server where the command is used)."""
    perms = interaction.permissions
    return bool(interaction.guild_id and perms and perms.manage_guild)


class TableCog(commands.Cog, name="Tables"):
    """Open tables, join them, and find your games."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._bot_tasks: set[asyncio.Task] = set()
        self.reminders.start()

    async def cog_unload(self) -> None:
        self.reminders.cancel()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the user's language (stored only when it changed) for later DMs. A database
        that cannot store it now is said in one line: the interaction's own handler answers
        (and logs) what it meant for the request, and the language is stored next time."""
        if interaction.locale is not None and self.tables is not None:
            try:
                await self.tables.players.remember_lang(
                    interaction.user.id, str(interaction.locale)
                )
            except Exception as exc:
                if not store_failed(exc):
                    raise
                log.warning("could not store the language of user %s: %s", interaction.user.id, exc)

    @property
    def tables(self):
        return self.bot.tables

    # --- /play -----------------------------------------------------------------------------------
    @app_commands.command(
        name="play",
        description="Open a table for a game in this channel",
        extras=respond.PUBLIC_ANSWER,  # the lobby is public, also when its answer is deferred
    )
    @app_commands.guild_only()
    @app_commands.describe(
        game="Which game",
        options="Table options, e.g. doubling=chain",
        remind_hours="Remind whoever must act after this many hours",
        away_limit="Days a player may be /away before the host may replace them (default 14)",
        language="The language of the board and the table's messages (default: the server's)",
        clock="Turn clock: none, 2d (per move) or 7d+1d (a bank plus time per move)",
        on_timeout="When a seat's time runs out: a bot plays, the seat passes, or a vote",
        practice="A practice table: a Hint button on your panel, and not rated",
    )
    @app_commands.choices(game=GAME_CHOICES, language=LANGUAGE_CHOICES, on_timeout=TIMEOUT_CHOICES)
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        remind_hours: app_commands.Range[int, 1, 720] | None = None,
        away_limit: app_commands.Range[int, 1, 90] | None = None,
        language: str | None = None,
        clock: app_commands.Range[str, 1, 40] | None = None,
        on_timeout: str | None = None,
        practice: bool = False,
    ) -> None:
        """Open a lobby with Join, Leave, Add bot (easy / normal / hard), Remove bot, Start
        and Cancel buttons. The table speaks
        ``language``, else the server's preferred language (English if we do not speak it).
        ``clock`` and ``on_timeout``: the turn clock and its consequence (issue 26).
        ``practice``: a practice table (a Hint button on each player's panel, not rated)."""
        lang = table_language(interaction, language)
        try:
            engine = self.tables.engine(game)
            spec = parse_clock(clock)  # refused before anything is stored
            table = await self.tables.lobby.open_table(
                game,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                options=parse_options(engine, options),
                remind_after=remind_hours * 3600 if remind_hours else None,
                lang=lang,
                practice=practice,
            )
            if away_limit is not None:
                await self.tables.away.set_away_limit(table.id, away_limit)
            await self.tables.clocks.set_clock(table.id, spec, on_timeout)
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        message = await respond.to(interaction).send(
            embed=render.lobby_embed(
                self.tables, table, lang, clock=await self.tables.clocks.lobby_line(table, lang)
            ),
            view=ui.lobby_view(table.id, "lobby", lang),
        )
        if isinstance(message, discord.Message):
            await self.tables.notices.set_messages(table.id, lobby_message_id=message.id)

    @play.autocomplete("options")
    async def options_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        engine = engines.REGISTRY.get(getattr(interaction.namespace, "game", None) or "")
        if engine is None:
            return []
        prefix, _, last = current.rpartition(" ")
        out = []
        for key, default in engine.options.items():
            values = engine.option_choices.get(key) or (
                [True, False] if isinstance(default, bool) else [default]
            )
            for value in values:
                shown = ("on" if value else "off") if isinstance(value, bool) else value
                text = f"{key}={shown}"
                if text.startswith(last):
                    full = f"{prefix} {text}".strip()
                    out.append(app_commands.Choice(name=full[:100], value=full[:100]))
        return out[:25]

    @app_commands.command(name="hand", description="Your private hand and choices, only to you")
    @app_commands.describe(table="Table number, if you play at several")
    async def hand(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Show the caller's hand with controls, ephemerally (works with closed DMs)."""
        try:
            game = await flow.resolve_game(interaction, table)
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        await flow.show_hand(interaction, game.id)

    @app_commands.command(name="board", description="The public board of a game, only to you")
    @app_commands.describe(table="Table number, if you play at several")
    async def board(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Show a game's public board, ephemerally."""
        try:
            game = await flow.resolve_game(interaction, table, statuses=("running", "finished"))
            if game.state is None:
                raise GameError(m("err.not_started"))
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        lang = flow.lang_of(interaction)
        answer = {"embed": render.board_embed(self.tables, game, lang)}
        answer = await board.with_picture(self.tables, game, answer, lang)
        await respond.to(interaction).send(ephemeral=True, **answer)

    @app_commands.command(
        name="undo", description="Take back your last decision, if it showed nothing new"
    )
    @app_commands.describe(table="Table number, if you play at several")
    async def undo(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Take back the caller's last decision while nothing was revealed and nobody else has
        decided since (``tables/undo.py``)."""
        await undoing.command_undo(interaction, table)

    # --- leaving a game ---------------------------------------------------------------------------
    @app_commands.command(name="resign", description="Leave a running game; a bot takes your seat")
    @app_commands.describe(table="Table number, if you play at several")
    async def resign(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Resign: a bot plays your seat; with nobody human left the game is abandoned."""
        try:
            game = await flow.resolve_game(interaction, table)
            outcome = await self.tables.turns.resign(
                game.id, interaction.user.id, guild_id=interaction.guild_id, bots=False
            )
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        await respond.to(interaction).send(
            t(flow.lang_of(interaction), "done.resigned", id=outcome.game.id), ephemeral=True
        )
        await flow.publish_then_bots(self.bot, outcome)

    @app_commands.command(
        name="replace", description="Host only: hand an absent player's seat to a bot"
    )
    @app_commands.describe(
        player="The player whose seat a bot takes over", table="Table number, if you host several"
    )
    async def replace(
        self, interaction: discord.Interaction, player: discord.User, table: int | None = None
    ) -> None:
        """The host (or a server admin) lets a bot play for someone who stopped playing."""
        try:
            game = await flow.resolve_game(interaction, table, host=True)
            outcome = await self.tables.turns.replace_with_bot(
                game.id,
                player.id,
                by_user=interaction.user.id,
                admin=is_admin(interaction),
                guild_id=interaction.guild_id,
                bots=False,
            )
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        await respond.to(interaction).send(
            t(
                flow.lang_of(interaction),
                "done.replaced",
                player=player.mention,
                id=outcome.game.id,
            ),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await flow.publish_then_bots(self.bot, outcome)

    @app_commands.command(name="abandon", description="Host only: stop a running game for all")
    @app_commands.describe(table="Table number, if you host several")
    async def abandon(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """The host (or a server admin) ends a running game without a winner."""
        try:
            game = await flow.resolve_game(interaction, table, host=True)
            game = await self.tables.lobby.abandon(
                game.id,
                interaction.user.id,
                admin=is_admin(interaction),
                guild_id=interaction.guild_id,
            )
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        await respond.to(interaction).send(
            t(flow.lang_of(interaction), "done.abandoned", id=game.id), ephemeral=True
        )
        await self.bot.messenger.update_board(game.id)
        await self.bot.messenger.send_results(  # with the seed revealed and the export
            game, lead=m("results.abandoned", id=game.id)
        )
        await self.bot.messenger.update_lobby(game)
        await self.bot.messenger.refresh_panels(game)  # no DM keeps its buttons
        await self.bot.messenger.tell_watchers(Outcome(game))

    # --- reminders --------------------------------------------------------------------------------
    @tasks.loop(seconds=60)
    async def reminders(self) -> None:
        await self.run_reminders()

    @reminders.before_loop
    async def _before_reminders(self) -> None:
        await self.bot.wait_until_ready()
        await self.send_missed()
        await self.resume_bots()

    async def resume_bots(self) -> int:
        """On start-up: bots whose chain of moves a restart cut short play on (each table in
        its own task, so start-up does not wait for their thinking). Returns how many."""
        async with self.tables.notices.exclusive("bot-resume") as mine:  # one process of several
            games = await self.tables.turns.games_owing_bot_moves() if mine else []
        for game_id in games:
            task = asyncio.create_task(flow.play_bots(self.bot, game_id))
            self._bot_tasks.add(task)
            task.add_done_callback(self._bot_tasks.discard)
        return len(games)

    async def send_missed(self) -> int:
        """On start-up: the turn DMs a crash or an outage swallowed. Returns how many.
        Of several processes starting at once on one database, one does it (the others skip)."""
        async with self.tables.notices.exclusive("catch-up") as mine:
            if not mine:
                return 0
            missed = await self.tables.notices.catch_up()
            for game, notice in missed:
                await self.bot.messenger.send_notices(game, [notice])
            return len(missed)

    async def run_reminders(self) -> int:
        """Send every due reminder; returns how many games were reminded."""
        due = await self.tables.reminders.due_reminders()
        await self.bot.messenger.remind_all(due)  # one message per player (issue 15)
        return len(due)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot))
