"""What the families and the chain of misses buy Hangman's exact search: the fewest-misses
optimum of whole Lingo lengths (or of words drawn from them) with each class's floor counting
its families' stars (bill, fill, gill; bake, cane, date) and the misses of the first two letters
while every guess misses, with the first letter's only, with families alike but at one place
only (bill, fill, gill), and without families; side by side.

Run: ``python -m bench.hangman_floors [--lengths 9 8] [--sample N]``. Writes
``bench/results/hangman-floors.md`` (``--sample N``: N words drawn from each length with
numpy's default_rng(0), ``hangman-floors-sample.md``; ``--quick``: 300 words of length 9,
written nowhere). One process; each way runs twice, in the order of the table and back, each
pass on a fresh game (its own memo); the faster of a way's two passes counts.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import NamedTuple
from unittest.mock import patch

import sleuth.games.hangman.optimal as hangman_optimal
from bench.common import command_line, drawn, header, kept_unless, lingo_list
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.masks import CHAIN_LETTERS, STAR_PLACES, family_ids, tables
from sleuth.games.hangman.search import UNLIMITED
from sleuth.words.wordlist import load_words


class Way(NamedTuple):
    """What a pass counts: families alike but at up to ``places`` places (0: none), the
    ``chain``'s letters, and whether it squeezes below the first letter and at the root."""

    places: int
    chain: int
    squeeze: bool = True
    root_squeeze: bool = True


WAYS = {"stars": Way(STAR_PLACES, CHAIN_LETTERS),
        "no squeeze": Way(STAR_PLACES, CHAIN_LETTERS, squeeze=False),
        "no root squeeze": Way(STAR_PLACES, CHAIN_LETTERS, root_squeeze=False),
        "first letter": Way(STAR_PLACES, 1), "one place": Way(1, CHAIN_LETTERS),
        "none": Way(0, CHAIN_LETTERS)}
RATIOS = ("no squeeze", "no root squeeze", "first letter", "none")
TABLE = ("| length | words | misses (every way) | positions: " + " | ".join(WAYS) + " | seconds: "
         + " | ".join(WAYS) + " | " + " | ".join(f"time {way} / stars" for way in RATIOS)
         + " |\n|" + "---|" * (3 + 2 * len(WAYS) + len(RATIOS)) + "\n")


def one_pass(words: list[str], way: Way) -> tuple[int, int, float]:
    """(misses, positions, seconds) of the fewest-misses optimum on a fresh game, its floors
    counting families alike but at up to ``way.places`` places (0: every word in none) and the
    misses of the first ``way.chain`` letters that all miss, squeezing as the way says."""
    game = hangman(words, lives=UNLIMITED)
    t = tables(game)
    t.chain, t.squeeze = way.chain, way.squeeze
    t.family_ids[:] = family_ids(game.secrets, way.places) if way.places else -1
    rounds = hangman_optimal.SQUEEZE_ROUNDS if way.root_squeeze else 0
    with patch.object(hangman_optimal, "SQUEEZE_ROUNDS", rounds):
        started = time.perf_counter()
        best = hangman_optimal.optimum(game)
        return best.misses, best.nodes, time.perf_counter() - started


def length_row(length: int, words: list[str]) -> str:
    """Every way on one length, as a row; they must find the same optimum."""
    found: dict[str, tuple[int, int, float]] = {}
    for way in [*WAYS, *reversed(WAYS)]:
        misses, positions, seconds = one_pass(words, WAYS[way])
        if way in found:
            if found[way][:2] != (misses, positions):
                raise SystemExit(f"length {length}: two passes of one way disagree")
            seconds = min(seconds, found[way][2])
        found[way] = (misses, positions, seconds)
    if len({misses for misses, _, _ in found.values()}) > 1:
        raise SystemExit(f"length {length}: the ways disagree: {found}")
    positions = " | ".join(f"{found[way][1]:,}" for way in WAYS)
    seconds = " | ".join(f"{found[way][2]:.1f}" for way in WAYS)
    ratios = " | ".join(f"{found[way][2] / found['stars'][2]:.2f}" for way in RATIOS)
    return (f"| {length} | {len(words):,} | {found['stars'][0]:,} | {positions} | {seconds} | "
            f"{ratios} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[9, 8])
    parser.add_argument("--sample", type=int, default=None,
                        help="words drawn from each length (numpy default_rng(0))")
    parser.add_argument("--quick", action="store_true", help="300 words of length 9; no file")
    args = parser.parse_args(argv)
    if not all(4 <= n <= 13 for n in args.lengths):
        parser.error("--lengths take lengths 4..13")
    if args.sample is not None and args.sample < 3:
        parser.error("--sample takes 3 words or more")
    lengths = [9] if args.quick else args.lengths
    lists = {n: drawn(list(load_words(lingo_list(n)).words), 300 if args.quick else args.sample)
             for n in lengths}
    hangman_optimal.optimum(hangman(lists[lengths[0]][:200], lives=UNLIMITED))  # compiles first
    rows = []
    for n in lengths:
        rows.append(length_row(n, lists[n]))
        print(rows[-1], file=sys.stderr, flush=True)
    command = command_line("hangman_floors", argv)
    text = header("Hangman's exact search: floors with families and the chain of misses, the "
                  "squeeze, and without", command)
    drawn_words = ("" if args.sample is None else
                   f" ({args.sample} words of each drawn with numpy's default_rng(0))")
    text += ("\nThe fewest-misses optimum (`sleuth hangman optimal --length N`) of each "
             f"length of the official Lingo list{drawn_words}, on one process. A class's floor "
             "is the larger of the fewest misses of a letter that splits it and its families' "
             "stars (a family's words are alike but at a few places whose letters stand "
             "nowhere else in the family, so each guess tells one of them from the rest: the "
             "k-th named misses k - 1 times whatever the strategy) plus the misses no star "
             "counts of the chain: the first letters while every guess misses (the first "
             "splits the class; if two words or more lack it, the next splits those). `stars`: "
             f"families alike but at up to {STAR_PLACES} places (bill, fill, gill; bake, cane, "
             f"date) and {CHAIN_LETTERS} letters of the chain, as the search has them, and "
             "both squeezes (before a letter's classes are searched against the best so far, "
             "each is asked only for its share of the gap by size, smallest first: at every "
             "position below the first letter, in `search.exact_value`, and at the root in "
             "two rounds, `optimal._squeezed`); `no squeeze`: the same without the squeeze "
             "below the first letter; `no root squeeze`: without the root's; `first "
             "letter`: the chain's first letter only; `one place`: families alike but at one "
             "place only (bill, fill, gill); `none`: no families. Every way proves the same "
             "optimum; the positions searched and the time differ. Each way runs twice (in "
             "the table's order and back), each pass on a fresh game; the faster pass counts."
             "\n\n" + TABLE + "\n".join(rows) + "\n")
    kept_unless(args.quick, "hangman-floors.md" if args.sample is None
                else "hangman-floors-sample.md", text)
    print(TABLE + "\n".join(rows))


if __name__ == "__main__":
    main()
