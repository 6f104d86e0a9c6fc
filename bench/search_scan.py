"""The exact search's node scan: every guess read from the whole feedback table, from the
table of the node's parent narrowed to the parent's candidates (what `mean_cost` reads below
an opener's classes), or from the node's own narrowed table; two guesses' rows at a time.

Run: ``python -m bench.search_scan [--before DIR]`` (writes bench/results/search-scan.md). The
nodes are the second level after an opener: each of its largest classes split by that class's
best guess by bound. Each scan is timed on the same nodes every way, one thread, best of
three; the machine is shared, so read the ratios. Then whole searches after an opener, one
worker, each in a fresh process on this checkout and, with ``--before``, on another (``git
worktree add /tmp/before COMMIT``), side by side (each side's best of two runs, taken in
turn). ``--quick``: the original lists, 3 classes, one search, written nowhere.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from bench.common import ROOT, best_time, command_line, commit, header, kept_unless, printed_on
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import load_lists
from sleuth.solve import kernels
from sleuth.solve.solver import Solver
from sleuth.solve.tables import INF, tables

#: Class sizes the table groups nodes by (a node of s candidates: the first bucket above s).
BUCKETS = (8, 16, 32, 64, 128, 4096)

#: Whole searches timed: lists, mode, opener and the total they are cut at (as a sweep cuts an
#: opener; above the optimum: the optimum found).
SEARCHES = (("wordle-nyt-2023-07-01", "normal", "couth", 11359),
            ("wordle-nyt-2023-07-01", "normal", "laces", 11359),
            ("wordle-nyt-2023-07-01", "normal", "tehrs", 11359),
            ("wordle-nyt-2023-07-01", "hard", "tarse", 11700),
            ("wordle-nyt-2022-08-30", "normal", "tarse", 7984),
            ("wordle-original", "normal", "salet", 7950))

#: One whole search in a fresh process (numba's cache of that tree warmed by a small one
#: first): prints its kind, total and seconds.
SEARCH = """
import sys, time
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import load_lists
from sleuth.solve.search import optimal_mean
lists, mode, opener, cut = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
warm = game_from(load_lists(list_name="wordle-original"), hard=mode == "hard")
optimal_mean(warm, first_guess="salet", max_guesses=6, upper=8300, workers=1)
game = game_from(load_lists(list_name=lists), hard=mode == "hard")
start = time.perf_counter()
found = optimal_mean(game, first_guess=opener, max_guesses=6, upper=cut, workers=1)
print(type(found).__name__, found.total, time.perf_counter() - start)
"""


def classes(row: np.ndarray, cands: np.ndarray, solved: int) -> list[np.ndarray]:
    """The unsolved classes ``row`` splits ``cands`` into, largest first."""
    codes = row[cands]
    found = [cands[codes == c] for c in np.unique(codes) if c != solved]
    return sorted(found, key=len, reverse=True)


def scanner(solver: Solver, tab: np.ndarray, cols: np.ndarray, cands: np.ndarray
            ) -> Callable[[], int]:
    """A call of :func:`kernels.scan` over every guess on ``cands`` read from ``cols`` of
    ``tab``, nothing cut (how many guesses it keeps)."""
    ctx, n = solver.ctx, solver.ctx.codes.shape[0]
    bounds = solver.child_bounds(None)
    scratch = np.zeros(solver.n_codes, np.int64), np.zeros(solver.n_codes, np.int64)
    out = np.empty(n, np.int64), np.empty(n, np.float64), np.empty(n, np.int64)
    none = np.empty(0, np.int64)

    def run() -> int:
        return int(kernels.scan(ctx, tab, cols, bounds, 1, cands, none, False, INF + 1, -1,
                                *scratch, *out, none, none)[0])
    return run


def second_level(solver: Solver, opener: int, top: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """(class, node) pairs: the ``top`` largest classes of ``opener`` and, for each, the
    classes of at least 3 its best guess by bound leaves."""
    codes, solved = solver.ctx.codes, solver.ctx.solved
    every = np.arange(codes.shape[1], dtype=np.int64)
    pairs = []
    for parent in classes(codes[opener], every, solved)[:top]:
        guesses, _ = solver.guess_bounds(parent, None, np.arange(codes.shape[0]))
        pairs += [(parent, node) for node in classes(codes[guesses[0]], parent, solved)
                  if node.size >= 3]
    return pairs


def measure(solver: Solver, pairs: list[tuple[np.ndarray, np.ndarray]]
            ) -> tuple[list[list[float]], float]:
    """Per bucket of node sizes: nodes, cells, seconds read from the whole table, from the
    parent's narrowed table and from the node's own; and the seconds to narrow the parents
    (once each)."""
    rows = [[0.0] * 5 for _ in BUCKETS]
    narrow: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for parent, node in pairs:
        key = id(parent)
        if key not in narrow:
            narrow[key] = kernels.narrowed(solver.ctx.codes, parent)
        tab, _ = narrow[key]
        cols = np.searchsorted(parent, node).astype(np.int64)
        wide = scanner(solver, solver.ctx.codes, node, node)
        near = scanner(solver, tab, cols, node)
        own = scanner(solver, *kernels.narrowed(tab, cols), node)
        assert wide() == near() == own()
        row = rows[next(i for i, top in enumerate(BUCKETS) if node.size <= top)]
        row[0] += 1
        row[1] += node.size * solver.ctx.codes.shape[0]
        row[2] += best_time(wide)
        row[3] += best_time(near)
        row[4] += best_time(own)
    spent = 0.0
    for parent, _ in pairs:
        if id(parent) in narrow:
            del narrow[id(parent)]
            spent += best_time(lambda p=parent: kernels.narrowed(solver.ctx.codes, p))
    return rows, spent


def table(rows: list[list[float]]) -> str:
    """The Markdown table of :func:`measure`'s rows, and all of them."""
    lines = ["| node size | nodes | whole table, ns a cell | parent's table, ns a cell | "
             "own table, ns a cell | whole / parent's | parent's / own |",
             "|---|---|---|---|---|---|---|"]
    lows = (3, *(top + 1 for top in BUCKETS[:-1]))
    sizes = [f"{low}-{top}" for low, top in zip(lows, BUCKETS, strict=True)]
    every = [sum(col) for col in zip(*rows, strict=True)]
    for size, (nodes, cells, wide, near, own) in zip([*sizes, "all"], [*rows, every],
                                                     strict=True):
        if nodes:
            lines.append(f"| {size} | {int(nodes)} | {wide / cells * 1e9:.2f} | "
                         f"{near / cells * 1e9:.2f} | {own / cells * 1e9:.2f} | "
                         f"{wide / near:.2f}x | {near / own:.2f}x |")
    return "\n".join(lines) + "\n"


