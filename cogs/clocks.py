"""Turn clocks and votes (issue 26) in Discord: ``/vote`` and its Yes/No buttons, **I'm back**,
and the pass that sends the clocks' warnings, carries out what happens when a seat's time runs
out and closes the votes whose 48 hours are up. The work is done by the table service
(``tables/clocks.py``, ``tables/votes.py``); this cog only delivers it.

The pass runs every minute, like the reminders, from what is stored (each table's ``next_at``,
each vote's ``expires_at``): after a restart the clocks go on and open votes stay open.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from engines import GameError
from engines.words import render
from storage import VOTE_KINDS
from tables import Notice
from tables.clocks import ClockNews, stamp
from tables.votes import VoteNews
from tables.words import WORDS, m, t

from . import flow, respond, ui
from .table import is_admin

log = logging.getLogger("tavern.clocks")

VOTE_CHOICES = [
    app_commands.Choice(name=WORDS[f"choice.vote.{kind}"], value=kind) for kind in VOTE_KINDS
]  # named in each language: translator


def vote_text(news: VoteNews, lang: str) -> str:
    """A vote's public message: what is asked, by whom, the count, and how it ended."""
    vote, game = news.vote, news.game
    name = game.seats[vote.seat].name if vote.seat is not None else ""
    lines = [t(lang, "vote.title", id=game.id, what=t(lang, f"vote.what.{vote.kind}", name=name))]
    yes = sum(1 for u in news.electorate if news.ballots.get(u) is True)
    no = sum(1 for u in news.electorate if news.ballots.get(u) is False)
    who = f"<@{vote.opened_by}>" if vote.opened_by is not None else t(lang, "vote.the_clock")
    result = news.result or vote.result
    if result is None:
        lines.append(
            t(
                lang,
                "vote.open",
                who=who,
                yes=yes,
                no=no,
                need=len(news.electorate) // 2 + 1,
                n=len(news.electorate),
                until=stamp(vote.expires_at),
            )
        )
    else:
        lines.append(t(lang, f"vote.{result}", yes=yes, no=no))
    return "\n".join(lines)


