"""Persistent buttons and selects. Each custom_id carries what it needs (table id, seat token,
action), so every control keeps working after a restart: no view holds state in memory.

custom_id formats (at most 100 characters):
    tv:l:<op>:<table>                 lobby buttons (join, leave, bot-easy, bot-normal, bot-hard,
                                      unbot, start, cancel; plain "bot" from older lobbies)
    tv:h:<table>                      "My hand" on the public board
    tv:t:<table>                      "Text board": the public board in words, ephemeral
    tv:a:<table>:<token>:<action>     one legal action (token = the seat's prompt version)
    tv:s:<table>:<token>:<n>          select menu number n; its values are action ids
    tv:c:<table>:<token>:<action>     "Confirm: ..." for an action that asks first (undo.py)
    tv:x:<table>                      cancelling that confirmation: the panel again
    tv:u:<table>:<version>            "Undo": take back my last decision (version = the game's)
    tv:i:<table>:<token>              "Hint" at a practice table: the hard bot's advice, ephemeral
    tv:g:<game>:<page>:<b|n>          paging a rules guide (registered by cogs/guide.py)
    tv:r:<table>                      "Rematch" on a finished table's board (issue 26)
    tv:p:<games|tables>:<page>        paging /games and /tables (issue 26)
    tv:gs:<game>                      jumping to a section of a rules guide (likewise)
    tv:v:<vote>:<y|n>                 a ballot in a vote (registered by cogs/clocks.py)
    tv:k:<table>                      "I'm back": a bot that plays my seat hands it back

This module imports no other cog module: what a click does is registered by the module that
does it (``@ui.handles("move")`` in ``flow``), so calls go one way (flow -> ui) and a new kind
of control needs no import back.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import discord

from tables.words import t

# click kind -> coroutine(interaction, *what the custom_id carries)
HANDLERS: dict[str, Callable[..., Awaitable[None]]] = {}


def handles(kind: str):
    """Register the coroutine that answers clicks of ``kind`` (lobby, hand, text_board, move)."""

    def register(handler):
        HANDLERS[kind] = handler
        return handler

    return register


async def dispatch(kind: str, interaction: discord.Interaction, *args, **kwargs) -> None:
    await HANDLERS[kind](interaction, *args, **kwargs)


BUTTONS_UP_TO = 5  # more choices than this are shown as select menus
OPTIONS_PER_SELECT = 25
MAX_SELECTS = 5
LOBBY_OPS = {  # the label is the message ``button.<op>``
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "bot-easy": discord.ButtonStyle.secondary,
    "bot-normal": discord.ButtonStyle.secondary,
    "bot-hard": discord.ButtonStyle.secondary,
    "unbot": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tv:l:(?P<op>join|leave|bot|bot-easy|bot-normal|bot-hard|unbot|start"
    r"|cancel):(?P<table>\d+)",
):
    def __init__(self, op: str, table: int, lang: str = "en") -> None:
        op = "bot-normal" if op == "bot" else op  # a lobby button from before bot levels
        super().__init__(
            discord.ui.Button(
                label=t(lang, f"button.{op}"), style=LOBBY_OPS[op], custom_id=f"tv:l:{op}:{table}"
            )
        )
        self.op, self.table = op, table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(match["op"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("lobby", interaction, self.op, self.table)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tv:h:(?P<table>\d+)"):
    def __init__(self, table: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.hand"),
                emoji="🃏",
                style=discord.ButtonStyle.primary,
                custom_id=f"tv:h:{table}",
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("hand", interaction, self.table)


class TextBoardButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tv:t:(?P<table>\d+)"):
    def __init__(self, table: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.text_board"),
                emoji="📝",
                style=discord.ButtonStyle.secondary,
                custom_id=f"tv:t:{table}",
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("text_board", interaction, self.table)


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tv:a:(?P<table>\d+):(?P<token>-?\d+):(?P<action>[a-z0-9:._-]{1,64})",
):
    def __init__(self, table: int, token: int, action: str, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"tv:a:{table}:{token}:{action}",
            )
        )
        self.table, self.token, self.action = table, token, action

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["token"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("move", interaction, self.table, self.token, self.action)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"tv:s:(?P<table>\d+):(?P<token>-?\d+):(?P<n>\d)",
):
    def __init__(
        self,
        table: int,
        token: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose…",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"tv:s:{table}:{token}:{n}",
                options=options or [discord.SelectOption(label="…")],
                placeholder=placeholder[:150],
            )
        )
        self.table, self.token = table, token

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["token"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await dispatch("move", interaction, self.table, self.token, values[0] if values else None)


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tv:c:(?P<table>\d+):(?P<token>-?\d+):(?P<action>[a-z0-9:._-]{1,64})",
):
    """The second click of an action that asks for a confirmation first."""

    def __init__(
        self, table: int, token: int, action: str, label: str = "…", lang: str = "en"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.confirm", label=label)[:80],
                style=discord.ButtonStyle.danger,
                custom_id=f"tv:c:{table}:{token}:{action}",
            )
        )
        self.table, self.token, self.action = table, token, action

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["token"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("move", interaction, self.table, self.token, self.action, confirmed=True)


class CancelButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tv:x:(?P<table>\d+)"):
    def __init__(self, table: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.cancel_move"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"tv:x:{table}",
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("cancel", interaction, self.table)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"tv:u:(?P<table>\d+):(?P<version>\d+)"
):
    def __init__(self, table: int, version: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.undo"),
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"tv:u:{table}:{version}",
            )
        )
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("undo", interaction, self.table, self.version)


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"tv:v:(?P<vote>\d+):(?P<yes>[yn])"
):
    def __init__(self, vote: int, yes: bool, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.vote_yes" if yes else "button.vote_no"),
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"tv:v:{vote}:{'y' if yes else 'n'}",
            )
        )
        self.vote, self.yes = vote, yes

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["vote"]), match["yes"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("vote", interaction, self.vote, self.yes)


class BackButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tv:k:(?P<table>\d+)"):
    def __init__(self, table: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.im_back"),
                style=discord.ButtonStyle.primary,
                custom_id=f"tv:k:{table}",
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("clock_back", interaction, self.table)


def vote_view(vote: int, lang: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(vote, True, lang))
    view.add_item(VoteButton(vote, False, lang))
    return view


def back_view(table: int, lang: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(BackButton(table, lang))
    return view


class HintButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"tv:i:(?P<table>\d+):(?P<token>-?\d+)"
):
    """At a practice table (issue 26): what the hard bot would play in my seat, only to me."""

    def __init__(self, table: int, token: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.hint"),
                emoji="💡",
                style=discord.ButtonStyle.success,
                custom_id=f"tv:i:{table}:{token}",
            )
        )
        self.table, self.token = table, token

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]), int(match["token"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("hint", interaction, self.table, self.token)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tv:r:(?P<table>\d+)"):
    def __init__(self, table: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=t(lang, "button.rematch"),
                emoji="🔁",
                style=discord.ButtonStyle.success,
                custom_id=f"tv:r:{table}",
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("rematch", interaction, self.table)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tv:p:(?P<what>games|tables):(?P<page>\d{1,4})",
):
    """Back or Next in a paged list (``what``: /games or /tables), to page ``page``."""

    def __init__(self, what: str, page: int, label: str = "…", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tv:p:{what}:{page}",
                disabled=disabled,
            )
        )
        self.what, self.page = what, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(match["what"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch("page", interaction, self.what, self.page)


def pages_view(what: str, page: int, pages: int, lang: str = "en") -> discord.ui.View | None:
    """Back and Next under page ``page`` (from 0) of ``pages``; none for a single page."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    # the two custom ids always differ (Discord wants them unique): page - 1 and page + 1, or
    # 0 and 1 on the first page, or the last two on the last
    back, after = max(page - 1, 0), min(page + 1, pages - 1)
    view.add_item(PageButton(what, back, t(lang, "button.back"), disabled=page == 0))
    view.add_item(PageButton(what, after, t(lang, "button.next"), disabled=page >= pages - 1))
    return view


