"""Every command against bad input (the table is ``bench/fuzz_cases.py``, shared with
``bench/reliability.py``): one clear line, a non-zero exit, no traceback, no process or file
left behind, within the time limit; long runs answer Ctrl-C within a second.

Each case runs ``python -m sleuth`` in a fresh folder, two at a time; the Ctrl-C cases run one
at a time after them, so that their answer times are not those of a crowded machine.
"""

from __future__ import annotations

import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from bench import fuzz_cases as fuzz

pytestmark = pytest.mark.processes
ALL = [*fuzz.CASES, *fuzz.INTERRUPTED]


def command_paths() -> list[tuple[str, ...]]:
    """Every command of ``sleuth`` as its words (``("game", "analyze", "twod")``), read from
    the typer apps, so that a new command is never forgotten."""
    import typer.main

    from sleuth.cli import build_app

    def walk(command: object, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        children = getattr(command, "commands", None)
        if not children:
            yield path
            return
        for name, child in children.items():
            yield from walk(child, (*path, name))

    return list(walk(typer.main.get_command(build_app()), ()))


def command_of(args: tuple[str, ...], paths: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The command a case runs: the longest command path its arguments start with."""
    return max((p for p in paths if args[:len(p)] == p), key=len, default=())


def test_every_command_has_cases() -> None:
    paths = command_paths()
    covered = {command_of(case.args, paths) for case in ALL}
    missing = [" ".join(path) for path in paths if path not in covered]
    assert not missing, f"commands without a bad-input case: {missing}"
    assert len(paths) >= 22  # lists, 5 lingo, 7 wordle, 6 game, 3 hangman


def test_the_harness_sees_what_is_left_behind(tmp_path: Path) -> None:
    """A stand-in for sleuth that leaves a process and a file, prints a traceback and exits
    0: every check of the harness speaks."""
    fake = tmp_path / "fake-python"
    fake.write_text("#!/bin/sh\nsleep 30 &\necho x > left.txt\n"
                    "echo 'Traceback (most recent call last):' >&2\necho two >&2\nexit 0\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    outcome = fuzz.run(fuzz.case("lists nope", "no list"), tmp_path / "case",
                       tmp_path / "scratch", python=str(fake))
    found = " | ".join(fuzz.problems(outcome))
    for problem in ("exit code 0 on bad input", "a traceback", "'no list' not in",
                    "files left behind: ['left.txt']"):
        assert problem in found
    if Path("/proc/self/environ").exists():
        assert "processes left behind" in found and "sleep 30" in found


FINALIZER = """
import os, signal, sys, threading, time
from sleuth.cli.interrupts import keep_interrupts
if sys.argv[1] == "keep":
    keep_interrupts()
class Slow:
    def __del__(self):  # like numba's compiler freeing its objects
        os.kill(os.getpid(), signal.SIGINT)  # the Ctrl-C lands while it runs, however loaded
        end = time.monotonic() + 0.5  # the machine is: its handler runs inside this loop
        while time.monotonic() < end:
            pass
try:
    Slow()
    threading.Event().wait(3)  # as the main thread waits on its workers
    print("lost")
except KeyboardInterrupt:
    print("kept")
"""


@pytest.mark.parametrize("keep", [True, False])
def test_a_ctrl_c_landing_in_a_finalizer_is_not_lost(keep: bool) -> None:
    """Python drops an exception raised in a finalizer: without keep_interrupts, the Ctrl-C
    would be lost and the work go on (seen when it hit numba's compiler)."""
    import subprocess

    done = subprocess.run([sys.executable, "-c", FINALIZER, "keep" if keep else "plain"],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == ("kept" if keep else "lost")
    assert ("Exception ignored" in done.stderr) is not keep


def _selected(request: pytest.FixtureRequest) -> list[int]:
    """The indices of the cases whose tests this session runs (all, or those chosen by -k)."""
    chosen = []
    for item in request.session.items:
        spec = getattr(item, "callspec", None)
        if spec is not None and item.module is sys.modules[__name__] and "index" in spec.params:
            index = spec.params["index"]
            if ALL[index].skip_reason() is None:
                chosen.append(index)
    return chosen


@pytest.fixture(scope="module")
def outcomes(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
             ) -> Iterator[dict[int, Future]]:
    """Every selected case started at once on two threads (the Ctrl-C cases after them, one at
    a time), each test waiting for its own."""
    root = tmp_path_factory.mktemp("fuzz")
    scratch = Path(tempfile.mkdtemp(prefix="sleuth-fuzz-"))  # TMPDIR of the cases: players
    scratch.chmod(0o755)  # of a pit run as root reach their game folders in it
    chosen = _selected(request)
    pairs, single = ThreadPoolExecutor(2), ThreadPoolExecutor(1)
    futures: dict[int, Future] = {}
    for index in chosen:
        if not ALL[index].interrupt:
            futures[index] = pairs.submit(fuzz.run, ALL[index], root / f"case-{index:03d}",
                                          scratch / f"case-{index:03d}")
    first = list(futures.values())

    def after_the_others(index: int) -> fuzz.Outcome | None:
        for future in first:
            try:
                future.exception()  # waits for it (a cancelled one raises at once)
            except CancelledError:  # the session stops (pytest -x): run no more
                return None
        return fuzz.run(ALL[index], root / f"case-{index:03d}", scratch / f"case-{index:03d}")

    for index in chosen:
        if ALL[index].interrupt:
            futures[index] = single.submit(after_the_others, index)
    yield futures
    single.shutdown(wait=False, cancel_futures=True)  # when the session stops early (-x)
    pairs.shutdown(wait=True, cancel_futures=True)
    single.shutdown(wait=True)
    shutil.rmtree(scratch, ignore_errors=True)


def _report(outcome: fuzz.Outcome) -> str:
    """The case's exit, time and output, for a failed assertion."""
    return (f"\n--- exit {outcome.code} in {outcome.seconds:.1f} s\n--- stderr:\n"
            f"{outcome.stderr[-2000:]}\n--- stdout:\n{outcome.stdout[-2000:]}")


@pytest.mark.parametrize("index", [
    pytest.param(index, id=case.name, marks=[pytest.mark.skip(reason=case.skip_reason())]
                 if case.skip_reason() else [])
    for index, case in enumerate(ALL)])
def test_bad_input(index: int, outcomes: dict[int, Future]) -> None:
    outcome = outcomes[index].result()
    found = fuzz.problems(outcome)
    assert not found, "; ".join(found) + _report(outcome)
