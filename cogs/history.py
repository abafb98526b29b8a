"""/history and /stats, and the replay controls (Back / Forward / Jump).

custom_id formats (persistent: they carry what they need, like those in ``ui.py``):
    tv:r:<table>:<n>:<op>    a replay step: op "o" opens a new replay message at move n,
                             "b" / "f" show move n in place (Back / Forward), "h" shows
                             every hand after move n (ended games only)
    tv:rj:<table>:<total>    Jump: asks for a move number in a modal (tv:rm:<table>)
"""

from __future__ import annotations

import asyncio
import io
import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

import pictures
from engines import GameError
from storage import GameRecord
from tables import TableError
from tables.words import m, t

from . import flow, render, respond
from . import history_render as hr
from .table import GAME_CHOICES

log = logging.getLogger("tavern.history")
ENDED = ("finished", "abandoned")


# --- replay controls ------------------------------------------------------------------------------
class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tv:r:(?P<table>\d+):(?P<n>\d+):(?P<op>[obfh])",
):
    LABELS = {
        "o": ("replay", "🎞️"),
        "b": ("back", "◀️"),
        "f": ("forward", "▶️"),
        "h": ("hands", "🃏"),
    }  # the label is the message ``history.button.<name>``

    def __init__(
        self, table: int, n: int, op: str, disabled: bool = False, lang: str = "en"
    ) -> None:
        name, emoji = self.LABELS[op]
        super().__init__(
            discord.ui.Button(
                label=t(lang, f"history.button.{name}"),
                emoji=emoji,
                disabled=disabled,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tv:r:{table}:{n}:{op}",
            )
        )
        self.table, self.n, self.op = table, n, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["n"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op == "h":
            await show_hands(interaction, self.table, self.n)
            return
        await show_step(interaction, self.table, self.n, new_message=self.op == "o")


class JumpButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"tv:rj:(?P<table>\d+):(?P<total>\d+)"
):
    def __init__(self, table: int, total: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "history.button.jump"),
                emoji="⏩",
                style=discord.ButtonStyle.secondary,
                custom_id=f"tv:rj:{table}:{total}",
            )
        )
        self.table, self.total = table, total

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["total"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await respond.to(interaction).modal(
            JumpModal(self.table, self.total, flow.lang_of(interaction))
        )


class JumpModal(discord.ui.Modal):
    def __init__(self, table: int, total: int, lang: str = "en") -> None:
        super().__init__(
            title=t(lang, "history.jump_title", id=table)[:45], custom_id=f"tv:rm:{table}"
        )
        self.table = table
        self.number = discord.ui.TextInput(
            label=t(lang, "history.jump_label", total=total)[:45],
            custom_id="move",
            max_length=6,
            placeholder=t(lang, "history.jump_hint")[:100],
        )
        self.add_item(self.number)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        raw = self.number.value.strip()
        # ASCII digits only: "²", "¹⁰" or "④" pass str.isdigit() but int() refuses them
        if not (raw.isascii() and raw.isdigit()):
            await flow.reply_error(interaction, m("err.move_number"))
            return
        await show_step(interaction, self.table, int(raw), new_message=False)


def replay_view(step, lang: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    table = step.game.id
    view.add_item(ReplayButton(table, max(step.n - 1, 0), "b", disabled=step.n == 0, lang=lang))
    view.add_item(
        ReplayButton(
            table, min(step.n + 1, step.total), "f", disabled=step.n >= step.total, lang=lang
        )
    )
    view.add_item(JumpButton(table, step.total, lang))
    if step.revealed:  # every hand at this step, once the game has ended
        view.add_item(ReplayButton(table, step.n, "h", lang=lang))
    return view


CONTENT_LIMIT = 2000
EVENTS_SHOWN = 15  # the latest of what the clock and the votes did


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def events_text(svc, game_id: int, lang: str) -> str:
    """What the clock and the votes did at the table (issue 26), the latest first kept."""
    events = (await svc.clocks.events(game_id, lang))[-EVENTS_SHOWN:]
    if not events:
        return ""
    return "\n\n" + t(lang, "history.events") + "\n" + "\n".join(f"• {e}" for e in events)


async def _visible(interaction: discord.Interaction, game_id: int) -> GameRecord:
    """A table of this server (in DMs: one the caller sat at or hosts), else "no table".
    The latest record (with a shared store, another process may have moved since)."""
    return await flow.service(interaction).table_at(
        game_id, user_id=interaction.user.id, guild_id=interaction.guild_id, latest=True
    )


@flow.guarded
async def show_step(
    interaction: discord.Interaction, table: int, n: int, *, new_message: bool
) -> None:
    svc = flow.service(interaction)
    lang = flow.lang_of(interaction)
    try:
        await _visible(interaction, table)
        step = await svc.history.replay_step(table, n, lang)
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    kwargs = await step_message(svc, step, lang)
    if new_message:
        await respond.to(interaction).send(ephemeral=True, **kwargs)
    else:  # attachments= replaces the previous step's picture
        files = kwargs.pop("files")
        await respond.to(interaction).edit(attachments=files, **kwargs)


async def step_message(svc, step, lang: str = "en") -> dict:
    """A replay step: the board in words, its picture where the game has one, the buttons."""
    png = None
    if pictures.supports(step.game.kind):
        try:
            png = await asyncio.to_thread(
                pictures.picture, step.game.kind, step.view, svc.names(step.game), lang
            )
        except Exception:  # a board in words is better than no board
            log.exception("could not draw replay step %s of table %s", step.n, step.game.id)
    files = [] if png is None else [discord.File(io.BytesIO(png), filename=pictures.FILENAME)]
    return dict(
        embed=hr.replay_embed(svc, step, pictures.FILENAME if png else None, lang),
        view=replay_view(step, lang),
        files=files,
    )


@flow.guarded
async def show_hands(interaction: discord.Interaction, table: int, n: int) -> None:
    """Every seat's hand after move n of an ended game (refused while it runs)."""
    svc = flow.service(interaction)
    lang = flow.lang_of(interaction)
    try:
        game = await _visible(interaction, table)
        hands = await svc.history.revealed_hands(table, n, lang)
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    await respond.to(interaction).send(
        embed=hr.hands_embed(svc, game, n, hands, lang), ephemeral=True
    )


# --- the commands ---------------------------------------------------------------------------------
class HistoryCog(commands.Cog, name="History"):
    """Finished games in full, replays of any game, and the server's stats."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # Results a crash kept from being stored are filled in before anyone asks for stats.
        try:
            await self.bot.tables.history.record_missing_results()
        except Exception:
            log.exception("could not fill in missing results")

    @app_commands.command(
        name="history",
        description="A game's history: replay, and after the end the "
        "hidden cards, the seed and the export file",
    )
    @app_commands.describe(table="Table number (default: this thread's game, or your latest)")
    async def history(self, interaction: discord.Interaction, table: int | None = None) -> None:
        """Running game: the replay from the spectator's view. Ended game: final scores, every
        seat's hand, the seed and salt, and the export file, plus the replay."""
        svc = self.bot.tables
        lang = flow.lang_of(interaction)
        try:
            if table is not None:
                game = await _visible(interaction, table)
            else:
                game = await svc.history.latest_game(
                    interaction.user.id, interaction.channel_id, interaction.guild_id
                )
            if game.state is None:
                raise TableError(m("err.no_history_yet"))
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        if game.status not in ENDED:
            step = await svc.history.replay_step(game.id, game.move_count, lang)
            fair = await svc.history.fairness(game.id)
            note = t(lang, "history.not_yet")
            if fair is not None:
                note += " " + t(lang, "history.commitment", commitment=fair.commitment)
            note = clip(note + await events_text(svc, game.id, lang), CONTENT_LIMIT)
            await respond.to(interaction).send(
                note, ephemeral=True, **await step_message(svc, step, lang)
            )
            return
        await respond.to(interaction).defer(ephemeral=True, thinking=True)
        fair = await svc.history.fairness(game.id)
        results = (
            render.results_text(svc, game, lang)
            if game.status == "finished"
            else t(lang, "history.abandoned")
        )
        hands = await svc.history.revealed_hands(game.id, lang=lang)
        embed = hr.history_embed(svc, game, results, fair, hands, lang)
        files = [
            hr.export_file(await svc.history.export(game.id)),
            hr.log_file(game.id, hands, await svc.history.move_log(game.id, lang), lang),
        ]
        view = discord.ui.View(timeout=None)
        view.add_item(ReplayButton(game.id, 0, "o", lang=lang))
        events = (await events_text(svc, game.id, lang)).strip()
        await respond.to(interaction).send(
            clip(events, CONTENT_LIMIT) if events else None,
            embed=embed,
            files=files,
            view=view,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(
        name="stats", description="Games played and won, streaks and the leaderboards here"
    )
    @app_commands.guild_only()
    @app_commands.describe(
        player="Whose numbers (default: the server's leaderboards)",
        game="Only this game's leaderboard",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        svc = self.bot.tables
        lang = flow.lang_of(interaction)
        guild = interaction.guild_id
        server = await svc.history.server_stats(guild)
        if player is None:
            await respond.to(interaction).send(
                embed=hr.server_embed(server, game, top=25 if game else 10, lang=lang),
                ephemeral=True,
            )
            return
        if player.bot:
            await flow.reply_error(interaction, m("err.stats_bot"))
            return
        stats = await svc.history.player_stats(guild, player.id)
        ratings = {}
        for kind, board in server.leaderboards.items():
            for place, standing in enumerate(board, start=1):
                if standing.user_id == player.id:
                    ratings[kind] = (standing.rating, place, len(board))
        await respond.to(interaction).send(
            embed=hr.player_embed(svc, player.display_name, stats, ratings, lang), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ReplayButton, JumpButton)
    await bot.add_cog(HistoryCog(bot))
