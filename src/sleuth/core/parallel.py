"""Work run in parallel that Ctrl-C still stops at once."""

from __future__ import annotations

import os
import queue
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as WaitedTooLong
from typing import Any, TypeVar


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


_KERNEL_WORK: dict[int, queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]]] = {}
_KERNEL_START = threading.Lock()


def off_main_thread(work: Callable[[], Value]) -> Value:
    """``work()`` (a compiled kernel, which cannot be stopped) such that Ctrl-C is answered at
    once: called on the main thread, where Ctrl-C raises KeyboardInterrupt, it runs on one
    long-lived daemon thread, waited for in short steps; on Ctrl-C it is abandoned to finish
    there, and later work waits for it (one at a time, as on the main thread). Elsewhere (a
    worker's thread, a process that ignores Ctrl-C), ``work()`` itself."""
    if (threading.current_thread() is not threading.main_thread()
            or not callable(signal.getsignal(signal.SIGINT))):
        return work()
    done: Future[Value] = Future()
    _kernel_queue().put((done, work))
    while True:
        try:
            return done.result(WAIT_STEP)
        except WaitedTooLong:
            continue


def _kernel_queue() -> queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]]:
    """The work queue of :func:`off_main_thread`'s thread, started on first use in this
    process (a forked child has none of its parent's threads)."""
    with _KERNEL_START:
        if os.getpid() not in _KERNEL_WORK:
            work: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] = queue.SimpleQueue()
            threading.Thread(target=_work_through, args=(work,), daemon=True,
                             name="sleuth-kernels").start()
            _KERNEL_WORK[os.getpid()] = work
        return _KERNEL_WORK[os.getpid()]


def _work_through(work: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]]) -> None:
    """Run the queued work in turn, each value or error handed to its future."""
    while True:
        done, task = work.get()
        try:
            done.set_result(task())
        except BaseException as error:
            done.set_exception(error)
