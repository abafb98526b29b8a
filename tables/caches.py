"""Bounded in-memory caches: a busy bot touches thousands of games, memory must not grow with them.

``LRU`` keeps at most ``capacity`` entries, dropping the least recently used; entries for which
``done(value)`` is true (finished games) are dropped before any other. Locks live in a
``weakref.WeakValueDictionary`` instead (see ``LockTable``): a lock disappears by itself once
nobody holds or waits for it, and never while someone does.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
_MISSING = object()


class LRU(Generic[K, V]):
    def __init__(
        self,
        capacity: int,
        done: Callable[[V], bool] = lambda value: False,
        on_drop: Callable[[K], None] | None = None,
    ) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self._done = done
        self._on_drop = on_drop
        self._active: OrderedDict[K, V] = OrderedDict()
        self._finished: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._active) + len(self._finished)

    def __contains__(self, key: K) -> bool:
        return key in self._active or key in self._finished

    def get(self, key: K, default=None):
        for part in (self._active, self._finished):
            value = part.get(key, _MISSING)
            if value is not _MISSING:
                part.move_to_end(key)
                return value
        return default

    def __setitem__(self, key: K, value: V) -> None:
        self._active.pop(key, None)
        self._finished.pop(key, None)
        (self._finished if self._done(value) else self._active)[key] = value
        while len(self) > self.capacity:
            dropped, _ = (self._finished or self._active).popitem(last=False)
            if self._on_drop is not None:
                self._on_drop(dropped)

    def pop(self, key: K, default=None):
        value = self._active.pop(key, _MISSING)
        if value is _MISSING:
            value = self._finished.pop(key, default)
        return value


class LockTable(Generic[K]):
    """One asyncio lock per key, kept only while someone holds or awaits it."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[K, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: K) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)
