"""Work on a thread of its own so that Ctrl-C is answered at once."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from sleuth.core.parallel import interruptible


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
