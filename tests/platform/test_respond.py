"""The responder's race (``cogs/respond.py``): the watchdog deferring while the handler
answers. Whichever comes first, exactly one interaction callback is sent; the other becomes
nothing (a watchdog finding it answered) or a follow-up / an edit of the original response.

The interaction is a stub with discord.py's timing: ``is_done`` turns true only once the HTTP
call of the callback returned, and a second callback fails as on Discord (40060)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord
import pytest

from cogs import respond

LATENCY = 0.1  # how long the stub's HTTP calls take


class StubResponse:
    def __init__(self, calls: list) -> None:
        self.calls = calls
        self._response_type = None

    def is_done(self) -> bool:
        return self._response_type is not None

    async def _callback(self, kind: str, rtype: int, **what):
        self.calls.append((kind, what))
        await asyncio.sleep(LATENCY)
        if self._response_type is not None:
            raise AssertionError("40060: Interaction has already been acknowledged")
        self._response_type = rtype

    async def send_message(self, content=None, *, ephemeral=False, **kwargs):
        await self._callback("send", 4, content=content, ephemeral=ephemeral)
        return SimpleNamespace(resource="the message")

    async def edit_message(self, **kwargs):
        await self._callback("edit", 7, **kwargs)

    async def defer(self, *, ephemeral=False, thinking=False):
        await self._callback("defer", 5 if thinking else 6, ephemeral=ephemeral, thinking=thinking)

    async def send_modal(self, modal):
        await self._callback("modal", 9)


def stub_interaction(kind=discord.InteractionType.component, public=False):
    calls: list = []

    async def followup_send(**kwargs):
        calls.append(("followup", kwargs))
        await asyncio.sleep(LATENCY)
        return "a follow-up"

    async def later(kind, **kwargs):
        calls.append((kind, kwargs))

    command = SimpleNamespace(name="cmd", extras=respond.PUBLIC_ANSWER if public else {})
    interaction = SimpleNamespace(
        type=kind,
        command=command if kind is discord.InteractionType.application_command else None,
        extras={},
        response=StubResponse(calls),
        followup=SimpleNamespace(send=followup_send),
        edit_original_response=lambda **kw: later("edit_original", **kw),
        delete_original_response=lambda: later("delete_original"),
    )
    return interaction, calls


def callbacks(calls: list) -> list[str]:
    return [kind for kind, _ in calls if kind in ("send", "edit", "defer", "modal")]


async def test_the_watchdog_firing_while_the_handler_answers_sends_nothing():
    interaction, calls = stub_interaction()
    async with respond.watching(interaction, after=LATENCY / 2):
        # the answer's HTTP call is in flight when the watchdog wakes up
        assert await respond.to(interaction).send("hi", ephemeral=True) == "the message"
        await asyncio.sleep(LATENCY * 2)  # the watchdog has long woken up
    assert [kind for kind, _ in calls] == ["send"]


async def test_the_handler_answering_while_the_watchdog_defers_follows_up():
    interaction, calls = stub_interaction()
    async with respond.watching(interaction, after=0):
        await asyncio.sleep(LATENCY / 2)  # the deferral's HTTP call is in flight
        assert await respond.to(interaction).send("hi", ephemeral=True) == "a follow-up"
        await respond.to(interaction).edit(content="clicked message, edited")
    assert callbacks(calls) == ["defer"]
    assert calls[0] == ("defer", {"ephemeral": True, "thinking": False})  # a deferred update
    assert calls[1:] == [
        ("followup", {"content": "hi", "ephemeral": True, "wait": True}),
        ("edit_original", {"content": "clicked message, edited"}),
    ]


@pytest.mark.parametrize("public", [False, True])
async def test_a_slow_command_thinks_and_its_answer_keeps_its_privacy(public):
    interaction, calls = stub_interaction(discord.InteractionType.application_command, public)
    async with respond.watching(interaction, after=0):
        await asyncio.sleep(LATENCY * 2)  # deferred meanwhile
        await respond.to(interaction).send("only for you", ephemeral=True)
    assert calls[0] == ("defer", {"ephemeral": not public, "thinking": True})
    # after a public "thinking", a private answer must not fill the public placeholder
    deleted = [("delete_original", {})] if public else []
    assert calls[1:] == deleted + [
        ("followup", {"content": "only for you", "ephemeral": True, "wait": True})
    ]


async def test_nested_watching_starts_one_watchdog_and_a_fast_handler_is_never_deferred():
    interaction, calls = stub_interaction(discord.InteractionType.application_command)
    async with respond.watching(interaction, after=LATENCY):
        async with respond.watching(interaction, after=0):
            await asyncio.sleep(LATENCY / 4)
            await respond.to(interaction).send("quick")
    await asyncio.sleep(LATENCY * 2)  # a watchdog left running would defer now
    assert callbacks(calls) == ["send"]


async def test_a_modal_must_be_the_first_answer():
    interaction, calls = stub_interaction()
    await respond.to(interaction).modal(object())
    assert callbacks(calls) == ["modal"]
    with pytest.raises(RuntimeError):
        await respond.to(interaction).modal(object())
