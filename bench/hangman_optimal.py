"""Hangman's proven optimum on the official Lingo list, per length, beside the greedy rules.

Run: ``python -m bench.hangman_optimal [--lengths 13 12 ...] [--objective misses|win]
[--journals DIR]`` (with a folder of journals a long length is searched over several runs).
Writes ``bench/results/hangman-optimal.md``: per length and objective the optimum (fewest
expected misses with lives that never run out; or the most words won with 6 misses allowed,
then the fewest misses), the greedy rules and the look-ahead solver on the same words, the gap,
the positions searched and the time. Rows this command does not run are kept from the file's
earlier run. ``--quick``: the 200 first words of length 9, written nowhere.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.common import RESULTS, command_line, header, lingo_list, runs_so_far, stoppable, this_run
from sleuth.core.parallel import interruptible
from sleuth.core.tree import evaluate
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.optimal import optimum
from sleuth.games.hangman.search import UNLIMITED
from sleuth.games.hangman.solvers import Exact, greedy_outcomes
from sleuth.words.wordlist import load_words

LIVES = 6
OUT = RESULTS / "hangman-optimal.md"
COLUMNS = ("| length | words | objective | optimal (proven) | greedy misses | greedy entropy | "
           "look-ahead (exact) | gain over the best other | first letter | positions | time | "
           "hardest words under the optimum (misses) |\n"
           "|---|---|---|---|---|---|---|---|---|---|---|---|\n")
HARDEST = 5
PROOF = """\
Why each optimum is proven: the exact search (`sleuth.games.hangman.search.exact_value`) is a branch
and bound over the letters. A strategy's first useful guess is a letter that splits the candidates
(any other letter tells nothing); the search tries every such letter in order of the misses it costs
and stops at the first whose misses alone reach the best total found. For each letter it adds its
misses and, for each class of words it leaves, a lower bound on that class (exact for two words,
else what the memo holds, else the larger of two: the fewest misses of any letter splitting the
class, and its families' stars: words alike but at up to three places, whose letters there stand
nowhere else in the family, like bill, fill, gill or bake, cane, date, are told apart only one at a
time (a guess finds one of them or none), so the k-th of a family misses k - 1 times in every
strategy, and since each word's misses count once, the stars of disjoint families add up, and with
them the misses no star counts of the first letter that splits the class: its other words', and a
family's words' when that letter stands in none of them (with lives: each word's star count one
more, capped at lives + 1, so a word lost one place sooner); with lives that never run out, of
the first two letters while every guess misses: if two words or more lack the first, the next
guess on them must split them, and their misses on it count too, where no star counts them;
floors of eight words or more are kept in the memo); a letter is
searched further only while that sum stays below the best so far, each class against what is left
for it. A value below the limit is exact; one at or above it is a proven lower bound. So the root
value is the minimum over all strategies. The tree is then played against every word by the plain
evaluator (`sleuth.core.tree.evaluate`), and its misses (and losses) must add up to that value, or
the run fails. The search is checked against a plain exhaustive search on random small lists
(`tests/games/hangman/test_hangman_optimal.py`).

