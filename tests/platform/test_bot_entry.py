"""`python bot.py` without a token says what to do and exits; create_bot builds, not runs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import bot as tavern

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_it_explains_how_to_get_one():
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    if (ROOT / ".env").exists():  # a developer's own token must not be used by the test
        env["DISCORD_TOKEN"] = ""
    done = subprocess.run([sys.executable, str(ROOT / "bot.py")], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and ".env" in done.stderr
    assert "developers/applications" in done.stderr


def test_create_bot_builds_without_running(tmp_path):
    bot = tavern.create_bot(str(tmp_path / "x.db"))
    assert bot.database_path == str(tmp_path / "x.db")
    assert not bot.is_ready() and bot.tables is None  # nothing opened before start
    assert set(tavern.COGS) == {"cogs.table", "cogs.history", "cogs.settings", "cogs.ziegen",
                                "cogs.wichtel",
                                "cogs.korrigans", "cogs.henchmania"}
