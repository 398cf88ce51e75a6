"""The one LRU: at most `size` values by key, the least recently used dropped first, shared by the
threads of a process. Only ever a shortcut: whoever misses builds the value from the database."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")
MISSING = object()


class LRU(Generic[Key, Value]):
    """`dropped(key, value)`, if given, hears of each value pushed out (under the LRU's lock)."""

    def __init__(self, size: int, *, dropped: Callable[[Key, Value], None] | None = None) -> None:
        self.size = size
        self.dropped = dropped
        self.values: OrderedDict[Key, Value] = OrderedDict()
        self.guard = threading.Lock()

    def get(self, key: Key, default: object = None) -> Value | object:
        with self.guard:
            if key not in self.values:
                return default
            self.values.move_to_end(key)
            return self.values[key]

    def __getitem__(self, key: Key) -> Value:
        with self.guard:
            return self.values[key]

    def __len__(self) -> int:
        return len(self.values)

    def put(self, key: Key, value: Value) -> None:
        with self.guard:
            self.values[key] = value
            self.values.move_to_end(key)
            while len(self.values) > self.size:
                old_key, old_value = self.values.popitem(last=False)
                if self.dropped is not None:
                    self.dropped(old_key, old_value)

    def remembered(self, key: Key, compute: Callable[[], Value]) -> Value:
        """The value kept under `key`, or `compute()`'s, kept from now on."""
        found = self.get(key, MISSING)
        if found is not MISSING:
            return found  # type: ignore[return-value]
        value = compute()
        self.put(key, value)
        return value
