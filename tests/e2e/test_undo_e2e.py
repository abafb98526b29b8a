"""Undo and confirmations end to end: the panel's Undo button, /undo, "Confirm: ..." and Cancel,
and a typed move that asks first (``cogs/undo.py``, ``cogs/flow.py``)."""

from __future__ import annotations

from engines.undo import UNDO
from tests.e2e.harness import (
    Table,
    confirm_if_asked,
    controls,
    open_table,
    running_bot,
    thread_text,
    use_control,
)
from tests.fakediscord import FakeDiscord, error_log_guard


def _button(res, prefix: str) -> str | None:
    found = [b["custom_id"] for b in res.buttons if b.get("custom_id", "").startswith(prefix)]
    return found[0] if found else None


async def _setup(fake, tmp_path, game: str):
    guild = fake.add_guild("Tavern")
    chan = fake.add_text_channel(guild, "games")
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    return chan, alice, bob


async def test_undo_button_and_command(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            chan, alice, bob = await _setup(fake, tmp_path, "ziegen")
            async with running_bot(fake, db) as bot:
                _lobby, thread = await open_table(
                    fake, chan, alice, "ziegen", joiners=(bob,), bots=0
                )
                game = (await bot.tables.games_of_user(alice.id))[0]
                table = Table(fake, bot, game.id, thread, {0: alice, 1: bob})
                # the secret mulligan: alice decides, then takes it back with the panel's button
                panel = await table.panel(alice)
                mull = next(
                    b["custom_id"]
                    for b in panel.buttons
                    if b.get("custom_id", "").endswith(":mull:0")
                )
                res = await fake.click(alice, panel, mull)
                undo = _button(res, "tv:u:")
                assert undo, "no Undo button after a decision that revealed nothing"
                await fake.settle()
                assert _button(await table.panel(bob), "tv:u:") is None  # bob's has none
                res = await fake.click(alice, res.original, undo)
                assert res.response_type == 7 and "You took back" in res.content
                assert any(c.endswith(":mull:0") for c in res.original.custom_ids)
                await fake.settle()
                moves = await bot.tables.store.moves(game.id)
                assert [m.action for m in moves] == ["mull:0", UNDO]
                assert "took back their last decision" in thread_text(fake, table.thread)
                assert undo not in res.original.custom_ids  # nothing more to take back
                # /undo with nothing to take back is refused, kindly and privately
                res = await fake.slash(alice, thread, "undo")
                assert res.ephemeral and "nothing you can take back" in res.content
                # decide again, then /undo
                res = await fake.slash(alice, thread, "ziegen move", action="mull:0")
                assert res.ephemeral and _button(res, "tv:u:")
                res = await fake.slash(alice, thread, "undo")
                assert res.ephemeral and "You took back" in res.content
                await fake.settle()
                # both decide: the deal shows new cards, so neither can undo any more
                await fake.slash(alice, thread, "ziegen move", action="mull:0")
                res = await fake.slash(bob, thread, "ziegen move", action="mull:0")
                assert _button(res, "tv:u:") is None
                await fake.settle()
                res = await fake.slash(bob, thread, "undo")
                assert res.ephemeral and "nothing you can take back" in res.content
                assert [m.action for m in await bot.tables.store.moves(game.id)] == [
                    "mull:0",
                    UNDO,
                    "mull:0",
                    UNDO,
                    "mull:0",
                    "mull:0",
                ]
                assert await bot.tables.history.replay(game.id) == (await table.game()).state
                await table.play_to_end()  # the export with its undos passes the verifier


async def test_a_decision_that_cannot_be_taken_back_asks_first(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            chan, alice, bob = await _setup(fake, tmp_path, "henchmania")
            async with running_bot(fake, db) as bot:
                _lobby, thread = await open_table(
                    fake, chan, alice, "henchmania", joiners=(bob,), bots=0
                )
                game = (await bot.tables.games_of_user(alice.id))[0]
                table = Table(fake, bot, game.id, thread, {0: alice, 1: bob})
                engine = bot.tables.engine("henchmania")
                while True:  # play on until a human may pass for the day
                    game = await table.game()
                    seat = bot.tables.to_act(game)[0]
                    if "pass" in engine.legal_actions(bot.tables.state(game), seat):
                        break
                    await table.play_one()
                user = table.users[seat]
                panel = await table.panel(user)
                passing = [
                    (c, v)
                    for c, v in controls(panel)
                    if v == "pass" or (v is None and c.endswith(":pass"))
                ]
                assert passing, controls(panel)
                pass_id = passing[0][0]
                count = game.move_count
                res = await use_control(fake, user, panel, passing[0])
                assert res.response_type == 7 and "Pass for the rest of the day?" in res.content
                confirm = _button(res, "tv:c:")
                assert confirm and confirm.split(":")[3] == pass_id.split(":")[3]  # same token
                assert (await table.game()).move_count == count
                res = await fake.click(user, res.original, _button(res, "tv:x:"))
                assert res.response_type == 7 and passing[0] in controls(res.original)
                assert (await table.game()).move_count == count
                # a typed pass asks too, with the same buttons; confirming plays it
                res = await fake.slash(user, thread, "henchmania move", action="pass")
                assert res.ephemeral and "Pass for the rest of the day?" in res.content
                assert (await table.game()).move_count == count
                res = await confirm_if_asked(fake, user, res)
                await fake.settle()
                assert (await table.game()).move_count > count
                moves = await bot.tables.store.moves(game.id)
                assert moves[count].action == "pass"
                # /<game> move confirm:True plays a confirmed move at once
                while True:
                    game = await table.game()
                    if game.status != "running":
                        break
                    seat = bot.tables.to_act(game)[0]
                    if "pass" in engine.legal_actions(bot.tables.state(game), seat):
                        user = table.users[seat]
                        count = game.move_count
                        res = await fake.slash(
                            user, thread, "henchmania move", action="pass", confirm=True
                        )
                        assert "Pass for the rest of the day?" not in (res.content or "")
                        assert (await table.game()).move_count > count
                        break
                    await table.play_one()
