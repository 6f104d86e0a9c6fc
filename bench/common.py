"""Helpers shared by the benchmarks: where the official lists are, and the results header."""

from __future__ import annotations

import json
import os
import platform
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
RESULTS = ROOT / "bench" / "results"
K = TypeVar("K")


def lingo_list(length: int | None = None) -> Path:
    """The official Lingo list (all lengths, or one) beside the repository."""
    name = "wordlist.txt" if length is None else f"wordlist{length}.txt"
    path = SHARED / "lingo" / name
    if not path.exists():
        sys.exit(f"{path} is missing: the benchmarks read ../shared/data beside the repository")
    return path


def drawn(words: list[str], size: int | None, seed: int = 0) -> list[str]:
    """``size`` of ``words`` drawn with numpy's default_rng(``seed``), in list order (all:
    None, 0 or more than there are)."""
    if not size or size >= len(words):
        return words
    picked = np.sort(np.random.default_rng(seed).choice(len(words), size, replace=False))
    return [words[int(i)] for i in picked]


def command_line(name: str, argv: list[str] | None) -> str:
    """How benchmark ``name`` was run, as a results file names it (``argv``: the arguments
    given to its main; None: the process's own)."""
    return " ".join([f"python -m bench.{name}", *(sys.argv[1:] if argv is None else argv)])


def kept_unless(quick: bool, name: str, text: str) -> None:
    """Write ``text`` to the results file ``name`` unless this is a ``quick`` run."""
    if not quick:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / name).write_text(text)


def header(title: str, command: str) -> str:
    """The first lines of a results file: what, when, where and how to rerun it."""
    return (f"# {title}\n\n"
            f"- command: `{command}`\n"
            f"- date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {commit()}\n"
            f"- machine: {platform.machine()}, {platform.python_implementation()} "
            f"{platform.python_version()}, cores: {_cores()}\n")


def commit(tree: Path = ROOT) -> str:
    """The commit of a checkout (default: this repository), short ("?" when git cannot tell)."""
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tree,
                              capture_output=True, text=True, check=False)
    except OSError:
        return "?"
    return done.stdout.strip() or "?"


def printed_on(src: Path, code: str, *args: str) -> list[str]:
    """The last line a Python snippet printed, run in a fresh process on the sources ``src``
    (another checkout's ``src`` for a before/after), split into words."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, check=True,
                          capture_output=True, text=True)
    return done.stdout.splitlines()[-1].split()


def _cores() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def best_time(fn: Callable[[], object], repeats: int = 3) -> float:
    """Seconds of the fastest of ``repeats`` calls of ``fn``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def stoppable() -> None:
    """SIGTERM, and SIGINT even where a background start ignores it, end a long run as Ctrl-C
    does (a KeyboardInterrupt: what it found kept and its time logged)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)


def runs_so_far(path: Path, run: dict[str, object] | None = None) -> list[dict[str, object]]:
    """The runs of a long benchmark spread over several (a line each in ``path``: when,
    commit, command, what it did, seconds), with ``run`` appended first when given."""
    if run is not None:
        with path.open("a") as handle:
            handle.write(json.dumps(run) + "\n")
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def this_run(command: str, seconds: float, **what: object) -> dict[str, object]:
    """A line of a runs log: now, this commit, the command, what it did, its seconds."""
    return {"date": f"{datetime.now(UTC):%Y-%m-%d %H:%M}", "commit": commit(),
            "command": command, **what, "seconds": round(seconds, 1)}


EARLIER = re.compile(r"- earlier rows: lengths? ([\d, ]+) (?:is|are) kept from an earlier run "
                     r"\((.*)\)$")


def earlier_runs(path: Path, kept: set[int]) -> str:
    """Lines naming the runs the ``kept`` rows (by length) of the results file at ``path``
    come from (command, date and commit, as that file said: its own run, or the earlier ones
    it names in turn), one line a run; nothing when no row is kept."""
    if not kept:
        return ""
    lines = path.read_text().splitlines()
    older = [(m[2], {int(n) for n in m[1].split(",")}) for m in map(EARLIER.match, lines) if m]
    own = "; ".join(line[2:] for line in lines if line.startswith(("- command:", "- date:")))
    sources = [(own, kept - set().union(*(lengths for _, lengths in older))), *older]
    said = [f"- earlier rows: {_lengths(sorted(lengths & kept))} kept from an earlier run "
            f"({where})" for where, lengths in sources if lengths & kept]
    return "\n\n" + "\n".join(said)


def _lengths(lengths: list[int]) -> str:
    """``length 4 is`` or ``lengths 9, 10 are``, as the sentence needs."""
    if len(lengths) == 1:
        return f"length {lengths[0]} is"
    return f"lengths {', '.join(map(str, lengths))} are"


def earlier_lines(path: Path, prefixes: dict[K, str]) -> dict[K, str]:
    """The lines of an earlier results file that start with each prefix, by key (none without
    a file): the rows a run that leaves them out keeps."""
    old = path.read_text().splitlines() if path.exists() else []
    return {key: line for key, prefix in prefixes.items() for line in old
            if line.startswith(prefix)}


def rows_with(path: Path, row: str, key: str, prefix: str = "| wordle-") -> str:
    """The table rows of an earlier results file (those starting with ``prefix``; none
    without a file), the one starting with ``key`` replaced by ``row``, sorted, one a line."""
    old = path.read_text().splitlines() if path.exists() else []
    kept = [line for line in old if line.startswith(prefix) and not line.startswith(key)]
    return "\n".join(sorted([*kept, row])) + "\n"
