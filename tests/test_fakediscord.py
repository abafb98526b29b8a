"""End-to-end proof that the fake Discord server drives a real, unmodified discord.py client."""

from __future__ import annotations

import asyncio
import io
import json
import re
import threading
import time
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, FakeDiscordError, error_log_guard, run_bot

MSG_ROUTE = ("POST", "/channels/{channel_id}/messages")


class CounterButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"ctr:(?P<action>inc|slow):(?P<n>\d+)"
):
    """A persistent button that survives bot restarts: its state lives in the custom_id."""

    def __init__(self, action: str, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"{action} {n}",
                style=discord.ButtonStyle.primary,
                custom_id=f"ctr:{action}:{n}",
            )
        )
        self.action = action
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ):
        return cls(match["action"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "inc":
            await interaction.response.edit_message(
                content=f"count={self.n + 1}", view=counter_view(self.n + 1)
            )
        else:
            await interaction.response.defer(thinking=True, ephemeral=True)
            await interaction.followup.send(f"slow result {self.n}", ephemeral=True)


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton("inc", n))
    view.add_item(CounterButton("slow", n))
    return view


GAMES = ["ziegen", "zombies", "chess"]


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick:game",
        options=[discord.SelectOption(label=g.title(), value=g) for g in GAMES],
    )
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text = discord.ui.TextInput(label="Your feedback", custom_id="fb:text")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"thanks: {self.text.value}",
            ephemeral=True,
            file=discord.File(io.BytesIO(b"ok"), filename="receipt.txt"),
        )


