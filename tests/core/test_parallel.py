"""Work on a thread of its own so that Ctrl-C is answered at once."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import threading
import time
from functools import partial
from multiprocessing.connection import Connection

import pytest

from sleuth.core.parallel import interruptible, run_pickled


def test_interruptible_gives_the_value_or_the_error() -> None:
    assert interruptible(lambda: threading.current_thread()) is not threading.main_thread()
    with pytest.raises(ZeroDivisionError):
        interruptible(lambda: 1 // 0)


def test_ctrl_c_is_answered_at_once_while_the_work_goes_on() -> None:
    """A sleep stands for a kernel that cannot be stopped: Ctrl-C ends the wait for it at
    once, and the work is abandoned to finish on its own."""
    finished: list[str] = []

    def kernel() -> None:
        time.sleep(1.5)
        finished.append("kernel")

    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        interruptible(kernel)
    assert time.monotonic() - started < 1.0 and finished == []
    time.sleep(1.5)
    assert finished == ["kernel"]


def test_one_thread_serves_the_main_threads_work_until_it_is_abandoned() -> None:
    """The main thread's calls share a worker thread; after Ctrl-C the next call gets a new one
    (the old one still runs the abandoned work)."""
    first = interruptible(threading.current_thread)
    assert interruptible(threading.current_thread) is first
    threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt):
        interruptible(lambda: time.sleep(0.8))
    after = interruptible(threading.current_thread)
    assert after is not first and after is not threading.main_thread()
    assert interruptible(lambda: 6 * 7) == 42


def test_where_ctrl_c_cannot_be_raised_the_work_runs_in_place() -> None:
    """Another thread never hears Ctrl-C, and a worker process ignores it: no thread then."""
    others: list[threading.Thread] = []
    caller = threading.Thread(target=lambda: others.append(interruptible(
        threading.current_thread)))
    caller.start()
    caller.join()
    assert others == [caller]
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert interruptible(threading.current_thread) is threading.main_thread()
    finally:
        signal.signal(signal.SIGINT, before)


def _in_child(out: Connection) -> None:
    out.send(interruptible(lambda: 6 * 7))


def test_a_forked_child_gets_a_server_of_its_own() -> None:
    """A fork copies the parent's record of its server but not the thread: the child starts
    its own instead of waiting on one that is not there."""
    interruptible(threading.current_thread)
    here, there = multiprocessing.get_context("fork").Pipe()
    child = multiprocessing.get_context("fork").Process(target=_in_child, args=(there,))
    child.start()
    try:
        assert here.poll(20) and here.recv() == 42
    finally:
        child.terminate()
        child.join()


def test_a_pickled_call_is_run() -> None:
    assert run_pickled(pickle.dumps(partial(max, 3, 4))) == 4
