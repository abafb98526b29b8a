"""When the database fails under a move (issue 24): a read-only file, a full disk, a file another
connection holds locked. The player is told the truth, in time:

* a write that failed says the move was not made (or, for anything else, that it was not done)
  and to try again, never "Nothing you did was lost"; the game is as it was, its controls still
  stand, and the same click works once the fault clears (nothing to restart);
* a database busy for longer than the 2 s the watchdog allows (``cogs/respond.py``) costs no
  interaction its 3-second deadline, whichever way the move comes: a button, a select menu or
  a slash command.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
import threading
import time

from cogs import ui
from tests.e2e.harness import Table, controls, two_player_table, use_control
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot

NOT_MADE = "Your move was not made"
NOT_DONE = "That was not done"
LIED = "Nothing you did was lost"
HELD = 2.5  # seconds another connection holds the write lock: past the watchdog's 2 s


async def _read_only(bot, on: bool) -> None:
    """The bot's own connection may read but not write (SQLite answers a write with "attempt
    to write a readonly database", as for a file it may not write)."""
    await bot.tables.store._db.execute(f"PRAGMA query_only = {int(on)}")


@contextlib.contextmanager
def _disk_full(monkeypatch, store):
    """Every write of the store fails as SQLite's does on a full disk."""

    def full() -> sqlite3.OperationalError:
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorcode, error.sqlite_errorname = 13, "SQLITE_FULL"
        return error

    async def write(*args, **kwargs):
        raise full()

    @contextlib.asynccontextmanager
    async def transaction():
        raise full()
        yield  # pragma: no cover

    with monkeypatch.context() as patch:
        patch.setattr(store, "_write", write)
        patch.setattr(store, "_transaction", transaction)
        yield


def _refusal(res) -> str:
    """The ephemeral answer to an interaction (its message, or its follow-up once deferred)."""
    texts = [m.content or "" for m in ([res.message] if res.message else []) + res.followups]
    return "\n".join(texts)


async def _move_not_made(table: Table, user, use) -> None:
    """``use()`` (a click, a select or a command) is answered, privately, that the move was
    not made; the game is unchanged."""
    before = await table.game()
    res = await use()
    await table.fake.settle()
    text = _refusal(res)
    assert NOT_MADE in text and "try again" in text, text
    assert LIED not in text
    assert res.ephemeral or all(m.ephemeral for m in res.followups)
    after = await table.game()
    assert (after.version, after.move_count) == (before.version, before.move_count)


async def _move_made(table: Table, use) -> None:
    before = (await table.game()).move_count
    res = await use()
    await table.fake.settle()
    assert LIED not in _refusal(res) and NOT_MADE not in _refusal(res)
    assert (await table.game()).move_count == before + 1


def _slash_move(fake, table: Table, user):
    async def use():
        (choice, *_) = await fake.autocomplete(user, table.thread, "ziegen move", "action")
        return await fake.slash(user, table.thread, "ziegen move", action=choice["value"])

    return use


async def test_a_read_only_database_says_the_move_was_not_made_and_recovers(make_bot):
    with error_log_guard() as guard:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben, cy = fake.add_user("ann"), fake.add_user("ben"), fake.add_user("cy")
            bot = make_bot(seed=3)
            async with run_bot(bot, fake, commands=True):
                table = await two_player_table(fake, chan, ann, ben, bot)
                res = await fake.slash(ann, chan, "play", game="ziegen")  # a lobby for later
                lobby = res.message
                panel = await table.panel(ann)
                button = controls(panel)[0]

                await _read_only(bot, True)
                await _move_not_made(table, ann, lambda: use_control(fake, ann, panel, button))
                assert controls(panel)[0] == button  # the panel still offers it
                await _move_not_made(table, ben, _slash_move(fake, table, ben))
                # anything else is "not done": a slash command, a lobby button
                res = await fake.slash(cy, chan, "play", game="ziegen")
                assert NOT_DONE in _refusal(res) and LIED not in _refusal(res)
                assert res.ephemeral and len(await bot.tables.games_in_channel(chan.id)) == 2
                res = await fake.click(cy, lobby, fake.find_button(lobby, "Join"))
                assert NOT_DONE in _refusal(res) and LIED not in _refusal(res)
                assert f"<@{cy.id}>" not in lobby.embed_text
                failures = [r.getMessage() for r in guard.records]  # each logged in full
                assert failures == [
                    "storing a move at table 1 failed",
                    "storing a move at table 1 failed",
                    "command play failed",
                    "lobby_click failed",
                ]
                assert guard.format_records().count("readonly database") >= 4
                guard.clear()

                await _read_only(bot, False)  # the fault clears: the same controls work
                await _move_made(table, lambda: use_control(fake, ann, panel, button))
                await _move_made(table, _slash_move(fake, table, ben))
                res = await fake.click(cy, lobby, fake.find_button(lobby, "Join"))
                assert res.response_type == 7 and f"<@{cy.id}>" in res.embed_text
                assert not fake.late_interactions
                fake.assert_clean()