class GameCog(commands.Cog):
    def __init__(self, bot: commands.Bot, events: list[tuple[str, Any]]) -> None:
        self.bot = bot
        self.events = events

    @app_commands.command(name="hello", description="Say hello")
    async def hello(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello {interaction.user.name}", ephemeral=True)

    @app_commands.command(name="play", description="Start a game")
    @app_commands.describe(game="Which game")
    async def play(self, interaction: discord.Interaction, game: str) -> None:
        try:
            await interaction.user.send(f"You started {game}")
            dm = "ok"
        except discord.Forbidden as e:
            self.events.append(("forbidden", e.code))
            dm = "closed"
        await interaction.response.send_message(f"count=0 ({game}, dm {dm})", view=counter_view(0))
        msg = await interaction.original_response()
        assert msg.interaction_metadata is not None
        self.events.append(("invoker", msg.interaction_metadata.user.id))
        thread = await msg.create_thread(name=f"{game} table")
        await thread.send(
            "Game log: started", file=discord.File(io.BytesIO(b"board"), filename="board.txt")
        )
        self.events.append(("thread", thread.id))

    @play.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.title(), value=g) for g in GAMES if current.lower() in g]

    ziegen = app_commands.Group(name="ziegen", description="Ziegen game")

    @ziegen.command(name="move", description="Make a move")
    @app_commands.describe(action="What to do", count="How many")
    async def move(self, interaction: discord.Interaction, action: str, count: int = 1) -> None:
        await interaction.response.send_message(
            f"move {action} x{count} in {type(interaction.channel).__name__}"
        )

    @move.autocomplete("action")
    async def action_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=a, value=a)
            for a in ("take:1", "take:3", "pass")
            if a.startswith(current)
        ]

    @app_commands.command(name="announce", description="Post in the channel")
    async def announce(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer()
        await interaction.channel.send(text)  # type: ignore[union-attr]
        await interaction.followup.send("announced")

    @app_commands.command(name="dmgame", description="Play in DMs")
    async def dmgame(self, interaction: discord.Interaction) -> None:
        await interaction.user.send("DM counter", view=counter_view(10))
        await interaction.response.send_message("check your DMs", ephemeral=True)

    @app_commands.command(name="pick", description="Pick a game")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=PickView())

    @app_commands.command(name="feedback", description="Send feedback")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @app_commands.command(name="report", description="Deferred answer with a file")
    async def report(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(
            "report", file=discord.File(io.BytesIO(b"a,b"), filename="report.csv")
        )
        second = await interaction.followup.send("second part", wait=True)
        await interaction.edit_original_response(content="report (final)")
        await second.edit(content="second part (edited)")

    @app_commands.command(name="challenge", description="Challenge someone")
    async def challenge(
        self, interaction: discord.Interaction, opponent: discord.Member, stake: int = 0
    ) -> None:
        await interaction.response.send_message(
            f"{interaction.user.name} vs {opponent.display_name} for {stake}"
        )

    @app_commands.command(name="history", description="Count recent messages")
    async def history(self, interaction: discord.Interaction) -> None:
        msgs = [m async for m in interaction.channel.history(limit=10)]  # type: ignore[union-attr]
        first = await interaction.channel.fetch_message(msgs[-1].id)  # type: ignore[union-attr]
        await interaction.response.send_message(
            f"{len(msgs)} messages, oldest: {first.content}", ephemeral=True
        )

    @app_commands.command(name="table", description="Open a private table")
    async def table(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        thread = await interaction.channel.create_thread(name=f"{interaction.user.name} table")
        await thread.add_user(interaction.user)
        await thread.send(f"Welcome {interaction.user.mention}")
        await interaction.response.send_message(f"table {thread.mention}", ephemeral=True)

    @app_commands.command(name="boom", description="Fails")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")


def make_bot(events: list[tuple[str, Any]]) -> commands.Bot:
    bot = commands.Bot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
    )

    async def setup_hook() -> None:
        bot.add_dynamic_items(CounterButton)
        await bot.add_cog(GameCog(bot, events))
        await bot.tree.sync()

    async def before_identify_hook(shard_id: Any, *, initial: bool = False) -> None:
        pass  # discord.py sleeps 5 s before every re-IDENTIFY; not needed against the fake

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    bot.before_identify_hook = before_identify_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def world():
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Tavern")
        chan = fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        bob = fake.add_user("bob", dms_open=False)
        yield fake, guild, chan, alice, bob


async def test_raw_protocol_basics(world):
    """Content-Type is exactly application/json; unknown routes are 404 JSON and recorded."""
    fake, guild, chan, alice, bob = world
    async with aiohttp.ClientSession() as s:
        async with s.get(
            fake.base_url + "/api/v10/users/@me", headers={"Authorization": "Bot x"}
        ) as r:
            assert r.status == 200
            assert r.headers["Content-Type"] == "application/json"
            assert (await r.json())["id"] == str(fake.bot_user.id)
        async with s.get(
            fake.base_url + "/api/v10/nope/thing", headers={"Authorization": "Bot x"}
        ) as r:
            assert r.status == 404
            assert r.headers["Content-Type"] == "application/json"
    assert fake.unknown_calls == [("GET", "/nope/thing")]
    with pytest.raises(FakeDiscordError):
        fake.assert_clean()


async def test_round_trip(world):
    fake, guild, chan, alice, bob = world
    events: list[tuple[str, Any]] = []
    with error_log_guard() as guard:
        bot = make_bot(events)
        async with run_bot(bot, fake, commands=True):
            # --- command sync
            assert {c["name"] for c in fake.commands[None]} == {
                "hello",
                "play",
                "ziegen",
                "announce",
                "boom",
                "dmgame",
                "pick",
                "feedback",
                "report",
                "challenge",
                "history",
                "table",
            }
            assert ("PUT", "/applications/{application_id}/commands") in fake.calls
            assert bot.user is not None and bot.user.id == fake.bot_user.id
            assert bot.get_guild(guild.id) is not None
            assert bot.get_channel(chan.id) is not None

            # --- ephemeral slash reply
            res = await fake.slash(alice, chan, "hello")
            assert res.response_type == 4
            assert res.content == "Hello alice"
            assert res.ephemeral and res.message is not None and res.message.ephemeral
            assert fake.channel_messages(chan) == []  # ephemeral: not visible in the channel
            assert fake.ephemeral_messages(alice) == [res.message]

            # --- autocomplete (top-level and sub-command)
            assert await fake.autocomplete(alice, chan, "play", "game", typed="z") == [
                {"name": "Ziegen", "value": "ziegen"},
                {"name": "Zombies", "value": "zombies"},
            ]
            choices = await fake.autocomplete(alice, chan, "ziegen move", "action", typed="ta")
            assert [c["value"] for c in choices] == ["take:1", "take:3"]

            # --- sub-command with typed options
            res = await fake.slash(alice, chan, "ziegen move", action="take:3", count=2)
            assert res.content == "move take:3 x2 in TextChannel"
            assert not res.ephemeral
            assert fake.channel_messages(chan)[-1] is res.message
            with pytest.raises(FakeDiscordError, match="unknown command"):
                await fake.slash(alice, chan, "nosuch")
            with pytest.raises(FakeDiscordError, match="no option"):
                await fake.slash(alice, chan, "ziegen move", action="x", bogus=1)
            with pytest.raises(FakeDiscordError, match="missing required"):
                await fake.slash(alice, chan, "ziegen move")

            # --- play: DM + channel message with persistent button + thread
            mark = fake.mark()
            res = await fake.slash(alice, chan, "play", game="ziegen")
            assert res.content == "count=0 (ziegen, dm ok)"
            game_msg = res.message
            assert game_msg is not None and [b["custom_id"] for b in game_msg.buttons] == [
                "ctr:inc:0",
                "ctr:slow:0",
            ]
            dms = fake.dm_messages(alice)
            assert [m.content for m in dms] == ["You started ziegen"]
            (thread,) = fake.threads(chan)
            assert thread.id == game_msg.id and thread.name == "ziegen table"
            (log_msg,) = fake.channel_messages(thread)
            assert log_msg.content == "Game log: started" and log_msg.attachment_names == [
                "board.txt"
            ]
            assert log_msg.file_bytes("board.txt") == b"board"
            assert ("thread", thread.id) in events
            assert ("invoker", alice.id) in events
            calls = fake.calls_since(mark)
            assert calls.count(MSG_ROUTE) == 2  # DM + thread post
            assert ("POST", "/channels/{channel_id}/messages/{message_id}/threads") in calls
            assert bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the cache

            # --- button click answered with an update (type 7)
            res = await fake.click(alice, game_msg, fake.find_button(game_msg, "inc 0"))
            assert res.response_type == 7
            assert res.updated_message is game_msg and res.message is None
            assert game_msg.content == "count=1" and game_msg.edit_count == 1
            assert fake.find_button(game_msg, prefix="ctr:inc:")["custom_id"] == "ctr:inc:1"

            # --- button click answered with a thinking defer + follow-up
            res = await fake.click(alice, game_msg, "ctr:slow:1")
            assert res.response_type == 5 and res.deferred and res.ephemeral
            assert res.content == "slow result 1"
            assert res.message is not None and not res.message.loading
            assert game_msg.content == "count=1"  # untouched

            # --- DMs closed: discord.Forbidden with code 50007 in the bot
            res = await fake.slash(bob, chan, "play", game="chess")
            assert ("forbidden", 50007) in events
            assert res.content == "count=0 (chess, dm closed)"
            assert fake.dm_messages(bob) == []

            # --- 429: the client waits retry_after and retries
            fake.rate_limit_next("POST", f"/channels/{chan.id}/messages", retry_after=0.05)
            mark = fake.mark()
            res = await fake.slash(alice, chan, "announce", text="hear ye")
            assert res.content == "announced"
            assert fake.calls_since(mark).count(MSG_ROUTE) == 2
            assert [r.status for r in fake.requests if r.path == f"/channels/{chan.id}/messages"][
                -2:
            ] == [429, 200]
            assert [m.content for m in fake.channel_messages(chan)].count("hear ye") == 1
            assert fake.pending_rate_limits == 0

            # --- slash in a thread and in DMs
            res = await fake.slash(alice, thread, "ziegen move", action="pass")
            assert res.content == "move pass x1 in Thread"
            assert res.message in fake.channel_messages(thread)
            res = await fake.slash(alice, alice, "hello")  # the user's DM with the bot
            assert res.content == "Hello alice"

            # --- errors in handlers are only logged: the guard catches them
            with pytest.raises(FakeDiscordError, match="did not acknowledge"):
                await fake.slash(alice, chan, "boom", timeout=0.5)
            await fake.settle()
            assert any("kaboom" in str(r.exc_info) for r in guard.records)
            guard.clear()

        fake.assert_clean()

        # --- restart against the same fake server: the persistent button still works
        bot2 = make_bot(events)
        async with run_bot(bot2, fake, commands=True):
            res = await fake.click(alice, game_msg, "ctr:inc:1")
            assert res.response_type == 7
            assert game_msg.content == "count=2" and game_msg.edit_count == 2
            # an old message in the DM channel / thread is still reachable
            res = await fake.slash(alice, thread, "ziegen move", action="take:1")
            assert res.content == "move take:1 x1 in Thread"
        fake.assert_clean()


async def test_gateway_resume(world):
    fake, guild, chan, alice, bob = world
    events: list[tuple[str, Any]] = []
    with error_log_guard():
        bot = make_bot(events)
        resumed = asyncio.Event()

        async def on_resumed() -> None:
            resumed.set()

        bot.add_listener(on_resumed)
        async with run_bot(bot, fake, commands=True):
            identifies = sum(1 for e, _ in fake.gateway_log if e == "recv op 2")
            await fake.gateway_reconnect()  # op 7
            await asyncio.wait_for(resumed.wait(), 5)
            await fake.wait_ready()
            res = await fake.slash(alice, chan, "hello")
            assert res.content == "Hello alice"

            # connection dropped (resumable close code): events meanwhile are replayed on RESUME
            resumed.clear()
            await fake.drop_gateway(4000)
            late = fake.add_text_channel(guild, "late")  # CHANNEL_CREATE while disconnected
            await asyncio.wait_for(resumed.wait(), 5)
            await fake.settle()
            assert isinstance(bot.get_channel(late.id), discord.TextChannel)
            assert sum(1 for e, _ in fake.gateway_log if e == "recv op 6") == 2
            assert (
                sum(1 for e, _ in fake.gateway_log if e == "recv op 2") == identifies
            )  # no new IDENTIFY
            res = await fake.slash(alice, late, "hello")
            assert res.content == "Hello alice"
        fake.assert_clean()


async def test_components_modals_dms_and_webhooks(world):
    fake, guild, chan, alice, bob = world
    events: list[tuple[str, Any]] = []
    with error_log_guard():
        async with run_bot(make_bot(events), fake, commands=True):
            # persistent button on a DM message
            res = await fake.slash(alice, chan, "dmgame")
            assert res.ephemeral and res.content == "check your DMs"
            (dm_msg,) = fake.dm_messages(alice)
            assert dm_msg.content == "DM counter"
            res = await fake.click(alice, dm_msg, "ctr:inc:10")
            assert res.response_type == 7 and dm_msg.content == "count=11"
            with pytest.raises(FakeDiscordError, match="cannot use DM channel"):
                await fake.click(bob, dm_msg, "ctr:inc:11")

            # select menu answered with an update that removes the view
            res = await fake.slash(alice, chan, "pick")
            pick_msg = res.message
            assert pick_msg is not None and pick_msg.selects[0]["custom_id"] == "pick:game"
            with pytest.raises(FakeDiscordError, match="not in options"):
                await fake.select(alice, pick_msg, "pick:game", ["poker"])
            res = await fake.select(alice, pick_msg, "pick:game", ["chess"])
            assert (
                res.response_type == 7
                and pick_msg.content == "picked chess"
                and pick_msg.components == []
            )

            # modal shown (type 9) and submitted; the answer carries a file (multipart callback)
            shown = await fake.slash(alice, chan, "feedback")
            assert shown.response_type == 9 and shown.modal["title"] == "Feedback"
            res = await fake.submit_modal(alice, shown, {"fb:text": "great game"})
            assert res.response_type == 4 and res.ephemeral
            assert res.content == "thanks: great game" and res.message.attachment_names == [
                "receipt.txt"
            ]

            # thinking defer: the first follow-up fills the loading message, later ones are new messages
            res = await fake.slash(alice, chan, "report")
            assert res.response_type == 5
            assert res.content == "report (final)" and res.message.attachment_names == [
                "report.csv"
            ]
            assert [m.content for m in res.followups] == ["report (final)", "second part (edited)"]
            assert res.followups[1].edit_count == 1
            assert res.message.file_bytes("report.csv") == b"a,b"

            # a 429 on the interaction callback (webhook adapter) is retried too
            fake.rate_limit_next("POST", "/callback", retry_after=0.02)
            mark = fake.mark()
            res = await fake.slash(alice, chan, "hello")
            assert res.content == "Hello alice"
            assert (
                fake.calls_since(mark).count(
                    ("POST", "/interactions/{interaction_id}/{token}/callback")
                )
                == 2
            )

            # a button on a message inside a thread
            res = await fake.slash(alice, chan, "play", game="zombies")
            (thread,) = fake.threads(chan)
            res = await fake.slash(alice, thread, "dmgame")
            in_thread = await fake.slash(alice, thread, "pick")
            res = await fake.select(alice, in_thread.message, "pick:game", ["ziegen"])
            assert in_thread.message.content == "picked ziegen"
            assert in_thread.message in fake.channel_messages(thread)
        fake.assert_clean()


async def test_options_history_private_threads_and_invalid_session(world):
    fake, guild, chan, alice, bob = world
    events: list[tuple[str, Any]] = []
    seen: list[discord.Message] = []
    with error_log_guard():
        bot = make_bot(events)

        async def on_message(message: discord.Message) -> None:
            seen.append(message)

        bot.add_listener(on_message)
        async with run_bot(bot, fake, commands=True):
            # user-typed option: resolved member
            res = await fake.slash(alice, chan, "challenge", opponent=bob, stake=5)
            assert res.content == "alice vs Bob for 5"
            with pytest.raises(FakeDiscordError, match="needs an integer"):
                await fake.slash(alice, chan, "challenge", opponent=bob, stake="lots")

            # users talking: MESSAGE_CREATE reaches on_message (content hidden without the intent)
            m1 = await fake.send_message(alice, chan, "first!")
            await fake.send_message(bob, chan, "second")
            assert [(m.id, m.author.id, m.content) for m in seen[-2:]] == [
                (m1.id, alice.id, ""),
                (seen[-1].id, bob.id, ""),
            ]

            # history + fetch_message
            res = await fake.slash(alice, chan, "history")
            assert res.content == "3 messages, oldest: alice vs Bob for 5"

            # private thread without a starter message, user added
            mark = fake.mark()
            res = await fake.slash(alice, chan, "table")
            (table,) = fake.threads(chan)
            assert table.type == 12 and table.name == "alice table"
            assert res.content == f"table <#{table.id}>"
            assert [m.content for m in fake.channel_messages(table)] == [f"Welcome <@{alice.id}>"]
            assert ("PUT", "/channels/{channel_id}/thread-members/{user_id}") in fake.calls_since(
                mark
            )

            # a deleted message: the bot gets NotFound when editing it; an archived thread takes
            # no post (50083) until the bot unarchives it
            board = fake.channel_messages(table)[-1]
            await fake.delete_message(board)
            with pytest.raises(discord.NotFound):
                await (
                    bot.get_partial_messageable(table.id)
                    .get_partial_message(board.id)
                    .edit(content="x")
                )
            assert bot.get_channel(table.id) is not None
            await fake.archive_thread(table)
            assert (
                bot.get_channel(table.id) is None
            )  # THREAD_UPDATE: discord.py drops archived threads
            with pytest.raises(discord.HTTPException) as err:
                await bot.get_partial_messageable(table.id).send("asleep")
            assert err.value.code == 50083
            await bot.http.edit_channel(table.id, archived=False)
            await bot.get_partial_messageable(table.id).send("back again")
            assert not table.archived and fake.channel_messages(table)[-1].content == "back again"
            await fake.settle()
            assert bot.get_channel(table.id) is not None  # unarchived (THREAD_UPDATE)
            await fake.archive_thread(table, locked=True)
            with pytest.raises(discord.HTTPException) as err:
                await bot.get_partial_messageable(table.id).send("locked out")
            assert err.value.code == 50083

            # a channel created while the bot runs reaches its cache
            lounge = fake.add_text_channel(guild, "lounge")
            await fake.settle()
            assert isinstance(bot.get_channel(lounge.id), discord.TextChannel)

            # server invalidates the session: the client identifies again and keeps working
            identifies = sum(1 for e, _ in fake.gateway_log if e == "recv op 2")
            await fake.invalidate_session()
            await fake.wait_ready()
            assert sum(1 for e, _ in fake.gateway_log if e == "recv op 2") == identifies + 1
            res = await fake.slash(alice, lounge, "hello")
            assert res.content == "Hello alice"
        fake.assert_clean()


async def test_pytest_fixtures(fake_discord, log_guard):
    guild = fake_discord.add_guild("G")
    chan = fake_discord.add_text_channel(guild, "c")
    carol = fake_discord.add_user("carol")
    async with run_bot(make_bot([]), fake_discord, commands=True):
        res = await fake_discord.slash(carol, chan, "hello")
        assert res.content == "Hello carol"
    assert log_guard.records == []


async def test_rest_validation_like_discord(world):
    fake, guild, chan, alice, bob = world
    api = fake.base_url + "/api/v10"
    auth = {"Authorization": "Bot t"}
    async with aiohttp.ClientSession(headers=auth) as s:

        async def post(path: str, body: Any) -> tuple[int, Any]:
            async with s.post(api + path, json=body) as r:
                return r.status, (await r.json()) if r.status != 204 else None

        assert (await post(f"/channels/{chan.id}/messages", {}))[1]["code"] == 50006
        dup = {
            "components": [
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 1, "label": "a", "custom_id": "x"},
                        {"type": 2, "style": 1, "label": "b", "custom_id": "x"},
                    ],
                }
            ]
        }
        status, body = await post(f"/channels/{chan.id}/messages", dup)
        assert status == 400 and body["code"] == 50035 and "duplicated" in json.dumps(body)
        status, body = await post("/channels/1/messages", {"content": "x"})
        assert (status, body["code"]) == (404, 10003)
        status, dm = await post("/users/@me/channels", {"recipient_id": str(bob.id)})
        assert status == 200 and dm["type"] == 1
        assert (await post(f"/channels/{dm['id']}/messages", {"content": "hi"}))[1]["code"] == 50007
        status, msg = await post(f"/channels/{chan.id}/messages", {"content": f"hi <@{alice.id}>"})
        assert status == 200 and [u["id"] for u in msg["mentions"]] == [str(alice.id)]
        async with s.patch(
            api + f"/channels/{chan.id}/messages/{msg['id']}", json={"content": ""}
        ) as r:
            assert r.status == 400 and (await r.json())["code"] == 50006
        assert fake.message(int(msg["id"])).content == f"hi <@{alice.id}>"  # unchanged
        # Discord's length limits: every over-long text is 400 / 50035.
        too_long = [
            {"content": "c" * 2001},
            {"embeds": [{"description": "d" * 4097}]},
            {"embeds": [{"title": "t" * 257}]},
            {"embeds": [{"footer": {"text": "f" * 2049}}]},
            {"embeds": [{"author": {"name": "a" * 257}}]},
            {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
            {"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]},
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b" * 81, "custom_id": "x"}
                        ],
                    }
                ]
            },
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": "l" * 101, "value": "v"}],
                            }
                        ],
                    }
                ]
            },
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": "l", "value": "v" * 101}],
                            }
                        ],
                    }
                ]
            },
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": "l", "value": "v"}],
                                "placeholder": "p" * 151,
                            }
                        ],
                    }
                ]
            },
        ]
        for body in too_long:
            status, answer = await post(f"/channels/{chan.id}/messages", body)
            assert (status, answer["code"]) == (400, 50035), body
        # each refusal is recorded, naming the field, so that a bot swallowing it still fails
        refused = fake.take_violations()
        assert [v.field for v in refused] == [
            "components",  # the duplicated custom_id
            "content",
            "embeds.0.description",
            "embeds.0.title",
            "embeds.0.footer.text",
            "embeds.0.author.name",
            "embeds.0.fields.0.value",
            "embeds.0.fields.0.name",
            "components.0.components.0.label",
            "components.0.components.0.options.0.label",
            "components.0.components.0.options.0.value",
            "components.0.components.0.placeholder",
        ]
    fake.assert_clean()


