"""Lingo floors: can any strategy reach issue 3's floor at a length, or is it out of reach?

Run: ``python -m bench.lingo_floors [--lengths 9-13] [--seconds 3600]`` (writes
bench/results/lingo-floors.md). For every length, :func:`scoring.deep_bound` is asked
only whether any strategy can average the floor over the whole official list: every first guess
is bounded (depth 1, then two guesses deep trying the classes' candidates, then every word, then
counting lost games), each only as far as it takes to put it at or below the floor. When every
first guess is there, no strategy reaches the floor, and the largest bound left is printed (a
sound bound, but not the tightest: the search stopped at the floor). Stopped by ``--seconds``
first, the row gives the largest bound so far instead, above the floor: nothing is proven.

Beside it, the plainest bound of all (:func:`scoring.upper_bound` at depth 1), which a
reader can check by hand: whatever the first guess, each feedback class it leaves can have one
secret named on the second attempt (400) and the others no sooner than the third (300 each).
Where even that is below the floor, no search is needed to rule it out. ``--quick``: length 4,
one second, written nowhere.
"""

from __future__ import annotations

import argparse
import time

from bench.common import header, kept_unless, lingo_list
from bench.lingo import FLOORS
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.pit import parse_lengths
from sleuth.games.lingo.prepare import load_tree
from sleuth.games.lingo.scoring import deep_bound, upper_bound
from sleuth.words.wordlist import load_words


def length_row(length: int, seconds: float) -> str:
    """The table row of one length."""
    words = list(load_words(lingo_list(length)).words)
    game = lingo_game(words)
    begin = time.perf_counter()
    plain = upper_bound(game, depth=1)
    plain_cell = (f"{plain / len(words):.2f} ({time.perf_counter() - begin:.0f} s)"
                  + (", out of reach" if plain < FLOORS[length] * len(words) else ""))
    begin = time.perf_counter()
    bound = deep_bound(game, seconds=seconds, target=FLOORS[length] * len(words))
    took = time.perf_counter() - begin
    mean = bound.total / len(words)
    tree = load_tree(words)
    reached = f"{tree.mean:.2f} ({tree.first})" if tree is not None else "not prepared"
    if bound.rules_out(FLOORS[length] * len(words)):
        verdict = f"out of reach: every first guess at most {mean:.2f}"
    else:
        verdict = f"not settled: {game.guess_labels[bound.guess]} still at {mean:.2f}"
    return (f"| {length} | {len(words)} | {FLOORS[length]} | {reached} | {plain_cell} | "
            f"{verdict} | {bound.refined} | {took:.0f} s |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lengths", default="9-13")
    parser.add_argument("--seconds", type=float, default=3600.0)
    parser.add_argument("--quick", action="store_true", help="length 4, 1 s; write nothing")
    args = parser.parse_args(argv)
    if args.quick:
        args.lengths, args.seconds = "4", 1.0
    rows = []
    for length in parse_lengths(args.lengths):
        rows.append(length_row(length, args.seconds))
        print(rows[-1], flush=True)
    command = f"python -m bench.lingo_floors --lengths {args.lengths} --seconds {args.seconds:g}"
    text = header("Lingo: is issue 3's floor within reach of any strategy?", command)
    text += ("\nPer length: the floor (mean score per game over the whole official list); the "
             "prepared tree's mean and first guess (from the cache folder, when prepared); the "
             "plainest bound, over every first guess: each class it leaves names one secret on "
             "the second attempt and the rest on the third, at best (and the time it took); the "
             "verdict of the bound asked only about the floor (every first guess bounded, "
             "each only until it is at or below the floor; out of reach: no strategy averages "
             "the floor); how many first guesses needed bounding against every word as second "
             "guess; and the time it took.\n\n")
    text += ("| length | words | floor | prepared | plainest bound | any strategy | bounded "
             "against every word | time |\n|---|---|---|---|---|---|---|---|\n")
    text += "\n".join(rows) + "\n"
    kept_unless(args.quick, "lingo-floors.md", text)
    print(text)


if __name__ == "__main__":
    main()
