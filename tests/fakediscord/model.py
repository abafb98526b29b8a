"""In-memory model objects of the fake Discord server.

These are plain objects that tests can assert on.  They are owned and mutated by
:class:`tests.fakediscord.server.FakeDiscord`; tests should treat them as read-only.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# Channel types (Discord API)
TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

DISCORD_EPOCH = 1420070400000


class FakeDiscordError(AssertionError):
    """Raised by the driver API when a test asks for something real Discord would not allow
    (unknown command/option, clicking a button that is not on the message, no answer from the bot...)."""


def iso(ts: datetime.datetime) -> str:
    return ts.isoformat()


def now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    global_name: str | None = None
    admin: bool = False  # Administrator and Manage Server in every guild
    dm_channel_id: int | None = None
    locale: str = "en-US"  # the user's client language, sent as an interaction's `locale`

    def payload(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            d["bot"] = True
        return d

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    member_ids: list[int] = field(default_factory=list)
    admin_ids: list[int] = field(default_factory=list)  # Administrator and Manage Server here
    channel_ids: list[int] = field(default_factory=list)
    joined_at: datetime.datetime = field(default_factory=now)
    preferred_locale: str = "en-US"  # a Community server's language; `guild_locale` of interactions
    max_active_threads: int = 1000  # Discord's cap on a guild's active threads (160006 beyond)
    # Roles (what the bot reads: GUILD_CREATE, GET /guilds/{id}/roles, its member's `roles`):
    # @everyone's permissions (None: all but Administrator and Manage Server), and the bot's own managed role, which
    # Discord creates when a bot is invited with permissions (None: no such role). Set them
    # with FakeDiscord.set_bot_permissions.
    everyone_permissions: int | None = None
    bot_role_id: int | None = None
    bot_role_permissions: int = 0

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None  # threads: the parent text channel
    owner_id: int | None = None  # threads: creator
    recipient_id: int | None = None  # DMs: the other user
    position: int = 0
    message_ids: list[int] = field(default_factory=list)
    created_at: datetime.datetime = field(default_factory=now)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    starter_message_id: int | None = None
    messages_sent: int = 0
    attach_files: bool = True  # the bot's Attach Files permission here (a thread: its parent's)
    denied: frozenset[str] = frozenset()  # permissions taken from the bot here (aging.deny)
    deleted: bool = False  # deleted by a moderator (aging.delete_channel): 10003 from then on
    last_active: datetime.datetime | None = None  # last message or unarchive (auto-archive)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        return f"<FakeChannel {self.name!r} type={self.type} id={self.id}>"


def iter_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Walk a (possibly nested) component tree depth first."""
    for c in components or []:
        yield c
        if "components" in c:
            yield from iter_components(c["components"])
        if "component" in c and isinstance(c["component"], dict):
            yield from iter_components([c["component"]])
        if "accessory" in c and isinstance(c["accessory"], dict):
            yield from iter_components([c["accessory"]])


@dataclass(eq=False)
class FakeMessage:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edit_count: int = 0
    timestamp: datetime.datetime = field(default_factory=now)
    edited_timestamp: datetime.datetime | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None  # the interaction that created this message, if any
    ephemeral_user_id: int | None = None  # the only user who can see an ephemeral message
    message_reference: dict[str, Any] | None = None
    thread_id: int | None = None  # thread started from this message
    deleted: bool = False
    tts: bool = False
    files: dict[int, bytes] = field(default_factory=dict)  # attachment id -> raw bytes

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def edited(self) -> bool:
        return self.edit_count > 0

    @property
    def attachment_names(self) -> list[str]:
        return [a["filename"] for a in self.attachments]

    def file_bytes(self, filename: str) -> bytes:
        for a in self.attachments:
            if a["filename"] == filename:
                return self.files[int(a["id"])]
        raise KeyError(filename)

    def all_components(self) -> list[dict[str, Any]]:
        return list(iter_components(self.components))

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in iter_components(self.components) if c.get("type") == 2]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in iter_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    @property
    def embed_text(self) -> str:
        """All text of all embeds, concatenated (handy for `in` assertions)."""
        parts: list[str] = []
        for e in self.embeds:
            for key in ("title", "description"):
                if e.get(key):
                    parts.append(str(e[key]))
            for f in e.get("fields", []):
                parts.append(str(f.get("name", "")))
                parts.append(str(f.get("value", "")))
            if e.get("footer", {}).get("text"):
                parts.append(e["footer"]["text"])
            if e.get("author", {}).get("name"):
                parts.append(e["author"]["name"])
        return "\n".join(parts)

    def __repr__(self) -> str:
        return (
            f"<FakeMessage id={self.id} channel={self.channel_id} author={self.author_id} "
            f"content={self.content[:40]!r} embeds={len(self.embeds)} flags={self.flags}>"
        )


@dataclass(eq=False)
class InteractionResult:
    """What the bot did in answer to one interaction sent by the driver."""

    id: int
    token: str
    type: int  # interaction type: 2 command, 3 component, 4 autocomplete, 5 modal submit
    user: FakeUser
    channel_id: int
    guild_id: int | None
    issued_at: float = 0.0  # FakeDiscord.now() when sent: the 3 s deadline, the 15-minute token
    target_message_id: int | None = None  # component/modal: the message the component is on
    response_type: int | None = None  # 4, 5, 6, 7, 8, 9
    callback: dict[str, Any] | None = None  # raw callback payload
    message: FakeMessage | None = None  # message created by a type 4/5 response
    updated_message: FakeMessage | None = None  # component message (type 6/7 responses)
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None  # autocomplete result
    modal: dict[str, Any] | None = None  # modal sent (type 9)
    command_name: str | None = None
    custom_id: str | None = None

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def original(self) -> FakeMessage | None:
        """The message @original refers to: the created response, or the component's message."""
        return self.message or self.updated_message

    @property
    def content(self) -> str | None:
        o = self.original
        return None if o is None else o.content

    @property
    def embeds(self) -> list[dict[str, Any]]:
        o = self.original
        return [] if o is None else o.embeds

    @property
    def components(self) -> list[dict[str, Any]]:
        o = self.original
        return [] if o is None else o.components

    @property
    def embed_text(self) -> str:
        o = self.original
        return "" if o is None else o.embed_text

    @property
    def buttons(self) -> list[dict[str, Any]]:
        o = self.original
        return [] if o is None else o.buttons

    @property
    def ephemeral(self) -> bool:
        if self.response_type in (4, 5) and self.callback is not None:
            return bool((self.callback.get("data") or {}).get("flags", 0) & FLAG_EPHEMERAL)
        o = self.original
        return bool(o and o.ephemeral)

    @property
    def messages(self) -> list[FakeMessage]:
        """Every message this interaction produced (response + follow-ups), without duplicates."""
        out: list[FakeMessage] = []
        for m in ([self.message] if self.message else []) + self.followups:
            if m not in out:
                out.append(m)
        return out

    def __repr__(self) -> str:
        return (
            f"<InteractionResult id={self.id} type={self.type} response_type={self.response_type} "
            f"content={self.content!r} ephemeral={self.ephemeral} followups={len(self.followups)}>"
        )