async def test_start_stop_restores_discord_urls():
    import discord.gateway
    import discord.http

    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with FakeDiscord() as fake:
        assert discord.http.Route.BASE == fake.base_url + "/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == fake.gateway_url
    assert discord.http.Route.BASE == base
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == gateway


async def test_roles_and_the_bots_guilds(world):
    """GET /users/@me/guilds (paged like Discord), GET /guilds/{id}/roles and the bot's member
    roles; set_bot_permissions gives the bot a managed role, as an invite with permissions does."""
    fake, guild, chan, alice, bob = world
    second = fake.add_guild("Second", owner=alice)
    fake.add_guild("Elsewhere", with_bot=False)
    fake.set_bot_permissions(second, 2048 | 1024, everyone=1 << 16)
    api = fake.base_url + "/api/v10"
    async with aiohttp.ClientSession(headers={"Authorization": "Bot t"}) as s:

        async def get(path: str) -> tuple[int, Any]:
            async with s.get(api + path) as r:
                return r.status, await r.json()

        status, mine = await get("/users/@me/guilds?with_counts=1")
        assert status == 200 and [g["name"] for g in mine] == ["Tavern", "Second"]
        required = {"id", "name", "icon", "banner", "owner", "permissions", "features"}
        assert all(required <= set(g) and "approximate_member_count" in g for g in mine)
        assert [g["owner"] for g in mine] == [False, False]  # a bot owns no server
        assert mine[1]["permissions"] == str(2048 | 1024 | 1 << 16)
        # @everyone's default: everything but Administrator and Manage Server
        assert mine[0]["permissions"] == str(((1 << 51) - 1) & ~((1 << 3) | (1 << 5)))
        assert [g["name"] for g in (await get("/users/@me/guilds?limit=1"))[1]] == ["Tavern"]
        after = (await get(f"/users/@me/guilds?after={guild.id}"))[1]
        assert [g["name"] for g in after] == ["Second"]
        before = (await get(f"/users/@me/guilds?before={second.id}"))[1]
        assert [g["name"] for g in before] == ["Tavern"]
        assert (await get("/users/@me/guilds?limit=201"))[0] == 400
        assert [v.field for v in fake.take_violations()] == ["limit"]  # refused on purpose

        status, roles = await get(f"/guilds/{second.id}/roles")
        assert status == 200
        assert [(r["name"], r["permissions"], r["managed"]) for r in roles] == [
            ("@everyone", str(1 << 16), False),
            ("TavernBot", str(2048 | 1024), True),
        ]
        assert roles[0]["id"] == str(second.id)
        assert roles[1]["tags"] == {"bot_id": str(fake.bot_user.id)}
        member = (await get(f"/guilds/{second.id}/members/{fake.bot_user.id}"))[1]
        assert member["roles"] == [roles[1]["id"]]
        assert (await get(f"/guilds/{guild.id}/members/{fake.bot_user.id}"))[1]["roles"] == []
        elsewhere = next(g for g in fake.guilds.values() if g.name == "Elsewhere")
        assert (await get(f"/guilds/{elsewhere.id}/roles"))[0] == 403
    fake.assert_clean()