class ClocksCog(commands.Cog, name="Clocks"):
    """Turn clocks with consequences, and deciding together."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.passes.start()

    async def cog_unload(self) -> None:
        self.passes.cancel()

    @property
    def tables(self):
        return self.bot.tables

    # --- /vote -----------------------------------------------------------------------------------
    @app_commands.command(
        name="vote", description="Ask the players at your table: end, pause, resume, or a bot"
    )
    @app_commands.describe(
        what="What the table decides",
        player="Whose seat a bot plays (for handing a seat to a bot)",
        table="Table number, if you play at several",
    )
    @app_commands.choices(what=VOTE_CHOICES)
    async def vote(
        self,
        interaction: discord.Interaction,
        what: str,
        player: discord.User | None = None,
        table: int | None = None,
    ) -> None:
        """Open a vote in the table's thread; the one who asks votes yes."""
        lang = flow.lang_of(interaction)
        try:
            game = await flow.resolve_game(interaction, table)
            news = await self.tables.votes.open_vote(
                game.id,
                interaction.user.id,
                what,
                target=player.id if player is not None else None,
                admin=is_admin(interaction),
                guild_id=interaction.guild_id,
            )
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        if news.vote is None:  # the host resumed a paused table at once
            await respond.to(interaction).send(t(lang, "done.resumed", id=game.id), ephemeral=True)
        else:
            await respond.to(interaction).send(
                t(lang, "done.vote_opened", id=game.id), ephemeral=True
            )
            await self.post_vote(news)
        await self.carry_out(news)

    # --- delivering ------------------------------------------------------------------------------
    async def post_vote(self, news: VoteNews) -> None:
        """A vote's message in the table's thread, with Yes and No while it is open."""
        lang = await self.tables.table_lang(news.game)
        view = ui.vote_view(news.vote.id, lang) if news.result is None else None
        message = await self.bot.messenger.thread_send(
            news.game,
            content=vote_text(news, lang),
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if message is not None:
            await self.tables.votes.set_message(news.vote.id, message.channel.id, message.id)

    async def carry_out(self, news: VoteNews) -> None:
        """What a passed vote changed, shown: the end of the game, or a line at the table (and
        the bots play on)."""
        outcome = news.outcome
        if outcome is None:
            return
        game = outcome.game
        post = self.bot.messenger
        if game.status in ("finished", "abandoned"):
            await post.update_board(game.id)
            word = "results.vote_end" if game.status == "finished" else "results.vote_stop"
            await post.send_results(game, lead=m(word, id=game.id))
            await post.update_lobby(game)
            await post.refresh_panels(game)
            return
        await flow.publish_then_bots(self.bot, outcome)
        if news.vote is not None and news.vote.kind == "bot" and news.vote.seat is not None:
            await self.offer_back(game, news.vote.seat)

    async def offer_back(self, game, seat: int) -> None:
        """A bot plays ``seat`` until its player is back: **I'm back** in the thread, and the
        player told (by DM, or held for the end of their quiet hours)."""
        game = await self.tables.game(game.id, latest=True)  # as the bots left it
        record = game.seats[seat]
        lang = await self.tables.table_lang(game)
        await self.bot.messenger.thread_send(
            game,
            content=t(lang, "clock.back_note", player=f"<@{record.user_id}>"),
            view=ui.back_view(game.id, lang),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        note = m("clock.sitting_dm", id=game.id)
        await self.bot.messenger.send_notices(
            game,
            [Notice(seat, record.user_id, False, [render(note)], news=[note])],
        )

    async def deliver_clock(self, news: ClockNews) -> None:
        post = self.bot.messenger
        if news.warnings:
            await post.send_notices(news.game, news.warnings)
        if news.outcome is not None:
            await flow.publish_then_bots(self.bot, news.outcome)
        for seat in news.sitting:
            await self.offer_back(news.game, seat)
        if news.vote is not None:
            await self.post_vote(await self.tables.votes.state_of(news.vote.id))

    async def close_message(self, news: VoteNews) -> None:
        """An expired (or otherwise closed) vote's message, without its buttons."""
        vote = news.vote
        if vote is None or vote.channel_id is None or vote.message_id is None:
            return
        lang = await self.tables.table_lang(news.game)
        channel = self.bot.get_partial_messageable(vote.channel_id)
        try:
            await channel.get_partial_message(vote.message_id).edit(
                content=vote_text(news, lang), view=None
            )
        except discord.HTTPException:
            log.warning("could not update the message of vote %s", vote.id, exc_info=True)

    # --- the pass --------------------------------------------------------------------------------
    @tasks.loop(seconds=60)
    async def passes(self) -> None:
        try:
            await self.run_clocks()
        except Exception:  # the loop must survive one bad pass
            log.exception("clock pass failed")

    @passes.before_loop
    async def _before_passes(self) -> None:
        await self.bot.wait_until_ready()

    async def run_clocks(self) -> int:
        """Warnings, time running out, votes expiring. Returns how many tables and votes."""
        done = 0
        for news in await self.tables.clocks.due():
            try:
                await self.deliver_clock(news)
            except Exception:
                log.exception("delivering the clock of table %s failed", news.game.id)
            done += 1
        for closed in await self.tables.votes.expire_due():
            await self.close_message(closed)
            await self.carry_out(closed)
            done += 1
        return done


# --- the buttons ----------------------------------------------------------------------------------
@ui.handles("vote")
@flow.guarded
async def click_vote(interaction: discord.Interaction, vote: int, yes: bool) -> None:
    """A ballot: the vote's message shows the new count (and the result once decided)."""
    svc = flow.service(interaction)
    try:
        news = await svc.votes.ballot(vote, interaction.user.id, yes, guild_id=interaction.guild_id)
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    lang = await svc.table_lang(news.game)
    await respond.to(interaction).edit(
        content=vote_text(news, lang),
        view=ui.vote_view(vote, lang) if news.result is None else None,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    cog = interaction.client.get_cog("Clocks")
    if cog is not None:
        await cog.carry_out(news)


@ui.handles("clock_back")
@flow.guarded
async def click_back(interaction: discord.Interaction, table: int) -> None:
    """**I'm back**: the bot that played the clicker's seat hands it back."""
    svc = flow.service(interaction)
    try:
        outcome = await svc.clocks.hand_back(
            table, interaction.user.id, guild_id=interaction.guild_id, bots=False
        )
    except GameError as exc:
        await flow.reply_error(interaction, exc)
        return
    lang = await svc.table_lang(outcome.game)
    await respond.to(interaction).edit(
        content=t(lang, "clock.back_done", player=interaction.user.mention),
        view=None,
        allowed_mentions=discord.AllowedMentions.none(),
    )
    await flow.publish_then_bots(interaction.client, outcome)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ClocksCog(bot))
