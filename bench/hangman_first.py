"""What the fewest-misses search buys the search with lives when it comes first: the proven
optimum with 6 lives of seeded samples of the Lingo list, the two ways side by side.

Run: ``python -m bench.hangman_first [--seed 0] [--lives 6]``. Writes
``bench/results/hangman-first.md`` (``--quick``: two small samples, written nowhere). Each
sample is searched on one process, on a fresh game (its own memo), first with the
fewest-misses search before the search with lives, then with the search with lives alone;
both must prove the same optimum. The seed's rule's losses beside them: the optimum runs the
first search first only where that rule loses at most 1% of the words
(:func:`sleuth.games.hangman.optimal._misses_first`).
"""

from __future__ import annotations

import argparse
import sys
import time
from unittest.mock import patch

import sleuth.games.hangman.optimal as hangman_optimal
from bench.common import command_line, drawn, header, kept_unless, lingo_list
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.solvers import greedy_outcomes
from sleuth.words.wordlist import load_words

SAMPLES = ((4, 800), (4, 1600), (5, 3000), (6, 4000), (7, 6000), (10, 0))  # 0: every word
QUICK = ((4, 300), (10, 2000))
TABLE = ("| length | words | the seed's rule loses | optimum (lost, misses) | first: positions "
         "| first: s | alone: positions | alone: s | ratio (first / alone) |\n"
         "|---|---|---|---|---|---|---|---|---|\n")


def sample(length: int, size: int, seed: int) -> list[str]:
    """``size`` words of ``length`` letters of the Lingo list drawn with ``seed`` (0: all)."""
    return drawn(list(load_words(lingo_list(length)).words), size, seed)


def row(length: int, words: list[str], lives: int) -> str:
    """Both ways on ``words``: the optimum, positions and seconds of each."""
    found = {}
    for on in (True, False):
        with patch.object(hangman_optimal, "MISSES_FIRST_LOST", 1.0 if on else -1.0):
            started = time.perf_counter()
            best = hangman_optimal.optimum(hangman(words, lives=lives))
            found[on] = (best.lost, best.misses), best.nodes, time.perf_counter() - started
    if found[True][0] != found[False][0]:
        raise SystemExit(f"length {length}: {found[True][0]} one way, {found[False][0]} the "
                         "other")
    lost = greedy_outcomes(hangman(words, lives=lives), "misses")[1].mean()
    (value, n1, s1), (_, n2, s2) = found[True], found[False]
    return (f"| {length} | {len(words):,} | {100 * lost:.2f}% | {value} | {n1:,} | {s1:.1f} | "
            f"{n2:,} | {s2:.1f} | {s1 / s2:.2f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lives", type=int, default=6)
    parser.add_argument("--quick", action="store_true", help="two small samples; no file")
    args = parser.parse_args(argv)
    if not 0 <= args.lives < 25:
        parser.error("--lives takes 0 to 24")
    hangman_optimal.optimum(hangman(sample(4, 200, args.seed), lives=args.lives))  # compiles
    rows = []
    for length, size in QUICK if args.quick else SAMPLES:
        rows.append(row(length, sample(length, size, args.seed), args.lives))
        print(rows[-1], file=sys.stderr, flush=True)
    command = command_line("hangman_first", argv)
    text = header("Hangman with lives: the fewest-misses search first, or not", command)
    text += (f"\nSeed {args.seed} draws each sample (numpy's default_rng), {args.lives} lives, "
             "one process, a fresh memo for each search. First: the fewest-misses search runs "
             "before the search with lives, whose sets' floors it raises, and settles the "
             "optimum alone when its tree wins every word; alone: the search with lives only. "
             "Both prove the same optimum; positions and seconds are each way's whole search. "
             "The optimum runs the first search first only where the seed's rule loses at "
             "most 1% of the words.\n\n" + TABLE + "\n".join(rows) + "\n")
    kept_unless(args.quick, "hangman-first.md", text)
    print(TABLE + "\n".join(rows))


if __name__ == "__main__":
    main()
