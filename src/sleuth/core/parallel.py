"""Work run in parallel that Ctrl-C still stops at once."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar


def cores() -> int:
    """The cores this process may use (its CPU affinity where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


Item = TypeVar("Item")
Value = TypeVar("Value")
WAIT_STEP = 0.1  # seconds between two looks at Ctrl-C while threads work


def on_threads(work: Callable[[Item], Value], items: Sequence[Item],
               stop: threading.Event | None = None,
               tick: Callable[[], None] | None = None) -> list[Value]:
    """``work(item)`` for every item, each on a daemon thread, waited for in short steps so
    that Ctrl-C (KeyboardInterrupt) is raised here at once, even while numba kernels (which
    cannot be stopped) run, and ``tick()`` called at each step (a progress report). The
    threads are then abandoned, ``stop`` set for them to check between their work items; they
    end with the process. A thread's error is raised here."""
    values: dict[int, Value] = {}
    errors: list[BaseException] = []

    def run(index: int, item: Item) -> None:
        try:
            values[index] = work(item)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(index, item), daemon=True)
               for index, item in enumerate(items)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            while thread.is_alive():
                thread.join(WAIT_STEP)
                if tick is not None:
                    tick()
    except BaseException:
        if stop is not None:
            stop.set()
        raise
    if errors:
        raise errors[0]
    return [values[index] for index in range(len(items))]  # no error: each thread set one


def interruptible(work: Callable[[], Value]) -> Value:
    """``work()`` on a daemon thread of its own (see :func:`on_threads`): Ctrl-C is answered
    at once, the work abandoned."""
    return on_threads(lambda _: work(), [None])[0]
