"""Fake Discord server for end-to-end tests of the bot with a real discord.py client.

Driver API (all coroutine methods must be awaited):

    fake = FakeDiscord(bot_name='TavernBot', token=None, response_timeout=5.0, settle_idle=0.0)
    await fake.start() / await fake.stop()      # or: async with FakeDiscord() as fake
    fake.add_guild(name) -> FakeGuild
    fake.add_text_channel(guild, name) -> FakeChannel
    fake.add_user(name, dms_open=True) -> FakeUser        # member of every guild
    await fake.wait_ready(commands=False, timeout=10.0)
    await fake.slash(user, channel, "cmd [group] [sub]", options=None, timeout=None, **opts) -> InteractionResult
        # timeout (default response_timeout, 5 s): for the bot's answer, then for settling
    await fake.autocomplete(user, channel, "cmd sub", "option", typed="", **other_opts) -> [{name, value}]
    await fake.click(user, message, custom_id_or_button) -> InteractionResult
    await fake.select(user, message, custom_id, values) -> InteractionResult
    await fake.submit_modal(user, shown_result, {text_input_custom_id: value}) -> InteractionResult
    await fake.send_message(user, channel, content) -> FakeMessage
    await fake.settle(idle=None, timeout=5.0)
    fake.channel_messages(channel), fake.dm_messages(user), fake.ephemeral_messages(user),
    fake.threads(channel), fake.message(mid), fake.find_button(message, label, custom_id=, prefix=)
    fake.calls, fake.mark(), fake.calls_since(mark), fake.requests, fake.unknown_calls, fake.assert_clean()
    fake.rate_limit_next(method, path_substring, retry_after=0.05)
    FakeDiscord(global_limit=GLOBAL_LIMIT)    # the default: Discord's 50 requests a second per bot
                                              # token, over every connection (interaction
                                              # endpoints exempt); None: not enforced
    fake.global_429s (assert_clean fails on any), fake.global_arrivals, fake.busiest_second()
    fake.set_bot_permissions(guild, permissions, everyone=0)   # the bot's managed role (before it connects)
    fake.interaction_deadline (3.0 s), fake.late_interactions   # see "Pitfalls"
    fake.contract_violations, fake.take_violations(), fake.check_contract()
    fake.clock(), await fake.advance(seconds), fake.age_interaction(result, seconds), fake.aged_refusals
    await fake.delete_channel(thread), await fake.deny(channel, *perms), await fake.allow(channel, *perms)   # aging.py
    await fake.gateway_reconnect(), await fake.drop_gateway(code=4000)

`channel` may be a guild text channel, a thread, or a FakeUser / None meaning the user's DM with the bot.
More driver helpers: await fake.delete_message(msg), await fake.archive_thread(thread, locked=False),
await fake.invalidate_session(), await fake.gateway_barrier().

InteractionResult: response_type (4/5/6/7/8/9), message (created by 4/5), updated_message (6/7),
followups, choices, modal, and from `original` (message or updated_message): content, embeds,
embed_text, components, buttons, ephemeral, deferred.  FakeMessage: content, embeds, components,
buttons, selects, custom_ids, attachments / attachment_names / file_bytes(name), flags, ephemeral,
loading, edit_count, deleted, type, author_id, channel_id, thread_id.

Discord's contract (contract.py): every request body is checked against the schema of its route
and method in Discord's own OpenAPI description (spec/openapi.json), component emojis must be
custom or Unicode emojis, and the limits the spec cannot say are checked by hand (2,000 characters
of content, 6,000 over the embeds, 5 action rows of 5, the interaction callback within 3 s of
`fake.now()`, follow-ups and @original edits within the token's 15 minutes, else 401 / 50027).
A refusal is Discord's answer (400 / 50035 "Invalid Form Body", `errors` naming the field) and
is recorded in `fake.contract_violations`: `run_bot`, `assert_clean` and leaving
`async with FakeDiscord()` fail on any, even one the bot swallowed. A test that provokes one on
purpose takes them with `fake.take_violations()`.

Running a bot:   async with run_bot(bot, fake, commands=True): ...   (fixtures.py), and wrap the
test in `with error_log_guard():` (or use the `log_guard` fixture) so logged handler errors fail it.

Pitfalls (all handled here, keep them in mind when extending):
* TEXT frames only (discord.py zlib-inflates binary ones); Content-Type exactly `application/json`.
* Read every request body before answering (even 429/401/404): otherwise aiohttp drops the
  keep-alive connection and the client's *next* request fails with ServerDisconnected.
* A 429 needs a `Via` header, else discord.py treats it as a Cloudflare ban.
* Returning from `wait_ready`/`settle` once events are *sent* is racy; both end with a gateway
  barrier (server sends op 1, the client answers after processing all earlier frames).
* `settle` waits for work, not for a quiet period (idle.py): it returns once no REST call is in
  flight, no worker thread busy, every gateway frame processed, and none of the bot's tasks busy
  (`run_bot` marks them: a handler still running, an HTTP answer or a database query awaited, a
  timer due within `settle_horizon` = 1 s). It also waits out retry_after sleeps it caused and a
  "thinking" defer's loading message; on timeout it names what was still busy.
* discord.py sleeps 5 s in `before_identify_hook` before every non-initial IDENTIFY (after an
  invalid session); override it in tests. Set `bot._connection.guild_ready_timeout = 0.05` (or
  pass guild_ready_timeout=...) if the test needs `on_ready` / `wait_until_ready` quickly.
* discord.py drops archived threads from its cache on THREAD_UPDATE (real behaviour).
* fake.calls counts every request, including the 429 answers that were retried.
* An interaction's first answer (callback) later than `interaction_deadline` seconds after the
  INTERACTION_CREATE is 404 / 10062, as on Discord: recorded in `late_interactions`
  (`assert_clean` fails) and the waiting `slash` / `click` / ... raises at once.
"""

from .fixtures import ErrorLogGuard, error_log_guard, run_bot
from .model import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FakeChannel,
    FakeDiscordError,
    FakeGuild,
    FakeMessage,
    FakeUser,
    InteractionResult,
)
from .server import GLOBAL_LIMIT, Call, FakeDiscord, RequestRecord, global_exempt

__all__ = [
    "Call",
    "ErrorLogGuard",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "InteractionResult",
    "RequestRecord",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "GLOBAL_LIMIT",
    "error_log_guard",
    "global_exempt",
    "run_bot",
]