async def test_a_callback_after_the_deadline_is_unknown_interaction(world):
    """Discord forgets an interaction not answered within 3 s (here 0.3 s): the late callback is
    404 / 10062, the waiting driver call fails at once, and assert_clean reports it; a defer in
    time keeps the interaction alive for a follow-up."""
    fake, guild, chan, alice, bob = world
    fake.interaction_deadline = 0.3
    errors: list[int] = []

    class Slow(commands.Cog):
        @app_commands.command(name="late", description="Answers too late")
        async def late(self, interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.5)
            try:
                await interaction.response.send_message("too late", ephemeral=True)
            except discord.NotFound as exc:
                errors.append(exc.code)

        @app_commands.command(name="deferred", description="Defers, then answers late")
        async def deferred(self, interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await asyncio.sleep(0.5)
            await interaction.followup.send("in time after all", ephemeral=True)

    bot = commands.Bot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
    )

    async def setup_hook() -> None:
        await bot.add_cog(Slow())
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    with error_log_guard():
        async with run_bot(bot, fake, commands=True):
            with pytest.raises(FakeDiscordError, match="10062"):
                await fake.slash(alice, chan, "late")
            await fake.settle()
            assert errors == [10062]
            assert len(fake.late_interactions) == 1
            with pytest.raises(FakeDiscordError, match="late interaction answers"):
                fake.assert_clean()
            fake.late_interactions.clear()
            res = await fake.slash(alice, chan, "deferred")
            assert res.response_type == 5 and res.ephemeral
            assert res.message.content == "in time after all" and not res.message.loading
            fake.assert_clean()


