"""The fewest guesses that always suffice, proven over every Wordle opener, as ``sleuth wordle
optimal --objective worst --all`` does it: per list generation and mode, each opener either
searched to its own worst case or shown to need more than the best so far less one.

Run: ``python -m bench.worst_sweep --lists wordle-original [--hard] [--minutes M]``. Writes
``bench/results/worst/LISTS-MODE.jsonl`` (the sweep's journal: a rerun resumes it, so a sweep
can be spread over several runs; each run logged in ``LISTS-MODE.runs.jsonl``) and the sweep's
row of ``bench/results/worst-sweep.md``. ``--quick``: 60 openers of the original lists,
written nowhere.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.common import RESULTS, command_line, header, rows_with, runs_so_far, stoppable, this_run
from bench.sweep import PUBLISHED, OutOfTime, time_limit
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import shipped_lists
from sleuth.games.wordle.worst import WorstSweep, every_opener, worst_openers

OUT = RESULTS / "worst"
TABLE = ("| lists | mode | openers done | fewest guesses that always suffice | openers doing it "
         "(first few) | openers needing more, by the bound shown | this run | all runs | "
         "finished |\n|---|---|---|---|---|---|---|---|---|\n")


def run_sweep(lists: str, hard: bool, minutes: float | None, workers: int | None,
              journal: Path, limit: int | None = None) -> tuple[WorstSweep, int, float, bool]:
    """Sweep (or resume) the openers of ``lists``: (the sweep, openers searched by this run,
    its seconds, whether every opener is done)."""
    game = game_from(shipped_lists(lists), hard=hard)
    order = every_opener(game)[:limit]
    started = time.perf_counter()
    searched = [0]

    def on_result(word: str, sweep: WorstSweep) -> None:
        searched[0] += 1
        if searched[0] % 500 == 0 or word in sweep.worst:
            print(f"  {searched[0]} searched, {time.perf_counter() - started:.0f} s: "
                  f"{word.upper()} {sweep.worst.get(word, 'refuted')}", flush=True)

    try:
        with time_limit(minutes):
            sweep = worst_openers(game, order, journal, workers=workers, on_result=on_result)
    except (OutOfTime, KeyboardInterrupt):  # Ctrl-C ends the run as the time limit does
        sweep = WorstSweep.load(journal)
    finished = all(sweep.done(word) for word in order)
    return sweep, searched[0], time.perf_counter() - started, finished


def summary_row(lists: str, hard: bool, sweep: WorstSweep, searched: int, seconds: float,
                finished: bool, runs: list[dict[str, object]] | None = None) -> str:
    """The sweep's row of the summary table."""
    best = sweep.best
    doing = sorted(w for w, k in sweep.worst.items() if best is not None and k == best[1])
    above = Counter(sweep.above.values())
    bounds = ", ".join(f"more than {k}: {n:,}" for k, n in sorted(above.items()))
    worse = Counter(k for k in sweep.worst.values() if best is not None and k > best[1])
    bounds += "".join(f", exactly {k}: {n:,}" for k, n in sorted(worse.items()))
    total = sum(float(str(run["seconds"])) for run in runs or [])
    return (f"| {lists} | {'hard' if hard else 'normal'} | "
            f"{len(sweep.worst) + len(sweep.above):,} | {best[1] if best else '-'} | "
            f"{', '.join(w.upper() for w in doing[:5]) or '-'} | {bounds or '-'} | "
            f"{searched:,} in {seconds:.0f} s | {_runs(len(runs or []))}, {total:,.0f} s | "
            f"{'yes' if finished else 'no'} |")


def _runs(n: int) -> str:
    return f"{n} run{'s' if n != 1 else ''}"


def write_summary(key: str, row: str, command: str) -> None:
    """Put the sweep's row into bench/results/worst-sweep.md, keeping the other rows."""
    path = RESULTS / "worst-sweep.md"
    text = header("The fewest guesses that always suffice, over every Wordle opener "
                  "(`sleuth wordle optimal --objective worst --all`)", command)
    text += (
        "\nNo randomness (no seed). Answers as secrets, the list's accepted guesses as "
        "guesses; hard mode: every guess keeps the greens and uses the yellows. Each sweep's "
        "journal is in `bench/results/worst/` (one line an opener: `worst`, its own fewest "
        "guesses, or `above`, a number of guesses some answer after it needs more than); a "
        "sweep spread over several runs is resumed from it (runs logged beside it).\n\n"
        "Why the figure is proven: the first openers are searched to their own worst case "
        "(`optimal_worst` with the opener fixed: a tree that does it, replayed by the plain "
        "evaluator, and a refutation of one guess fewer); every other opener is searched "
        "only with the limit of the best so far less one, and recorded `above` that limit "
        "when no strategy after it finds every answer within it. When every opener is done, "
        "none finds every answer within one guess fewer than the best: the best's figure is "
        "the fewest over all strategies. Each refutation is the exhaustive search of "
        "`sleuth.solve.kernels.fits` (checked against a plain search in "
        "`tests/solve/test_search.py`); the cores it learns only skip second guesses that "
        "leave a set no single guess splits apart.\n\n" + TABLE)
    path.write_text(text + rows_with(path, row, key))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="wordle-original",
                        choices=sorted({lists for lists, _ in PUBLISHED}))
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--quick", action="store_true", help="60 openers; write nothing")
    args = parser.parse_args(argv)
    mode = "hard" if args.hard else "normal"
    if args.quick:
        with tempfile.TemporaryDirectory() as folder:
            result = run_sweep(args.lists, args.hard, None, args.workers,
                               Path(folder) / "quick.jsonl", limit=60)
            print(TABLE + summary_row(args.lists, args.hard, *result))
        return
    OUT.mkdir(parents=True, exist_ok=True)
    journal = OUT / f"{args.lists}-{mode}.jsonl"
    sweep, searched, seconds, finished = run_sweep(args.lists, args.hard, args.minutes,
                                                   args.workers, journal)
    command = command_line("worst_sweep", argv)
    runs = runs_so_far(OUT / f"{args.lists}-{mode}.runs.jsonl",
                       this_run(command, seconds, searched=searched) if searched else None)
    if not searched and runs:  # nothing left to do: the row keeps the last run that searched
        command, searched, seconds = (str(runs[-1]["command"]), int(str(runs[-1]["searched"])),
                                      float(str(runs[-1]["seconds"])))
    row = summary_row(args.lists, args.hard, sweep, searched, seconds, finished, runs)
    write_summary(f"| {args.lists} | {mode} |", row, command)
    print(row)


if __name__ == "__main__":
    stoppable()
    main()