With 6 misses allowed the values are (words lost, misses), least first, and one more bound
holds: a strategy that loses no word misses at least as often as the best strategy with lives
that never run out, so (0, that fewest) bounds every set from below. Where the seed's rule
loses at most 1% of the words (lengths 8 to 13), the fewest-misses search runs first
(`sleuth.games.hangman.optimal._solved`): when its tree wins every word it is the optimum, with
no second search (lengths 10 to 13); otherwise it is the best found so far, and the search with
lives (its sets' floors raised by what the memo knows without lives) has to beat it. Where
more are lost, the search with lives runs alone (that first search cost more than it saved on
samples of lengths 4 and 5); the 5- to 7-letter rows below were still proven with it first.

Before a later first letter's classes are searched against the best (fewest misses), each is
asked in two cheap rounds only for its share of the gap, smallest first (`optimal._squeezed`):
a letter far from the best is refuted without solving its large classes. The search does the
same at every position below (`search.exact_value`: one round, each class asked for its share
of the gap in misses by size, smallest first, before the classes are searched largest first
against all that is left). Every class value stays exact or a proven lower bound, so this
changes the time, not the proof.
"""


@dataclass(frozen=True)
class Row:
    length: int
    objective: str  # "misses" or "win"

    @property
    def stem(self) -> str:
        """The row's name in file names."""
        return f"hangman-{self.length}-{self.objective}"

    @property
    def label(self) -> str:
        return "fewest misses" if self.objective == "misses" else f"most wins, {LIVES} misses"


def _figure(objective: str, misses: np.ndarray, lost: np.ndarray) -> str:
    """A solver's figure: mean misses, or share of words won (then mean misses)."""
    if objective == "misses":
        return f"{misses.mean():.4f}"
    return f"{1 - lost.mean():.3%} ({misses.mean():.4f})"


def _key(misses: np.ndarray, lost: np.ndarray) -> tuple[int, int]:
    """How a solver ranks: fewest words lost, then fewest misses."""
    return int(lost.sum()), int(misses.sum())


def hardest(words: list[str], misses: np.ndarray) -> str:
    """The words the strategy misses most on, most first (ties a-z)."""
    order = np.lexsort((np.array(words), -misses))[:HARDEST]
    return ", ".join(f"{words[i]} ({misses[i]})" for i in order)


def run_row(row: Row, limit: int | None = None, workers: int = 1,
            journals: Path | None = None, command: str = "") -> str:
    """One length and objective: the optimum, the others, the table line. With ``journals``
    (a folder) the search keeps its classes in a journal there and resumes from it, and each
    run is logged beside it: the time shown is then that of every run."""
    words = list(load_words(lingo_list(row.length)).words)[:limit]
    game = hangman(words, lives=UNLIMITED if row.objective == "misses" else LIVES)
    journal = None if journals is None else journals / f"{row.stem}.jsonl"
    log = None if journals is None else journals / f"{row.stem}.runs.jsonl"
    started = time.perf_counter()
    try:
        best = interruptible(lambda: optimum(game, workers=workers, journal=journal))
    except KeyboardInterrupt:  # a stopped run's time counts too
        if log is not None:
            runs_so_far(log, this_run(command, time.perf_counter() - started, workers=workers,
                                      stopped=True))
        raise
    took, positions = f"{best.seconds:.0f} s on {workers}", f"{best.nodes:,}"
    if log is not None:
        runs = runs_so_far(log, this_run(command, best.seconds, workers=workers))
        if len(runs) > 1:
            seconds = sum(float(str(r["seconds"])) for r in runs)
            took += f"; {len(runs)} runs: {seconds:.0f} s in all"
            positions += " (the last run)"
    others = {rule: greedy_outcomes(game, rule, None if row.objective == "win" else UNLIMITED)
              for rule in ("misses", "entropy")}
    fresh = hangman(words, lives=game.max_cost)  # its own memo: none of the optimum's values
    played = evaluate(fresh, Exact(row.objective))
    others["look-ahead"] = (played.cost, ~played.won)
    mine = (best.cost, ~best.won)
    closest = min(others.values(), key=lambda pair: _key(*pair))
    if row.objective == "misses":
        gain = f"{closest[0].mean() - best.mean_misses:.4f} misses"
    else:
        gain = f"{int(closest[1].sum()) - best.lost} words"
    first = game.guess_labels[best.root.guess]
    line = (f"| {row.length} | {len(words):,} | {row.label} | **{_figure(row.objective, *mine)}**"
            f" | {_figure(row.objective, *others['misses'])}"
            f" | {_figure(row.objective, *others['entropy'])}"
            f" | {_figure(row.objective, *others['look-ahead'])} | {gain} | {first} | "
            f"{positions} | {took} | "
            f"{hardest(list(game.secret_labels), best.cost)} |")
    return line


def kept_lines(rows: list[Row]) -> dict[Row, str]:
    """The lines of ``rows`` in the file's earlier run (none without a file)."""
    old = OUT.read_text().splitlines() if OUT.exists() else []
    return {row: line for row in rows for line in old
            if line.startswith(f"| {row.length} | ") and f"| {row.label} |" in line}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[13, 12, 11, 10, 9, 8])
    parser.add_argument("--objective", choices=["misses", "win"], action="append")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes of the search (default 1: one memo for every class)")
    parser.add_argument("--journals", type=Path, metavar="DIR",
                        help="keep each search's classes in DIR/hangman-N-OBJECTIVE.jsonl and "
                             "resume from there (a long length over several runs; each run "
                             "logged beside it, its time counted in the row)")
    parser.add_argument("--quick", action="store_true", help="200 words of length 9; no file")
    args = parser.parse_args(argv)
    if args.journals is not None:
        args.journals.mkdir(parents=True, exist_ok=True)
    objectives = args.objective or ["misses", "win"]
    every = [Row(n, o) for n in range(13, 3, -1) for o in ("misses", "win")]
    rows = [Row(9, "misses")] if args.quick else \
        [r for r in every if r.length in args.lengths and r.objective in objectives]
    kept = kept_lines([r for r in every if r not in rows])
    command = command_line("hangman_optimal", argv)
    done: dict[Row, str] = {}
    for row in rows:
        print(f"length {row.length}, {row.label} ...", flush=True)
        started = time.perf_counter()
        line = run_row(row, 200 if args.quick else None, 1 if args.quick else args.workers,
                       None if args.quick else args.journals, command.strip())
        done[row] = line
        print(f"  {line}  [{time.perf_counter() - started:.0f} s]", flush=True)
        if args.quick:
            continue
        lines = [done.get(r) or kept.get(r) for r in every]
        text = header("Hangman: the proven optimum on the official Lingo list",
                      command.strip())
        text += ("\nEvery word of the length chosen alike. `optimal`: the proven optimum "
                 "(`sleuth hangman optimal --length N [--lives 6]`); `greedy misses`: the "
                 "seed's rule (the letter fewest words lack); `greedy entropy`; `look-ahead`: "
                 "the `exact` solver (exact on small sets, one letter of look-ahead above). "
                 "With 6 misses allowed the figure is the share of words won, then the mean "
                 "misses (a lost game counting 7). Time: the search and the replay, on that "
                 "many worker processes, kernels compiled; no randomness (no seed). Rows "
                 "this command did not run are kept from the file's earlier run.\n\n" + COLUMNS
                 + "\n".join(line for line in lines if line) + "\n\n" + PROOF)
        OUT.write_text(text)
    print(COLUMNS + "\n".join(done.values()))


if __name__ == "__main__":
    stoppable()
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("stopped: each class searched is kept in its journal (with --journals)")
