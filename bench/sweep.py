"""Every Wordle opener ranked, as ``sleuth wordle optimal --all`` does it: per list generation
and mode the ``--top`` best to their exact totals, every other opener only until it is proven
worse, compared line by line with the published ranking of the same lists and mode.

Run: ``python -m bench.sweep --lists wordle-original [--hard] [--top 100] [--minutes M]``.
Writes ``bench/results/sweep/LISTS-MODE.jsonl`` (the sweep's journal: a rerun resumes it, so a
sweep can be spread over several runs), ``LISTS-MODE.md`` (the ranking) and the sweep's row of
``bench/results/sweep.md``. ``--minutes`` ends the run after that long (the openers being
searched are dropped, what is finished is kept). ``--quick``: 12 openers of the original lists,
top 2, written nowhere.
"""

from __future__ import annotations

import argparse
import signal
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.common import (
    RESULTS,
    SHARED,
    command_line,
    header,
    rows_with,
    runs_so_far,
    stoppable,
    this_run,
)
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import shipped_lists
from sleuth.games.wordle.openers import Sweep, sweep_openers, sweep_order
from sleuth.games.wordle.ranking import (
    DIFFERENCES,
    TOTAL,
    compare,
    describe,
    ranking,
    ranking_text,
    read_published,
    tally,
)

#: The published ranking of each list generation and mode (alex1770/wordle's result files).
PUBLISHED = {
    ("wordle-original", False): "normal.top105.proven.txt",
    ("wordle-original", True): "hard.top101.proven.txt",
    ("wordle-nyt-2022-08-30", False): "results_easy_nyt20220830.txt",
    ("wordle-nyt-2022-08-30", True): "results_hard_nyt20220830.txt",
    ("wordle-nyt-2023-07-01", False): "results_easy_nyt20230701.txt",
    ("wordle-nyt-2023-07-01", True): "results_hard_nyt20230701.txt",
}
OUT = RESULTS / "sweep"
TABLE = ("| lists | mode | top | openers done | exact / bounds / cannot win | best | against the "
         "published ranking | this run | all runs | finished |\n"
         "|---|---|---|---|---|---|---|---|---|---|\n")


class OutOfTime(Exception):
    """The run's minutes are up: the searches under way are ended."""


@contextmanager
def time_limit(minutes: float | None) -> Iterator[None]:
    """OutOfTime raised in this thread after ``minutes`` (none: no limit), even while it waits
    on searches that would run for hours: the workers are then ended, the finished kept."""
    if minutes is None:
        yield
        return

    def out_of_time(signum: int, frame: object) -> None:
        raise OutOfTime

    before = signal.signal(signal.SIGALRM, out_of_time)
    signal.setitimer(signal.ITIMER_REAL, 60 * minutes)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def run_sweep(lists: str, hard: bool, top: int, minutes: float | None, workers: int | None,
              journal: Path, limit: int | None = None) -> tuple[Sweep, int, float, bool]:
    """Sweep (or resume) the openers of ``lists``: (the sweep, openers searched by this run,
    its seconds, whether every opener is done)."""
    game = game_from(shipped_lists(lists), hard=hard)
    order = sweep_order(game)[:limit]
    started = time.perf_counter()
    searched = [0]

    def on_result(word: str, total: int | None, sweep: Sweep) -> None:
        searched[0] += 1
        if searched[0] % 200 == 0 or total is not None:
            note = f"{total}" if total is not None else "cut/fails"
            print(f"  {searched[0]} searched, {time.perf_counter() - started:.0f} s: "
                  f"{word.upper()} {note}", flush=True)

    try:
        with time_limit(minutes):  # heard mid-search: the workers are then ended
            sweep = sweep_openers(game, order, journal, top=top, workers=workers,
                                  on_result=on_result)
    except (OutOfTime, KeyboardInterrupt):  # Ctrl-C ends the run as the time limit does
        sweep = Sweep.load(journal)
    finished = all(sweep.done(word, top) for word in order)
    return sweep, searched[0], time.perf_counter() - started, finished


