"""Time and the things Discord does to old or changed places, for the fake Discord server.

Async games live for weeks, and Discord treats old things differently. This mixin gives
:class:`tests.fakediscord.server.FakeDiscord` a clock that tests move forward (``advance``)
and the errors that come with time or with a moderator's hand:

* **30046** "Maximum number of edits to messages older than 1 hour reached": a message is old
  once its snowflake is more than an hour behind the fake's clock; a channel takes
  ``old_edit_limit`` edits of old messages per rolling hour, then refuses them (400).
  Interaction answers that update a message (type 7) are not counted (Discord lets people
  click buttons on old messages).
* **10008** Unknown Message: ``delete_message`` (server.py) as a moderator would.
* **50083** "Operation cannot be performed on an archived thread": a thread idle for its
  ``auto_archive_duration`` is archived when the clock passes it (THREAD_UPDATE); posting or
  editing there fails until the bot unarchives it (PATCH ``archived: false``).
* **10003** Unknown Channel: ``delete_channel`` (a thread deleted by a moderator; THREAD_DELETE).
* **160006** "Maximum number of active threads reached": a guild's ``max_active_threads``.
* **50013** Missing Permissions / **50001** Missing Access: ``deny(channel, "send_messages",
  ...)`` takes permissions from the bot in a channel (and its threads), as a permission
  overwrite that discord.py sees (CHANNEL_UPDATE); ``allow`` gives them back.

The clock is the fake's alone: the bot keeps its own (tests move both, see tests/e2e/aged.py).
"""

from __future__ import annotations

import datetime
import time
from typing import Any

import discord

from .model import DISCORD_EPOCH, DM, TEXT, FakeChannel, FakeMessage, now

HOUR = 3600.0
OLD_EDIT_LIMIT = 3  # "a few per channel per hour"
MAX_ACTIVE_THREADS = 1000  # Discord's default per guild