async def test_the_global_rate_limit_counts_a_token_over_every_connection():
    """Discord's global rate limit (``global_limit``): 50 requests in any second per bot token,
    whichever connection (process) sends them; the 51st is a global 429 as Discord sends it.
    Interaction endpoints are not counted, nor is another token; a second later there is room."""
    from tests.fakediscord import GLOBAL_LIMIT

    async with FakeDiscord() as fake:  # global_limit=GLOBAL_LIMIT, the default
        assert fake.global_limit == GLOBAL_LIMIT
        chan = fake.add_text_channel(fake.add_guild("g"), "games")
        url = f"{fake.base_url}/api/v10/channels/{chan.id}"
        auth = {"Authorization": "Bot one"}
        async with aiohttp.ClientSession() as first, aiohttp.ClientSession() as second:
            statuses = []
            for i in range(GLOBAL_LIMIT):
                async with (first, second)[i % 2].get(url, headers=auth) as r:
                    statuses.append(r.status)
            for path in (  # exempt: an interaction's callback and its webhook
                f"/interactions/{fake.application_id}/tok/callback",
                f"/webhooks/{fake.application_id}/tok/messages/@original",
            ):
                async with second.request(
                    "GET" if "webhooks" in path else "POST",
                    url.replace(f"/channels/{chan.id}", path),
                    headers=auth,
                    json={"type": 1},
                ) as r:
                    assert r.status != 429
            async with second.get(url, headers={"Authorization": "Bot two"}) as r:
                assert r.status == 200  # another bot's own limit
            async with first.get(url, headers=auth) as r:
                body = await r.json()
                assert r.status == 429 and body["global"] is True and body["retry_after"] > 0
                assert r.headers["X-RateLimit-Global"] == "true"
                assert r.headers["X-RateLimit-Scope"] == "global"
                assert int(r.headers["Retry-After"]) >= 1 and r.headers["Via"]
            assert statuses == [200] * GLOBAL_LIMIT
            assert [(c.method, c.route) for c in fake.global_429s] == [
                ("GET", "/channels/{channel_id}")
            ]
            await asyncio.sleep(fake.global_429s[0].retry_after)
            async with second.get(url, headers=auth) as r:
                assert r.status == 200
        # counted: the one token's 52 and the other token's 1; busiest second: all 53
        assert len(fake.global_arrivals) == GLOBAL_LIMIT + 3
        assert fake.busiest_second() == GLOBAL_LIMIT + 2


