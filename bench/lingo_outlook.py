"""Lingo: how much of a length's settle two guesses deep does, from a sample of first guesses.

Run: ``python -m bench.lingo_outlook [--lengths 5-8] [--sample 40] [--seed 0]`` (writes
bench/results/lingo-outlook.md). For each length, draws ``--sample`` first guesses (numpy's
default_rng(seed)) among those whose depth-1 bound is above the prepared tree's total and bounds
each two guesses deep against every word (codes read from the table of every word on every
secret, as ``bench.lingo_settle`` does) only until it is at or below that total: how many come
at or below it (settled without a search), their bounds, and the seconds each took, which times
the first guesses above the tree give what the whole settle needs two guesses deep (those left
above need searching: ``bench.lingo_settle`` goes on to that). ``--quick``: 2,000 words of length
10, 5 first guesses, no file.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bench.common import command_line, drawn, header, kept_unless, lingo_list
from bench.lingo_settle import tree_total
from sleuth.games.lingo import endgame
from sleuth.games.lingo.game import lingo_game
from sleuth.games.lingo.pit import parse_lengths
from sleuth.games.lingo.scoring import Bounder
from sleuth.words.wordlist import load_words

TABLE = ("| length | words | tree | first guesses above it at depth 1 | sampled | at or below "
         "the tree two deep | their bounds: least, median, most | seconds each | "
         "two deep for all, core-hours |\n|---|---|---|---|---|---|---|---|---|\n")


def outlook(length: int, sample: int, seed: int, size: int | None = None) -> str:
    """One length's row of the table."""
    words = drawn(list(load_words(lingo_list(length)).words), size)
    game = lingo_game(words)
    start = game.start()
    target = tree_total(game, words)
    plain = Bounder(game, start)
    pool = game.allowed_guesses(start)
    above = pool[plain.first_bounds(pool) > target]
    picked = np.random.default_rng(seed).choice(above, min(sample, above.size), replace=False)
    read = Bounder(game, start, endgame.code_table(game.guesses, game.secrets))
    read.two_deep(int(picked[0]), exact=True, target=target)  # compiled before timing
    bounds, began = [], time.perf_counter()
    for guess in picked:
        bounds.append(read.two_deep(int(guess), exact=True, target=target) / len(words))
        read.classes.pop(int(guess), None)
    each = (time.perf_counter() - began) / max(1, picked.size)
    found = np.array(bounds)
    low = int((found <= target / len(words) + 1e-9).sum())
    least, median, most = np.quantile(found, [0, 0.5, 1])
    return (f"| {length} | {len(words):,} | {target / len(words):.2f} | {above.size:,} | "
            f"{picked.size} | {low} | {least:.2f}, {median:.2f}, {most:.2f} | {each:.2f} | "
            f"{above.size * each / 3600:.1f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=parse_lengths, default=[5, 6, 7, 8])
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="2,000 words of length 10; no file")
    args = parser.parse_args(argv)
    if args.sample < 1:
        parser.error("--sample takes 1 or more")
    if any(not 4 <= n <= endgame.TABLE_LETTERS for n in args.lengths):
        parser.error(f"--lengths takes 4..{endgame.TABLE_LETTERS} (the table holds codes of up "
                     f"to {endgame.TABLE_LETTERS} letters)")
    plan = [(10, 5, 2000)] if args.quick else [(n, args.sample, None) for n in args.lengths]
    body = ""
    for length, sample, size in plan:
        body += outlook(length, sample, args.seed, size) + "\n"
        print(body.splitlines()[-1], flush=True)
    text = header("Lingo: how much of each length's settle two guesses deep does",
                  command_line("lingo_outlook", argv)) + (
        f"\nSeed {args.seed} (numpy default_rng) draws the first guesses among those whose "
        "depth-1 bound is above the prepared tree's total. Each is bounded two guesses deep "
        "against every word (codes read from the table of every word on every secret) only "
        "until its bound is at or below the tree, as `bench.lingo_settle` settles them. Bounds "
        "and the tree as mean points a game; seconds per first guess on one thread, wall "
        "clock, on a machine that may be shared (the table's build not counted); the last "
        "column is the seconds each times the first guesses above the tree. Those a sample "
        "leaves above need searching (`bench.lingo_settle`'s level 3: minutes each).\n\n"
        + TABLE + body)
    kept_unless(args.quick, "lingo-outlook.md", text)
    if args.quick:
        print(TABLE + body)


if __name__ == "__main__":
    main()
