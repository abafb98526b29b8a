"""A child Python process of the tests, spoken to in JSON lines: each request a line on its
stdin with an ``id``, each answer a line on its stdout with the same ``id``; answer 0 says it is
ready. ``tests/storage/worker.py`` (a bot process without Discord) and ``tests/e2e/botproc.py``
(a real bot process against the fake Discord) are such children."""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class JsonProcess:
    """One child process (``python -m module args...``), started by ``start``."""

    died = "child process died"

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {0: asyncio.get_running_loop().create_future()}
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, module: str, *args: str, ready_within: float = 60):
        """The process, once it has said it is ready (answer 0)."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            module,
            *args,
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=2**20,
        )
        started = cls(proc)
        try:
            await asyncio.wait_for(started._waiting[0], ready_within)
        except BaseException:
            await started.stop()
            raise
        return started

    async def _read(self) -> None:
        while line := await self.proc.stdout.readline():
            reply = json.loads(line)
            future = self._waiting.pop(reply["id"], None)
            if future is not None and not future.done():
                future.set_result(reply)
        for future in self._waiting.values():  # the process died: no answer will come
            if not future.done():
                future.set_exception(ConnectionError(self.died))

    async def ask(self, timeout: float = 60, **request) -> dict:
        """Send ``request`` (an ``id`` is added) and wait for its answer."""
        request["id"] = next(self._ids)
        future = self._waiting[request["id"]] = asyncio.get_running_loop().create_future()
        try:
            self.proc.stdin.write((json.dumps(request) + "\n").encode())
            await self.proc.stdin.drain()
        except (ConnectionError, BrokenPipeError) as exc:
            self._waiting.pop(request["id"], None)
            raise ConnectionError(self.died) from exc
        return await asyncio.wait_for(future, timeout)

    async def stop(self) -> None:
        """Close its stdin and wait for it to end (killed after 30 s)."""
        if self.proc.returncode is None:
            self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        await self._reader
