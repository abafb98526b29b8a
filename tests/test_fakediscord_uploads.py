"""The fake Discord takes multipart uploads the way Discord does (``payload_json`` + ``files[n]``,
the ``attachments`` array, ``attachment://`` in embeds) and refuses what Discord refuses, for
messages, edits, interaction responses and follow-ups, driven by the real discord.py client."""

from __future__ import annotations

import io
import json
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, error_log_guard, run_bot
from tests.fakediscord.server import MAX_FILE_BYTES


def png(tag: bytes) -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG\r\n\x1a\n" + tag), filename="board.png")


def picture_embed(name: str = "board.png") -> discord.Embed:
    return discord.Embed(title="Board").set_image(url=f"attachment://{name}")


class Pictures(commands.Cog):
    def __init__(self) -> None:
        self.errors: dict[str, Any] = {}

    @app_commands.command(name="pic", description="A picture, ephemeral, then edited")
    async def pic(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=picture_embed(), file=png(b"one"), ephemeral=True
        )
        await interaction.edit_original_response(embed=picture_embed(), attachments=[png(b"two")])
        await interaction.followup.send(embed=picture_embed(), file=png(b"three"), ephemeral=True)


def make_bot() -> commands.Bot:
    bot = commands.Bot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
    )

    async def setup_hook() -> None:
        await bot.add_cog(Pictures())
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def world():
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Tavern")
        chan = fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        yield fake, chan, alice


async def test_a_picture_is_posted_and_replaced_in_one_edit(world):
    fake, chan, alice = world
    with error_log_guard():
        bot = make_bot()
        async with run_bot(bot, fake, commands=True):
            channel = bot.get_partial_messageable(chan.id)
            sent = await channel.send(embed=picture_embed(), file=png(b"first"))
            msg = fake.message(sent.id)
            assert msg.attachment_names == ["board.png"]
            assert msg.file_bytes("board.png").endswith(b"first")
            first_url = msg.attachments[0]["url"]
            # Discord answers with the attachment's URL in place of attachment://
            assert msg.embeds[0]["image"]["url"] == first_url
            assert sent.embeds[0].image.url == first_url

            mark = fake.mark()
            await channel.get_partial_message(sent.id).edit(
                embed=picture_embed(), attachments=[png(b"second")]
            )
            assert fake.calls_since(mark) == [
                ("PATCH", "/channels/{channel_id}/messages/{message_id}")
            ]
            assert msg.attachment_names == ["board.png"]  # replaced, not added
            assert msg.file_bytes("board.png").endswith(b"second")
            assert msg.embeds[0]["image"]["url"] == msg.attachments[0]["url"] != first_url
            assert len(msg.files) == 1

            # an edit that keeps the attachment and only changes the text
            await channel.get_partial_message(sent.id).edit(content="moved")
            assert msg.attachment_names == ["board.png"] and msg.content == "moved"


async def test_what_discord_refuses_is_refused(world):
    fake, chan, alice = world
    with error_log_guard():
        bot = make_bot()
        async with run_bot(bot, fake, commands=True):
            channel = bot.get_partial_messageable(chan.id)
            # an embed showing a file that was not uploaded
            with pytest.raises(discord.HTTPException) as err:
                await channel.send(embed=picture_embed("missing.png"), file=png(b"x"))
            assert err.value.status == 400 and err.value.code == 50035
            with pytest.raises(discord.HTTPException) as err:
                await channel.send(embed=picture_embed())
            assert err.value.status == 400
            # a file over the upload limit
            big = discord.File(io.BytesIO(b"\0" * (MAX_FILE_BYTES + 1)), filename="board.png")
            with pytest.raises(discord.HTTPException) as err:
                await channel.send(file=big)
            assert (err.value.status, err.value.code) == (413, 40005)
            # eleven files
            with pytest.raises(discord.HTTPException) as err:
                await channel.send(
                    files=[discord.File(io.BytesIO(b"x"), filename=f"{i}.txt") for i in range(11)]
                )
            assert err.value.status == 400
            assert fake.channel_messages(chan) == []

            # a refused edit changes nothing
            sent = await channel.send(embed=picture_embed(), file=png(b"keep"))
            with pytest.raises(discord.HTTPException):
                await channel.get_partial_message(sent.id).edit(
                    embed=picture_embed("other.png"), attachments=[png(b"new")]
                )
            msg = fake.message(sent.id)
            assert msg.file_bytes("board.png").endswith(b"keep") and msg.edit_count == 0
            # dropping the attachment an embed still shows
            with pytest.raises(discord.HTTPException):
                await channel.get_partial_message(sent.id).edit(
                    embed=picture_embed(), attachments=[]
                )
            assert msg.attachment_names == ["board.png"]
            # every 400 / 50035 above is recorded, naming the field (and would fail the test)
            assert [(v.method, v.field) for v in fake.take_violations()] == [
                ("POST", "embeds.0.image.url"),
                ("POST", "embeds.0.image.url"),
                ("POST", "attachments"),
                ("PATCH", "embeds.0.image.url"),
                ("PATCH", "embeds.0.image.url"),
            ]


async def test_raw_multipart_with_an_unknown_attachment_id(world):
    fake, chan, alice = world
    api = fake.base_url + "/api/v10"
    async with aiohttp.ClientSession(headers={"Authorization": "Bot t"}) as s:
        form = aiohttp.FormData(quote_fields=False)
        form.add_field(
            "payload_json",
            json.dumps({"content": "x", "attachments": [{"id": 1, "filename": "board.png"}]}),
        )
        form.add_field("files[0]", b"data", filename="board.png", content_type="image/png")
        async with s.post(api + f"/channels/{chan.id}/messages", data=form) as r:
            body = await r.json()
            assert r.status == 400 and "attachments" in json.dumps(body)
        assert [v.field for v in fake.take_violations()] == ["attachments.0.id"]
        form = aiohttp.FormData(quote_fields=False)
        form.add_field(
            "payload_json",
            json.dumps(
                {
                    "content": "x",
                    "attachments": [{"id": 0, "filename": "b.png", "description": "the board"}],
                }
            ),
        )
        form.add_field("files[0]", b"data", filename="upload.png", content_type="image/png")
        async with s.post(api + f"/channels/{chan.id}/messages", data=form) as r:
            body = await r.json()
            assert r.status == 200
            (att,) = body["attachments"]
            assert att["filename"] == "b.png" and att["description"] == "the board"


async def test_interaction_responses_and_followups_carry_pictures(world):
    fake, chan, alice = world
    with error_log_guard():
        bot = make_bot()
        async with run_bot(bot, fake, commands=True):
            res = await fake.slash(alice, chan, "pic")
            await fake.settle()
            original = res.message
            assert original.ephemeral and original.attachment_names == ["board.png"]
            assert original.file_bytes("board.png").endswith(b"two")
            assert original.embeds[0]["image"]["url"] == original.attachments[0]["url"]
            (follow,) = res.followups
            assert follow.file_bytes("board.png").endswith(b"three")
            assert follow.embeds[0]["image"]["url"] == follow.attachments[0]["url"]
