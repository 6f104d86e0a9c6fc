"""What every command shares: its consoles, its one error line (what the user typed is shown
in it, never obeyed), its progress bar, and Ctrl-C answered at once."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from sleuth.cli import quiet_finalizers
from sleuth.cli.text import one_line

__all__ = [
    "Bar", "compile_notice", "fail", "interrupted", "kernels_cold",
    "new_console", "one_line", "reachable_cluster", "tree_file_option", "writable_option",
]


LABEL = "[red]Error:[/]"


def new_console(*, stderr: bool = False, plain: bool = False) -> Console:
    """A console for a command's output: coloured on a terminal, else plain and 160 wide (tables
    uncut in files); on stderr never wrapped; ``plain`` prints text as given (no markup)."""
    if stderr:
        return Console(stderr=True, highlight=False, soft_wrap=True)
    if plain:
        return Console(highlight=False, soft_wrap=True, emoji=False, markup=False)
    console = Console(highlight=False)
    return console if console.is_terminal else Console(highlight=False, width=160)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``Error: message`` as one line on stderr; the exit to raise with ``code``."""
    new_console(stderr=True).print(f"{LABEL} {escape(one_line(message))}")
    if code >= 128:  # stopped by a signal
        quiet_finalizers()
    return typer.Exit(code)


def interrupted(console: Console, message: str, code: int = 130) -> typer.Exit:
    """Say ``message`` on a line of its own (below a progress bar), flushed at once since a
    worker thread may still hold the process as it ends; the exit to raise (``128 + signal``)."""
    console.print(("\n" if console.is_terminal else "") + escape(message), highlight=False,
                  soft_wrap=True)
    console.file.flush()
    quiet_finalizers()
    return typer.Exit(code)


def writable_option(path: Path, option: str) -> Path:
    """``path`` if a file can be written there, checked before any work; else one line, exit 2."""
    from sleuth.solve.export import writable

    try:
        return writable(path)
    except ValueError as error:
        raise fail(f"{option}: {error}", 2) from None


def tree_file_option(path: Path, option: str) -> Path:
    """``path`` if a tree can be written there in the format its name asks for, checked before
    any work; else one line, exit 2."""
    from sleuth.solve.export import tree_format

    try:
        tree_format(path)
    except ValueError as error:
        raise fail(str(error)) from None
    return writable_option(path, option)


def reachable_cluster(cluster: str | None) -> None:
    """Refuse a ``--cluster`` address that does not answer, in seconds and before any work."""
    if cluster is not None:
        from sleuth.solve.runner import check_cluster

        try:
            check_cluster(cluster)
        except ValueError as error:
            raise fail(f"--cluster: {error}", 2) from None


class Bar:
    """A transient progress bar with real totals (nothing off a terminal): ``advance(n)`` as
    work is done, or ``bar(done, total)`` from work that learns its total as it goes."""

    def __init__(self, console: Console, what: str, total: int | None = None,
                 unit: str = "") -> None:
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                 MofNCompleteColumn(), TextColumn(unit), TimeElapsedColumn(),
                                 console=console, transient=True,
                                 disable=not console.is_terminal)
        self.task = self.progress.add_task(what, total=total)

    def advance(self, n: int = 1) -> None:
        """``n`` more done."""
        self.progress.advance(self.task, n)

    def __call__(self, done: int, total: int, what: str | None = None) -> None:
        """``done`` of ``total`` so far (and what is being done, when it changes)."""
        self.progress.update(self.task, completed=done, total=max(total, 1), description=what)

    @contextlib.contextmanager
    def timed(self, seconds: float) -> Iterator[Bar]:
        """The bar filled by the seconds passing, out of ``seconds``: for work that stops by
        itself within that time (or sooner), started and stopped with it."""
        total, start, stop = max(1, round(seconds)), time.perf_counter(), threading.Event()

        def tick() -> None:
            while not stop.wait(0.25):
                self(min(total, int(time.perf_counter() - start)), total)

        self(0, total)
        clock = threading.Thread(target=tick, daemon=True)
        with self:
            clock.start()
            try:
                yield self
            finally:
                stop.set()
                clock.join()

    def __enter__(self) -> Bar:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()


def compile_notice(seconds: int, *modules: str) -> None:
    """Say once, on stderr, that sleuth's kernels are being compiled (about ``seconds``), when
    numba must compile those of ``modules`` first (see :func:`kernels_cold`); else nothing.
    Like the progress bars, it is for a terminal: output read by a program never holds it."""
    console = new_console(stderr=True)
    if console.is_terminal and kernels_cold(modules):
        console.print(f"compiling sleuth's kernels once (about {seconds} s); later runs "
                      "start at once", style="dim")


def kernels_cold(modules: Iterable[str]) -> bool:
    """Whether numba has to compile the kernels of one of ``modules`` (names of sleuth's
    modules) before they run: none of that module's cached kernels has a fresh entry for this
    machine in numba's cache index (a first run, a changed source, an emptied cache)."""
    import importlib

    from numba.core.dispatcher import Dispatcher

    for name in modules:
        module = importlib.import_module(name)
        kernels = [value for value in vars(module).values()
                   if isinstance(value, Dispatcher) and value.__module__ == name]
        if kernels and not any(map(_compiled, kernels)):
            return True
    return False


def _compiled(kernel: object) -> bool:
    """Whether numba's cache holds a compiled ``kernel`` it would load here: an index entry
    made from the same source, bytecode and machine (True for a kernel cached nowhere)."""
    cache = getattr(kernel, "_cache", None)
    index = getattr(cache, "_cache_file", None)
    if cache is None or index is None:
        return True
    try:
        entries = index._load_index()
    except Exception:  # an unreadable index: numba compiles again over it
        return False
    try:
        codegen = kernel.targetctx.codegen()  # type: ignore[attr-defined]
        return any(key == cache._index_key(key[0], codegen) for key in entries)
    except (AttributeError, TypeError, IndexError):  # another numba: say nothing
        return True


