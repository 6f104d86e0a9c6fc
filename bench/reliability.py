"""Bad input and Ctrl-C for every command, before and after: exit code, first line, time,
peak memory and whether a traceback reached the user.

Run: ``python -m bench.reliability`` (writes bench/results/reliability.md). The cases are the
table of ``bench/fuzz_cases.py`` (the one ``tests/cli/test_fuzz.py`` asserts on), each run as
``python -m sleuth ARGS`` in a fresh folder with the same interpreter: "after" on this working
tree, "before" on a ``git worktree`` of ``--before`` (default 5733be6, the commit before the
work on bad input), put first on PYTHONPATH and removed at the end. ``--quick``: the first
three cases on this tree alone (shown as both before and after), written nowhere.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench import fuzz_cases as fuzz
from bench.common import RESULTS, ROOT, header

BEFORE = "5733be6"
WORKTREE = Path(tempfile.gettempdir()) / "sleuth-before"
#: Commands run once per version before the cases, untimed: the numba kernels of a fresh
#: checkout are compiled (and cached) here rather than in the first cases that need them.
WARM_UP = [
    fuzz.case("wordle solve crane --answers answers.txt --guesses guesses.txt"),
    fuzz.case("hangman rate --words one.txt"),
    fuzz.case("game analyze twod"),
    fuzz.case("lingo evaluate --words lingo.txt --length 5 --bound-seconds 1"),
]


def run_version(src: Path, cases: Sequence[fuzz.Case], work: Path, workers: int,
                warm: bool = True) -> list[fuzz.Outcome]:
    """Every case on the code in ``src``: the bad input ``workers`` at a time, then the Ctrl-C
    cases one at a time (so that their answer times are not those of a crowded machine);
    ``warm``: after the warm-up commands."""
    cache = work / "cache"
    env = {"PYTHONPATH": str(src), "SLEUTH_CACHE_DIR": str(cache)}
    scratch = work / "scratch"
    scratch.mkdir(parents=True)
    scratch.chmod(0o755)  # players of a pit run as root reach their game folders in it
    for i, case in enumerate(WARM_UP if warm else []):
        fuzz.run(case, work / f"warm-{i}", scratch / f"warm-{i}", env=env)
    plain = [c for c in cases if not c.interrupt]
    stopped = [c for c in cases if c.interrupt]
    outcomes = {}
    for group, width, folder in ((plain, workers, "cases"), (stopped, 1, "stopped")):
        runs = fuzz.run_all(group, work / folder, scratch / folder, workers=width, env=env)
        for case, outcome in zip(group, runs, strict=True):
            outcomes[case] = outcome
            print(f"{outcome.code!s:>5} {outcome.seconds:5.1f}s "
                  f"{'TRACEBACK ' if outcome.traceback else ''}{case.name}", flush=True)
    return [outcomes[c] for c in cases]


def cell(text: str) -> str:
    """Text for a Markdown table cell: one line (control characters escaped), no pipes, in a
    code span."""
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)
    shown = shown.replace("|", "\\|").replace("`", "'")
    return f"`{shown}`" if shown else ""


def columns(outcome: fuzz.Outcome) -> list[str]:
    """Exit, seconds, peak memory, traceback and first line of one run."""
    code = f"killed at {fuzz.LIMIT:.0f} s" if outcome.code is None else str(outcome.code)
    return [code, f"{outcome.seconds:.1f}", f"{outcome.memory_kb / 1024:.0f}",
            "**yes**" if outcome.traceback else "no", cell(outcome.first_line)]


def report(cases: Sequence[fuzz.Case], before: list[fuzz.Outcome], after: list[fuzz.Outcome],
           commit: str, seconds: float) -> str:
    """The results file: summary, then one row per case."""
    command = "python -m bench.reliability" + (f" --before {commit}" if commit != BEFORE
                                                else "")
    text = header("Reliability: bad input and Ctrl-C for every command, before and after",
                  command)
    failing = [sum(bool(fuzz.problems(o)) for o in runs) for runs in (before, after)]
    tracebacks = [sum(o.traceback for o in runs) for runs in (before, after)]
    hung = [sum(o.code is None for o in runs) for runs in (before, after)]
    text += (
        f"\nBefore: commit {commit} (a git worktree first on PYTHONPATH). After: this working "
        "tree. The same interpreter and the same cases (`bench/fuzz_cases.py`, asserted on by "
        "`tests/cli/test_fuzz.py`), each `python -m sleuth ARGS` in a fresh folder with small "
        "word lists, stdin closed or the input shown, a fresh cache folder per version, "
        f"{fuzz.LIMIT:.0f} s and {fuzz.MEMORY >> 30} GiB of address space at most; Ctrl-C "
        "cases get SIGINT (to the process group, as a terminal sends it) after the seconds "
        "shown. Memory: peak resident set of the sleuth "
        "process (wait4). The before code reads other default lists and has other defaults, "
        f"so a case may differ for that reason alone. {seconds / 60:.1f} minutes in all.\n\n"
        f"| | before | after |\n|---|---|---|\n"
        f"| cases | {len(cases)} | {len(cases)} |\n"
        f"| a traceback reached the user | {tracebacks[0]} | {tracebacks[1]} |\n"
        f"| still running at {fuzz.LIMIT:.0f} s (killed) | {hung[0]} | {hung[1]} |\n"
        f"| failing any check of the test (one line, exit code, nothing left behind, time, "
        f"Ctrl-C answered within {fuzz.ANSWER:g} s) | {failing[0]} | {failing[1]} |\n\n")
    text += ("| # | command | before: exit | s | MB | traceback | first line | after: exit | s "
             "| MB | traceback | first line | after: checks |\n"
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    for number, (case, old, new) in enumerate(zip(cases, before, after, strict=True), 1):
        name = cell(case.name.removeprefix("sleuth "))
        if case.interrupt:
            name += f" (Ctrl-C at {case.interrupt:g} s)"
        checks = "; ".join(fuzz.problems(new)) or "ok"
        text += "| " + " | ".join([str(number), name, *columns(old), *columns(new),
                                   checks.replace("|", "\\|")]) + " |\n"
    return text


def quick(cases: Sequence[fuzz.Case], workers: int) -> str:
    """The report of a few cases run on this tree alone, as both before and after."""
    begin = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="sleuth-reliability-"))
    try:
        after = run_version(ROOT / "src", cases, work, workers, warm=False)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report(cases, after, after, "(this tree, --quick)", time.perf_counter() - begin)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help="commit of the code before")
    parser.add_argument("--workers", type=int, default=2, help="cases run at once")
    parser.add_argument("--output", type=Path, default=RESULTS / "reliability.md")
    parser.add_argument("--quick", action="store_true",
                        help="three cases on this tree alone, no worktree; write nothing")
    args = parser.parse_args(argv)
    cases = [c for c in (*fuzz.CASES, *fuzz.INTERRUPTED) if c.skip_reason() is None]
    if args.quick:
        print(quick(cases[:3], args.workers))
        return
    begin = time.perf_counter()
    subprocess.run(["git", "worktree", "add", "--detach", str(WORKTREE), args.before],
                   cwd=ROOT, check=True)
    work = Path(tempfile.mkdtemp(prefix="sleuth-reliability-"))
    try:
        print(f"-- before ({args.before})", flush=True)
        before = run_version(WORKTREE / "src", cases, work / "before", args.workers)
        print("-- after (this working tree)", flush=True)
        after = run_version(ROOT / "src", cases, work / "after", args.workers)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(WORKTREE)], cwd=ROOT,
                       check=False)
        shutil.rmtree(work, ignore_errors=True)
    text = report(cases, before, after, args.before, time.perf_counter() - begin)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text)
    print(text)


if __name__ == "__main__":
    sys.exit(main())