class ApiRefusal(Exception):
    """Raised by the checks below; server.py turns it into its own ApiError."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def permission_bits(names: set[str] | frozenset[str]) -> int:
    return discord.Permissions(**dict.fromkeys(names, True)).value if names else 0


class Aging:
    """Mixed into FakeDiscord: the clock and what comes with time (see the module docstring)."""

    clock_offset: float = 0.0  # seconds the fake's clock is ahead of the real one
    old_edit_limit: int = OLD_EDIT_LIMIT

    # --- the clock ----------------------------------------------------------------------------
    def clock(self) -> float:
        """The fake's time, epoch seconds (the real time plus what tests advanced)."""
        return time.time() + self.clock_offset

    def utcnow(self) -> datetime.datetime:
        return now() + datetime.timedelta(seconds=self.clock_offset)

    async def advance(self, seconds: float) -> None:
        """Time passes: ``seconds`` later, threads idle for their auto-archive duration are
        archived (THREAD_UPDATE, as Discord does), and interaction tokens age."""
        self.clock_offset += seconds
        for c in list(self.channels.values()):  # type: ignore[attr-defined]
            if c.is_thread and not c.archived and not getattr(c, "deleted", False):
                idle = (self.utcnow() - self._last_active(c)).total_seconds()
                if idle >= c.auto_archive_duration * 60:
                    c.archived = True
                    await self._dispatch_thread_update(c)
        await self.settle()  # type: ignore[attr-defined]

    def _last_active(self, c: FakeChannel) -> datetime.datetime:
        return getattr(c, "last_active", None) or c.created_at

    def touch_thread(self, c: FakeChannel) -> None:
        """A message or an unarchive keeps a thread awake."""
        if c.is_thread:
            c.last_active = self.utcnow()  # type: ignore[attr-defined]

    def message_age(self, m: FakeMessage) -> float:
        created_ms = (m.id >> 22) + DISCORD_EPOCH
        return self.clock() - created_ms / 1000

    # --- 30046 ----------------------------------------------------------------------------------
    def check_old_edit(self, c: FakeChannel, m: FakeMessage) -> None:
        if self.message_age(m) <= HOUR:
            return
        edits: list[float] = self.__dict__.setdefault("_old_edits", {}).setdefault(c.id, [])
        t = self.clock()
        edits[:] = [e for e in edits if t - e < HOUR]
        if len(edits) >= self.old_edit_limit:
            self.aged_refusals.append((30046, m.id))
            raise ApiRefusal(
                400, 30046, "Maximum number of edits to messages older than 1 hour reached."
            )
        edits.append(t)

    @property
    def aged_refusals(self) -> list[tuple[int, int]]:
        """(code, message or channel id) of every refusal this module made: tests read it."""
        return self.__dict__.setdefault("_aged_refusals", [])

    # --- 50083 ----------------------------------------------------------------------------------
    def check_not_archived(self, c: FakeChannel) -> None:
        if c.is_thread and c.archived:
            self.aged_refusals.append((50083, c.id))
            raise ApiRefusal(400, 50083, "Operation cannot be performed on an archived thread")

    async def _dispatch_thread_update(self, c: FakeChannel) -> None:
        from .server import INTENT_GUILDS

        await self._dispatch("THREAD_UPDATE", self._channel_payload(c), intent=INTENT_GUILDS)  # type: ignore[attr-defined]

    # --- 10003 ----------------------------------------------------------------------------------
    async def delete_channel(self, channel: FakeChannel | int) -> None:
        """A moderator deletes a thread (or a channel): THREAD_DELETE / CHANNEL_DELETE; every
        later request on it is 404 / 10003."""
        await self._delete_channel_now(self._channel(channel))  # type: ignore[attr-defined]
        await self.settle()  # type: ignore[attr-defined]

    async def _delete_channel_now(self, c: FakeChannel) -> None:
        from .server import INTENT_GUILDS

        c.deleted = True  # type: ignore[attr-defined]
        if c.is_thread:
            data = {
                "id": str(c.id),
                "guild_id": str(c.guild_id),
                "parent_id": str(c.parent_id),
                "type": c.type,
            }
            await self._dispatch("THREAD_DELETE", data, intent=INTENT_GUILDS)  # type: ignore[attr-defined]
        else:
            await self._dispatch("CHANNEL_DELETE", self._channel_payload(c), intent=INTENT_GUILDS)  # type: ignore[attr-defined]

    def check_exists(self, c: FakeChannel) -> None:
        if getattr(c, "deleted", False):
            raise ApiRefusal(404, 10003, "Unknown Channel")

    # --- 160006 ---------------------------------------------------------------------------------
    def check_thread_cap(self, parent: FakeChannel) -> None:
        guild = self.guilds.get(parent.guild_id)  # type: ignore[attr-defined]
        cap = getattr(guild, "max_active_threads", MAX_ACTIVE_THREADS)
        active = sum(
            1
            for c in self.channels.values()  # type: ignore[attr-defined]
            if c.is_thread
            and c.guild_id == parent.guild_id
            and not c.archived
            and not getattr(c, "deleted", False)
        )
        if active >= cap:
            self.aged_refusals.append((160006, parent.id))
            raise ApiRefusal(400, 160006, "Maximum number of active threads reached")

    # --- 50013 / 50001 --------------------------------------------------------------------------
    async def deny(self, channel: FakeChannel | int, *names: str) -> None:
        """Take permissions (discord.py's names, e.g. "send_messages_in_threads") from the bot
        in ``channel`` and its threads, as a member overwrite (CHANNEL_UPDATE)."""
        await self._set_denied(channel, self.denied(self._channel(channel)) | set(names))  # type: ignore[attr-defined]

    async def allow(self, channel: FakeChannel | int, *names: str) -> None:
        """Give back permissions taken with ``deny`` (all of them when none is named)."""
        c = self._channel(channel)  # type: ignore[attr-defined]
        await self._set_denied(c, self.denied(c) - set(names) if names else set())

    async def _set_denied(self, channel: FakeChannel | int, names: set[str]) -> None:
        from .server import INTENT_GUILDS

        c = self._channel(channel)  # type: ignore[attr-defined]
        discord.Permissions(**dict.fromkeys(names, True))  # unknown names fail here
        c.denied = frozenset(names)  # type: ignore[attr-defined]
        await self._dispatch("CHANNEL_UPDATE", self._channel_payload(c), intent=INTENT_GUILDS)  # type: ignore[attr-defined]
        await self.settle()  # type: ignore[attr-defined]

    def denied(self, c: FakeChannel) -> frozenset[str]:
        """What the bot may not do in ``c`` (a thread: what its parent denies)."""
        base = c
        if c.is_thread and c.parent_id in self.channels:  # type: ignore[attr-defined]
            base = self.channels[c.parent_id]  # type: ignore[attr-defined]
        names = set(getattr(base, "denied", frozenset()))
        if not base.attach_files or not c.attach_files:
            names.add("attach_files")
        return frozenset(names)

    def overwrites(self, c: FakeChannel) -> list[dict[str, Any]]:
        """The permission overwrites a text channel's payload carries (the bot's denials)."""
        bits = permission_bits(self.denied(c))
        if not bits or c.type != TEXT:
            return []
        return [{"id": str(self.bot_user.id), "type": 1, "allow": "0", "deny": str(bits)}]  # type: ignore[attr-defined]

    def check_permission(self, c: FakeChannel, need: str) -> None:
        """``need``: a permission the request needs in ``c`` (besides View Channel)."""
        if c.type == DM:
            return
        denied = self.denied(c)
        if "view_channel" in denied:
            self.aged_refusals.append((50001, c.id))
            raise ApiRefusal(403, 50001, "Missing Access")
        if need in denied:
            self.aged_refusals.append((50013, c.id))
            raise ApiRefusal(403, 50013, "Missing Permissions")

    def post_permission(self, c: FakeChannel) -> str:
        return "send_messages_in_threads" if c.is_thread else "send_messages"
