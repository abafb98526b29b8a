"""Persistent buttons and selects. Each custom_id carries what it needs (table id, seat token,
action), so every control keeps working after a restart: no view holds state in memory.

custom_id formats (at most 100 characters):
    tv:l:<op>:<table>                 lobby buttons (join, leave, bot-easy, bot-normal, bot-hard,
                                      unbot, start, cancel; plain "bot" from older lobbies)
    tv:h:<table>                      "My hand" on the public board
    tv:a:<table>:<token>:<action>     one legal action (token = the seat's prompt version)
    tv:s:<table>:<token>:<n>          select menu number n; its values are action ids
"""
from __future__ import annotations

import re

import discord

from . import flow

BUTTONS_UP_TO = 5      # more choices than this are shown as select menus
OPTIONS_PER_SELECT = 25
MAX_SELECTS = 5
LOBBY_OPS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "bot-easy": ("Add bot: easy", discord.ButtonStyle.secondary),
    "bot-normal": ("Add bot: normal", discord.ButtonStyle.secondary),
    "bot-hard": ("Add bot: hard", discord.ButtonStyle.secondary),
    "unbot": ("Remove bot", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "cancel": ("Cancel", discord.ButtonStyle.danger),
}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tv:l:(?P<op>join|leave|bot|bot-easy|bot-normal|bot-hard|unbot|start|cancel)"
                           r":(?P<table>\d+)"):
    def __init__(self, op: str, table: int) -> None:
        label, style = LOBBY_OPS.get(op, LOBBY_OPS["bot-normal"])
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"tv:l:{op}:{table}"))
        self.op, self.table = op, table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(match["op"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow.lobby_click(interaction, self.op, self.table)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tv:h:(?P<table>\d+)"):
    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="My hand", emoji="🂠",
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"tv:h:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow.show_hand(interaction, self.table)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"tv:a:(?P<table>\d+):(?P<token>-?\d+):(?P<action>[a-z0-9:._-]{1,64})"):
    def __init__(self, table: int, token: int, action: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                           custom_id=f"tv:a:{table}:{token}:{action}"))
        self.table, self.token, self.action = table, token, action

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["token"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow.click_move(interaction, self.table, self.token, self.action)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"tv:s:(?P<table>\d+):(?P<token>-?\d+):(?P<n>\d)"):
    def __init__(self, table: int, token: int, n: int,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str = "Choose…") -> None:
        super().__init__(discord.ui.Select(custom_id=f"tv:s:{table}:{token}:{n}",
                                           options=options or [discord.SelectOption(label="…")],
                                           placeholder=placeholder[:150]))
        self.table, self.token = table, token

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["token"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if not values:
            await flow.reply_error(interaction, "Pick one of the choices.")
            return
        await flow.click_move(interaction, self.table, self.token, values[0])


DYNAMIC_ITEMS = (LobbyButton, HandButton, ActionButton, ActionSelect)


def lobby_view(table: int, status: str) -> discord.ui.View | None:
    if status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for op in LOBBY_OPS:
        view.add_item(LobbyButton(op, table))
    return view


def board_view(table: int, status: str) -> discord.ui.View | None:
    if status != "running":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table))
    return view


def controls_view(table: int, token: int,
                  choices: list[tuple[str, str]]) -> tuple[discord.ui.View | None, str]:
    """Buttons for up to five choices, else select menus; plus a note if some did not fit."""
    if not choices:
        return None, ""
    view = discord.ui.View(timeout=None)
    if len(choices) <= BUTTONS_UP_TO:
        for action, label in choices:
            view.add_item(ActionButton(table, token, action, label))
        return view, ""
    chunks = [choices[i:i + OPTIONS_PER_SELECT]
              for i in range(0, len(choices), OPTIONS_PER_SELECT)]
    for n, chunk in enumerate(chunks[:MAX_SELECTS]):
        first, last = chunk[0][1], chunk[-1][1]
        placeholder = "Choose your move…" if len(chunks) == 1 else f"{first[:60]} … {last[:60]}"
        options = [discord.SelectOption(label=label[:100] or action, value=action)
                   for action, label in chunk]
        view.add_item(ActionSelect(table, token, n, options, placeholder))
    note = ""
    if len(chunks) > MAX_SELECTS:
        note = (f"Only the first {MAX_SELECTS * OPTIONS_PER_SELECT} of {len(choices)} choices fit "
                "here; type the move command to search all of them.")
    return view, note