DYNAMIC_ITEMS = (
    LobbyButton,
    HandButton,
    TextBoardButton,
    ActionButton,
    ActionSelect,
    ConfirmButton,
    CancelButton,
    UndoButton,
    RematchButton,
    PageButton,
    VoteButton,
    BackButton,
    HintButton,
)


def lobby_view(table: int, status: str, lang: str = "en") -> discord.ui.View | None:
    if status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for op in LOBBY_OPS:
        view.add_item(LobbyButton(op, table, lang))
    return view


def board_view(table: int, status: str, lang: str = "en") -> discord.ui.View | None:
    """My hand and Text board while the game runs; Rematch once it is finished."""
    if status == "finished":
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(table, lang))
        return view
    if status != "running":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table, lang))
    view.add_item(TextBoardButton(table, lang))
    return view


def controls_view(
    table: int, token: int, choices: list[tuple[str, str]], lang: str = "en"
) -> tuple[discord.ui.View | None, str]:
    """Buttons for up to five choices, else select menus; plus a note if some did not fit."""
    if not choices:
        return None, ""
    view = discord.ui.View(timeout=None)
    if len(choices) <= BUTTONS_UP_TO:
        for action, label in choices:
            view.add_item(ActionButton(table, token, action, label))
        return view, ""
    chunks = [
        choices[i : i + OPTIONS_PER_SELECT] for i in range(0, len(choices), OPTIONS_PER_SELECT)
    ]
    for n, chunk in enumerate(chunks[:MAX_SELECTS]):
        first, last = chunk[0][1], chunk[-1][1]
        placeholder = (
            t(lang, "controls.choose") if len(chunks) == 1 else f"{first[:60]} … {last[:60]}"
        )
        options = [
            discord.SelectOption(label=label[:100] or action, value=action)
            for action, label in chunk
        ]
        view.add_item(ActionSelect(table, token, n, options, placeholder))
    note = ""
    if len(chunks) > MAX_SELECTS:
        note = t(lang, "controls.too_many", n=MAX_SELECTS * OPTIONS_PER_SELECT, total=len(choices))
    return view, note


def confirm_view(
    table: int, token: int, action: str, label: str, lang: str = "en"
) -> discord.ui.View:
    """ "Confirm: <label>" (the same prompt token as the action's own button) and Cancel, in
    ``lang``."""
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(table, token, action, label, lang))
    view.add_item(CancelButton(table, lang))
    return view


def with_hint(
    view: discord.ui.View | None, table: int, token: int, lang: str = "en"
) -> discord.ui.View | None:
    """``view`` (a seat's controls) plus a Hint button, when there is room for one (a panel of
    ``MAX_SELECTS`` select menus has none: the choices come first)."""
    if view is None:
        view = discord.ui.View(timeout=None)
    elif sum(isinstance(item, ActionSelect) for item in view.children) >= MAX_SELECTS:
        return view
    view.add_item(HintButton(table, token, lang))
    return view


def with_undo(
    view: discord.ui.View | None, table: int, version: int | None, lang: str = "en"
) -> discord.ui.View | None:
    """``view`` plus an Undo button (when ``version`` is given: the player may undo now)."""
    if version is None:
        return view
    if view is None:
        view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(table, version, lang))
    return view
