"""Answering an interaction in time, whatever is slow: every handler answers through here.

Discord forgets an interaction whose first answer comes more than 3 seconds after it was
created (the user reads "This interaction failed", the bot gets 404 / 10062). Anything can be
slow now and then: a busy database, drawing a picture, a rate limit (429) discord.py waits out.
So each interaction has one ``Responder`` (``to(interaction)``), and while a handler runs
(``watching``: started by ``flow.guarded`` and, for every slash command, by ``WatchingTree``) a
watchdog answers for it if it has not answered after ``DEFER_AFTER`` seconds:

* a slash command is deferred "thinking" (ephemeral unless the command declares a public
  answer with ``extras=PUBLIC_ANSWER``, like ``/play``'s lobby);
* a button, a select or a modal is given a deferred update (nothing shows, the control
  stops spinning).

The handler then answers as usual: ``send`` becomes a follow-up (still ephemeral if asked;
an ephemeral answer after a public "thinking" deletes that placeholder first, since the first
follow-up would fill it, publicly), ``edit`` (the clicked message) becomes
``edit_original_response``. A modal must be the first answer, so a handler answering with a
modal does nothing slow before it (the history's Jump button builds its modal at once).

``WatchingTree`` overrides ``CommandTree._call`` (discord.py's one entry for every command
interaction), so a new slash command is watched without anything to remember.

The watchdog and the handler never both answer first: "is it answered? then answer" runs under
one lock per interaction (discord.py marks the response done only once the HTTP call returned).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord import app_commands

from storage import counting

log = logging.getLogger("tavern.respond")

DEFER_AFTER = 2.0  # seconds a handler may take before its interaction is deferred
PUBLIC_ANSWER = {"public_answer": True}  # ``extras`` of a slash command answered publicly
_KEY = "tavern.responder"


class Responder:
    """The one way a handler answers its interaction (see the module docstring)."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.deferred = False  # the watchdog (or the handler) deferred: answers are follow-ups
        self._lock = asyncio.Lock()
        self._thinking_public = False  # a public "thinking" placeholder shows

    @property
    def response(self) -> discord.InteractionResponse:
        return self.interaction.response

    async def send(self, content: Any = None, *, ephemeral: bool = False, **kwargs) -> Any:
        """A new message answering the interaction (a follow-up once it is deferred); the
        message sent, where Discord says (``/play`` keeps its lobby message's id)."""
        async with self._lock:
            if not self.response.is_done():
                sent = await self.response.send_message(content, ephemeral=ephemeral, **kwargs)
                return getattr(sent, "resource", None)
            if ephemeral and self._thinking_public:  # a private answer: the placeholder goes
                self._thinking_public = False
                await self.interaction.delete_original_response()
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        if content is not None:
            kwargs["content"] = content
        return await self.interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)

    async def edit(self, **kwargs) -> None:
        """Edit the message whose control was used (after a deferral, the original response)."""
        async with self._lock:
            if not self.response.is_done():
                await self.response.edit_message(**kwargs)
                return
        await self.interaction.edit_original_response(**kwargs)

    async def modal(self, modal: discord.ui.Modal) -> None:
        """Show a modal: only as the first answer (nothing slow may come before it)."""
        async with self._lock:
            if self.response.is_done():
                raise RuntimeError("a modal must be the first answer to an interaction")
            await self.response.send_modal(modal)

    async def defer(self, *, ephemeral: bool = True, thinking: bool = False) -> None:
        """Defer now (a handler about to do something slow); nothing if already answered."""
        async with self._lock:
            await self._defer(ephemeral=ephemeral, thinking=thinking)

    async def _defer(self, *, ephemeral: bool, thinking: bool) -> None:
        if self.response.is_done():
            return
        await self.response.defer(ephemeral=ephemeral, thinking=thinking)
        self.deferred = True
        self._thinking_public = thinking and not ephemeral

    async def watchdog(self, after: float) -> None:
        """Defer unless the handler has answered within ``after`` seconds."""
        await asyncio.sleep(after)
        async with self._lock:
            if self.response.is_done():
                return
            command = self.interaction.command
            log.info("deferring a slow answer to %s", command.name if command else "a control")
            try:
                if self.interaction.type is discord.InteractionType.application_command:
                    public = bool(getattr(command, "extras", {}).get("public_answer"))
                    await self._defer(ephemeral=not public, thinking=True)
                else:
                    await self._defer(ephemeral=True, thinking=False)
            except discord.HTTPException:  # too late already: the handler's answer will say
                log.warning("could not defer an interaction", exc_info=True)


def to(interaction: discord.Interaction) -> Responder:
    """The interaction's responder (made on first use)."""
    responder = interaction.extras.get(_KEY)
    if responder is None:
        responder = interaction.extras[_KEY] = Responder(interaction)
    return responder


@contextlib.asynccontextmanager
async def watching(
    interaction: discord.Interaction, after: float | None = None
) -> AsyncIterator[Responder]:
    """While the block runs, the interaction is deferred if still unanswered after ``after``
    seconds (``DEFER_AFTER``). Nested blocks share the outer one's watchdog."""
    responder = to(interaction)
    if interaction.type is discord.InteractionType.autocomplete or interaction.extras.get(
        _KEY + ".watched"
    ):
        yield responder
        return
    interaction.extras[_KEY + ".watched"] = True
    task = asyncio.create_task(responder.watchdog(DEFER_AFTER if after is None else after))
    try:
        yield responder
    finally:
        task.cancel()
        interaction.extras.pop(_KEY + ".watched", None)


class WatchingTree(app_commands.CommandTree):
    """The bot's command tree: every slash command runs ``watching`` its interaction (its
    error handler included), counting what it stores (``storage.counting``: its error handler
    tells whether it was stored, ``flow.failure_text``)."""

    async def _call(self, interaction: discord.Interaction) -> None:
        async with watching(interaction):
            with counting():
                await super()._call(interaction)
