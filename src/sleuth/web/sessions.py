"""The hint sessions a server keeps: bounded in number, each expiring when left unused."""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

MAX_SESSIONS = 200
IDLE_SECONDS = 3600.0


@dataclass
class Entry:
    """One session's object, the lock its requests take in turn, and when it was last used."""

    value: Any
    lock: threading.Lock = field(default_factory=threading.Lock)
    used: float = field(default_factory=time.monotonic)


class SessionStore:
    """Sessions by random id, at most ``limit`` (the least recently used goes first), each
    dropped after ``idle`` seconds unused.

    >>> store = SessionStore(limit=2)
    >>> a, b, c = store.add("a"), store.add("b"), store.add("c")
    >>> store.get(a) is None, store.get(c).value
    (True, 'c')
    """

    def __init__(self, limit: int = MAX_SESSIONS, idle: float = IDLE_SECONDS) -> None:
        self.limit, self.idle = limit, idle
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, value: Any) -> str:
        """Keep ``value``; its new id."""
        key = secrets.token_urlsafe(16)
        with self._lock:
            self._expire()
            while len(self._entries) >= self.limit:
                self._entries.popitem(last=False)
            self._entries[key] = Entry(value)
        return key

    def get(self, key: str) -> Entry | None:
        """The live session with that id (now marked as used), or None."""
        with self._lock:
            self._expire()
            entry = self._entries.get(key)
            if entry is not None:
                entry.used = time.monotonic()
                self._entries.move_to_end(key)
            return entry

    def __len__(self) -> int:
        with self._lock:
            self._expire()
            return len(self._entries)

    def _expire(self) -> None:
        """Drop the sessions idle for too long (the oldest come first)."""
        now = time.monotonic()
        while self._entries:
            key, entry = next(iter(self._entries.items()))
            if now - entry.used <= self.idle:
                return
            del self._entries[key]
