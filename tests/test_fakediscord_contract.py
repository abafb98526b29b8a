"""The fake Discord holds the real, unmodified discord.py client to Discord's published contract:
request bodies against Discord's OpenAPI description, the emoji of buttons and select options, and
the limits the spec cannot say (2,000 characters, 5 action rows, the 15-minute token; the
3-second deadline is tested in test_fakediscord.py). Each refusal is Discord's answer (400 / 50035 naming the field) and is recorded,
so the test that caused it fails even when the bot swallows the error."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from tests.fakediscord import FakeDiscord, FakeDiscordError, run_bot
from tests.fakediscord.contract import SPEC_PATH, Contract, bad_emojis

CARD_BACK = "\U0001f0a0"  # PLAYING CARD BACK: a character, not an emoji
SHARED_SPEC = Path(__file__).resolve().parents[1] / ".." / "shared" / "discord-api-spec"
MSG = "/channels/{channel_id}/messages"


class Probe(commands.Cog):
    """Answers /probe with whatever view the test put in ``next_view``; keeps the interaction
    (for follow-ups later) and the HTTP error the answer got, if any (the bot swallows it)."""

    def __init__(self) -> None:
        self.next_view: discord.ui.View | None = None
        self.interaction: discord.Interaction | None = None
        self.errors: list[discord.HTTPException] = []
        self.before_answer: Any = None

    @app_commands.command(name="probe", description="Answers with the test's view")
    async def probe(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        if self.before_answer is not None:
            self.before_answer()
        try:
            if self.next_view is None:
                await interaction.response.send_message("ok")
            else:
                await interaction.response.send_message("view", view=self.next_view)
        except discord.HTTPException as e:
            self.errors.append(e)


def make_bot(probe: Probe) -> commands.Bot:
    bot = commands.Bot(
        command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
    )

    async def setup_hook() -> None:
        await bot.add_cog(probe)
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


def button_view(emoji: Any = None, label: str | None = "Go") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, emoji=emoji, custom_id="probe:go"))
    return view


def select_view(emoji: Any) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        discord.ui.Select(
            custom_id="probe:pick",
            options=[discord.SelectOption(label="Hand", value="hand", emoji=emoji)],
        )
    )
    return view


def rows(n: int) -> list[dict[str, Any]]:
    return [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 2, "label": f"{r}.{i}", "custom_id": f"b{r}.{i}"}
                for i in range(5)
            ],
        }
        for r in range(n)
    ]


@pytest.fixture
async def world():
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Tavern")
        chan = fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        probe = Probe()
        bot = make_bot(probe)
        yield fake, chan, alice, probe, bot


async def send_raw(bot: commands.Bot, channel_id: int, body: dict[str, Any]) -> Any:
    """A message body sent as is through discord.py's own HTTP client."""
    route = Route("POST", MSG, channel_id=channel_id)
    return await bot.http.request(route, json=body)


# --------------------------------------------------------------------------- refusals


async def test_a_non_emoji_on_a_button_is_refused_and_recorded_even_if_swallowed(world):
    fake, chan, alice, probe, bot = world
    with pytest.raises(FakeDiscordError) as failure:
        async with run_bot(bot, fake, commands=True):
            channel = bot.get_partial_messageable(chan.id)
            with pytest.raises(discord.HTTPException) as err:
                await channel.send("board", view=button_view(CARD_BACK))
            assert (err.value.status, err.value.code) == (400, 50035)
            assert "In components.0.components.0.emoji: Invalid emoji" in err.value.text
            assert fake.channel_messages(chan) == []  # no board is posted
            (rec,) = [r for r in fake.requests if r.status == 400]
            assert rec.route == MSG
    # the bot swallowed nothing here, but the end of run_bot fails all the same, naming the field
    assert "POST /channels/{channel_id}/messages: components.0.components.0.emoji" in str(
        failure.value
    )
    assert "BUTTON_COMPONENT_INVALID_EMOJI" in str(failure.value)
    (v,) = fake.take_violations()
    assert (v.method, v.route, v.field, v.code, v.message) == (
        "POST",
        MSG,
        "components.0.components.0.emoji",
        "BUTTON_COMPONENT_INVALID_EMOJI",
        "Invalid emoji",
    )


