"""Small helpers shared by several test modules."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
from hypothesis import strategies as st

from sleuth.core.game import Game, Position
from sleuth.games.custom import matrix_game
from sleuth.words import feedback as fb

#: The first fifty answers of the original Wordle list: a small list for quick games.
WORDLE_SAMPLE = [
    "cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve",
    "heath", "dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign",
    "major", "death", "fresh", "crust", "stool", "colon", "abase", "marry", "react", "batty",
    "pride", "floss", "helix", "croak", "staff", "paper", "unfed", "whelp", "trawl", "outdo",
    "adobe", "crazy", "sower", "repay", "digit", "crate", "cluck", "spike", "mimic", "pound",
]


def replay(game: Game, strategy: object, secret: int) -> Position:
    """One game played move by move through ``Game.after``, the referee answering."""
    pos = game.start()
    while game.outcome(pos) is None:
        guess = strategy.choose(game, pos)  # type: ignore[attr-defined]
        pos = game.after(pos, guess, int(game.codes(guess, np.array([secret]))[0]))
    return pos


def brute_best_total(guesses: list[str], secrets: list[str], attempts: int,
                     first: str | None = None) -> float:
    """Best total Lingo score over all secrets by trying every guess at every node (with
    ``first``, of the strategies opening with that guess)."""

    @cache
    def best(cands: frozenset[str], used: int) -> float:
        return max((after(g, cands, used) for g in guesses), default=0.0) if used < 5 else 0.0

    def after(g: str, cands: frozenset[str], used: int) -> float:
        parts: dict[int, set[str]] = {}
        for s in cands:
            parts.setdefault(fb.reference_code(g, s), set()).add(s)
        return sum(100 * (5 - used) if code == fb.solved_code(len(g))
                   else best(frozenset(part), used + 1) for code, part in parts.items())

    start = frozenset(secrets)
    if first is not None:
        return after(first, start, 5 - attempts) if attempts > 0 else 0.0
    return best(start, 5 - attempts)


@st.composite
def small_games(draw: st.DrawFn, most_secrets: int = 7) -> Game:
    """A random game: a few secrets, a few extra guesses, random feedback, 'solved' on equality."""
    n_secret = draw(st.integers(1, most_secrets))
    n_extra = draw(st.integers(0, 3))
    n_codes = draw(st.integers(1, 4))
    cells = st.integers(0, n_codes - 1)
    table = np.array(draw(st.lists(st.lists(cells, min_size=n_secret, max_size=n_secret),
                                   min_size=n_secret + n_extra, max_size=n_secret + n_extra)))
    table[np.arange(n_secret), np.arange(n_secret)] = n_codes  # solved
    return matrix_game(table, solved=n_codes)


_PROBE = """
import sys
from sleuth.cli import main
watched = sys.argv[1].split(",")
sys.argv = ["sleuth", *sys.argv[2:]]
try:
    main()
except SystemExit:
    pass
print("LOADED", " ".join(m for m in watched if m in sys.modules))
"""


def sleuth_loading(args: list[str], watched: tuple[str, ...]) -> tuple[str, str]:
    """``sleuth ARGS`` run in a fresh interpreter: its output, and the line naming which of the
    ``watched`` modules it loaded (``LOADED name ...``)."""
    done = subprocess.run([sys.executable, "-c", _PROBE, ",".join(watched), *args],
                          capture_output=True, text=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    return "\n".join(lines[:-1]), lines[-1] if lines else ""


def process_group(leader: int) -> list[int]:
    """The processes of a process group (Linux)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getpgid(int(entry.name)) == leader:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def still_running(leader: int) -> list[int]:
    """The processes of a process group still running: an ended one not yet reaped (a zombie)
    has no command line."""
    def has_command(pid: int) -> bool:
        try:
            return bool(Path(f"/proc/{pid}/cmdline").read_bytes())
        except OSError:
            return False

    return [pid for pid in process_group(leader) if has_command(pid)]


def _started_with_workers(command: list[str], cwd: Path, **io: object) -> subprocess.Popen:
    """``sleuth`` run with ``command`` in a session of its own, once its 2 workers have
    started (or two minutes have passed)."""
    process = subprocess.Popen([sys.executable, "-m", "sleuth", *command], cwd=cwd,
                               start_new_session=True, **io)
    deadline = time.monotonic() + 120
    while len(process_group(process.pid)) < 4 and time.monotonic() < deadline:  # and 2 workers
        time.sleep(0.2)
    return process


def interrupted_with_workers(command: list[str], cwd: Path, settle: float = 0.0) -> str:
    """Run ``sleuth`` with ``command``, Ctrl-C it (SIGINT to its process group) once its 2
    workers have started and ``settle`` seconds more: it must exit 130 within seconds, with no
    traceback and no process left. Its error output."""
    process = _started_with_workers(command, cwd, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
    try:
        assert process.poll() is None, process.communicate()
        time.sleep(settle)
        os.killpg(process.pid, signal.SIGINT)
        started = time.monotonic()
        _, err = process.communicate(timeout=15)
        assert time.monotonic() - started < 5
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    time.sleep(1.0)
    assert still_running(process.pid) == []
    return err


def killed_with_workers(command: list[str], cwd: Path) -> None:
    """Run ``sleuth`` with ``command`` and kill it outright (SIGKILL, no chance to end its
    workers) once its 2 workers have started: no worker may outlive it by more than seconds."""
    process = _started_with_workers(command, cwd, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
    try:
        assert process.poll() is None
        time.sleep(1.0)  # the workers are searching
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        deadline = time.monotonic() + 10
        while still_running(process.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert still_running(process.pid) == []
    finally:
        for pid in still_running(process.pid):
            os.kill(pid, signal.SIGKILL)


def children(pid: int) -> list[int]:
    """The processes ``pid`` started that still run (from /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found += [int(child) for child in task.read_text().split()]
    return found


def ctrl_c(args: list[str], tmp_path: Path, after: float, ready: Callable[[int], bool],
           group: bool = True) -> tuple[int, str, str, float, list[int]]:
    """Start ``sleuth ARGS``, press Ctrl-C (SIGINT to its process group as a terminal does, or
    with ``group`` False to it alone) once ``ready(pid)`` holds and ``after`` seconds have
    passed; its exit code, output, the seconds it took to end and the processes it started."""
    proc = subprocess.Popen([sys.executable, "-m", "sleuth", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, "SLEUTH_CACHE_DIR": str(tmp_path / "cache")})
    try:
        start = time.monotonic()
        while not ready(proc.pid) or time.monotonic() - start < after:
            assert proc.poll() is None and time.monotonic() - start < 120, proc.communicate()
            time.sleep(0.1)
        started = children(proc.pid)
        pressed = time.monotonic()
        (os.killpg if group else os.kill)(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        return proc.returncode, out, err, time.monotonic() - pressed, started
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
