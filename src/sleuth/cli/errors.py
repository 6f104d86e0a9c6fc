"""One error line for every command: what the user typed is shown in it, never obeyed."""

from __future__ import annotations

import _thread
import signal
import sys
import threading
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from sleuth.cli.text import one_line

__all__ = ["fail", "keep_interrupts", "one_line", "reachable_cluster", "writable_option"]


LABEL = "[red]Error:[/]"


def fail(message: str, code: int = 2, label: str = LABEL) -> typer.Exit:
    """Print ``label message`` as one line on stderr; the exit to raise with ``code``."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        f"{label} {escape(one_line(message))}")
    return typer.Exit(code)


def writable_option(path: Path, option: str, label: str = LABEL) -> Path:
    """``path`` if a file can be written there, checked before any work; else one line, exit 2."""
    from sleuth.solve.export import writable

    try:
        return writable(path)
    except ValueError as error:
        raise fail(f"{option}: {error}", 2, label) from None


def reachable_cluster(cluster: str | None, label: str = LABEL) -> None:
    """Refuse a ``--cluster`` address that does not answer, in seconds and before any work."""
    if cluster is not None:
        from sleuth.solve.search import check_cluster

        try:
            check_cluster(cluster)
        except ValueError as error:
            raise fail(f"--cluster: {error}", 2, label) from None


#: Set once a Ctrl-C was lost in a finalizer: whatever fails next failed because of it.
INTERRUPT_LOST = threading.Event()


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
            INTERRUPT_LOST.set()  # numba, say, may fail next on its half-finished work
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