async def test_the_errors_object_has_discords_shape(world):
    fake, chan, alice, probe, bot = world
    import aiohttp

    async with aiohttp.ClientSession(headers={"Authorization": "Bot t"}) as s:
        body = {"content": "x", "components": button_view(CARD_BACK).to_components()}
        async with s.post(fake.base_url + f"/api/v10/channels/{chan.id}/messages", json=body) as r:
            assert r.status == 400
            answer = await r.json()
    assert answer == {
        "message": "Invalid Form Body",
        "code": 50035,
        "errors": {
            "components": {
                "0": {
                    "components": {
                        "0": {
                            "emoji": {
                                "_errors": [
                                    {
                                        "code": "BUTTON_COMPONENT_INVALID_EMOJI",
                                        "message": "Invalid emoji",
                                    }
                                ]
                            }
                        }
                    }
                }
            }
        },
    }
    assert len(fake.take_violations()) == 1


async def test_a_non_emoji_in_an_interaction_answer_is_refused(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        probe.next_view = button_view(CARD_BACK)
        with pytest.raises(FakeDiscordError, match="did not acknowledge"):
            await fake.slash(alice, chan, "probe", timeout=0.5)
        (err,) = probe.errors  # the bot swallowed it: only the record tells
        assert (err.status, err.code) == (400, 50035)
        (v,) = fake.take_violations()
        assert v.route == "/interactions/{interaction_id}/{token}/callback"
        assert (v.field, v.code) == (
            "data.components.0.components.0.emoji",
            "BUTTON_COMPONENT_INVALID_EMOJI",
        )


async def test_a_non_emoji_in_follow_ups_and_edits_is_refused(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        res = await fake.slash(alice, chan, "probe")
        assert res.content == "ok"
        interaction = probe.interaction
        assert interaction is not None
        with pytest.raises(discord.HTTPException) as err:
            await interaction.followup.send("more", view=button_view(CARD_BACK))
        assert err.value.code == 50035
        with pytest.raises(discord.HTTPException) as err:
            await interaction.edit_original_response(view=select_view(CARD_BACK))
        assert err.value.code == 50035
        sent = await bot.get_partial_messageable(chan.id).send("plain")
        with pytest.raises(discord.HTTPException) as err:
            await sent.edit(view=button_view(CARD_BACK))
        assert err.value.code == 50035
        assert [(v.method, v.route, v.field, v.code) for v in fake.take_violations()] == [
            (
                "POST",
                "/webhooks/{webhook_id}/{token}",
                "components.0.components.0.emoji",
                "BUTTON_COMPONENT_INVALID_EMOJI",
            ),
            (
                "PATCH",
                "/webhooks/{webhook_id}/{token}/messages/@original",
                "components.0.components.0.options.0.emoji",
                "SELECT_COMPONENT_INVALID_EMOJI",
            ),
            (
                "PATCH",
                "/channels/{channel_id}/messages/{message_id}",
                "components.0.components.0.emoji",
                "BUTTON_COMPONENT_INVALID_EMOJI",
            ),
        ]
        assert res.message.content == "ok" and not res.message.components  # unchanged


async def test_a_non_emoji_on_a_select_option_is_refused(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        with pytest.raises(discord.HTTPException) as err:
            await bot.get_partial_messageable(chan.id).send("pick", view=select_view(CARD_BACK))
        assert err.value.code == 50035
        assert "In components.0.components.0.options.0.emoji: Invalid emoji" in err.value.text
        (v,) = fake.take_violations()
        assert v.field == "components.0.components.0.options.0.emoji"


async def test_an_81_character_label_is_refused(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        with pytest.raises(discord.HTTPException) as err:
            await bot.get_partial_messageable(chan.id).send("x", view=button_view(label="L" * 81))
        assert err.value.code == 50035
        (v,) = fake.take_violations()
        assert (v.field, v.code) == ("components.0.components.0.label", "BASE_TYPE_MAX_LENGTH")
        assert v.message == "Must be 80 or fewer in length."


async def test_a_sixth_action_row_is_refused(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        # discord.py's View refuses a sixth row itself; a raw body goes through its HTTP client
        with pytest.raises(discord.HTTPException) as err:
            await send_raw(bot, chan.id, {"content": "x", "components": rows(6)})
        assert err.value.code == 50035
        (v,) = fake.take_violations()
        assert (v.field, v.code) == ("components", "BASE_TYPE_MAX_LENGTH")
        assert fake.channel_messages(chan) == []


async def test_a_wrong_type_is_caught_by_the_schema(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        channel_id = chan.id
        bad_style = rows(1)
        bad_style[0]["components"][0]["style"] = "primary"
        bodies = [
            {"content": "x", "tts": "yes"},
            {"content": "x", "components": bad_style},
            {"content": "x", "embeds": [{"title": "t", "color": "red"}]},
            {"content": "x", "components": [{"type": 2, "style": 1, "custom_id": "top"}]},
            {"content": "x", "components": [{"type": 1, "components": [{"type": 2}]}]},
        ]
        for body in bodies:
            with pytest.raises(discord.HTTPException) as err:
                await send_raw(bot, channel_id, body)
            assert err.value.code == 50035, body
        assert [(v.field, v.code) for v in fake.take_violations()] == [
            ("tts", "BASE_TYPE_INVALID"),
            ("components.0.components.0.style", "BASE_TYPE_INVALID"),
            ("embeds.0.color", "BASE_TYPE_INVALID"),
            ("components.0.type", "BASE_TYPE_CHOICES"),  # a button is no top-level component
            ("components.0.components.0.style", "BASE_TYPE_REQUIRED"),
        ]


async def test_content_over_2000_characters_is_refused(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        # the spec allows 4,000 (Nitro users); a bot gets 2,000
        with pytest.raises(discord.HTTPException) as err:
            await bot.get_partial_messageable(chan.id).send("c" * 2001)
        assert err.value.code == 50035
        assert [v.field for v in fake.take_violations()] == ["content"]
        await bot.get_partial_messageable(chan.id).send("c" * 2000)


# --------------------------------------------------------------------------- what passes


async def test_real_emojis_custom_emojis_80_characters_and_5_rows_pass(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        channel = bot.get_partial_messageable(chan.id)
        await channel.send("joker", view=button_view("\U0001f0cf"))  # 🃏 PLAYING CARD JOKER
        await channel.send("undo", view=button_view("↩️"))  # with a variation selector
        await channel.send("custom", view=button_view(discord.PartialEmoji(name="tv", id=1234)))
        await channel.send("pick", view=select_view("🎴"))
        await channel.send("long", view=button_view(label="L" * 80))
        await send_raw(bot, chan.id, {"content": "five", "components": rows(5)})
        # integers where the spec wants snowflake strings: Discord takes them (discord.py sends
        # some); fields Discord does not know are ignored, not refused
        await send_raw(
            bot,
            chan.id,
            {"content": "x", "allowed_mentions": {"users": [alice.id]}, "no_such_field": 1},
        )
        probe.next_view = button_view("🃏")
        res = await fake.slash(alice, chan, "probe")
        assert res.buttons[0]["emoji"]["name"] == "🃏"
        await probe.interaction.followup.send("more", view=select_view("✋"))  # type: ignore[union-attr]
        await probe.interaction.edit_original_response(view=button_view("🎞️"))  # type: ignore[union-attr]
        assert len(fake.channel_messages(chan)) == 9  # 7 sent, the answer, the follow-up
    assert fake.contract_violations == []
    fake.assert_clean()


# --------------------------------------------------------------------------- deadlines


async def test_the_interaction_token_lasts_15_minutes(world):
    fake, chan, alice, probe, bot = world
    async with run_bot(bot, fake, commands=True):
        res = await fake.slash(alice, chan, "probe")
        interaction = probe.interaction
        assert interaction is not None
        fake.age_interaction(res, 14 * 60)
        await interaction.followup.send("still in time")
        await interaction.edit_original_response(content="edited in time")
        fake.age_interaction(res, 61)
        with pytest.raises(discord.HTTPException) as err:
            await interaction.followup.send("too late")
        assert (err.value.status, err.value.code) == (401, 50027)
        with pytest.raises(discord.HTTPException) as err:
            await interaction.edit_original_response(content="too late")
        assert (err.value.status, err.value.code) == (401, 50027)
        assert res.message.content == "edited in time" and len(res.followups) == 1
    assert time.time() - res.issued_at > 15 * 60


# --------------------------------------------------------------------------- the spec itself


def test_the_vendored_spec_is_discords():
    shared = SHARED_SPEC / "openapi.json"
    if not shared.exists():
        pytest.skip(f"no shared copy of Discord's spec at {shared} to compare with")
    assert SPEC_PATH.read_bytes() == shared.read_bytes()
    assert (SPEC_PATH.parent / "LICENSE").read_bytes() == (SHARED_SPEC / "LICENSE").read_bytes()


def test_every_route_of_the_fake_with_a_body_has_a_schema():
    fake = FakeDiscord()
    contract = Contract()
    for method, template, _pattern, _handler in fake._routes:
        if method in ("POST", "PATCH", "PUT") and "thread-members" not in template:
            if template.endswith("/typing"):
                continue
            assert contract.validator(method, template) is not None, (method, template)


def test_emoji_rule_without_a_server():
    def body(e: Any) -> dict[str, Any]:
        return {"components": [{"type": 1, "components": [{"type": 2, "emoji": e}]}]}

    assert bad_emojis(body({"name": CARD_BACK})) == [
        ("components.0.components.0.emoji", "BUTTON_COMPONENT_INVALID_EMOJI")
    ]
    assert bad_emojis(body({"name": "x"})) != []
    assert bad_emojis(body({"name": "🃏"})) == []
    assert bad_emojis(body({"name": "anything", "id": "123"})) == []
    assert bad_emojis(body(None)) == []
    # Components V2: a button in a section's accessory
    v2 = {"components": [{"type": 9, "accessory": {"type": 2, "emoji": {"name": CARD_BACK}}}]}
    assert bad_emojis(v2) == [("components.0.accessory.emoji", "BUTTON_COMPONENT_INVALID_EMOJI")]
    assert json.dumps(bad_emojis({"content": "no components"})) == "[]"


def test_leniencies_are_what_discord_accepts_and_no_more():
    contract = Contract()
    cmds = "/applications/{application_id}/commands"

    def command(**kw: Any) -> list[dict[str, Any]]:
        return [{"name": "play", "description": "Play", "type": 1, **kw}]

    # discord.py sends a command's permissions as a string of digits, as Discord documents them
    assert contract.check("PUT", cmds, command(default_member_permissions="32")) == []
    assert contract.check("PUT", cmds, command(default_member_permissions=32)) == []
    assert contract.check("PUT", cmds, command(default_member_permissions=None)) == []
    assert contract.check("PUT", cmds, command(default_member_permissions="admin")) != []
    # snowflakes as strings of digits or as non-negative integers, nothing else
    dm = "/users/@me/channels"
    assert contract.check("POST", dm, {"recipient_id": "123"}) == []
    assert contract.check("POST", dm, {"recipient_id": 123}) == []
    assert contract.check("POST", dm, {"recipient_id": -1}) != []
    assert contract.check("POST", dm, {"recipient_id": "12a"}) != []
    assert contract.check("POST", dm, {"recipient_id": 1.5}) != []


def test_what_was_found_valid_once_does_not_hide_a_later_mistake():
    """The validators remember which instances a ``$ref`` found valid (a bot sends the same
    components again and again): the same refusal, named the same, before and after."""
    contract = Contract()
    route = "/channels/{channel_id}/messages"

    def body(label: str) -> dict[str, Any]:
        button = {"type": 2, "style": 2, "label": label, "custom_id": "x:1"}
        return {"content": "hi", "components": [{"type": 1, "components": [button]}]}

    refused = contract.check("POST", route, body("y" * 81))
    assert [(v.field, v.code) for v in refused] == [
        ("components.0.components.0.label", "BASE_TYPE_MAX_LENGTH")
    ]
    for _ in range(2):
        assert contract.check("POST", route, body("fine")) == []
        assert contract.check("POST", route, body("y" * 81)) == refused
