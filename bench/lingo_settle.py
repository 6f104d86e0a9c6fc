"""Lingo: is the prepared tree the best play over every first guess, not only after its own?

Run: ``python -m bench.lingo_settle [--lengths 9] [--minutes M]`` (writes
bench/results/lingo-settle.md; each length's journal and runs log in
bench/results/lingo-settle/). Every first guess whose depth-1 bound is above the prepared
tree's total is bounded (:func:`scoring.deep_bound` with the tree's total as target) only until
its bound is at or below that total: two guesses deep against every word, largest classes
first, then, if still above, by counting lost games and searching its classes; the tree's own
first guess takes the bound ``sleuth lingo prepare`` proved after it and recorded in the tree.
When every first guess is at or below, no strategy beats the tree: it is optimal. Each first
guess's bound is journaled as it is found, so a length too long for one run is finished over
several (rerun the command; Ctrl-C or the time limit ends a run with what it found kept).
``--cluster ADDRESS``: the first guesses are bounded on that Dask scheduler's workers (each
builds its own code table) instead of this process's threads. ``--quick``: 2,000 words of
length 10, written nowhere.
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path

from bench.common import (
    RESULTS,
    command_line,
    drawn,
    header,
    lingo_list,
    runs_so_far,
    stoppable,
    this_run,
)
from sleuth.core.journal import JournalError, read_journal
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.pit import parse_lengths
from sleuth.games.lingo.prepare import load_tree, proven_opening
from sleuth.games.lingo.scoring import SETTLED, deep_bound
from sleuth.solve.runner import check_cluster
from sleuth.words.wordlist import load_words

OUT = RESULTS / "lingo-settle"
TABLE = ("| length | words | tree | first guesses above it at depth 1 | settled | largest "
         "bound settled | verdict | this run | all runs |\n|---|---|---|---|---|---|---|---|---|\n")


def settle(length: int, minutes: float, journal: Path, size: int | None = None,
           cluster: str | None = None) -> tuple[str, int, float]:
    """Settle one length's first guesses (or resume): its table row without the runs, the
    first guesses this run settled, and its seconds."""
    words = drawn(list(load_words(lingo_list(length)).words), size)
    game = lingo_game(words)
    target = tree_total(game, words)
    before = _records(journal)
    started = time.perf_counter()
    shown = [0.0]

    def progress(done: int, of: int) -> None:
        counts[:] = [done, of]
        if time.perf_counter() - shown[0] > 60 or done == of:
            shown[0] = time.perf_counter()
            print(f"  length {length}: {done:,} of {of:,} first guesses settled, "
                  f"{shown[0] - started:.0f} s", flush=True)

    counts = [0, 0]
    try:
        bound = deep_bound(game, seconds=minutes * 60, target=target, journal=journal,
                           progress=progress, proven=proven_opening(game), cluster=cluster)
        optimal = bound.total <= target
    except KeyboardInterrupt:
        optimal = False
    records = _records(journal)
    final = {r["guess"]: r["bound"] for r in records if r.get("level", 3) == 3
             or r["bound"] <= target}
    above = {word: value for word, value in final.items() if value > target}
    if optimal:
        verdict = (f"optimal over every first guess (the largest bound "
                   f"{bound.total / len(words):.2f}, {game.guess_labels[bound.guess]})")
    elif above:
        word = max(above, key=above.__getitem__)
        verdict = f"not shown: {word} at most {above[word] / len(words):.2f}, searched"
    else:
        verdict = f"open: {counts[1] - counts[0]:,} first guesses still to settle"
    largest = max((v for v in final.values() if v <= target), default=float("nan"))
    row = (f"| {length} | {len(words):,} | {target / len(words):.2f} | {counts[1]:,} | "
           f"{counts[0]:,} | {largest / len(words):.2f} | {verdict} |")
    return row, len({r["guess"] for r in records} - {r["guess"] for r in before}), \
        time.perf_counter() - started


def journaled_proof(game, target: float, length: int) -> tuple[float, float, int] | None:
    """What this benchmark's journal for ``length`` proves against the tree's ``target`` total:
    the largest bound over every first guess, the seconds of all its runs and their number;
    None while a first guess is still above the target (or none was settled)."""
    journal = OUT / f"lingo-{length}.jsonl"
    if not journal.exists():
        return None
    try:
        bound = deep_bound(game, seconds=0, target=target, journal=journal,
                           proven=proven_opening(game))
    except JournalError:  # a journal of another tree's total
        return None
    if bound.total > target:
        return None
    runs = runs_so_far(OUT / f"lingo-{length}.runs.jsonl")
    return bound.total, sum(float(str(r["seconds"])) for r in runs), len(runs)


def tree_total(game, words: list[str]) -> float:
    """What the prepared tree of ``words`` totals, played against every word (a sample, which
    has no tree, gets the entropy player's)."""
    from sleuth.core.strategies import get
    from sleuth.core.tree import evaluate

    player = "prepared" if load_tree(words) is not None else "entropy"
    return float(evaluate(game, get(player)).scores().sum())


def _records(journal: Path) -> list[dict]:
    """The first guesses a journal holds (none without one)."""
    return read_journal(journal, SETTLED).records if journal.exists() else []


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=parse_lengths, default=[9])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--cluster", metavar="ADDRESS", help="a Dask scheduler's address")
    parser.add_argument("--quick", action="store_true", help="2,000 words of length 10; no file")
    args = parser.parse_args(argv)
    if args.minutes <= 0:
        parser.error("--minutes must be above 0")
    if args.cluster is not None:
        try:
            check_cluster(args.cluster)
        except ValueError as error:
            parser.error(f"--cluster: {error}")
    if args.quick:
        with tempfile.TemporaryDirectory() as folder:
            row, settled, seconds = settle(10, args.minutes, Path(folder) / "quick.jsonl", 2000,
                                           args.cluster)
            print(TABLE + row + f" {settled} in {seconds:.0f} s | - |")
        return
    OUT.mkdir(parents=True, exist_ok=True)
    command = command_line("lingo_settle", argv)
    path = RESULTS / "lingo-settle.md"
    for length in args.lengths:
        journal = OUT / f"lingo-{length}.jsonl"
        row, settled, seconds = settle(length, args.minutes, journal, cluster=args.cluster)
        runs = runs_so_far(OUT / f"lingo-{length}.runs.jsonl",
                           this_run(command, seconds, settled=settled))
        total = sum(float(str(r["seconds"])) for r in runs)
        row += (f" {settled:,} in {seconds:.0f} s | {len(runs)} run{'s' * (len(runs) > 1)}: "
                f"{total:.0f} s |")
        text = header("Lingo: the prepared tree against every first guess", command) + (
            "\nNo randomness (no seed). Every first guess whose depth-1 bound (one secret per "
            "class named on the 2nd attempt, the rest on the 3rd) is above the prepared tree's "
            "total is bounded only until it is at or below it: two guesses deep against every "
            "word, largest classes first (`scoring.deep_bound` with a target), then by counting "
            "the games its classes must lose and searching them. When all are settled, no "
            "strategy averages more than the tree: it is optimal over every first guess. "
            "Journals (a first guess and its bound a line) and runs logs in "
            "`bench/results/lingo-settle/`; a length is finished over several runs.\n\n" + TABLE)
        old = path.read_text().splitlines() if path.exists() else []
        kept = [line for line in old if re.match(r"\| \d+ \|", line)
                and not line.startswith(f"| {length} |")]
        rows = sorted([*kept, row], key=lambda line: int(line.split("|")[1]))
        path.write_text(text + "\n".join(rows) + "\n")
        print(row, flush=True)


if __name__ == "__main__":
    stoppable()
    main()
