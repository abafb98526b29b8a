"""A fake Discord (gateway + REST) for end-to-end tests of a real, unmodified discord.py client.

Usage::

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Tavern")
        chan = fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        task = asyncio.create_task(bot.start("token"))
        await fake.wait_ready(commands=True)
        res = await fake.slash(alice, chan, "play", game="ziegen")

See the package docstring for the whole driver API.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NamedTuple

import aiohttp
import yarl
from aiohttp import web

from .aging import Aging, ApiRefusal
from .contract import Contract, Violation, form_errors, violations_in
from .idle import TaskWatch
from .model import (
    DISCORD_EPOCH,
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    FakeChannel,
    FakeDiscordError,
    FakeGuild,
    FakeMessage,
    FakeUser,
    InteractionResult,
    iso,
    iter_components,
    now,
)

_log = logging.getLogger("fakediscord")

API_PREFIX = "/api/v10"
# Discord's locales (docs: Reference > Locales): an interaction's `locale`/`guild_locale`, a
# guild's `preferred_locale` and the keys of a command's localizations are among these.
DISCORD_LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)
ALL_PERMISSIONS = str((1 << 51) - 1)
# A plain member: everything but Administrator (1 << 3) and Manage Server (1 << 5).
MEMBER_PERMISSIONS = str(((1 << 51) - 1) & ~((1 << 3) | (1 << 5)))

# Gateway intents we look at
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DM_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
INTENT_GUILD_PRESENCES = 1 << 8
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# message types
MT_DEFAULT = 0
MT_THREAD_CREATED = 18
MT_REPLY = 19
MT_CHAT_INPUT = 20
MT_THREAD_STARTER = 21

# interactions: the callback within 3 s, the token (follow-ups, @original) for 15 minutes
INTERACTION_TOKEN_TTL = 15 * 60.0

# uploads (Discord's defaults for a bot without boosts)
MAX_FILES = 10
MAX_FILE_BYTES = 10 * 1024 * 1024


class Call(NamedTuple):
    """One REST request: compares equal to a plain ``(method, path_template)`` tuple."""

    method: str
    route: str


class RequestRecord(NamedTuple):
    method: str
    route: str  # path template, or the concrete path for unknown routes
    path: str  # concrete path (without /api/v10)
    query: dict[str, str]
    json: Any  # decoded JSON body / payload_json (None if none)
    status: int
    files: list[str]  # uploaded file names


class _TrackingExecutor(concurrent.futures.ThreadPoolExecutor):
    """The event loop's default executor, counting the jobs not yet finished."""

    def __init__(self, on_done: Callable[[], Any]) -> None:
        super().__init__(thread_name_prefix="fakediscord-worker")
        self._on_done = on_done
        self._lock = threading.Lock()
        self.busy = 0

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
        with self._lock:
            self.busy += 1
        try:
            fut = super().submit(fn, *args, **kwargs)
        except BaseException:
            self._finished(None)
            raise
        fut.add_done_callback(self._finished)
        return fut

    def _finished(self, _fut: Any) -> None:
        with self._lock:
            self.busy -= 1
        try:
            self._on_done()
        except RuntimeError:  # the loop is closed: nobody is waiting any more
            pass


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        d: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            d["errors"] = self.errors
        return d


def _json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # Exactly 'application/json': discord.py compares the header verbatim (no charset allowed).
    h = {"Content-Type": "application/json"}
    if headers:
        h.update(headers)
    return web.Response(body=json.dumps(data).encode(), status=status, headers=h)


def _no_content() -> web.Response:
    return web.Response(status=204)


def _form_error(message: str, path: str = "", code: str = "BASE_TYPE_INVALID") -> ApiError:
    """400 / 50035 naming the field: a dotted `path` ("embeds.0.title") nests as Discord's does."""
    return ApiError(400, 50035, "Invalid Form Body", form_errors(path, code, message))


def _parse_multipart(content_type: str, raw: bytes) -> list[tuple[dict[str, str], bytes]]:
    """Minimal multipart/form-data parser over an in-memory body -> [(lower-cased headers, data)]."""
    mo = re.search(r'boundary="?([^";]+)"?', content_type)
    if not mo:
        raise ApiError(400, 50035, "Invalid multipart body (no boundary)")
    delim = b"--" + mo.group(1).encode()
    parts: list[tuple[dict[str, str], bytes]] = []
    for chunk in raw.split(delim)[1:]:
        if chunk.startswith(b"--"):
            break
        chunk = chunk[2:] if chunk.startswith(b"\r\n") else chunk
        head, _, body = chunk.partition(b"\r\n\r\n")
        if body.endswith(b"\r\n"):
            body = body[:-2]
        headers: dict[str, str] = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            if ":" in line:
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
        parts.append((headers, body))
    return parts


def _disposition_param(disposition: str, key: str) -> str | None:
    mo = re.search(r"(?:^|;)\s*" + key + r'="((?:[^"\\]|\\.)*)"', disposition) or re.search(
        r"(?:^|;)\s*" + key + r"=([^;]+)", disposition
    )
    if not mo:
        return None
    # discord.py sends the fields unquoted (FormData(quote_fields=False))
    return mo.group(1).replace('\\"', '"')


class _Session:
    def __init__(self, session_id: str, intents: int, token: str):
        self.id = session_id
        self.intents = intents
        self.token = token
        self.seq = 0
        self.buffer: list[dict[str, Any]] = []
        self.conn: _Conn | None = None
        self.lock = asyncio.Lock()
        self.ready = False
        self.ended = False
        self.identified_at = time.monotonic()
        self.login_no = 0
        self.shard: tuple[int, int] | None = None  # (shard id, shard count) from IDENTIFY

    def serves(self, guild_id: int | None) -> bool:
        """Discord's routing: a guild's events go to shard (guild_id >> 22) % count; direct
        messages (no guild) to shard 0."""
        if self.shard is None or self.shard[1] <= 1:
            return True
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (int(guild_id) >> 22) % count)


class _Conn:
    def __init__(self, ws: web.WebSocketResponse):
        self.ws = ws
        self.session: _Session | None = None
        self.heartbeats = 0
        self.heartbeat_waiters: list[asyncio.Future] = []
        self.closed_by_server = False

    @property
    def open(self) -> bool:
        return not self.ws.closed


class _RateLimitRule(NamedTuple):
    method: str
    substring: str
    retry_after: float
    is_global: bool


class GlobalRefusal(NamedTuple):
    """A request refused by the global rate limit (``FakeDiscord.global_429s``)."""

    at: float  # loop time
    method: str
    route: str
    retry_after: float


# Discord's global rate limit: requests a second per bot token (docs: Topics > Rate Limits >
# Global Rate Limit), over every connection and process of the bot.
GLOBAL_LIMIT = 50


def global_exempt(template: str, params: dict[str, str], application_id: int) -> bool:
    """Whether a route is outside the global rate limit: Discord's interaction endpoints
    (docs: Interactions > Receiving and Responding > Endpoints: "not bound to the application's
    Global Rate Limit"): the callback, and the application's webhook of an interaction token
    (its original response and follow-ups)."""
    if template.startswith("/interactions/"):
        return True
    return template.startswith("/webhooks/") and params.get("webhook_id") == str(application_id)


def busiest_second(times: Sequence[float], window: float = 1.0) -> int:
    """The most of ``times`` (sorted) within any ``window`` seconds."""
    best, first = 0, 0
    for last, t in enumerate(times):
        while t - times[first] >= window:
            first += 1
        best = max(best, last - first + 1)
    return best


