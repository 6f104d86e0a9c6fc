"""What the families buy Hangman's exact search: the fewest-misses optimum of whole Lingo
lengths with each class's floor counting its families' stars (bill, fill, gill; bake, cane,
date), with families alike but at one place only (bill, fill, gill), and without (the fewest
misses of a splitting letter only); side by side.

Run: ``python -m bench.hangman_floors [--lengths 9 8]``. Writes
``bench/results/hangman-floors.md`` (``--quick``: 300 words of length 9, written nowhere).
One process; each way runs twice, in the order stars, one place, none, none, one place, stars,
each pass on a fresh game (its own memo); the faster of a way's two passes counts. No
randomness.
"""

from __future__ import annotations

import argparse
import sys
import time

from bench.common import RESULTS, header, lingo_list
from sleuth.games.hangman.game import hangman
from sleuth.games.hangman.masks import STAR_PLACES, family_ids, tables
from sleuth.games.hangman.optimal import optimum
from sleuth.games.hangman.search import UNLIMITED
from sleuth.words.wordlist import load_words

WAYS = {"stars": STAR_PLACES, "one place": 1, "none": 0}  # families differ at up to N places
TABLE = ("| length | words | misses (every way) | positions: stars | one place | none | "
         "seconds: stars | one place | none | time none / stars |\n"
         "|---|---|---|---|---|---|---|---|---|---|\n")


def one_pass(words: list[str], places: int) -> tuple[int, int, float]:
    """(misses, positions, seconds) of the fewest-misses optimum on a fresh game, its floors
    counting families alike but at up to ``places`` places (0: every word in none)."""
    game = hangman(words, lives=UNLIMITED)
    ids = tables(game).family_ids
    ids[:] = family_ids(game.secrets, places) if places else -1
    started = time.perf_counter()
    best = optimum(game)
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
    ratio = found["none"][2] / found["stars"][2]
    return (f"| {length} | {len(words):,} | {found['stars'][0]:,} | {positions} | {seconds} | "
            f"{ratio:.2f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[9, 8])
    parser.add_argument("--quick", action="store_true", help="300 words of length 9; no file")
    args = parser.parse_args(argv)
    if not all(4 <= n <= 13 for n in args.lengths):
        parser.error("--lengths take lengths 4..13")
    lengths = [9] if args.quick else args.lengths
    lists = {n: list(load_words(lingo_list(n)).words)[:300 if args.quick else None]
             for n in lengths}
    optimum(hangman(lists[lengths[0]][:200], lives=UNLIMITED))  # compiles before any timing
    rows = []
    for n in lengths:
        rows.append(length_row(n, lists[n]))
        print(rows[-1], file=sys.stderr, flush=True)
    command = " ".join(["python -m bench.hangman_floors",
                        *(sys.argv[1:] if argv is None else argv)])
    text = header("Hangman's exact search: floors with families, and without", command)
    text += ("\nThe fewest-misses optimum (`sleuth hangman optimal --length N`) of each "
             "length of the official Lingo list, on one process. With families, a class's "
             "floor is the larger of the fewest misses of a letter that splits it and its "
             "families' stars (a family's words are alike but at a few places whose letters "
             "stand nowhere else in the family, so each guess tells one of them from the "
             "rest: the k-th named misses k - 1 times whatever the strategy) plus the misses "
             "of its first splitting letter that no star counts. `stars`: families alike but at "
             f"up to {STAR_PLACES} places (bill, fill, gill; bake, cane, date), as the search "
             "has them; `one place`: at one place only (bill, fill, gill); `none`: the first "
             "bound only. Every way proves the same optimum; the positions searched and the "
             "time differ. Each way runs twice (stars, one place, none, none, one place, "
             "stars), each pass on a fresh game; the faster pass counts. No randomness.\n\n"
             + TABLE + "\n".join(rows) + "\n")
    if not args.quick:
        (RESULTS / "hangman-floors.md").write_text(text)
    print(TABLE + "\n".join(rows))


if __name__ == "__main__":
    main()
