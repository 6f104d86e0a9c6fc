"""The ``sleuth`` command: one typer app per game, each imported only when its command runs."""

from __future__ import annotations

import importlib
import os
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from sleuth.cli.interrupts import INTERRUPT_LOST, keep_interrupts

if TYPE_CHECKING:  # `sleuth lingo player` must start without typer: imported where used
    import typer

#: Each group's module and one-line help; the module is imported only when the group is used.
#: Each help names the group's commands, so that ``sleuth --help`` alone shows what there is.
GROUPS = {
    "lingo": ("sleuth.cli.lingo", "Lingo (the 2014 challenge): referee a player program, run a "
              "pit (tournament), be a player program, evaluate and prepare strategies."),
    "wordle": ("sleuth.cli.wordle", "Wordle: hints as you play, solve a word, bench strategies, "
               "rank openers, the optimal tree, several boards, absurdle (the adversarial "
               "host), review a finished game."),
    "game": ("sleuth.cli.game", "Mastermind, Bulls and Cows, twoD or a game of your own "
             "(--custom FILE.py): analyze a strategy, let it solve your secret, play."),
    "hangman": ("sleuth.cli.hangman", "Hangman: rate words by difficulty, the proven optimal "
                "strategy, play against the computer, let it solve your word."),
    "serve": ("sleuth.cli.serve", "The web page: Wordle hints and post-game reviews in a "
              "browser (http://127.0.0.1:8000 by default)."),
}
#: The top level's help: what sleuth does, each command named, and where to read more.
HELP = """Play, referee and analyse guessing games with feedback: lingo, wordle, game
(Mastermind, Bulls and Cows, twoD, your own), hangman; the word lists shipped (lists) and a
web page (serve).

Every command has its own help: `sleuth wordle --help`, `sleuth wordle hint --help`."""


def _version(show: bool) -> None:
    import typer

    if show:
        from importlib.metadata import version

        typer.echo(f"sleuth {version('sleuth')}")
        raise typer.Exit()


def build_app(wanted: str | None = None) -> typer.Typer:
    """The command line: ``wanted``'s group alone when it names one, else every group (only
    their summaries when ``wanted`` is ``"--help"``-like or another command)."""
    import typer

    app = typer.Typer(help=HELP, no_args_is_help=True, add_completion=False,
                      rich_markup_mode="markdown")

    @app.callback()
    def _main(version: bool = typer.Option(False, "--version", callback=_version,
                                           is_eager=True, help="Show the version and exit.")
              ) -> None:
        """Play, referee and analyse guessing games with feedback."""

    from sleuth.cli.lists import show_lists

    app.command("lists")(show_lists)
    for name, (module, summary) in GROUPS.items():
        if wanted in GROUPS and name != wanted:
            continue
        # a group not asked for is listed in the help, and imported only when used
        group = importlib.import_module(module).app if wanted in (name, None) else \
            typer.Typer(help=summary, rich_markup_mode="markdown")
        single = _single_command(group)
        if single is None:
            app.add_typer(group, name=name, help=summary)
        else:  # an app that is one command (serve): its usage shows no COMMAND to give
            app.command(name, help=f"{summary}\n\n{single.__doc__ or ''}".strip())(single)
    return app


def _single_command(group: typer.Typer) -> Callable[..., object] | None:
    """The function of an app that is a single command (a callback run without a command,
    and no commands), else None."""
    callback = group.registered_callback
    if group.registered_commands or group.registered_groups or callback is None:
        return None
    alone = True in (callback.invoke_without_command, group.info.invoke_without_command)
    return callback.callback if alone else None  # typer's unset values are not True


def plain_warnings() -> None:
    """Show each word list warning (lines skipped) once, as one plain line on stderr:
    ``warning: FILE: skipped N lines ...``; other warnings as Python shows them."""
    shown = warnings.showwarning
    seen: set[str] = set()

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        words = sys.modules.get("sleuth.words.wordlist")  # loaded if the warning is its
        if words is None or not issubclass(category, words.WordListWarning):
            shown(message, category, filename, lineno, file, line)
        elif str(message) not in seen:
            seen.add(str(message))
            print(f"warning: {message}", file=sys.stderr, flush=True)

    warnings.showwarning = show


#: What a command stopped by Ctrl-C says when it had no more to say (its exit code is 130).
INTERRUPTED = "Error: interrupted by Ctrl-C"