async def test_discord_py_waits_out_a_global_429_and_retries():
    from tests.fakediscord import GLOBAL_LIMIT

    async with FakeDiscord(global_limit=GLOBAL_LIMIT) as fake:
        chan = fake.add_text_channel(fake.add_guild("g"), "games")
        http = discord.http.HTTPClient(asyncio.get_running_loop())
        await http.static_login("fake-token")
        try:
            got = await asyncio.gather(*(http.get_channel(chan.id) for _ in range(70)))
        finally:
            await http.close()
        assert {g["id"] for g in got} == {str(chan.id)}
        assert fake.global_429s  # waited out, then retried: every request answered
        with pytest.raises(FakeDiscordError, match="global 429s"):
            fake.assert_clean()
        fake.global_429s.clear()


async def test_settle_waits_for_the_bots_work_not_for_a_quiet_period(world):
    """``settle`` returns once the bot has nothing left to do (idle.py): after work started in
    tasks of the bot's own, a slow "database" answered from a thread and a short pause, but
    not after a timer far away (a loop's interval); a task stuck waiting fails it, named."""
    fake, guild, chan, alice, bob = world
    hung: asyncio.Future | None = None

    def database(seconds: float) -> asyncio.Future:
        """A future resolved from a thread of its own, like aiosqlite's."""
        loop = asyncio.get_running_loop()
        fut = loop.create_future()

        def work() -> None:
            time.sleep(seconds)
            loop.call_soon_threadsafe(fut.set_result, None)

        threading.Thread(target=work, daemon=True).start()
        return fut

    class Later(commands.Cog):
        def __init__(self) -> None:
            self.tasks: set[asyncio.Task] = set()

        def spawn(self, coro: Any) -> None:
            task = asyncio.create_task(coro)
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

        @app_commands.command(name="later", description="Answers, then works on")
        async def later(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message("on it", ephemeral=True)
            channel = interaction.channel
            assert channel is not None

            async def after_the_database() -> None:
                await database(0.3)
                await channel.send("stored")  # type: ignore[union-attr]

            async def after_a_pause() -> None:
                await asyncio.sleep(0.2)
                await channel.send("paused")  # type: ignore[union-attr]

            async def much_later() -> None:
                await asyncio.sleep(60)
                await channel.send("an hour")  # type: ignore[union-attr]

            self.spawn(after_the_database())
            self.spawn(after_a_pause())
            self.spawn(much_later())

        @app_commands.command(name="stuck", description="Answers, then waits forever")
        async def stuck(self, interaction: discord.Interaction) -> None:
            nonlocal hung
            await interaction.response.send_message("on it", ephemeral=True)
            hung = asyncio.get_running_loop().create_future()

            async def waits_forever() -> None:
                assert hung is not None
                await hung

            self.spawn(waits_forever())

    bot = commands.Bot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
    )
    cog = Later()

    async def setup_hook() -> None:
        await bot.add_cog(cog)
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    with error_log_guard():
        async with run_bot(bot, fake, commands=True):
            loop = asyncio.get_running_loop()
            began = loop.time()
            res = await fake.slash(alice, chan, "later")  # settles
            assert res.content == "on it"
            assert sorted(m.content for m in fake.channel_messages(chan)) == ["paused", "stored"]
            assert loop.time() - began < 5  # the 60 s timer was not waited for
            assert len(cog.tasks) == 1

            with pytest.raises(FakeDiscordError, match="settle within 0.5s: .*waits_forever"):
                await fake.slash(alice, chan, "stuck", timeout=0.5)
            assert hung is not None
            hung.set_result(None)
            await fake.settle()
            for task in cog.tasks:
                task.cancel()
            fake.assert_clean()
