"""A slash command's options checked against the command itself before it runs.

Discord checks each option's type, range and choices before it sends an interaction, and
discord.py trusts it: it passes the values on as they came. A payload that did not come that
way (a forged or replayed request, a client bug) would reach the command with a string for a
number or a fraction for a whole number, and fail deep inside it ("Something went wrong"), or
worse, be stored. ``bad_option`` finds such a value first, so the command is refused with a
clear, ephemeral answer and nothing changes.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import AppCommandOptionType as T
from discord import app_commands

from engines.words import Msg
from tables.words import m

from .flow import reply_error
from .respond import WatchingTree

# the Python types a value of each option type arrives as (snowflakes arrive as strings)
VALUE_TYPES: dict[T, tuple[type, ...]] = {
    T.string: (str,),
    T.integer: (int,),
    T.number: (int, float),
    T.boolean: (bool,),
    T.user: (str, int),
    T.channel: (str, int),
    T.role: (str, int),
    T.mentionable: (str, int),
    T.attachment: (str, int),
}
GROUPS = (T.subcommand, T.subcommand_group)


def given_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the command that runs (inside its sub-command and group, if any)."""
    options = data.get("options") or []
    while options and options[0].get("type") in (T.subcommand.value, T.subcommand_group.value):
        options = options[0].get("options") or []
    return options


def fits(value: Any, param: app_commands.Parameter) -> bool:
    """Whether ``value`` is one Discord would have sent for ``param``."""
    types = VALUE_TYPES.get(param.type)
    if types is None or isinstance(value, bool) != (param.type is T.boolean):
        return False
    if not isinstance(value, types):
        return False
    if param.choices and value not in {c.value for c in param.choices}:
        return False
    if param.type not in (T.integer, T.number, T.string):
        return True
    size = len(value) if param.type is T.string else value  # a string's range is its length
    low, high = param.min_value, param.max_value
    return (low is None or size >= low) and (high is None or size <= high)


def bad_option(interaction: discord.Interaction) -> Msg | None:
    """Why the interaction's options cannot be taken (an unknown option, a value of the wrong
    type or outside its range or choices), or None when they are all as Discord sends them."""
    command = interaction.command
    data = interaction.data or {}
    if not isinstance(command, app_commands.Command) or data.get("type", 1) != 1:
        return None
    params = {p.display_name: p for p in command.parameters}
    for option in given_options(data):
        param = params.get(option.get("name"))
        if param is None or option.get("focused"):
            if param is None:
                return m("err.bad_option", option=str(option.get("name"))[:32])
            continue
        if option.get("type") != param.type.value or not fits(option.get("value"), param):
            return m("err.bad_option", option=param.display_name)
    return None


class CheckedTree(WatchingTree):
    """The bot's command tree: a command whose options Discord would not have sent
    (``bad_option``) is refused before it runs, ephemerally, and nothing changes; every
    command runs watched (``respond.WatchingTree``: deferred in time when slow)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        problem = bad_option(interaction)
        if problem is None:
            return True
        if interaction.type is discord.InteractionType.application_command:
            await reply_error(interaction, problem)
        return False
