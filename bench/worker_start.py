"""How long a worker process of the exact search takes to start: ``solve.runner.processes``,
which hands each worker its start (the Wordle tables) already pickled, against the same pool
given the start as a plain initializer (what ``processes`` did before 7f6971f), where the
child reads its start only after importing the modules that start names.

Run: ``python -m bench.worker_start [--lists NAME] [--rounds N]`` (writes
bench/results/worker-start.md). Each round starts a pool of 2 workers each way, in turn, and
times how long the first ``submit`` holds the parent, the first task's answer and an
``abort`` right after that ``submit`` (a Ctrl-C during a start). ``--quick``: the original
lists, one round, written nowhere.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import cast

from bench.common import command_line, header, kept_unless
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import load_lists
from sleuth.solve.runner import Processes, _initialize, _start_quietly, processes
from sleuth.solve.solver import install
from sleuth.solve.tables import Tables, tables

WORKERS = 2


def plain_processes(n: int, initializer: Callable[..., None], *args: object) -> Processes:
    """``n`` spawned workers given their start as a plain initializer, each started (as by
    ``processes``) without running the caller's main script again: ``processes`` before
    7f6971f, less its thread that holds Ctrl-C back."""
    pool = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_initialize,
                               initargs=(os.getpid(), initializer, *args))

    def abort() -> None:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)

    def submit(fn: Callable, *task: object) -> Future:
        return cast(Future, _start_quietly(pool.submit, fn, *task))

    return Processes(submit, lambda: pool.shutdown(wait=True), abort)


#: Each way of starting the workers, as the table names it.
WAYS: dict[str, Callable[..., Processes]] = {
    "pickled start (processes)": processes,
    "plain initializer (before 7f6971f)": plain_processes,
}


@dataclass(frozen=True)
class Start:
    """One pool's start, in seconds: the first ``submit`` (the parent held), its task's
    answer, and an abort right after a first ``submit`` in a second pool."""

    submit: float
    answer: float
    abort: float


def timed_start(way: Callable[..., Processes], tab: Tables) -> Start:
    """One :class:`Start` of ``way``'s pool with the tables installed in each worker."""
    began = time.perf_counter()
    pool = way(WORKERS, install, tab)
    task: Future = pool.submit(os.getpid)
    submitted = time.perf_counter()
    task.result()
    answered = time.perf_counter()
    pool.close()
    second = way(WORKERS, install, tab)
    second.submit(os.getpid)
    aborting = time.perf_counter()
    second.abort()
    return Start(submitted - began, answered - began, time.perf_counter() - aborting)


def starts(tab: Tables, rounds: int) -> dict[str, list[Start]]:
    """``rounds`` :class:`Start` of each way, the ways taken in turn within each round."""
    found: dict[str, list[Start]] = {name: [] for name in WAYS}
    for _ in range(rounds):
        for name, way in WAYS.items():
            found[name].append(timed_start(way, tab))
    return found


def table(found: dict[str, list[Start]]) -> str:
    """The Markdown table of :func:`starts`: medians, the parent's hold beside the pickled one."""
    def median(name: str, part: str) -> float:
        return statistics.median(getattr(s, part) for s in found[name])

    first = next(iter(found))
    lines = ["| way | submit holds the parent (s) | / pickled | first answer (s) | abort after"
             " the first submit (s) |", "|---|---|---|---|---|"]
    lines += [f"| {name} | {median(name, 'submit'):.2f} | "
              f"{median(name, 'submit') / median(first, 'submit'):.2f}x | "
              f"{median(name, 'answer'):.2f} | {median(name, 'abort'):.2f} |" for name in found]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lists", default="wordle-nyt-2023-07-01")
    parser.add_argument("--rounds", type=int, default=5, help="pools started each way")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.lists, args.rounds = "wordle-original", 1
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    try:
        lists = load_lists(list_name=args.lists)
    except (ValueError, OSError) as err:
        parser.error(f"--lists: {err}")
    tab = tables(game_from(lists))
    rows = table(starts(tab, args.rounds))
    print(rows, end="")
    text = (header("How long a worker process of the exact search takes to start",
                   command_line("worker_start", argv))
            + f"- lists: {args.lists} ({len(lists.guesses)} guesses x {len(lists.answers)} "
              f"answers), {WORKERS} workers, medians of {args.rounds} rounds, ways in turn\n\n"
            + rows
            + "\nA sweep starts two such pools a run, and a Ctrl-C during a start waits "
              "for the submit under way.\n")
    kept_unless(args.quick, "worker-start.md", text)


if __name__ == "__main__":
    main()
