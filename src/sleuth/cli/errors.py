"""One error line for every command: what the user typed is shown in it, never obeyed."""

from __future__ import annotations

import _thread
import signal
import sys
import threading

import typer
from rich.console import Console
from rich.markup import escape


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters written as escapes, so that a
    message quoting the user's input stays one line and a terminal escape in it is not obeyed.

    >>> print(one_line("no\\nsuch \\x1b[2J file"))
    no\\nsuch \\x1b[2J file
    """
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
                   for char in text)


def fail(message: str, code: int = 2, label: str = "[red]Error:[/]") -> typer.Exit:
    """Print ``label message`` as one line on stderr; the exit to raise with ``code``."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"{label} {escape(one_line(message))}")
    return typer.Exit(code)


def keep_interrupts() -> None:
    """Never lose a Ctrl-C: Python drops an exception raised inside a finalizer (``Exception
    ignored in ...``), and numba's compiler frees objects with finalizers all the time, so a
    KeyboardInterrupt landing in one would be lost and the work go on. Such a one is raised
    again in the main thread a moment later (once out of the finalizer), silently: the same
    signal is sent again, which also wakes the main thread from a wait on a lock or a future."""
    previous = sys.unraisablehook
    if getattr(previous, "keeps_interrupts", False):
        return

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type,
                                                          KeyboardInterrupt):
            signum = getattr(unraisable.exc_value, "signum", signal.SIGINT)  # pit: SIGTERM too
            threading.Timer(0.01, _interrupt_again, (signum,)).start()
            return
        previous(unraisable)

    hook.keeps_interrupts = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook


def _interrupt_again(signum: int) -> None:
    """Deliver ``signum`` to the main thread once more, if Python still handles it there (one
    left to the system's default would end the process instead)."""
    if not callable(signal.getsignal(signum)):
        return
    if hasattr(signal, "pthread_kill"):  # a real signal: it also ends a wait on a lock
        signal.pthread_kill(threading.main_thread().ident, signum)
    else:
        _thread.interrupt_main(signum)
