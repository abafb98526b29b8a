"""A player's own settings and being away (issue 15): /settings and /away, and the passes that
send what quiet hours held back and hand seats back when an away ends. The work is done by the
table service (``tables/reminders.py``, ``tables/away.py``) and its players' service
(``tables/players.py``); these commands stay thin."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from engines import GameError
from storage import OBVIOUS_MODES, UserSettings
from tables.away import MAX_AWAY_DAYS, when
from tables.reminders import REMIND_HOURS, in_quiet_hours, timezones
from tables.words import WORDS, t

from . import flow, respond

log = logging.getLogger("tavern.settings")

NOTIFY_CHOICES = [
    app_commands.Choice(name=WORDS[f"choice.notify.{how}"], value=how)
    for how in ("dm", "mention", "both")
]  # named in each language: translator
OBVIOUS_CHOICES = [
    app_commands.Choice(name=WORDS[f"choice.obvious.{how}"], value=how) for how in OBVIOUS_MODES
]  # named in each language: translator
CHOICES = 25


def timezone_choices(typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 IANA names matching what was typed (names starting with it first; a space
    counts as an underscore: "new york" finds America/New_York)."""
    typed = typed.strip().lower().replace(" ", "_")
    names = timezones()
    first = [
        n
        for n in names
        if n.lower().startswith(typed) or n.lower().split("/")[-1].startswith(typed)
    ]
    more = [n for n in names if typed in n.lower() and n not in first]
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in (first + more)[:CHOICES]]


def settings_text(prefs: UserSettings, now: float, table_hours: float, lang: str = "en") -> str:
    """A player's settings, in their language."""
    interval = (
        t(lang, "settings.every", n=prefs.remind_hours)
        if prefs.remind_hours
        else t(lang, "settings.table_interval", n=f"{table_hours:g}")
    )
    if prefs.quiet_start is None or prefs.quiet_start == prefs.quiet_end:
        quiet = t(lang, "settings.quiet_none")
    else:
        quiet = t(
            lang,
            "settings.quiet_span",
            start=prefs.quiet_start,
            end=prefs.quiet_end,
            tz=prefs.timezone,
        ) + (t(lang, "settings.quiet_now") if in_quiet_hours(prefs, now) else "")
    lines = [
        t(lang, "settings.title"),
        t(lang, "settings.notify", how=t(lang, f"settings.notify.{prefs.notify}")),
        t(lang, "settings.reminders", interval=interval),
        t(lang, "settings.timezone", tz=prefs.timezone),
        t(lang, "settings.quiet", quiet=quiet),
        t(lang, "settings.obvious", how=t(lang, f"settings.obvious.{prefs.obvious}")),
    ]
    if prefs.away_until is not None and prefs.away_until > now:
        lines.append(
            t(
                lang,
                "settings.away_sit" if prefs.bot_sit else "settings.away",
                until=when(prefs.away_until),
            )
        )
    return "\n".join(lines)


class SettingsCog(commands.Cog, name="Settings"):
    """Your notifications, quiet hours and time away, across all your tables."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.passes.start()

    async def cog_unload(self) -> None:
        self.passes.cancel()

    @property
    def tables(self):
        return self.bot.tables

    # --- /settings -------------------------------------------------------------------------------
    @app_commands.command(
        name="settings", description="How and when I tell you it's your turn (only you see it)"
    )
    @app_commands.describe(
        notify="How you are told it's your turn",
        remind_hours=f"Remind me every this many hours ({REMIND_HOURS[0]} to {REMIND_HOURS[1]})",
        timezone="Your timezone, e.g. Europe/Berlin (for quiet hours)",
        quiet_start="Quiet hours start at this hour (0-23, your time)",
        quiet_end="Quiet hours end at this hour (0-23, your time)",
        quiet_off="Turn quiet hours off",
        obvious="A decision with only one possible move: made for you at the bots' pace, or asked",
    )
    @app_commands.choices(notify=NOTIFY_CHOICES, obvious=OBVIOUS_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        notify: str | None = None,
        remind_hours: app_commands.Range[int, 1, 72] | None = None,
        timezone: app_commands.Range[str, 1, 100] | None = None,
        quiet_start: app_commands.Range[int, 0, 23] | None = None,
        quiet_end: app_commands.Range[int, 0, 23] | None = None,
        quiet_off: bool = False,
        obvious: str | None = None,
    ) -> None:
        """Show your settings; change any of them by giving it."""
        try:
            prefs = await self.tables.players.change(
                interaction.user.id,
                notify=notify,
                remind_hours=remind_hours,
                timezone=timezone,
                quiet_start=quiet_start,
                quiet_end=quiet_end,
                quiet_off=quiet_off,
                obvious=obvious,
            )
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        await respond.to(interaction).send(
            settings_text(
                prefs,
                self.tables.clock(),
                self.tables.remind_after / 3600,
                flow.lang_of(interaction),
            ),
            ephemeral=True,
        )

    @settings.autocomplete("timezone")
    async def timezone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return timezone_choices(current)

    # --- /away -----------------------------------------------------------------------------------
    @app_commands.command(
        name="away", description="Away for a while? Pause your reminders (a bot may sit in)"
    )
    @app_commands.describe(
        days=f"How many days (1 to {MAX_AWAY_DAYS}); 0: I'm back",
        bot_sit="A bot plays your seats, cautiously, until you are back",
    )
    async def away(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 0, 90],
        bot_sit: bool = False,
    ) -> None:
        """Vacation: your reminders stop and your tables wait; the boards say until when."""
        try:
            outcomes = await self.tables.away.go_away(
                interaction.user.id, days, bot_sit=bot_sit, bots=False
            )
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        lang = flow.lang_of(interaction)
        tables = ", ".join(f"#{o.game.id}" for o in outcomes) or t(lang, "away.none_running")
        if days == 0:
            text = t(lang, "away.back", tables=tables)
        else:
            until = self.tables.clock() + days * 86400
            text = (
                t(
                    lang,
                    "away.gone_sit" if bot_sit else "away.gone",
                    until=when(until),
                    tables=tables,
                )
                + " "
                + t(lang, "away.earlier")
            )
        await respond.to(interaction).send(text, ephemeral=True)
        for outcome in outcomes:  # a bot sitting in plays on (shown with its first moves)
            await flow.publish_then_bots(self.bot, outcome)

    # --- the passes ------------------------------------------------------------------------------
    @tasks.loop(seconds=60)
    async def passes(self) -> None:
        try:
            await self.run_returns()
            await self.run_digests()
        except Exception:  # the loop must survive one bad pass
            log.exception("settings pass failed")

    @passes.before_loop
    async def _before_passes(self) -> None:
        await self.bot.wait_until_ready()

    async def run_returns(self) -> int:
        """Aways whose time ran out: seats handed back, boards updated. Returns how many
        tables changed."""
        outcomes = await self.tables.away.returns_due()
        for outcome in outcomes:
            await self.bot.messenger.publish(outcome)
        return len(outcomes)

    async def run_digests(self) -> int:
        """Players whose quiet hours ended with something held back: one message each."""
        digests = await self.tables.reminders.due_digests()
        for digest in digests:
            try:
                await self.bot.messenger.send_digest(
                    digest.user_id, digest.items, reminder=False, prefs=digest.settings
                )
            except discord.HTTPException:
                log.warning(
                    "could not send user %s what was held back", digest.user_id, exc_info=True
                )
        return len(digests)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SettingsCog(bot))
