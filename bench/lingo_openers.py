"""Lingo openers: how much any strategy could score after each of the most promising first guesses.

Run: ``python -m bench.lingo_openers [--lengths 7-9] [--top 12] [--seconds 0]
[--output lingo-openers.md]`` (writes bench/results/OUTPUT). For every length, the ``--top``
first guesses with the largest depth-1 bounds (one secret per class of the first guess named
on the 2nd attempt, the rest on the 3rd), and the prepared tree's own first guess, are bounded
two guesses deep against every word (:func:`scoring.opening_bound`): no strategy that
opens with that word can average more. With ``--seconds``, each opener's classes are then
bounded for that long by counting the games they must lose (the tree's own opener also
searched, when its bound comes within 2% of the tree). The first guesses left out are bounded
only by their depth-1 bound, at most the largest one below the cut, so the best of the two
columns' maxima bounds every strategy. ``--quick``: length 4, the top 2, written nowhere.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bench.common import header, kept_unless, lingo_list
from bench.lingo import FLOORS
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.pit import parse_lengths
from sleuth.games.lingo.prepare import load_tree
from sleuth.games.lingo.scoring import opening_bound, perfect_split_bounds
from sleuth.words.wordlist import load_words


def length_rows(length: int, top: int, seconds: float) -> tuple[list[str], str]:
    """The table rows of one length and its summary line."""
    words = list(load_words(lingo_list(length)).words)
    game = lingo_game(words)
    start = game.start()
    pool = game.allowed_guesses(start)
    depth1 = perfect_split_bounds(game, pool, start.candidates, start.cost) / len(words)
    order = np.argsort(-depth1, kind="stable")
    tree = load_tree(words)
    chosen = [int(i) for i in order[:top]]
    if tree is not None and game.guess_index(tree.first) not in [int(pool[i]) for i in chosen]:
        chosen.append(int(np.flatnonzero(pool == game.guess_index(tree.first))[0]))
    rows, best = [], (-1.0, "")
    for rank, i in enumerate(chosen, 1):
        guess = int(pool[i])
        begin = time.perf_counter()
        own = tree is not None and guess == game.guess_index(tree.first)
        reached = tree.total if own else 0.0  # search only the tree's own opener, when near
        bound = opening_bound(game, guess, seconds=seconds, reached=reached).total / len(words)
        took = time.perf_counter() - begin
        word = game.guess_labels[guess]
        mark = f" (prepared: {tree.mean:.2f})" if tree is not None and word == tree.first else ""
        best = max(best, (bound, word))
        rows.append(f"| {length} | {rank if rank <= top else '-'} | {word}{mark} | "
                    f"{depth1[i]:.2f} | {bound:.2f} | {took:.0f} s |")
        print(rows[-1], flush=True)
    rest = float(depth1[order[top]]) if order.size > top else float("-inf")
    summary = (f"- length {length} (floor {FLOORS[length]}): after any of these openers at most "
               f"{best[0]:.2f} ({best[1]}); every other opener at most {rest:.2f} (depth 1); so "
               f"no strategy averages more than {max(best[0], rest):.2f}")
    return rows, summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lengths", default="7-9")
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=0.0)
    parser.add_argument("--output", default="lingo-openers.md")
    parser.add_argument("--quick", action="store_true", help="length 4, top 2; write nothing")
    args = parser.parse_args(argv)
    if args.quick:
        args.lengths, args.top, args.seconds = "4", 2, 0.0
    rows: list[str] = []
    summaries: list[str] = []
    for length in parse_lengths(args.lengths):
        more, summary = length_rows(length, args.top, args.seconds)
        rows += more
        summaries.append(summary)
    command = (f"python -m bench.lingo_openers --lengths {args.lengths} --top {args.top} "
               f"--seconds {args.seconds:g} --output {args.output}")
    text = header("Lingo: the best any strategy can average after each promising first guess",
                  command)
    text += ("\nPer length, the first guesses with the largest depth-1 bounds (rank) and the "
             "prepared tree's own (rank -): depth 1, and the bound two guesses deep against "
             "every word after that opening (any strategy that opens with it averages at most "
             "that), then, when the command gives seconds, each class lowered for up to that "
             "long by counting the games it must lose (every word tried as the next guesses but "
             "the last) and, for the tree's opener when within 2% of it, searched; with the "
             "time it took. Means per game over the whole official list.\n\n")
    text += "\n".join(summaries) + "\n\n"
    column = "two deep" if args.seconds == 0 else f"bound after {args.seconds:g} s"
    text += f"| length | rank | first guess | depth 1 | {column} | time |\n"
    text += "|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n"
    kept_unless(args.quick, args.output, text)
    print(text)


if __name__ == "__main__":
    main()
