"""Long computations of the web app, off the request path: the exact search from a hint
position, each in a worker process (:class:`sleuth.games.wordle.book.Search`), bounded in
number and in time, cancellable, its progress read by polling.

A job belongs to a position of a list (its answers left and the guesses made), not to one
session: every session at that position sees it, and its tree goes into the list's shared
book, where every later position on it finds its exact figures at once.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from sleuth.games.wordle.book import Search, digest, write_opener_tree
from sleuth.games.wordle.hint import Shared
from sleuth.web.service import InputError

LIVE = 2  # searches running at once
SECONDS = 300.0  # a search's time limit (the opener tree of the current lists: about 3 minutes)
KEEP = 600.0  # seconds a finished job's outcome is kept for the pages that poll it
TICK = 0.25  # seconds between two looks at the running searches

Key = tuple[str, bytes, int]


def job_key(name: str, cands: np.ndarray, turns: int) -> Key:
    """The name of a position's job: the list, the answers left, the guesses made."""
    return name, digest(cands), turns


@dataclass
class Job:
    """One search and where its tree goes when it is done."""

    search: Search
    shared: Shared
    finished: float | None = None

    @property
    def state(self) -> str:
        """The search's state, "running" until its outcome is put where it goes."""
        return self.search.state if self.finished is not None else "running"

    def status(self) -> dict[str, Any]:
        """The job as the page shows it."""
        s = self.search
        return {"state": self.state, "done": s.done, "total": s.total,
                "seconds": round(s.seconds if self.finished is None
                                 else self.finished - s.started, 1),
                "limit": round(s.deadline - s.started), "reason": s.reason,
                "answers": int(s.cands.size), "first": s.first}


class Jobs:
    """The app's jobs: at most ``live`` running, each ended past ``seconds``; a thread looks
    at them every :data:`TICK` s (progress, outcome, deadline) while any runs."""

    def __init__(self, live: int = LIVE, seconds: float = SECONDS, keep: float = KEEP) -> None:
        self.live, self.seconds, self.keep = live, seconds, keep
        self._jobs: dict[Key, Job] = {}
        self._lock = threading.Lock()
        self._watcher: threading.Thread | None = None
        self._closed = False

    def start(self, key: Key, shared: Shared, cands: np.ndarray, turns: int,
              first: str | None) -> Job:
        """The job of ``key``: the one running or kept, else a new search (429 when
        :attr:`live` are running)."""
        with self._lock:
            self._forget()
            job = self._jobs.get(key)
            if job is not None and job.state in ("running", "done"):
                return job
            running = sum(j.state == "running" for j in self._jobs.values())
            if running >= self.live:
                raise InputError(f"{running} exact searches are running, the most this server "
                                 "runs at once; try again when one is over", 429)
            job = Job(Search(shared.game, cands, turns, self.seconds, first), shared)
            self._jobs[key] = job
            if self._watcher is None or not self._watcher.is_alive():
                self._watcher = threading.Thread(target=self._watch, daemon=True,
                                                 name="sleuth-web-jobs")
                self._watcher.start()
            return job

    def get(self, key: Key) -> Job | None:
        with self._lock:
            return self._jobs.get(key)

    def cancel(self, key: Key) -> Job | None:
        """End the job of ``key`` if it runs; the job, if there is one."""
        with self._lock:
            job = self._jobs.get(key)
        if job is not None:
            job.search.cancel()
            job.finished = job.finished or time.monotonic()
        return job

    def running(self) -> int:
        with self._lock:
            return sum(j.state == "running" for j in self._jobs.values())

    def close(self) -> None:
        """End every search (the server stops)."""
        self._closed = True
        with self._lock:
            jobs = list(self._jobs.values())
        for job in jobs:
            job.search.cancel()

    def _watch(self) -> None:
        """Look at the running searches until none runs."""
        while not self._closed:
            with self._lock:
                running = [j for j in self._jobs.values() if j.search.state == "running"]
            if not running:
                return
            for job in running:
                if job.search.poll() != "running":
                    self._finish(job)
            time.sleep(TICK)

    def _finish(self, job: Job) -> None:
        """A search is over: its tree into the list's book (the opener's into the cache);
        then the job says so."""
        try:
            self._keep_tree(job)
        finally:
            job.finished = time.monotonic()

    def _keep_tree(self, job: Job) -> None:
        s = job.search
        if s.result is None:
            return
        _, tree = s.result
        first = f" after {s.first.upper()}" if s.first else ""
        source = f"the optimal tree{first}, searched here in {s.seconds:.0f} s"
        try:
            job.shared.book.add(s.cands, s.turns, tree, source)
        except ValueError as error:  # a search's tree that is no strategy: a bug, said so
            s.state, s.reason = "failed", f"the search's tree was refused: {error}"
            return
        if s.first and s.turns == 0:
            write_opener_tree(job.shared.game, s.first, tree)

    def _forget(self) -> None:
        """Drop the jobs finished more than :attr:`keep` seconds ago (lock held)."""
        now = time.monotonic()
        for key in [k for k, j in self._jobs.items()
                    if j.finished is not None and now - j.finished > self.keep]:
            del self._jobs[key]