async def test_a_full_disk_says_the_move_was_not_made_and_recovers(make_bot, monkeypatch):
    """The moves come by select menus here (a panel shows one for any number of choices)."""
    monkeypatch.setattr(ui, "BUTTONS_UP_TO", 0)
    with error_log_guard() as guard:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(seed=3)
            async with run_bot(bot, fake, commands=True):
                table = await two_player_table(fake, chan, ann, ben, bot)
                panel = await table.panel(ann)
                assert panel.selects and not [b for b in panel.buttons if "tv:a:" in str(b)]
                option = controls(panel)[0]
                with _disk_full(monkeypatch, bot.tables.store):
                    await _move_not_made(table, ann, lambda: use_control(fake, ann, panel, option))
                    await _move_not_made(table, ben, _slash_move(fake, table, ben))
                assert "database or disk is full" in guard.format_records()
                guard.clear()
                await _move_made(table, lambda: use_control(fake, ann, panel, option))
                await _move_made(table, _slash_move(fake, table, ben))
                assert not fake.late_interactions
                fake.assert_clean()


def _hold_write_lock(path: str, seconds: float, taken: threading.Event) -> None:
    """Another connection (as another program would) holds the file's write lock."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        taken.set()
        time.sleep(seconds)
        db.execute("ROLLBACK")
    finally:
        db.close()


async def _while_locked(path: str, use) -> tuple[object, float]:
    """``use()`` while another connection holds the write lock for ``HELD`` seconds: its
    result and how long it took."""
    taken = threading.Event()
    holder = asyncio.create_task(asyncio.to_thread(_hold_write_lock, path, HELD, taken))
    await asyncio.to_thread(taken.wait, 5)
    began = time.monotonic()
    try:
        res = await use()
    finally:
        await holder
    return res, time.monotonic() - began


async def test_a_database_busy_past_the_watchdog_costs_no_interaction(make_bot, monkeypatch):
    """The move waits 2.5 s for the lock (SQLite's busy timeout), past the 2 s after which the
    watchdog defers, and within Discord's 3 s nothing was answered: by a button, a select menu
    and a slash command, the interaction is deferred, then answered, and the move made."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben, cy, dee = (fake.add_user(n) for n in ("ann", "ben", "cy", "dee"))
            bot = make_bot(seed=3)
            async with run_bot(bot, fake, commands=True):
                path = bot.tables.store.path
                buttons = await two_player_table(fake, chan, ann, ben, bot)
                monkeypatch.setattr(ui, "BUTTONS_UP_TO", 0)
                selects = await two_player_table(fake, chan, cy, dee, bot)
                monkeypatch.undo()

                for table, user, kind in ((buttons, ann, "button"), (selects, cy, "select")):
                    panel = await table.panel(user)
                    control = controls(panel)[0]
                    assert (control[1] is not None) == (kind == "select")
                    before = (await table.game()).move_count
                    res, took = await _while_locked(
                        path, functools.partial(use_control, fake, user, panel, control)
                    )
                    await fake.settle()
                    assert took >= HELD - 0.1, f"the {kind} did not wait for the lock"
                    assert res.response_type == 6, kind  # deferred, then the panel in place
                    assert panel.edit_count >= 1 and not controls(panel), kind
                    assert (await table.game()).move_count == before + 1, kind

                before = (await buttons.game()).move_count
                res, took = await _while_locked(path, _slash_move(fake, buttons, ben))
                await fake.settle()
                assert took >= HELD - 0.1
                assert res.response_type == 5 and res.ephemeral  # thinking, then the answer
                assert (await buttons.game()).move_count == before + 1
                assert not fake.late_interactions
                fake.assert_clean()
