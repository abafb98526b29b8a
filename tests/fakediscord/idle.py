"""When has the bot nothing left to do? What ``FakeDiscord.settle`` waits for, computed from the
event loop the bot and the fake share instead of guessed from a quiet period.

``run_bot`` starts the bot's task in a context marked by ``BOT`` (``bot_context()``); every task
the bot makes from there inherits the mark (asyncio copies the creator's context), so
``TaskWatch`` (the loop's task factory while the fake runs) knows the bot's tasks from the
test's and the fake server's. A bot task is busy unless it is

* done;
* waiting at a point where the bot waits for Discord: reading its gateway (the fake's gateway
  barrier says whether frames are still unread) or, in ``AutoShardedClient.connect``, for a
  shard's news;
* waiting on a timer due later than ``horizon`` seconds from now: a loop's interval, a view's
  timeout, a watchdog. A timer due sooner (a bot's pace, ``asyncio.wait_for`` of discord.py's
  guild chunking) is work about to happen.

A task running one of discord.py's event or interaction handlers (``HANDLER_TASKS``) is busy
until it ends, whatever it waits for: a handler that sleeps or waits on the database is still
answering. Anything else a task waits on (an HTTP answer, a database query, a lock) is busy.

It reads two internals of asyncio's own event loop: ``Task._fut_waiter`` (what a task waits on)
and the loop's ``_scheduled`` timers. Without the first every waiting task counts as busy,
without the second every task waiting on a timer: settle would then time out, not return early.
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from collections.abc import Callable
from types import CodeType
from typing import Any

BOT: contextvars.ContextVar[bool] = contextvars.ContextVar("fakediscord_bot", default=False)

# discord.py's tasks that answer an interaction or an event (see the module docstring)
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item",
    "discord-ui-modal-dispatch",
    "discord.py: on_interaction",
)


def bot_context() -> contextvars.Context:
    """A copy of the current context in which ``BOT`` is set: run the bot's task in it."""
    ctx = contextvars.copy_context()
    ctx.run(BOT.set, True)
    return ctx


def _idle_points() -> tuple[set[CodeType], set[tuple[CodeType, CodeType]]]:
    """Code objects where a waiting bot task is idle: anywhere in its await chain (``single``),
    or as a caller directly awaiting a callee (``pairs``)."""
    import aiohttp
    import discord.shard

    single = {aiohttp.ClientWebSocketResponse.receive.__code__}
    pairs = {(discord.shard.AutoShardedClient.connect.__code__, asyncio.Queue.get.__code__)}
    return single, pairs


def await_chain(task: asyncio.Task) -> list[CodeType]:
    """The code objects of the coroutines a task is suspended in, outermost first."""
    codes: list[CodeType] = []
    coro: Any = task.get_coro()
    for _ in range(200):
        code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
        if code is None:
            code = getattr(getattr(coro, "ag_frame", None), "f_code", None)
        if code is None:
            break
        codes.append(code)
        coro = (
            getattr(coro, "cr_await", None)
            or getattr(coro, "gi_yieldfrom", None)
            or getattr(coro, "ag_await", None)
        )
    return codes


class TaskWatch:
    """The loop's task factory while a fake runs: notes the bot's tasks (``BOT`` set in the
    creator's context) and calls ``on_change`` when one ends."""

    def __init__(self, loop: asyncio.AbstractEventLoop, on_change: Callable[[], None]) -> None:
        self.loop = loop
        self.on_change = on_change
        self.tasks: weakref.WeakSet[asyncio.Task] = weakref.WeakSet()
        # task -> (the future it waits on, "idle" / "timer" / "busy", TimerHandle / text)
        self._verdicts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._before = loop.get_task_factory()
        self._single, self._pairs = _idle_points()
        loop.set_task_factory(self._factory)

    def uninstall(self) -> None:
        if self.loop.get_task_factory() == self._factory:
            self.loop.set_task_factory(self._before)

    def _factory(self, loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task:
        if self._before is not None:
            task = self._before(loop, coro, **kwargs)
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        context = kwargs.get("context")
        if context.get(BOT, False) if context is not None else BOT.get():
            self.tasks.add(task)
            task.add_done_callback(self._ended)
        return task

    def _ended(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        self._verdicts.pop(task, None)
        self.on_change()

    def _timers(self) -> dict[asyncio.Future, asyncio.TimerHandle]:
        """Futures a pending timer will resolve (``asyncio.sleep``, ``wait_for``, discord.py's
        loops), with the (earliest) timer."""
        due: dict[asyncio.Future, asyncio.TimerHandle] = {}
        for handle in getattr(self.loop, "_scheduled", ()):
            if handle.cancelled():
                continue
            callback = getattr(handle, "_callback", None)
            for arg in (getattr(callback, "__self__", None), *(getattr(handle, "_args", ()) or ())):
                if isinstance(arg, asyncio.Future) and (
                    arg not in due or handle.when() < due[arg].when()
                ):
                    due[arg] = handle
        return due

    def _verdict(
        self, task: asyncio.Task, waiter: asyncio.Future, timers: dict | None
    ) -> tuple[str, Any, dict | None]:
        """Why ``task``, suspended on ``waiter``, waits: ("idle", None) at an idle point,
        ("timer", its TimerHandle), or ("busy", what it waits in); and the timers, if read.
        Remembered while the task waits on the same future (the same await)."""
        known = self._verdicts.get(task)
        if known is not None and known[0] is waiter:
            if known[1] != "timer" or not known[2].cancelled():
                return known[1], known[2], timers
        chain = await_chain(task)
        if any(code in self._single for code in chain) or any(
            pair in self._pairs for pair in zip(chain, chain[1:])
        ):
            verdict: tuple[str, Any] = ("idle", None)
        else:
            if timers is None:
                timers = self._timers()
            handle = timers.get(waiter)
            if handle is not None:
                verdict = ("timer", handle)
            else:
                where = chain[-1] if chain else None
                verdict = (
                    "busy",
                    f"waiting in {where.co_qualname if where else '?'}"
                    + (f" ({where.co_filename}:{where.co_firstlineno})" if where else ""),
                )
        self._verdicts[task] = (waiter, *verdict)
        return (*verdict, timers)

    def busy(self, horizon: float, *, all_: bool = True) -> list[str]:
        """What keeps the bot busy now (empty: nothing); only the first thing found unless
        ``all_``."""
        current = asyncio.current_task()
        timers: dict | None = None
        now = self.loop.time()
        found = []
        for task in list(self.tasks):
            if task is current or task.done():
                continue
            if found and not all_:
                break
            name = task.get_name()
            if name.startswith(HANDLER_TASKS):
                found.append(f"{name}: handling an event")
                continue
            waiter = getattr(task, "_fut_waiter", None)
            if waiter is None or waiter.done():
                found.append(f"{name}: about to run")
                continue
            kind, what, timers = self._verdict(task, waiter, timers)
            if kind == "timer" and what.when() - now <= horizon:
                found.append(f"{name}: its timer fires in {what.when() - now:.3f}s")
            elif kind == "busy":
                found.append(f"{name}: {what}")
        return found