def main() -> None:
    """Entry point of the ``sleuth`` console script."""
    keep_interrupts()  # first: numba compiles kernels as their modules are imported
    plain_warnings()
    try:
        _run(sys.argv[1:])
    except SystemExit as done:
        if isinstance(done.code, int) and done.code >= 128:  # stopped by a signal
            _end_now(done.code)
        raise


def _end_now(code: int) -> None:
    """End a command stopped by a signal with exit ``code``: Python's exit handlers run (child
    processes ended, logs flushed), then the process ends without Python's teardown, whose
    collector would free objects a compile broken off left half built (llvmlite then crashes).
    With a thread still at work (numba compiling or searching cannot be stopped) the
    finalizers' exit handler is left out too: it would shut numba's runtime and dispatchers
    down under that thread, and LLVM aborts."""
    import atexit
    import contextlib
    import signal
    import threading
    import weakref

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_IGN)  # a second Ctrl-C, or one sent again: not now
    quiet_finalizers()
    if any(t.is_alive() for t in threading.enumerate() if t is not threading.main_thread()):
        atexit.unregister(weakref.finalize._exitfunc)  # type: ignore[attr-defined]
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def quiet_finalizers() -> None:
    """Drop, from now on, the errors of finalizers (``Exception ignored in ...``): a command
    stopped mid-way by a signal may leave objects half built (numba's compiler's, say) whose
    finalizers fail as Python ends, and their tracebacks are no business of the user's."""
    sys.unraisablehook = _ignore


def _ignore(unraisable: sys.UnraisableHookArgs) -> None:
    """An unraisable hook that shows nothing."""


def _run(args: list[str]) -> None:
    """Run the command ``args``; one line on stderr and an exit code for whatever stops it."""
    try:
        if args[:2] == ["lingo", "player"] and not {"--help", "-h"} & set(args):
            from sleuth.games.lingo.player import main as play  # no typer, numpy or numba here

            sys.exit(play(args[2:], prog="sleuth lingo player"))
        build_app(args[0] if args else "--help")()
    except KeyboardInterrupt:  # before a command's own handling (while importing, say)
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # one sent again: not while saying so
        print(INTERRUPTED, file=sys.stderr)
        sys.exit(130)
    except Exception as error:  # a bug, or work broken off by a Ctrl-C: never a traceback
        sys.exit(_unexpected(error))


def _unexpected(error: Exception) -> int:
    """Say in one line on stderr what stopped the command; the exit code. After a Ctrl-C that
    a finalizer swallowed (numba then fails on its half-compiled kernel) that is ``INTERRUPTED``
    (130); otherwise the error, with its traceback kept in a file for the bug report (1)."""
    import signal

    from sleuth.cli.text import one_line

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the Ctrl-C sent again: not now
        if INTERRUPT_LOST.is_set():
            print(INTERRUPTED, file=sys.stderr)
            return 130
        where = _keep_traceback(error)
        said = one_line(f"{type(error).__name__}: {error}")
        if _from_cluster(error):
            print(f"Error: the Dask cluster failed ({said}): check its scheduler and workers "
                  f"and run the command again (its traceback: {where})", file=sys.stderr)
            return 1
        print(f"Error: {said}, a bug in sleuth; please report it with {where}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130


def _from_cluster(error: BaseException | None) -> bool:
    """Whether ``error``, or one it came from, is Dask's (a worker lost, the scheduler gone).

    >>> _from_cluster(type("KilledWorker", (Exception,), {"__module__": "distributed"})())
    True
    """
    seen: set[int] = set()  # a chain may loop back on itself
    while error is not None and id(error) not in seen:
        if type(error).__module__.split(".")[0] in ("distributed", "dask"):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _keep_traceback(error: Exception) -> str:
    """Write ``error``'s traceback to a new file in the cache (the temporary folder when that
    is not writable); the file's path, or a note that it could not be kept."""
    import tempfile
    import time
    import traceback

    from sleuth.core.storage import cache_dir

    text = "".join(traceback.format_exception(error))
    for folder in (cache_dir() / "crashes", Path(tempfile.gettempdir())):
        path = folder / f"sleuth-crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(f"sleuth {' '.join(sys.argv[1:])}\n{text}", encoding="utf-8")
            return str(path)
        except OSError:
            continue
    return "the command you ran (its traceback could not be saved)"


def __getattr__(name: str) -> typer.Typer:
    """``sleuth.cli.app``: the whole command line, built on first use."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
