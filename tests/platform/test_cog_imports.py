"""Each board module imports on its own, whichever is imported first (no import cycle breaks)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module", ["cogs.flow", "cogs.board", "cogs.ui", "cogs.messenger", "pictures"]
)
def test_imports_alone(module):
    done = subprocess.run(
        [sys.executable, "-c", f"import {module}"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_pictures_stay_pure():
    code = (
        "import sys, pictures, pictures.ziegen, pictures.korrigans, pictures.henchmania, "
        "pictures.wichtel; bad = [m for m in ('discord', 'asyncio', 'storage', 'aiosqlite') "
        "if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
