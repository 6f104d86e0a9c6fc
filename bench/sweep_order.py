"""How early a sweep meets the best openers: where the published top 100 of each list
generation and mode stand in the exact search's cheap order (by its root bound) and in the
order a fresh sweep searches (its first openers put in order of the greedy estimate), and what
the estimate costs.

Run: ``python -m bench.sweep_order [--lists wordle-original] [--mode normal|hard]``. Writes
``bench/results/sweep-order.md`` (every list generation and mode unless told; ``--quick``: the
original lists in normal mode, 30 openers estimated, written nowhere). No randomness.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import sleuth.games.wordle.openers as openers
from bench.common import SHARED, command_line, header, kept_unless
from bench.sweep import PUBLISHED
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import shipped_lists
from sleuth.games.wordle.ranking import read_published

TOP = 100
TABLE = ("| lists | mode | openers estimated | seconds (1 process) | order | top 100 among the "
         "first 100 / 300 / 1000 | median place | 90th centile | last place |\n"
         "|---|---|---|---|---|---|---|---|---|\n")


def best_published(lists: str, hard: bool) -> set[str]:
    """The published top 100 (ties with the 100th too)."""
    published = read_published(SHARED / "wordle" / "published" / PUBLISHED[(lists, hard)])
    totals = sorted(total for total in published.values() if total is not None)
    return {word for word, total in published.items()
            if total is not None and total <= totals[TOP - 1]}


def places(order: list[str], best: set[str]) -> np.ndarray:
    """Where (from 1) each of ``best`` stands in ``order``."""
    return np.array([i + 1 for i, word in enumerate(order) if word in best])


def order_row(lists: str, hard: bool, name: str, order: list[str], best: set[str],
              estimated: int, seconds: float) -> str:
    at = places(order, best)
    among = " / ".join(str(int((at <= k).sum())) for k in (100, 300, 1000))
    return (f"| {lists} | {'hard' if hard else 'normal'} | {estimated:,} | {seconds:.0f} | "
            f"{name} | {among} | {np.median(at):.0f} | {np.percentile(at, 90):.0f} | "
            f"{at.max():,} |")


def rows(lists: str, hard: bool) -> list[str]:
    """The two orders of one list generation and mode, side by side."""
    game = game_from(shipped_lists(lists), hard=hard)
    best = best_published(lists, hard)
    root = openers.sweep_order(game)
    started = time.perf_counter()
    estimated = openers.estimated_first(game, root, 1, None)
    seconds = time.perf_counter() - started
    shown = min(len(root), openers.estimated_count(game))
    return [order_row(lists, hard, "root bound", root, best, 0, 0.0),
            order_row(lists, hard, "greedy estimate first", estimated, best, shown, seconds)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default=None)
    parser.add_argument("--mode", choices=("normal", "hard"), default=None)
    parser.add_argument("--quick", action="store_true", help="30 openers estimated; no file")
    args = parser.parse_args(argv)
    chosen = [(lists, hard) for lists, hard in PUBLISHED
              if args.lists in (None, lists) and args.mode in (None, "hard" if hard else "normal")]
    if not chosen:
        parser.error(f"--lists: no published ranking of {args.lists!r} "
                     f"(one of {', '.join(sorted({lists for lists, _ in PUBLISHED}))})")
    kept, out = openers.ESTIMATE_CELLS, []
    if args.quick:
        chosen, openers.ESTIMATE_CELLS = [("wordle-original", False)], 30 * 12_973 * 2_315
    try:
        for lists, hard in chosen:
            out += rows(lists, hard)
            print("\n".join(out[-2:]), file=sys.stderr, flush=True)
    finally:
        openers.ESTIMATE_CELLS = kept
    command = command_line("sweep_order", argv)
    text = header("Where a sweep meets the best openers", command)
    text += ("\nNo randomness. The published top 100 of each list generation and mode "
             "(`../shared/data/wordle/published/`, ties with the 100th counted) placed in two "
             "orders of every allowed opener: the exact search's own (`root bound`: how the "
             "opener splits the answers), and the order a fresh `sleuth wordle optimal --all` "
             "searches in, its first openers put in order of a compiled greedy player's total "
             "after each (`sleuth.solve.estimate`: the most classes at every set of 3 or more; "
             "every guess in normal mode, the candidates in hard mode), as many as "
             f"`openers.ESTIMATE_CELLS` ({openers.ESTIMATE_CELLS:.0e} table cells) allows. Until "
             "a sweep knows its 100 best exact totals it cuts each search only at the best so "
             "far plus 1.5%, and every opener under that (259 on nyt-2023-07-01 normal) is "
             "searched to the end: the earlier the top 100 come, the sooner the cut tightens "
             "to the 100th. Seconds: the estimate on one process (a sweep spreads it over its "
             "workers).\n\n" + TABLE + "\n".join(out) + "\n")
    kept_unless(args.quick, "sweep-order.md", text)
    print(TABLE + "\n".join(out))


if __name__ == "__main__":
    main()
