"""What the order a full memo drops its entries in buys Hangman's exact search: the
fewest-misses optimum of words drawn from one Lingo length, its memo capped at shares of the
entries it needs, floors dropped first or every entry by its set's size alone, side by side.

Run: ``python -m bench.hangman_memo [--length 4] [--sample 1600] [--shares 0.58 0.3 0.17]
[--limit 1800]``. Writes ``bench/results/hangman-memo.md`` (``--quick``: 300 words, written
nowhere). First the search runs with no cap, which tells the entries it needs (and how many of
them are floors); then each capped search runs in a process of its own on a fresh game, stopped
at ``--limit`` seconds. Every search that ends must prove the same optimum.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from multiprocessing.connection import Connection
from typing import NamedTuple

from numba import njit
from numba.typed import Dict

from bench.common import command_line, drawn, header, kept_unless, lingo_list
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.masks import tables
from sleuth.games.hangman.optimal import optimum
from sleuth.games.hangman.search import FLOOR, UNLIMITED
from sleuth.words.wordlist import load_words

NO_CAP = 1 << 40
WAYS = {"floors first": True, "by size": False}
TABLE = ("| memo cap: share of the entries needed | cap (entries) | floors first: positions "
         "| floors first: s | by size: positions | by size: s | time by size / floors first "
         "|\n|---|---|---|---|---|---|---|\n")


class Run(NamedTuple):
    """One search: the misses it proved (None: stopped at the limit), positions, seconds."""

    misses: int | None
    positions: int
    seconds: float


@njit(cache=True)
def _floors(memo: Dict) -> int:
    """How many of the memo's entries are floors."""
    n = 0
    for value in memo.values():
        n += value[3] == FLOOR
    return n


def search(words: list[str], cap: int, floors_first: bool) -> tuple[Run, int, int]:
    """The fewest-misses optimum of ``words`` on a fresh game with this memo cap and drop
    order, and the entries (and floors) its memo holds at the end."""
    game = hangman(words, lives=UNLIMITED)
    t = tables(game)
    t.memo_cap, t.floors_first = cap, floors_first
    started = time.perf_counter()
    best = optimum(game)
    run = Run(int(best.misses), best.nodes, time.perf_counter() - started)
    return run, len(t.memo), _floors(t.memo)


def _child(words: list[str], cap: int, floors_first: bool, out: Connection) -> None:
    out.send(search(words, cap, floors_first)[0])


def limited(words: list[str], cap: int, floors_first: bool, limit: float) -> Run:
    """:func:`search` in a process of its own, stopped after ``limit`` seconds."""
    fork = multiprocessing.get_context("fork")
    ours, theirs = fork.Pipe(duplex=False)
    child = fork.Process(target=_child, args=(words, cap, floors_first, theirs), daemon=True)
    started = time.perf_counter()
    child.start()
    try:
        if ours.poll(limit):
            return ours.recv()
        return Run(None, 0, time.perf_counter() - started)
    finally:
        child.terminate()
        child.join()


def cell(run: Run) -> str:
    """A way's positions and seconds, as two cells."""
    if run.misses is None:
        return f"stopped | over {run.seconds:.0f}"
    return f"{run.positions:,} | {run.seconds:.1f}"


def share_row(words: list[str], share: float, need: int, limit: float, misses: int) -> str:
    """Both orders with the memo capped at ``share`` of the ``need``ed entries, as a row."""
    cap = max(int(share * need), 2)
    runs = {way: limited(words, cap, on, limit) for way, on in WAYS.items()}
    for way, run in runs.items():
        if run.misses not in (None, misses):
            raise SystemExit(f"{way}, cap {cap}: {run.misses} misses, not {misses}")
    first, size = runs["floors first"], runs["by size"]
    ratio = (f"{size.seconds / first.seconds:.2f}" if first.misses is not None else "?")
    if size.misses is None and first.misses is not None:
        ratio = f"over {ratio}"
    return f"| {share:.0%} | {cap:,} | {cell(first)} | {cell(size)} | {ratio} |"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=4)
    parser.add_argument("--sample", type=int, default=1600,
                        help="words drawn from the length (numpy default_rng(0))")
    parser.add_argument("--shares", type=float, nargs="+", default=[0.58, 0.3, 0.17])
    parser.add_argument("--limit", type=float, default=1800, help="seconds a capped search "
                        "may take before it is stopped")
    parser.add_argument("--quick", action="store_true", help="300 words; no file")
    args = parser.parse_args(argv)
    if not 4 <= args.length <= 13:
        parser.error("--length takes 4..13")
    if args.sample < 3:
        parser.error("--sample takes 3 words or more")
    if not all(0 < share < 1 for share in args.shares):
        parser.error("--shares take shares between 0 and 1")
    if args.limit <= 0:
        parser.error("--limit takes a number of seconds above 0")
    words = drawn(list(load_words(lingo_list(args.length)).words),
                  300 if args.quick else args.sample)
    search(words[:100], NO_CAP, True)  # compiles before any timing
    full, need, floors = search(words, NO_CAP, True)
    assert full.misses is not None
    rows = [f"| none | {need:,} needed, {floors:,} of them floors | {cell(full)} | "
            f"{cell(full)} | 1.00 |"]
    print(rows[-1], file=sys.stderr, flush=True)
    for share in sorted(args.shares, reverse=True):
        rows.append(share_row(words, share, need, args.limit, full.misses))
        print(rows[-1], file=sys.stderr, flush=True)
    command = command_line("hangman_memo", argv)
    text = header("Hangman's exact search with a full memo: floors dropped first, or every "
                  "entry by size", command)
    text += (f"\nThe fewest-misses optimum ({full.misses:,} misses) of {len(words):,} words "
             f"of length {args.length} of the official Lingo list, drawn with numpy's "
             "default_rng(0), on one process, a fresh game (its own memo) for each search. "
             "The memo keeps searched sets' values and the floors of sets of 8 words or more "
             "(`search.floor_value`: found again in one pass over the set); past its cap it "
             "drops entries until half the cap is left. `floors first`: floors go first, then "
             "searched sets by size, smallest first (as the search has it); `by size`: every "
             "entry by its set's size alone, smallest first, floors among them (the order "
             "before 4e2b625). Neither drops a searched set of 64 words or more. With no cap "
             "both are one search. Each capped search runs in a process of its own, stopped "
             f"after {args.limit:.0f} s; every search that ends proves the same optimum."
             "\n\n" + TABLE + "\n".join(rows) + "\n")
    kept_unless(args.quick, "hangman-memo.md", text)
    print(TABLE + "\n".join(rows))


if __name__ == "__main__":
    main()
