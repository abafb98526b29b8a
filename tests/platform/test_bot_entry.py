"""`python bot.py` without a token says what to do and exits; create_bot builds, not runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot as tavern

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_it_explains_how_to_get_one():
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    if (ROOT / ".env").exists():  # a developer's own token must not be used by the test
        env["DISCORD_TOKEN"] = ""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and ".env" in done.stderr
    assert "developers/applications" in done.stderr


def test_create_bot_builds_without_running(tmp_path):
    bot = tavern.create_bot(str(tmp_path / "x.db"))
    assert bot.database_path == str(tmp_path / "x.db")
    assert not bot.is_ready() and bot.tables is None  # nothing opened before start
    assert set(tavern.COGS) == {
        "cogs.table",
        "cogs.history",
        "cogs.settings",
        "cogs.ziegen",
        "cogs.wichtel",
        "cogs.korrigans",
        "cogs.henchmania",
    }


def test_shards_setting(tmp_path, monkeypatch):
    assert tavern.parse_shards("0-3/8") == ([0, 1, 2, 3], 8)
    assert tavern.parse_shards("5/8") == ([5], 8)
    assert tavern.parse_shards("0,2,4-5/8") == ([0, 2, 4, 5], 8)
    for bad in ("0-8/8", "3", "a/2", "-1/2", "3-1/8", "/8", "0/0", "1/1"):
        with pytest.raises(ValueError):
            tavern.parse_shards(bad)
    bot = tavern.create_bot(str(tmp_path / "x.db"))
    assert isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_ids is None and bot.shard_count is None  # all recommended shards, here
    monkeypatch.setenv("TAVERN_SHARDS", "2-3/4")
    with pytest.raises(tavern.SettingError, match="postgresql://"):  # other processes: shared db
        tavern.create_bot(str(tmp_path / "x.db"))
    bot = tavern.create_bot("postgresql://tavern@db/tavern")  # built, not connected
    assert (bot.shard_ids, bot.shard_count) == ([2, 3], 4)
    monkeypatch.setenv("TAVERN_SHARDS", "0-3/4")  # all of them, in one process: SQLite is fine
    assert tavern.create_bot(str(tmp_path / "x.db")).shard_count == 4
    monkeypatch.setenv("TAVERN_SHARDS", "4/4")
    with pytest.raises(tavern.SettingError, match="TAVERN_SHARDS='4/4' is not a shard range"):
        tavern.create_bot(str(tmp_path / "x.db"))
