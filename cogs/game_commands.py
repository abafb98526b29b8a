"""The per-game command group: ``/<game> move`` with autocomplete from the caller's legal
moves, ``/<game> rules`` (the paged guide), ``/<game> card`` (the card reference) and
``/<game> practice`` (a practice table against bots, started at once: issue 26).

Every game's group is built from the engine registry (``game_cog``): its name is the engine's
``name``, its description says the engine's ``title``; a game's module in ``cogs/`` is one line,
``setup = setup_for("<game>")``, so a fifth game needs no new command code.
"""

from __future__ import annotations

import re
import types

import discord
from discord import app_commands
from discord.ext import commands

from engines import REGISTRY, GameError
from tables.lobby import PRACTICE_LEVEL
from tables.words import WORDS

from . import flow, guide, respond
from .table import table_language

LEVEL_CHOICES = [
    app_commands.Choice(name=WORDS[f"choice.level.{level}"], value=level)
    for level in ("easy", "normal", "hard")
]
# the most seats of any game (each game's own range is checked when the table opens)
MOST_PLAYERS = max(engine.max_players for engine in REGISTRY.values())
FEWEST_PLAYERS = min(engine.min_players for engine in REGISTRY.values())

# An autocompleted move: "<action id>@<prompt version>", so that a repeated or out-of-date
# command is refused like a stale button (at most 64 + 1 + 20 characters, within Discord's 100).
TYPED_MOVE = re.compile(r"(?P<action>[a-z0-9:._-]{1,64})@(?P<token>-?\d{1,19})")


def split_typed(text: str) -> tuple[str, int | None]:
    """(action or label, prompt version or None) of what was sent as a move."""
    text = text.strip()
    match = TYPED_MOVE.fullmatch(text)
    return (match["action"], int(match["token"])) if match else (text, None)


class GameCommands(commands.GroupCog):
    kind = ""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*guide.DYNAMIC_ITEMS)  # the guide's paging controls

    @app_commands.command(name="move", description="Make a move (start typing to see your moves)")
    @app_commands.describe(
        action="Your move",
        table="Table number, if you play at several",
        confirm="Play it without asking, even if it cannot be taken back",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        action: str,
        table: int | None = None,
        confirm: bool = False,
    ) -> None:
        """Play one of your legal moves by its id or label (a move that cannot be taken back
        and asks first is played at once with ``confirm``)."""
        try:
            game = await flow.resolve_game(interaction, table, self.kind)
            seat = self.bot.tables.seat_for(game, interaction.user.id)
        except GameError as exc:
            await flow.reply_error(interaction, exc)
            return
        typed, token = split_typed(action)
        lang = flow.lang_of(interaction)  # a label typed in English or in the player's language
        choices = self.bot.tables.choices(game, seat)
        if lang != "en":
            choices += self.bot.tables.choices(game, seat, lang)
        by_label = {label.lower(): a for a, label in choices}
        action = by_label.get(typed.lower(), typed)
        await flow.command_move(interaction, game, action, token, confirmed=confirm)

    @move.autocomplete("action")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            game = await flow.resolve_game(
                interaction, getattr(interaction.namespace, "table", None), self.kind
            )
            seat = self.bot.tables.seat_for(game, interaction.user.id)
        except GameError:
            return []
        typed = current.lower()
        token = game.seats[seat].prompt_version
        return [
            app_commands.Choice(name=label[:100], value=f"{action}@{token}")
            for action, label in self.bot.tables.choices(game, seat, flow.lang_of(interaction))
            if typed in label.lower() or typed in action
        ][:25]

    @app_commands.command(name="rules", description="The whole game explained, page by page")
    async def rules(self, interaction: discord.Interaction) -> None:
        """The rules guide (``guides/<game>.md``), paged with Back / Next, only to you."""
        await guide.send_guide(interaction, self.kind)

    @app_commands.command(name="card", description="What a card (or token) does, and when")
    @app_commands.describe(name="The card's name (start typing to see them)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        """One entry of the card reference (``guides/<game>_cards.md``), only to you."""
        await guide.send_card(interaction, self.kind, name)

    @app_commands.command(
        name="practice",
        description="A practice game against bots, started at once: hints, and not rated",
        extras=respond.PUBLIC_ANSWER,  # the practice table's lobby message is public
    )
    @app_commands.describe(
        level="How well the bots play (default: normal)",
        players="How many players, you included (default: 3)",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def practice(
        self,
        interaction: discord.Interaction,
        level: str = PRACTICE_LEVEL,
        players: app_commands.Range[int, FEWEST_PLAYERS, MOST_PLAYERS] | None = None,
    ) -> None:
        """A practice table in this channel: the caller and bots of ``level`` (``players``
        seats in all), started at once; a Hint button on the caller's panel, not rated."""
        await flow.start_practice(
            interaction, self.kind, level, players, table_language(interaction, None)
        )

    @card.autocomplete("name")
    async def card_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return guide.card_choices(self.kind, current, flow.lang_of(interaction))


def game_cog(kind: str) -> type[GameCommands]:
    """The command-group cog of the game ``kind``, built from its engine in the registry."""
    engine = REGISTRY[kind]
    return types.new_class(
        f"{kind.capitalize()}Commands",
        (GameCommands,),
        {"group_name": kind, "group_description": WORDS["desc.group"].format(title=engine.title)},
        lambda namespace: namespace.update(kind=kind, __doc__=f"/{kind}: {engine.title}."),
    )


def setup_for(kind: str):
    """The extension ``setup`` of the game ``kind`` (``cogs/<kind>.py``)."""

    async def setup(bot: commands.Bot) -> None:
        await bot.add_cog(game_cog(kind)(bot))

    return setup