def searched(src: Path, search: tuple[str, str, str, int]) -> tuple[str, int, float]:
    """(kind of result, total, seconds) of one of :data:`SEARCHES` on the sources ``src``."""
    kind, total, seconds = printed_on(src, SEARCH, *map(str, search))
    return kind, int(total), float(seconds)


def searches(before: Path | None, chosen: tuple[tuple[str, str, str, int], ...]) -> str:
    """The Markdown table of whole searches on this checkout and ``before`` (if any)."""
    lines = ["| lists | mode | opener | cut at | result | seconds | before (s) | before / now |",
             "|---|---|---|---|---|---|---|---|"]
    for search in chosen:
        kind, total, now = searched(ROOT / "src", search)
        old = searched(before / "src", search) if before else None
        if old and old[:2] != (kind, total):
            sys.exit(f"{search}: {kind} {total} here, {old[0]} {old[1]} before")
        if old:  # the machine is shared: each side's best of two, taken in turn
            now = min(now, searched(ROOT / "src", search)[2])
            old = (*old[:2], min(old[2], searched(before / "src", search)[2]))
        then = f"{old[2]:.1f} | {old[2] / now:.2f}x" if old else "- | -"
        lines.append(f"| {' | '.join(map(str, search))} | {kind} {total} | {now:.1f} | {then} |")
        print(lines[-1], file=sys.stderr)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lists", default="wordle-nyt-2023-07-01")
    parser.add_argument("--opener", default="couth")
    parser.add_argument("--top", type=int, default=8, help="the opener's classes measured")
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="another checkout whose whole searches are timed beside these")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.lists, args.opener, args.top = "wordle-original", "salet", 3
    if args.top < 1:
        parser.error("--top must be at least 1")
    if args.before and not (args.before / "src" / "sleuth").is_dir():
        parser.error(f"--before {args.before}: no src/sleuth there")
    try:
        game = game_from(load_lists(list_name=args.lists))
    except ValueError as err:
        parser.error(f"--lists: {err}")
    if args.opener not in game.guess_labels:
        parser.error(f"{args.opener!r} is not an allowed guess of {args.lists}")
    solver = Solver(tables(game))
    opener = game.guess_labels.index(args.opener)
    rows, spent = measure(solver, second_level(solver, opener, args.top))
    whole = sum(row[2] for row in rows)
    timed = searches(args.before, SEARCHES[-1:] if args.quick else SEARCHES)
    text = (header("The exact search's node scan: the whole table, the parent's or the node's "
                   "own",
                   command_line("search_scan", argv))
            + f"\nLists {args.lists}, normal mode, opener {args.opener}: its {args.top} largest "
            "classes, each split by its best guess by bound; the nodes are those classes of "
            "3 or more. Every guess scanned on each node (one thread, best of 3), read from "
            "the whole feedback table, from its parent class's narrowed table (its columns "
            "side by side) or from the node's own narrowed table; the scan reads two guesses' "
            "rows at a time. `kernels.mean_cost` narrows an opener's classes (read from the "
            "whole table) before their scan; deeper nodes scan their parent's table and narrow "
            "their own only when they go on to their guesses' classes (most fail at their "
            "scan). No randomness (no seed).\n\n" + table(rows)
            + f"\nNarrowing the {args.top} classes (each node of the search narrows its own "
            f"table once, from its parent's): {spent:.4f} s, against {whole:.4f} s for "
            "scanning their nodes above from the whole table.\n"
            + "\nWhole searches after an opener, each in a fresh process on one worker "
            "(`optimal_mean(game, first_guess=OPENER, max_guesses=6, upper=CUT, workers=1)`; "
            "with a before, each side's best of two runs taken in turn): "
            "a CutResult proves the opener's total at least CUT, a SearchResult gives its "
            "optimum. Before: "
            + (f"{args.before} (commit {commit(args.before)})" if args.before else "not run")
            + ".\n\n" + timed)
    print(text)
    kept_unless(args.quick, "search-scan.md", text)


if __name__ == "__main__":
    main()
