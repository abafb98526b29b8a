"""The rules guide and the card reference on Discord: embeds, paging buttons, autocomplete.

The text is data in ``guides/`` (``guides/<lang>/`` for a translated guide, else English); this
module only lays it out, text and chrome (buttons, footers, errors) in the reader's language.
Paging buttons are persistent (their custom_id names the game and the page), so a guide opened
before a restart still pages:

    tv:g:<game>:<page>:<b|n>     Back / Next to page <page> (0-based)
    tv:gs:<game>                 the "jump to a section" menu; its values are page numbers
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

import guides
from engines import REGISTRY
from tables.words import t

from . import respond
from .flow import lang_of

COLOUR = discord.Colour.dark_green()
MAX_OPTIONS = 25  # a select menu's limit


def guide_embed(kind: str, page: int, lang: str = "en") -> discord.Embed:
    pages = guides.guide(kind, lang)
    page = max(0, min(page, len(pages) - 1))
    title = f"{REGISTRY[kind].title}: {pages[page].title}"[:256]
    embed = discord.Embed(title=title, description=pages[page].body, colour=COLOUR)
    embed.set_footer(text=t(lang, "guide.footer", n=page + 1, total=len(pages), kind=kind))
    return embed


def guide_view(kind: str, page: int, lang: str = "en") -> discord.ui.View:
    pages = guides.guide(kind, lang)
    view = discord.ui.View(timeout=None)
    view.add_item(GuideButton(kind, page - 1, "b", disabled=page <= 0, lang=lang))
    view.add_item(GuideButton(kind, page + 1, "n", disabled=page >= len(pages) - 1, lang=lang))
    options = [
        discord.SelectOption(label=f"{n + 1}. {p.title}"[:100], value=str(n), default=n == page)
        for n, p in enumerate(pages)
    ][:MAX_OPTIONS]
    view.add_item(SectionSelect(kind, options, lang))
    return view


class GuideButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tv:g:(?P<kind>[a-z]{1,20}):(?P<page>-?\d{1,3}):(?P<way>[bn])",
):
    def __init__(
        self, kind: str, page: int, way: str, disabled: bool = False, lang: str = "en"
    ) -> None:
        label = t(lang, "guide.back") if way == "b" else t(lang, "guide.next")
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tv:g:{kind}:{page}:{way}",
                disabled=disabled,
            )
        )
        self.kind, self.page = kind, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(match["kind"], int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await turn_page(interaction, self.kind, self.page)


class SectionSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"tv:gs:(?P<kind>[a-z]{1,20})"
):
    def __init__(
        self, kind: str, options: list[discord.SelectOption] | None = None, lang: str = "en"
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"tv:gs:{kind}",
                placeholder=t(lang, "guide.jump"),
                options=options or [discord.SelectOption(label="…")],
            )
        )
        self.kind = kind

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["0"]
        raw = str(values[0])
        page = int(raw) if raw.isascii() and raw.isdigit() else 0  # "²" is a digit to isdigit()
        await turn_page(interaction, self.kind, page)


# Registered by every game's command group (``GameCommands.cog_load``; registering twice is
# harmless), so ``ui`` needs no import of this module.
DYNAMIC_ITEMS = (GuideButton, SectionSelect)


async def _reply(interaction: discord.Interaction, message: str) -> None:
    await respond.to(interaction).send(message, ephemeral=True)


async def turn_page(interaction: discord.Interaction, kind: str, page: int) -> None:
    """Show another page in place (the guide is ephemeral: only its asker sees and pages it)."""
    lang = lang_of(interaction)
    if kind not in REGISTRY:
        await _reply(interaction, t(lang, "guide.gone"))
        return
    page = max(0, min(page, len(guides.guide(kind, lang)) - 1))
    await respond.to(interaction).edit(
        embed=guide_embed(kind, page, lang), view=guide_view(kind, page, lang)
    )


async def send_guide(interaction: discord.Interaction, kind: str) -> None:
    lang = lang_of(interaction)
    await respond.to(interaction).send(
        embed=guide_embed(kind, 0, lang), view=guide_view(kind, 0, lang), ephemeral=True
    )


def card_embed(kind: str, entry: guides.Card, lang: str = "en") -> discord.Embed:
    embed = discord.Embed(
        title=entry.name[:256], description=entry.text[: guides.CARD_LIMIT], colour=COLOUR
    )
    embed.add_field(name=t(lang, "guide.facts"), value=entry.facts[:1024], inline=False)
    embed.set_footer(text=t(lang, "guide.card_footer", game=REGISTRY[kind].title, kind=kind))
    return embed


async def send_card(interaction: discord.Interaction, kind: str, name: str) -> None:
    lang = lang_of(interaction)
    entry = guides.card(kind, name, lang)
    if entry is None:
        await _reply(
            interaction, t(lang, "guide.no_card", game=REGISTRY[kind].title, name=repr(name[:80]))
        )
        return
    await respond.to(interaction).send(embed=card_embed(kind, entry, lang), ephemeral=True)


def card_choices(kind: str, typed: str, lang: str = "en") -> list[app_commands.Choice[str]]:
    """At most 25 choices, names (in ``lang``) and values within Discord's 100 characters; what
    is typed may be a name in ``lang`` or in English."""
    return [
        app_commands.Choice(name=entry.name[:100], value=entry.key[:100])
        for entry in guides.cards(kind, lang)
        if entry.matches(typed)
    ][:25]
