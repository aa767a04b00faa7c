"""A cache bounded by the bytes it holds, not by its count of entries.

For what comes in very different sizes (a card's pixels, the mask of a short label or of a long
name): least recently used entries are dropped first once the budget is exceeded.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class SizedCache(Generic[Key, Value]):
    """Entries kept up to ``budget`` bytes (as ``size_of`` counts them); at least one stays."""

    def __init__(self, budget: int, size_of: Callable[[Value], int]) -> None:
        self.budget = budget
        self.size = 0
        self._size_of = size_of
        self._entries: OrderedDict[Key, Value] = OrderedDict()
        self._lock = threading.Lock()  # pictures may be drawn in several threads
        _caches.add(self)

    def get(self, key: Key) -> Value | None:
        with self._lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: Key, value: Value) -> None:
        with self._lock:
            if key in self._entries:
                return
            self._entries[key] = value
            self.size += self._size_of(value)
            while self.size > self.budget and len(self._entries) > 1:
                _, dropped = self._entries.popitem(last=False)
                self.size -= self._size_of(dropped)

    def kept(self, key: Key, make: Callable[[], Value]) -> Value:
        """The entry for ``key``; else ``make()``, kept (made outside the lock: drawing is slow)."""
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.size = 0

    def __len__(self) -> int:
        return len(self._entries)


_caches: weakref.WeakSet[SizedCache[object, object]] = weakref.WeakSet()


def _renew_locks() -> None:
    """In a forked process (the drawing worker), whose only thread is the one that forked: a
    lock another thread held at that moment would never be released."""
    for cache in _caches:
        cache._lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_renew_locks)
