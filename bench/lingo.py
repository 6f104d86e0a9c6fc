"""Lingo strength: exact mean score per game over whole official lists, strategies side by side.

Run: ``python bench/lingo.py [--lengths 4-13] [--strategies tournament,maxscore,...]`` (writes
bench/results/lingo.md). Each mean is exact: the decision tree of the strategy is evaluated
over every word of the length (no sampling, so no seed). The C++ entry's whole-list means and
the floors of issue 3 are printed beside ours.
"""

from __future__ import annotations

import argparse
import time

from common import RESULTS, header, lingo_list
from sleuth.game import word_game
from sleuth.lingo.pit import parse_lengths
from sleuth.strategies import get
from sleuth.tree import evaluate
from sleuth.words import load_words

CPP_MEANS = {4: 100.98, 5: 164.44, 6: 212.27, 7: 246.16, 8: 273.23, 9: 289.00, 10: 302.13,
             11: 323.62, 12: 330.19, 13: 339.60}
FLOORS = {4: 137, 5: 200, 6: 236, 7: 268, 8: 291, 9: 308.5, 10: 323, 11: 337.5, 12: 352.5,
          13: 364}


def row(length: int, names: list[str]) -> list[str]:
    """One table row: every strategy's exact mean and time on the whole list of a length."""
    words = list(load_words(lingo_list(length)).words)
    game = word_game(words)
    cells = [str(length), str(len(words)), f"{CPP_MEANS[length]:.2f}", f"{FLOORS[length]}"]
    for name in names:
        start = time.perf_counter()
        result = evaluate(game, get(name))
        seconds = time.perf_counter() - start
        cells.append(f"{result.mean_score():.2f} ({result.failures} lost, {seconds:.0f} s)")
        print(f"length {length} {name}: {cells[-1]}", flush=True)
    return cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lengths", default="4-13")
    parser.add_argument("--strategies", default="entropy,minimax,tournament")
    args = parser.parse_args()
    names = args.strategies.split(",")
    rows = [row(n, names) for n in parse_lengths(args.lengths)]
    command = f"python bench/lingo.py --lengths {args.lengths} --strategies {args.strategies}"
    text = header("Lingo: exact mean score per game over the whole official lists", command)
    text += ("\nMean score per game (100 x (6 - attempts), 0 when lost) over every word of the "
             "length, from each strategy's full decision tree; in brackets the words lost and "
             "the time to evaluate the tree. C++: the winning 2014 entry's own whole-list means "
             "(SPEC section 1); floor: what issue 3 asks for.\n\n")
    text += "| length | words | C++ entry | floor | " + " | ".join(names) + " |\n"
    text += "|---" * (4 + len(names)) + "|\n"
    text += "".join("| " + " | ".join(cells) + " |\n" for cells in rows)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "lingo.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
