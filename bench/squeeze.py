"""What the squeeze's settings buy it (the cheap round that refutes a first guess before its
large classes are solved), each against one other way, side by side: ``--against
share-at-start``, each class asked for its share of the gap when the round began rather than
of the gap still open when its turn comes; ``--against smallest-first``, the classes asked
smallest first rather than with those under ``runner.SMALL_LAST`` last.

Run: ``python -m bench.squeeze [--against share-at-start] [--lists wordle-original]
[--sample 60] [--seed 1] [--hangman 9]``. Writes ``bench/results/squeeze.md``
(``squeeze-smallest-first.md``; with other lists ``squeeze[-AGAINST]-LISTS.md``;
``--quick``: a few openers and a short Hangman list, written nowhere). Wordle: openers drawn
(seeded) from the sweep's order past its first 300, each searched on one process against the
sweep's cut-off (the 100th best exact total in the committed ranking). Hangman (whose
squeeze shares the gap the same way, but orders its classes its own way): the fewest-misses
optimum of one length, with ``share-at-start`` only. Each way runs twice, in the order now,
other, other, now, each pass on fresh memos; the faster of its two passes counts.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any
from unittest.mock import patch

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

DEFAULT_LISTS = "wordle-original"
SKIP = 300  # the sweep's first openers: searched to the end, not cut
TOP = 100
TABLE = ("| search | runs | what each way found | now: total s | {other}: total s "
         "| ratio | median (now / {other}) | slowest (now / {other}) |\n"
         "|---|---|---|---|---|---|---|---|\n")
#: The other way each comparison measures: the runner's setting and its value.
AGAINST = {"share-at-start": ("SHARE_WHAT_IS_LEFT", False), "smallest-first": ("SMALL_LAST", 0)}
#: What each comparison's text says the two ways are.
WAYS = {"share-at-start": "a squeeze asks each class (in its order) only for a share of the "
        "gap between the guess's bound and the limit, by size: either the gap still open when "
        "its turn comes (now: what the small classes proved beyond their shares lowers what "
        "the large ones are asked), or the gap when the round began.",
        "smallest-first": "a squeeze asks each class for its share of the gap still open, in "
        "an order: now, smallest first but those under `runner.SMALL_LAST` last (their bounds "
        "are all but exact, yet each costs a scan of every guess), or smallest first."}


def way(against: str, now: bool) -> AbstractContextManager[object]:
    """The squeezes set as they are (``now``) or to the other way of ``against``."""
    name, value = AGAINST[against]
    return nullcontext() if now else patch.object(runner, name, value)


Ways = dict[bool, tuple[list[Any], list[float]]]


def passes(run: Callable[[str], Any], items: list[str], against: str) -> Ways:
    """Each way's outcomes of ``run`` on ``items`` and the faster of its two passes' seconds
    on each (keyed: now or not), the passes in the order now, other, other, now; each pass
    on fresh memos (what a pass learns it keeps from one item to the next, as a sweep does)."""
    out: Ways = {}
    for now in (True, False, False, True):
        forget()
        found, seconds = [], []
        with way(against, now):
            for item in items:
                started = time.perf_counter()
                found.append(run(item))
                seconds.append(time.perf_counter() - started)
        if now in out:
            if out[now][0] != found:
                raise SystemExit(f"two passes of one way disagree: {out[now][0]} and {found}")
            seconds = list(np.minimum(out[now][1], seconds))
        out[now] = (found, seconds)
    return out


def cutoff(lists: str) -> int:
    """The 100th best exact total of the committed normal-mode sweep of ``lists``."""
    found = Sweep.load(RESULTS / "sweep" / f"{lists}-normal.jsonl").cutoff(TOP)
    if found is None:
        raise SystemExit(f"{lists}: the committed sweep has fewer than {TOP} exact totals")
    return found


def wordle_rows(game: Game, openers: list[str], upper: int,
                against: str) -> tuple[str, list[float], list[float]]:
    """Each opener searched against ``upper`` both ways: what they found (both must cut the
    same openers and agree on every exact total), and the seconds of each way."""
    def search(word: str) -> tuple[bool, int]:
        result = optimal_mean(game, first_guess=word, max_guesses=game.max_cost, upper=upper,
                              workers=1)
        cut = bool(getattr(result, "cut", False))
        return cut, 0 if cut else int(result.total)

    out = passes(search, openers, against)
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
    out = passes(search, [""], "share-at-start")
    if out[True][0] != out[False][0]:
        raise SystemExit(f"hangman: {out[True][0]} misses one way, {out[False][0]} the other")
    return f"{out[True][0][0]} misses in all, the same", out[True][1], out[False][1]


def row(label: str, found: str, now: list[float], other: list[float]) -> str:
    slowest = int(np.argmax(np.maximum(now, other)))
    return (f"| {label} | {len(now)} | {found} | {sum(now):.1f} | {sum(other):.1f} | "
            f"{sum(other) / sum(now):.2f} | {np.median(now):.3f} / {np.median(other):.3f} | "
            f"{now[slowest]:.2f} / {other[slowest]:.2f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="share-at-start", choices=sorted(AGAINST))
    parser.add_argument("--lists", default=DEFAULT_LISTS)
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
    optimal_mean(game, first_guess=openers[0], max_guesses=game.max_cost, upper=upper,
                 workers=1)  # compiles the kernels and fills the tables before any timing
    rows = [row(f"{args.lists}, openers past the first {SKIP}, cut at {upper - 1}",
                *wordle_rows(game, openers, upper, args.against))]
    if args.against == "share-at-start":
        words = list(load_words(lingo_list(args.hangman)).words)[:300 if args.quick else None]
        rows.append(row(f"Hangman length {args.hangman}, fewest misses ({len(words):,} words)",
                        *hangman_rows(words)))
    for line in rows:
        print(line, file=sys.stderr, flush=True)
    table = TABLE.format(other=args.against) + "\n".join(rows)
    text = header(f"The squeeze: as it is, against {args.against}",
                  command_line("squeeze", argv))
    text += (f"\nSeed {args.seed} draws the openers. One process. Before a first guess's "
             f"classes are solved, {WAYS[args.against]} Both ways prove the same; the time "
             "differs. Each way runs twice, in the order now, other, other, now, each pass on "
             "fresh memos (kept from one opener to the next, as a sweep keeps them); the "
             "faster of a way's two passes counts, per opener.\n\n" + table + "\n")
    name = "squeeze" + ("" if args.against == "share-at-start" else f"-{args.against}") + (
        "" if args.lists == DEFAULT_LISTS else f"-{args.lists}") + ".md"
    kept_unless(args.quick, name, text)
    print(table)


if __name__ == "__main__":
    main()