class FakeDiscord(Aging):
    """A local aiohttp server speaking the Discord gateway and REST protocols."""

    def __init__(
        self,
        *,
        bot_name: str = "TavernBot",
        token: str | None = None,
        response_timeout: float = 5.0,
        settle_idle: float = 0.0,
        interaction_deadline: float = 3.0,
        global_limit: int | None = GLOBAL_LIMIT,
    ):
        self._id_last = 0
        self.token = token  # None: accept any token
        # The privileged intents enabled for the application in the Developer Portal; an
        # IDENTIFY asking for another one is closed with 4014, as Discord does.
        self.allowed_privileged_intents = PRIVILEGED_INTENTS
        self.response_timeout = response_timeout
        self.settle_idle = settle_idle
        # Seconds Discord waits for an interaction's first answer (see _check_interaction_deadline)
        self.interaction_deadline = interaction_deadline
        self.late_interactions: list[str] = []
        self._interaction_sent_at: dict[str, float] = {}  # token -> loop time of INTERACTION_CREATE

        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        # registered commands: None -> global, guild id -> guild commands
        self.commands: dict[int | None, list[dict[str, Any]]] = {None: []}
        self.command_syncs: list[tuple[int | None, list[str]]] = []

        self.bot_user = FakeUser(self._next_id(), bot_name, bot=True)
        self.users[self.bot_user.id] = self.bot_user
        self.application_id = self.bot_user.id  # like modern Discord applications

        self.calls: list[Call] = []
        self.requests: list[RequestRecord] = []
        self.unknown_calls: list[Call] = []
        # request bodies real Discord refuses (400 / 50035): they fail the test (`assert_clean`,
        # the end of `run_bot`, leaving `async with FakeDiscord()`) even if the bot swallows the
        # error; a test that provokes one on purpose takes it with `take_violations()`.
        self.contract = Contract()
        self.contract_violations: list[Violation] = []
        self.server_errors: list[str] = []
        self.gateway_log: list[tuple[str, Any]] = []  # (direction+op/event, data) for debugging

        self._rate_limits: list[_RateLimitRule] = []
        # Discord's global rate limit, per bot token over every connection (``GLOBAL_LIMIT`` as
        # Discord has it; None: not enforced): more requests than that in any second are
        # refused with a global 429 (``_global_check``), which ``assert_clean`` reports. Every
        # request it counts is timed in ``global_arrivals`` (loop time), enforced or not;
        # ``global_429s`` lists the refusals.
        self.global_limit = global_limit
        self.global_arrivals: list[float] = []
        self.global_429s: list[GlobalRefusal] = []
        self._global_windows: dict[str, collections.deque[float]] = {}
        self._interactions: dict[str, InteractionResult] = {}  # token -> record
        self._interactions_by_id: dict[int, InteractionResult] = {}
        self._interaction_futures: dict[str, asyncio.Future] = {}
        self._sessions: dict[str, _Session] = {}
        self._conns: list[_Conn] = []
        self._inflight = 0
        self._last_activity = 0.0
        self._busy_until = 0.0
        # settle(): gateway frames sent / known processed by the client (a barrier), the bot's
        # tasks (idle.TaskWatch, while running), and what wakes a settle up
        self._frames_sent = 0
        self._frames_processed = 0
        self._watch: TaskWatch | None = None
        self._changes = 0
        self._wakers: list[asyncio.Future] = []
        self._login_no = 0
        self._sync_login_no = -1
        self._bg_tasks: set = set()

        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self.port: int | None = None
        self._saved_base: str | None = None
        self._saved_gateway: yarl.URL | None = None
        self._routes = self._build_routes()

    # ------------------------------------------------------------------ lifecycle

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> FakeDiscord:
        import discord.gateway
        import discord.http

        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/", self._ws_handler)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest_handler)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await self._site.start()
        server = self._site._server  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]

        self._saved_base = discord.http.Route.BASE
        self._saved_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.base_url + API_PREFIX
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        # Every settle() ends with a gateway barrier (op 1, answered by a heartbeat that goes
        # through the client's send limiter of 110 per minute). A long game makes hundreds of
        # them, which the real Discord never asks for: lift the client's limit while we run.
        self._saved_limiter = discord.gateway.GatewayRatelimiter.__init__.__defaults__
        discord.gateway.GatewayRatelimiter.__init__.__defaults__ = (1_000_000, 60.0)
        loop = asyncio.get_running_loop()
        self._last_activity = loop.time()
        # The bot may work in threads (asyncio.to_thread, e.g. drawing a picture) between two
        # REST calls: settle() counts that work as activity, so "settled" still means "the bot
        # has nothing left to do".
        self._executor = _TrackingExecutor(lambda: loop.call_soon_threadsafe(self._touch))
        loop.set_default_executor(self._executor)
        self._watch = TaskWatch(loop, self._poke)
        return self

    async def stop(self) -> None:
        import discord.gateway
        import discord.http

        for conn in list(self._conns):
            conn.closed_by_server = True
            try:
                await conn.ws.close(code=1001)
            except Exception:
                pass
        for t in list(self._bg_tasks):
            t.cancel()
        if self._watch is not None:
            self._watch.uninstall()
            self._watch = None
        for fut in self._interaction_futures.values():
            if not fut.done():
                fut.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._saved_base is not None:
            discord.http.Route.BASE = self._saved_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved_gateway  # type: ignore[assignment]
            discord.gateway.GatewayRatelimiter.__init__.__defaults__ = self._saved_limiter
            self._saved_base = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()
        if exc[0] is None:
            self.check_contract()

    # ------------------------------------------------------------------ ids / helpers

    def now(self) -> float:
        """The fake's clock (seconds since the epoch) for token lifetimes: ``clock()``, which
        tests move forward (aging.py). The 3-second deadline runs on real time."""
        return self.clock()

    def _next_id(self) -> int:
        ms = int(self.clock() * 1000) - DISCORD_EPOCH
        new = ms << 22
        if new <= self._id_last:
            new = self._id_last + 1
        self._id_last = new
        return new

    def _touch(self) -> None:
        try:
            self._last_activity = asyncio.get_running_loop().time()
        except RuntimeError:
            return
        self._poke()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            # not started yet / no loop: the event would go nowhere anyway
            coro.close()  # type: ignore[attr-defined]
            return
        task = loop.create_task(coro)  # type: ignore[arg-type]
        self._bg_tasks.add(task)
        task.add_done_callback(self._bg_tasks.discard)
        task.add_done_callback(lambda _t: self._poke())

    # ------------------------------------------------------------------ world building (driver)

    def add_guild(
        self,
        name: str,
        *,
        owner: FakeUser | None = None,
        with_bot: bool = True,
        preferred_locale: str = "en-US",
    ) -> FakeGuild:
        """A guild; ``with_bot=False``: the bot was never invited there (its requests for that
        guild, e.g. registering guild commands, get 403 Missing Access)."""
        if preferred_locale not in DISCORD_LOCALES:
            raise FakeDiscordError(f"{preferred_locale!r} is not a Discord locale")
        gid = self._next_id()
        # a bot never owns the servers it is in (an owner has every permission)
        owner_id = owner.id if owner else self._next_id()
        g = FakeGuild(id=gid, name=name, owner_id=owner_id, preferred_locale=preferred_locale)
        if with_bot:
            g.member_ids.append(self.bot_user.id)
        for u in self.users.values():
            if not u.bot and u.id not in g.member_ids:
                g.member_ids.append(u.id)
        self.guilds[gid] = g
        if self._sessions and with_bot:
            self._spawn(
                self._dispatch("GUILD_CREATE", self._guild_create_payload(g), intent=INTENT_GUILDS)
            )
        return g

    def add_text_channel(self, guild: FakeGuild | int, name: str) -> FakeChannel:
        g = self._guild(guild)
        c = FakeChannel(
            id=self._next_id(), type=TEXT, name=name, guild_id=g.id, position=len(g.channel_ids)
        )
        self.channels[c.id] = c
        g.channel_ids.append(c.id)
        if self._sessions:
            self._spawn(
                self._dispatch("CHANNEL_CREATE", self._channel_payload(c), intent=INTENT_GUILDS)
            )
        return c

    def add_user(
        self,
        name: str,
        *,
        dms_open: bool = True,
        bot: bool = False,
        guilds: Sequence[FakeGuild] | None = None,
        admin: bool = False,
        admin_of: Sequence[FakeGuild] = (),
        locale: str = "en-US",
    ) -> FakeUser:
        """Add a user; by default a member of every guild (also guilds added later). Members
        have every permission but Administrator and Manage Server unless ``admin`` (in every
        guild) or the guild is in ``admin_of`` (permissions are per guild, as in Discord).
        ``locale``: the language of the user's Discord client (a Discord locale)."""
        if locale not in DISCORD_LOCALES:
            raise FakeDiscordError(f"{locale!r} is not a Discord locale")
        u = FakeUser(
            id=self._next_id(),
            name=name,
            bot=bot,
            dms_open=dms_open,
            global_name=name.capitalize(),
            admin=admin,
            locale=locale,
        )
        self.users[u.id] = u
        for g in admin_of:
            g.admin_ids.append(u.id)
        for g in guilds if guilds is not None else list(self.guilds.values()):
            g.member_ids.append(u.id)
            if self._sessions:
                data = self._member_payload(g, u)
                data["guild_id"] = str(g.id)
                self._spawn(self._dispatch("GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS))
        return u

    def set_dms_open(self, user: FakeUser, open_: bool) -> None:
        user.dms_open = open_

    async def delete_message(self, message: FakeMessage | int) -> None:
        """Someone (a moderator) deletes a message: MESSAGE_DELETE; later edits get 404 10008."""
        m = self.message(message)
        if not m.deleted:
            await self._delete(m)
        await self.settle()

    async def archive_thread(self, thread: FakeChannel | int, *, locked: bool = False) -> None:
        """Archive (and optionally lock) a thread, dispatching THREAD_UPDATE."""
        t = self._channel(thread)
        if not t.is_thread:
            raise FakeDiscordError(f"{t!r} is not a thread")
        t.archived = True
        t.locked = locked
        await self._dispatch("THREAD_UPDATE", self._channel_payload(t), intent=INTENT_GUILDS)
        await self.settle()

    # ------------------------------------------------------------------ world reading (driver)

    def _guild(self, guild: FakeGuild | int) -> FakeGuild:
        gid = guild.id if isinstance(guild, FakeGuild) else int(guild)
        try:
            return self.guilds[gid]
        except KeyError:
            raise FakeDiscordError(f"unknown guild {gid}") from None

    def _channel(self, channel: FakeChannel | int) -> FakeChannel:
        cid = channel.id if isinstance(channel, FakeChannel) else int(channel)  # type: ignore[arg-type]
        try:
            return self.channels[cid]
        except KeyError:
            raise FakeDiscordError(f"unknown channel {cid}") from None

    def _user(self, user: FakeUser | int) -> FakeUser:
        uid = user.id if isinstance(user, FakeUser) else int(user)
        try:
            return self.users[uid]
        except KeyError:
            raise FakeDiscordError(f"unknown user {uid}") from None

    def message(self, mid: FakeMessage | int) -> FakeMessage:
        mid = mid.id if isinstance(mid, FakeMessage) else int(mid)
        try:
            return self.messages[mid]
        except KeyError:
            raise FakeDiscordError(f"unknown message {mid}") from None

    def channel_messages(
        self, channel: FakeChannel | int, *, include_ephemeral: bool = False
    ) -> list[FakeMessage]:
        """Messages of a channel/thread/DM, oldest first (deleted ones excluded)."""
        c = self._channel(channel)
        out = [self.messages[m] for m in c.message_ids]
        return [m for m in out if not m.deleted and (include_ephemeral or not m.ephemeral)]

    def dm_channel(self, user: FakeUser) -> FakeChannel | None:
        return self.channels.get(user.dm_channel_id) if user.dm_channel_id else None

    def dm_messages(self, user: FakeUser, *, include_ephemeral: bool = False) -> list[FakeMessage]:
        c = self.dm_channel(self._user(user))
        return [] if c is None else self.channel_messages(c, include_ephemeral=include_ephemeral)

    def ephemeral_messages(self, user: FakeUser) -> list[FakeMessage]:
        """Ephemeral messages shown to `user`, oldest first."""
        return [
            m
            for m in self.messages.values()
            if m.ephemeral and m.ephemeral_user_id == user.id and not m.deleted
        ]

    def threads(self, channel: FakeChannel | int) -> list[FakeChannel]:
        c = self._channel(channel)
        return [t for t in self.channels.values() if t.is_thread and t.parent_id == c.id]

    def find_button(
        self,
        message: FakeMessage | int,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        prefix: str | None = None,
        emoji: str | None = None,
    ) -> dict[str, Any]:
        """The first button matching all given criteria; FakeDiscordError if none."""
        m = self.message(message)
        for b in m.buttons:
            if label is not None and b.get("label") != label:
                continue
            if custom_id is not None and b.get("custom_id") != custom_id:
                continue
            if prefix is not None and not str(b.get("custom_id", "")).startswith(prefix):
                continue
            if emoji is not None and (b.get("emoji") or {}).get("name") != emoji:
                continue
            return b
        raise FakeDiscordError(
            f"no button label={label!r} custom_id={custom_id!r} prefix={prefix!r} on {m!r}; buttons: "
            + ", ".join(f"{b.get('label')!r}:{b.get('custom_id')!r}" for b in m.buttons)
        )

    def mark(self) -> int:
        """A position in `calls` to pass to `calls_since`."""
        return len(self.calls)

    def calls_since(self, mark: int) -> list[Call]:
        return self.calls[mark:]

    def assert_clean(self) -> None:
        """Fail if the bot hit unknown routes or a handler of the fake crashed."""
        problems = []
        if self.unknown_calls:
            problems.append(f"unknown routes hit: {self.unknown_calls}")
        if self.server_errors:
            problems.append("fake server errors:\n" + "\n".join(self.server_errors))
        if self.late_interactions:
            problems.append("late interaction answers:\n" + "\n".join(self.late_interactions))
        if self.global_429s:
            problems.append(
                f"global 429s (over {self.global_limit} requests in a second): "
                f"{self.global_429s[:5]}"
            )
        if self.contract_violations:
            problems.append(self._violations_text())
        if problems:
            raise FakeDiscordError("\n".join(problems))

    def _violations_text(self) -> str:
        return "request bodies real Discord refuses (400 / 50035 Invalid Form Body):\n" + "\n".join(
            f"  {v}" for v in self.contract_violations
        )

    def check_contract(self) -> None:
        """Fail if the bot sent a request body real Discord refuses (see `contract_violations`)."""
        if self.contract_violations:
            raise FakeDiscordError(self._violations_text())

    def take_violations(self) -> list[Violation]:
        """The contract violations so far, forgotten (for tests that provoke them on purpose)."""
        out, self.contract_violations = self.contract_violations, []
        return out

    def age_interaction(self, result: InteractionResult, seconds: float) -> None:
        """Make an interaction's token `seconds` older (it lasts 15 minutes; the 3-second deadline
        of its first answer is ``interaction_deadline``, on real time)."""
        result.issued_at -= seconds

    # ------------------------------------------------------------------ failure simulation

    def rate_limit_next(
        self,
        method: str,
        path_substring: str,
        retry_after: float = 0.05,
        *,
        is_global: bool = False,
    ) -> None:
        """Answer the next request whose method matches and whose concrete path or path template
        contains `path_substring` with a 429 (the client sleeps retry_after and retries)."""
        self._rate_limits.append(
            _RateLimitRule(method.upper(), path_substring, retry_after, is_global)
        )

    @property
    def pending_rate_limits(self) -> int:
        return len(self._rate_limits)

    # ------------------------------------------------------------------ waiting

    def _live_sessions(self) -> list[_Session]:
        return [
            s
            for s in self._sessions.values()
            if s.ready and not s.ended and s.conn is not None and s.conn.open
        ]

    async def gateway_barrier(self, timeout: float = 5.0) -> None:
        """Return once every live client has *processed* all events sent so far: the server asks for
        a heartbeat (op 1) and the client answers it only after handling the earlier frames."""
        loop = asyncio.get_running_loop()
        sent = self._frames_sent
        waits = []
        for s in self._live_sessions():
            conn = s.conn
            assert conn is not None
            fut = loop.create_future()
            conn.heartbeat_waiters.append(fut)
            async with s.lock:
                await self._ws_send(conn, {"op": 1, "d": s.seq, "s": None, "t": None})
            waits.append(fut)
        if waits:
            await asyncio.wait_for(asyncio.gather(*waits), timeout)
        self._frames_processed = max(self._frames_processed, sent)

    async def wait_ready(self, *, commands: bool = False, timeout: float = 10.0) -> None:
        """Wait until a bot is identified and has processed its READY and GUILD_CREATEs (and, with
        commands=True, has bulk-overwritten its application commands since it last logged in)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            ok = bool(self._live_sessions())
            if ok and commands:
                ok = self._sync_login_no == self._login_no
            if ok:
                await self.gateway_barrier(timeout=max(0.1, deadline - loop.time()))
                return
            if loop.time() > deadline:
                raise FakeDiscordError(
                    f"bot not ready after {timeout}s (sessions={len(self._sessions)}, live={len(self._live_sessions())}, "
                    f"commands synced={self._sync_login_no == self._login_no}); calls={self.calls[-10:]}"
                )
            await self._changed(0.005)  # an IDENTIFY or a REST call pokes

    # A timer due within this many seconds is work about to happen (a bot's pace); a later one
    # is the bot waiting (a loop's interval, a view's timeout, a watchdog): see idle.py.
    settle_horizon = 1.0

    def _busy(self, *, all_: bool = False) -> list[str]:
        """What keeps the bot (or the fake on its behalf) busy now; empty: nothing. Only the
        first thing found unless ``all_``."""
        found = []
        if self._inflight:
            found.append(f"{self._inflight} REST request(s) in flight")
        executor = getattr(self, "_executor", None)
        if executor is not None and executor.busy:
            found.append(f"{executor.busy} job(s) in worker threads")
        wait = self._busy_until - asyncio.get_running_loop().time()
        if wait > 0:
            found.append(f"the client waits out a 429 ({wait:.3f}s left)")
        if any(not t.done() for t in self._bg_tasks):
            found.append("the fake's own events are being sent")
        if self._watch is not None and (all_ or not found):
            found += self._watch.busy(self.settle_horizon, all_=all_)
        return found

    def _poke(self) -> None:
        """Something the bot's business depends on changed: wake whoever waits in `settle`."""
        self._changes += 1
        waiters, self._wakers = self._wakers, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def _changed(self, most: float) -> None:
        """Return at the next `_poke`, or after `most` seconds (a task may go from busy to idle
        without anything the fake sees, e.g. from a database query to a long sleep)."""
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._wakers.append(fut)
        handle = loop.call_later(most, lambda: fut.done() or fut.set_result(None))
        try:
            await fut
        finally:
            handle.cancel()

    async def settle(self, idle: float | None = None, timeout: float = 5.0) -> None:
        """Return as soon as the bot has nothing left to do: no REST call in flight, no job in a
        worker thread, no 429 being waited out, every gateway frame sent so far processed by the
        client (a gateway barrier), and none of the bot's tasks busy (idle.py: a handler still
        running, a task waiting on an HTTP answer or the database, a timer due within
        `settle_horizon`). `idle` (default `settle_idle`, 0) adds a quiet period: no REST call
        started or ended for that long. Raises FakeDiscordError naming what is still busy after
        `timeout` seconds."""
        idle = self.settle_idle if idle is None else idle
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        calm, changes = 0, -1
        wait = 0.002  # between looks while busy with no news; doubled up to 16 ms, see below
        while True:
            busy = self._busy()
            quiet = loop.time() - max(self._last_activity, self._busy_until)
            if not busy and quiet < idle:
                busy = [f"quiet for {quiet:.3f}s of {idle}s"]
            if not busy:
                if self._frames_sent != self._frames_processed:
                    # make sure the client has processed every gateway event sent so far: its
                    # handlers are then tasks the next round sees
                    await self.gateway_barrier(timeout=max(0.1, deadline - loop.time()))
                    calm = 0
                    continue
                # idle: confirmed once the loop has run what was ready without any change
                if calm and changes == self._changes:
                    return
                calm, changes = 1, self._changes
                await asyncio.sleep(0)
                continue
            calm = 0
            if loop.time() > deadline:
                busy = self._busy(all_=True) or busy
                raise FakeDiscordError(f"bot did not settle within {timeout}s: {'; '.join(busy)}")
            # Woken at once by what the fake sees (a REST call, a thread's job done, a bot task
            # ended); else it looks again after `wait`, longer while nothing changes (a long
            # database query, a handler's sleep): a task going idle unseen costs 16 ms at most.
            before = self._changes
            await self._changed(wait if quiet >= idle else idle - quiet)
            wait = 0.002 if self._changes != before else min(2 * wait, 0.016)

    # ------------------------------------------------------------------ payload builders

    def _user_payload(self, u: FakeUser) -> dict[str, Any]:
        return u.payload()

    def _member_payload(
        self, g: FakeGuild, u: FakeUser, *, with_user: bool = True, permissions: bool = False
    ) -> dict[str, Any]:
        d: dict[str, Any] = {
            "roles": self._member_role_ids(g, u),
            "joined_at": iso(g.joined_at),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_user:
            d["user"] = self._user_payload(u)
        if permissions:
            d["permissions"] = (
                ALL_PERMISSIONS if u.admin or u.id in g.admin_ids else MEMBER_PERMISSIONS
            )
        return d

    def _channel_payload(self, c: FakeChannel) -> dict[str, Any]:
        last = c.message_ids[-1] if c.message_ids else None
        if c.type == DM:
            return {
                "id": str(c.id),
                "type": DM,
                "last_message_id": str(last) if last else None,
                "recipients": [self._user_payload(self.users[c.recipient_id])],  # type: ignore[index]
                "flags": 0,
            }
        d: dict[str, Any] = {
            "id": str(c.id),
            "type": c.type,
            "guild_id": str(c.guild_id),
            "name": c.name,
            "position": c.position,
            "permission_overwrites": self.overwrites(c),
            "nsfw": False,
            "last_message_id": str(last) if last else None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if c.is_thread:
            d.update(
                parent_id=str(c.parent_id),
                owner_id=str(c.owner_id),
                message_count=c.messages_sent,
                total_message_sent=c.messages_sent,
                member_count=1,
                thread_metadata={
                    "archived": c.archived,
                    "auto_archive_duration": c.auto_archive_duration,
                    "archive_timestamp": iso(c.created_at),
                    "locked": c.locked,
                    "create_timestamp": iso(c.created_at),
                    "invitable": True,
                },
            )
            d.pop("position")
            d.pop("permission_overwrites")
        else:
            d.update(topic=None, parent_id=None, default_auto_archive_duration=1440)
        return d

    def _guild_create_payload(self, g: FakeGuild) -> dict[str, Any]:
        channels = [self.channels[c] for c in g.channel_ids]
        threads = [
            c
            for c in self.channels.values()
            if c.is_thread and c.guild_id == g.id and not c.archived
        ]
        return {
            "id": str(g.id),
            "name": g.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(g.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": self._roles_payload(g),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": g.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(g.joined_at),
            "large": False,
            "unavailable": False,
            "member_count": len(g.member_ids),
            "members": [self._member_payload(g, self.users[m]) for m in g.member_ids],
            "channels": [self._channel_payload(c) for c in channels],
            "threads": [self._channel_payload(t) for t in threads],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _message_payload(self, m: FakeMessage) -> dict[str, Any]:
        c = self.channels[m.channel_id]
        author = self.users[m.author_id]
        d: dict[str, Any] = {
            "id": str(m.id),
            "channel_id": str(m.channel_id),
            "author": self._user_payload(author),
            "content": m.content,
            "timestamp": iso(m.timestamp),
            "edited_timestamp": iso(m.edited_timestamp) if m.edited_timestamp else None,
            "tts": m.tts,
            "mention_everyone": False,
            "mentions": self._mentions(m.content),
            "mention_roles": [],
            "attachments": [dict(a) for a in m.attachments],
            "embeds": [dict(e) for e in m.embeds],
            "components": json.loads(json.dumps(m.components)),
            "pinned": False,
            "type": m.type,
            "flags": m.flags,
        }
        if c.guild_id is not None:
            d["guild_id"] = str(c.guild_id)
            g = self.guilds[c.guild_id]
            if author.id in g.member_ids and m.webhook_id is None:
                d["member"] = self._member_payload(g, author, with_user=False)
        if m.webhook_id is not None:
            d["webhook_id"] = str(m.webhook_id)
        if m.application_id is not None:
            d["application_id"] = str(m.application_id)
        if m.message_reference is not None:
            d["message_reference"] = dict(m.message_reference)
        if m.thread_id is not None and m.thread_id in self.channels:
            d["thread"] = self._channel_payload(self.channels[m.thread_id])
        rec = (
            self._interactions_by_id.get(m.interaction_id) if m.interaction_id is not None else None
        )
        if rec is not None:
            owners = {"0": str(rec.guild_id)} if rec.guild_id else {"1": str(rec.user.id)}
            md: dict[str, Any] = {
                "id": str(rec.id),
                "type": rec.type,
                "user": self._user_payload(rec.user),
                "authorizing_integration_owners": owners,
            }
            if rec.type == 2 and rec.command_name:
                md["name"] = rec.command_name
                md["command_type"] = 1
            if rec.target_message_id is not None:
                md["interacted_message_id"] = str(rec.target_message_id)
            if rec.message is not None and m is not rec.message:
                md["original_response_message_id"] = str(rec.message.id)
            d["interaction_metadata"] = md
            d["interaction"] = {
                "id": str(rec.id),
                "type": rec.type,
                "name": rec.command_name or "",
                "user": self._user_payload(rec.user),
            }
        return d

    # ------------------------------------------------------------------ gateway

    async def _ws_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoclose=True, autoping=True)
        await ws.prepare(request)
        conn = _Conn(ws)
        self._conns.append(conn)
        try:
            await self._ws_send(
                conn, {"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}
            )
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.TEXT:
                    try:
                        await self._on_gateway_message(conn, json.loads(msg.data))
                    except Exception as e:  # pragma: no cover - bug in the fake
                        _log.exception("gateway handler crashed")
                        self.server_errors.append(f"gateway: {e!r}")
                elif msg.type == aiohttp.WSMsgType.BINARY:
                    self.server_errors.append("gateway: client sent a binary frame")
                elif msg.type == aiohttp.WSMsgType.ERROR:
                    break
        finally:
            for w in conn.heartbeat_waiters:
                if not w.done():
                    w.set_result(None)  # a closed connection has nothing left to process
            conn.heartbeat_waiters.clear()
            if conn in self._conns:
                self._conns.remove(conn)
            s = conn.session
            if s is not None and s.conn is conn:
                s.conn = None
                # A clean close (1000/1001) by the client ends the session; anything else keeps it resumable.
                if ws.close_code in (1000, 1001) and not conn.closed_by_server:
                    s.ended = True
                    self._sessions.pop(s.id, None)
        return ws

    async def _ws_send(self, conn: _Conn, payload: dict[str, Any]) -> None:
        if conn.ws.closed:
            return
        if payload["op"] not in (1, 11):  # (a barrier's request and heartbeat ACKs ask nothing)
            self._frames_sent += 1
        try:
            # TEXT frames: discord.py only zlib-inflates binary frames.
            await conn.ws.send_str(json.dumps(payload))
        except (ConnectionResetError, RuntimeError, aiohttp.ClientConnectionError):
            pass

    async def _on_gateway_message(self, conn: _Conn, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        d = msg.get("d")
        self.gateway_log.append((f"recv op {op}", d if op != 2 else {**d, "token": "***"}))
        if op == 1:  # heartbeat
            conn.heartbeats += 1
            waiters, conn.heartbeat_waiters = conn.heartbeat_waiters, []
            for w in waiters:
                if not w.done():
                    w.set_result(None)
            await self._ws_send(conn, {"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:
            await self._identify(conn, d)
        elif op == 6:
            await self._resume(conn, d)
        elif op == 8:
            await self._request_members(conn, d)
        elif op in (3, 4):  # presence / voice state: accepted, ignored
            pass
        else:
            self.server_errors.append(f"gateway: unexpected op {op}")

    async def _identify(self, conn: _Conn, d: dict[str, Any]) -> None:
        token = d.get("token")
        if self.token is not None and token != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        if int(d.get("intents", 0) or 0) & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        s = _Session(secrets.token_hex(16), int(d.get("intents", 0) or 0), token or "")
        s.login_no = self._login_no
        if isinstance(d.get("shard"), list) and len(d["shard"]) == 2:
            s.shard = (int(d["shard"][0]), int(d["shard"][1]))
        s.conn = conn
        conn.session = s
        async with s.lock:
            self._sessions[s.id] = s
            ready = {
                "v": 10,
                "user": {
                    **self._user_payload(self.bot_user),
                    "verified": True,
                    "mfa_enabled": False,
                    "flags": 0,
                    "email": None,
                },
                "guilds": [
                    {"id": str(g.id), "unavailable": True}
                    for g in self.guilds.values()
                    if self.bot_user.id in g.member_ids and s.serves(g.id)
                ],
                "session_id": s.id,
                "session_type": "normal",
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "geo_ordered_rtc_regions": [],
                "user_settings": {},
                "guild_join_requests": [],
            }
            if "shard" in d:
                ready["shard"] = d["shard"]
            await self._send_event_locked(s, "READY", ready)
            if s.intents & INTENT_GUILDS or True:  # GUILD_CREATE is always sent for READY's guilds
                for g in list(self.guilds.values()):
                    if self.bot_user.id in g.member_ids and s.serves(g.id):
                        await self._send_event_locked(
                            s, "GUILD_CREATE", self._guild_create_payload(g)
                        )
            s.ready = True
        self._touch()

    async def _resume(self, conn: _Conn, d: dict[str, Any]) -> None:
        s = self._sessions.get(d.get("session_id"))
        if s is None or s.ended:
            await self._ws_send(conn, {"op": 9, "d": False, "s": None, "t": None})
            return
        async with s.lock:
            old = s.conn
            s.conn = conn
            conn.session = s
            if old is not None and old is not conn and old.open:
                old.closed_by_server = True
                await old.ws.close(code=4000)
            seq = d.get("seq") or 0
            for payload in s.buffer:
                if payload["s"] > seq:
                    await self._ws_send(conn, payload)
            await self._send_event_locked(s, "RESUMED", {})
        self._touch()

    async def _request_members(self, conn: _Conn, d: dict[str, Any]) -> None:
        s = conn.session
        if s is None:
            return
        gids = d.get("guild_id")
        if not isinstance(gids, list):
            gids = [gids]
        for gid in gids:
            g = self.guilds.get(int(gid))
            if g is None:
                continue
            members = [self._member_payload(g, self.users[m]) for m in g.member_ids]
            data = {
                "guild_id": str(g.id),
                "members": members,
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
            }
            if d.get("nonce") is not None:
                data["nonce"] = d["nonce"]
            async with s.lock:
                await self._send_event_locked(s, "GUILD_MEMBERS_CHUNK", data)

    async def _send_event_locked(self, s: _Session, event: str, data: dict[str, Any]) -> None:
        s.seq += 1
        payload = {"op": 0, "t": event, "s": s.seq, "d": data}
        s.buffer.append(payload)
        if len(s.buffer) > 2000:
            del s.buffer[:1000]
        self.gateway_log.append((f"send {event}", data))
        if s.conn is not None:
            await self._ws_send(s.conn, payload)

    async def _dispatch(
        self,
        event: str,
        data: dict[str, Any],
        *,
        intent: int | None = None,
        only_newest: bool = False,
    ) -> None:
        guild_id = data.get("id") if event.startswith("GUILD_CREATE") else data.get("guild_id")
        sessions = [
            s for s in self._sessions.values() if s.ready and not s.ended and s.serves(guild_id)
        ]
        if only_newest:
            live = [s for s in sessions if s.conn is not None and s.conn.open] or sessions
            sessions = sorted(live, key=lambda s: s.identified_at)[-1:]
        for s in sessions:
            if intent is not None and not (s.intents & intent):
                continue
            async with s.lock:
                await self._send_event_locked(s, event, data)
        self._touch()

    async def _dispatch_message(self, event: str, m: FakeMessage) -> None:
        if m.ephemeral:
            return
        c = self.channels[m.channel_id]
        intent = INTENT_DM_MESSAGES if c.type == DM else INTENT_GUILD_MESSAGES
        await self._dispatch(event, self._message_payload(m), intent=intent)

    # Server-side gateway disturbances for tests
    async def gateway_reconnect(self) -> None:
        """Send op 7 RECONNECT to every live connection (the client resumes)."""
        for conn in list(self._conns):
            await self._ws_send(conn, {"op": 7, "d": None, "s": None, "t": None})

    async def invalidate_session(self) -> None:
        """Forget every session and send op 9 (not resumable): the clients identify again."""
        for s in list(self._sessions.values()):
            s.ended = True
            self._sessions.pop(s.id, None)
            if s.conn is not None:
                await self._ws_send(s.conn, {"op": 9, "d": False, "s": None, "t": None})

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close every gateway connection with `code` (4000: client resumes)."""
        for conn in list(self._conns):
            conn.closed_by_server = True
            await conn.ws.close(code=code)

    # ------------------------------------------------------------------ REST plumbing

    def _build_routes(self) -> list[tuple[str, str, re.Pattern, Callable[..., Awaitable[Any]]]]:
        table = [
            ("GET", "/gateway", self._r_gateway),
            ("GET", "/gateway/bot", self._r_gateway_bot),
            ("GET", "/users/@me", self._r_me),
            ("GET", "/oauth2/applications/@me", self._r_app),
            ("GET", "/applications/@me", self._r_app),
            ("GET", "/users/{user_id}", self._r_get_user),
            ("POST", "/users/@me/channels", self._r_create_dm),
            ("GET", "/applications/{application_id}/commands", self._r_get_commands),
            ("PUT", "/applications/{application_id}/commands", self._r_put_commands),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._r_get_commands,
            ),
            (
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self._r_put_commands,
            ),
            ("GET", "/applications/{application_id}/commands/{command_id}", self._r_get_command),
            (
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}",
                self._r_get_command,
            ),
            ("GET", "/applications/{application_id}/emojis", self._r_app_emojis),
            ("GET", "/guilds/{guild_id}", self._r_get_guild),
            ("GET", "/guilds/{guild_id}/channels", self._r_get_guild_channels),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._r_get_member),
            ("GET", "/guilds/{guild_id}/roles", self._r_get_roles),
            ("GET", "/users/@me/guilds", self._r_my_guilds),
            ("GET", "/guilds/{guild_id}/threads/active", self._r_active_threads),
            ("GET", "/channels/{channel_id}", self._r_get_channel),
            ("PATCH", "/channels/{channel_id}", self._r_edit_channel),
            ("DELETE", "/channels/{channel_id}", self._r_delete_channel),
            ("POST", "/channels/{channel_id}/typing", self._r_typing),
            ("GET", "/channels/{channel_id}/messages", self._r_history),
            ("POST", "/channels/{channel_id}/messages", self._r_create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._r_get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._r_edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._r_delete_message),
            (
                "POST",
                "/channels/{channel_id}/messages/{message_id}/threads",
                self._r_thread_from_message,
            ),
            ("POST", "/channels/{channel_id}/threads", self._r_thread_without_message),
            ("PUT", "/channels/{channel_id}/thread-members/@me", self._r_thread_member_noop),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._r_thread_member_noop),
            ("DELETE", "/channels/{channel_id}/thread-members/@me", self._r_thread_member_noop),
            (
                "DELETE",
                "/channels/{channel_id}/thread-members/{user_id}",
                self._r_thread_member_noop,
            ),
            (
                "POST",
                "/interactions/{interaction_id}/{token}/callback",
                self._r_interaction_callback,
            ),
            ("POST", "/webhooks/{webhook_id}/{token}", self._r_followup_create),
            ("GET", "/webhooks/{webhook_id}/{token}/messages/@original", self._r_wh_get),
            ("PATCH", "/webhooks/{webhook_id}/{token}/messages/@original", self._r_wh_edit),
            ("DELETE", "/webhooks/{webhook_id}/{token}/messages/@original", self._r_wh_delete),
            ("GET", "/webhooks/{webhook_id}/{token}/messages/{message_id}", self._r_wh_get),
            ("PATCH", "/webhooks/{webhook_id}/{token}/messages/{message_id}", self._r_wh_edit),
            ("DELETE", "/webhooks/{webhook_id}/{token}/messages/{message_id}", self._r_wh_delete),
        ]
        out = []
        for method, template, handler in table:
            pattern = "^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template)) + "$"
            out.append((method, template, re.compile(pattern), handler))
        return out

    def _match(
        self, method: str, path: str
    ) -> tuple[str, dict[str, str], Callable[..., Awaitable[Any]]] | None:
        for m, template, pattern, handler in self._routes:
            if m != method:
                continue
            mo = pattern.match(path)
            if mo:
                return template, mo.groupdict(), handler
        return None

    async def _read_body(
        self, request: web.Request, raw: bytes
    ) -> tuple[Any, list[tuple[str, str, bytes, str]]]:
        """-> (json payload or None, [(field name, filename, bytes, content type)])."""
        ctype = request.headers.get("Content-Type", "")
        files: list[tuple[str, str, bytes, str]] = []
        if ctype.startswith("multipart/"):
            payload = None
            for headers, data in _parse_multipart(ctype, raw):
                disp = headers.get("content-disposition", "")
                name = _disposition_param(disp, "name")
                filename = _disposition_param(disp, "filename")
                if name == "payload_json":
                    payload = json.loads(data.decode())
                elif filename:
                    files.append((name or "", filename, data, headers.get("content-type", "")))
            return payload, files
        if not raw:
            return None, files
        try:
            return json.loads(raw), files
        except ValueError:
            raise ApiError(400, 50109, "The request body contains invalid JSON.") from None

    async def _rest_handler(self, request: web.Request) -> web.StreamResponse:
        method = request.method
        path = "/" + request.match_info["tail"]
        matched = self._match(method, path)
        template = matched[0] if matched else path
        self._inflight += 1
        self._touch()
        status = 500
        payload: Any = None
        files: list[tuple[str, str, bytes, str]] = []
        try:
            self.calls.append(Call(method, template))
            # Always consume the body first: answering without reading it makes aiohttp drop the
            # keep-alive connection, and the client's next request on it fails (ServerDisconnected).
            raw_body = await request.read()
            if matched is None:
                self.unknown_calls.append(Call(method, path))
                status = 404
                return _json_response({"message": "404: Not Found", "code": 0}, status=404)
            refused = self._global_check(request, method, template, matched[1])
            if refused is not None:
                status = 429
                return refused
            rule = self._take_rate_limit(method, path, template)
            if rule is not None:
                status = 429
                # the client sleeps retry_after before retrying: the bot is not idle meanwhile
                loop_now = asyncio.get_running_loop().time()
                self._busy_until = max(self._busy_until, loop_now + rule.retry_after)
                return self._rate_limited_response(rule)
            if not template.startswith(("/interactions/", "/webhooks/")):
                auth = request.headers.get("Authorization", "")
                if not auth.startswith("Bot ") or (
                    self.token is not None and auth[4:] != self.token
                ):
                    status = 401
                    return _json_response({"message": "401: Unauthorized", "code": 0}, status=401)
            try:
                payload, files = await self._read_body(request, raw_body)
                refused = self.contract.check(method, template, payload)
                if refused:
                    v = refused[0]
                    raise ApiError(
                        400, 50035, "Invalid Form Body", form_errors(v.field, v.code, v.message)
                    )
                result = await matched[2](request, payload=payload, files=files, **matched[1])
            except ApiError as e:
                status = e.status
                if e.code == 50035:
                    self.contract_violations += violations_in(method, template, e.errors)
                return _json_response(e.body(), status=e.status)
            except ApiRefusal as e:  # aging.py: time, moderators, permissions
                status = e.status
                return _json_response({"message": e.message, "code": e.code}, status=e.status)
            if isinstance(result, web.StreamResponse):
                status = result.status
                return result
            status = 200
            return _json_response(result)
        except Exception as e:
            _log.exception("fake discord handler crashed for %s %s", method, path)
            self.server_errors.append(f"{method} {path}: {e!r}")
            status = 500
            # 400 rather than 500: discord.py retries 5xx with multi-second sleeps
            return _json_response({"message": f"fake server error: {e!r}", "code": 0}, status=400)
        finally:
            self.requests.append(
                RequestRecord(
                    method,
                    template,
                    path,
                    dict(request.query),
                    payload,
                    status,
                    [f[1] for f in files],
                )
            )
            self._inflight -= 1
            self._touch()

    def busiest_second(self) -> int:
        """The most requests the global rate limit counts (refused ones too) in any second."""
        return busiest_second(self.global_arrivals)

    def _global_check(
        self, request: web.Request, method: str, template: str, params: dict[str, str]
    ) -> web.Response | None:
        """Discord's global rate limit: a request beyond ``global_limit`` in the last second,
        from one bot token (or, without one, one address), is refused with a global 429; the
        refused one does not count."""
        if global_exempt(template, params, self.application_id):
            return None
        now = asyncio.get_running_loop().time()
        self.global_arrivals.append(now)
        if self.global_limit is None:
            return None
        auth = request.headers.get("Authorization") or f"ip:{request.remote}"
        window = self._global_windows.setdefault(auth, collections.deque())
        while window and window[0] <= now - 1.0:
            window.popleft()
        if len(window) < self.global_limit:
            window.append(now)
            return None
        retry_after = round(window[0] + 1.0 - now, 3) or 0.001
        self.global_429s.append(GlobalRefusal(now, method, template, retry_after))
        self._busy_until = max(self._busy_until, now + retry_after)  # the client sleeps
        headers = {  # as Discord's example of an exceeded global rate limit
            "Via": "1.1 google",
            "Retry-After": str(max(1, int(retry_after + 0.999))),
            "X-RateLimit-Global": "true",
            "X-RateLimit-Scope": "global",
        }
        body = {
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": True,
        }
        return _json_response(body, status=429, headers=headers)

    def _take_rate_limit(self, method: str, path: str, template: str) -> _RateLimitRule | None:
        for i, rule in enumerate(self._rate_limits):
            if rule.method == method and (rule.substring in path or rule.substring in template):
                del self._rate_limits[i]
                return rule
        return None

    def _rate_limited_response(self, rule: _RateLimitRule) -> web.Response:
        reset = time.time() + rule.retry_after
        headers = {
            "Via": "1.1 google",
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{reset:.3f}",
            "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
            "X-RateLimit-Bucket": "fakebucket" + secrets.token_hex(4),
            "X-RateLimit-Scope": "global" if rule.is_global else "user",
            "Retry-After": str(max(1, int(rule.retry_after + 0.999))),
        }
        if rule.is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": "You are being rate limited.",
            "retry_after": rule.retry_after,
            "global": rule.is_global,
        }
        return _json_response(body, status=429, headers=headers)

    # ------------------------------------------------------------------ REST: misc

    async def _r_gateway(self, request, **_):
        return {"url": self.gateway_url}

    async def _r_gateway_bot(self, request, **_):
        return {
            "url": self.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def _r_me(self, request, **_):
        self._login_no += 1
        return {
            **self._user_payload(self.bot_user),
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "locale": "en-US",
        }

    async def _r_app(self, request, **_):
        owner = next((u for u in self.users.values() if not u.bot), None) or self.bot_user
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "Fake application",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": self._user_payload(owner),
            "team": None,
            "bot": self._user_payload(self.bot_user),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.guilds),
        }

    async def _r_get_user(self, request, user_id, **_):
        try:
            u = self.users[int(user_id)]
        except (KeyError, ValueError):
            raise ApiError(404, 10013, "Unknown User") from None
        return self._user_payload(u)

    async def _r_app_emojis(self, request, **_):
        return {"items": []}

    def _guild_or_404(self, guild_id: str) -> FakeGuild:
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise ApiError(404, 10004, "Unknown Guild") from None

    async def _r_get_guild(self, request, guild_id, **_):
        g = self._guild_or_404(guild_id)
        d = self._guild_create_payload(g)
        for k in (
            "members",
            "channels",
            "threads",
            "presences",
            "voice_states",
            "joined_at",
            "large",
            "unavailable",
            "member_count",
        ):
            d.pop(k, None)
        return d

    async def _r_get_guild_channels(self, request, guild_id, **_):
        g = self._guild_or_404(guild_id)
        return [self._channel_payload(self.channels[c]) for c in g.channel_ids]

    async def _r_get_member(self, request, guild_id, user_id, **_):
        g = self._guild_or_404(guild_id)
        uid = int(user_id)
        if uid not in g.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return self._member_payload(g, self.users[uid])

    async def _r_active_threads(self, request, guild_id, **_):
        g = self._guild_or_404(guild_id)
        threads = [
            c
            for c in self.channels.values()
            if c.is_thread and c.guild_id == g.id and not c.archived
        ]
        return {"threads": [self._channel_payload(t) for t in threads], "members": []}

    # ------------------------------------------------------------------ roles and the bot's permissions

    def set_bot_permissions(
        self, guild: FakeGuild | int, permissions: int, *, everyone: int = 0
    ) -> None:
        """In `guild`, the bot gets its own managed role (the one Discord creates when a bot is
        invited with permissions) granting `permissions`, and @everyone grants `everyone`; so
        the bot's server-wide permissions are their union (all of them with Administrator, or
        in a guild the bot owns: add_guild's default, so pass it an ``owner``).
        Call it before the bot connects: no GUILD_ROLE_* event is sent. Only what the bot
        reads changes (GUILD_CREATE, GET /guilds/{id}/roles, its member's roles, GET
        /users/@me/guilds); what the fake refuses is unchanged (see FakeChannel.attach_files)."""
        g = self._guild(guild)
        if g.bot_role_id is None:
            g.bot_role_id = self._next_id()
        g.bot_role_permissions = permissions
        g.everyone_permissions = everyone

    def _role_payload(
        self, role_id: int, name: str, permissions: int, position: int, **extra: Any
    ) -> dict[str, Any]:
        return {
            "id": str(role_id),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": position,
            "permissions": str(permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
            **extra,
        }

    def _roles_payload(self, g: FakeGuild) -> list[dict[str, Any]]:
        """The guild's roles: @everyone (its id is the guild's) and the bot's managed role."""
        everyone = g.everyone_permissions
        roles = [
            self._role_payload(
                g.id,
                "@everyone",
                # no Administrator by default: channel overwrites (aging.deny) must count
                int(MEMBER_PERMISSIONS) if everyone is None else everyone,
                0,
            )
        ]
        if g.bot_role_id is not None:
            roles.append(
                self._role_payload(
                    g.bot_role_id,
                    self.bot_user.name,
                    g.bot_role_permissions,
                    1,
                    managed=True,
                    tags={"bot_id": str(self.bot_user.id)},
                )
            )
        return roles

    def _member_role_ids(self, g: FakeGuild, u: FakeUser) -> list[str]:
        """A member's roles, @everyone left out (as Discord does)."""
        if u.id == self.bot_user.id and g.bot_role_id is not None:
            return [str(g.bot_role_id)]
        return []

    def _bot_permissions(self, g: FakeGuild) -> int:
        """The bot's server-wide permissions: the union of its roles' (all of them with
        Administrator or in a guild it owns)."""
        value = 0
        for role in self._roles_payload(g):
            if role["id"] == str(g.id) or role["id"] in self._member_role_ids(g, self.bot_user):
                value |= int(role["permissions"])
        owner = g.owner_id == self.bot_user.id
        return int(ALL_PERMISSIONS) if owner or value & (1 << 3) else value

    async def _r_get_roles(self, request, guild_id, **_):
        g = self._guild_or_404(guild_id)
        if self.bot_user.id not in g.member_ids:
            raise ApiError(403, 50001, "Missing Access")
        return self._roles_payload(g)

    async def _r_my_guilds(self, request, **_):
        """The bot's guilds (partial, sorted by id): `before`, `after`, `limit` (1-200, default
        200) and `with_counts` as Discord takes them; `permissions` from the bot's roles."""
        q = request.query
        try:
            limit = int(q.get("limit", 200))
            after = int(q.get("after", 0))
            before = int(q["before"]) if "before" in q else None
        except ValueError:
            raise _form_error("must be a snowflake or an integer", "limit") from None
        if not 1 <= limit <= 200:
            raise _form_error("limit must be between 1 and 200", "limit", "NUMBER_TYPE_MAX")
        mine = sorted(
            (g for g in self.guilds.values() if self.bot_user.id in g.member_ids),
            key=lambda g: g.id,
        )
        mine = [g for g in mine if g.id > after and (before is None or g.id < before)]
        mine = mine[-limit:] if before is not None and "after" not in q else mine[:limit]
        counts = q.get("with_counts") in ("1", "true", "True")
        out = []
        for g in mine:
            d: dict[str, Any] = {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "banner": None,
                "owner": g.owner_id == self.bot_user.id,
                "permissions": str(self._bot_permissions(g)),
                "features": [],
            }
            if counts:
                d.update(approximate_member_count=len(g.member_ids), approximate_presence_count=0)
            out.append(d)
        return out

    # ------------------------------------------------------------------ REST: commands

    async def _r_get_commands(self, request, application_id, guild_id=None, **_):
        self._check_app(application_id)
        return self.commands.get(int(guild_id) if guild_id else None, [])

    async def _r_get_command(self, request, application_id, command_id, guild_id=None, **_):
        self._check_app(application_id)
        for cmd in self.commands.get(int(guild_id) if guild_id else None, []):
            if cmd["id"] == command_id:
                return cmd
        raise ApiError(404, 10063, "Unknown application command")

    def _check_app(self, application_id: str) -> None:
        if str(application_id) != str(self.application_id):
            raise ApiError(403, 50001, "Missing Access")

    async def _r_put_commands(self, request, application_id, payload, guild_id=None, **_):
        self._check_app(application_id)
        gid = int(guild_id) if guild_id else None
        if gid is not None and self.bot_user.id not in self._guild_or_404(guild_id).member_ids:
            raise ApiError(403, 50001, "Missing Access")
        if not isinstance(payload, list):
            raise _form_error("expected a list of commands")
        old = {(c["name"], c.get("type", 1)): c for c in self.commands.get(gid, [])}
        seen = set()
        out = []
        for raw in payload:
            ctype = raw.get("type", 1)
            key = (raw["name"], ctype)
            if key in seen:
                raise _form_error(
                    f"Application command names must be unique: {raw['name']}",
                    code="APPLICATION_COMMANDS_DUPLICATE_NAME",
                )
            seen.add(key)
            if ctype == 1:
                self._validate_command(raw)
            prev = old.get(key)
            cmd = {
                "id": prev["id"] if prev else str(self._next_id()),
                "application_id": str(self.application_id),
                "version": str(self._next_id()),
                "type": ctype,
                "name": raw["name"],
                "description": raw.get("description", ""),
                "options": raw.get("options", []),
                "default_member_permissions": raw.get("default_member_permissions"),
                "dm_permission": raw.get("dm_permission", True),
                "nsfw": raw.get("nsfw", False),
                "contexts": raw.get("contexts"),
                "integration_types": raw.get("integration_types", [0]),
                "name_localizations": raw.get("name_localizations"),
                "description_localizations": raw.get("description_localizations"),
            }
            if gid is not None:
                cmd["guild_id"] = str(gid)
            out.append(cmd)
        self.commands[gid] = out
        self.command_syncs.append((gid, [c["name"] for c in out]))
        self._sync_login_no = self._login_no
        return out

    _NAME_RE = re.compile(r"^[-_\w]{1,32}$")

    def _validate_command(self, cmd: dict[str, Any], depth: int = 0) -> None:
        name = cmd.get("name", "")
        if not self._NAME_RE.match(name) or name != name.lower():
            raise _form_error(
                f"invalid command/option name {name!r}", code="APPLICATION_COMMAND_INVALID_NAME"
            )
        desc = cmd.get("description", "")
        if not 1 <= len(desc) <= 100:
            raise _form_error(
                f"description of {name!r} must be 1-100 characters", code="BASE_TYPE_BAD_LENGTH"
            )
        # Localizations: keys are Discord locales; a localized name follows the name rules, a
        # localized description the description's length (docs: Localization).
        for locale, local in (cmd.get("name_localizations") or {}).items():
            if locale not in DISCORD_LOCALES:
                raise _form_error(f"{locale!r} is not a valid locale", code="LOCALE_INVALID")
            if (
                not isinstance(local, str)
                or not self._NAME_RE.match(local)
                or local != local.lower()
            ):
                raise _form_error(
                    f"invalid {locale} name {local!r} of {name!r}",
                    code="APPLICATION_COMMAND_INVALID_NAME",
                )
        for locale, local in (cmd.get("description_localizations") or {}).items():
            if locale not in DISCORD_LOCALES:
                raise _form_error(f"{locale!r} is not a valid locale", code="LOCALE_INVALID")
            if not isinstance(local, str) or not 1 <= len(local) <= 100:
                raise _form_error(
                    f"{locale} description of {name!r} must be 1-100 characters",
                    code="BASE_TYPE_BAD_LENGTH",
                )
        for choice in cmd.get("choices") or []:
            for locale in choice.get("name_localizations") or {}:
                if locale not in DISCORD_LOCALES:
                    raise _form_error(f"{locale!r} is not a valid locale", code="LOCALE_INVALID")
        opts = cmd.get("options") or []
        if len(opts) > 25:
            raise _form_error(f"{name!r} has more than 25 options")
        required_done = False
        for o in opts:
            self._validate_command(o, depth + 1)
            if o.get("type") in (3, 4, 10) and len(o.get("choices") or []) > 25:
                raise _form_error(f"option {o['name']!r} has more than 25 choices")
            if o.get("type") not in (1, 2):
                if o.get("required") and required_done:
                    raise _form_error(
                        f"required option {o['name']!r} after an optional one",
                        code="APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    )
                if not o.get("required"):
                    required_done = True

    # ------------------------------------------------------------------ REST: channels & messages

    def _channel_or_404(self, channel_id: str) -> FakeChannel:
        try:
            c = self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise ApiError(404, 10003, "Unknown Channel") from None
        self.check_exists(c)
        return c

    def _message_or_404(self, channel: FakeChannel, message_id: str) -> FakeMessage:
        try:
            m = self.messages[int(message_id)]
        except (KeyError, ValueError):
            raise ApiError(404, 10008, "Unknown Message") from None
        if m.channel_id != channel.id or m.deleted or m.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return m

    async def _r_get_channel(self, request, channel_id, **_):
        return self._channel_payload(self._channel_or_404(channel_id))

    async def _r_edit_channel(self, request, channel_id, payload, **_):
        """Only what a bot does to a thread here: archive or unarchive it, lock or unlock it."""
        c = self._channel_or_404(channel_id)
        payload = payload or {}
        if c.is_thread:
            if c.locked and payload.get("archived") is False and payload.get("locked") is not False:
                raise ApiError(403, 50013, "Missing Permissions")
            if payload.get("archived") is False:
                self.check_permission(c, "send_messages_in_threads")
                self.touch_thread(c)
            if "archived" in payload:
                c.archived = bool(payload["archived"])
            if "locked" in payload:
                c.locked = bool(payload["locked"])
            await self._dispatch("THREAD_UPDATE", self._channel_payload(c), intent=INTENT_GUILDS)
        if "name" in payload:
            c.name = str(payload["name"])
        return self._channel_payload(c)

    async def _r_delete_channel(self, request, channel_id, **_):
        c = self._channel_or_404(channel_id)
        payload = self._channel_payload(c)
        await self._delete_channel_now(c)
        return payload

    async def _r_typing(self, request, channel_id, **_):
        self._channel_or_404(channel_id)
        return _no_content()

    async def _r_create_dm(self, request, payload, **_):
        try:
            u = self.users[int(payload["recipient_id"])]
        except (KeyError, ValueError, TypeError):
            raise _form_error("Unknown recipient", "recipient_id") from None
        if u.bot:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        return self._channel_payload(self._get_or_create_dm(u))

    def _get_or_create_dm(self, u: FakeUser) -> FakeChannel:
        if u.dm_channel_id is None:
            c = FakeChannel(id=self._next_id(), type=DM, recipient_id=u.id)
            self.channels[c.id] = c
            u.dm_channel_id = c.id
        return self.channels[u.dm_channel_id]

    def _check_can_post(self, c: FakeChannel) -> None:
        if c.type == DM:
            u = self.users[c.recipient_id]  # type: ignore[index]
            if not u.dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        if c.is_thread and c.locked:
            raise ApiError(400, 50083, "Operation cannot be performed on an archived thread")
        self.check_permission(c, self.post_permission(c))
        self.check_not_archived(c)

    def _validate_message(
        self, payload: dict[str, Any], *, n_files: int, existing: FakeMessage | None = None
    ) -> None:
        content = payload.get("content")
        if content is not None and len(str(content)) > 2000:
            raise _form_error("Must be 2000 or fewer in length.", "content", "BASE_TYPE_MAX_LENGTH")
        embeds = payload.get("embeds")
        if embeds is not None:
            if len(embeds) > 10:
                raise _form_error(
                    "Must be 10 or fewer in length.", "embeds", "BASE_TYPE_MAX_LENGTH"
                )
            total = 0
            for i, e in enumerate(embeds):
                if e.get("title") and len(e["title"]) > 256:
                    raise _form_error(
                        "Must be 256 or fewer in length.",
                        f"embeds.{i}.title",
                        "BASE_TYPE_MAX_LENGTH",
                    )
                if e.get("description") and len(e["description"]) > 4096:
                    raise _form_error(
                        "Must be 4096 or fewer in length.",
                        f"embeds.{i}.description",
                        "BASE_TYPE_MAX_LENGTH",
                    )
                fields = e.get("fields") or []
                if len(fields) > 25:
                    raise _form_error(
                        "Must be 25 or fewer in length.",
                        f"embeds.{i}.fields",
                        "BASE_TYPE_MAX_LENGTH",
                    )
                for j, f in enumerate(fields):
                    if not f.get("name") or not f.get("value"):
                        raise _form_error(
                            "This field is required", f"embeds.{i}.fields.{j}", "BASE_TYPE_REQUIRED"
                        )
                    if len(f["name"]) > 256 or len(f["value"]) > 1024:
                        raise _form_error(
                            "field too long", f"embeds.{i}.fields.{j}", "BASE_TYPE_MAX_LENGTH"
                        )
                if len(str((e.get("footer") or {}).get("text") or "")) > 2048:
                    raise _form_error(
                        "Must be 2048 or fewer in length.",
                        f"embeds.{i}.footer.text",
                        "BASE_TYPE_MAX_LENGTH",
                    )
                if len(str((e.get("author") or {}).get("name") or "")) > 256:
                    raise _form_error(
                        "Must be 256 or fewer in length.",
                        f"embeds.{i}.author.name",
                        "BASE_TYPE_MAX_LENGTH",
                    )
                total += sum(len(str(e.get(k) or "")) for k in ("title", "description"))
                total += sum(len(f["name"]) + len(f["value"]) for f in fields)
                total += len(str((e.get("footer") or {}).get("text") or "")) + len(
                    str((e.get("author") or {}).get("name") or "")
                )
            if total > 6000:
                raise _form_error(
                    "Embed size exceeds maximum size of 6000", "embeds", "MAX_EMBED_SIZE_EXCEEDED"
                )
        components = payload.get("components")
        if components is not None:
            v2 = bool(int(payload.get("flags") or 0) & FLAG_COMPONENTS_V2) or bool(
                existing and existing.flags & FLAG_COMPONENTS_V2
            )
            if not v2 and len(components) > 5:
                raise _form_error(
                    "Must be 5 or fewer in length.", "components", "BASE_TYPE_MAX_LENGTH"
                )
            ids = set()
            for i, row in enumerate(components):
                if not v2 and row.get("type") != 1:
                    raise _form_error(
                        "top-level components must be action rows",
                        f"components.{i}",
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    )
                if row.get("type") == 1:
                    kids = row.get("components") or []
                    if (
                        not kids
                        or len(kids) > 5
                        or (any(k.get("type") != 2 for k in kids) and len(kids) > 1)
                    ):
                        raise _form_error(
                            "The specified component exceeds the maximum width",
                            f"components.{i}",
                            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        )
            for c in iter_components(components):
                if "custom_id" in c:
                    cid = c["custom_id"]
                    if not cid or len(cid) > 100:
                        raise _form_error(
                            f"custom_id must be 1-100 characters: {cid!r}",
                            "components",
                            "BASE_TYPE_BAD_LENGTH",
                        )
                    if cid in ids:
                        raise _form_error(
                            f"Component custom id cannot be duplicated: {cid!r}",
                            "components",
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                        )
                    ids.add(cid)
                if c.get("type") == 2:
                    if c.get("label") and len(c["label"]) > 80:
                        raise _form_error(
                            "button label must be 80 or fewer in length",
                            "components",
                            "BASE_TYPE_MAX_LENGTH",
                        )
                    if c.get("style") == 5 and not c.get("url"):
                        raise _form_error("link buttons need a url", "components")
                    if c.get("style") not in (5, 6) and "custom_id" not in c:
                        raise _form_error("buttons need a custom_id", "components")
                    if not c.get("label") and not c.get("emoji"):
                        raise _form_error("buttons need a label or emoji", "components")
                if c.get("type") == 3:
                    opts = c.get("options") or []
                    if not 1 <= len(opts) <= 25:
                        raise _form_error("select menus need 1-25 options", "components")
                    if len(str(c.get("placeholder") or "")) > 150:
                        raise _form_error(
                            "Must be 150 or fewer in length.",
                            "components.placeholder",
                            "BASE_TYPE_MAX_LENGTH",
                        )
                    for o in opts:
                        if (
                            not 1 <= len(str(o.get("label") or "")) <= 100
                            or not 1 <= len(str(o.get("value") or "")) <= 100
                        ):
                            raise _form_error(
                                "select option label and value must be 1-100 characters",
                                "components.options",
                                "BASE_TYPE_BAD_LENGTH",
                            )
                        if len(str(o.get("description") or "")) > 100:
                            raise _form_error(
                                "Must be 100 or fewer in length.",
                                "components.options.description",
                                "BASE_TYPE_MAX_LENGTH",
                            )

    def _plan_attachments(
        self,
        m: FakeMessage,
        payload: dict[str, Any],
        files: list[tuple[str, str, bytes, str]],
        *,
        edit: bool,
    ) -> tuple[list[dict[str, Any]], dict[int, bytes]] | None:
        """The message's attachments after this request, checked the way Discord checks them,
        without changing anything: (attachments, {new attachment id: bytes}), or None when the
        request leaves them as they are.

        Uploads are multipart fields ``files[n]``; ``payload_json.attachments`` lists every
        attachment the message keeps (existing ones by id) and describes new ones by ``id`` = n.
        """
        if len(files) > MAX_FILES:
            raise _form_error(
                f"Must be {MAX_FILES} or fewer in length.", "files", "BASE_TYPE_MAX_LENGTH"
            )
        for _name, _filename, data, _ctype in files:
            if len(data) > MAX_FILE_BYTES:
                raise ApiError(413, 40005, "Request entity too large")
        uploads: dict[int, tuple[str, bytes, str]] = {}
        for position, (field_name, filename, data, ctype) in enumerate(files):
            mo = re.fullmatch(r"files\[(\d+)\]", field_name or "")
            idx = int(mo.group(1)) if mo else position
            if idx in uploads:
                raise _form_error(f"duplicate upload files[{idx}]", "files", "BASE_TYPE_DUPLICATE")
            uploads[idx] = (filename, data, ctype)
        listed = payload.get("attachments")
        if listed is None and not files:
            return None
        existing = {int(a["id"]): a for a in m.attachments} if edit else {}
        kept: list[dict[str, Any]] = []
        described: dict[int, dict[str, Any]] = {}
        if listed is None:
            kept = list(m.attachments) if edit else []
        else:
            for i, a in enumerate(listed):
                try:
                    aid = int(a["id"])
                except (KeyError, TypeError, ValueError):
                    raise _form_error(
                        "attachment id is required", f"attachments.{i}.id", "BASE_TYPE_REQUIRED"
                    ) from None
                if aid in existing:
                    kept.append(existing[aid])
                elif aid in uploads:
                    described[aid] = a
                else:
                    # neither one of this message's attachments nor an uploaded files[n]
                    raise _form_error(
                        "Unknown attachment", f"attachments.{i}.id", "ATTACHMENT_NOT_FOUND"
                    )
        new: list[dict[str, Any]] = []
        data_by_id: dict[int, bytes] = {}
        for idx, (filename, data, ctype) in sorted(uploads.items()):
            meta = described.get(idx, {})
            aid = self._next_id()
            fname = meta.get("filename") or filename
            att = {
                "id": str(aid),
                "filename": fname,
                "size": len(data),
                "url": f"{self.base_url}/attachments/{m.channel_id}/{aid}/{fname}",
                "proxy_url": f"{self.base_url}/attachments/{m.channel_id}/{aid}/{fname}",
                "content_type": ctype or "application/octet-stream",
            }
            if meta.get("description"):
                att["description"] = meta["description"]
            data_by_id[aid] = data
            new.append(att)
        return kept + new, data_by_id

    @staticmethod
    def _resolve_attachment_urls(
        embeds: list[dict[str, Any]], attachments: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """``attachment://name`` in an embed becomes that attachment's URL, as Discord does.

        A name that is not an attachment of the message is refused with 400. Discord's
        documentation only says such a reference must name an uploaded file; the fake is strict
        here on purpose, so that a test sees a picture that would not show."""
        by_name = {a["filename"]: a for a in attachments}
        out = []
        for i, e in enumerate(embeds):
            e = json.loads(json.dumps(e))
            for key in ("image", "thumbnail", "footer", "author"):
                part = e.get(key)
                if not isinstance(part, dict):
                    continue
                field = "url" if key in ("image", "thumbnail") else "icon_url"
                url = part.get(field)
                if isinstance(url, str) and url.startswith("attachment://"):
                    att = by_name.get(url[len("attachment://") :])
                    if att is None:
                        raise _form_error(
                            f"{url} is not an attachment of this message",
                            f"embeds.{i}.{key}.{field}",
                            "ATTACHMENT_NOT_FOUND",
                        )
                    part[field] = att["url"]
                    part["proxy_url" if field == "url" else "proxy_icon_url"] = att["proxy_url"]
            out.append(e)
        return out

    def _new_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        payload: dict[str, Any],
        files: list[tuple[str, str, bytes, str]],
        *,
        type_: int = MT_DEFAULT,
        webhook_id: int | None = None,
        interaction_id: int | None = None,
        ephemeral_user_id: int | None = None,
        extra_flags: int = 0,
        allow_empty: bool = False,
    ) -> FakeMessage:
        payload = payload or {}
        self._validate_message(payload, n_files=len(files))
        flags = int(payload.get("flags") or 0) | extra_flags
        if not allow_empty and not (
            payload.get("content")
            or payload.get("embeds")
            or files
            or payload.get("components")
            or payload.get("sticker_ids")
            or payload.get("poll")
        ):
            raise ApiError(400, 50006, "Cannot send an empty message")
        ref = payload.get("message_reference")
        if ref is not None and type_ == MT_DEFAULT:
            ref_id = int(ref["message_id"])
            target = self.messages.get(ref_id)
            if target is None or target.deleted:
                if ref.get("fail_if_not_exists", True):
                    raise _form_error(
                        "Unknown message", "message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE"
                    )
            type_ = MT_REPLY
            ref = {
                "type": 0,
                "message_id": str(ref_id),
                "channel_id": str(ref.get("channel_id") or channel.id),
            }
            if channel.guild_id:
                ref["guild_id"] = str(channel.guild_id)
        m = FakeMessage(
            id=self._next_id(),
            channel_id=channel.id,
            author_id=author.id,
            content=str(payload.get("content") or ""),
            embeds=[self._normalize_embed(e) for e in payload.get("embeds") or []],
            components=self._normalize_components(payload.get("components") or []),
            flags=flags,
            type=type_,
            webhook_id=webhook_id,
            application_id=self.application_id if webhook_id else None,
            interaction_id=interaction_id,
            ephemeral_user_id=ephemeral_user_id if flags & FLAG_EPHEMERAL else None,
            message_reference=ref,
            tts=bool(payload.get("tts")),
            timestamp=self.utcnow(),
        )
        planned = self._plan_attachments(m, payload, files, edit=False)
        if planned is not None:
            m.attachments, m.files = planned
        m.embeds = self._resolve_attachment_urls(m.embeds, m.attachments)
        self.messages[m.id] = m
        channel.message_ids.append(m.id)
        if not m.ephemeral and channel.is_thread:
            channel.messages_sent += 1
        return m

    @staticmethod
    def _normalize_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Copy components and give every one a numeric `id`, like Discord does."""
        comps = json.loads(json.dumps(components or []))
        used = {c["id"] for c in iter_components(comps) if isinstance(c.get("id"), int)}
        n = 0
        for c in iter_components(comps):
            if not isinstance(c.get("id"), int):
                n += 1
                while n in used:
                    n += 1
                c["id"] = n
                used.add(n)
        return comps

    def _mentions(self, content: str) -> list[dict[str, Any]]:
        out = []
        for uid in dict.fromkeys(int(x) for x in re.findall(r"<@!?(\d+)>", content or "")):
            if uid in self.users:
                out.append(self._user_payload(self.users[uid]))
        return out

    @staticmethod
    def _normalize_embed(e: dict[str, Any]) -> dict[str, Any]:
        e = dict(e)
        e.setdefault("type", "rich")
        return e

    def _edit_message(
        self, m: FakeMessage, payload: dict[str, Any], files: list[tuple[str, str, bytes, str]]
    ) -> None:
        payload = payload or {}
        self._validate_message(payload, n_files=len(files), existing=m)
        would_have = {
            "content": payload["content"] if "content" in payload else m.content,
            "embeds": payload["embeds"] if "embeds" in payload else m.embeds,
            "components": payload["components"] if "components" in payload else m.components,
            "attachments": (payload.get("attachments") or files)
            if ("attachments" in payload or files)
            else m.attachments,
        }
        if not m.loading and not any(would_have.values()):
            raise ApiError(400, 50006, "Cannot send an empty message")
        planned = self._plan_attachments(m, payload, files, edit=True)
        attachments = planned[0] if planned is not None else m.attachments
        embeds = self._resolve_attachment_urls(
            [self._normalize_embed(e) for e in payload["embeds"] or []]
            if "embeds" in payload
            else m.embeds,
            attachments,
        )
        if "content" in payload:
            m.content = str(payload["content"] or "")
        if "embeds" in payload or planned is not None:
            m.embeds = embeds
        if "components" in payload:
            m.components = self._normalize_components(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            # only SUPPRESS_EMBEDS can be toggled; ephemeral/v2 flags are kept
            keep = m.flags & ~FLAG_SUPPRESS_EMBEDS
            m.flags = keep | (int(payload["flags"]) & FLAG_SUPPRESS_EMBEDS)
        if planned is not None:
            m.attachments = planned[0]
            kept = {int(att["id"]) for att in m.attachments}
            m.files = {aid: data for aid, data in {**m.files, **planned[1]}.items() if aid in kept}
        if m.loading:
            m.flags &= ~FLAG_LOADING
        else:
            m.edit_count += 1
            m.edited_timestamp = self.utcnow()

    def _check_can_attach(self, c: FakeChannel, files: list[tuple[str, str, bytes, str]]) -> None:
        """Uploading needs the Attach Files permission (threads follow their parent channel)."""
        parent = self.channels.get(c.parent_id) if c.parent_id else None
        if files and not (c.attach_files and (parent is None or parent.attach_files)):
            raise ApiError(403, 50013, "Missing Permissions")

    async def _r_create_message(self, request, channel_id, payload, files, **_):
        c = self._channel_or_404(channel_id)
        self._check_can_post(c)
        self._check_can_attach(c, files)
        m = self._new_message(c, self.bot_user, payload or {}, files)
        self.touch_thread(c)
        await self._dispatch_message("MESSAGE_CREATE", m)
        return self._message_payload(m)

    async def _r_get_message(self, request, channel_id, message_id, **_):
        c = self._channel_or_404(channel_id)
        return self._message_payload(self._message_or_404(c, message_id))

    async def _r_edit_message(self, request, channel_id, message_id, payload, files, **_):
        c = self._channel_or_404(channel_id)
        m = self._message_or_404(c, message_id)
        if m.author_id != self.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self.check_permission(c, "view_channel")
        self.check_not_archived(c)  # unarchive first
        self._check_can_attach(c, files)
        self.check_old_edit(c, m)
        self._edit_message(m, payload or {}, files)
        await self._dispatch_message("MESSAGE_UPDATE", m)
        return self._message_payload(m)

    async def _delete(self, m: FakeMessage) -> None:
        m.deleted = True
        c = self.channels[m.channel_id]
        if m.ephemeral:
            return
        data: dict[str, Any] = {"id": str(m.id), "channel_id": str(c.id)}
        if c.guild_id:
            data["guild_id"] = str(c.guild_id)
        await self._dispatch(
            "MESSAGE_DELETE",
            data,
            intent=INTENT_DM_MESSAGES if c.type == DM else INTENT_GUILD_MESSAGES,
        )

    async def _r_delete_message(self, request, channel_id, message_id, **_):
        c = self._channel_or_404(channel_id)
        m = self._message_or_404(c, message_id)
        await self._delete(m)
        return _no_content()

    async def _r_history(self, request, channel_id, **_):
        c = self._channel_or_404(channel_id)
        self.check_permission(c, "read_message_history")
        q = request.query
        limit = max(1, min(100, int(q.get("limit", 50))))
        msgs = [self.messages[i] for i in c.message_ids]
        msgs = [m for m in msgs if not m.deleted and not m.ephemeral]
        msgs.sort(key=lambda m: m.id)
        if "around" in q:
            a = int(q["around"])
            older = [m for m in msgs if m.id <= a][-(limit // 2 + 1) :]
            newer = [m for m in msgs if m.id > a][: limit - len(older)]
            sel = older + newer
        elif "after" in q:
            a = int(q["after"])
            sel = [m for m in msgs if m.id > a][:limit]
        else:
            if "before" in q:
                b = int(q["before"])
                msgs = [m for m in msgs if m.id < b]
            sel = msgs[-limit:]
        return [self._message_payload(m) for m in reversed(sel)]

    # ------------------------------------------------------------------ REST: threads

    def _new_thread(
        self,
        parent: FakeChannel,
        name: str,
        type_: int,
        *,
        thread_id: int | None = None,
        auto_archive: int = 1440,
    ) -> FakeChannel:
        if parent.type != TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self.check_permission(parent, "create_public_threads")
        self.check_thread_cap(parent)
        if not name or len(name) > 100:
            raise _form_error("name must be 1-100 characters", "name", "BASE_TYPE_BAD_LENGTH")
        t = FakeChannel(
            id=thread_id or self._next_id(),
            type=type_,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=auto_archive,
            created_at=self.utcnow(),
        )
        self.channels[t.id] = t
        return t

    async def _dispatch_thread_create(self, t: FakeChannel) -> None:
        data = self._channel_payload(t)
        data["newly_created"] = True
        data["member"] = {
            "id": str(t.id),
            "user_id": str(self.bot_user.id),
            "join_timestamp": iso(now()),
            "flags": 0,
        }
        await self._dispatch("THREAD_CREATE", data, intent=INTENT_GUILDS)

    async def _r_thread_from_message(self, request, channel_id, message_id, payload, **_):
        c = self._channel_or_404(channel_id)
        m = self._message_or_404(c, message_id)
        if m.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        payload = payload or {}
        # A thread started from a message has the message's id.
        t = self._new_thread(
            c,
            payload.get("name", ""),
            PUBLIC_THREAD,
            thread_id=m.id,
            auto_archive=payload.get("auto_archive_duration") or 1440,
        )
        t.starter_message_id = m.id
        m.thread_id = t.id
        await self._dispatch_thread_create(t)
        await self._dispatch_message("MESSAGE_UPDATE", m)
        return self._channel_payload(t)

    async def _r_thread_without_message(self, request, channel_id, payload, **_):
        c = self._channel_or_404(channel_id)
        payload = payload or {}
        type_ = int(payload.get("type") or PRIVATE_THREAD)
        if type_ not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise _form_error("invalid thread type", "type")
        t = self._new_thread(
            c,
            payload.get("name", ""),
            type_,
            auto_archive=payload.get("auto_archive_duration") or 1440,
        )
        await self._dispatch_thread_create(t)
        if type_ == PUBLIC_THREAD:
            # Discord posts a "started a thread" system message in the parent channel.
            sysmsg = self._new_message(
                c, self.bot_user, {"content": t.name}, [], type_=MT_THREAD_CREATED, allow_empty=True
            )
            sysmsg.message_reference = {
                "type": 0,
                "channel_id": str(t.id),
                "guild_id": str(c.guild_id),
            }
            await self._dispatch_message("MESSAGE_CREATE", sysmsg)
        return self._channel_payload(t)

    async def _r_thread_member_noop(self, request, channel_id, **_):
        self._channel_or_404(channel_id)
        return _no_content()

    # ------------------------------------------------------------------ interactions: building

    def _interaction_base(
        self, itype: int, user: FakeUser, channel: FakeChannel
    ) -> tuple[dict[str, Any], InteractionResult]:
        user = self._user(user)
        iid = self._next_id()
        token = f"itok.{iid}.{secrets.token_urlsafe(12)}"
        d: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "app_permissions": ALL_PERMISSIONS,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(channel.guild_id)}
            if channel.guild_id
            else {"1": str(user.id)},
            "attachment_size_limit": MAX_FILE_BYTES,
        }
        if channel.guild_id is not None:
            g = self.guilds[channel.guild_id]
            if user.id not in g.member_ids:
                raise FakeDiscordError(f"{user!r} is not a member of {g!r}")
            d["guild_id"] = str(g.id)
            d["guild_locale"] = g.preferred_locale
            d["guild"] = {"id": str(g.id), "locale": g.preferred_locale, "features": []}
            d["member"] = self._member_payload(g, user, permissions=True)
            d["context"] = 0
            ch = self._channel_payload(channel)
            ch["permissions"] = ALL_PERMISSIONS
        else:
            if channel.recipient_id != user.id:
                raise FakeDiscordError(
                    f"{user!r} cannot use DM channel {channel!r} of another user"
                )
            d["user"] = self._user_payload(user)
            d["context"] = 1
            ch = self._channel_payload(channel)
        d["channel"] = ch
        d["channel_id"] = str(channel.id)
        rec = InteractionResult(
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            issued_at=self.now(),
        )
        return d, rec

    def _resolve_target_channel(
        self, user: FakeUser, channel: FakeChannel | int | FakeUser | None
    ) -> FakeChannel:
        """`channel` may be a channel/thread, or the user itself (or None) for the user's DM with the bot."""
        if channel is None or isinstance(channel, FakeUser):
            return self._get_or_create_dm(self._user(user))
        return self._channel(channel)

    @staticmethod
    def _named(item: dict[str, Any], name: str, locale: str | None) -> bool:
        """A user types a command by its name, or by its name in their client's language (the
        interaction still carries the command's default name)."""
        return item["name"] == name or (
            locale is not None and (item.get("name_localizations") or {}).get(locale) == name
        )

    def _find_command(
        self, name: str, guild_id: int | None, locale: str | None = None
    ) -> dict[str, Any]:
        scopes: list[int | None] = ([guild_id] if guild_id else []) + [None]
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if self._named(cmd, name, locale) and cmd.get("type", 1) == 1:
                    if scope is None and guild_id is None:
                        contexts = cmd.get("contexts")
                        if (contexts is not None and 1 not in contexts) or (
                            contexts is None and cmd.get("dm_permission") is False
                        ):
                            raise FakeDiscordError(f"command {name!r} is not available in DMs")
                    return cmd
        known = sorted({c["name"] for s in scopes for c in self.commands.get(s, [])})
        raise FakeDiscordError(f"unknown command {name!r}; registered: {known}")

    def _build_command_data(
        self,
        command: str,
        guild_id: int | None,
        options: dict[str, Any],
        focused: str | None = None,
        locale: str | None = None,
        forged: bool = False,
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        parts = command.split()
        if not parts:
            raise FakeDiscordError("empty command name")
        cmd = self._find_command(parts[0], guild_id, locale)
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        schema: dict[str, Any] = cmd
        target: list[dict[str, Any]] = []
        data["options"] = target
        for sub in parts[1:]:
            found = next(
                (
                    o
                    for o in schema.get("options") or []
                    if self._named(o, sub, locale) and o.get("type") in (1, 2)
                ),
                None,
            )
            if found is None:
                subs = [o["name"] for o in schema.get("options") or [] if o.get("type") in (1, 2)]
                raise FakeDiscordError(
                    f"{command!r}: no sub-command {sub!r} in {schema['name']!r}; have {subs}"
                )
            node: dict[str, Any] = {"name": found["name"], "type": found["type"], "options": []}
            target.append(node)
            target = node["options"]
            schema = found
        schema_opts = schema.get("options") or []
        if any(o.get("type") in (1, 2) for o in schema_opts):
            subs = [o["name"] for o in schema_opts]
            raise FakeDiscordError(f"{command!r} needs a sub-command: {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        by_name = {o["name"]: o for o in schema_opts}
        for name, value in options.items():
            if name not in by_name:
                raise FakeDiscordError(
                    f"{command!r} has no option {name!r}; options: {sorted(by_name)}"
                )
            target.append(
                self._option_value(
                    by_name[name], value, resolved, guild_id, focused=(name == focused)
                )
            )
        if focused is None and not forged:  # forged options may stand for the required ones
            missing = [
                o["name"] for o in schema_opts if o.get("required") and o["name"] not in options
            ]
            if missing:
                raise FakeDiscordError(f"{command!r}: missing required options {missing}")
        if resolved:
            data["resolved"] = resolved
        return data, cmd

    def _option_value(
        self,
        schema: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        guild_id: int | None,
        *,
        focused: bool,
    ) -> dict[str, Any]:
        t = schema["type"]
        name = schema["name"]
        out: dict[str, Any] = {"name": name, "type": t}
        if focused:
            if not schema.get("autocomplete"):
                raise FakeDiscordError(f"option {name!r} has no autocomplete")
            out["value"] = str(value)
            out["focused"] = True
            return out
        if t == 3:
            v: Any = str(value)
        elif t == 4:
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or int(value) != value
            ):
                raise FakeDiscordError(f"option {name!r} needs an integer, got {value!r}")
            v = int(value)
        elif t == 10:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise FakeDiscordError(f"option {name!r} needs a number, got {value!r}")
            v = float(value)
        elif t == 5:
            if not isinstance(value, bool):
                raise FakeDiscordError(f"option {name!r} needs a bool, got {value!r}")
            v = value
        elif t in (6, 9):
            u = self._user(value)
            v = str(u.id)
            resolved.setdefault("users", {})[v] = self._user_payload(u)
            if guild_id is not None and u.id in self.guilds[guild_id].member_ids:
                resolved.setdefault("members", {})[v] = self._member_payload(
                    self.guilds[guild_id], u, with_user=False, permissions=True
                )
        elif t == 7:
            c = self._channel(value)
            v = str(c.id)
            cp = {"id": v, "name": c.name, "type": c.type, "permissions": ALL_PERMISSIONS}
            if c.is_thread:
                cp["parent_id"] = str(c.parent_id)
                cp["thread_metadata"] = self._channel_payload(c)["thread_metadata"]
            resolved.setdefault("channels", {})[v] = cp
        elif t == 8:
            g = self._guild(value if not isinstance(value, FakeGuild) else value.id)
            v = str(g.id)
            resolved.setdefault("roles", {})[v] = self._guild_create_payload(g)["roles"][0]
        else:
            raise FakeDiscordError(f"option type {t} ({name!r}) not supported by the fake")
        choices = schema.get("choices")
        if choices and v not in [c["value"] for c in choices]:
            raise FakeDiscordError(
                f"option {name!r}: {v!r} is not one of the choices {[c['value'] for c in choices]}"
            )
        for key, ok in (("min_value", lambda lim: v >= lim), ("max_value", lambda lim: v <= lim)):
            if key in schema and t in (4, 10) and not ok(schema[key]):
                raise FakeDiscordError(f"option {name!r}: {v!r} violates {key}={schema[key]}")
        if t == 4 and not -(2**53) <= v <= 2**53:  # Discord's integer options
            raise FakeDiscordError(f"option {name!r}: {v!r} is outside -2^53..2^53")
        if t == 3 and len(v) > 6000:  # Discord's longest string option
            raise FakeDiscordError(f"option {name!r}: longer than 6000 characters")
        if t == 3:
            if "min_length" in schema and len(v) < schema["min_length"]:
                raise FakeDiscordError(
                    f"option {name!r}: {v!r} shorter than {schema['min_length']}"
                )
            if "max_length" in schema and len(v) > schema["max_length"]:
                raise FakeDiscordError(f"option {name!r}: {v!r} longer than {schema['max_length']}")
        out["value"] = v
        return out

    async def _run_interaction(
        self, payload: dict[str, Any], rec: InteractionResult, timeout: float | None, settle: bool
    ) -> InteractionResult:
        if not self._live_sessions():
            raise FakeDiscordError("no bot connected to the gateway")
        fut = asyncio.get_running_loop().create_future()
        self._interactions[rec.token] = rec
        self._interactions_by_id[rec.id] = rec
        self._interaction_futures[rec.token] = fut
        self._interaction_sent_at[rec.token] = asyncio.get_running_loop().time()
        await self._dispatch("INTERACTION_CREATE", payload, only_newest=True)
        timeout = self.response_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(asyncio.shield(fut), timeout)
        except TimeoutError:
            raise FakeDiscordError(
                f'bot did not acknowledge interaction {rec!r} within {timeout}s ("This interaction failed"); '
                f"last calls: {self.calls[-5:]}"
            ) from None
        if settle:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + timeout
            # a "thinking" defer is only answered once a follow-up / edit fills the loading message
            while (
                rec.response_type == 5
                and rec.message is not None
                and rec.message.loading
                and not rec.message.deleted
            ):
                if loop.time() > deadline:
                    break
                await self._changed(0.005)  # the follow-up or edit is a REST call: it pokes
            await self.settle(timeout=timeout)
        return rec

    # ------------------------------------------------------------------ interactions: driver API

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel | FakeUser | int | None,
        command: str,
        *,
        options: dict[str, Any] | None = None,
        timeout: float | None = None,
        forged: list[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> InteractionResult:
        """Invoke slash command `command` ("name" or "name sub" or "name group sub") as `user` in
        `channel` (a guild channel, a thread, or the user / None for the user's DM with the bot).

        ``forged``: option payloads sent as given, unchecked (what Discord itself never sends:
        a value of the wrong type, out of range, an unknown option), to test the bot's guard."""
        c = self._resolve_target_channel(user, channel)
        opts = {**(options or {}), **kwargs}
        data, cmd = self._build_command_data(
            command, c.guild_id, opts, locale=self._user(user).locale, forged=forged is not None
        )
        if forged is not None:
            target = data["options"]
            while target and target[-1].get("type") in (1, 2):
                target = target[-1]["options"]
            target.extend(forged)
        payload, rec = self._interaction_base(2, user, c)
        payload["data"] = data
        rec.command_name = command
        return await self._run_interaction(payload, rec, timeout, settle=True)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel | FakeUser | int | None,
        command: str,
        option: str,
        typed: str = "",
        *,
        options: dict[str, Any] | None = None,
        timeout: float | None = None,
        **kwargs: Any,
    ) -> list[dict[str, Any]]:
        """Ask the bot for autocomplete choices of `option` while `typed` is typed; -> [{name, value}]."""
        c = self._resolve_target_channel(user, channel)
        opts = {**(options or {}), **kwargs}
        opts[option] = typed
        data, cmd = self._build_command_data(
            command, c.guild_id, opts, focused=option, locale=self._user(user).locale
        )
        payload, rec = self._interaction_base(4, user, c)
        payload["data"] = data
        rec.command_name = command
        await self._run_interaction(payload, rec, timeout, settle=False)
        if rec.response_type != 8:
            raise FakeDiscordError(f"autocomplete answered with response type {rec.response_type}")
        return list(rec.choices or [])

    def _component_on(self, m: FakeMessage, custom_id: str) -> dict[str, Any]:
        for c in iter_components(m.components):
            if c.get("custom_id") == custom_id:
                return c
        raise FakeDiscordError(
            f"no component with custom_id {custom_id!r} on {m!r}; custom_ids: {m.custom_ids}"
        )

    def _component_payload(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str | dict[str, Any],
        expect_types: tuple[int, ...],
    ) -> tuple[dict[str, Any], InteractionResult, dict[str, Any], FakeMessage]:
        m = self.message(message)
        if m.deleted:
            raise FakeDiscordError(f"{m!r} was deleted")
        if isinstance(custom_id, dict):
            custom_id = custom_id["custom_id"]
        comp = self._component_on(m, custom_id)
        if comp.get("type") not in expect_types:
            raise FakeDiscordError(
                f"component {custom_id!r} has type {comp.get('type')}, expected {expect_types}"
            )
        if comp.get("disabled"):
            raise FakeDiscordError(f"component {custom_id!r} is disabled")
        if m.ephemeral and m.ephemeral_user_id != self._user(user).id:
            raise FakeDiscordError(f"{user!r} cannot see ephemeral {m!r}")
        c = self.channels[m.channel_id]
        payload, rec = self._interaction_base(3, user, c)
        payload["message"] = self._message_payload(m)
        rec.target_message_id = m.id
        rec.updated_message = None
        rec.custom_id = custom_id
        return payload, rec, comp, m

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str | dict[str, Any],
        *,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Click the button `custom_id` (or a button dict from find_button) on `message`."""
        payload, rec, comp, m = self._component_payload(user, message, custom_id, (2,))
        if comp.get("style") in (5, 6):
            raise FakeDiscordError("link/premium buttons do not send interactions")
        payload["data"] = {"custom_id": comp["custom_id"], "component_type": 2}
        return await self._run_interaction(payload, rec, timeout, settle=True)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage | int,
        custom_id: str | dict[str, Any],
        values: Sequence[Any],
        *,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Pick `values` in the select menu `custom_id` on `message`."""
        payload, rec, comp, m = self._component_payload(user, message, custom_id, (3, 5, 6, 7, 8))
        values = list(values)
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise FakeDiscordError(
                f"select {comp['custom_id']!r} takes {lo}..{hi} values, got {values}"
            )
        data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
        if comp["type"] == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise FakeDiscordError(
                    f"select {comp['custom_id']!r}: {bad} not in options {allowed}"
                )
            data["values"] = [str(v) for v in values]
        else:
            resolved: dict[str, dict[str, Any]] = {}
            opt_type = {5: 6, 6: 8, 7: 9, 8: 7}[comp["type"]]
            data["values"] = [
                self._option_value(
                    {"name": "v", "type": opt_type},
                    v,
                    resolved,
                    self.channels[m.channel_id].guild_id,
                    focused=False,
                )["value"]
                for v in values
            ]
            data["resolved"] = resolved
        payload["data"] = data
        return await self._run_interaction(payload, rec, timeout, settle=True)

    async def submit_modal(
        self,
        user: FakeUser,
        shown: InteractionResult,
        values: dict[str, str],
        *,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Submit the modal the bot showed in `shown` (response type 9) with text input values by custom_id."""
        modal = shown.modal
        if modal is None:
            raise FakeDiscordError(f"{shown!r} did not show a modal")
        c = self.channels[shown.channel_id]
        payload, rec = self._interaction_base(5, user, c)
        inputs = {
            x["custom_id"]
            for x in iter_components(modal.get("components", []))
            if x.get("type") == 4
        }
        unknown = set(values) - inputs
        if unknown:
            raise FakeDiscordError(
                f"modal has no text inputs {sorted(unknown)}; has {sorted(inputs)}"
            )

        def answer(comp: dict[str, Any]) -> dict[str, Any]:
            if comp.get("type") == 4:
                if comp.get("required", True) and not values.get(comp["custom_id"]):
                    raise FakeDiscordError(f"required text input {comp['custom_id']!r} left empty")
                return {
                    "type": 4,
                    "custom_id": comp["custom_id"],
                    "value": values.get(comp["custom_id"], ""),
                    **({"id": comp["id"]} if "id" in comp else {}),
                }
            out = {k: v for k, v in comp.items() if k in ("type", "id")}
            if "components" in comp:
                out["components"] = [answer(x) for x in comp["components"]]
            if "component" in comp:
                out["component"] = answer(comp["component"])
            return out

        payload["data"] = {
            "custom_id": modal["custom_id"],
            "components": [answer(x) for x in modal.get("components", [])],
        }
        if shown.target_message_id is not None:
            m = self.messages[shown.target_message_id]
            payload["message"] = self._message_payload(m)
            rec.target_message_id = m.id
        rec.custom_id = modal["custom_id"]
        return await self._run_interaction(payload, rec, timeout, settle=True)

    async def send_message(
        self, user: FakeUser, channel: FakeChannel | FakeUser | int | None, content: str
    ) -> FakeMessage:
        """A user posts a plain message (MESSAGE_CREATE is dispatched; content is hidden
        from bots without the message content intent, like real Discord)."""
        u = self._user(user)
        c = self._resolve_target_channel(u, channel)
        m = self._new_message(c, u, {"content": content}, [])
        payload = self._message_payload(m)
        intent = INTENT_DM_MESSAGES if c.type == DM else INTENT_GUILD_MESSAGES
        for s in [
            s
            for s in self._sessions.values()
            if s.ready and not s.ended and s.intents & intent and s.serves(c.guild_id)
        ]:
            p = dict(payload)
            if (
                c.type != DM
                and not (s.intents & INTENT_MESSAGE_CONTENT)
                and f"<@{self.bot_user.id}>" not in content
            ):
                p.update(content="", embeds=[], attachments=[], components=[])
            async with s.lock:
                await self._send_event_locked(s, "MESSAGE_CREATE", p)
        self._touch()
        await self.settle()
        return m

    # ------------------------------------------------------------------ REST: interaction callback & follow-ups

    def _rec_for_token(
        self, token: str, code: int = 10015, message: str = "Unknown Webhook"
    ) -> InteractionResult:
        rec = self._interactions.get(token)
        if rec is None:
            raise ApiError(404, code, message)
        return rec

    def _check_interaction_deadline(self, rec: InteractionResult) -> None:
        """Discord forgets an interaction whose first answer (the callback) comes more than
        ``interaction_deadline`` seconds (3 s) after the INTERACTION_CREATE was sent: 404 / 10062
        "Unknown interaction", and the user reads "This interaction failed". Such a callback is
        recorded in ``late_interactions`` (``assert_clean`` fails) and the driver call waiting
        for the answer fails at once. (Follow-ups via the webhook token stay valid for 15 min.)"""
        sent = self._interaction_sent_at.get(rec.token)
        if sent is None:
            return
        late = asyncio.get_running_loop().time() - sent
        if late <= self.interaction_deadline:
            return
        problem = (
            f"{rec!r} answered {late:.2f}s after INTERACTION_CREATE "
            f"(deadline {self.interaction_deadline}s): 404 / 10062 Unknown interaction"
        )
        self.late_interactions.append(problem)
        fut = self._interaction_futures.get(rec.token)
        if fut is not None and not fut.done():
            fut.add_done_callback(lambda f: f.exception())  # retrieved even if nobody waits
            fut.set_exception(FakeDiscordError(problem + ' ("This interaction failed")'))
        raise ApiError(404, 10062, "Unknown interaction")

    async def _r_interaction_callback(self, request, interaction_id, token, payload, files, **_):
        rec = self._rec_for_token(token, 10062, "Unknown interaction")
        if str(rec.id) != interaction_id:
            raise ApiError(404, 10062, "Unknown interaction")
        self._check_interaction_deadline(rec)
        if rec.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if not isinstance(payload, dict) or "type" not in payload:
            raise _form_error("type is required", "type", "BASE_TYPE_REQUIRED")
        rtype = int(payload["type"])
        data = payload.get("data") or {}
        allowed = {2: (4, 5, 9), 3: (4, 5, 6, 7, 9), 4: (8,), 5: (4, 5, 6, 7)}[rec.type]
        if rtype not in allowed:
            raise _form_error(
                f"Interaction response type {rtype} is invalid for interaction type {rec.type}",
                "type",
                "INTERACTION_RESPONSE_TYPE_INVALID",
            )
        channel = self.channels[rec.channel_id]
        resource: dict[str, Any] = {"type": rtype}
        inter: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        msg_type = MT_CHAT_INPUT if rec.type == 2 else MT_DEFAULT
        if rtype == 4:
            m = self._new_message(
                channel,
                self.bot_user,
                data,
                files,
                type_=msg_type,
                webhook_id=self.application_id,
                interaction_id=rec.id,
                ephemeral_user_id=rec.user.id,
            )
            rec.message = m
        elif rtype == 5:
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            m = self._new_message(
                channel,
                self.bot_user,
                {"flags": flags},
                [],
                type_=msg_type,
                webhook_id=self.application_id,
                interaction_id=rec.id,
                ephemeral_user_id=rec.user.id,
                extra_flags=FLAG_LOADING,
                allow_empty=True,
            )
            rec.message = m
        elif rtype in (6, 7):
            if rec.target_message_id is None:
                raise _form_error(
                    "no message to update", "type", "INTERACTION_RESPONSE_TYPE_INVALID"
                )
            m = self.messages[rec.target_message_id]
            rec.updated_message = m
            if rtype == 7:
                self._edit_message(m, data, files)
        elif rtype == 8:
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) > 25:
                raise _form_error("choices must be a list of at most 25", "data.choices")
            for ch in choices:
                if "name" not in ch or "value" not in ch or not 1 <= len(str(ch["name"])) <= 100:
                    raise _form_error(f"bad choice {ch!r}", "data.choices")
                if isinstance(ch["value"], str) and len(ch["value"]) > 100:
                    raise _form_error(
                        "choice values must be 100 or fewer in length",
                        "data.choices",
                        "BASE_TYPE_MAX_LENGTH",
                    )
            rec.choices = choices
            m = None
        elif rtype == 9:
            if not data.get("custom_id") or not data.get("title") or not data.get("components"):
                raise _form_error("modal needs custom_id, title and components", "data")
            rec.modal = data
            m = None
        else:  # pragma: no cover
            m = None
        rec.response_type = rtype
        rec.callback = payload
        if m is not None:
            inter.update(
                response_message_id=str(m.id),
                response_message_loading=m.loading,
                response_message_ephemeral=m.ephemeral,
            )
            if rtype in (4, 5, 7):
                resource["message"] = self._message_payload(m)
            if rtype in (4, 5):
                await self._dispatch_message("MESSAGE_CREATE", m)
            elif rtype == 7:
                await self._dispatch_message("MESSAGE_UPDATE", m)
        fut = self._interaction_futures.get(token)
        if fut is not None and not fut.done():
            fut.set_result(True)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return _no_content()
        body: dict[str, Any] = {"interaction": inter}
        if rtype != 8:
            body["resource"] = resource
        return body

    def _wh_rec(self, webhook_id: str, token: str) -> InteractionResult:
        if webhook_id != str(self.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        rec = self._rec_for_token(token)
        if rec.response_type is None:
            # the token only becomes a webhook once the interaction is acknowledged
            raise ApiError(404, 10015, "Unknown Webhook")
        if self.now() - rec.issued_at > INTERACTION_TOKEN_TTL:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return rec

    def _wh_message(self, rec: InteractionResult, message_id: str | None) -> FakeMessage:
        if message_id is None or message_id == "@original":
            m = rec.original
        else:
            m = self.messages.get(int(message_id))
            if m is not None and m not in rec.followups and m is not rec.original:
                m = None
        if m is None or m.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return m

    async def _r_followup_create(self, request, webhook_id, token, payload, files, **_):
        rec = self._wh_rec(webhook_id, token)
        payload = payload or {}
        wait = request.query.get("wait") in ("1", "true", "True")
        orig = rec.message
        if rec.response_type == 5 and orig is not None and orig.loading and not orig.deleted:
            # the first follow-up after a "thinking" defer replaces the loading message
            self._edit_message(orig, {k: v for k, v in payload.items() if k != "flags"}, files)
            m = orig
            rec.followups.append(m)
            await self._dispatch_message("MESSAGE_UPDATE", m)
        else:
            channel = self.channels[rec.channel_id]
            if channel.type == DM and not self.users[channel.recipient_id].dms_open:  # type: ignore[index]
                pass  # interaction follow-ups work even with closed DMs
            msg_type = MT_CHAT_INPUT if rec.type == 2 else MT_DEFAULT
            m = self._new_message(
                channel,
                self.bot_user,
                payload,
                files,
                type_=msg_type,
                webhook_id=self.application_id,
                interaction_id=rec.id,
                ephemeral_user_id=rec.user.id,
            )
            rec.followups.append(m)
            await self._dispatch_message("MESSAGE_CREATE", m)
        if not wait:
            return _no_content()
        return self._message_payload(m)

    async def _r_wh_get(self, request, webhook_id, token, message_id=None, **_):
        rec = self._wh_rec(webhook_id, token)
        return self._message_payload(self._wh_message(rec, message_id))

    async def _r_wh_edit(self, request, webhook_id, token, payload, files, message_id=None, **_):
        rec = self._wh_rec(webhook_id, token)
        m = self._wh_message(rec, message_id)
        self._edit_message(m, payload or {}, files)
        await self._dispatch_message("MESSAGE_UPDATE", m)
        return self._message_payload(m)

    async def _r_wh_delete(self, request, webhook_id, token, message_id=None, **_):
        rec = self._wh_rec(webhook_id, token)
        m = self._wh_message(rec, message_id)
        await self._delete(m)
        return _no_content()
