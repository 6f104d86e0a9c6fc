"""Work handed off the main thread so that Ctrl-C is answered at once."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from sleuth.core.parallel import off_main_thread


def test_off_main_thread_gives_the_value_or_the_error() -> None:
    assert off_main_thread(lambda: threading.current_thread().name) == "sleuth-kernels"
    with pytest.raises(ZeroDivisionError):
        off_main_thread(lambda: 1 // 0)


def test_off_a_worker_thread_the_work_runs_where_it_is_called() -> None:
    names: list[str] = []
    worker = threading.Thread(target=lambda: names.append(off_main_thread(
        lambda: threading.current_thread().name)), name="a-worker")
    worker.start()
    worker.join()
    assert names == ["a-worker"]


def test_ctrl_c_is_answered_at_once_and_later_work_waits_for_the_abandoned() -> None:
    """A sleep stands for a kernel that cannot be stopped: Ctrl-C ends the wait for it at
    once; the next work runs after it (one at a time, as on the main thread)."""
    finished: list[str] = []

    def kernel() -> None:
        time.sleep(1.5)
        finished.append("kernel")

    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        off_main_thread(kernel)
    assert time.monotonic() - started < 1.0 and finished == []
    off_main_thread(lambda: finished.append("next"))
    assert finished == ["kernel", "next"]
