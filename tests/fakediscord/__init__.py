"""Fake Discord server for end-to-end tests of the bot with a real discord.py client.

Driver API (all coroutine methods must be awaited):

    fake = FakeDiscord(bot_name='TavernBot', token=None, response_timeout=5.0, settle_idle=0.05)
    await fake.start() / await fake.stop()      # or: async with FakeDiscord() as fake
    fake.add_guild(name) -> FakeGuild
    fake.add_text_channel(guild, name) -> FakeChannel
    fake.add_user(name, dms_open=True) -> FakeUser        # member of every guild
    await fake.wait_ready(commands=False, timeout=10.0)
    await fake.slash(user, channel, "cmd [group] [sub]", options=None, timeout=None, **opts) -> InteractionResult
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
    await fake.gateway_reconnect(), await fake.drop_gateway(code=4000)

`channel` may be a guild text channel, a thread, or a FakeUser / None meaning the user's DM with the bot.
"""
from .model import (
    FakeChannel,
    FakeDiscordError,
    FakeGuild,
    FakeMessage,
    FakeUser,
    InteractionResult,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
)
from .server import Call, FakeDiscord, RequestRecord
from .fixtures import ErrorLogGuard, error_log_guard, run_bot

__all__ = [
    'Call',
    'ErrorLogGuard',
    'FakeChannel',
    'FakeDiscord',
    'FakeDiscordError',
    'FakeGuild',
    'FakeMessage',
    'FakeUser',
    'InteractionResult',
    'RequestRecord',
    'FLAG_EPHEMERAL',
    'FLAG_LOADING',
    'error_log_guard',
    'run_bot',
]