def summary_row(lists: str, hard: bool, top: int, sweep: Sweep, searched: int, seconds: float,
                finished: bool, runs: list[dict[str, object]] | None = None,
                attempts: int = 6) -> tuple[str, list[str]]:
    """The sweep's row of the summary table, and the lines where it differs from the
    published ranking."""
    rows = ranking(sweep)
    published = read_published(SHARED / "wordle" / "published" / PUBLISHED[(lists, hard)])
    entries = compare(rows, published)
    counts = tally(entries)
    differ = [describe(e, attempts) for e in entries if e.verdict in DIFFERENCES]
    best = ", ".join(f"{r.guess.upper()} {r.total}" for r in rows[:5] if r.kind == TOTAL) or "-"
    shown = ", ".join(f"{v} {n}" for v, n in counts.items() if n)
    row = (f"| {lists} | {'hard' if hard else 'normal'} | {top} | "
           f"{len(sweep.totals) + len(sweep.at_least) + len(sweep.fails)} | "
           f"{len(sweep.totals)} / {len(sweep.at_least)} / {len(sweep.fails)} | {best} | "
           f"{shown} | {searched} in {seconds:.0f} s | {_all_runs(runs or [])} | "
           f"{'yes' if finished else 'no'} |")
    return row, differ


def _all_runs(runs: list[dict[str, object]]) -> str:
    """The runs of a sweep in a few words: how many, openers searched, seconds in all."""
    if not runs:
        return "-"
    searched = sum(int(str(run["searched"])) for run in runs)
    seconds = sum(float(str(run["seconds"])) for run in runs)
    return f"{len(runs)} run{'s' if len(runs) > 1 else ''}: {searched} in {seconds:.0f} s"


def write_summary(key: str, row: str, command: str) -> None:
    """Put the sweep's row into bench/results/sweep.md, keeping the other sweeps' rows."""
    path = RESULTS / "sweep.md"
    text = header("Every Wordle opener ranked (`sleuth wordle optimal --all`)", command)
    text += ("\nNo randomness (no seed). Each sweep's journal and ranking are in "
             "`bench/results/sweep/`; a sweep spread over several runs is resumed from its "
             "journal (each run is logged beside it in `LISTS-MODE.runs.jsonl`), and its row "
             "gives the last run's openers and seconds and those of all runs. Verdicts against "
             "the published ranking (`../shared/data/wordle/published/`): *agree* (same exact "
             "total), *consistent bound* (our proven bound at or below their total), and any "
             "difference is listed in the sweep's ranking file with both figures.\n\n"
             + TABLE)
    path.write_text(text + rows_with(path, row, key))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="wordle-original",
                        choices=sorted({lists for lists, _ in PUBLISHED}))
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--top", type=int, default=100)
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--quick", action="store_true", help="12 openers, top 2; write nothing")
    args = parser.parse_args(argv)
    mode = "hard" if args.hard else "normal"
    if args.quick:
        with tempfile.TemporaryDirectory() as folder:
            sweep, searched, seconds, finished = run_sweep(
                args.lists, args.hard, 2, None, 1, Path(folder) / "quick.jsonl", limit=12)
            print(TABLE + summary_row(args.lists, args.hard, 2, sweep, searched, seconds,
                                      finished)[0])
        return
    OUT.mkdir(parents=True, exist_ok=True)
    journal = OUT / f"{args.lists}-{mode}.jsonl"
    sweep, searched, seconds, finished = run_sweep(args.lists, args.hard, args.top,
                                                   args.minutes, args.workers, journal)
    command = command_line("sweep", argv)
    run = this_run(command, seconds, searched=searched)
    runs = runs_so_far(OUT / f"{args.lists}-{mode}.runs.jsonl", run)
    row, differ = summary_row(args.lists, args.hard, args.top, sweep, searched, seconds,
                              finished, runs)
    title = f"Every opener of {args.lists}, {mode} mode, ranked"
    text = ranking_text(ranking(sweep), title, len(shipped_lists(args.lists).answers), 6)
    if not finished:
        text += ("\n**Unfinished**: openers are still to be searched (rerun the command to "
                 "resume); until then a rank holds only among the openers above.\n")
    text += (f"\n- command: `{command}` (journal `{journal.name}`)\n"
             f"- published ranking: `{PUBLISHED[(args.lists, args.hard)]}`; where they differ: "
             + ("none" if not differ else "\n" + "\n".join(f"  - {line}" for line in differ))
             + "\n")
    (OUT / f"{args.lists}-{mode}.md").write_text(text)
    write_summary(f"| {args.lists} | {mode} |", row, command)
    print(row)
    for line in differ[:50]:
        print("  differs:", line)


if __name__ == "__main__":
    stoppable()
    main()
