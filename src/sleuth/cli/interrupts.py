"""A Ctrl-C is never lost: one that lands in a finalizer (numba's compiler frees objects with
finalizers all the time, even while a module imports) is sent again to the main thread."""

from __future__ import annotations

import _thread
import signal
import sys
import threading
from collections.abc import Callable

#: Set once a Ctrl-C was lost in a finalizer: whatever fails next failed because of it.
INTERRUPT_LOST = threading.Event()


def keep_interrupts() -> None:
    """Never lose a Ctrl-C: Python drops an exception raised inside a finalizer (``Exception
    ignored in ...``), and numba's compiler frees objects with finalizers all the time, so a
    KeyboardInterrupt landing in one would be lost and the work go on. Such a one is raised
    again in the main thread a moment later (once out of the finalizer), silently: the same
    signal is sent again, which also wakes the main thread from a wait on a lock or a future."""
    if not isinstance(sys.unraisablehook, _ResendInterrupts):
        sys.unraisablehook = _ResendInterrupts(sys.unraisablehook)


class _ResendInterrupts:
    """An unraisable hook sending a KeyboardInterrupt lost in a finalizer again (see
    :func:`keep_interrupts`); anything else goes to the hook it replaced."""

    def __init__(self, previous: Callable[[sys.UnraisableHookArgs], object]) -> None:
        self.previous = previous

    def __call__(self, unraisable: sys.UnraisableHookArgs) -> None:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type,
                                                          KeyboardInterrupt):
            signum = getattr(unraisable.exc_value, "signum", signal.SIGINT)  # pit: SIGTERM too
            INTERRUPT_LOST.set()  # numba, say, may fail next on its half-finished work
            threading.Timer(0.01, _interrupt_again, (signum,)).start()
            return
        self.previous(unraisable)


def _interrupt_again(signum: int) -> None:
    """Deliver ``signum`` to the main thread once more, if Python still handles it there (one
    left to the system's default would end the process instead)."""
    if not callable(signal.getsignal(signum)):
        return
    main = threading.main_thread().ident  # never None: the main thread has started
    if hasattr(signal, "pthread_kill") and main is not None:
        signal.pthread_kill(main, signum)  # a real signal: it also ends a wait on a lock
    else:
        _thread.interrupt_main(signal.Signals(signum))
