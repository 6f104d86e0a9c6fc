"""Work run in parallel that Ctrl-C still stops at once."""

from __future__ import annotations

import os
import queue
import signal
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar


def run_pickled(work: bytes) -> object:
    """Call the pickled callable ``work``: a worker process's start, read in full before the
    modules it needs are imported (this module imports only the standard library)."""
    import pickle

    return pickle.loads(work)()


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


class _Server:
    """A daemon thread that runs the work handed to it, one at a time: a call costs less than
    half of starting a thread per call (``bench/results/interruptible.md``)."""

    def __init__(self) -> None:
        self.tasks: queue.SimpleQueue[_Task] = queue.SimpleQueue()
        self.pid = os.getpid()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            task = self.tasks.get()
            try:
                task.value = task.work()
            except BaseException as error:
                task.error = error
            task.done.set()

    def usable(self) -> bool:
        """Alive in this process (a fork copies the server's record, not its thread)."""
        return self.pid == os.getpid() and self.thread.is_alive()


class _Task:
    """One piece of work for a :class:`_Server`, with its outcome."""

    def __init__(self, work: Callable[[], object]) -> None:
        self.work = work
        self.done = threading.Event()
        self.value: object = None
        self.error: BaseException | None = None


_SERVER: list[_Server] = []  # the main thread's server, if started (a fork's child sees a copy)


def _ctrl_c_reaches_here() -> bool:
    """Whether Ctrl-C can be raised in this thread: only the main thread hears signals, and a
    worker process ignores it (its parent ends it)."""
    return (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN)


def interruptible(work: Callable[[], Value]) -> Value:
    """``work()`` on a daemon thread (kept from call to call), waited for in short steps so
    that Ctrl-C is answered at once; the work is then abandoned to its thread, and the next
    call gets a new one. Where Ctrl-C cannot be raised, ``work()`` runs here."""
    if not _ctrl_c_reaches_here():
        return work()
    if not (_SERVER and _SERVER[0].usable()):
        _SERVER[:] = [_Server()]
    server = _SERVER[0]
    task = _Task(work)
    server.tasks.put(task)
    try:
        while not task.done.wait(WAIT_STEP):
            pass
    except BaseException:
        _SERVER.clear()  # its thread is busy with abandoned work
        raise
    if task.error is not None:
        raise task.error
    return task.value  # type: ignore[return-value]
