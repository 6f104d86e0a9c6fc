"""What sharing the gap still open buys the squeeze (the cheap round that refutes a first
guess before its large classes are solved): each class asked for its share of the gap left
when its turn comes, against its share of the gap when the round began; side by side.

Run: ``python -m bench.squeeze [--lists wordle-original] [--sample 60] [--seed 1]
[--hangman 9]``. Writes ``bench/results/squeeze.md`` (``--quick``: a few openers and a short
Hangman list, written nowhere). Wordle: openers drawn (seeded) from the sweep's order past its
first 300, each searched on one process against the sweep's cut-off (the 100th best exact
total in the committed ranking). Hangman: the fewest-misses optimum of one length. Each way
runs twice, in the order left, start, start, left, each pass on fresh memos; the faster of
its two passes counts.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

import sleuth.games.hangman.optimal as hangman_optimal
import sleuth.solve.runner as runner
from bench.common import RESULTS, command_line, header, kept_unless, lingo_list
from sleuth.core.game import Game
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.search import UNLIMITED
from sleuth.games.wordle.game import game_from
from sleuth.games.wordle.lists import shipped_lists
from sleuth.games.wordle.openers import Sweep, sweep_order
from sleuth.solve.search import optimal_mean
from sleuth.solve.solver import forget
from sleuth.words.wordlist import load_words

SKIP = 300  # the sweep's first openers: searched to the end, not cut
TOP = 100
TABLE = ("| search | runs | what each way found | gap left: total s | at the start: total s "
         "| ratio | median (left / start) | slowest (left / start) |\n"
         "|---|---|---|---|---|---|---|---|\n")


@contextmanager
def sharing(what_is_left: bool) -> Iterator[None]:
    """Both squeezes (the exact search's and Hangman's) set to one way of sharing the gap."""
    kept = runner.SHARE_WHAT_IS_LEFT
    runner.SHARE_WHAT_IS_LEFT = what_is_left
    try:
        yield
    finally:
        runner.SHARE_WHAT_IS_LEFT = kept


Ways = dict[bool, tuple[list[Any], list[float]]]


def passes(run: Callable[[str], Any], items: list[str]) -> Ways:
    """Each way's outcomes of ``run`` on ``items`` and the faster of its two passes' seconds
    on each, the passes in the order gap left, at the start, at the start, gap left; each pass
    on fresh memos (what a pass learns it keeps from one item to the next, as a sweep does)."""
    out: Ways = {}
    for way in (True, False, False, True):
        forget()
        found, seconds = [], []
        with sharing(way):
            for item in items:
                started = time.perf_counter()
                found.append(run(item))
                seconds.append(time.perf_counter() - started)
        if way in out:
            if out[way][0] != found:
                raise SystemExit(f"two passes of one way disagree: {out[way][0]} and {found}")
            seconds = list(np.minimum(out[way][1], seconds))
        out[way] = (found, seconds)
    return out


def cutoff(lists: str) -> int:
    """The 100th best exact total of the committed normal-mode sweep of ``lists``."""
    found = Sweep.load(RESULTS / "sweep" / f"{lists}-normal.jsonl").cutoff(TOP)
    if found is None:
        raise SystemExit(f"{lists}: the committed sweep has fewer than {TOP} exact totals")
    return found


def wordle_rows(game: Game, openers: list[str], upper: int) -> tuple[str, list[float],
                                                                      list[float]]:
    """Each opener searched against ``upper`` both ways: what they found (both must cut the
    same openers and agree on every exact total), and the seconds of each way."""
    def search(word: str) -> tuple[bool, int]:
        result = optimal_mean(game, first_guess=word, max_guesses=game.max_cost, upper=upper,
                              workers=1)
        cut = bool(getattr(result, "cut", False))
        return cut, 0 if cut else int(result.total)

    out = passes(search, openers)
    if out[True][0] != out[False][0]:
        raise SystemExit("the two ways cut different openers or found different totals")
    cut = sum(found[0] for found in out[True][0])
    return (f"{cut} cut, {len(openers) - cut} exact, the same", out[True][1], out[False][1])


def hangman_rows(words: list[str]) -> tuple[str, list[float], list[float]]:
    """The fewest-misses optimum of ``words`` both ways, each on a fresh game (its own
    memo)."""
    def search(_: str) -> int:
        return hangman_optimal.optimum(hangman(words, lives=UNLIMITED)).misses

    hangman_optimal.optimum(hangman(words[:300], lives=UNLIMITED))  # compiles the kernels
    out = passes(search, [""])
    if out[True][0] != out[False][0]:
        raise SystemExit(f"hangman: {out[True][0]} misses one way, {out[False][0]} the other")
    return f"{out[True][0][0]} misses in all, the same", out[True][1], out[False][1]


def row(label: str, found: str, left: list[float], start: list[float]) -> str:
    slowest = int(np.argmax(np.maximum(left, start)))
    return (f"| {label} | {len(left)} | {found} | {sum(left):.1f} | {sum(start):.1f} | "
            f"{sum(start) / sum(left):.2f} | {np.median(left):.3f} / {np.median(start):.3f} | "
            f"{left[slowest]:.2f} / {start[slowest]:.2f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", default="wordle-original")
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hangman", type=int, default=9, help="a Lingo list length")
    parser.add_argument("--quick", action="store_true", help="4 openers, 300 words; no file")
    args = parser.parse_args(argv)
    try:
        game = game_from(shipped_lists(args.lists))
    except ValueError as error:  # an unknown list: one line, before any search
        parser.error(str(error))
    if not 4 <= args.hangman <= 13 or args.sample < 1:
        parser.error("--hangman takes a length 4..13 and --sample a positive count")
    upper = cutoff(args.lists) + 1
    order = sweep_order(game)[SKIP:]
    rng = np.random.default_rng(args.seed)
    openers = [order[int(i)] for i in np.sort(rng.choice(len(order), 4 if args.quick
                                                         else args.sample, replace=False))]
    words = list(load_words(lingo_list(args.hangman)).words)[:300 if args.quick else None]
    optimal_mean(game, first_guess=openers[0], max_guesses=game.max_cost, upper=upper,
                 workers=1)  # compiles the kernels and fills the tables before any timing
    rows = [row(f"{args.lists}, openers past the first {SKIP}, cut at {upper - 1}",
                *wordle_rows(game, openers, upper)),
            row(f"Hangman length {args.hangman}, fewest misses ({len(words):,} words)",
                *hangman_rows(words))]
    for line in rows:
        print(line, file=sys.stderr, flush=True)
    command = command_line("squeeze", argv)
    text = header("The squeeze: sharing the gap still open, against the gap at the start",
                  command)
    text += (f"\nSeed {args.seed} draws the openers. One process. Before a first guess's "
             "classes are solved, a squeeze asks each (smallest first) only for a share of "
             "the gap between the guess's bound and the limit, by size: either the gap still "
             "open when its turn comes (what the small classes proved beyond their shares "
             "lowers what the large ones are asked), or the gap when the round began. Both "
             "ways prove the same; the time differs. Each way runs twice, in the order left, "
             "start, start, left, each pass on fresh memos (kept from one opener to the next, "
             "as a sweep keeps them); the faster of a way's two passes counts, per opener.\n\n"
             + TABLE + "\n".join(rows) + "\n")
    kept_unless(args.quick, "squeeze.md", text)
    print(TABLE + "\n".join(rows))


if __name__ == "__main__":
    main()
