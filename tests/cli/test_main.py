"""``sleuth`` itself: each group imported only when used, the version, the shipped lists."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from helpers import sleuth_loading
from sleuth.cli import INTERRUPTED


@pytest.mark.parametrize(("args", "shown", "loaded"), [
    (["--help"], "hangman", "typer"),
    (["lists"], "lingo-official", "typer"),
    (["--version"], "sleuth 0.", "typer"),
])
@pytest.mark.processes
def test_commands_load_only_what_they_need(args: list[str], shown: str, loaded: str) -> None:
    shown_text, loaded_line = sleuth_loading(args, ("numpy", "numba", "typer"))
    assert shown in shown_text
    assert loaded_line == f"LOADED {loaded}"


@pytest.mark.processes
def test_every_group_answers_help() -> None:
    for group in ("lingo", "wordle", "game", "hangman"):
        done = subprocess.run([sys.executable, "-m", "sleuth", group, "--help"],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "Commands" in done.stdout, done.stderr


def _crash(error: Exception, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
           tmp_path: Path) -> tuple[int, str]:
    """Exit code and stderr of ``sleuth wordle`` when the command raises ``error``."""
    import sleuth.cli as cli

    def broken(wanted: str | None = None) -> object:
        def run() -> None:
            raise error
        return run

    monkeypatch.setenv("SLEUTH_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(cli, "build_app", broken)
    monkeypatch.setattr(sys, "argv", ["sleuth", "wordle"])
    with pytest.raises(SystemExit) as ended:
        cli.main()
    return int(ended.value.code), capsys.readouterr().err


def test_a_bug_is_one_line_and_its_traceback_is_kept(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    import signal

    before = signal.getsignal(signal.SIGINT)
    try:
        code, err = _crash(RuntimeError("no compiled\nobject"), monkeypatch, capsys, tmp_path)
    finally:
        signal.signal(signal.SIGINT, before)
    assert code == 1
    assert len(err.splitlines()) == 1 and "RuntimeError: no compiled\\nobject" in err
    kept = list((tmp_path / "crashes").iterdir())
    assert len(kept) == 1 and str(kept[0]) in err
    assert "Traceback" in kept[0].read_text() and "Traceback" not in err


LOST_CTRL_C = """
import os, signal, sys, time
import sleuth.cli as cli
from sleuth.cli.interrupts import keep_interrupts

class Finalized:
    def __del__(self):  # a Ctrl-C lands here: Python reports it as unraisable and goes on
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.5)

def compile_kernel():
    keep_interrupts()
    Finalized()
    raise RuntimeError("no compiled object yet")  # numba on its half-compiled kernel

cli.build_app = lambda wanted=None: compile_kernel
sys.argv = ["sleuth", "wordle"]
cli.main()
"""


@pytest.mark.processes
def test_a_failure_after_a_lost_ctrl_c_is_an_interrupt() -> None:
    ran = subprocess.run([sys.executable, "-c", LOST_CTRL_C], capture_output=True, text=True,
                         timeout=60)
    assert (ran.returncode, ran.stderr.strip()) == (130, INTERRUPTED), ran.stderr


HALF_BUILT = """
import sys
import typer
import sleuth.cli as cli
from sleuth.cli.common import fail

class HalfBuilt:  # a compiler's object a Ctrl-C stopped in its constructor
    def __del__(self):
        del self.handle  # never set: an AttributeError as Python ends

app = typer.Typer()

@app.command()
def search() -> None:
    half = HalfBuilt()
    half.cycle = half  # only freed by the collector, as Python ends
    raise fail("interrupted: the search and its workers were stopped", 130)

cli.build_app = lambda wanted=None: app
sys.argv = ["sleuth"]
cli.main()
"""


@pytest.mark.processes
@pytest.mark.parametrize("code", [130, 2])
def test_after_an_interrupt_failing_finalizers_stay_quiet(code: int) -> None:
    ran = subprocess.run([sys.executable, "-c", HALF_BUILT.replace("130)", f"{code})")],
                         capture_output=True, text=True, timeout=60)
    assert ran.returncode == code
    if code == 130:  # stopped mid-way: one line, whatever it left half built
        assert ran.stderr.strip() == "Error: interrupted: the search and its workers were stopped"
    else:  # not a signal: a failing finalizer is a bug, and is shown
        assert "AttributeError" in ran.stderr


ABANDONED = """
import atexit, sys, threading, time, weakref
import typer
import sleuth.cli as cli
from sleuth.cli.common import fail

app = typer.Typer()

class Runtime:  # numba's runtime: its finalizer shuts it down as Python exits
    pass

runtime = Runtime()
thread = sys.argv[1:] == ["thread"]

@app.command()
def search() -> None:
    if thread:
        threading.Thread(target=time.sleep, args=(600,)).start()  # a kernel that cannot stop
    atexit.register(lambda: print("exit handlers ran", flush=True))
    weakref.finalize(runtime, print, "finalizers ran", flush=True)
    raise fail("interrupted: the search was stopped", 130)

cli.build_app = lambda wanted=None: app
sys.argv = ["sleuth"]
cli.main()
"""


@pytest.mark.processes
@pytest.mark.parametrize("thread", [True, False])
def test_an_interrupt_ends_after_the_exit_handlers(thread: bool) -> None:
    """A command stopped by a signal ends at once with the interrupt's code after Python's
    exit handlers; a thread still at work (numba compiling or searching cannot be stopped) is
    left behind, neither waited for (the thread here is not even a daemon) nor shut down under
    (the finalizers, numba's runtime's among them, are left out: LLVM would abort)."""
    ran = subprocess.run([sys.executable, "-c", ABANDONED, *(["thread"] if thread else [])],
                         capture_output=True, text=True, timeout=60)
    finalized = set() if thread else {"finalizers ran"}
    assert (ran.returncode, set(ran.stdout.splitlines())) == (130, {"exit handlers ran",
                                                                    *finalized})
    assert ran.stderr.strip() == "Error: interrupted: the search was stopped"


def test_a_failing_dask_cluster_is_named_not_called_a_bug(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """A worker lost on a cluster (Dask's KilledWorker, here raised as the cause of another
    error) is said to be the cluster's failure, in one line, exit 1, traceback kept."""
    import signal

    from distributed.scheduler import KilledWorker

    try:
        raise RuntimeError("the batch failed") from KilledWorker("settle_batch-1", "tcp://w", 3)
    except RuntimeError as raised:
        error = raised
    before = signal.getsignal(signal.SIGINT)
    try:
        code, err = _crash(error, monkeypatch, capsys, tmp_path)
    finally:
        signal.signal(signal.SIGINT, before)
    assert code == 1 and len(err.splitlines()) == 1
    assert "the Dask cluster failed" in err and "a bug in sleuth" not in err
    assert str(next((tmp_path / "crashes").iterdir())) in err
